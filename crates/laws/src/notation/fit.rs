//! Which legal moves a reading fits, and how the writing differs from SAN.

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, san::San};

use super::Note;
use super::parse::{CheckMark, Dest, Marks, MovePattern, Pattern};

/// Whether `mv`, a move of `turn`, is what `pattern` says. Check, capture
/// and e.p. marks never decide: they are notes on the move, not part of it.
pub(super) fn fits(pattern: &Pattern, mv: Move, turn: Color) -> bool {
    match (*pattern, mv) {
        (Pattern::Castle(side), Move::Castle { .. }) => mv.castling_side() == Some(side),
        (Pattern::Castle(_) | Pattern::Null, _) | (_, Move::Put { .. }) => false,
        (Pattern::Move(p), Move::Castle { king, rook }) => {
            // Castling written as the king's move: Kg1, Ke1-g1.
            let side = CastlingSide::from_king_side(rook.file() > king.file());
            (p.role == Role::King || p.coordinate)
                && p.to == Dest::Square(side.king_to(turn))
                && p.from_file.is_none_or(|f| f == king.file())
                && p.from_rank.is_none_or(|r| r == king.rank())
                && p.promotion.is_none()
        }
        (Pattern::Move(p), Move::Normal { .. } | Move::EnPassant { .. }) => fits_move(&p, mv),
    }
}

fn fits_move(p: &MovePattern, mv: Move) -> bool {
    let (Some(from), to) = (mv.from(), mv.to()) else {
        return false;
    };
    let target = match p.to {
        Dest::Square(sq) => sq == to,
        Dest::File(file) => file == to.file(),
    };
    // A pawn written without its file: `d5` is a push, `xd5` a capture.
    let pawn_shape =
        p.role != Role::Pawn || p.from_file.is_some() || p.capture == (from.file() != to.file());
    (p.role == mv.role() || p.coordinate)
        && target
        && pawn_shape
        && p.from_file.is_none_or(|f| f == from.file())
        && p.from_rank.is_none_or(|r| r == from.rank())
        && (p.promotion.is_none() || p.promotion == mv.promotion())
}

/// Everything about the writing of `mv` that is not canonical SAN.
pub(super) fn notes(
    position: &Chess,
    pattern: &Pattern,
    marks: &Marks,
    mv: Move,
    penalty: u32,
) -> Vec<Note> {
    let mut notes = Vec::new();
    if let Pattern::Move(p) = pattern {
        if p.coordinate && mv.role() != Role::Pawn {
            notes.push(Note::PieceLetterMissing);
        }
        if mv.is_castle() {
            notes.push(Note::CastlingAsKingMove);
        } else {
            form_notes(position, p, mv, &mut notes);
        }
    }
    let after = position.clone().play(mv).ok();
    let (check, mate) = after
        .as_ref()
        .map_or((false, false), |a| (a.is_check(), a.is_checkmate()));
    match (marks.check, check, mate) {
        (None, true, false) => notes.push(Note::CheckNotMarked),
        (None | Some(CheckMark::Check), _, true) => notes.push(Note::MateNotMarked),
        (Some(CheckMark::Check), false, _) => notes.push(Note::CheckMarkWithoutCheck),
        (Some(CheckMark::Mate), _, false) => notes.push(Note::MateMarkWithoutMate),
        _ => {}
    }
    if marks.en_passant && !mv.is_en_passant() {
        notes.push(Note::EnPassantMarkWithoutEnPassant);
    }
    if penalty > 0 {
        notes.push(Note::LetterCase);
    }
    if marks.move_number {
        notes.push(Note::MoveNumberIgnored);
    }
    if marks.draw_offer {
        notes.push(Note::DrawOffer);
    }
    notes
}

fn form_notes(position: &Chess, p: &MovePattern, mv: Move, notes: &mut Vec<Note>) {
    match p.to {
        Dest::File(_) => notes.push(Note::ShortPawnCapture),
        Dest::Square(_) if mv.is_capture() && !p.capture => notes.push(Note::CaptureNotMarked),
        Dest::Square(_) => {}
    }
    if p.capture && !mv.is_capture() {
        notes.push(Note::CaptureMarkWithoutCapture);
    }
    if let San::Normal { file, rank, .. } = San::from_move(position, mv) {
        let written = (p.from_file, p.from_rank);
        if written != (file, rank) && !matches!(p.to, Dest::File(_)) {
            let covers = (file.is_none() || p.from_file.is_some())
                && (rank.is_none() || p.from_rank.is_some());
            notes.push(if covers {
                Note::OriginNotNeeded
            } else {
                Note::OriginNotCanonical
            });
        }
    }
}
