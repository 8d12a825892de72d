//! What CouchDB answers, as a tablet reads it: a page of the changes feed,
//! `_all_docs`' rows, the revisions `open_revs` gives, a refusal's reason.
//! Each document is left as its revision's text ([`Revision`]), read into
//! what it is only when taken.

use serde::Deserialize;
use serde_json::Value;

use crate::event::revision::Revision;

/// Why the server refused, as CouchDB words it.
#[derive(Default, Deserialize)]
pub struct Reason {
    #[serde(default)]
    pub reason: String,
}

/// A page of the changes feed, with the documents (`include_docs=true`).
#[derive(Deserialize)]
pub struct Changes {
    pub results: Vec<Change>,
    pub last_seq: Value,
}

/// One document changed, and its revision the database keeps.
#[derive(Deserialize)]
pub struct Change {
    pub id: String,
    #[serde(default)]
    pub deleted: bool,
    pub doc: Option<Revision>,
}

/// `_all_docs`' rows, with the documents (`include_docs=true`).
#[derive(Deserialize)]
pub struct Rows {
    pub rows: Vec<Row>,
}

/// A document, or a key with none (`doc` then missing or null).
#[derive(Deserialize)]
pub struct Row {
    #[serde(default)]
    pub id: String,
    pub doc: Option<Revision>,
}

/// A revision asked for by `open_revs`: `ok` when the database has it.
#[derive(Deserialize)]
pub struct OpenRevision {
    pub ok: Option<Revision>,
}

#[cfg(test)]
mod tests {
    use super::*;

    // Shaped as CouchDB's documentation shows them (`/{db}/_changes`,
    // `/{db}/_all_docs` with `keys`, `open_revs`).
    #[test]
    fn a_page_of_changes_keeps_each_document_as_its_text() {
        let page: Changes = serde_json::from_str(
            r#"{"results":[
                {"seq":"1-g1","id":"game:a","changes":[{"rev":"1-x"}],"doc":{"_id":"game:a","_rev":"1-x","n":[1, 2]}},
                {"seq":"2-g1","id":"game:b","changes":[{"rev":"2-y"}],"deleted":true,"doc":{"_id":"game:b","_rev":"2-y","_deleted":true}},
                {"seq":"3-g1","id":"game:c","changes":[{"rev":"1-z"}]}
            ],"last_seq":"3-g1","pending":0}"#,
        )
        .unwrap();
        assert_eq!(page.last_seq, "3-g1");
        let [a, b, c] = &page.results[..] else {
            panic!("three changes")
        };
        assert_eq!(a.id, "game:a");
        assert!(!a.deleted);
        assert_eq!(
            a.doc.as_ref().map(|d| d.get()),
            Some(r#"{"_id":"game:a","_rev":"1-x","n":[1, 2]}"#)
        );
        assert!(b.deleted && b.doc.is_some());
        assert!(c.doc.is_none());
    }

    #[test]
    fn rows_without_a_document_read_as_none() {
        let rows: Rows = serde_json::from_str(
            r#"{"total_rows":3,"rows":[
                {"id":"game:a","key":"game:a","value":{"rev":"1-x"},"doc":{"_id":"game:a","_rev":"1-x"}},
                {"id":"game:b","key":"game:b","value":{"rev":"2-y","deleted":true},"doc":null},
                {"key":"game:c","error":"not_found"}
            ]}"#,
        )
        .unwrap();
        let docs: Vec<(&str, bool)> = rows
            .rows
            .iter()
            .map(|row| (row.id.as_str(), row.doc.is_some()))
            .collect();
        assert_eq!(docs, [("game:a", true), ("game:b", false), ("", false)]);
        let open: Vec<OpenRevision> =
            serde_json::from_str(r#"[{"ok":{"_id":"game:a","_rev":"2-q"}},{"missing":"3-r"}]"#)
                .unwrap();
        assert_eq!(open.iter().filter(|r| r.ok.is_some()).count(), 1);
    }
}
