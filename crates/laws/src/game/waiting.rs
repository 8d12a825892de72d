//! What waits for the arbiter in a game, as its log leaves it: the chief
//! arbiter's event screen lists it for every board ("claims and rulings
//! waiting"), so that no screen decides it for itself.
//!
//! A game over waits for nothing. A game going on waits while its clock is
//! stopped (a claim or an irregularity being dealt with, 6.12b), while its
//! scoresheet holds an entry that is no legal move (7.5, 8.1) or its
//! clock's presses and its scoresheet are more than a half-move apart,
//! while a 10.2 claim is postponed, while an adjournment is at a step
//! somebody must take (Appendix A), and once a flag has fallen (6.9, 6.10,
//! B6-B8): that last one depends on the time, hence [`Pending::at`].
//!
//! ```
//! use laws::clock::ClockAction;
//! use laws::game::{Event, Game, Player, Setup, Side, Waiting};
//! use laws::scoresheet::{Entry, Slot};
//!
//! let setup = Setup {
//!     white: Player::named("White"),
//!     black: Player::named("Black"),
//!     time_control: "60".parse().unwrap(),
//!     ..Setup::default()
//! };
//! let mut game = Game::new("g", setup, 0);
//! game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0).unwrap();
//! game.apply(Event::Recorded(Entry::written("e5")), 5_000).unwrap();
//! let pending = game.fold().unwrap().pending();
//! let slot = Slot { number: 1, side: Side::White };
//! assert_eq!(pending.at(5_000), [Waiting::IrregularEntry { slot }]);
//! // A minute later White's flag has fallen, and nobody has ruled.
//! assert_eq!(
//!     pending.at(61_000),
//!     [Waiting::FlagFallen { side: Side::White }, Waiting::IrregularEntry { slot }]
//! );
//! ```

use serde::{Deserialize, Serialize};

use super::GameState;
use super::intervention::Disagreement;
use crate::adjournment::Phase;
use crate::clock::Clock;
use crate::irregularity::{Finding, Outcome};
use crate::scoresheet::Slot;
use crate::side::Side;

/// One thing in a game waiting for the arbiter (or for a player he waits on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Waiting {
    /// The clock is stopped in a game going on: a claim or an
    /// irregularity is being dealt with (6.12b), or a ruling given and the
    /// clock not yet started again.
    ClockStopped,
    /// `side`'s flag has fallen, and no ruling or result has followed
    /// (6.9, 6.10, B6-B8).
    FlagFallen { side: Side },
    /// The first entry of the scoresheet that reads as no legal move
    /// (illegal, ambiguous or unreadable): a finding for the arbiter (7.5,
    /// 8.1), until a ruling or a correction deals with it.
    IrregularEntry { slot: Slot },
    /// The clock's presses and the scoresheet are more than a half-move
    /// apart: the arbiter looks at the board (8.1, 6.11).
    ClockAndSheetApart(Disagreement),
    /// 10.2: the arbiter postponed his decision on a draw claim; it is
    /// decided later in the game or when a flag falls.
    DrawClaimPostponed,
    /// Appendix A: the adjournment is at a step somebody must take: the
    /// move being sealed (A1a), the envelope to verify (A3), to open at
    /// resumption (A7), missing with the sealer to state his move (A11a),
    /// the reply sealed and the sealer awaited (A9c).
    Adjournment { phase: Phase },
    /// The move opened from the envelope is on the board and not yet
    /// written on the scoresheet (A8).
    SealedMoveToRecord,
}

/// What waits in a game as its log leaves it; [`Pending::at`] adds a flag
/// fallen by a given time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Pending {
    /// What waits whatever the time.
    waiting: Vec<Waiting>,
    /// The clock while a flag falling on it waits for a ruling.
    watched: Option<Clock>,
    /// When the arbiter last ruled on a flag (seen, or claimed, B7): a
    /// fall before it is dealt with, even where play goes on (B6).
    flag_ruled_ms: Option<u64>,
}

impl Pending {
    /// Everything waiting at `now_ms`, in the order of [`Waiting`].
    #[must_use]
    pub fn at(&self, now_ms: u64) -> Vec<Waiting> {
        let fallen = self.watched.as_ref().and_then(|clock| {
            [Side::White, Side::Black]
                .into_iter()
                .filter_map(|side| clock.flag(side, now_ms))
                .filter(|flag| self.flag_ruled_ms.is_none_or(|ruled| flag.at_ms > ruled))
                .min_by_key(|flag| flag.at_ms)
                .map(|flag| Waiting::FlagFallen { side: flag.side })
        });
        let mut waiting = self.waiting.clone();
        if let Some(fallen) = fallen {
            let after_stopped = usize::from(waiting.first() == Some(&Waiting::ClockStopped));
            waiting.insert(after_stopped, fallen);
        }
        waiting
    }
}

impl GameState {
    /// What waits for the arbiter in this game (see the module `game::waiting`).
    pub fn pending(&self) -> Pending {
        if self.ended().is_some() {
            return Pending::default();
        }
        let phase = self.adjournment.phase();
        let going_on = matches!(phase, Phase::Playing | Phase::Continuing);
        let clock = self.clock.as_ref().filter(|clock| clock.is_started());
        let mut waiting = Vec::new();
        if going_on && clock.is_some_and(Clock::is_paused) {
            waiting.push(Waiting::ClockStopped);
        }
        if let Some(stop) = self.sheet.replay(&self.start).irregularity() {
            waiting.push(Waiting::IrregularEntry { slot: stop.slot });
        }
        waiting.extend(self.disagreement().map(Waiting::ClockAndSheetApart));
        let last_draw_claim = self
            .rulings
            .iter()
            .rfind(|applied| matches!(applied.finding, Finding::QuickplayClaim { .. }));
        if last_draw_claim.is_some_and(|applied| applied.ruling.outcome == Outcome::Postponed) {
            waiting.push(Waiting::DrawClaimPostponed);
        }
        if matches!(
            phase,
            Phase::Sealing | Phase::Sealed | Phase::Resumed | Phase::Missing | Phase::ReplySealed
        ) {
            waiting.push(Waiting::Adjournment { phase });
        }
        if self.sealed_move_to_record().is_some() {
            waiting.push(Waiting::SealedMoveToRecord);
        }
        // Between sessions (kept, set up) no clock runs for the game.
        let flag_counts = going_on
            || matches!(
                phase,
                Phase::Sealing | Phase::Resumed | Phase::Missing | Phase::ReplySealed
            );
        let flag_ruled_ms = self
            .rulings
            .iter()
            .rfind(|applied| {
                matches!(
                    applied.finding,
                    Finding::FlagSeen | Finding::TimeClaim { .. }
                )
            })
            .map(|applied| applied.at_ms);
        Pending {
            waiting,
            watched: clock.filter(|_| flag_counts).cloned(),
            flag_ruled_ms,
        }
    }
}
