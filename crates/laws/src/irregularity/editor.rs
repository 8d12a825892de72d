//! The position editor: setting up a position by hand to reinstate it (7.4).
//!
//! A pure board model the app edits square by square. [`PositionEditor::validate`]
//! turns it into a playable position or refuses it with every reason, in the
//! arbiter's words.
//!
//! ```
//! use laws::irregularity::editor::{PositionEditor, Refusal};
//! use laws::game::Side;
//! use shakmaty::{Color, Role, Square};
//!
//! let mut editor = PositionEditor::empty();
//! editor.put(Square::E1, Role::King.of(Color::White));
//! editor.put(Square::E8, Role::King.of(Color::Black));
//! editor.put(Square::E4, Role::Rook.of(Color::White));
//! // White to move while Black's king stands in check from the rook.
//! let refused = editor.validate().unwrap_err();
//! assert_eq!(refused.reasons, [Refusal::OppositeCheck { side: Side::Black }]);
//! editor.set_turn(Side::Black);
//! assert!(editor.validate().is_ok());
//! assert_eq!(editor.fen(), "4k3/8/8/8/4R3/8/8/4K3 b - - 0 1");
//! ```

use std::{fmt, num::NonZeroU32};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, FromSetup, Piece,
    Position, Rank, Role, Setup, Square,
    fen::{Fen, LossyFenError},
};

use super::last_move;
use super::replay::Wing;
use super::text;
use crate::side::Side;

/// A board being set up by hand; any arrangement, legal or not.
///
/// Serialises as its FEN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionEditor {
    setup: Setup,
}

impl Default for PositionEditor {
    fn default() -> PositionEditor {
        PositionEditor::empty()
    }
}

/// A FEN the editor cannot load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditorFenError {
    pub fen: String,
    pub reason: String,
}

impl fmt::Display for EditorFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot load {:?}: {}", self.fen, self.reason)
    }
}

impl std::error::Error for EditorFenError {}

impl PositionEditor {
    /// An empty board, White to move.
    #[must_use]
    pub fn empty() -> PositionEditor {
        PositionEditor {
            setup: Setup::empty(),
        }
    }

    /// The editor showing `position`, to change it.
    #[must_use]
    pub fn from_position(position: &Chess) -> PositionEditor {
        PositionEditor {
            setup: position.to_setup(EnPassantMode::Legal),
        }
    }

    /// The editor showing a FEN, which may describe an illegal position; its
    /// castling rights must be written `KQkq` (standard chess), or with the
    /// corner's file (`HAha`) as [`fen`](PositionEditor::fen) writes a right
    /// without its rook.
    pub fn from_fen(fen: &str) -> Result<PositionEditor, EditorFenError> {
        let err = |reason: String| EditorFenError {
            fen: fen.to_owned(),
            reason,
        };
        let mut setup = fen
            .parse::<Fen>()
            .map_err(|e| err(e.to_string()))?
            .into_setup();
        // The letters stand for the corners, whatever stands there, so that
        // a right without its rook is refused by `validate` with a reason.
        setup.castling_rights = Bitboard::EMPTY;
        // The fields split as shakmaty splits them (`_` too, as in URLs).
        let castling = fen.split([' ', '_']).filter(|f| !f.is_empty()).nth(2);
        for letter in castling.unwrap_or("-").chars() {
            // The corner's file (`H`, `A`) is how `fen` writes a right
            // whose rook is missing, so the editor loads its own FEN.
            let square = match letter {
                'K' | 'H' => Square::H1,
                'Q' | 'A' => Square::A1,
                'k' | 'h' => Square::H8,
                'q' | 'a' => Square::A8,
                '-' => continue,
                _ => {
                    return Err(err(
                        "castling rights are written with K, Q, k and q".to_owned()
                    ));
                }
            };
            setup.castling_rights.add(square);
        }
        Ok(PositionEditor { setup })
    }

