//! `laws check FILE.pgn`: one JSON line per game.

use std::process::Command;

use serde_json::Value;

fn check(path: &str) -> (Vec<Value>, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(["check", path])
        .output()
        .unwrap();
    let lines = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (lines, output.status.code().unwrap())
}

fn case(name: &str) -> String {
    format!("{}/tests/cases/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn each_game_gets_a_line_with_its_first_problem() {
    let (lines, code) = check(&case("errors.pgn"));
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[0],
        serde_json::json!({"game":1,"plies":2,"result":"*","problem":{"ply":3,"text":"Ke3","verdict":"illegal","reason":"no white king can move to e3"}})
    );
    assert_eq!(lines[1]["problem"]["verdict"], "ambiguous");
    assert_eq!(lines[1]["problem"]["reason"], "N1d2, N3d2");
    assert_eq!(lines[2]["problem"]["verdict"], "bad_fen");
    assert_eq!(
        lines[6],
        serde_json::json!({"game":7,"plies":1,"result":"*","problem":null})
    );
}

/// A token that is no move is the problem at its own ply, with its own text,
/// wherever it stands in the movetext (not at the next move, which fits).
#[test]
fn a_token_that_is_no_move_is_reported_at_its_own_ply() {
    let (lines, code) = check(&case("garbage.pgn"));
    assert_eq!(code, 0);
    let problems: Vec<(u64, &str, &str)> = lines
        .iter()
        .filter(|l| !l["problem"].is_null())
        .map(|l| {
            let p = &l["problem"];
            (
                p["ply"].as_u64().unwrap(),
                p["text"].as_str().unwrap(),
                p["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        problems,
        [
            (1, "Xz9", "unreadable"),
            (4, "Xz9", "unreadable"),
            (2, "Xz9", "unreadable"),
            (5, "Xz9", "unreadable"),
            (3, "Nf3x", "unreadable"),
            (3, "Xd5", "unreadable"),
        ]
    );
    // In a variation it is skipped with the variation; long notation is read.
    assert_eq!(lines[4]["problem"], Value::Null);
    assert_eq!(lines[6]["plies"], 3);
}

#[test]
fn a_clean_file_has_no_problems() {
    let (lines, code) = check(&case("lenient.pgn"));
    assert_eq!(code, 0);
    assert_eq!(
        lines[0],
        serde_json::json!({"game":1,"plies":9,"result":"1-0","problem":null})
    );
    assert!(lines.iter().all(|l| l["problem"].is_null()));
}

#[test]
fn a_missing_file_is_an_error_on_stderr() {
    let output = Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(["check", "/nonexistent/games.pgn"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/games.pgn"));
}
