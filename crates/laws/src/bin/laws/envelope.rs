//! `laws envelope open FILE --pin PIN`: opens an exported envelope and
//! prints the sealed move's verdict and the A8/A9 ruling.

use std::path::PathBuf;

use clap::Subcommand;
use laws::adjournment::{AdjournmentRules, SealedEnvelope, judge_sealed_move};

#[derive(Subcommand)]
pub enum EnvelopeCommand {
    /// Open a sealed envelope (JSON as exported by the app) with the arbiter's PIN.
    Open {
        /// The exported envelope.
        file: PathBuf,
        /// The arbiter's PIN.
        #[arg(long)]
        pin: String,
        /// The fingerprint printed at sealing, to compare before opening.
        #[arg(long)]
        fingerprint: Option<String>,
        /// The flag-fall article A8 refers to in your printing of the Laws.
        #[arg(long, default_value = "6.10")]
        flag_article: String,
    },
}

pub fn run(command: EnvelopeCommand) -> Result<(), String> {
    match command {
        EnvelopeCommand::Open {
            file,
            pin,
            fingerprint,
            flag_article,
        } => {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let sealed: SealedEnvelope = serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a sealed envelope: {e}", file.display()))?;
            if let Some(printed) = fingerprint
                && !sealed.has_fingerprint(&printed)
            {
                return Err(format!(
                    "the envelope has been tampered with or is not the one printed: its fingerprint is {}, the printout says {printed}",
                    sealed.fingerprint()
                ));
            }
            let sealed_move = sealed.open(&pin).map_err(|e| e.to_string())?;
            let position = sealed.envelope().position().map_err(|e| e.to_string())?;
            let rules = AdjournmentRules {
                flag_article,
                ..AdjournmentRules::default()
            };
            if rules.flag_article().is_none() {
                return Err(format!(
                    "--flag-article must be 6.10 or 6.9 (the flag-fall article), not {:?}",
                    rules.flag_article
                ));
            }
            let judgment =
                judge_sealed_move(&position, &sealed_move, &rules, laws::article::Article::A9a);
            let line = serde_json::json!({
                "fingerprint": sealed.fingerprint(),
                "sealer": sealed.envelope().sealer,
                "move_number": sealed.envelope().move_number,
                "sealed_move": sealed_move,
                "verdict": judgment.verdict,
                "ruling": judgment.ruling,
                "fen_after": judgment.fen_after,
            });
            println!("{line}");
            Ok(())
        }
    }
}
