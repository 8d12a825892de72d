//! `laws envelope open`: an exported envelope opened with the arbiter's key
//! file and passphrase, or with the PIN (first-release envelopes), as an
//! arbiter would from a terminal.

mod envelope_outside;

use std::path::PathBuf;
use std::process::{Command, Output};

use laws::adjournment::{Entropy, MIN_ITERATIONS, SealedEnvelope, SealedMove, TimeUsed};
use laws::notation::NotationLang;
use laws::sealing::arbiter_key::Recipient;
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
        lang: NotationLang::En,
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

fn laws(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(args)
        .env_remove("LAWS_KEY_PASSPHRASE")
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn an_envelope_sealed_to_a_key_opens_with_the_key_file_and_its_passphrase() {
    let key_path =
        std::env::temp_dir().join(format!("laws-cli-envelope-{}-key.json", std::process::id()));
    let _ = std::fs::remove_file(&key_path);
    let key = key_path.to_str().unwrap();
    let pass = file("pass", "correct horse battery\n");
    // Too short a passphrase is refused.
    let short = laws(
        &["envelope", "key", "new", "--name", "Chief", "--out", key],
        &[("LAWS_KEY_PASSPHRASE", "eleven char")],
        "",
    );
    assert_eq!(short.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&short.stderr);
    assert!(stderr.contains("at least 12"), "{stderr}");
    let made = laws(
        &[
            "envelope",
            "key",
            "new",
            "--name",
            "Chief",
            "--out",
            key,
            "--passphrase-file",
            pass.to_str().unwrap(),
        ],
        &[],
        "",
    );
    let recipient: Recipient = serde_json::from_value(verdict(&made)).unwrap();
    assert_eq!(recipient.name, "Chief");
    let key_file = std::fs::read_to_string(&key_path).unwrap();
    assert!(key_file.contains("\"protected_by\": \"passphrase\""));
    assert!(key_file.contains("argon2id"));
    // The public key alone, without the passphrase.
    let public = laws(&["envelope", "key", "public", key], &[], "");
    assert_eq!(
        serde_json::from_value::<Recipient>(verdict(&public)).unwrap(),
        recipient
    );

    let outside = sealed("Ra8").envelope().clone();
    let sealed_move = SealedMove {
        text: "Ra8".into(),
        lang: NotationLang::En,
    };
    let envelope =
        SealedEnvelope::seal_to_keys(outside, &sealed_move, &[recipient], [1; 32]).unwrap();
    let path = file("keyed", &serde_json::to_string(&envelope).unwrap());
    let envelope_arg = path.to_str().unwrap();

    // The passphrase from a file, from the environment, from stdin.
    for (extra, env, stdin) in [
        (
            vec!["--passphrase-file", pass.to_str().unwrap()],
            vec![],
            "",
        ),
        (
            vec![],
            vec![("LAWS_KEY_PASSPHRASE", "correct horse battery")],
            "",
        ),
        (vec![], vec![], "correct horse battery\n"),
    ] {
        let mut args = vec!["envelope", "open", envelope_arg, "--key", key];
        args.extend(extra);
        let out = verdict(&laws(&args, &env, stdin));
        assert_eq!(out["sealed_move"]["text"], "Ra8");
        assert_eq!(out["sealed_to"], "keys");
        assert_eq!(out["ruling"]["article"], "5.1a");
    }
    // A wrong passphrase, or a PIN, does not open it.
    let wrong = laws(
        &["envelope", "open", envelope_arg, "--key", key],
        &[],
        "correct horse batterY\n",
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("wrong passphrase"));
    let pin = open(&path, &["--pin", "2468"]);
    assert_eq!(pin.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&pin.stderr).contains("not with a PIN alone"));
    // Another arbiter's key: intact, but not his.
    let other_path = std::env::temp_dir().join(format!(
        "laws-cli-envelope-{}-other-key.json",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&other_path);
    let other = other_path.to_str().unwrap();
    verdict(&laws(
        &["envelope", "key", "new", "--name", "Deputy", "--out", other],
        &[("LAWS_KEY_PASSPHRASE", "another long passphrase")],
        "",
    ));
    let not_his = laws(
        &["envelope", "open", envelope_arg, "--key", other],
        &[("LAWS_KEY_PASSPHRASE", "another long passphrase")],
        "",
    );
    assert_eq!(not_his.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&not_his.stderr).contains("not sealed to the key"));
    // A PIN envelope of the first release still opens with its PIN, not with a key.
    let old = file("old", &serde_json::to_string(&sealed("Ra8")).unwrap());
    assert_eq!(verdict(&open(&old, &["--pin", "2468"]))["sealed_to"], "pin");
    let keyed = laws(
        &["envelope", "open", old.to_str().unwrap(), "--key", key],
        &[("LAWS_KEY_PASSPHRASE", "correct horse battery")],
        "",
    );
    assert!(String::from_utf8_lossy(&keyed.stderr).contains("sealed under a PIN"));
    // The key file is not overwritten.
    let again = laws(
        &["envelope", "key", "new", "--name", "X", "--out", key],
        &[("LAWS_KEY_PASSPHRASE", "correct horse battery")],
        "",
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    for path in [&key_path, &other_path] {
        std::fs::remove_file(path).unwrap();
    }
}
