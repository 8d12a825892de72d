//! `laws check FILE.pgn`: replays every game of a PGN file and prints one
//! JSON line per game with its first problem (see crates/laws/README.md).

use std::{io::Write, path::PathBuf};

use laws::pgn::{self, GameCheck};

/// Arguments of `laws check`.
#[derive(clap::Args)]
pub struct Args {
    /// The PGN file (`-` for stdin).
    file: PathBuf,
}

pub fn run(args: Args) -> Result<(), String> {
    let games = if args.file.as_os_str() == "-" {
        pgn::import(std::io::stdin().lock())
    } else {
        let file =
            std::fs::File::open(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
        pgn::import(std::io::BufReader::new(file))
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for game in &games {
        let line = serde_json::to_string(&GameCheck::of(game)).map_err(|e| format!("json: {e}"))?;
        writeln!(out, "{line}").map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}
