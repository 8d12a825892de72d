//! How a game ended when no ruling on a finding ended it: a resignation
//! (5.1b), a draw agreed (9.1), a draw claim upheld (9.2, 9.3, ruled here
//! from the scoresheet), or the arbiter's decision of the result. Each is
//! one event of the log ([`crate::game::Event::Result`]); the fold ends the
//! game on it: the clock stops, and nothing more is pressed, recorded or
//! ruled.
//!
//! ```
//! use laws::article::Article;
//! use laws::clock::ClockAction;
//! use laws::game::{Event, Game, GameError, GameResult, Player, Setup, Side};
//! use laws::irregularity::Outcome;
//!
//! let setup = Setup {
//!     white: Player::named("White"),
//!     black: Player::named("Black"),
//!     ..Setup::default()
//! };
//! let mut game = Game::new("g", setup, 0);
//! game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 1_000).unwrap();
//! let resigned = GameResult::Resigned { by: Side::White };
//! assert_eq!(resigned.article(), Some(Article::Art5_1b));
//! game.apply(Event::Result(resigned), 9_000).unwrap();
//! let play = game.fold().unwrap();
//! assert_eq!(play.outcome, Some(Outcome::BlackWins));
//! assert!(play.clock.as_ref().unwrap().is_paused());
//! let press = Event::Clock(ClockAction::Press { side: Side::White });
//! assert_eq!(game.apply(press, 10_000), Err(GameError::Over(Outcome::BlackWins)));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::article::Article;
use crate::claim::{self, ClaimRuling};
use crate::game::{GameState, SheetMoves};
use crate::notation::{self, MoveReading};
use crate::outcome::Outcome;
use crate::scoresheet::Slot;
use crate::side::Side;

/// How the game ended, as the arbiter records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case", try_from = "Stored")]
pub enum GameResult {
    /// 5.1b: `by` resigned.
    Resigned { by: Side },
    /// 9.1: the players agreed a draw.
    DrawAgreed,
    /// 9.2 or 9.3: the player to move claimed a draw, about the board or
    /// with his `intended` move written and not played; the fold rules the
    /// claim from the scoresheet and refuses it unless it is correct.
    DrawClaimed {
        claim: DrawClaim,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intended: Option<String>,
    },
    /// The arbiter decided the result under `article`, for `reason`.
    Decided {
        outcome: Outcome,
        article: Article,
        reason: String,
    },
    /// The result a record gives and no article: a game read from PGN,
    /// whose `Result` says how it ended but not why.
    Recorded { outcome: Outcome },
}

/// A result as the log holds it, read field by field: one small reader in
/// the app's first load rather than one per kind of result.
#[derive(Deserialize)]
struct Stored {
    result: String,
    #[serde(default)]
    by: Option<Side>,
    #[serde(default)]
    claim: Option<DrawClaim>,
    #[serde(default)]
    intended: Option<String>,
    #[serde(default)]
    outcome: Option<Outcome>,
    #[serde(default)]
    article: Option<Article>,
    #[serde(default)]
    reason: Option<String>,
}

impl TryFrom<Stored> for GameResult {
    type Error = String;

    fn try_from(stored: Stored) -> Result<GameResult, String> {
        let missing = |field: &str| format!("a {} result needs its {field}", stored.result);
        Ok(match stored.result.as_str() {
            "resigned" => GameResult::Resigned {
                by: stored.by.ok_or_else(|| missing("by"))?,
            },
            "draw_agreed" => GameResult::DrawAgreed,
            "draw_claimed" => GameResult::DrawClaimed {
                claim: stored.claim.ok_or_else(|| missing("claim"))?,
                intended: stored.intended,
            },
            "decided" => GameResult::Decided {
                outcome: stored.outcome.ok_or_else(|| missing("outcome"))?,
                article: stored.article.ok_or_else(|| missing("article"))?,
                reason: stored.reason.ok_or_else(|| missing("reason"))?,
            },
            "recorded" => GameResult::Recorded {
                outcome: stored.outcome.ok_or_else(|| missing("outcome"))?,
            },
            other => return Err(format!("unknown result {other:?}")),
        })
    }
}

/// The draw a player claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// 9.2: the same position a third time.
    Repetition,
    /// 9.3: fifty moves by each player without a pawn move or a capture.
    FiftyMoves,
}

/// Why a draw claim (9.2, 9.3) is not upheld.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimRefusal {
    /// Judged on the moves recorded, the claim is not correct.
    Judged(claim::Reason),
    /// The scoresheet cannot be followed from this box.
    SheetStops(Slot),
    /// The intended move, as written, is not legal.
    IntendedMoveIllegal(String),
    /// The moves recorded cannot be replayed.
    History(claim::HistoryError),
}

