//! `laws`: the rules core's verdicts as JSON, for scripts and batch checks.

use clap::{Parser, Subcommand};

mod check;
mod clock;
mod envelope;
mod input;
mod irregularity;
mod judge;
mod read;
mod time_control;
mod trf;
mod unwinnable;

#[derive(Parser)]
#[command(
    name = "laws",
    version,
    about = "The FIDE Laws of Chess: verdicts as JSON"
)]
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
    /// Print a time control's periods and class (standard, rapid, blitz) as JSON.
    TimeControl(time_control::Args),
    /// Replay a clock log: timestamped actions as JSON lines on stdin, the clock after each.
    Clock(clock::Args),
    /// Sealed-move envelopes of adjourned games (Appendix A).
    Envelope {
        #[command(subcommand)]
        command: envelope::EnvelopeCommand,
    },
    /// Judge a resumption scenario given as JSON (Appendix A); `-` reads standard input.
    Judge { file: std::path::PathBuf },
    /// Read a written move: legal, ambiguous, illegal or unreadable (JSON).
    Read(read::Args),
    /// Replay every game of a PGN file: one JSON line per game with its first problem.
    Check(check::Args),
    /// Who can still checkmate by some series of legal moves (9.6, 6.9/6.10).
    Unwinnable(unwinnable::Args),
    /// Article 7 rulings: what applies now, one finding, the first illegal
    /// move of a record, or a position set up by hand.
    Irregularity(irregularity::Args),
    /// The pairing program's tournament report file (TRF): a round's
    /// boards, and its results written back.
    Trf {
        #[command(subcommand)]
        command: trf::TrfCommand,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::VerifyLog { file } => verify_log(&file),
        Command::TimeControl(args) => time_control::run(args),
        Command::Clock(args) => clock::run(args),
        Command::Envelope { command } => envelope::run(command),
        Command::Judge { file } => judge::run(&file),
        Command::Read(args) => read::run(args),
        Command::Check(args) => check::run(args),
        Command::Unwinnable(args) => unwinnable::run(args),
        Command::Irregularity(args) => irregularity::run(args),
        Command::Trf { command } => match trf::run(command) {
            Ok(0) => Ok(()),
            Ok(status) => return std::process::ExitCode::from(status),
            Err(message) => Err(message),
        },
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
    // Verifying the chain rules on nothing: a field it does not know is named.
    let game: laws::game::Game = input::Input {
        source: &file.display().to_string(),
        what: "a game record",
        unknown: input::Unknown::Warn,
    }
    .read(&text)?;
    let verdict = match game.verify_chain() {
        Ok(()) => serde_json::json!({"intact": true, "events": game.log().len()}),
        Err(e) => serde_json::json!({"intact": false, "reason": e.to_string()}),
    };
    println!("{verdict}");
    Ok(())
}
