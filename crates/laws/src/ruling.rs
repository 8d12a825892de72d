//! What a ruling says: the article, the outcome, what it does and why.
//! The vocabulary below the rulings of [`crate::irregularity`] and
//! [`crate::rapidplay`], which re-exports it as `laws::irregularity::IrregularityRuling`
//! and so on.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::article::Article;
use crate::outcome::Outcome;
use crate::side::Side;

use crate::touch_move::TouchMove;

/// An arbiter's ruling, ready to be shown and logged.
///
/// ```
/// use laws::article::Article;
/// use laws::irregularity::{Outcome, IrregularityRuling};
///
/// let ruling = IrregularityRuling::new(Article::Art7_1a, Outcome::NewGame, "The initial position was incorrect.");
/// let json = serde_json::to_string(&ruling).unwrap();
/// assert_eq!(
///     json,
///     r#"{"article":"7.1a","outcome":"new_game","effects":[],"explanation":"The initial position was incorrect."}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[must_use]
pub struct IrregularityRuling {
    /// The article applied: 7.4, B7, 10.2.
    pub article: Article,
    pub outcome: Outcome,
    /// What the arbiter (or the app) does to carry the ruling out, in order.
    pub effects: Vec<Effect>,
    /// The ruling in plain English, for the players.
    pub explanation: String,
}

impl IrregularityRuling {
    pub fn new(
        article: Article,
        outcome: Outcome,
        explanation: impl Into<String>,
    ) -> IrregularityRuling {
        IrregularityRuling {
            article,
            outcome,
            effects: Vec::new(),
            explanation: explanation.into(),
        }
    }

    /// The same ruling, doing `effect` too.
    pub fn with(mut self, effect: Effect) -> IrregularityRuling {
        self.effects.push(effect);
        self
    }
}

/// One thing a ruling does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// 7.4: put this position back on the board; `ply` half-moves stand.
    ReinstatePosition { ply: usize, fen: String },
    /// 6.13: set the clocks to these readings.
    SetClocks { white_ms: u64, black_ms: u64 },
    /// 7.4 (later editions), 10.2: extra time for `side`.
    AddTime { side: Side, ms: u64 },
    /// 7.4 (later editions): this is `side`'s `count`th illegal move.
    CountIllegalMove { side: Side, count: u32 },
    /// 4.3: what the move replacing the illegal move must be.
    TouchMove(TouchMove),
    /// 7.1b: the position goes onto a correctly placed board.
    TransferToCorrectBoard,
    /// 7.3: `side` puts the displaced pieces back on his own time.
    RestorePieces { side: Side },
    /// 7.3: the opponent may restart `side`'s clock while he restores.
    RestartClockOf { side: Side },
    /// B7: both clocks stop.
    StopClocks,
    /// B4: `side` may not castle with the king that was misplaced.
    ForbidCastling { side: Side },
    /// B3, 8.4: `side` need not record the moves.
    RecordingOptional { side: Side },
}

/// What the effect does, in the words the panel shows the arbiter.
impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::ReinstatePosition { ply, fen } => write!(
                f,
                "The position after half-move {ply} is put back on the board ({fen}); the moves after it are struck out."
            ),
            Effect::SetClocks { white_ms, black_ms } => write!(
                f,
                "The clocks are set to White {}, Black {}.",
                clock_face(*white_ms),
                clock_face(*black_ms)
            ),
            Effect::AddTime { side, ms } => {
                write!(f, "{} is added to {side}'s clock.", clock_face(*ms))
            }
            Effect::CountIllegalMove { side, count } => {
                write!(f, "It is counted as {side}'s illegal move number {count}.")
            }
            Effect::TouchMove(touch) => f.write_str(&touch.explanation),
            Effect::TransferToCorrectBoard => {
                f.write_str("The position is transferred to a correctly placed board.")
            }
            Effect::RestorePieces { side } => {
                write!(f, "{side} restores the displaced pieces on his own time.")
            }
            Effect::RestartClockOf { side } => write!(
                f,
                "{} may restart {side}'s clock if {side} does not restore them.",
                side.opponent()
            ),
            Effect::StopClocks => f.write_str("Both clocks are stopped."),
            Effect::ForbidCastling { side } => {
                write!(f, "{side} may not castle with the misplaced king.")
            }
            Effect::RecordingOptional { side } => {
                write!(f, "{side} need not record the moves.")
            }
        }
    }
}

/// Earlier illegal moves by each player (7.4 in later editions counts them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct IllegalMoveCount {
    pub white: u32,
    pub black: u32,
}

impl IllegalMoveCount {
    #[must_use]
    pub fn of(&self, side: Side) -> u32 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// The two clocks at one moment, in milliseconds left.
///
/// A game's clock log is a slice of these, one per ply: `clocks[0]` before
/// the first move, `clocks[n]` when the clock was pressed after the `n`th
/// half-move, i.e. while the position after `n` half-moves stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    pub white_ms: u64,
    pub black_ms: u64,
}

impl ClockReading {
    #[must_use]
    pub fn of(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        }
    }

    /// Whether `side`'s flag is down.
    #[must_use]
    pub fn flag_down(&self, side: Side) -> bool {
        self.of(side) == 0
    }
}

impl fmt::Display for ClockReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "White {}, Black {}",
            clock_face(self.white_ms),
            clock_face(self.black_ms)
        )
    }
}

pub(crate) use crate::clock::clock_face;

/// "two minutes", "90 seconds".
pub(crate) fn minutes(ms: u64) -> String {
    match (ms / 60_000, ms % 60_000) {
        (1, 0) => "one minute".to_owned(),
        (m, 0) => format!("{m} minutes"),
        _ => format!("{} seconds", ms / 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_faces_read_like_the_clock() {
        assert_eq!(clock_face(0), "0:00:00");
        assert_eq!(clock_face(119_999), "0:01:59");
        assert_eq!(clock_face(5_400_000), "1:30:00");
        let reading = ClockReading {
            white_ms: 61_000,
            black_ms: 0,
        };
        assert_eq!(reading.to_string(), "White 0:01:01, Black 0:00:00");
        assert!(reading.flag_down(Side::Black) && !reading.flag_down(Side::White));
    }

    #[test]
    fn effects_read_as_instructions() {
        let set = Effect::SetClocks {
            white_ms: 5_280_000,
            black_ms: 5_340_000,
        };
        assert_eq!(
            set.to_string(),
            "The clocks are set to White 1:28:00, Black 1:29:00."
        );
        let add = Effect::AddTime {
            side: Side::Black,
            ms: 120_000,
        };
        assert_eq!(add.to_string(), "0:02:00 is added to Black's clock.");
    }

    #[test]
    fn effects_serialise_tagged() {
        let e = Effect::AddTime {
            side: Side::Black,
            ms: 120_000,
        };
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"type":"add_time","side":"black","ms":120000}"#
        );
    }
}
