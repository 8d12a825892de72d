//! `laws trf boards` and `laws trf results`: a round of the pairing
//! program's file (TRF) as boards, and its results written back.

use std::path::{Path, PathBuf};

use laws::outcome::Outcome;
use laws::pgn::{self, PgnResult};
use laws::trf::encoding::Encoding;
use laws::trf::results::{GameResult, Played};
use laws::trf::{Pairings, TrfFile, engine};
use serde_json::{Value, json};

#[derive(clap::Subcommand)]
pub enum TrfCommand {
    /// Print a round's boards and byes as JSON, in board order.
    Boards(RoundArgs),
    /// Print the file with a round's results from its games (PGN) written
    /// in; exit status 3 when a game is not finished.
    Results {
        #[command(flatten)]
        round: RoundArgs,
        /// The round's games; `Round` `3.7` is round 3, board 7.
        #[arg(long)]
        pgn: PathBuf,
    },
}

#[derive(clap::Args)]
pub struct RoundArgs {
    /// The tournament report file (TRF-16, TRF-2026 or TRFx).
    file: PathBuf,
    /// The round, from 1 (default: the round paired and not yet played).
    #[arg(long)]
    round: Option<u32>,
    /// The pairing engine's list of pairs for the round (JaVaFo,
    /// bbpPairings), read instead of the file's own pairing.
    #[arg(long)]
    pairs: Option<PathBuf>,
}

/// What `run` ends with: success, or the exit status and message.
pub fn run(command: TrfCommand) -> Result<u8, String> {
    match command {
        TrfCommand::Boards(args) => {
            let (file, _, pairings) = read_round(&args)?;
            println!("{}", boards_json(&file, &pairings));
            Ok(0)
        }
        TrfCommand::Results { round, pgn } => results(&round, &pgn),
    }
}

/// A file's text, and how it was written (it goes back out so).
fn read_text(path: &Path) -> Result<(String, Encoding), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Encoding::decode(bytes))
}

fn read_round(args: &RoundArgs) -> Result<(TrfFile, Encoding, Pairings), String> {
    let (text, encoding) = read_text(&args.file)?;
    let at = |e: laws::trf::TrfError| format!("{}: {e}", args.file.display());
    let file = TrfFile::parse(&text).map_err(at)?;
    let round = match (args.round, &args.pairs) {
        (Some(round), _) => round,
        (None, Some(_)) => file.rounds_written() + 1,
        (None, None) => file.round_to_play().ok_or_else(|| {
            format!(
                "{}: no round is paired and unplayed: give --round",
                args.file.display()
            )
        })?,
    };
    let pairings = match &args.pairs {
        Some(path) => {
            let (pairs, _) = read_text(path)?;
            engine::pairings(&file, round, &pairs)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => file.pairings(round).map_err(at)?,
    };
    Ok((file, encoding, pairings))
}

fn boards_json(file: &TrfFile, pairings: &Pairings) -> Value {
    let player = |rank: u16| {
        file.player(rank)
            .map(|p| serde_json::to_value(p.summary()).expect("a summary serialises"))
            .unwrap_or(Value::Null)
    };
    json!({
        "round": pairings.round,
        "boards": pairings.boards.iter().map(|b| json!({
            "board": b.number,
            "white": player(b.white),
            "black": player(b.black),
        })).collect::<Vec<_>>(),
        "byes": pairings.byes.iter().map(|b| json!({
            "player": player(b.player),
            "code": b.code.map_or_else(|| "0000".to_owned(), |c| c.as_char().to_string()),
        })).collect::<Vec<_>>(),
    })
}

fn results(args: &RoundArgs, pgn_path: &Path) -> Result<u8, String> {
    let (file, encoding, pairings) = read_round(args)?;
    let source =
        std::fs::File::open(pgn_path).map_err(|e| format!("{}: {e}", pgn_path.display()))?;
    let mut played: Vec<Played> = Vec::new();
    for game in pgn::import(std::io::BufReader::new(source)) {
        let game = game.map_err(|e| format!("{}: {e}", pgn_path.display()))?;
        let named = |colour: &str| {
            let name = game.tag(colour).unwrap_or_default();
            let id = game
                .tag(&format!("{colour}FideId"))
                .and_then(|id| id.trim().parse().ok());
            file.find(name, id).map(|p| p.start_rank).ok_or_else(|| {
                format!(
                    "{}: game {}: {colour} {name:?} is not a player of the file",
                    pgn_path.display(),
                    game.number
                )
            })
        };
        let (white, black) = (named("White")?, named("Black")?);
        if let Some(round) = game.tag("Round").and_then(|r| r.split('.').next())
            && round
                .trim()
                .parse::<u32>()
                .is_ok_and(|r| r != pairings.round)
        {
            return Err(format!(
                "{}: game {} is of round {round}, not {}",
                pgn_path.display(),
                game.number,
                pairings.round
            ));
        }
        let board = pairings.board_of(white).filter(|b| {
            (b.white, b.black) == (white, black) || (b.white, b.black) == (black, white)
        });
        if board.is_none() {
            return Err(format!(
                "{}: game {}: players {white} and {black} are not paired in round {}",
                pgn_path.display(),
                game.number,
                pairings.round
            ));
        }
        if played.iter().any(|p| p.white == white || p.black == white) {
            return Err(format!(
                "{}: game {}: board of players {white} and {black} given twice",
                pgn_path.display(),
                game.number
            ));
        }
        played.push(Played {
            white,
            black,
            result: result_of(game.result, game.moves.len()),
        });
    }
    let mut unfinished = Vec::new();
    for board in &pairings.boards {
        match played
            .iter()
            .find(|p| p.white == board.white || p.black == board.white)
        {
            Some(p) if p.result.is_some() => {}
            Some(_) => unfinished.push(format!("board {} is not finished", board.number)),
            None => {
                unfinished.push(format!("board {} has no game in the PGN", board.number));
                played.push(Played {
                    white: board.white,
                    black: board.black,
                    result: None,
                });
            }
        }
    }
    let written = file
        .with_results(pairings.round, &played, &pairings.byes)
        .map_err(|e| e.to_string())?
        .to_text();
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, &encoding.encode(&written))
        .map_err(|e| format!("stdout: {e}"))?;
    for line in &unfinished {
        eprintln!(
            "laws: round {}: {line}: its result is left blank",
            pairings.round
        );
    }
    Ok(if unfinished.is_empty() { 0 } else { 3 })
}

/// The file's result for a game that ended `result` after `plies` moves
/// of either side (`GameResult::of`). PGN does not say who was absent: a
/// game with a winner and no move at all is read as a forfeit.
fn result_of(result: PgnResult, plies: usize) -> Option<GameResult> {
    let outcome = match result {
        PgnResult::WhiteWins => Outcome::WhiteWins,
        PgnResult::BlackWins => Outcome::BlackWins,
        PgnResult::Draw => Outcome::Draw,
        PgnResult::Unknown => return None,
    };
    GameResult::of(outcome, plies, plies == 0 && outcome != Outcome::Draw)
}
