//! A document's revision as the database gave it: its JSON text, read into
//! what it is only when it is taken. A tablet joining an event reads tens
//! of thousands of documents: each is read once, from its text, with no
//! tree of values built first, and its size is its text's length.

use serde::Deserialize;
use serde_json::value::RawValue;

/// One revision of a document, as the database gave it, unread.
pub type Revision = Box<RawValue>;

/// What the database says of a revision: its `_rev`, and with
/// `conflicts=true` the revisions in conflict with it.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Meta {
    #[serde(rename = "_rev")]
    pub rev: String,
    #[serde(rename = "_conflicts")]
    pub conflicts: Vec<String>,
}

impl Meta {
    /// `revision`'s; empty when it is not a JSON object.
    #[must_use]
    pub fn of(revision: &RawValue) -> Meta {
        serde_json::from_str(revision.get()).unwrap_or_default()
    }
}

/// `value` as the database would give it: what tests hand to the readers.
#[cfg(test)]
#[must_use]
pub fn of(value: &impl serde::Serialize) -> Revision {
    serde_json::value::to_raw_value(value).expect("a value serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_says_its_rev_and_conflicts_and_keeps_its_text() {
        let text = r#"{"_id":"game:a","_rev":"2-b","_conflicts":["2-c","1-d"],"x":"y"}"#;
        let revision: Revision = serde_json::from_str(text).unwrap();
        assert_eq!(revision.get(), text);
        let meta = Meta::of(&revision);
        assert_eq!(
            (meta.rev.as_str(), &meta.conflicts[..]),
            ("2-b", &["2-c".to_owned(), "1-d".to_owned()][..])
        );
        let bare = Meta::of(&of(&"not an object"));
        assert!(bare.rev.is_empty() && bare.conflicts.is_empty());
    }
}
