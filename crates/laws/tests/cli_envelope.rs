//! `laws envelope open`: an exported envelope opened with the PIN, as an
//! arbiter would from a terminal.

mod envelope_outside;

use std::path::PathBuf;
use std::process::{Command, Output};

use laws::adjournment::{Entropy, MIN_ITERATIONS, SealedEnvelope, SealedMove, TimeUsed};
use laws::notation::Lang;
use serde_json::Value;

fn sealed(text: &str) -> SealedEnvelope {
    let time_used = TimeUsed {
        white_ms: 5_000_000,
        black_ms: 4_000_000,
    };
    let outside = envelope_outside::outside(
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 40",
        &[],
        time_used,
        None,
    );
    let sealed_move = SealedMove {
        text: text.into(),
        lang: Lang::En,
    };
    SealedEnvelope::seal(
        outside,
        &sealed_move,
        "2468",
        MIN_ITERATIONS,
        Entropy {
            salt: [3; 16],
            nonce: [4; 12],
        },
    )
    .unwrap()
}

fn file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "laws-cli-envelope-{}-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, contents).unwrap();
    path
}

fn open(path: &PathBuf, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(["envelope", "open"])
        .arg(path)
        .args(extra)
        .output()
        .unwrap()
}

fn verdict(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn opening_prints_the_move_its_verdict_and_the_ruling() {
    let envelope = sealed("Ra8");
    let path = file("mate", &serde_json::to_string(&envelope).unwrap());
    let out = verdict(&open(
        &path,
        &[
            "--pin",
            "2468",
            "--fingerprint",
            &envelope.fingerprint().to_lowercase(),
        ],
    ));
    assert_eq!(out["sealed_move"]["text"], "Ra8");
    assert_eq!(out["verdict"]["verdict"], "legal");
    assert_eq!(out["ruling"]["article"], "5.1a");
    assert_eq!(out["ruling"]["outcome"], "white_wins");
    assert_eq!(out["fingerprint"], envelope.fingerprint());

    let path = file("quiet", &serde_json::to_string(&sealed("h3")).unwrap());
    let out = verdict(&open(&path, &["--pin", "2468"]));
    assert_eq!(
        (
            out["ruling"]["article"].as_str(),
            out["ruling"]["outcome"].as_str()
        ),
        (Some("A9a"), Some("continue"))
    );
    assert_eq!(out["fen_after"], "6k1/5ppp/8/8/8/7P/5PP1/R5K1 b - - 0 40");
}

#[test]
fn a_faulty_sealed_move_is_judged_under_a8() {
    let path = file("illegal", &serde_json::to_string(&sealed("Qd8")).unwrap());
    let out = verdict(&open(&path, &["--pin", "2468"]));
    assert_eq!(out["verdict"]["verdict"], "illegal");
    assert_eq!(
        (
            out["ruling"]["article"].as_str(),
            out["ruling"]["outcome"].as_str()
        ),
        (Some("A8c"), Some("black_wins"))
    );
}

#[test]
fn a_wrong_pin_a_tampered_file_and_a_wrong_printout_are_refused() {
    let envelope = sealed("Ra8");
    let json = serde_json::to_string(&envelope).unwrap();
    let path = file("refused", &json);

    let wrong_pin = open(&path, &["--pin", "1357"]);
    assert_eq!(wrong_pin.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong_pin.stderr).contains("wrong PIN"));
    assert!(wrong_pin.stdout.is_empty());

    let wrong_printout = open(&path, &["--pin", "2468", "--fingerprint", "0000-0000-0000"]);
    assert_eq!(wrong_printout.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong_printout.stderr).contains("tampered"));

    let tampered = file(
        "tampered",
        &json.replace("\"black_ms\":4000000", "\"black_ms\":3000000"),
    );
    let out = open(&tampered, &["--pin", "2468"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tampered with"));

    let not_json = file("garbage", "{\"envelope\": 1}");
    let out = open(&not_json, &["--pin", "2468"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a sealed envelope"));
}
