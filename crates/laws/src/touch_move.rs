//! Touch move (4.3): what the player must play after touching pieces.
//!
//! It applies to the move replacing an illegal move (7.4): the pieces the
//! player touched for the illegal move bind him.
//!
//! ```
//! use laws::irregularity::touch_move::{touch_move, Requirement};
//! use laws::article::Article;
//! use shakmaty::{Chess, Square};
//!
//! // White touched his knight on g1: he must move it.
//! let ruling = touch_move(&Chess::default(), &[Square::G1]).unwrap();
//! assert_eq!(ruling.article, Article::Art4_3a);
//! assert_eq!(ruling.requirement, Requirement::MovePiece { square: Square::G1 });
//! let allowed: Vec<String> = ruling.allowed.iter().map(|m| m.to_string()).collect();
//! assert_eq!(allowed, ["g1f3", "g1h3"]);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position, Square, uci::UciMove};

use crate::article::Article;
use crate::board_move::BoardMove;
use crate::encoding::{self as text, role_name};

/// What 4.3 requires of the next move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "must", rename_all = "snake_case")]
pub enum Requirement {
    /// 4.3a (and c): move the piece on `square`.
    MovePiece {
        #[serde(with = "text::square")]
        square: Square,
    },
    /// 4.3b (and c): capture the opponent's piece on `square`.
    CapturePiece {
        #[serde(with = "text::square")]
        square: Square,
    },
    /// 4.3c: capture the piece on `target` with the piece on `piece`.
    CaptureWith {
        #[serde(with = "text::square")]
        piece: Square,
        #[serde(with = "text::square")]
        target: Square,
    },
    /// 4.5: none of the touched pieces can be moved or captured: any legal move.
    AnyMove,
}

/// The touch-move ruling: the requirement and the moves that meet it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TouchMove {
    /// 4.3a, 4.3b, 4.3c or 4.5.
    pub article: Article,
    /// The touched squares, in the order touched.
    #[serde(with = "text::squares")]
    pub touched: Vec<Square>,
    pub requirement: Requirement,
    /// The legal moves that satisfy it, castling as the king's move.
    pub allowed: Vec<BoardMove>,
    pub explanation: String,
}

/// Touched squares that cannot be ruled on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TouchMoveError {
    /// No square given.
    NothingTouched,
    /// Nothing stands on a touched square.
    EmptySquare(Square),
}

impl fmt::Display for TouchMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchMoveError::NothingTouched => f.write_str("no touched piece given"),
            TouchMoveError::EmptySquare(sq) => {
                write!(f, "there is no piece on {sq} to have been touched")
            }
        }
    }
}

impl std::error::Error for TouchMoveError {}

/// What 4.3 requires of the player to move in `position` who deliberately
/// touched the pieces on `touched`, in that order. When it is unclear whether
/// his own or his opponent's piece was touched first, list his own first
/// (4.3c). Touching the same piece twice counts once.
pub fn touch_move(position: &Chess, touched: &[Square]) -> Result<TouchMove, TouchMoveError> {
    if touched.is_empty() {
        return Err(TouchMoveError::NothingTouched);
    }
    let board = position.board();
    let mut order: Vec<Square> = Vec::new();
    for &sq in touched {
        if board.piece_at(sq).is_none() {
            return Err(TouchMoveError::EmptySquare(sq));
        }
        if !order.contains(&sq) {
            order.push(sq);
        }
    }
    let ours = board.by_color(position.turn());
    let (own, theirs): (Vec<Square>, Vec<Square>) =
        order.iter().partition(|sq| ours.contains(**sq));
    let legal = position.legal_moves();
    let moves_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .filter(|m| m.from() == Some(sq))
            .copied()
            .collect()
    };
    let captures_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .filter(|m| captured_square(m) == Some(sq))
            .copied()
            .collect()
    };
    let describe = |sq: Square| {
        let piece = board.piece_at(sq).expect("touched squares hold pieces");
        format!("the {} on {sq}", role_name(piece.role))
    };

    let (article, requirement, allowed, explanation) = if !own.is_empty()
        && !theirs.is_empty()
        && let Some((piece, target, moves)) = own.iter().find_map(|&piece| {
            theirs.iter().find_map(|&target| {
                let moves: Vec<Move> = captures_of(target)
                    .into_iter()
                    .filter(|m| m.from() == Some(piece))
                    .collect();
                (!moves.is_empty()).then_some((piece, target, moves))
            })
        }) {
        (
            Article::Art4_3c,
            Requirement::CaptureWith { piece, target },
            moves,
            format!(
                "The player touched a piece of each colour: he must capture {} with {}.",
                describe(target),
                describe(piece)
            ),
        )
    } else {
        let mixed = !own.is_empty() && !theirs.is_empty();
        let first = order.iter().find_map(|&sq| {
            let (requirement, moves) = if ours.contains(sq) {
                (Requirement::MovePiece { square: sq }, moves_of(sq))
            } else {
                (Requirement::CapturePiece { square: sq }, captures_of(sq))
            };
            (!moves.is_empty()).then_some((sq, requirement, moves))
        });
        match first {
            Some((sq, requirement, moves)) => {
                let must = match requirement {
                    Requirement::MovePiece { .. } => "move",
                    _ => "capture",
                };
                let (article, why) = match (mixed, ours.contains(sq)) {
                    (true, _) => (
                        Article::Art4_3c,
                        "neither touched piece can capture the other, so ",
                    ),
                    (false, true) => (Article::Art4_3a, ""),
                    (false, false) => (Article::Art4_3b, ""),
                };
                let first = if order.len() > 1 {
                    "the first touched piece that can be moved or captured: "
                } else {
                    ""
                };
                (
                    article,
                    requirement,
                    moves,
                    format!(
                        "The player touched {}: {why}he must {must} {first}{}.",
                        list(&order, describe),
                        describe(sq)
                    ),
                )
            }
            None => (
                Article::Art4_5,
                Requirement::AnyMove,
                legal.iter().copied().collect(),
                format!(
                    "The player touched {}, but none of them can be moved or captured: he may make any legal move.",
                    list(&order, describe)
                ),
            ),
        }
    };
    Ok(TouchMove {
        article,
        touched: order,
        requirement,
        allowed: allowed.iter().map(board_move).collect(),
        explanation,
    })
}

/// The square of the piece `m` captures, if it captures.
fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

pub(crate) fn board_move(m: &Move) -> BoardMove {
    match UciMove::from_standard(*m) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => BoardMove {
            from,
            to,
            promotion,
        },
        // A legal chess move is never a drop or a null move.
        other => unreachable!("{other} is not a chess move"),
    }
}

fn list(squares: &[Square], describe: impl Fn(Square) -> String) -> String {
    let names: Vec<String> = squares.iter().map(|&sq| describe(sq)).collect();
    match names.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    }
}
