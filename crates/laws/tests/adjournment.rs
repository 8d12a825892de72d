//! Appendix A, article by article: each case file under
//! `tests/cases/adjournment/` walks an adjournment step by step and states
//! the ruling (or the refusal) each step must get. The format is in
//! `CLI-envelope.md`.

use std::path::Path;

use laws::adjournment::*;
use laws::game::Side;
use serde::Deserialize;
use serde_json::Value;

const PIN: &str = "2468";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    fen: String,
    sealer_moves: Vec<String>,
    #[serde(default)]
    draw_offer: Option<Side>,
    #[serde(default = "default_times")]
    time_used: TimeUsed,
    sealed_move: SealedMove,
    steps: Vec<Step>,
}

fn default_times() -> TimeUsed {
    TimeUsed {
        white_ms: 3_600_000,
        black_ms: 3_000_000,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    at_ms: u64,
    event: Value,
    #[serde(default)]
    expect: Option<Expect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    article: Option<String>,
    #[serde(default)]
    outcome: Option<Outcome>,
    #[serde(default)]
    exception: Option<String>,
    /// A substring of the refusal's message.
    #[serde(default)]
    error: Option<String>,
    /// The step gives no ruling.
    #[serde(default)]
    no_ruling: bool,
    #[serde(default)]
    time_used: Option<TimeUsed>,
    #[serde(default)]
    phase: Option<Phase>,
    #[serde(default)]
    archived_unopened: Option<bool>,
}

fn outside(case: &Case) -> Envelope {
    let move_number = case.fen.rsplit(' ').next().unwrap().parse().unwrap();
    let sealer = if case.fen.split(' ').nth(1) == Some("w") {
        Side::White
    } else {
        Side::Black
    };
    Envelope {
        event: "Club championship".into(),
        round: "5".into(),
        board: "2".into(),
        arbiter: "Irena Arbiter".into(),
        white: "Kowalski, Jan".into(),
        black: "Nowak, Anna".into(),
        fen: case.fen.clone(),
        moves: case.sealer_moves.clone(),
        time_used: case.time_used,
        sealer,
        move_number,
        draw_offer: case.draw_offer,
        resumption: Resumption {
            date: "2026-11-30".into(),
            time: "10:00".into(),
            venue: "Hall B".into(),
        },
        replies_to: None,
    }
}

/// Turns a case step into an event: the harness seals, verifies and opens
/// for real where the case writes a shortcut.
fn event(
    step: &Value,
    case: &Case,
    sealed: &SealedEnvelope,
    adjournment: &Adjournment,
    at: u64,
) -> AdjournmentEvent {
    let mut step = step.clone();
    match step["type"].as_str().unwrap() {
        "sealed" if step.get("envelope").is_none() => {
            return AdjournmentEvent::Sealed {
                envelope: Box::new(sealed.clone()),
            };
        }
        "verified" if step.get("game").is_none() => {
            return AdjournmentEvent::Verified {
                game: Box::new(outside(case)),
            };
        }
        "set_up" if step.get("time_used").is_none() => {
            return AdjournmentEvent::SetUp {
                time_used: case.time_used,
            };
        }
        "opened" if step.get("sealed_move").is_none() => {
            let envelope = adjournment.envelopes().last().unwrap_or(sealed);
            return AdjournmentEvent::Opened {
                sealed_move: envelope.open(PIN).unwrap(),
            };
        }
        "reply_sealed" => {
            let reply: SealedMove = serde_json::from_value(step["reply"].take()).unwrap();
            let reply_outside = adjournment.reply_envelope(at).unwrap();
            let entropy = Entropy {
                salt: [5; 16],
                nonce: [6; 12],
            };
            let envelope =
                SealedEnvelope::seal(reply_outside, &reply, PIN, MIN_ITERATIONS, entropy).unwrap();
            return AdjournmentEvent::ReplySealed {
                envelope: Box::new(envelope),
            };
        }
        _ => {}
    }
    serde_json::from_value(step).unwrap_or_else(|e| panic!("{}: bad event: {e}", case.name))
}

fn run_case(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let case: Case =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entropy = Entropy {
        salt: [3; 16],
        nonce: [4; 12],
    };
    let sealed = SealedEnvelope::seal(
        outside(&case),
        &case.sealed_move,
        PIN,
        MIN_ITERATIONS,
        entropy,
    )
    .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut adjournment = Adjournment::new(AdjournmentRules::default());
    for (i, step) in case.steps.iter().enumerate() {
        let at = step.at_ms;
        let event = event(&step.event, &case, &sealed, &adjournment, at);
        let context = format!("{} (step {}, {})", case.name, i + 1, event.name());
        let result = adjournment.apply(event, at);
        let Some(expect) = &step.expect else {
            result.unwrap_or_else(|e| panic!("{context}: refused: {e}"));
            continue;
        };
        if let Some(message) = &expect.error {
            let error = result.expect_err(&context).to_string();
            assert!(
                error.contains(message.as_str()),
                "{context}: error {error:?} lacks {message:?}"
            );
            continue;
        }
        let ruling = result.unwrap_or_else(|e| panic!("{context}: refused: {e}"));
        if expect.no_ruling {
            assert_eq!(ruling, None, "{context}");
        }
        if let Some(article) = &expect.article {
            let ruling = ruling
                .as_ref()
                .unwrap_or_else(|| panic!("{context}: no ruling"));
            assert_eq!(&ruling.article, article, "{context}: {ruling:?}");
            assert_eq!(ruling.exception, expect.exception, "{context}: {ruling:?}");
            if let Some(outcome) = expect.outcome {
                assert_eq!(ruling.outcome, outcome, "{context}: {ruling:?}");
            }
            assert!(!ruling.explanation.is_empty(), "{context}");
        }
        if let Some(time_used) = expect.time_used {
            assert_eq!(adjournment.time_used_at(at), time_used, "{context}");
        }
        if let Some(phase) = expect.phase {
            assert_eq!(adjournment.phase(), phase, "{context}");
        }
        if let Some(archived) = expect.archived_unopened {
            assert_eq!(adjournment.archived_unopened(), archived, "{context}");
        }
    }
    case.steps.len()
}

#[test]
fn every_case_file_rules_as_stated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/adjournment");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} case files", files.len());
    let steps: usize = files.iter().map(|f| run_case(f)).sum();
    assert!(steps > files.len());
}

#[test]
fn every_judge_scenario_rules_as_stated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/adjournment/judge");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    for file in files {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let scenario: Scenario = serde_json::from_value(case["scenario"].clone())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let verdicts = scenario
            .judge()
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let expect = &case["expect"];
        let ruling = serde_json::to_value(&verdicts.ruling).unwrap();
        for key in ["article", "outcome", "exception"] {
            assert_eq!(
                ruling.get(key),
                expect.get(key),
                "{}: {key} of {ruling}",
                file.display()
            );
        }
    }
}
