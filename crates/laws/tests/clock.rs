//! The clock: scenarios from `cases/clock/scenarios.jsonl` and properties.
//!
//! A scenario line has a `control`, optional `settings`, a `log` of
//! timestamped actions and `checks`: at `at_ms`, after every action logged by
//! then, the clock's reading (or, with `ruling`, the flag ruling) must contain
//! `expect`. `times` lists the per-move times; `error` the refused action.
//! A logged `correction` (`undo_last_press`, `swap_sides`) is the arbiter's
//! correction of the clock.

use laws::clock::{
    AtZero, Clock, ClockAction, ClockCorrection, ClockError, ClockSettings, NextPeriod,
    ReplayError, Setting, rule_flag_fall,
};
use laws::game::Side;
use laws::time_control::{Class, TimeControl};
use proptest::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use shakmaty::{CastlingMode, Chess, fen::Fen};

mod case_files;
mod clock_strategies;
use case_files::contains;
use clock_strategies::control;

#[derive(Deserialize)]
struct Scenario {
    name: String,
    control: TimeControl,
    #[serde(default)]
    settings: ClockSettings,
    log: Vec<Logged>,
    checks: Vec<Check>,
    #[serde(default)]
    times: Option<Vec<Value>>,
    #[serde(default)]
    error: Option<ExpectedError>,
}

#[derive(Deserialize)]
struct Logged {
    at_ms: u64,
    #[serde(flatten)]
    step: Step,
}

/// A clock action, or the arbiter's correction.
#[derive(Deserialize, Clone, Copy)]
#[serde(untagged)]
enum Step {
    Correction { correction: ClockCorrection },
    Action(ClockAction),
}

/// The clock after `log`, as a game's fold builds it.
fn replay_log(scenario: &Scenario, log: &[&Logged]) -> Result<Clock, ReplayError> {
    let mut clock = Clock::new(&scenario.control, scenario.settings)
        .map_err(|error| ReplayError { index: 0, error })?;
    for (index, logged) in log.iter().enumerate() {
        let done: Result<(), ClockError> = match logged.step {
            Step::Action(action) => clock.apply(action, logged.at_ms),
            Step::Correction { correction } => clock.correct(correction, logged.at_ms),
        };
        done.map_err(|error| ReplayError { index, error })?;
    }
    Ok(clock)
}

#[derive(Deserialize)]
struct Check {
    at_ms: u64,
    #[serde(default)]
    ruling: Option<RulingRequest>,
    expect: Value,
}

#[derive(Deserialize)]
struct RulingRequest {
    class: Class,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    claimant: Option<Side>,
}

#[derive(Deserialize)]
struct ExpectedError {
    index: usize,
    message: String,
}

/// Whether every key of `expected` is in `actual` with the same value;
/// `explanation_contains` matches part of `explanation`.
fn replay(scenario: &Scenario, up_to_ms: u64) -> Clock {
    let log: Vec<_> = scenario
        .log
        .iter()
        .filter(|l| l.at_ms <= up_to_ms)
        .collect();
    replay_log(scenario, &log).unwrap_or_else(|e| panic!("{}: {e}", scenario.name))
}

#[test]
fn clock_scenarios() {
    let text = include_str!("cases/clock/scenarios.jsonl");
    let mut checks = 0;
    for (number, line) in text.lines().enumerate() {
        let scenario: Scenario =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let name = &scenario.name;
        if let Some(expected) = &scenario.error {
            let log: Vec<_> = scenario.log.iter().collect();
            let error = replay_log(&scenario, &log).expect_err(name);
            assert_eq!(error.index, expected.index, "{name}");
            assert!(
                error.to_string().contains(&expected.message),
                "{name}: {error}"
            );
            checks += 1;
        }
        for check in &scenario.checks {
            let clock = replay(&scenario, check.at_ms);
            let actual = match &check.ruling {
                None => serde_json::json!(clock.display(check.at_ms)),
                Some(request) => {
                    let position = match &request.fen {
                        Some(fen) => fen
                            .parse::<Fen>()
                            .unwrap()
                            .into_position(CastlingMode::Standard)
                            .unwrap(),
                        None => Chess::default(),
                    };
                    serde_json::json!(rule_flag_fall(
                        &clock,
                        check.at_ms,
                        &position,
                        request.class,
                        request.claimant
                    ))
                }
            };
            contains(&actual, &check.expect)
                .unwrap_or_else(|e| panic!("{name} at {} ms: {e}", check.at_ms));
            checks += 1;
        }
        if let Some(times) = &scenario.times {
            let clock = replay(&scenario, u64::MAX);
            let actual = serde_json::json!(clock.times());
            assert_eq!(
                actual.as_array().map(Vec::len),
                Some(times.len()),
                "{name}: number of moves timed"
            );
            times
                .iter()
                .zip(actual.as_array().unwrap())
                .try_for_each(|(want, got)| contains(got, want))
                .unwrap_or_else(|e| panic!("{name}: times: {e}"));
            checks += 1;
        }
    }
    assert!(checks >= 40, "only {checks} checks");
}

fn settings() -> impl Strategy<Value = ClockSettings> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(at_flag, run_on, before)| {
        ClockSettings {
            next_period: if at_flag {
                NextPeriod::AtFlag
            } else {
                NextPeriod::AtMoveCount
            },
            at_zero: if run_on {
                AtZero::RunOn
            } else {
                AtZero::Freeze
            },
            increment_before_first_move: before,
        }
    })
}

/// What the arbiter or a player does next, made valid for the clock's state.
#[derive(Debug, Clone, Copy)]
enum Intent {
    Press,
    Pause,
    AddTime(u64),
    Adjust(u64),
}

