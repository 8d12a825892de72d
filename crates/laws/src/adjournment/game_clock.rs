//! What the game's clock does after each step of an adjournment: the
//! sealer stops it (A1a), charged up to the session's end (A1b); the times
//! are set (A5, A11a, A12); the replier's or the absent sealer's clock runs
//! (A9b, A9c, A11a); it stops on arrival (A9b) and when the game ends.
//!
//! The game's fold carries these out ([`crate::game::Game`]); nothing here
//! is logged, except for games folded the first way, whose logs carry
//! their clock's consequences as events ([`crate::game::Fold::First`]).

use super::{Adjournment, AdjournmentEvent, Phase, TimeUsed};
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

/// A1a, A1b: the sealer stops his clock at `at_ms`; before the session's
/// nominal end he is charged up to it, as if he sealed then.
fn stop_to_seal(adjournment: &Adjournment, clock: &Clock, at_ms: u64) -> Vec<ClockAction> {
    let mut clock = clock.clone();
    let mut actions = Vec::new();
    if clock.running_side().is_some() && !clock.is_paused() {
        actions.push(ClockAction::Pause);
        let _ = clock.apply(ClockAction::Pause, at_ms);
    }
    let used = time_used(&clock, at_ms);
    let charged =
        used.charged_to_session_end(adjournment.sealer(), at_ms, adjournment.session_end_ms());
    if charged != used {
        actions.push(set_clock(&clock, charged, at_ms));
    }
    actions
}

/// What the game's clock does after `step` took the adjournment from
/// `before` to `after` at `at_ms`: the times set (even to the times they
/// show) with what a clock running since used, and whose clock runs.
pub(crate) fn after_step(
    before: &Adjournment,
    after: &Adjournment,
    step: &AdjournmentEvent,
    clock: &Clock,
    at_ms: u64,
) -> Vec<ClockAction> {
    match step {
        // Adjourning, and the end of a session (A13): the sealer's clock
        // runs until he stops it.
        AdjournmentEvent::SealRequested { .. } | AdjournmentEvent::SessionEnded => Vec::new(),
        AdjournmentEvent::Stopped => stop_to_seal(after, clock, at_ms),
        // Sealed without the stop logged first: the sealer stopped then.
        AdjournmentEvent::Sealed { .. } if before.stopped_ms().is_none() => {
            stop_to_seal(after, clock, at_ms)
        }
        _ => {
            let mut clock = clock.clone();
            let mut actions = Vec::new();
            if after.clock_settings() != before.clock_settings() {
                let action = set_clock(&clock, after.time_used_at(at_ms), at_ms);
                if clock.apply(action, at_ms).is_ok() {
                    actions.push(action);
                }
            }
            let concluded = after.phase() == Phase::Concluded && before.phase() != Phase::Concluded;
            if after.running() != before.running() || concluded {
                actions.extend(run_clock(&clock, after.running(), at_ms));
            }
            actions
        }
    }
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