    /// The piece on `square`.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.setup.board.piece_at(square)
    }

    /// Puts `piece` on `square`, returning what stood there.
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let previous = self.setup.board.remove_piece_at(square);
        self.setup.board.set_piece_at(square, piece);
        previous
    }

    /// Takes the piece off `square`.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.setup.board.remove_piece_at(square)
    }

    #[must_use]
    pub fn turn(&self) -> Side {
        Side::from(self.setup.turn)
    }

    pub fn set_turn(&mut self, side: Side) {
        self.setup.turn = Color::from(side);
    }

    /// Whether `side` keeps the right to castle on `wing`.
    #[must_use]
    pub fn castling(&self, side: Side, wing: Wing) -> bool {
        self.setup.castling_rights.contains(corner(side, wing))
    }

    pub fn set_castling(&mut self, side: Side, wing: Wing, allowed: bool) {
        self.setup.castling_rights.set(corner(side, wing), allowed);
    }

    /// The square a pawn passed over on the last move, which may be taken
    /// en passant.
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    pub fn set_ep_square(&mut self, square: Option<Square>) {
        self.setup.ep_square = square;
    }

    /// The number of the next move (as on the scoresheet); 0 reads as 1.
    pub fn set_move_number(&mut self, number: u32) {
        self.setup.fullmoves = NonZeroU32::new(number).unwrap_or(NonZeroU32::MIN);
    }

    /// The FEN of the board as it stands, legal or not.
    #[must_use]
    pub fn fen(&self) -> String {
        Fen::try_from_setup(self.setup.clone())
            .unwrap_or_else(LossyFenError::ignore)
            .to_string()
    }

    /// The position, or every reason it cannot be reinstated.
    ///
    /// Besides what shakmaty refuses, a check no last move can have given
    /// ([`Refusal::UnexplainedCheck`]) and move counters that cannot be.
    pub fn validate(&self) -> Result<Chess, PositionRefused> {
        let (position, kinds) = match Chess::from_setup(self.setup.clone(), CastlingMode::Standard)
        {
            Ok(position) => (Some(position), shakmaty::PositionErrorKinds::empty()),
            Err(error) => (None, error.kinds()),
        };
        let reasons = refusals(&self.setup, kinds);
        match position {
            Some(position) if reasons.is_empty() => Ok(position),
            _ => Err(PositionRefused {
                fen: self.fen(),
                reasons,
            }),
        }
    }
}

impl Serialize for PositionEditor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

impl<'de> Deserialize<'de> for PositionEditor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PositionEditor, D::Error> {
        PositionEditor::from_fen(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

fn corner(side: Side, wing: Wing) -> Square {
    let file = match wing {
        Wing::KingSide => File::H,
        Wing::QueenSide => File::A,
    };
    Square::from_coords(file, Color::from(side).backrank())
}

/// A position the editor refuses, with every reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionRefused {
    pub fen: String,
    pub reasons: Vec<Refusal>,
}

impl fmt::Display for PositionRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this position cannot be reinstated: ")?;
        for (i, reason) in self.reasons.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            reason.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionRefused {}

/// One reason a position cannot stand on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    EmptyBoard,
    MissingKing {
        side: Side,
    },
    TooManyKings {
        side: Side,
        count: u32,
    },
    PawnsOnBackRank {
        #[serde(with = "text::squares")]
        squares: Vec<Square>,
    },
    /// The castling right needs the king on e1/e8 and the rook on its corner.
    CastlingRight {
        side: Side,
        wing: Wing,
    },
    EnPassant {
        #[serde(with = "text::square")]
        square: Square,
        problem: EnPassantProblem,
    },
    /// The side not to move is in check.
    OppositeCheck {
        side: Side,
    },
    /// No legal move can give this check.
    ImpossibleCheck {
        side: Side,
        #[serde(with = "text::squares")]
        checkers: Vec<Square>,
    },
    /// No move of the opponent can have given this check, one or two
    /// checkers: before any move that can have put them there, `side`'s
    /// king would already have been in check.
    UnexplainedCheck {
        side: Side,
        #[serde(with = "text::squares")]
        checkers: Vec<Square>,
    },
    /// More pieces than eight pawns and their promotions can give.
    TooMuchMaterial {
        side: Side,
    },
    /// The half-move clock counts more half-moves than the move number
    /// allows to have been played.
    HalfmoveClockBeyondMoves {
        halfmoves: u32,
        played: u64,
    },
    /// An en passant square follows a pawn's two-square move: the half-move
    /// clock is then 0.
    HalfmoveClockAfterPawnMove {
        halfmoves: u32,
    },
}

