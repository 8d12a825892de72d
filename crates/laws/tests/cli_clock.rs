//! `laws clock`: an arbiter replays a disputed clock log.

use serde_json::Value;

mod laws_cli;

fn clock(args: &[&str], input: &str) -> (i32, Vec<Value>, String) {
    let out = laws_cli::run(&[&["clock"], args].concat(), input);
    (
        out.status.code().unwrap(),
        laws_cli::json_lines(&out.stdout),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const GAME: &str = r#"{"at_ms": 0, "action": "start", "side": "white"}
{"at_ms": 12000, "action": "press", "side": "white"}

{"at_ms": 20000, "action": "pause"}
{"at_ms": 50000}
{"at_ms": 60000, "action": "resume"}
{"at_ms": 700000, "ruling": {"claimant": "white"}}
"#;

#[test]
fn prints_the_clock_after_each_line() {
    let (code, lines, err) = clock(&["--control", "300+2"], GAME);
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[1]["move"]["think_ms"], 12000);
    assert_eq!(lines[1]["move"]["clock_ms"], 292000);
    assert_eq!(lines[1]["clock"]["running"], "black");
    // Paused from 20 s: Black has used 8 s of 302.
    assert_eq!(lines[3]["clock"]["black"]["remaining_ms"], 294000);
    assert_eq!(lines[3]["clock"]["paused"], true);
    // Resumed at 60 s, Black's flag fell at 354 s; blitz: a claim counts.
    assert_eq!(lines[5]["clock"]["flagged_first"]["at_ms"], 354000);
    assert_eq!(lines[5]["ruling"]["verdict"], "win");
    assert_eq!(lines[5]["ruling"]["winner"], "white");
}

#[test]
fn settings_change_the_replay() {
    let log = "{\"at_ms\": 0, \"action\": \"start\", \"side\": \"white\"}\n{\"at_ms\": 400000}\n";
    let (_, frozen, _) = clock(&["--control", "300+2"], log);
    assert_eq!(frozen[1]["clock"]["white"]["overtime_ms"], 0);
    let (_, runs, _) = clock(
        &[
            "--control",
            "300+2",
            "--at-zero",
            "run-on",
            "--increment-after-move",
        ],
        log,
    );
    assert_eq!(runs[1]["clock"]["white"]["overtime_ms"], 100000);
    let fide = "{\"at_ms\": 0, \"action\": \"start\", \"side\": \"white\"}\n{\"at_ms\": 5500000}\n";
    let (_, at_flag, _) = clock(
        &[
            "--control",
            "40/5400+30:1800+30",
            "--next-period",
            "at-flag",
        ],
        fide,
    );
    assert_eq!(at_flag[1]["clock"]["white"]["period"], 2);
    assert_eq!(at_flag[1]["clock"]["white"]["flag"]["moves"], 0);
}

#[test]
fn a_refused_action_stops_the_replay_with_its_line() {
    let log = "{\"at_ms\": 0, \"action\": \"start\", \"side\": \"white\"}\n{\"at_ms\": 5, \"action\": \"press\", \"side\": \"black\"}\n{\"at_ms\": 6}\n";
    let (code, lines, err) = clock(&["--control", "300"], log);
    assert_eq!((code, lines.len()), (2, 1));
    assert!(
        err.contains("line 2: Black pressed but Black's clock is not running"),
        "{err}"
    );
}

#[test]
fn bad_lines_are_explained() {
    for (line, message) in [
        ("not json", "not JSON"),
        ("{\"action\": \"pause\"}", "missing \"at_ms\""),
        (
            "{\"at_ms\": 1, \"action\": \"jump\"}",
            "line 1: not a clock action",
        ),
        (
            "{\"at_ms\": 1, \"what\": 2}",
            "expected \"action\" or \"ruling\"",
        ),
        ("{\"at_ms\": 1, \"ruling\": {\"fen\": \"x\"}}", "bad FEN"),
        (
            "{\"at_ms\": 9, \"action\": \"start\", \"side\": \"white\"}\n{\"at_ms\": 8}",
            "line 2: 8 ms is earlier",
        ),
    ] {
        let (code, _, err) = clock(&["--control", "300"], line);
        assert_eq!(code, 2, "{line}");
        assert!(err.contains(message), "{line}: {err}");
    }
    let (code, _, err) = clock(&["--control", "-"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no time"), "{err}");
}
