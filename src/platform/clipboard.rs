//! Copying text to the clipboard, for pasting into another program.

use leptos::prelude::window;
use wasm_bindgen_futures::JsFuture;

/// The browser refused to copy (no permission, or not a secure context).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotCopied;

/// Puts `text` on the clipboard.
///
/// # Errors
/// [`NotCopied`] when the browser does not allow it.
pub async fn copy(text: &str) -> Result<(), NotCopied> {
    let promise = window().navigator().clipboard().write_text(text);
    JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|_| NotCopied)
}
