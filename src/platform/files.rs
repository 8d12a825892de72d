//! Files the arbiter saves or opens: downloads and uploads.

use wasm_bindgen::JsCast;

use crate::{t, tf};

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    offer(name, gloo_file::Blob::new_with_options(text, Some(mime)))
}

/// Offers `bytes` as a file download named `name`: a file written back in
/// the encoding it came in.
pub fn download_bytes(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    offer(name, gloo_file::Blob::new_with_options(bytes, Some(mime)))
}

fn offer(name: &str, blob: gloo_file::Blob) -> Result<(), String> {
    let url = gloo_file::ObjectUrl::from(blob);
    let document = leptos::prelude::document();
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| {
            t!(
                "the browser refused to create a download link",
                "przeglądarka odmówiła utworzenia odnośnika do pobrania"
            )
            .to_owned()
        })?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // `url` is revoked when dropped; the click has already started the download.
    Ok(())
}

/// The file just picked in a file input; the input is cleared so the same
/// file can be picked again.
fn picked(ev: &web_sys::Event) -> Option<gloo_file::File> {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())?;
    let file = input.files().and_then(|files| files.get(0))?;
    input.set_value("");
    Some(gloo_file::File::from(file))
}

fn unreadable(e: impl std::fmt::Display) -> String {
    tf!(
        "the file could not be read: {e}",
        "nie udało się odczytać pliku: {e}"
    )
}

/// The text of the file just picked in a file input, handed to `done`.
pub fn read_picked(ev: &web_sys::Event, done: impl FnOnce(Result<String, String>) + 'static) {
    if let Some(file) = picked(ev) {
        leptos::task::spawn_local(async move {
            done(
                gloo_file::futures::read_as_text(&file)
                    .await
                    .map_err(unreadable),
            );
        });
    }
}

/// The bytes of the file just picked in a file input, handed to `done`:
/// for a file whose encoding is worked out from them.
pub fn read_picked_bytes(
    ev: &web_sys::Event,
    done: impl FnOnce(Result<Vec<u8>, String>) + 'static,
) {
    if let Some(file) = picked(ev) {
        leptos::task::spawn_local(async move {
            done(
                gloo_file::futures::read_as_bytes(&file)
                    .await
                    .map_err(unreadable),
            );
        });
    }
}
