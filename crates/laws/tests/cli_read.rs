//! `laws read`: one JSON verdict per move, single or batch.

use serde_json::{Value, json};

mod laws_cli;

fn laws(args: &[&str], stdin: &str) -> (Vec<Value>, String, i32) {
    let out = laws_cli::run(args, stdin);
    (
        laws_cli::json_lines(&out.stdout),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn one(args: &[&str]) -> Value {
    let (lines, stderr, code) = laws(args, "");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines.len(), 1);
    lines.into_iter().next().unwrap()
}

#[test]
fn legal_move_from_the_start_position() {
    let v = one(&["read", "Ng1-f3"]);
    assert_eq!(v["verdict"], "legal");
    assert_eq!(v["uci"], "g1f3");
    assert_eq!(v["san"], "Nf3");
    assert_eq!(v["notes"], json!(["origin_not_needed"]));
}

#[test]
fn ambiguous_lists_the_candidates() {
    let v = one(&["read", "--fen", "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Ne4"]);
    assert_eq!(
        v,
        json!({"verdict": "ambiguous", "candidates": ["c3e4", "g3e4"]})
    );
}

#[test]
fn castling_is_the_king_to_its_square_in_the_chosen_language() {
    let v = one(&[
        "read",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "--lang",
        "ru",
        "0-0-0",
    ]);
    assert_eq!(v["uci"], "e8c8");
    assert_eq!(v["san"], "O-O-O");
    let v = one(&["read", "--lang", "fr", "Cf3"]);
    assert_eq!(v["uci"], "g1f3");
}

#[test]
fn illegal_and_unreadable_give_reasons() {
    let v = one(&["read", "e5"]);
    assert_eq!(v["verdict"], "illegal");
    assert!(v["reason"].as_str().unwrap().contains("White's move"));
    let v = one(&["read", "--lang", "en", "Sf3"]);
    assert_eq!(v["verdict"], "unreadable");
    assert!(v["reason"].as_str().unwrap().contains("de, pl"));
}

#[test]
fn bad_fen_or_language_is_an_error_exit_2() {
    let (lines, stderr, code) = laws(&["read", "--fen", "not a fen", "e4"], "");
    assert_eq!((lines.len(), code), (0, 2));
    assert!(stderr.contains("--fen"), "{stderr}");
    let (_, stderr, code) = laws(&["read", "--lang", "xx", "e4"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown language code"), "{stderr}");
}

#[test]
fn batch_answers_every_line_and_survives_bad_ones() {
    let input = r#"{"text":"e4"}
{"fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1","text":"0-0","lang":"de"}
{"fen":"this is no fen","text":"e4"}

not json
{"text":"Sf3","lang":"xx"}
{"text":"Dh5","lang":"de","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}
{"text":"e8"}
"#;
    let (lines, stderr, code) = laws(&["read", "--batch"], input);
    assert_eq!(code, 0, "{stderr}");
    let verdicts: Vec<&str> = lines
        .iter()
        .map(|v| v["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "legal", "legal", "error", "error", "error", "legal", "illegal"
        ],
        "{lines:?}"
    );
    assert_eq!(lines[1]["uci"], "e1g1");
    assert!(lines[2]["reason"].as_str().unwrap().starts_with("fen:"));
    assert_eq!(lines[5]["san"], "Qh5");
}
