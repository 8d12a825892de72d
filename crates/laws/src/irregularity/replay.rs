//! Finding the first illegal move in the moves as the board saw them (7.4).
//!
//! The record is what happened on the board, one entry per half-move:
//! `(from, to, promotion)` as a [`BoardMove`] (written like UCI, `e2e4`,
//! `e7e8q`), or `None` where nobody can say what was played. Replaying it
//! from the start finds the first illegal move and the position to
//! reinstate, or, when the record breaks off first, the last identifiable
//! position.
//!
//! ```
//! use laws::irregularity::replay::{find_illegal_move, parse_record, IllegalReason};
//! use shakmaty::{Chess, Square};
//!
//! // 1. e4 e5 2. Ke2 Bc5 3. Ke3?? walks into the bishop's check.
//! let record = parse_record("e2e4 e7e5 e1e2 f8c5 e2e3").unwrap();
//! let found = find_illegal_move(&Chess::default(), &record, &[]).unwrap();
//! let illegal = found.illegal.unwrap();
//! assert_eq!((illegal.ply, illegal.move_number), (5, 3));
//! assert_eq!(illegal.reason, IllegalReason::KingIntoCheck { to: Square::E3 });
//! assert_eq!(found.ply, 4);
//! assert_eq!(found.fen, "rnbqk1nr/pppp1ppp/8/2b1p3/4P3/8/PPPPKPPP/RNBQ1BNR w kq - 2 3");
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{
    Bitboard, CastlingSide, Chess, EnPassantMode, Position, Rank, Role, Square,
    attacks::{attacks, between, pawn_attacks},
    uci::UciMove,
};

use super::text::{self, role_name};
pub use crate::board_move::{BoardMove, ParseBoardMoveError};
use crate::encoding::fen;
use crate::notation::{NotationLang, write_long};
use crate::ruling::ClockReading;
use crate::side::Side;

/// Reads a record written as board moves separated by spaces or commas,
/// `?` for a half-move nobody can identify.
pub fn parse_record(text: &str) -> Result<Vec<Option<BoardMove>>, ParseBoardMoveError> {
    text.split([' ', ',', '\n', '\t'])
        .filter(|t| !t.is_empty())
        .map(|t| {
            if t == "?" {
                Ok(None)
            } else {
                t.parse().map(Some)
            }
        })
        .collect()
}

/// Why a board move is illegal, in the terms an arbiter explains it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum IllegalReason {
    /// Nothing stands on the square the move starts from.
    NoPiece {
        #[serde(with = "text::square")]
        from: Square,
    },
    /// The player moved his opponent's piece.
    OpponentsPiece {
        #[serde(with = "text::square")]
        from: Square,
    },
    /// The piece was put back on its own square.
    NotAMove {
        #[serde(with = "text::square")]
        from: Square,
    },
    /// The target square holds one of the player's own pieces.
    OwnPieceOnTarget {
        #[serde(with = "text::square")]
        to: Square,
    },
    /// The piece does not move that way.
    CannotMoveThere {
        #[serde(with = "text::role")]
        role: Role,
        #[serde(with = "text::square")]
        from: Square,
        #[serde(with = "text::square")]
        to: Square,
    },
    /// The piece moves that way, but another piece stands in between.
    Blocked {
        #[serde(with = "text::role")]
        role: Role,
        #[serde(with = "text::square")]
        from: Square,
        #[serde(with = "text::square")]
        to: Square,
        #[serde(with = "text::square")]
        by: Square,
    },
    /// A pawn moved diagonally onto a square with nothing to capture.
    PawnCapturesNothing {
        #[serde(with = "text::square")]
        to: Square,
    },
    /// A pawn reached the last rank and was not exchanged (3.7e).
    PromotionMissing {
        #[serde(with = "text::square")]
        to: Square,
    },
    /// A promotion where no pawn reaches the last rank, or to a king or pawn.
    BadPromotion {
        #[serde(with = "text::role")]
        role: Role,
    },
    /// The king moved onto an attacked square.
    KingIntoCheck {
        #[serde(with = "text::square")]
        to: Square,
    },
    /// The king was in check and the move does not end the check.
    CheckNotAnswered,
    /// The move exposes the player's own king to check.
    ExposesKing {
        #[serde(with = "text::square")]
        from: Square,
    },
    /// Castling after the king or that rook has moved (3.8b).
    CastlingRightLost { side: Wing },
    /// Castling with a piece between the king and the rook.
    CastlingBlocked { side: Wing },
    /// Castling to get out of check.
    CastlingOutOfCheck { side: Wing },
    /// Castling across a square the opponent attacks.
    CastlingThroughCheck {
        side: Wing,
        #[serde(with = "text::square")]
        square: Square,
    },
    /// Castling into check.
    CastlingIntoCheck { side: Wing },
}

