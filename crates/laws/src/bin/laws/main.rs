//! `laws`: the rules core's verdicts as JSON, for scripts and batch checks.

use clap::{Parser, Subcommand};

mod unwinnable;

#[derive(Parser)]
#[command(name = "laws", version, about = "The FIDE Laws of Chess: verdicts as JSON")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Verify a game file's event chain (the tamper-evident log).
    VerifyLog {
        /// A game record as exported by the app (JSON).
        file: std::path::PathBuf,
    },
    /// Who can still checkmate by some series of legal moves (9.6, 6.9/6.10).
    Unwinnable(unwinnable::Args),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::VerifyLog { file } => verify_log(&file),
        Command::Unwinnable(args) => unwinnable::run(args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("laws: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

fn verify_log(file: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let game: laws::game::Game =
        serde_json::from_str(&text).map_err(|e| format!("{}: not a game record: {e}", file.display()))?;
    let verdict = match game.verify_chain() {
        Ok(()) => serde_json::json!({"intact": true, "events": game.log().len()}),
        Err(e) => serde_json::json!({"intact": false, "reason": e.to_string()}),
    };
    println!("{verdict}");
    Ok(())
}
