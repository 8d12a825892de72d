//! `laws unwinnable FEN` / `laws unwinnable --batch`: who can still checkmate.

use std::io::{BufRead, Write};
use std::time::Instant;

use laws::unwinnable::{Budget, Report, analyse};
use shakmaty::{CastlingMode, Chess, PositionError, fen::Fen};

/// Arguments of `laws unwinnable`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (FEN; the move counters may be left out).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    fen: Option<String>,
    /// Read FENs from standard input, one per line; write one JSON line each.
    #[arg(long)]
    batch: bool,
    /// Search nodes allowed per side (default: enough for the analyser's test set).
    #[arg(long, default_value_t = Budget::DEFAULT.nodes)]
    budget: u64,
}

pub fn run(args: Args) -> Result<(), String> {
    let budget = Budget { nodes: args.budget };
    if let Some(fen) = args.fen {
        let line = verdict_line(&fen, budget)?;
        println!("{line}");
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut failed = 0usize;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        // A bad line still gets its output line, so outputs stay aligned with inputs.
        let out = verdict_line(fen, budget).unwrap_or_else(|e| {
            failed += 1;
            eprintln!("laws: line {}: {e}", number + 1);
            serde_json::json!({ "error": e }).to_string()
        });
        writeln!(stdout, "{out}").map_err(|e| format!("standard output: {e}"))?;
    }
    if failed > 0 {
        Err(format!("{failed} line(s) were not positions"))
    } else {
        Ok(())
    }
}

fn verdict_line(fen: &str, budget: Budget) -> Result<String, String> {
    let pos = position(fen)?;
    let start = Instant::now();
    let report = analyse(&pos, budget);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(json(&report, budget, ms))
}

/// Parses a FEN into a position whose moves can be played: positions that
/// could not arise in a game (too much material, an impossible check) are
/// still analysed, as the analyser does.
fn position(fen: &str) -> Result<Chess, String> {
    let parsed: Fen = fen.parse().map_err(|e| format!("not a FEN ({e}): {fen}"))?;
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| format!("not a legal position ({e}): {fen}"))
}

/// One output line.
#[derive(serde::Serialize)]
struct Line {
    dead: Option<bool>,
    white_can_mate: Option<bool>,
    black_can_mate: Option<bool>,
    ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    undetermined: Option<String>,
}

fn json(report: &Report, budget: Budget, ms: f64) -> String {
    let white_can_mate = report.white_can_mate.decided();
    let black_can_mate = report.black_can_mate.decided();
    let line = Line {
        dead: report.dead().decided(),
        white_can_mate,
        black_can_mate,
        ms: (ms * 1000.0).round() / 1000.0,
        undetermined: (white_can_mate.is_none() || black_can_mate.is_none()).then(|| {
            format!(
                "not decided within the budget of {} nodes per side: no verdict",
                budget.nodes
            )
        }),
    };
    serde_json::to_string(&line).unwrap_or_default()
}