/// A castling side as the arbiter says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wing {
    KingSide,
    QueenSide,
}

impl From<CastlingSide> for Wing {
    fn from(side: CastlingSide) -> Wing {
        match side {
            CastlingSide::KingSide => Wing::KingSide,
            CastlingSide::QueenSide => Wing::QueenSide,
        }
    }
}

impl fmt::Display for Wing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wing::KingSide => "on the king's side",
            Wing::QueenSide => "on the queen's side",
        })
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece { from } => write!(f, "there is no piece on {from}"),
            IllegalReason::OpponentsPiece { from } => {
                write!(f, "the piece on {from} belongs to the opponent")
            }
            IllegalReason::NotAMove { from } => write!(f, "the piece on {from} did not move"),
            IllegalReason::OwnPieceOnTarget { to } => {
                write!(f, "{to} is occupied by one of the player's own pieces")
            }
            IllegalReason::CannotMoveThere { role, from, to } => {
                write!(f, "a {} cannot move from {from} to {to}", role_name(*role))
            }
            IllegalReason::Blocked { role, from, to, by } => write!(
                f,
                "the {} on {from} cannot pass the piece on {by} to reach {to}",
                role_name(*role)
            ),
            IllegalReason::PawnCapturesNothing { to } => write!(
                f,
                "a pawn moves diagonally only to capture, and there is nothing to capture on {to}"
            ),
            IllegalReason::PromotionMissing { to } => write!(
                f,
                "the pawn on {to} reached the last rank and was not exchanged for a piece"
            ),
            IllegalReason::BadPromotion { role } => write!(
                f,
                "a pawn is exchanged for a queen, rook, bishop or knight on the last rank only, not for a {} elsewhere",
                role_name(*role)
            ),
            IllegalReason::KingIntoCheck { to } => {
                write!(f, "the king moved onto {to}, which the opponent attacks")
            }
            IllegalReason::CheckNotAnswered => {
                f.write_str("the king was in check and the move does not end the check")
            }
            IllegalReason::ExposesKing { from } => write!(
                f,
                "moving the piece from {from} exposes the player's own king to check"
            ),
            IllegalReason::CastlingRightLost { side } => write!(
                f,
                "castling {side} is no longer allowed: the king or that rook has already moved"
            ),
            IllegalReason::CastlingBlocked { side } => write!(
                f,
                "castling {side} is not allowed with a piece between the king and the rook"
            ),
            IllegalReason::CastlingOutOfCheck { side } => {
                write!(
                    f,
                    "castling {side} is not allowed while the king is in check"
                )
            }
            IllegalReason::CastlingThroughCheck { side, square } => write!(
                f,
                "castling {side} is not allowed: the king crosses {square}, which the opponent attacks"
            ),
            IllegalReason::CastlingIntoCheck { side } => {
                write!(
                    f,
                    "castling {side} is not allowed: the king would be in check"
                )
            }
        }
    }
}

/// The first illegal move of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalMove {
    /// Its half-move number, counting from 1 at the record's start.
    pub ply: usize,
    /// Its move number as on the scoresheet.
    pub move_number: u32,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: BoardMove,
    /// The move in the long form, from the board it was made on
    /// (`Ke1-e3`), as an arbiter reads it.
    #[serde(default)]
    pub written: String,
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.side {
            Side::White => ".",
            Side::Black => "...",
        };
        write!(
            f,
            "{}{dots} {} is illegal: {}",
            self.move_number, self.written, self.reason
        )
    }
}