/// What is wrong with an en passant square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnPassantProblem {
    /// Not on the sixth rank from the side to move.
    WrongRank,
    /// No opponent's pawn stands just past it, as after a two-square move.
    NoPawn,
    /// It, or the square the pawn came from, is occupied.
    Occupied,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::EmptyBoard => f.write_str("the board is empty"),
            Refusal::MissingKing { side } => write!(f, "{side} has no king"),
            Refusal::TooManyKings { side, count } => write!(f, "{side} has {count} kings"),
            Refusal::PawnsOnBackRank { squares } => {
                let squares: Vec<String> = squares.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "a pawn cannot stand on the first or last rank ({})",
                    squares.join(", ")
                )
            }
            Refusal::CastlingRight { side, wing } => {
                let (king, rook) = match (side, wing) {
                    (Side::White, Wing::KingSide) => ("e1", "h1"),
                    (Side::White, Wing::QueenSide) => ("e1", "a1"),
                    (Side::Black, Wing::KingSide) => ("e8", "h8"),
                    (Side::Black, Wing::QueenSide) => ("e8", "a8"),
                };
                write!(
                    f,
                    "{side} can keep the right to castle {wing} only with the king on {king} and a rook on {rook}"
                )
            }
            Refusal::EnPassant { square, problem } => match problem {
                EnPassantProblem::WrongRank => write!(
                    f,
                    "{square} cannot be an en passant square: a pawn that just moved two squares passed over the third rank of its side"
                ),
                EnPassantProblem::NoPawn => write!(
                    f,
                    "{square} cannot be an en passant square: no pawn stands where a pawn passing over it would have arrived"
                ),
                EnPassantProblem::Occupied => write!(
                    f,
                    "{square} cannot be an en passant square: a pawn just passed over it, so it and the pawn's starting square are empty"
                ),
            },
            Refusal::OppositeCheck { side } => write!(
                f,
                "{side}'s king is in check although it is not {side}'s move"
            ),
            Refusal::ImpossibleCheck { side, checkers } => {
                let checkers: Vec<String> = checkers.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "no move can have given the check to {side}'s king from {}",
                    checkers.join(" and ")
                )
            }
            Refusal::TooMuchMaterial { side } => write!(
                f,
                "{side} has more pieces than the eight pawns and their promotions could give"
            ),
            Refusal::UnexplainedCheck { side, checkers } => {
                let by = Side::from(!Color::from(*side));
                let squares: Vec<String> = checkers.iter().map(ToString::to_string).collect();
                match squares.as_slice() {
                    [one] => write!(
                        f,
                        "no move by {by} can have given {side}'s king the check from {one}: no piece can have arrived there, or left its line, without {side}'s king being in check before"
                    ),
                    _ => write!(
                        f,
                        "no single move by {by} can have given {side}'s king the double check from {}: one piece must have left the other's line as it gave check, and none can have done so without {side}'s king being in check before",
                        squares.join(" and ")
                    ),
                }
            }
            Refusal::HalfmoveClockBeyondMoves { halfmoves, played } => write!(
                f,
                "the half-move clock counts {halfmoves} half-moves without a capture or a pawn move, but by this move number only {played} can have been played"
            ),
            Refusal::HalfmoveClockAfterPawnMove { halfmoves } => write!(
                f,
                "an en passant square means a pawn has just moved two squares, so the half-move clock is 0, not {halfmoves}"
            ),
        }
    }
}

