//! Rules read from the record: the duty to record (8.4), draw claims by
//! repetition (9.2) and by the 50-move rule (9.3), and the endings the
//! board decides by itself (checkmate 5.1a, stalemate 5.2a).
//!
//! A claim is made by the player to move, either about the position on the
//! board or by writing his intended move on the scoresheet (the position
//! "is about to occur"). The ruling says which article applies, whether the
//! claim is valid, and why.
//!
//! ```
//! use laws::article::Article;
//! use laws::claim;
//! use shakmaty::{Chess, Position, san::San};
//!
//! // Knights out and back twice: the start position occurs a third time.
//! let mut pos = Chess::default();
//! let mut moves = Vec::new();
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
//!     let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
//!     pos.play_unchecked(mv.clone());
//!     moves.push(mv);
//! }
//! let intended = "Ng8".parse::<San>().unwrap().to_move(&pos).unwrap();
//! let ruling = claim::repetition(&Chess::default(), &moves, Some(&intended)).unwrap();
//! assert_eq!(ruling.article, Article::Art9_2);
//! assert!(ruling.valid);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Move, Position, Square};

use crate::article::Article;
use crate::side::Side;

/// The time below which a player need not record (8.4): five minutes.
pub const RECORDING_THRESHOLD_MS: u64 = 5 * 60 * 1000;
/// An increment of at least this much keeps the duty to record (8.4).
pub const RECORDING_INCREMENT_MS: u64 = 30 * 1000;

/// Whether a player must record his moves now (8.1, relieved by 8.4).
///
/// He is relieved with less than five minutes left, unless at least 30
/// seconds are added with each move.
///
/// ```
/// use laws::claim::must_record;
/// assert!(must_record(300_000, 0));
/// assert!(!must_record(299_999, 0));
/// assert!(must_record(10_000, 30_000));
/// assert!(!must_record(10_000, 10_000));
/// ```
#[must_use]
pub fn must_record(remaining_ms: u64, increment_ms: u64) -> bool {
    remaining_ms >= RECORDING_THRESHOLD_MS || increment_ms >= RECORDING_INCREMENT_MS
}

/// Why a claim is valid or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The position (after the intended move, if any) has occurred this
    /// many times; `plies` are the half-move counts after which it stood on
    /// the board (0 = the start position), the last one possibly the
    /// intended move.
    Occurrences { count: usize, plies: Vec<usize> },
    /// Half-moves without a pawn move or a capture, counting the intended
    /// move (100 make the 50 moves by each player).
    QuietMoves { halfmoves: u32 },
    /// The intended move written on the scoresheet is not legal here.
    IntendedMoveIllegal,
    /// The game had already ended on the board.
    GameOver { ending: Article },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Occurrences { count, .. } => {
                write!(
                    f,
                    "the position occurs {count} time{}",
                    if *count == 1 { "" } else { "s" }
                )
            }
            Reason::QuietMoves { halfmoves } => write!(
                f,
                "{halfmoves} half-moves ({} moves by each player) without a pawn move or a capture",
                halfmoves / 2
            ),
            Reason::IntendedMoveIllegal => f.write_str("the intended move is not legal"),
            Reason::GameOver { ending } => {
                write!(f, "the game had already ended (Article {ending})")
            }
        }
    }
}

/// The arbiter's ruling on a claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[must_use]
pub struct ClaimRuling {
    pub article: Article,
    /// The claimant: the player to move.
    pub claimant: Side,
    /// Whether the claim is correct (the game is drawn).
    pub valid: bool,
    /// Claimed with a written intended move rather than about the board.
    pub intended_move: bool,
    pub reason: Reason,
}

/// The move history cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryError {
    /// 1-based half-move that is not legal.
    pub ply: usize,
    /// The move in UCI.
    pub uci: String,
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "half-move {}: {} is not legal", self.ply, self.uci)
    }
}

impl std::error::Error for HistoryError {}

/// How the board ended the game by itself, if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ending", rename_all = "snake_case")]
pub enum Ending {
    /// 5.1a: the side not to move won.
    Checkmate { winner: Side },
    /// 5.2a: drawn.
    Stalemate,
}

impl Ending {
    pub fn article(self) -> Article {
        match self {
            Ending::Checkmate { .. } => Article::Art5_1a,
            Ending::Stalemate => Article::Art5_2a,
        }
    }
}

/// Checkmate or stalemate on the board: the game ends at once.
#[must_use]
pub fn ending(position: &Chess) -> Option<Ending> {
    if position.is_checkmate() {
        Some(Ending::Checkmate {
            winner: Side::from(!position.turn()),
        })
    } else if position.is_stalemate() {
        Some(Ending::Stalemate)
    } else {
        None
    }
}

/// What makes two positions "the same" for 9.2: the same player to move,
/// the same pieces on the same squares, the same castling rights and the
/// same en passant possibilities (only a capture that is actually legal).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
}

impl RepetitionKey {
    pub fn of(position: &Chess) -> RepetitionKey {
        RepetitionKey {
            board: position.board().clone(),
            turn: position.turn(),
            castling: position.castles().castling_rights(),
            en_passant: position.ep_square(EnPassantMode::Legal),
        }
    }
}