/// The position to put back on the board (7.4) and the clocks to set (6.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinstatement {
    /// The half-moves that stand; the position after them is reinstated.
    pub ply: usize,
    pub fen: String,
    /// The clocks as they stood in that position, when the log has them:
    /// what the ruling proposes (6.13).
    pub clocks: Option<ClockReading>,
    /// The clocks when the next half-move (the irregular one) was
    /// completed, for an arbiter who judges that the time spent on it
    /// stays spent.
    pub clocks_after: Option<ClockReading>,
    /// The first illegal move, when the record shows it. `None`: the
    /// record breaks off at an unidentifiable half-move before any illegal
    /// one, so this is the last identifiable position (7.4).
    pub illegal: Option<IllegalMove>,
}

/// Why a record cannot give the position asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// Every half-move of the record is identified and legal.
    AllLegal { plies: usize },
    /// The record has fewer half-moves than asked for.
    BeyondRecord { ply: usize, plies: usize },
    /// The half-move `ply` (from 1) cannot be identified.
    Unidentifiable { ply: usize },
    /// The half-move `ply` is illegal.
    Illegal(IllegalMove),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::AllLegal { plies } => write!(
                f,
                "all {plies} half-moves of the record are legal: no illegal move to correct"
            ),
            ReplayError::BeyondRecord { ply, plies } => write!(
                f,
                "the record has {plies} half-moves; there is no position after half-move {ply}"
            ),
            ReplayError::Unidentifiable { ply } => {
                write!(f, "half-move {ply} of the record cannot be identified")
            }
            ReplayError::Illegal(illegal) => illegal.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Where replaying a record stops.
enum Stop {
    /// At an illegal half-move.
    Illegal(IllegalMove),
    /// At a half-move nobody can identify (its number from 1).
    Unknown(usize),
}

/// Replays up to `limit` half-moves of `record` from `start`: the position
/// reached and how many half-moves stood, and where it stopped early.
fn replay(
    start: &Chess,
    record: &[Option<BoardMove>],
    limit: usize,
) -> (Chess, usize, Option<Stop>) {
    let mut position = start.clone();
    for (index, entry) in record.iter().take(limit).enumerate() {
        let ply = index + 1;
        let Some(mv) = entry else {
            return (position, index, Some(Stop::Unknown(ply)));
        };
        match legal(&position, *mv) {
            Some(m) => position.play_unchecked(m),
            None => {
                let illegal = IllegalMove {
                    ply,
                    move_number: position.fullmoves().get(),
                    side: Side::from(position.turn()),
                    mv: *mv,
                    written: write_long(
                        position.board(),
                        mv.from,
                        mv.to,
                        mv.promotion,
                        NotationLang::En,
                    ),
                    reason: why_illegal(&position, *mv),
                };
                return (position, index, Some(Stop::Illegal(illegal)));
            }
        }
    }
    let plies = record.len().min(limit);
    (position, plies, None)
}

/// The first illegal move of `record` played from `start`, with the position
/// before it and the clocks as they stood then (`clocks[n]`: after `n`
/// half-moves, see [`ClockReading`]).
///
/// When a half-move before any illegal one cannot be identified, the
/// position before it is the last identifiable one and is returned with
/// `illegal: None` (7.4). A record that is legal throughout is an error.
pub fn find_illegal_move(
    start: &Chess,
    record: &[Option<BoardMove>],
    clocks: &[ClockReading],
) -> Result<Reinstatement, ReplayError> {
    find(start, record, clocks).map(|(reinstatement, _)| reinstatement)
}

/// [`find_illegal_move`], also giving the reinstated position.
pub(crate) fn find(
    start: &Chess,
    record: &[Option<BoardMove>],
    clocks: &[ClockReading],
) -> Result<(Reinstatement, Chess), ReplayError> {
    let (position, ply, stop) = replay(start, record, record.len());
    let illegal = match stop {
        None => return Err(ReplayError::AllLegal { plies: ply }),
        Some(Stop::Unknown(_)) => None,
        Some(Stop::Illegal(illegal)) => Some(illegal),
    };
    Ok((reinstatement(&position, ply, clocks, illegal), position))
}

/// The position after `ply` half-moves of `record`, to reinstate when the
/// pieces were found displaced after it (7.4), with the clocks then.
pub fn position_after(
    start: &Chess,
    record: &[Option<BoardMove>],
    clocks: &[ClockReading],
    ply: usize,
) -> Result<Reinstatement, ReplayError> {
    position_at(start, record, ply).map(|position| reinstatement(&position, ply, clocks, None))
}

