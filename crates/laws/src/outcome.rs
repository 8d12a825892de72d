//! What becomes of a game when the arbiter rules: the outcome every ruling
//! of Article 7, Appendix B and 10.2 ([`crate::irregularity`]) and of
//! Appendix A ([`crate::adjournment`]) names.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// What becomes of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Play goes on (after the effects, if any).
    Continue,
    WhiteWins,
    BlackWins,
    Draw,
    /// The game is cancelled and a new game played (7.1a).
    NewGame,
    /// The arbiter postpones his decision; play goes on (10.2).
    Postponed,
    /// Both players more than an hour late (A10): each loses.
    BothLose,
    /// A11b: the game is annulled and a new game must be played.
    Annulled,
}

impl Outcome {
    /// The win of `side`.
    #[must_use]
    pub fn win_for(side: Side) -> Outcome {
        match side {
            Side::White => Outcome::WhiteWins,
            Side::Black => Outcome::BlackWins,
        }
    }

    /// Whether the game is over (or replaced by a new one).
    #[must_use]
    pub fn ends_game(self) -> bool {
        !matches!(self, Outcome::Continue | Outcome::Postponed)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Continue => "the game continues",
            Outcome::WhiteWins => "White wins",
            Outcome::BlackWins => "Black wins",
            Outcome::Draw => "the game is drawn",
            Outcome::NewGame => "the game is cancelled and a new game played",
            Outcome::Postponed => "the decision is postponed",
            Outcome::BothLose => "both players lose",
            Outcome::Annulled => "the game is annulled and a new game played",
        })
    }
}