/// Replays the history, returning every position (the start first).
fn replay(start: &Chess, moves: &[Move]) -> Result<Vec<Chess>, HistoryError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    let mut pos = start.clone();
    for (i, mv) in moves.iter().enumerate() {
        if !pos.is_legal(*mv) {
            return Err(HistoryError {
                ply: i + 1,
                uci: mv.to_uci(pos.castles().mode()).to_string(),
            });
        }
        pos.play_unchecked(*mv);
        positions.push(pos.clone());
    }
    Ok(positions)
}

/// Replays the history, refuses a claim the board or the written move
/// makes impossible, and otherwise lets `judge` rule on the positions, the
/// last one being the position claimed about (after the intended move, if
/// any).
fn rule(
    article: Article,
    start: &Chess,
    moves: &[Move],
    intended: Option<&Move>,
    judge: impl FnOnce(&[Chess]) -> (bool, Reason),
) -> Result<ClaimRuling, HistoryError> {
    let mut positions = replay(start, moves)?;
    let current = positions
        .last()
        .expect("replay yields the start position")
        .clone();
    let ruling = |valid, reason| ClaimRuling {
        article,
        claimant: Side::from(current.turn()),
        valid,
        intended_move: intended.is_some(),
        reason,
    };
    if let Some(ending) = ending(&current) {
        return Ok(ruling(
            false,
            Reason::GameOver {
                ending: ending.article(),
            },
        ));
    }
    if let Some(&mv) = intended {
        if !current.is_legal(mv) {
            return Ok(ruling(false, Reason::IntendedMoveIllegal));
        }
        let mut next = current.clone();
        next.play_unchecked(mv);
        positions.push(next);
    }
    let (valid, reason) = judge(&positions);
    Ok(ruling(valid, reason))
}

/// Rules on a claim of a draw by threefold repetition (9.2).
///
/// `moves` is the game so far from `start`; the claimant is the player to
/// move. With `intended`, the claim is about the position after that move
/// (written on the scoresheet, not yet made).
pub fn repetition(
    start: &Chess,
    moves: &[Move],
    intended: Option<&Move>,
) -> Result<ClaimRuling, HistoryError> {
    rule(Article::Art9_2, start, moves, intended, |positions| {
        let key = RepetitionKey::of(positions.last().expect("replay yields the start position"));
        let plies: Vec<usize> = positions
            .iter()
            .enumerate()
            .filter(|(_, p)| RepetitionKey::of(p) == key)
            .map(|(i, _)| i)
            .collect();
        (
            plies.len() >= 3,
            Reason::Occurrences {
                count: plies.len(),
                plies,
            },
        )
    })
}

/// Rules on a claim of a draw by the 50-move rule (9.3).
///
/// The count includes the half-move clock of a FEN start position.
pub fn fifty_moves(
    start: &Chess,
    moves: &[Move],
    intended: Option<&Move>,
) -> Result<ClaimRuling, HistoryError> {
    rule(Article::Art9_3, start, moves, intended, |positions| {
        let halfmoves = positions
            .last()
            .expect("replay yields the start position")
            .halfmoves();
        (halfmoves >= 100, Reason::QuietMoves { halfmoves })
    })
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen, san::San};

    use super::*;

    fn play(start: &Chess, sans: &str) -> Vec<Move> {
        let mut pos = start.clone();
        sans.split_whitespace()
            .map(|s| {
                let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn castling_rights_make_a_position_different() {
        // The king steps out and back: same squares, but castling is lost.
        let start = Chess::default();
        let moves = play(&start, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
        let after_e5 = RepetitionKey::of(&replay(&start, &moves[..2]).unwrap()[2]);
        let positions = replay(&start, &moves).unwrap();
        assert_ne!(RepetitionKey::of(positions.last().unwrap()), after_e5);
        // ...but from the first return on, it repeats: plies 6 and 10.
        let ruling = repetition(&start, &moves, None).unwrap();
        assert_eq!(
            ruling.reason,
            Reason::Occurrences {
                count: 2,
                plies: vec![6, 10]
            }
        );
        assert!(!ruling.valid);
    }

    #[test]
    fn an_en_passant_square_counts_only_when_the_capture_is_legal() {
        // After 1. e4 no black pawn can take en passant: same as without.
        let start = Chess::default();
        let after_e4 = replay(&start, &play(&start, "e4")).unwrap().pop().unwrap();
        let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        let same: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(RepetitionKey::of(&after_e4), RepetitionKey::of(&same));
        // With a black pawn on d4, the e3 capture is possible: different.
        let fen: Fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
            .parse()
            .unwrap();
        let with_ep: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let fen: Fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        let without: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_ne!(RepetitionKey::of(&with_ep), RepetitionKey::of(&without));
    }

    #[test]
    fn an_illegal_history_is_an_error() {
        let start = Chess::default();
        let mut moves = play(&start, "e4 e5");
        moves.push(moves[0]);
        assert_eq!(
            repetition(&start, &moves, None),
            Err(HistoryError {
                ply: 3,
                uci: "e2e4".into()
            })
        );
    }
}
