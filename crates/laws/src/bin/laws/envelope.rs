//! `laws envelope open FILE (--key KEYFILE | --pin PIN)`: opens an exported
//! envelope and prints the sealed move's verdict and the A8/A9 ruling.
//! `laws envelope key new|public`: the arbiter's key pair as a file.

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use clap::Subcommand;
use laws::adjournment::{AdjournmentRules, Entropy, SealedEnvelope, judge_sealed_move};
use laws::sealing::arbiter_key::{ArbiterSecret, Cost, KeyFile, Protection};

/// The environment variable a key file's passphrase may come from.
const PASSPHRASE_ENV: &str = "LAWS_KEY_PASSPHRASE";

use crate::input::{Input, Unknown};

#[derive(Subcommand)]
pub enum EnvelopeCommand {
    /// Open a sealed envelope (JSON as exported by the app): one sealed to
    /// keys with the arbiter's exported key file and its passphrase, one
    /// sealed under a PIN (the first release) with that PIN.
    Open {
        /// The exported envelope.
        file: PathBuf,
        /// The arbiter's key file (exported from his tablet, protected by a
        /// passphrase). The passphrase is read from --passphrase-file, else
        /// from $LAWS_KEY_PASSPHRASE, else from the first line of stdin.
        #[arg(long, conflicts_with = "pin", required_unless_present = "pin")]
        key: Option<PathBuf>,
        /// A file whose first line is the key file's passphrase.
        #[arg(long, requires = "key")]
        passphrase_file: Option<PathBuf>,
        /// The arbiter's PIN, for an envelope sealed under a PIN.
        #[arg(long)]
        pin: Option<String>,
        /// The fingerprint printed at sealing, to compare before opening.
        #[arg(long)]
        fingerprint: Option<String>,
        /// The flag-fall article A8 refers to in your printing of the Laws.
        #[arg(long, default_value = "6.10")]
        flag_article: String,
    },
    /// The arbiter's key pair.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
}

#[derive(Subcommand)]
pub enum KeyCommand {
    /// Make a key pair (from the system's random source) and write it,
    /// wrapped under a passphrase of at least 12 characters (read as for
    /// `open`), to --out. Prints the public key (the recipient) as JSON.
    New {
        /// The arbiter's name, shown to whoever seals to this key.
        #[arg(long)]
        name: String,
        /// Where to write the key file (refuses to overwrite one).
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        passphrase_file: Option<PathBuf>,
    },
    /// Print the public key (the recipient) of a key file as JSON: no
    /// passphrase needed.
    Public { key: PathBuf },
}

pub fn run(command: EnvelopeCommand) -> Result<(), String> {
    match command {
        EnvelopeCommand::Open {
            file,
            key,
            passphrase_file,
            pin,
            fingerprint,
            flag_article,
        } => {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            // The fingerprint covers the fields it knows: another one
            // changes nothing, and is named.
            let sealed: SealedEnvelope = Input {
                source: &file.display().to_string(),
                what: "a sealed envelope",
                unknown: Unknown::Warn,
            }
            .read(&text)?;
            if let Some(printed) = fingerprint
                && !sealed.has_fingerprint(&printed)
            {
                return Err(format!(
                    "the envelope has been tampered with or is not the one printed: its fingerprint is {}, the printout says {printed}",
                    sealed.fingerprint()
                ));
            }
            let sealed_move = match (key, pin) {
                (Some(key), _) => {
                    let key = read_key_file(&key)?;
                    let passphrase = passphrase(passphrase_file.as_deref())?;
                    let secret = key.unwrap(&passphrase).map_err(|e| e.to_string())?;
                    sealed.open_with_key(&secret)
                }
                (None, Some(pin)) => sealed.open(&pin),
                (None, None) => return Err("give --key KEYFILE or --pin PIN".to_owned()),
            }
            .map_err(|e| e.to_string())?;
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
                "sealed_to": if sealed.is_sealed_under_pin() { "pin" } else { "keys" },
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
        EnvelopeCommand::Key {
            command:
                KeyCommand::New {
                    name,
                    out,
                    passphrase_file,
                },
        } => {
            if out.exists() {
                return Err(format!(
                    "{}: already exists; not overwritten",
                    out.display()
                ));
            }
            let passphrase = passphrase(passphrase_file.as_deref())?;
            let mut random = [0u8; 60];
            system_random(&mut random)?;
            let seed: [u8; 32] = random[..32].try_into().expect("32 bytes");
            let entropy = Entropy {
                salt: random[32..48].try_into().expect("16 bytes"),
                nonce: random[48..].try_into().expect("12 bytes"),
            };
            let secret = ArbiterSecret::from_seed(&seed);
            let file =
                KeyFile::wrap_with_passphrase(&secret, &name, &passphrase, Cost::DEFAULT, entropy)
                    .map_err(|e| e.to_string())?;
            let json = serde_json::to_string_pretty(&file).expect("a key file serialises");
            std::fs::write(&out, json + "\n").map_err(|e| format!("{}: {e}", out.display()))?;
            println!(
                "{}",
                serde_json::to_string(&file.recipient()).expect("a recipient serialises")
            );
            Ok(())
        }
        EnvelopeCommand::Key {
            command: KeyCommand::Public { key },
        } => {
            let file = read_key_file(&key)?;
            println!(
                "{}",
                serde_json::to_string(&file.recipient()).expect("a recipient serialises")
            );
            Ok(())
        }
    }
}

fn read_key_file(path: &Path) -> Result<KeyFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let key: KeyFile = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not an arbiter's key file: {e}", path.display()))?;
    if key.protected_by != Protection::Passphrase {
        return Err(format!(
            "{}: a key wrapped under a PIN stays on the arbiter's tablet; export it from there with a passphrase",
            path.display()
        ));
    }
    Ok(key)
}

/// The passphrase: from a file, the environment, or the first line of stdin.
fn passphrase(file: Option<&Path>) -> Result<String, String> {
    let line = |text: &str| text.lines().next().unwrap_or("").to_owned();
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(line(&text));
    }
    if let Ok(text) = std::env::var(PASSPHRASE_ENV) {
        return Ok(text);
    }
    let mut text = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut text)
        .map_err(|e| format!("reading the passphrase from stdin: {e}"))?;
    Ok(line(&text))
}

/// The operating system's random bytes (the CLI, unlike the core, may read them).
fn system_random(out: &mut [u8]) -> Result<(), String> {
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(out))
        .map_err(|e| format!("no system random source (/dev/urandom): {e}"))
}
