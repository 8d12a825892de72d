//! `laws read`: the verdict on a written move (Appendix E, A8), as JSON.

use std::io::{BufRead, Write};

use laws::notation::{self, MoveReading, NotationLang, Note};
use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use crate::input::{Input, Unknown};

/// Arguments of `laws read`.
#[derive(clap::Args)]
pub struct Args {
    /// The position before the move (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// The writer's language: en, de, pl, fr, es, it, nl, ru.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Read JSON lines {"fen":..,"text":..,"lang":..} on stdin, one verdict per line.
    #[arg(long, conflicts_with_all = ["fen", "text"])]
    batch: bool,
    /// The move as written.
    #[arg(required_unless_present = "batch")]
    text: Option<String>,
}

/// One line of `--batch` input.
#[derive(Serialize, Deserialize)]
struct Request {
    #[serde(default)]
    fen: Option<String>,
    text: String,
    #[serde(default)]
    lang: Option<String>,
}

pub fn run(args: Args) -> Result<(), String> {
    if args.batch {
        return batch();
    }
    let text = args.text.unwrap_or_default();
    let lang: NotationLang = args.lang.parse().map_err(|e| format!("--lang: {e}"))?;
    let position = position(args.fen.as_deref()).map_err(|e| format!("--fen: {e}"))?;
    let answer = verdict(&position, &notation::read(&position, &text, lang));
    println!(
        "{}",
        serde_json::to_string(&answer).map_err(|e| format!("json: {e}"))?
    );
    Ok(())
}

/// Every line of stdin to one line of stdout; a bad line gets an error
/// verdict and the batch goes on.
fn batch() -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("stdin line {}: {e}", n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = one(&line, n + 1).unwrap_or_else(|reason| ReadAnswer::Error { reason });
        let answer = serde_json::to_string(&answer).map_err(|e| format!("json: {e}"))?;
        writeln!(out, "{answer}").map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}

/// The verdict on line `number`; a field it does not know (a misspelt
/// `lang` would read the move in English) leaves the move unjudged.
fn one(line: &str, number: usize) -> Result<ReadAnswer, String> {
    let request: Request = Input {
        source: &format!("line {number}"),
        what: "a request",
        unknown: Unknown::Refuse,
    }
    .read(line)?;
    let lang: NotationLang = request
        .lang
        .as_deref()
        .unwrap_or("en")
        .parse()
        .map_err(|e| format!("lang: {e}"))?;
    let position = position(request.fen.as_deref()).map_err(|e| format!("fen: {e}"))?;
    Ok(verdict(
        &position,
        &notation::read(&position, &request.text, lang),
    ))
}

fn position(fen: Option<&str>) -> Result<Chess, String> {
    let Some(fen) = fen else {
        return Ok(Chess::default());
    };
    let fen: Fen = fen.trim().parse().map_err(|e| format!("{e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("{e}"))
}

/// One line of output: the verdict first, then what goes with it.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum ReadAnswer {
    Legal {
        uci: String,
        san: String,
        notes: Vec<Note>,
        figurine: String,
    },
    Ambiguous {
        candidates: Vec<String>,
    },
    Unreadable {
        reason: String,
    },
    Illegal {
        reason: String,
    },
    /// Not a verdict on the move: the request itself was bad (batch only).
    Error {
        reason: String,
    },
}

fn verdict(position: &Chess, reading: &MoveReading) -> ReadAnswer {
    let uci = |m: &shakmaty::Move| m.to_uci(CastlingMode::Standard).to_string();
    match reading {
        MoveReading::Legal { mv, san, notes } => ReadAnswer::Legal {
            uci: uci(mv),
            san: san.clone(),
            notes: notes.clone(),
            figurine: notation::write_figurine(position, mv),
        },
        MoveReading::Ambiguous { candidates } => ReadAnswer::Ambiguous {
            candidates: candidates.iter().map(uci).collect(),
        },
        MoveReading::Unreadable { reason } => ReadAnswer::Unreadable {
            reason: reason.clone(),
        },
        MoveReading::Illegal { reason } => ReadAnswer::Illegal {
            reason: reason.clone(),
        },
    }
}
