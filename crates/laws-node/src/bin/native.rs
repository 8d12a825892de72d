//! The native side of `scripts/compare-speed.mjs`: times [`laws_node::summary`]
//! on a PGN file and prints one line of JSON with the summary and the
//! duration of every timed run in milliseconds.
//!
//! `native FILE.pgn [WARMUPS RUNS]` (default 3 warm-ups, 15 runs).

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, warmups, runs) = match args.as_slice() {
        [path] => (path, 3, 15),
        [path, warmups, runs] => (
            path,
            warmups.parse().expect("warm-ups: a number"),
            runs.parse().expect("runs: a number"),
        ),
        _ => {
            eprintln!("usage: native FILE.pgn [WARMUPS RUNS]");
            std::process::exit(2);
        }
    };
    let pgn = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let summary = laws_node::summary(&pgn);
    for _ in 0..warmups {
        std::hint::black_box(laws_node::summary(std::hint::black_box(&pgn)));
    }
    let runs_ms: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let again = laws_node::summary(std::hint::black_box(&pgn));
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            assert_eq!(again, summary);
            ms
        })
        .collect();
    println!(
        "{}",
        serde_json::json!({ "summary": summary, "runs_ms": runs_ms })
    );
}