/// The reasons behind shakmaty's `kinds`, each with what the arbiter must fix.
fn refusals(setup: &Setup, kinds: shakmaty::PositionErrorKinds) -> Vec<Refusal> {
    use shakmaty::PositionErrorKinds as K;
    let board = &setup.board;
    let mut reasons = Vec::new();
    if kinds.contains(K::EMPTY_BOARD) {
        reasons.push(Refusal::EmptyBoard);
    }
    for color in Color::ALL {
        let kings = (board.kings() & board.by_color(color)).count() as u32;
        let side = Side::from(color);
        if kings == 0 {
            reasons.push(Refusal::MissingKing { side });
        } else if kings > 1 {
            reasons.push(Refusal::TooManyKings { side, count: kings });
        }
    }
    let on_back_rank = board.pawns() & Bitboard::BACKRANKS;
    if on_back_rank.any() {
        reasons.push(Refusal::PawnsOnBackRank {
            squares: on_back_rank.into_iter().collect(),
        });
    }
    if kinds.contains(K::INVALID_CASTLING_RIGHTS) {
        for color in Color::ALL {
            for castling_side in CastlingSide::ALL {
                let wing = Wing::from(castling_side);
                let side = Side::from(color);
                let rook = corner(side, wing);
                let king = Square::from_coords(File::E, color.backrank());
                let ok = board.king_of(color) == Some(king)
                    && board.piece_at(rook) == Some(Role::Rook.of(color));
                if setup.castling_rights.contains(rook) && !ok {
                    reasons.push(Refusal::CastlingRight { side, wing });
                }
            }
        }
    }
    if let Some(square) = setup.ep_square
        && kinds.contains(K::INVALID_EP_SQUARE)
    {
        let turn = setup.turn;
        let problem = if square.rank() != turn.relative_rank(Rank::Sixth) {
            EnPassantProblem::WrongRank
        } else {
            let pushed_to = Square::from_coords(square.file(), turn.relative_rank(Rank::Fifth));
            let pushed_from = Square::from_coords(square.file(), turn.relative_rank(Rank::Seventh));
            if board.piece_at(pushed_to) != Some(Role::Pawn.of(!turn)) {
                EnPassantProblem::NoPawn
            } else {
                debug_assert!(
                    board.occupied().contains(square) || board.occupied().contains(pushed_from)
                );
                EnPassantProblem::Occupied
            }
        };
        reasons.push(Refusal::EnPassant { square, problem });
    }
    if kinds.contains(K::OPPOSITE_CHECK) {
        reasons.push(Refusal::OppositeCheck {
            side: Side::from(!setup.turn),
        });
    }
    if kinds.contains(K::IMPOSSIBLE_CHECK)
        && let Some(king) = board.king_of(setup.turn)
    {
        reasons.push(Refusal::ImpossibleCheck {
            side: Side::from(setup.turn),
            checkers: board
                .attacks_to(king, !setup.turn, board.occupied())
                .into_iter()
                .collect(),
        });
    }
    // A check shakmaty lets pass may still be one no last move can have
    // given (two rooks on the king's rank and file, a rook and a knight
    // neither of which can have uncovered the other): see `last_move`.
    let kings_stand = !kinds
        .intersects(K::MISSING_KING | K::TOO_MANY_KINGS | K::OPPOSITE_CHECK | K::IMPOSSIBLE_CHECK);
    if kings_stand && let Some(king) = board.king_of(setup.turn) {
        let en_passant = setup
            .ep_square
            .filter(|_| !kinds.contains(K::INVALID_EP_SQUARE));
        if !last_move::check_can_arise(board, setup.turn, en_passant) {
            reasons.push(Refusal::UnexplainedCheck {
                side: Side::from(setup.turn),
                checkers: board
                    .attacks_to(king, !setup.turn, board.occupied())
                    .into_iter()
                    .collect(),
            });
        }
    }
    if kinds.contains(K::TOO_MUCH_MATERIAL) {
        for color in Color::ALL {
            if too_much_material(board, color) {
                reasons.push(Refusal::TooMuchMaterial {
                    side: Side::from(color),
                });
            }
        }
    }
    reasons.extend(counters(setup));
    reasons
}

