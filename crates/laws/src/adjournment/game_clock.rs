//! What the game's clock does after each step of an adjournment: the
//! sealer stops it (A1a), charged up to the session's end (A1b); the times
//! are set (A5, A11a, A12); the replier's or the absent sealer's clock runs
//! (A9b, A9c, A11a); it stops on arrival (A9b) and when the game ends.
//!
//! Each step's ruling names these as [`ClockEffect`]s; the game's fold
//! carries them out here. Nothing here is logged, except for games folded
//! the first way, whose logs carry their clock's actions as events.

use super::{ClockEffect, TimeUsed};
use crate::clock::{Clock, ClockAction, Setting};
use crate::side::Side;

/// The time used by each player as the clock indicates it at `at_ms`.
#[must_use]
pub fn time_used(clock: &Clock, at_ms: u64) -> TimeUsed {
    TimeUsed {
        white_ms: clock.account(Side::White, at_ms).indicated_used_ms(),
        black_ms: clock.account(Side::Black, at_ms).indicated_used_ms(),
    }
}

/// The arbiter sets the clock to indicate `used` (A5, A11a, A12), keeping
/// each side's moves and period.
fn set_clock(clock: &Clock, used: TimeUsed, at_ms: u64) -> ClockAction {
    let setting = |side: Side| Setting {
        remaining_ms: clock.account(side, at_ms).remaining_for_used(used.of(side)),
        moves: clock.moves(side),
        period: clock.period(side),
    };
    ClockAction::Adjust {
        white: setting(Side::White),
        black: setting(Side::Black),
    }
}

/// The actions that leave `side`'s clock running (or both stopped, for
/// `None`): a stopped clock restarted, then the other side's pressed as a
/// completed move (a sealed move, or a sealed reply, A9c).
fn run_clock(clock: &Clock, side: Option<Side>, at_ms: u64) -> Vec<ClockAction> {
    let mut clock = clock.clone();
    let mut actions = Vec::new();
    // At most: start or resume, then one press.
    for _ in 0..3 {
        let action = match side {
            None => clock.running_side().map(|_| ClockAction::Pause),
            Some(side) if !clock.is_started() => Some(ClockAction::Start { side }),
            Some(_) if clock.is_paused() => Some(ClockAction::Resume),
            Some(side) => clock
                .running_side()
                .filter(|running| *running != side)
                .map(|running| ClockAction::Press { side: running }),
        };
        let Some(action) = action else { break };
        if clock.apply(action, at_ms).is_err() {
            break;
        }
        actions.push(action);
    }
    actions
}

/// The game's clock as a step of the adjournment finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockNow {
    /// What each player has used, as the clock indicates it.
    pub time_used: TimeUsed,
    /// Whose clock runs (none while both are stopped).
    pub running: Option<Side>,
}

impl ClockNow {
    /// `clock` at `at_ms`.
    #[must_use]
    pub fn of(clock: &Clock, at_ms: u64) -> ClockNow {
        ClockNow {
            time_used: time_used(clock, at_ms),
            running: clock.running_side().filter(|_| !clock.is_paused()),
        }
    }
}

/// The clock actions that carry out a ruling's `effects` at `at_ms`, in
/// order, each from the clock as the one before left it.
pub(crate) fn carry_out(effects: &[ClockEffect], clock: &Clock, at_ms: u64) -> Vec<ClockAction> {
    let mut clock = clock.clone();
    let mut actions = Vec::new();
    for effect in effects {
        let step = match *effect {
            ClockEffect::Stop => run_clock(&clock, None, at_ms),
            ClockEffect::Set { time_used } => vec![set_clock(&clock, time_used, at_ms)],
            ClockEffect::Charge { side, ms } => {
                let used = time_used(&clock, at_ms).charged(side, ms);
                vec![set_clock(&clock, used, at_ms)]
            }
            ClockEffect::Run { side } => run_clock(&clock, Some(side), at_ms),
        };
        for action in step {
            if clock.apply(action, at_ms).is_ok() {
                actions.push(action);
            }
        }
    }
    actions
}

/// After the opened (or stated) move is written on the scoresheet: the
/// clock of the player to move runs, unless the game is over.
pub(crate) fn after_sealed_move(clock: &Clock, to_move: Side, at_ms: u64) -> Vec<ClockAction> {
    run_clock(clock, Some(to_move), at_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replier_s_clock_runs_after_the_sealed_move() {
        let mut clock = Clock::new(&"5400".parse().unwrap(), Default::default()).unwrap();
        assert_eq!(
            run_clock(&clock, Some(Side::Black), 0),
            [ClockAction::Start { side: Side::Black }]
        );
        clock
            .apply(ClockAction::Start { side: Side::White }, 5_000)
            .unwrap();
        clock.apply(ClockAction::Pause, 6_000).unwrap();
        let actions = run_clock(&clock, Some(Side::Black), 7_000);
        assert_eq!(
            actions,
            [
                ClockAction::Resume,
                ClockAction::Press { side: Side::White }
            ]
        );
        for action in actions {
            clock.apply(action, 7_000).unwrap();
        }
        assert_eq!(clock.running_side(), Some(Side::Black));
        assert!(run_clock(&clock, Some(Side::Black), 7_000).is_empty());
        assert_eq!(run_clock(&clock, None, 7_000), [ClockAction::Pause]);
    }
}
