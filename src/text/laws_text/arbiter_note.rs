//! What the arbiter did between moves, as the record keeps it.

use super::side::side_in_sentence;
use crate::{t, tf};
use laws::arbiter_note::ArbiterNote;

/// What the arbiter did after a move, as a record keeps it.
#[must_use]
pub fn arbiter_note(note: &ArbiterNote) -> String {
    match note {
        ArbiterNote::IllegalMove { by: None } => {
            t!("illegal move (7.4)", "nieprawidłowe posunięcie (7.4)").to_owned()
        }
        ArbiterNote::IllegalMove { by: Some(by) } => tf!(
            "illegal move by {} (7.4)",
            "nieprawidłowe posunięcie: {} (7.4)",
            side_in_sentence(*by)
        ),
        ArbiterNote::StruckOut { boxes } => {
            tf!("struck out: {}", "skreślone: {}", boxes.join(", "))
        }
        ArbiterNote::TimeAdded { side, ms } => tf!(
            "{} added to {}",
            "{} dodane: {}",
            laws::clock::clock_face(*ms),
            side_in_sentence(*side)
        ),
        ArbiterNote::Adjourned => t!("adjourned", "partia odłożona").to_owned(),
    }
}
