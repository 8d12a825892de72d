//! Where records are kept: the browser's localStorage, or memory where the
//! browser gives none.

use super::error::StorageError;
use super::journal;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// A key-value store with localStorage's semantics.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&self, key: &str) -> Result<(), StorageError>;
    /// Removes `key` here and not from the journal, whose copy is then the
    /// record (an archived game's).
    fn remove_local(&self, key: &str) -> Result<(), StorageError> {
        self.remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError>;
}

/// The browser's localStorage; each game record also goes to the
/// [`journal`], which reaches the disk before localStorage does.
pub struct Browser(web_sys::Storage);

impl Browser {
    /// localStorage, if the browser gives it; it may refuse (private mode).
    pub fn open() -> Result<Browser, StorageError> {
        let window =
            web_sys::window().ok_or_else(|| StorageError::Unavailable("no window".into()))?;
        match window.local_storage() {
            Ok(Some(storage)) => Ok(Browser(storage)),
            Ok(None) => Err(StorageError::Unavailable("no localStorage".into())),
            Err(e) => Err(StorageError::Unavailable(js_error_text(&e))),
        }
    }
}

pub(super) fn js_error_text(error: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    match error.dyn_ref::<web_sys::DomException>() {
        Some(e) => format!("{}: {}", e.name(), e.message()),
        None => error.as_string().unwrap_or_else(|| format!("{error:?}")),
    }
}

pub(super) fn is_quota_error(error: &wasm_bindgen::JsValue) -> bool {
    use wasm_bindgen::JsCast;
    // Chromium and Firefox name it differently; legacy code 22 covers old Safari.
    error.dyn_ref::<web_sys::DomException>().is_some_and(|e| {
        matches!(
            e.name().as_str(),
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED"
        ) || e.code() == 22
    })
}

impl Backend for Browser {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        self.0
            .get_item(key)
            .map_err(|e| StorageError::Browser(js_error_text(&e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.set_item(key, value).map_err(|e| {
            if is_quota_error(&e) {
                StorageError::QuotaExceeded {
                    key: key.to_owned(),
                }
            } else {
                StorageError::Browser(js_error_text(&e))
            }
        })?;
        journal::write(key, Some(value));
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.0
            .remove_item(key)
            .map_err(|e| StorageError::Browser(js_error_text(&e)))?;
        journal::write(key, None);
        Ok(())
    }

    fn remove_local(&self, key: &str) -> Result<(), StorageError> {
        self.0
            .remove_item(key)
            .map_err(|e| StorageError::Browser(js_error_text(&e)))
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        let len = self
            .0
            .length()
            .map_err(|e| StorageError::Browser(js_error_text(&e)))?;
        Ok((0..len)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect())
    }
}

/// An in-memory store: where the browser gives no localStorage (the app still
/// works for the session), and in tests, with an optional quota in bytes.
#[derive(Default)]
pub struct Memory {
    entries: RefCell<BTreeMap<String, String>>,
    quota: Option<usize>,
}

impl Memory {
    pub fn with_quota(bytes: usize) -> Memory {
        Memory {
            entries: RefCell::default(),
            quota: Some(bytes),
        }
    }
}

impl Backend for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.entries.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        if let Some(quota) = self.quota {
            let others: usize = self
                .entries
                .borrow()
                .iter()
                .filter(|(k, _)| *k != key)
                .map(|(k, v)| k.len() + v.len())
                .sum();
            if others + key.len() + value.len() > quota {
                return Err(StorageError::QuotaExceeded {
                    key: key.to_owned(),
                });
            }
        }
        self.entries
            .borrow_mut()
            .insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.entries.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        Ok(self.entries.borrow().keys().cloned().collect())
    }
}
