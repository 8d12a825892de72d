//! Why a record could not be read or written.

use crate::tf;
use std::fmt;

/// Why a record could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// The browser gives no localStorage (private mode, disabled by policy).
    Unavailable(String),
    /// The browser's quota for this site is used up.
    QuotaExceeded { key: String },
    /// The record is not one we can read; it is kept as it is.
    Corrupt { key: String, reason: String },
    /// Written by a newer version of Arbiter; it is kept as it is.
    NewerSchema { key: String, schema: u32 },
    /// Another tab saved a copy of this game that this one does not have.
    Conflict { id: String },
    /// Any other refusal by the browser.
    Browser(String),
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Unavailable(why) => {
                f.write_str(&tf!(
                    "this browser does not allow saving ({why}); nothing will be kept after this page is closed",
                    "ta przeglądarka nie pozwala zapisywać ({why}); po zamknięciu strony nic nie zostanie zachowane"
                ))
            }
            StorageError::QuotaExceeded { key } => {
                f.write_str(&tf!(
                    "the browser's storage is full: {key} was not saved; export a backup and delete old games",
                    "pamięć przeglądarki jest pełna: nie zapisano {key}; wyeksportuj kopię zapasową i usuń stare partie"
                ))
            }
            StorageError::Corrupt { key, reason } => {
                f.write_str(&tf!(
                    "{key} could not be read ({reason}); it is kept untouched",
                    "nie da się odczytać {key} ({reason}); pozostaje nietknięte"
                ))
            }
            StorageError::NewerSchema { key, schema } => f.write_str(&tf!(
                "{key} was written by a newer version of Arbiter (format {schema}), which this one cannot read; it is kept untouched: update Arbiter to see it",
                "{key} zapisała nowsza wersja aplikacji Arbiter (format {schema}), której ta nie potrafi odczytać; pozostaje nietknięte: zaktualizuj aplikację, by je zobaczyć"
            )),
            StorageError::Conflict { id } => {
                f.write_str(&tf!(
                    "game {id} was changed in another tab; reload to see the newer copy",
                    "partię {id} zmieniono w innej karcie; wczytaj stronę ponownie, by zobaczyć nowszą kopię"
                ))
            }
            StorageError::Browser(why) => f.write_str(&tf!("the browser refused to save: {why}", "przeglądarka odmówiła zapisu: {why}")),
        }
    }
}

impl std::error::Error for StorageError {}
