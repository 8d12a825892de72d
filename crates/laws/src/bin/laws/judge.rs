//! `laws judge FILE|-`: judges a resumption scenario (Appendix A).

use std::io::Read;
use std::path::Path;

use laws::judge::Scenario;

use crate::input::{Input, Unknown};

pub fn run(file: &Path) -> Result<(), String> {
    let text = if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?
    };
    // A field it does not know could change the ruling: refused.
    let scenario: Scenario = Input {
        source: &file.display().to_string(),
        what: "a resumption scenario",
        unknown: Unknown::Refuse,
    }
    .read(&text)?;
    let verdicts = scenario.judge().map_err(|e| e.to_string())?;
    println!(
        "{}",
        serde_json::to_string(&verdicts).expect("verdicts serialise")
    );
    Ok(())
}