/// The position after `ply` half-moves of `record`, all of them legal.
pub(crate) fn position_at(
    start: &Chess,
    record: &[Option<BoardMove>],
    ply: usize,
) -> Result<Chess, ReplayError> {
    if ply > record.len() {
        return Err(ReplayError::BeyondRecord {
            ply,
            plies: record.len(),
        });
    }
    match replay(start, record, ply) {
        (position, _, None) => Ok(position),
        (_, _, Some(Stop::Unknown(ply))) => Err(ReplayError::Unidentifiable { ply }),
        (_, _, Some(Stop::Illegal(illegal))) => Err(ReplayError::Illegal(illegal)),
    }
}

fn reinstatement(
    position: &Chess,
    ply: usize,
    clocks: &[ClockReading],
    illegal: Option<IllegalMove>,
) -> Reinstatement {
    Reinstatement {
        ply,
        fen: fen(position),
        clocks: clocks.get(ply).copied(),
        clocks_after: clocks.get(ply + 1).copied(),
        illegal,
    }
}

/// The legal move `mv` stands for in `position`, if it is legal. Castling
/// is the king's two-square move (or the king onto his rook).
pub(crate) fn legal(position: &Chess, mv: BoardMove) -> Option<shakmaty::Move> {
    UciMove::Normal {
        from: mv.from,
        to: mv.to,
        promotion: mv.promotion,
    }
    .to_move(position)
    .ok()
}

/// Why `mv` is not a legal move in `position` (it must not be one).
pub fn why_illegal(position: &Chess, mv: BoardMove) -> IllegalReason {
    let BoardMove {
        from,
        to,
        promotion,
    } = mv;
    let turn = position.turn();
    let board = position.board();
    let Some(piece) = board.piece_at(from) else {
        return IllegalReason::NoPiece { from };
    };
    if piece.color != turn {
        return IllegalReason::OpponentsPiece { from };
    }
    if from == to {
        return IllegalReason::NotAMove { from };
    }
    if let Some(side) = castling_attempt(position, mv) {
        return why_castling_illegal(position, side);
    }
    let last_rank = turn.relative_rank(Rank::Eighth);
    let promotes = piece.role == Role::Pawn && to.rank() == last_rank;
    if let Some(role) = promotion
        && (!promotes || matches!(role, Role::Pawn | Role::King))
    {
        return IllegalReason::BadPromotion { role };
    }
    if board.by_color(turn).contains(to) {
        return IllegalReason::OwnPieceOnTarget { to };
    }
    if let Some(reason) = why_unreachable(position, piece.role, from, to) {
        return reason;
    }
    if promotes && promotion.is_none() {
        return IllegalReason::PromotionMissing { to };
    }
    // The piece can get there: the move fails only because of the king.
    if piece.role == Role::King {
        IllegalReason::KingIntoCheck { to }
    } else if position.is_check() {
        IllegalReason::CheckNotAnswered
    } else {
        IllegalReason::ExposesKing { from }
    }
}

/// The castling side when `mv` is the king's castling move from its square.
fn castling_attempt(position: &Chess, mv: BoardMove) -> Option<CastlingSide> {
    let turn = position.turn();
    let home = Square::from_coords(shakmaty::File::E, turn.backrank());
    if position.board().king_of(turn) != Some(mv.from) || mv.from != home {
        return None;
    }
    let side = if mv.to == Square::from_coords(shakmaty::File::G, turn.backrank())
        || mv.to == Square::from_coords(shakmaty::File::H, turn.backrank())
    {
        CastlingSide::KingSide
    } else if mv.to == Square::from_coords(shakmaty::File::C, turn.backrank())
        || mv.to == Square::from_coords(shakmaty::File::A, turn.backrank())
    {
        CastlingSide::QueenSide
    } else {
        return None;
    };
    // The king onto his own rook's corner is castling only while he may.
    let corner = mv.to.file() == shakmaty::File::A || mv.to.file() == shakmaty::File::H;
    (!corner || position.castles().has(turn, side)).then_some(side)
}

