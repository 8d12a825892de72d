//! Files the arbiter saves or opens: downloads and uploads.

use wasm_bindgen::JsCast;

use crate::{t, tf};

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let blob = gloo_file::Blob::new_with_options(text, Some(mime));
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

/// The text of the file just picked in a file input, handed to `done`;
/// the input is cleared so the same file can be picked again.
pub fn read_picked(ev: &web_sys::Event, done: impl FnOnce(Result<String, String>) + 'static) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    input.set_value("");
    leptos::task::spawn_local(async move {
        let read = gloo_file::futures::read_as_text(&gloo_file::File::from(file))
            .await
            .map_err(|e| {
                tf!(
                    "the file could not be read: {e}",
                    "nie udało się odczytać pliku: {e}"
                )
            });
        done(read);
    });
}
