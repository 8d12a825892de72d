//! Files the arbiter saves or opens: downloads and uploads.

use wasm_bindgen::JsCast;

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let blob = gloo_file::Blob::new_with_options(text, Some(mime));
    let url = gloo_file::ObjectUrl::from(blob);
    let document = leptos::prelude::document();
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "the browser refused to create a download link".to_owned())?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // `url` is revoked when dropped; the click has already started the download.
    Ok(())
}

/// The text of a file the user picked.
pub async fn read_text(file: web_sys::File) -> Result<String, String> {
    gloo_file::futures::read_as_text(&gloo_file::File::from(file))
        .await
        .map_err(|e| format!("the file could not be read: {e}"))
}
