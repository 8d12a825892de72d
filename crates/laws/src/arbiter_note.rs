//! What the arbiter did to a game between two moves, as a record keeps
//! it: an illegal move, the boxes a ruling struck out, time added, an
//! adjournment. PGN has no tags for these; [`crate::game_pgn`] writes them
//! as one comment after the move they follow, `{Arbiter: …; …}`, and
//! reads that comment back.
//!
//! ```
//! use laws::arbiter_note::{self, ArbiterNote};
//! use laws::game::Side;
//!
//! let notes = vec![
//!     ArbiterNote::IllegalMove { by: Some(Side::Black) },
//!     ArbiterNote::StruckOut { boxes: vec!["4... Nxd4".into(), "5. Nf3".into()] },
//!     ArbiterNote::TimeAdded { side: Side::White, ms: 120_000 },
//! ];
//! let comment = arbiter_note::comment(&notes);
//! assert_eq!(comment, "Arbiter: illegal move by Black; struck out: 4... Nxd4, 5. Nf3; 0:02:00 added to White");
//! assert_eq!(arbiter_note::read(&format!("great move! {comment}")), notes);
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::clock::clock_face;
use crate::side::Side;

/// What opens the comment holding a move's notes.
pub const PREFIX: &str = "Arbiter:";

/// One thing the arbiter did after a move. Stored as it is written in
/// the comment (`"0:02:00 added to Black"`): the words are the format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum ArbiterNote {
    /// An illegal move was made next (7.4); `by` when the record says who.
    IllegalMove { by: Option<Side> },
    /// Boxes a ruling struck out, as written: `4... Nxd4`.
    StruckOut { boxes: Vec<String> },
    /// Time given to `side` (a penalty on the opponent, or the arbiter's).
    TimeAdded { side: Side, ms: u64 },
    /// The game was adjourned here (Appendix A); the sealed move follows.
    Adjourned,
}

impl fmt::Display for ArbiterNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArbiterNote::IllegalMove { by: None } => f.write_str("illegal move"),
            ArbiterNote::IllegalMove { by: Some(side) } => write!(f, "illegal move by {side}"),
            ArbiterNote::StruckOut { boxes } => write!(f, "struck out: {}", boxes.join(", ")),
            ArbiterNote::TimeAdded { side, ms } => {
                write!(f, "{} added to {side}", clock_face(*ms))
            }
            ArbiterNote::Adjourned => f.write_str("adjourned"),
        }
    }
}

/// A note that is none of the forms [`ArbiterNote`] writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownNote(pub String);

impl fmt::Display for UnknownNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not an arbiter's note: {:?}", self.0)
    }
}

impl std::error::Error for UnknownNote {}

impl From<ArbiterNote> for String {
    fn from(note: ArbiterNote) -> String {
        note.to_string()
    }
}

impl TryFrom<String> for ArbiterNote {
    type Error = UnknownNote;

    fn try_from(text: String) -> Result<ArbiterNote, UnknownNote> {
        text.parse()
    }
}

impl FromStr for ArbiterNote {
    type Err = UnknownNote;

    fn from_str(text: &str) -> Result<ArbiterNote, UnknownNote> {
        let text = text.trim();
        let unknown = || UnknownNote(text.to_owned());
        let side = |word: &str| match word {
            "White" => Some(Side::White),
            "Black" => Some(Side::Black),
            _ => None,
        };
        if text == "illegal move" {
            return Ok(ArbiterNote::IllegalMove { by: None });
        }
        if let Some(by) = text.strip_prefix("illegal move by ") {
            return side(by)
                .map(|by| ArbiterNote::IllegalMove { by: Some(by) })
                .ok_or_else(unknown);
        }
        if let Some(boxes) = text.strip_prefix("struck out: ") {
            return Ok(ArbiterNote::StruckOut {
                boxes: boxes.split(", ").map(str::to_owned).collect(),
            });
        }
        if text == "adjourned" {
            return Ok(ArbiterNote::Adjourned);
        }
        let (time, to) = text.split_once(" added to ").ok_or_else(unknown)?;
        let side = side(to).ok_or_else(unknown)?;
        let ms = hms_ms(time).ok_or_else(unknown)?;
        Ok(ArbiterNote::TimeAdded { side, ms })
    }
}

/// `h:mm:ss` as [`clock_face`] writes it, in milliseconds.
fn hms_ms(text: &str) -> Option<u64> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (h, m, s): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, s.parse().ok()?);
    (m < 60 && s < 60).then_some(((h * 60 + m) * 60 + s) * 1000)
}

/// The comment holding `notes`: `Arbiter: illegal move by Black; 0:02:00
/// added to White`.
#[must_use]
pub fn comment(notes: &[ArbiterNote]) -> String {
    let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
    format!("{PREFIX} {}", notes.join("; "))
}

/// The notes of a move's comment text: what follows [`PREFIX`], up to
/// the end; parts in no form of [`ArbiterNote`] are left out.
#[must_use]
pub fn read(comment: &str) -> Vec<ArbiterNote> {
    let Some(at) = comment.find(PREFIX) else {
        return Vec::new();
    };
    comment[at + PREFIX.len()..]
        .split(';')
        .filter_map(|part| part.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_reads_back() {
        for note in [
            ArbiterNote::IllegalMove { by: None },
            ArbiterNote::IllegalMove {
                by: Some(Side::White),
            },
            ArbiterNote::StruckOut {
                boxes: vec!["12. Ke1-e3".into()],
            },
            ArbiterNote::TimeAdded {
                side: Side::Black,
                ms: 3_725_000,
            },
            ArbiterNote::Adjourned,
        ] {
            assert_eq!(note.to_string().parse(), Ok(note.clone()), "{note}");
        }
    }

    #[test]
    fn a_note_is_stored_in_its_words() {
        let note = ArbiterNote::TimeAdded {
            side: Side::Black,
            ms: 120_000,
        };
        let json = serde_json::to_string(&note).unwrap();
        assert_eq!(json, r#""0:02:00 added to Black""#);
        assert_eq!(serde_json::from_str::<ArbiterNote>(&json).unwrap(), note);
        assert!(serde_json::from_str::<ArbiterNote>(r#""coffee""#).is_err());
    }

    #[test]
    fn other_text_is_not_a_note() {
        assert_eq!(read("a fine move"), []);
        assert_eq!(
            "1:2 added to White".parse::<ArbiterNote>(),
            Err(UnknownNote("1:2 added to White".into()))
        );
        assert_eq!(read("Arbiter: adjourned; coffee"), [ArbiterNote::Adjourned]);
    }
}
