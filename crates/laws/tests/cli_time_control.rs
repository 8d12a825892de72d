//! `laws time-control`: the parsed periods and the class as JSON.

use std::process::Command;

fn laws(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_laws"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn prints_periods_and_class() {
    let (code, out, _) = laws(&["time-control", "40/5400+30:1800+30"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["class"], "standard");
    assert_eq!(v["human"], "90'/40 + 30' + 30\"");
    assert_eq!(
        v["white"][0],
        serde_json::json!({"time_ms": 5400000, "moves": 40, "timing": {"method": "increment", "ms": 30000}})
    );
    assert_eq!(v["white"], v["black"]);
}

#[test]
fn reads_the_human_form_and_other_limits() {
    let (code, out, _) = laws(&["time-control", "60'", "--limits", "fide2018"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["time_control"].as_str(), v["class"].as_str()),
        (Some("3600"), Some("standard"))
    );
    let (_, out, _) = laws(&["time-control", "60'"]);
    assert!(out.contains("\"class\":\"rapid\""), "{out}");
}

#[test]
fn unknown_has_no_class() {
    let (code, out, _) = laws(&["time-control", "?"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["class"], serde_json::Value::Null);
    assert_eq!(v["white"], serde_json::Value::Null);
}

#[test]
fn lists_the_presets() {
    let (code, out, _) = laws(&["time-control", "--presets"]);
    assert_eq!(code, 0);
    let names: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["name"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert!(
        names.iter().any(|n| n.starts_with("Armageddon 5' vs 4'")),
        "{names:?}"
    );
    assert!(names.len() >= 10);
}

#[test]
fn a_bad_control_is_an_error() {
    let (code, out, err) = laws(&["time-control", "*180"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("sandclock"), "{err}");
}
