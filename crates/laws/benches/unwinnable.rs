//! Unwinnability, natively: the analyser's whole public test set, one
//! position at a time (both sides), then criterion on a few typical ones.
//!
//! `cargo bench -p laws --bench unwinnable` prints the whole-set figures
//! (median, 90th and 99th percentiles, worst, total) before criterion's own.

use std::time::{Duration, Instant};

use criterion::{Criterion, black_box};
use laws::unwinnable::{Budget, Dead, analyse, quick_check};
use shakmaty::{CastlingMode, Chess, Color, PositionError, fen::Fen};

const CASES: &str = include_str!("../tests/cases/unwinnable/positions.txt");

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .expect("a playable position")
}

fn test_set() -> Vec<(String, Chess)> {
    CASES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(_, fen)| (fen.to_owned(), position(fen)))
        .collect()
}

/// Times every position of the test set once and prints the distribution.
fn whole_test_set() {
    let mut times: Vec<(Duration, String)> = test_set()
        .into_iter()
        .map(|(fen, pos)| {
            let start = Instant::now();
            let report = analyse(&pos, Budget::DEFAULT);
            let elapsed = start.elapsed();
            assert_ne!(report.dead(), Dead::Undetermined, "undecided: {fen}");
            (elapsed, fen)
        })
        .collect();
    times.sort();
    let n = times.len();
    let total: Duration = times.iter().map(|(t, _)| *t).sum();
    let (worst, worst_fen) = &times[n - 1];
    println!(
        "unwinnable/whole test set: {n} positions, both sides each: median {:?}, p90 {:?}, p99 {:?}, worst {worst:?} ({worst_fen}), total {total:?}",
        times[n / 2].0,
        times[n * 9 / 10].0,
        times[n * 99 / 100].0,
    );
}

fn typical(c: &mut Criterion) {
    let samples = [
        (
            "start position",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "locked chain",
            "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1",
        ),
        (
            "bishop shut out",
            "8/1p6/kPp3p1/2P3p1/1pP3Pb/1P4p1/6P1/7K w - - 0 1",
        ),
        ("lone queen", "8/8/8/8/8/5k2/q7/7K b - - 0 1"),
    ];
    let mut group = c.benchmark_group("unwinnable");
    for (name, fen) in samples {
        let pos = position(fen);
        group.bench_function(format!("analyse/{name}"), |b| {
            b.iter(|| analyse(black_box(&pos), Budget::DEFAULT))
        });
        group.bench_function(format!("quick_check/{name}"), |b| {
            b.iter(|| quick_check(black_box(&pos), Color::White))
        });
    }
    group.finish();
}

fn main() {
    whole_test_set();
    let mut criterion = Criterion::default().configure_from_args();
    typical(&mut criterion);
    criterion.final_summary();
}
