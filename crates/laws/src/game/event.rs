//! The events a game's log is written in, and how they are serialised.

use serde::{Deserialize, Serialize};

use super::{GameResult, Setup};
use crate::adjournment::AdjournmentEvent;
use crate::clock::{ClockAction, ClockCorrection};
use crate::irregularity::Finding;
use crate::scoresheet::{Entry, Slot, Written};

/// Something that happened in a game, as it is written into the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The arbiter corrected the game's details (names, round, board...).
    DetailsEdited(Box<Setup>),
    /// Something done to the clock: a press, a pause, an adjustment.
    Clock(ClockAction),
    /// The arbiter corrects a clock used wrongly (a press taken back, the
    /// sides swapped), with his reason as he gave it.
    ClockCorrected {
        correction: ClockCorrection,
        reason: String,
    },
    /// A box of the scoresheet filled in: a move as written, or a dash.
    /// Recording never judges the move (electronic scoresheets must not).
    Recorded(Entry),
    /// A written entry corrected; the old writing stays, struck out.
    Corrected { slot: Slot, written: Written },
    /// A step of an adjournment: sealing, verifying, resuming (Appendix A).
    /// Nested under `step`, since both enums are tagged by `type`.
    Adjournment(#[serde(with = "nested_step")] AdjournmentEvent),
    /// The arbiter ruled on what he found (Article 7, Appendix B, 10.2):
    /// the game works out the ruling from the log and carries it out.
    Ruled {
        #[serde(flatten)]
        finding: Finding,
        /// Rapidplay (B5): the claimant had touched a piece since the move
        /// he claims about.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        claimant_touched_piece: bool,
        /// The number (from 1) of the ruling this one corrects: the last
        /// one, given by mistake before anything else happened in the
        /// game. Both stay in the log; the game is as if only this one had
        /// been given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        corrects: Option<usize>,
    },
    /// How the game ended: a resignation, a draw agreed or claimed, the
    /// arbiter's decision ([`GameResult`], with its article).
    Result(GameResult),
}

impl Event {
    /// The arbiter's ruling on `finding`, no piece touched since (B5).
    #[must_use]
    pub fn ruled(finding: Finding) -> Event {
        Event::Ruled {
            finding,
            claimant_touched_piece: false,
            corrects: None,
        }
    }
}

/// `{"type": "adjournment", "step": {"type": "sealed", ...}}`: one `type`
/// key per object, so the log reads back.
mod nested_step {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::adjournment::AdjournmentEvent;

    #[derive(Serialize)]
    struct Out<'a> {
        step: &'a AdjournmentEvent,
    }

    #[derive(Deserialize)]
    struct In {
        step: AdjournmentEvent,
    }

    pub fn serialize<S: Serializer>(step: &AdjournmentEvent, s: S) -> Result<S::Ok, S::Error> {
        Out { step }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AdjournmentEvent, D::Error> {
        In::deserialize(d).map(|nested| nested.step)
    }
}
