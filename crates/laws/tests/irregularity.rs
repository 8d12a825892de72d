//! Data-driven rulings: every `*.jsonl` file under `tests/cases/irregularity`
//! holds one case a line (`#` starts a comment line). A case names the
//! `call`, its inputs, and `expect`: a JSON value the result must contain
//! (objects may leave keys out; arrays must match element for element).

mod case_files;

use laws::game::Side;
use laws::irregularity::editor::PositionEditor;
use laws::irregularity::replay::find_illegal_move;
use laws::irregularity::touch_move::touch_move;
use laws::irregularity::{ClockReading, Finding, Situation, actions_now, rule};
use laws::rapidplay::{
    QuickplayDecision, flags_seen, quickplay_claim, recording, time_claim, touch_move_ruling,
};
use laws::ruleset::Ruleset;
use laws::time_control::Class;
use serde::Deserialize;
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Square, fen::Fen};

#[derive(Deserialize)]
struct Case {
    name: String,
    #[serde(flatten)]
    call: Call,
    expect: Value,
}

#[derive(Deserialize)]
#[serde(tag = "call", rename_all = "snake_case")]
enum Call {
    Rule {
        situation: Situation,
        finding: Finding,
    },
    /// The articles of [`actions_now`], in order.
    Actions {
        situation: Situation,
    },
    FirstIllegal {
        situation: Situation,
    },
    TouchMove {
        fen: String,
        touched: Vec<String>,
    },
    Editor {
        fen: String,
    },
    Recording {
        class: Class,
        side: Side,
        remaining_ms: u64,
        increment_ms: u64,
    },
    TouchMoveRuling {
        fen: String,
        class: Class,
        touched: Vec<String>,
        requested: bool,
    },
    FlagsSeen {
        class: Class,
        reading: ClockReading,
    },
    TimeClaim {
        fen: String,
        class: Class,
        claimant: Side,
        reading: ClockReading,
    },
    Quickplay {
        fen: String,
        #[serde(default)]
        ruleset: Ruleset,
        claimant: Side,
        remaining_ms: u64,
        decision: QuickplayDecision,
    },
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("case FEN")
        .into_position(CastlingMode::Standard)
        .expect("case position")
}

fn squares(texts: &[String]) -> Vec<Square> {
    texts
        .iter()
        .map(|t| t.parse().expect("case square"))
        .collect()
}

/// The result as JSON, an error as `{"error": its message}`.
fn json_of<T: serde::Serialize, E: std::fmt::Display>(result: Result<T, E>) -> Value {
    match result {
        Ok(value) => serde_json::to_value(value).unwrap(),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

fn run(call: Call) -> Value {
    match call {
        Call::Rule { situation, finding } => json_of(rule(&finding, &situation)),
        Call::Actions { situation } => actions_now(&situation)
            .iter()
            .map(|a| json!([a.title, a.ruling.article, a.ruling.outcome]))
            .collect(),
        Call::FirstIllegal { situation } => json_of(find_illegal_move(
            &situation.start,
            &situation.moves,
            &situation.clocks,
        )),
        Call::TouchMove { fen, touched } => {
            json_of(touch_move(&position(&fen), &squares(&touched)))
        }
        Call::Editor { fen } => match PositionEditor::from_fen(&fen).unwrap().validate() {
            Ok(p) => {
                json!({ "ok": shakmaty::fen::Fen::from_position(&p, shakmaty::EnPassantMode::Legal).to_string() })
            }
            Err(refused) => json!({ "refused": refused.reasons, "message": refused.to_string() }),
        },
        Call::Recording {
            class,
            side,
            remaining_ms,
            increment_ms,
        } => json_of::<_, String>(Ok(recording(class, side, remaining_ms, increment_ms))),
        Call::TouchMoveRuling {
            fen,
            class,
            touched,
            requested,
        } => json_of(touch_move_ruling(
            &position(&fen),
            class,
            &squares(&touched),
            requested,
        )),
        Call::FlagsSeen { class, reading } => json_of(flags_seen(class, reading)),
        Call::TimeClaim {
            fen,
            class,
            claimant,
            reading,
        } => json_of(time_claim(&position(&fen), class, claimant, reading)),
        Call::Quickplay {
            fen,
            ruleset,
            claimant,
            remaining_ms,
            decision,
        } => json_of(quickplay_claim(
            &position(&fen),
            &ruleset,
            claimant,
            remaining_ms,
            decision,
        )),
    }
}

#[test]
fn irregularity_cases() {
    let cases = case_files::jsonl_dir("irregularity");
    let mut failures = Vec::new();
    for (at, value) in &cases {
        let case: Case = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{at}: not a case: {e}"));
        let actual = run(case.call);
        if let Err(e) = case_files::contains(&actual, &case.expect) {
            failures.push(format!(
                "{at} {}: {e}\n  expected {}\n  got      {}",
                case.name, case.expect, actual
            ));
        }
    }
    assert!(cases.len() >= 60, "only {} cases found", cases.len());
    case_files::report(&failures, cases.len());
}

#[test]
fn subset_matching_is_strict_where_it_must_be() {
    let contains = |actual, expected| case_files::contains(&actual, &expected).is_ok();
    assert!(contains(json!({"a": 1, "b": [1, 2]}), json!({"b": [1, 2]})));
    assert!(!contains(json!({"b": [1, 2]}), json!({"b": [1]})));
    assert!(contains(json!("the game is drawn"), json!("~drawn")));
    assert!(!contains(json!("drawn"), json!("the game is drawn")));
    assert!(!contains(json!({}), json!({"a": null})));
}