impl fmt::Display for ClaimRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimRefusal::Judged(reason) => reason.fmt(f),
            ClaimRefusal::SheetStops(slot) => {
                write!(f, "the scoresheet cannot be followed from box {slot}")
            }
            ClaimRefusal::IntendedMoveIllegal(text) => {
                write!(f, "the intended move {text:?} is not legal")
            }
            ClaimRefusal::History(e) => e.fmt(f),
        }
    }
}

/// A result the game refuses; nothing changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultError {
    /// The claim is not correct (or the scoresheet cannot show it is).
    ClaimNotUpheld { article: Article, why: ClaimRefusal },
    /// The arbiter's decision must end the game.
    NotAResult(Outcome),
    /// The arbiter's decision needs its reason written.
    NoReason,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::ClaimNotUpheld { article, why } => {
                write!(f, "the claim under {article} is not correct: {why}")
            }
            ResultError::NotAResult(outcome) => {
                write!(f, "\"{outcome}\" is no result: the game would not end")
            }
            ResultError::NoReason => f.write_str("write the reason for the arbiter's decision"),
        }
    }
}

impl std::error::Error for ResultError {}

impl GameResult {
    /// The article the result stands on; `None` for a result as recorded.
    #[must_use]
    pub fn article(&self) -> Option<Article> {
        Some(match self {
            GameResult::Resigned { .. } => Article::Art5_1b,
            GameResult::DrawAgreed => Article::Art9_1,
            GameResult::DrawClaimed {
                claim: DrawClaim::Repetition,
                ..
            } => Article::Art9_2,
            GameResult::DrawClaimed {
                claim: DrawClaim::FiftyMoves,
                ..
            } => Article::Art9_3,
            GameResult::Decided { article, .. } => *article,
            GameResult::Recorded { .. } => return None,
        })
    }

    /// What becomes of the game in `play`, or why the result is refused.
    pub fn outcome(&self, play: &GameState) -> Result<Outcome, ResultError> {
        match self {
            GameResult::Resigned { by } => Ok(Outcome::win_for(by.opponent())),
            GameResult::DrawAgreed => Ok(Outcome::Draw),
            GameResult::DrawClaimed { claim, intended } => {
                let ruling = draw_claim(play, *claim, intended.as_deref())?;
                if ruling.valid {
                    Ok(Outcome::Draw)
                } else {
                    Err(ResultError::ClaimNotUpheld {
                        article: ruling.article,
                        why: ClaimRefusal::Judged(ruling.reason),
                    })
                }
            }
            GameResult::Decided { outcome, .. } | GameResult::Recorded { outcome }
                if !outcome.ends_game() =>
            {
                Err(ResultError::NotAResult(*outcome))
            }
            GameResult::Recorded { outcome } => Ok(*outcome),
            GameResult::Decided { reason, .. } if reason.trim().is_empty() => {
                Err(ResultError::NoReason)
            }
            GameResult::Decided { outcome, .. } => Ok(*outcome),
        }
    }
}

/// The ruling on `claim` from the moves the scoresheet records, with the
/// `intended` move written in the game's notation.
pub fn draw_claim(
    play: &GameState,
    claim: DrawClaim,
    intended: Option<&str>,
) -> Result<ClaimRuling, ResultError> {
    let article = match claim {
        DrawClaim::Repetition => Article::Art9_2,
        DrawClaim::FiftyMoves => Article::Art9_3,
    };
    let refused = |why: ClaimRefusal| ResultError::ClaimNotUpheld { article, why };
    let read = SheetMoves::of(play);
    if let Some(slot) = read.stopped_at {
        return Err(refused(ClaimRefusal::SheetStops(slot)));
    }
    let intended = match intended.map(str::trim).filter(|text| !text.is_empty()) {
        None => None,
        Some(text) => match notation::read(&read.end(), text, play.sheet.lang) {
            MoveReading::Legal { mv, .. } => Some(mv),
            _ => {
                return Err(refused(ClaimRefusal::IntendedMoveIllegal(text.to_owned())));
            }
        },
    };
    let moves = read.plain();
    let ruled = match claim {
        DrawClaim::Repetition => claim::repetition(&read.start, &moves, intended.as_ref()),
        DrawClaim::FiftyMoves => claim::fifty_moves(&read.start, &moves, intended.as_ref()),
    };
    ruled.map_err(|e| refused(ClaimRefusal::History(e)))
}
