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

/// Whether `actual` contains `expected`: strings in `expected` that start
/// with `~` need only be contained in the actual string.
pub fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|av| contains(av, v))),
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(av, ev)| contains(av, ev))
        }
        (Value::String(a), Value::String(e)) => match e.strip_prefix('~') {
            Some(part) => a.contains(part),
            None => a == e,
        },
        _ => actual == expected,
    }
}
