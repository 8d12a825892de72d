//! `laws judge`: resumption scenarios through the binary, from a file and
//! from standard input.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn judge(arg: &str, stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(["judge", arg])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn cases() -> Vec<(std::path::PathBuf, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/adjournment/judge");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            (
                f.clone(),
                serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_scenario_from_standard_input_gets_its_ruling_and_article() {
    for (file, case) in cases() {
        let output = judge("-", Some(&case["scenario"].to_string()));
        let expect = &case["expect"];
        if let Some(message) = expect["error"].as_str() {
            assert_eq!(output.status.code(), Some(2), "{}", file.display());
            assert!(
                String::from_utf8_lossy(&output.stderr).contains(message),
                "{}",
                file.display()
            );
            assert!(output.stdout.is_empty());
            continue;
        }
        assert!(
            output.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(
            printed["ruling"]["article"],
            expect["article"],
            "{}",
            file.display()
        );
        assert_eq!(
            printed["ruling"]["outcome"],
            expect["outcome"],
            "{}",
            file.display()
        );
        assert!(printed["rulings"].as_array().unwrap().len() >= 3);
        assert_eq!(printed["fingerprint"].as_str().unwrap().len(), 14);
    }
}

#[test]
fn a_scenario_file_with_a_sealed_envelope_is_opened_with_the_pin() {
    let (_, case) = cases()
        .into_iter()
        .find(|(f, _)| f.ends_with("a08a-ambiguous.json"))
        .unwrap();
    let mut scenario = case["scenario"].clone();
    let outside: laws::adjournment::Envelope =
        serde_json::from_value(scenario["envelope"]["envelope"].clone()).unwrap();
    let sealed_move = serde_json::from_value(scenario["envelope"]["sealed_move"].clone()).unwrap();
    let entropy = laws::adjournment::Entropy {
        salt: [8; 16],
        nonce: [9; 12],
    };
    let sealed = laws::adjournment::SealedEnvelope::seal(
        outside,
        &sealed_move,
        "8642",
        laws::adjournment::MIN_ITERATIONS,
        entropy,
    )
    .unwrap();
    scenario["envelope"] = serde_json::to_value(&sealed).unwrap();
    let path = std::env::temp_dir().join(format!("laws-cli-judge-{}.json", std::process::id()));

    std::fs::write(&path, scenario.to_string()).unwrap();
    let no_pin = judge(path.to_str().unwrap(), None);
    assert_eq!(no_pin.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_pin.stderr).contains("PIN"));

    scenario["pin"] = Value::from("8642");
    std::fs::write(&path, scenario.to_string()).unwrap();
    let output = judge(path.to_str().unwrap(), None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed["sealed_move"]["verdict"], "ambiguous");
    assert_eq!(printed["ruling"]["article"], "A8a");
    assert_eq!(printed["ruling"]["outcome"], "black_wins");
}

#[test]
fn a_bad_scenario_is_an_error_on_stderr() {
    let output = judge("-", Some("{\"present\": []}"));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a resumption scenario"));
    let no_fen = r#"{"present": [], "envelope": {"envelope": {"white": "A"}, "sealed_move": {"text": "e4", "lang": "en"}}}"#;
    let output = judge("-", Some(no_fen));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing field `event`"));
    let missing = judge("/nonexistent/scenario.json", None);
    assert_eq!(missing.status.code(), Some(2));
    // A misspelt field would change the ruling unseen: it is refused, named.
    let (_, case) = &cases()[0];
    let mut misspelt = case["scenario"].clone();
    misspelt["arrive_after_ms"] = serde_json::json!({"white": 1});
    misspelt["missing"] = serde_json::json!({"position_reestablished": true, "stated": "e4"});
    let output = judge("-", Some(&misspelt.to_string()));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let refusal = String::from_utf8_lossy(&output.stderr);
    assert!(
        refusal.contains(
            "laws: -: unknown field `arrive_after_ms` (did you mean `arrives_after_ms`?)"
        ),
        "{refusal}"
    );
    assert!(
        refusal.contains("unknown field `missing.stated`"),
        "{refusal}"
    );
    assert!(refusal.contains("refused"), "{refusal}");
}
