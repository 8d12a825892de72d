//! What waits for the arbiter (`laws::game::Pending`): every case of
//! `tests/cases/waiting/waiting.jsonl` plays its steps on a game whose
//! clock starts at 0, each step 10 s after the one before (a wait more), then asks what
//! waits `then_s` seconds after the last step.

mod case_files;

use laws::adjournment::{AdjournmentEvent, Entropy, MIN_ITERATIONS, Resumption, SealingDraft};
use laws::clock::ClockAction;
use laws::game::{Event, Game, GameResult, Player, Setup, Side, Waiting};
use laws::irregularity::Finding;
use laws::notation::NotationLang;
use laws::scoresheet::Entry;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    name: String,
    #[serde(default = "standard")]
    control: String,
    steps: Vec<Step>,
    #[serde(default)]
    then_s: u64,
    expect: Vec<Waiting>,
}

fn standard() -> String {
    "5400+30".to_owned()
}

/// One step at the board.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Step {
    /// A move written and the clock pressed.
    Move(String),
    /// A move written, the clock not pressed.
    Write(String),
    Clock(ClockAction),
    Ruled(Finding),
    Result(GameResult),
    /// A1a: the player to move seals `text`; the arbiter has not verified.
    Seal(String),
    /// A3: the arbiter verifies the envelope against the record.
    Verify,
    Adjournment(AdjournmentEvent),
    /// Nothing for so many seconds more.
    Wait(u64),
}

fn apply(game: &mut Game, step: Step, at: u64) -> Result<(), String> {
    let play = game.fold().map_err(|e| e.to_string())?;
    let events = match step {
        Step::Move(text) => {
            let side = play.clock.as_ref().and_then(|c| c.running_side());
            let side = side.ok_or("no clock runs to press")?;
            vec![
                Event::Recorded(Entry::written(text)),
                Event::Clock(ClockAction::Press { side }),
            ]
        }
        Step::Write(text) => vec![Event::Recorded(Entry::written(text))],
        Step::Clock(action) => vec![Event::Clock(action)],
        Step::Ruled(finding) => vec![Event::ruled(finding)],
        Step::Result(result) => vec![Event::Result(result)],
        Step::Seal(text) => {
            let sealer = shakmaty::Position::turn(&play.position()).into();
            game.apply(
                Event::Adjournment(AdjournmentEvent::SealRequested {
                    sealer,
                    session_end_ms: 0,
                }),
                at,
            )
            .map_err(|e| e.to_string())?;
            game.apply(Event::Adjournment(AdjournmentEvent::Stopped), at)
                .map_err(|e| e.to_string())?;
            let outside = outside(game, at);
            let mut draft = SealingDraft::new(&outside).map_err(|e| e.to_string())?;
            draft
                .write(&text, NotationLang::En)
                .map_err(|e| e.to_string())?;
            let entropy = Entropy {
                salt: [1; 16],
                nonce: [2; 12],
            };
            let envelope = draft
                .seal(outside, at, 0, "2468", MIN_ITERATIONS, entropy)
                .map_err(|e| e.to_string())?;
            vec![Event::Adjournment(AdjournmentEvent::Sealed {
                envelope: Box::new(envelope),
            })]
        }
        Step::Verify => vec![Event::Adjournment(AdjournmentEvent::Verified {
            game: Box::new(outside(game, at)),
        })],
        Step::Adjournment(step) => vec![Event::Adjournment(step)],
        Step::Wait(_) => Vec::new(),
    };
    for event in events {
        game.apply(event, at).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The envelope's outside as the arbiter fills it in at `at`.
fn outside(game: &Game, at: u64) -> laws::adjournment::Envelope {
    let resumption = Resumption {
        date: "2026-12-02".into(),
        time: "10:00".into(),
        venue: "Hall B".into(),
    };
    game.fold()
        .unwrap()
        .envelope_outside(at, "Irena Arbiter", &resumption)
}

#[test]
fn what_waits_for_the_arbiter_is_folded_from_the_log() {
    let cases = case_files::jsonl("waiting", "waiting.jsonl");
    assert!(cases.len() >= 12);
    let mut failures = Vec::new();
    let count = cases.len();
    for value in cases {
        let case: Case = serde_json::from_value(value).unwrap();
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            time_control: case.control.parse().unwrap(),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 0);
        game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0)
            .unwrap();
        let mut at = 0;
        for (n, step) in case.steps.into_iter().enumerate() {
            at += 10_000;
            if let Step::Wait(s) = step {
                at += s * 1000;
            }
            if let Err(e) = apply(&mut game, step, at) {
                failures.push(format!("{}: step {}: {e}", case.name, n + 1));
            }
        }
        let waiting = game.fold().unwrap().pending().at(at + case.then_s * 1000);
        if waiting != case.expect {
            failures.push(format!(
                "{}: waiting {waiting:?}, expected {:?}",
                case.name, case.expect
            ));
        }
    }
    case_files::report(&failures, count);
}
