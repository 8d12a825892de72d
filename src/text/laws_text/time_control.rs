//! Time controls and their presets.

use crate::t;
use laws::time_control::{Preset, TimeControl};

/// A time control as arbiters write it, "90'/40 + 30' + 30\"": the figures
/// are the same in both languages, a few words are not.
#[must_use]
pub fn time_control(control: &TimeControl) -> String {
    words(&control.human())
}

/// A preset's name, "Rapid 15' + 10\"".
#[must_use]
pub fn preset(preset: &Preset) -> String {
    words(preset.name)
}

fn words(text: &str) -> String {
    [
        ("FIDE standard", t!("FIDE standard", "FIDE klasyczne")),
        ("Standard", t!("Standard", "Klasyczne")),
        ("Rapid", t!("Rapid", "Szybkie")),
        ("Blitz", t!("Blitz", "Błyskawiczne")),
        ("Armageddon", t!("Armageddon", "Armagedon")),
        ("(repeating)", t!("(repeating)", "(powtarzane)")),
        (" from move ", t!(" from move ", " od posunięcia ")),
        (" vs ", t!(" vs ", " przeciw ")),
        (" delay", t!(" delay", " opóźnienia")),
    ]
    .into_iter()
    .fold(text.to_owned(), |text, (english, shown)| {
        text.replace(english, shown)
    })
}
