//! A move tapped on a recording board, written from the board alone.

use shakmaty::{Board, File, Role, Square};

use super::NotationLang;

/// The move a player taps from `from` to `to` on a recording board showing
/// `board`, written in the long form of Appendix E with the initials of
/// `lang`: `e2-e4`, `Ng1-f3`, `Nf3xd4` onto a piece, `e5xd6` for a pawn's
/// diagonal step, `e7-e8Q` for a pawn reaching the last rank, `O-O` and
/// `O-O-O` for the king's two steps from his square.
///
/// Only the squares and the pieces on them decide the text, never whether
/// the move is legal: a board that wrote legal moves one way and illegal
/// ones another would tell the player, who records his own moves (8.1),
/// which moves are legal. [`read`](super::read) reads every form back.
///
/// ```
/// use laws::notation::{NotationLang, write_tapped};
/// use shakmaty::{Board, Square};
///
/// let board = Board::default();
/// assert_eq!(write_tapped(&board, Square::G1, Square::F3, NotationLang::En), "Ng1-f3");
/// assert_eq!(write_tapped(&board, Square::G1, Square::F3, NotationLang::De), "Sg1-f3");
/// // The king cannot go to e3, and the text does not say so.
/// assert_eq!(write_tapped(&board, Square::E1, Square::E3, NotationLang::En), "Ke1-e3");
/// ```
#[must_use]
pub fn write_tapped(board: &Board, from: Square, to: Square, lang: NotationLang) -> String {
    write_long(board, from, to, None, lang)
}

/// The move from `from` to `to` on `board`, written as
/// [`write_tapped`] writes it; the piece it becomes is `promotion` when
/// given (as the board saw it), a queen for a pawn reaching the last rank
/// when not.
///
/// ```
/// use laws::notation::{NotationLang, write_long};
/// use shakmaty::{Board, Role, Square};
///
/// let board = Board::default();
/// assert_eq!(write_long(&board, Square::E1, Square::E3, None, NotationLang::En), "Ke1-e3");
/// assert_eq!(write_long(&board, Square::B2, Square::B8, Some(Role::Knight), NotationLang::En), "b2xb8N");
/// ```
#[must_use]
pub fn write_long(
    board: &Board,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    lang: NotationLang,
) -> String {
    let Some(piece) = board.piece_at(from) else {
        return format!("{from}-{to}");
    };
    let home = piece.color.backrank();
    if piece.role == Role::King && from == Square::from_coords(File::E, home) && to.rank() == home {
        match to.file() {
            File::G => return "O-O".to_owned(),
            File::C => return "O-O-O".to_owned(),
            _ => {}
        }
    }
    let pawn = piece.role == Role::Pawn;
    let capture = board.occupied().contains(to) || (pawn && from.file() != to.file());
    let mark = if capture { "x" } else { "-" };
    let last_rank = piece.color.other().backrank();
    let promotion = match promotion {
        Some(role) => lang.initial(role),
        None if pawn && to.rank() == last_rank => lang.initial(Role::Queen),
        None => "",
    };
    format!("{}{from}{mark}{to}{promotion}", lang.initial(piece.role))
}

#[cfg(test)]
mod tests {
    use crate::test_position::position;
    use shakmaty::{Chess, Position};

    use super::*;
    use crate::notation::{MoveReading, read};

    #[test]
    fn legal_and_illegal_taps_are_written_alike() {
        // 1. e4 e5: the king may step to e2, not to e3.
        let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let board = pos.board();
        let legal = write_tapped(board, Square::E1, Square::E2, NotationLang::En);
        let illegal = write_tapped(board, Square::E1, Square::E3, NotationLang::En);
        assert_eq!((legal.as_str(), illegal.as_str()), ("Ke1-e2", "Ke1-e3"));
        assert_eq!(
            write_tapped(board, Square::D2, Square::D4, NotationLang::En),
            "d2-d4"
        );
        assert_eq!(
            write_tapped(board, Square::D2, Square::D5, NotationLang::En),
            "d2-d5"
        );
    }

    #[test]
    fn captures_castling_and_promotion_come_from_the_board() {
        let pos = position("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let board = pos.board();
        let tap = |from, to| write_tapped(board, from, to, NotationLang::En);
        assert_eq!(tap(Square::E1, Square::G1), "O-O");
        assert_eq!(tap(Square::E1, Square::C1), "O-O-O");
        assert_eq!(tap(Square::E8, Square::G8), "O-O");
        assert_eq!(tap(Square::E5, Square::D6), "e5xd6");
        assert_eq!(tap(Square::B7, Square::B8), "b7-b8Q");
        assert_eq!(tap(Square::B7, Square::A8), "b7xa8Q");
        assert_eq!(tap(Square::A1, Square::A8), "Ra1xa8");
        assert_eq!(tap(Square::E3, Square::E4), "e3-e4");
        assert_eq!(
            write_tapped(board, Square::B7, Square::B8, NotationLang::Pl),
            "b7-b8H"
        );
    }

    #[test]
    fn every_legal_move_tapped_reads_back_as_itself() {
        let positions = [
            Chess::default(),
            position("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
            position("r3k2r/8/8/8/3pP3/8/1p6/R3K2R b KQkq e3 0 1"),
        ];
        for pos in positions {
            for mv in pos.legal_moves() {
                let from = mv.from().expect("a move from a square");
                let to = match mv {
                    shakmaty::Move::Castle { king, rook } => {
                        let file = if rook.file() > king.file() {
                            File::G
                        } else {
                            File::C
                        };
                        Square::from_coords(file, king.rank())
                    }
                    _ => mv.to(),
                };
                if mv.promotion().is_some_and(|role| role != Role::Queen) {
                    continue;
                }
                let text = write_tapped(pos.board(), from, to, NotationLang::En);
                match read(&pos, &text, NotationLang::En) {
                    MoveReading::Legal { mv: read_back, .. } => {
                        assert_eq!(read_back, mv, "{text}");
                    }
                    other => panic!("{text}: {other}"),
                }
            }
        }
    }
}
