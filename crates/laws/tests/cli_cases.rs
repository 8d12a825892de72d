//! The `laws` binary, run as a user runs it: every `*.jsonl` file under
//! `tests/cases/cli` holds one run a line (`#` starts a comment line):
//!
//! - `args`: the command line after `laws`; an argument that is not a
//!   string is written as JSON (a `--finding`), `{file}` stands for the
//!   path of `file`;
//! - `stdin`: a string as it is, an array as JSON lines, anything else as
//!   one JSON value;
//! - `file`: written to a file of its own (a string as it is, anything
//!   else as JSON);
//! - `expect`: `status` (the exit status), `stdout` (one value per line
//!   printed, each contained in it as in the other case files: objects may
//!   leave keys out, `~` strings need only be part of the actual one) and
//!   `stderr` (texts it must contain; `[]`: it must be empty).

use serde_json::Value;

mod case_files;
mod laws_cli;

use case_files::contains;

fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Runs one case; what differs from `expect`, if anything.
fn run(case: &Value, at: &str) -> Result<(), String> {
    let file = case.get("file").map(|contents| {
        let path = std::env::temp_dir().join(format!(
            "laws-cli-case-{}-{}.json",
            std::process::id(),
            at.replace([':', '.', '/'], "-")
        ));
        std::fs::write(&path, text_of(contents)).unwrap();
        path
    });
    let args: Vec<String> = case["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|arg| {
            let arg = text_of(arg);
            match &file {
                Some(path) => arg.replace("{file}", path.to_str().unwrap()),
                None => arg,
            }
        })
        .collect();
    let stdin = match case.get("stdin") {
        None => String::new(),
        Some(Value::Array(lines)) => lines.iter().map(|l| text_of(l) + "\n").collect(),
        Some(value) => text_of(value),
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = laws_cli::run(&args, &stdin);
    if let Some(path) = file {
        std::fs::remove_file(path).unwrap();
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expect = &case["expect"];
    let mut wrong = Vec::new();
    if let Some(status) = expect.get("status")
        && output.status.code().map(Value::from).as_ref() != Some(status)
    {
        wrong.push(format!("exit status {:?}", output.status.code()));
    }
    if let Some(lines) = expect.get("stdout") {
        let printed: Vec<Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or(Value::String(l.to_owned())))
            .collect();
        if let Err(e) = contains(&Value::Array(printed), lines) {
            wrong.push(format!("standard output: {e}"));
        }
    }
    if let Some(Value::Array(texts)) = expect.get("stderr") {
        let missing = texts
            .iter()
            .any(|t| !stderr.contains(t.as_str().expect("stderr texts")));
        if missing || (texts.is_empty() && !stderr.is_empty()) {
            wrong.push("standard error".to_owned());
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} differs\n  args {args:?}\n  status {:?}\n  stdout {stdout}\n  stderr {stderr}",
            wrong.join(", "),
            output.status.code()
        ))
    }
}

#[test]
fn cli_cases() {
    let cases = case_files::jsonl_dir("cli");
    let mut failures = Vec::new();
    for (at, case) in &cases {
        if let Err(why) = run(case, at) {
            failures.push(format!("{at} {}: {why}", case["name"]));
        }
    }
    assert!(cases.len() >= 20, "only {} cases found", cases.len());
    case_files::report(&failures, cases.len());
}
