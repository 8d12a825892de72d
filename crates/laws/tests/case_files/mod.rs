//! What the case-file tests share: reading JSON lines and FEN positions.
// Each test crate uses only some of these.
#![allow(dead_code)]

use serde_json::Value;
use shakmaty::{CastlingMode, Chess, fen::Fen};

/// The JSON lines of `tests/cases/<dir>/<name>`, blank lines and `#`
/// comment lines skipped.
pub fn jsonl(dir: &str, name: &str) -> Vec<Value> {
    let path = format!("{}/tests/cases/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// Every case line of the `.jsonl` files in `tests/cases/<dir>`, in file
/// order, each with where it stands (`file:line`); blank lines and `#`
/// comment lines skipped.
pub fn jsonl_dir(dir: &str) -> Vec<(String, Value)> {
    let path = format!("{}/tests/cases/{dir}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for (i, line) in std::fs::read_to_string(file).unwrap().lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            let case =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{at}: not a case: {e}"));
            cases.push((at, case));
        }
    }
    cases
}

/// All is well, or how many of the cases failed, and why.
pub fn report(failures: &[String], count: usize) {
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The position of a FEN string value; the standard start when absent.
pub fn position(fen: &Value) -> Chess {
    match fen.as_str() {
        Some(fen) => fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => Chess::default(),
    }
}

/// An array of strings.
pub fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

/// Whether `actual` has everything `expected` states: every key of an
/// expected object (others are ignored), arrays of the same length matched
/// item by item, a string `"~part"` as a substring, anything else equal.
/// `Err` names where they differ.
pub fn contains(actual: &Value, expected: &Value) -> Result<(), String> {
    match (actual, expected) {
        (Value::Object(actual), Value::Object(expected)) => {
            expected.iter().try_for_each(|(key, want)| {
                let got = actual.get(key).ok_or_else(|| format!("{key}: missing"))?;
                contains(got, want).map_err(|e| format!("{key}: {e}"))
            })
        }
        (Value::Array(actual), Value::Array(expected)) if actual.len() == expected.len() => actual
            .iter()
            .zip(expected)
            .enumerate()
            .try_for_each(|(i, (got, want))| {
                contains(got, want).map_err(|e| format!("[{i}]: {e}"))
            }),
        (Value::String(actual), Value::String(expected)) if expected.starts_with('~') => {
            match actual.contains(&expected[1..]) {
                true => Ok(()),
                false => Err(format!("{actual:?} lacks {:?}", &expected[1..])),
            }
        }
        _ if actual == expected => Ok(()),
        _ => Err(format!("got {actual}, expected {expected}")),
    }
}
