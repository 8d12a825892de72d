//! `laws irregularity` end to end: JSON in, one JSON verdict a line out.

use std::process::Output;

mod laws_cli;

fn laws(args: &[&str], stdin: &str) -> Output {
    laws_cli::run(&[&["irregularity"], args].concat(), stdin)
}

fn lines(output: &Output) -> Vec<serde_json::Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const GAME: &str = r#"{"ruleset":{"edition":"2014+"},"moves":["e2e4","e7e5","f1e3"],
  "clocks":[{"white_ms":600000,"black_ms":600000},{"white_ms":590000,"black_ms":600000},{"white_ms":590000,"black_ms":580000}]}"#;

#[test]
fn lists_the_rulings_that_apply_now() {
    let out = lines(&laws(&["-"], GAME));
    let articles: Vec<&str> = out
        .iter()
        .map(|a| a["ruling"]["article"].as_str().unwrap())
        .collect();
    assert_eq!(
        articles,
        ["7.1a", "7.1b", "7.2", "7.3", "7.3", "7.4", "6.13"]
    );
}

#[test]
fn rules_on_one_finding() {
    let out = lines(&laws(
        &["-", "--finding", r#"{"finding":"illegal_move"}"#],
        GAME,
    ));
    assert_eq!(out.len(), 1);
    let effects = &out[0]["effects"];
    assert_eq!(
        effects[1],
        serde_json::json!({"type":"set_clocks","white_ms":590000,"black_ms":580000})
    );
    assert_eq!(
        effects[3],
        serde_json::json!({"type":"add_time","side":"black","ms":120000})
    );
}

#[test]
fn finds_the_first_illegal_move() {
    let out = lines(&laws(&["-", "--first-illegal"], GAME));
    assert_eq!(out[0]["illegal"]["ply"], 3);
    assert_eq!(out[0]["illegal"]["reason"]["reason"], "cannot_move_there");
}

#[test]
fn checks_a_hand_set_position() {
    let out = lines(&laws(&["--check-fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"], ""));
    assert_eq!(out[0]["valid"], false);
    assert_eq!(out[0]["reasons"][0]["reason"], "castling_right");
    let out = lines(&laws(&["--check-fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], ""));
    assert_eq!(out[0]["valid"], true);
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let out = laws(&["-"], "{\"moves\":[\"e2e9\"]}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a board move"));
    let out = laws(
        &["-", "--finding", "{\"finding\":\"illegal_move\"}"],
        "{\"moves\":[\"e2e4\"]}",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no illegal move to correct"));
    let out = laws(&["--check-fen", "not a fen"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// 6.9: `laws irregularity` rules a flag in a standard game as `laws clock`
/// does on the same position: one core function, one answer.
#[test]
fn a_standard_flag_is_ruled_as_laws_clock_rules_it() {
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "7k/8/8/8/8/8/8/KQ6 w - - 0 60",
        "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 60",
        "8/8/8/8/8/5k2/6n1/7K w - - 0 60",
        // A knight alone mates a king shut in by his own pawn: a win.
        "7K/7P/8/4k3/8/8/8/6n1 w - - 0 60",
    ] {
        let situation =
            serde_json::json!({"start": fen, "now": {"white_ms": 0, "black_ms": 60000}});
        let ruled = lines(&laws(
            &["-", "--finding", r#"{"finding":"flag_seen"}"#],
            &situation.to_string(),
        ));
        let log = format!(
            "{{\"at_ms\": 0, \"action\": \"start\", \"side\": \"white\"}}\n{{\"at_ms\": 5400001, \"ruling\": {{\"fen\": \"{fen}\"}}}}\n"
        );
        let clock = laws_cli::run(&["clock", "--control", "5400"], &log);
        let clock = &laws_cli::json_lines(&clock.stdout)[1]["ruling"];
        let (panel, clock_ruling) = (&ruled[0], clock);
        assert_eq!(panel["article"], "6.9", "{fen}");
        assert_eq!(panel["article"], clock_ruling["article"], "{fen}");
        assert_eq!(panel["explanation"], clock_ruling["explanation"], "{fen}");
        let outcome = match (
            clock_ruling["verdict"].as_str(),
            clock_ruling["winner"].as_str(),
        ) {
            (Some("win"), Some("black")) => "black_wins",
            (Some("draw"), _) => "draw",
            other => panic!("{fen}: {other:?}"),
        };
        assert_eq!(panel["outcome"], outcome, "{fen}");
    }
}