fn why_castling_illegal(position: &Chess, side: CastlingSide) -> IllegalReason {
    let turn = position.turn();
    let castles = position.castles();
    let wing = Wing::from(side);
    if !castles.has(turn, side) {
        return IllegalReason::CastlingRightLost { side: wing };
    }
    if (castles.path(turn, side) & position.board().occupied()).any() {
        return IllegalReason::CastlingBlocked { side: wing };
    }
    if position.is_check() {
        return IllegalReason::CastlingOutOfCheck { side: wing };
    }
    let king = Square::from_coords(shakmaty::File::E, turn.backrank());
    let target = side.king_to(turn);
    let attacked = |sq: Square| {
        let occupied = position.board().occupied().without(king);
        position.board().attacks_to(sq, !turn, occupied).any()
    };
    match (between(king, target) | Bitboard::from(target))
        .into_iter()
        .find(|sq| *sq != target && attacked(*sq))
    {
        Some(square) => IllegalReason::CastlingThroughCheck { side: wing, square },
        None => IllegalReason::CastlingIntoCheck { side: wing },
    }
}

/// Why the piece on `from` cannot reach `to` at all, if it cannot.
fn why_unreachable(
    position: &Chess,
    role: Role,
    from: Square,
    to: Square,
) -> Option<IllegalReason> {
    let turn = position.turn();
    let board = position.board();
    let occupied = board.occupied();
    if role == Role::Pawn {
        if pawn_attacks(turn, from).contains(to) {
            let ep = position.ep_square(EnPassantMode::PseudoLegal) == Some(to);
            return (!board.by_color(!turn).contains(to) && !ep)
                .then_some(IllegalReason::PawnCapturesNothing { to });
        }
        let step = if turn.is_white() { 8 } else { -8 };
        let one = from.offset(step);
        let two = from.offset(2 * step);
        let double = from.rank() == turn.relative_rank(Rank::Second) && Some(to) == two;
        if Some(to) != one && !double {
            return Some(IllegalReason::CannotMoveThere { role, from, to });
        }
        // Pawns do not capture straight ahead: whatever stands there blocks.
        let blocker = [one, Some(to)]
            .into_iter()
            .flatten()
            .find(|sq| occupied.contains(*sq));
        return blocker.map(|by| IllegalReason::Blocked { role, from, to, by });
    }
    let piece = role.of(turn);
    if !attacks(from, piece, Bitboard::EMPTY).contains(to) {
        return Some(IllegalReason::CannotMoveThere { role, from, to });
    }
    (between(from, to) & occupied)
        .into_iter()
        .min_by_key(|sq| sq.distance(from))
        .map(|by| IllegalReason::Blocked { role, from, to, by })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_position::position;

    fn why(fen: &str, mv: &str) -> IllegalReason {
        let position = position(fen);
        let mv: BoardMove = mv.parse().unwrap();
        assert!(legal(&position, mv).is_none(), "{mv} is legal");
        why_illegal(&position, mv)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn each_reason_is_found() {
        use IllegalReason::*;
        assert_eq!(why(START, "e3e4"), NoPiece { from: Square::E3 });
        assert_eq!(why(START, "e7e5"), OpponentsPiece { from: Square::E7 });
        assert_eq!(why(START, "e2e2"), NotAMove { from: Square::E2 });
        assert_eq!(why(START, "d1d2"), OwnPieceOnTarget { to: Square::D2 });
        assert_eq!(
            why(START, "b1b3"),
            CannotMoveThere {
                role: Role::Knight,
                from: Square::B1,
                to: Square::B3
            }
        );
        assert_eq!(
            why(START, "f1b5"),
            Blocked {
                role: Role::Bishop,
                from: Square::F1,
                to: Square::B5,
                by: Square::E2
            }
        );
        assert_eq!(why(START, "e2d3"), PawnCapturesNothing { to: Square::D3 });
        assert_eq!(
            why(START, "e2e5"),
            CannotMoveThere {
                role: Role::Pawn,
                from: Square::E2,
                to: Square::E5
            }
        );
        assert_eq!(why(START, "e2e4q"), BadPromotion { role: Role::Queen });
        assert_eq!(
            why("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8"),
            PromotionMissing { to: Square::A8 }
        );
        assert_eq!(
            why("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k"),
            BadPromotion { role: Role::King }
        );
        // A pawn blocked straight ahead, on the first or the second square.
        assert_eq!(
            why("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e4"),
            Blocked {
                role: Role::Pawn,
                from: Square::E2,
                to: Square::E4,
                by: Square::E3
            }
        );
        assert_eq!(
            why("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2e4"),
            Blocked {
                role: Role::Pawn,
                from: Square::E2,
                to: Square::E4,
                by: Square::E4
            }
        );
    }

    #[test]
    fn checks_and_pins_are_told_apart() {
        use IllegalReason::*;
        // The king on e1 steps onto d2, covered by the bishop on b4.
        assert_eq!(
            why("4k3/8/8/8/1b6/8/8/4K3 w - - 0 1", "e1d2"),
            KingIntoCheck { to: Square::D2 }
        );
        // In check from the rook on e8, a knight move elsewhere.
        assert_eq!(
            why("4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1", "b1c3"),
            CheckNotAnswered
        );
        // The knight on e2 is pinned by the rook on e8.
        assert_eq!(
            why("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"),
            ExposesKing { from: Square::E2 }
        );
    }

    #[test]
    fn castling_reasons() {
        use IllegalReason::*;
        let ks = Wing::KingSide;
        let qs = Wing::QueenSide;
        assert_eq!(
            why("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1"),
            CastlingRightLost { side: ks }
        );
        assert_eq!(
            why("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"),
            CastlingBlocked { side: qs }
        );
        assert_eq!(
            why("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", "e1g1"),
            CastlingOutOfCheck { side: ks }
        );
        assert_eq!(
            why("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"),
            CastlingThroughCheck {
                side: ks,
                square: Square::F1
            }
        );
        assert_eq!(
            why("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1"),
            CastlingIntoCheck { side: ks }
        );
        // Castling the other way with the rook on h1 gone is no castling
        // at all: the king's move onto h1 is an own piece.
        assert_eq!(
            why("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1h1"),
            OwnPieceOnTarget { to: Square::H1 }
        );
    }

    #[test]
    fn an_unidentified_move_gives_the_last_identifiable_position() {
        let record = parse_record("e2e4 e7e5 ? b8c6 f1b5").unwrap();
        let found = find_illegal_move(&Chess::default(), &record, &[]).unwrap();
        assert_eq!(found.illegal, None);
        assert_eq!(found.ply, 2);
        assert_eq!(
            found.fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
    }

    #[test]
    fn a_legal_record_has_nothing_to_correct() {
        let record = parse_record("e2e4 e7e5 e1g1").unwrap();
        let found = find_illegal_move(&Chess::default(), &record, &[]).unwrap();
        assert_eq!(
            found.illegal.unwrap().reason,
            IllegalReason::CastlingBlocked {
                side: Wing::KingSide
            }
        );
        let record = parse_record("e2e4 e7e5").unwrap();
        assert_eq!(
            find_illegal_move(&Chess::default(), &record, &[]),
            Err(ReplayError::AllLegal { plies: 2 })
        );
    }

    #[test]
    fn displaced_pieces_go_back_to_a_recorded_position() {
        let record = parse_record("e2e4 e7e5 ? g1f3").unwrap();
        let clocks = [
            ClockReading {
                white_ms: 600_000,
                black_ms: 600_000,
            },
            ClockReading {
                white_ms: 590_000,
                black_ms: 600_000,
            },
            ClockReading {
                white_ms: 590_000,
                black_ms: 580_000,
            },
        ];
        let r = position_after(&Chess::default(), &record, &clocks, 1).unwrap();
        assert_eq!(r.clocks, Some(clocks[1]));
        assert_eq!(
            position_after(&Chess::default(), &record, &clocks, 4),
            Err(ReplayError::Unidentifiable { ply: 3 })
        );
        assert_eq!(
            position_after(&Chess::default(), &record, &clocks, 5),
            Err(ReplayError::BeyondRecord { ply: 5, plies: 4 })
        );
    }

    #[test]
    fn board_moves_parse_and_print() {
        let mv: BoardMove = "e7e8Q".parse().unwrap();
        assert_eq!(mv.to_string(), "e7e8q");
        for bad in ["", "e2", "e2e", "e2e9", "e7e8x", "e7e8qq", "0000"] {
            assert!(bad.parse::<BoardMove>().is_err(), "{bad}");
        }
        assert_eq!(parse_record("e2e4, ?  e7e5").unwrap().len(), 3);
    }
}
