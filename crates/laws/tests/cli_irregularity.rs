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