fn intents() -> impl Strategy<Value = Vec<(u64, Intent)>> {
    let intent = prop_oneof![
        8 => Just(Intent::Press),
        1 => Just(Intent::Pause),
        1 => (0u64..120_000).prop_map(Intent::AddTime),
        1 => (0u64..600_000).prop_map(Intent::Adjust),
    ];
    prop::collection::vec((0u64..200_000, intent), 0..60)
}

/// Turns intents into a log of actions the clock accepts.
fn actions(
    control: &TimeControl,
    intents: &[(u64, Intent)],
    adjust: bool,
) -> Vec<(u64, ClockAction)> {
    let mut clock = Clock::new(control, ClockSettings::default()).unwrap();
    let mut now = 0;
    let mut log = Vec::new();
    let mut push = |clock: &mut Clock, at: u64, action| {
        clock.apply(action, at).unwrap();
        log.push((at, action));
    };
    push(&mut clock, 0, ClockAction::Start { side: Side::White });
    for &(delta, intent) in intents {
        now += delta;
        let action = match (intent, clock.running_side()) {
            (_, None) => ClockAction::Resume,
            (Intent::Press, Some(side)) => ClockAction::Press { side },
            (Intent::Pause, Some(_)) => ClockAction::Pause,
            (Intent::AddTime(ms), Some(side)) => ClockAction::AddTime { side, ms },
            (Intent::Adjust(ms), Some(_)) if adjust => {
                let setting = |side| Setting {
                    remaining_ms: ms,
                    moves: clock.moves(side),
                    period: 1,
                };
                ClockAction::Adjust {
                    white: setting(Side::White),
                    black: setting(Side::Black),
                }
            }
            (Intent::Adjust(_), Some(side)) => ClockAction::Press { side },
        };
        push(&mut clock, now, action);
    }
    log
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// remaining + used = allotted + increments + additions, at every moment;
    /// a frozen clock never shows time below zero; time used never goes back.
    #[test]
    fn time_is_conserved(control in control(), settings in settings(), intents in intents(), probe in 0u64..300_000) {
        let log = actions(&control, &intents, true);
        let mut clock = Clock::new(&control, settings).unwrap();
        for &(at, action) in &log {
            clock.apply(action, at).unwrap();
            let mut used_before = [0; 2];
            for now in [at, at + probe / 2, at + probe] {
                for (i, side) in [Side::White, Side::Black].into_iter().enumerate() {
                    let account = clock.account(side, now);
                    let shown = clock.remaining(side, now) as i64 - clock.overtime(side, now) as i64;
                    let books = account.allotted_ms as i64 + account.increments_ms as i64 + account.added_ms
                        - account.used_ms as i64;
                    prop_assert_eq!(shown, books, "{:?} at {}", side, now);
                    if settings.at_zero == AtZero::Freeze {
                        prop_assert_eq!(clock.overtime(side, now), 0);
                    }
                    prop_assert!(account.used_ms >= used_before[i]);
                    used_before[i] = account.used_ms;
                }
            }
        }
    }

    /// With a move counter, a player is always in the period of his next move.
    #[test]
    fn periods_change_at_the_right_move(control in control(), intents in intents(), run_on in any::<bool>()) {
        let settings = ClockSettings {
            at_zero: if run_on { AtZero::RunOn } else { AtZero::Freeze },
            ..ClockSettings::default()
        };
        let log = actions(&control, &intents, false);
        let clock = Clock::replay(&control, settings, &log).unwrap();
        for side in [Side::White, Side::Black] {
            let schedule = control.schedule(side).unwrap();
            prop_assert_eq!(clock.period(side), schedule.period_of_move(clock.moves(side) + 1));
        }
        for time in clock.times() {
            let schedule = control.schedule(time.side).unwrap();
            prop_assert_eq!(time.period, schedule.period_of_move(time.number));
        }
    }

    /// A clock saved mid-game and reloaded resumes exactly as the one that
    /// never stopped: what a reload of the game's event log relies on.
    #[test]
    fn a_reload_resumes_exactly(control in control(), settings in settings(), intents in intents(), cut in 0usize..60) {
        let log = actions(&control, &intents, true);
        let cut = cut.min(log.len());
        let whole = Clock::replay(&control, settings, &log).unwrap();
        let first = Clock::replay(&control, settings, &log[..cut]).unwrap();
        let mut reloaded: Clock = serde_json::from_str(&serde_json::to_string(&first).unwrap()).unwrap();
        for &(at, action) in &log[cut..] {
            reloaded.apply(action, at).unwrap();
        }
        prop_assert_eq!(&reloaded, &whole);
        let end = log.last().map_or(0, |l| l.0) + 90_000;
        prop_assert_eq!(reloaded.display(end), whole.display(end));
    }

    /// A refused action leaves the clock as it was.
    #[test]
    fn refused_actions_change_nothing(control in control(), intents in intents()) {
        let log = actions(&control, &intents, true);
        let mut clock = Clock::replay(&control, ClockSettings::default(), &log).unwrap();
        let before = clock.clone();
        let last = log.last().map_or(0, |l| l.0);
        let not_running = match clock.running_side() { Some(Side::White) => Side::Black, _ => Side::White };
        let press = ClockAction::Press { side: not_running };
        let start = ClockAction::Start { side: Side::White };
        prop_assert!(clock.apply(press, last + 1).is_err());
        prop_assert!(clock.apply(start, last + 1).is_err());
        if last > 0 {
            prop_assert!(clock.apply(ClockAction::Pause, last - 1).is_err());
        }
        prop_assert_eq!(clock, before);
    }
}