/// Move counters that cannot be: a half-move clock beyond the half-moves
/// played since move 1 (two a move, and White's when Black is to move), or
/// not 0 right after a two-square pawn move (an en passant square).
fn counters(setup: &Setup) -> Vec<Refusal> {
    let halfmoves = setup.halfmoves;
    let played = 2 * (u64::from(setup.fullmoves.get()) - 1) + u64::from(setup.turn.is_black());
    let mut reasons = Vec::new();
    if u64::from(halfmoves) > played {
        reasons.push(Refusal::HalfmoveClockBeyondMoves { halfmoves, played });
    }
    if setup.ep_square.is_some() && halfmoves != 0 {
        reasons.push(Refusal::HalfmoveClockAfterPawnMove { halfmoves });
    }
    reasons
}

/// More than eight pawns plus the pieces promotions must have given.
fn too_much_material(board: &shakmaty::Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let count = |bb: Bitboard| (bb & ours).count();
    let beyond = |bb: Bitboard, usual: usize| count(bb).saturating_sub(usual);
    let promoted = beyond(board.queens(), 1)
        + beyond(board.rooks(), 2)
        + beyond(board.knights(), 2)
        + beyond(board.bishops() & Bitboard::LIGHT_SQUARES, 1)
        + beyond(board.bishops() & Bitboard::DARK_SQUARES, 1);
    count(board.pawns()) + promoted > 8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(fen: &str) -> Vec<Refusal> {
        PositionEditor::from_fen(fen)
            .unwrap()
            .validate()
            .unwrap_err()
            .reasons
    }

    #[test]
    fn castling_letters_are_the_corners() {
        let editor = PositionEditor::from_fen("4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1").unwrap();
        assert!(editor.castling(Side::White, Wing::KingSide));
        assert!(!editor.castling(Side::Black, Wing::QueenSide));
        assert!(PositionEditor::from_fen("4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1").is_err());
        assert!(PositionEditor::from_fen("not a fen").is_err());
    }

    #[test]
    fn every_reason_is_named() {
        use Refusal::*;
        assert_eq!(
            refused("8/8/8/8/8/8/8/8 w - - 0 1"),
            [
                EmptyBoard,
                MissingKing { side: Side::White },
                MissingKing { side: Side::Black }
            ]
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
            [TooManyKings {
                side: Side::White,
                count: 2
            }]
        );
        assert_eq!(
            refused("P3k3/8/8/8/8/8/8/4K2p w - - 0 1"),
            [PawnsOnBackRank {
                squares: vec![Square::H1, Square::A8]
            }]
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1"),
            [CastlingRight {
                side: Side::White,
                wing: Wing::KingSide
            }]
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            [EnPassant {
                square: Square::E6,
                problem: EnPassantProblem::NoPawn
            }]
        );
        assert_eq!(
            refused("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1"),
            [EnPassant {
                square: Square::E3,
                problem: EnPassantProblem::WrongRank
            }]
        );
        assert_eq!(
            refused("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1"),
            [EnPassant {
                square: Square::E6,
                problem: EnPassantProblem::Occupied
            }]
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/r3K2r w - - 0 1"),
            [ImpossibleCheck {
                side: Side::White,
                checkers: vec![Square::A1, Square::H1]
            }]
        );
        // Eight pawns and a second queen: one promotion too many.
        assert_eq!(
            refused("4k3/8/8/8/8/PPPPPPPP/8/QQ2K3 w - - 0 1"),
            [TooMuchMaterial { side: Side::White }]
        );
        assert!(
            PositionEditor::from_fen("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1")
                .unwrap()
                .validate()
                .is_ok()
        );
    }
}
