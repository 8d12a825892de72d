//! `laws unwinnable`: one JSON line per position, from the command line or
//! a batch on standard input.

use std::process::Output;

mod laws_cli;

fn laws(args: &[&str], stdin: &str) -> Output {
    laws_cli::run(&[&["unwinnable"], args].concat(), stdin)
}

fn lines(output: &Output) -> Vec<serde_json::Value> {
    laws_cli::json_lines(&output.stdout)
}

#[test]
fn a_locked_pawn_chain_is_dead() {
    let out = laws(&["8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - -"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = &lines(&out)[0];
    assert_eq!(v["dead"], true);
    assert_eq!(v["white_can_mate"], false);
    assert_eq!(v["black_can_mate"], false);
    assert!(v["ms"].as_f64().is_some_and(|ms| ms >= 0.0));
    assert!(v.get("undetermined").is_none());
}

#[test]
fn only_the_side_with_the_queen_can_mate() {
    let out = laws(&["8/8/8/8/8/5k2/q7/7K b - - 0 1"], "");
    let v = &lines(&out)[0];
    assert_eq!(v["dead"], false);
    assert_eq!(v["white_can_mate"], false);
    assert_eq!(v["black_can_mate"], true);
}

#[test]
fn batch_writes_one_line_per_position_and_flags_bad_lines() {
    let input = "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - -\n\nnot a fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let out = laws(&["--batch"], input);
    assert_eq!(out.status.code(), Some(2), "a bad line fails the run");
    let v = lines(&out);
    assert_eq!(
        v.len(),
        3,
        "blank lines are skipped, bad ones get an error line"
    );
    assert_eq!(v[0]["dead"], true);
    assert!(
        v[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("not a FEN"))
    );
    assert_eq!(v[2]["dead"], false);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 3"));
}

#[test]
fn an_exhausted_budget_gives_null_and_a_note_never_a_verdict() {
    // Needs a long search either way.
    let out = laws(
        &[
            "--budget",
            "0",
            "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 w - -",
        ],
        "",
    );
    assert!(out.status.success());
    let v = &lines(&out)[0];
    assert!(v["white_can_mate"].is_null());
    assert!(v["dead"].is_null());
    assert!(
        v["undetermined"]
            .as_str()
            .is_some_and(|n| n.contains("budget"))
    );
}

#[test]
fn an_illegal_position_is_an_error() {
    let out = laws(&["8/8/8/8/8/8/8/8 w - - 0 1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a legal position"));
}
