//! Our unwinnability analysis against chasolver 3.0.0, side by side in one
//! run, on chasolver's own test set (`tests/cases/unwinnable/positions.txt`):
//! each position is decided for both sides by ours (`analyse`) and by
//! chasolver (`winnability` for White, then for Black), one after the other.
//! Prints, for each, the median, 90th and 99th percentile, worst and total
//! time per position (a position decided within 10 ms: the best of up to
//! three runs), then how often each agrees with the set's labels and
//! with the other, and the slowest positions of ours.
//!
//! ```sh
//! cargo bench -p laws --bench unwinnable_vs_chasolver              # the 3,414 positions
//! cargo bench -p laws --bench unwinnable_vs_chasolver -- --slowest 100
//! ```
//!
//! `--slowest N`: only the N positions slowest for either solver in an
//! earlier measurement (`tests/cases/unwinnable/slowest.txt`, written by a
//! full run: the positions to work on); `--limit N`: the first N positions.
//! Exits non-zero when a verdict differs from the label.

use std::{
    str::FromStr,
    time::{Duration, Instant},
};

use chasolver::Winnability;
use laws::unwinnable::{Budget, CanMate, analyse};
use shakmaty::{CastlingMode, Chess, PositionError, fen::Fen};

const CASES: &str = include_str!("../tests/cases/unwinnable/positions.txt");
const SLOWEST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/cases/unwinnable/slowest.txt"
);

/// One position of the set: its label (`W-`, `-B`, `WB`, `--`) and FEN.
struct Case {
    label: String,
    fen: String,
}

/// Who can mate, White and Black, as a label.
fn label(white: bool, black: bool) -> String {
    format!(
        "{}{}",
        if white { 'W' } else { '-' },
        if black { 'B' } else { '-' }
    )
}

fn ours(fen: &str) -> Option<String> {
    let fen: Fen = fen.parse().ok()?;
    let position: Chess = fen
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .ok()?;
    let report = analyse(&position, Budget::DEFAULT);
    let can = |c| match c {
        CanMate::Yes => Some(true),
        CanMate::No => Some(false),
        CanMate::Undetermined => None,
    };
    Some(label(
        can(report.white_can_mate)?,
        can(report.black_can_mate)?,
    ))
}

fn chasolver(fen: &str) -> Option<String> {
    let board = chess::Board::from_str(fen).ok()?;
    let can = |color| match chasolver::winnability(&board, color)? {
        Winnability::Winnable { .. } => Some(true),
        Winnability::Unwinnable => Some(false),
    };
    Some(label(can(chess::Color::White)?, can(chess::Color::Black)?))
}

/// The answer and the shortest of up to three runs while they stay under
/// 10 ms in all: another process taking the core once can double a
/// position decided in a fraction of a millisecond; a slow position is run
/// once, its time being the search's.
fn best_of_three<T>(run: impl Fn() -> T) -> (T, Duration) {
    let start = Instant::now();
    let answer = run();
    let (mut best, mut spent) = (start.elapsed(), start.elapsed());
    for _ in 1..3 {
        if spent > Duration::from_millis(10) {
            break;
        }
        let start = Instant::now();
        std::hint::black_box(run());
        best = best.min(start.elapsed());
        spent += start.elapsed();
    }
    (answer, best)
}

/// Median, 90th and 99th percentile, worst and total, in milliseconds.
fn distribution(name: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let n = sorted.len();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| ms(sorted[((n as f64 * q) as usize).min(n - 1)]);
    println!(
        "{name:<22} {:>10.3} {:>10.3} {:>10.3} {:>10.1} {:>10.1}",
        at(0.5),
        at(0.9),
        at(0.99),
        ms(sorted[n - 1]),
        ms(sorted.iter().sum()) / 1000.0,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse::<usize>().ok())
    };
    let all: Vec<Case> = CASES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(label, fen)| Case {
            label: label.to_owned(),
            fen: fen.to_owned(),
        })
        .collect();
    let slowest = number("--slowest");
    let cases: Vec<&Case> = match slowest {
        Some(n) => {
            let fens: Vec<String> = std::fs::read_to_string(SLOWEST)
                .expect("no slowest.txt: run the whole set first")
                .lines()
                .take(n)
                .map(str::to_owned)
                .collect();
            all.iter().filter(|c| fens.contains(&c.fen)).collect()
        }
        None => all
            .iter()
            .take(number("--limit").unwrap_or(usize::MAX))
            .collect(),
    };

    let (mut ours_ms, mut theirs_ms) = (Vec::new(), Vec::new());
    let (mut ours_right, mut theirs_right, mut agree) = (0, 0, 0);
    for case in &cases {
        let (our, time) = best_of_three(|| ours(&case.fen));
        ours_ms.push(time);
        let (their, time) = best_of_three(|| chasolver(&case.fen));
        theirs_ms.push(time);
        ours_right += usize::from(our.as_deref() == Some(&case.label));
        theirs_right += usize::from(their.as_deref() == Some(&case.label));
        agree += usize::from(our.is_some() && our == their);
        if our.as_deref() != Some(&case.label) {
            println!(
                "ours: {} for {} ({})",
                our.as_deref().unwrap_or("undetermined"),
                case.fen,
                case.label
            );
        }
    }

    let n = cases.len();
    println!(
        "{n} positions, both sides each, natively, one after the other; ms per position (total in s):\n"
    );
    println!(
        "{:<22} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "", "median", "p90", "p99", "worst", "total s"
    );
    distribution("laws analyse", &ours_ms);
    distribution("chasolver winnability", &theirs_ms);
    println!(
        "\nagreeing with the labels: laws {ours_right} of {n}, chasolver {theirs_right} of {n}; with each other: {agree} of {n}"
    );

    // The positions slowest for either, slowest first: kept for --slowest.
    let mut by_time: Vec<(Duration, &str)> = cases
        .iter()
        .zip(ours_ms.iter().zip(&theirs_ms))
        .map(|(c, (o, t))| (*o.max(t), c.fen.as_str()))
        .collect();
    by_time.sort_by_key(|&(time, _)| std::cmp::Reverse(time));
    println!("\nslowest for ours (ours ms / chasolver ms):");
    let mut ours_slowest: Vec<(Duration, Duration, &str)> = cases
        .iter()
        .zip(ours_ms.iter().zip(&theirs_ms))
        .map(|(c, (o, t))| (*o, *t, c.fen.as_str()))
        .collect();
    ours_slowest.sort_by_key(|&(time, _, _)| std::cmp::Reverse(time));
    for (o, t, fen) in ours_slowest.iter().take(10) {
        println!(
            "  {:>9.1} {:>9.1}  {fen}",
            o.as_secs_f64() * 1000.0,
            t.as_secs_f64() * 1000.0
        );
    }
    if slowest.is_none() && n == all.len() {
        let list: Vec<&str> = by_time.iter().take(300).map(|(_, fen)| *fen).collect();
        std::fs::write(SLOWEST, list.join("\n") + "\n").expect("slowest.txt written");
    }
    if ours_right < n {
        std::process::exit(1);
    }
}
