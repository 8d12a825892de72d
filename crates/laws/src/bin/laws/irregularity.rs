//! `laws irregularity`: the Article 7 rulings for a game given as JSON.

use std::io::Read;
use std::path::PathBuf;

use laws::irregularity::editor::PositionEditor;
use laws::irregularity::replay::find_illegal_move;
use laws::irregularity::{Finding, Situation, actions_now, rule};

use crate::input::{Input, Unknown};

#[derive(clap::Args)]
pub struct Args {
    /// The game as JSON (`-` for stdin): ruleset, class, start (FEN), moves
    /// (board moves like "e2e4", null where unidentifiable), clocks
    /// ([{"white_ms":..,"black_ms":..}] per half-move), illegal_moves.
    #[arg(required_unless_present = "check_fen")]
    situation: Option<PathBuf>,
    /// Rule on this finding, e.g. '{"finding":"illegal_move"}', instead of
    /// listing every ruling that applies now.
    #[arg(long)]
    finding: Option<String>,
    /// Only find the first illegal move and the position to reinstate.
    #[arg(long, conflicts_with = "finding")]
    first_illegal: bool,
    /// Check a position set up by hand (FEN) instead.
    #[arg(long, conflicts_with_all = ["situation", "finding", "first_illegal"])]
    check_fen: Option<String>,
}

pub fn run(args: Args) -> Result<(), String> {
    if let Some(fen) = args.check_fen {
        let editor = PositionEditor::from_fen(&fen).map_err(|e| e.to_string())?;
        let verdict = match editor.validate() {
            Ok(_) => serde_json::json!({"valid": true, "fen": editor.fen()}),
            Err(refused) => serde_json::json!({
                "valid": false,
                "fen": refused.fen,
                "reasons": refused.reasons,
                "message": refused.to_string(),
            }),
        };
        println!("{verdict}");
        return Ok(());
    }
    let path = args.situation.expect("clap requires a situation");
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("stdin: {e}"))?;
        text
    } else {
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?
    };
    // A field it does not know could change the ruling: refused.
    let source = path.display().to_string();
    let situation: Situation = Input {
        source: &source,
        what: "a game situation",
        unknown: Unknown::Refuse,
    }
    .read(&text)?;
    let finding: Option<Finding> = args
        .finding
        .map(|finding| {
            Input {
                source: "--finding",
                what: "a finding",
                unknown: Unknown::Refuse,
            }
            .read(&finding)
        })
        .transpose()?;
    if args.first_illegal {
        let found = find_illegal_move(&situation.start, &situation.moves, &situation.clocks)
            .map_err(|e| e.to_string())?;
        println!("{}", to_json(&found));
    } else if let Some(finding) = finding {
        let ruling = rule(&finding, &situation).map_err(|e| e.to_string())?;
        println!("{}", to_json(&ruling));
    } else {
        for action in actions_now(&situation) {
            println!("{}", to_json(&action));
        }
    }
    Ok(())
}

fn to_json(value: &impl serde::Serialize) -> String {
    // Our own types always serialise.
    serde_json::to_string(value).expect("rulings serialise")
}
