//! `laws judge FILE|-`: judges a resumption scenario (Appendix A).

use std::io::Read;
use std::path::Path;

use laws::judge::Scenario;

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
    // A field it does not know is named, not refused: a scenario file may
    // carry its own notes, but a misspelt field must not pass unseen.
    let mut unknown = Vec::new();
    let scenario: Scenario = serde_ignored::deserialize(
        &mut serde_json::Deserializer::from_str(&text),
        // serde_ignored marks an optional value with `?`: not a field name.
        |path| unknown.push(path.to_string().replace(".?", "")),
    )
    .map_err(|e| format!("{}: not a resumption scenario: {e}", file.display()))?;
    for field in unknown {
        eprintln!(
            "laws: warning: {}: unknown field `{field}` ignored",
            file.display()
        );
    }
    let verdicts = scenario.judge().map_err(|e| e.to_string())?;
    println!(
        "{}",
        serde_json::to_string(&verdicts).expect("verdicts serialise")
    );
    Ok(())
}
