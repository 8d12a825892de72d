use js_sys::{Array, Function, Reflect};
use leptos::ev;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::{JsCast, JsValue};

/// What can take the keyboard's focus inside a dialog.
const FOCUSABLE: &str = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/// Every element under `root` matching `selector`, in document order.
fn query_all(root: &JsValue, selector: &str) -> Vec<web_sys::HtmlElement> {
    let list = Reflect::get(root, &JsValue::from_str("querySelectorAll"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call1(root, &JsValue::from_str(selector)).ok());
    list.map(|list| {
        Array::from(&list)
            .iter()
            .filter_map(|el| el.dyn_into().ok())
            .collect()
    })
    .unwrap_or_default()
}

/// The topmost modal dialog on the page.
fn open_dialog() -> Option<web_sys::HtmlElement> {
    query_all(&document(), "[aria-modal='true']").pop()
}

fn focusable(dialog: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    query_all(dialog, FOCUSABLE)
}

/// The keyboard of a modal dialog, placed inside it: focus moves into the
/// dialog when it opens (to the `autofocus` control, else the first), Tab
/// and Shift+Tab go round its controls only, Escape closes it, and focus
/// returns to where it was when it closes.
#[component]
pub fn ModalKeys(on_escape: Callback<()>) -> impl IntoView {
    let before = SendWrapper::new(document().active_element());
    Effect::new(move |_| {
        if let Some(dialog) = open_dialog() {
            let first = dialog
                .query_selector("[autofocus]")
                .ok()
                .flatten()
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
                .or_else(|| focusable(&dialog).into_iter().next());
            if let Some(first) = first {
                let _ = first.focus();
            }
        }
    });
    let keys = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" {
            e.prevent_default();
            on_escape.run(());
            return;
        }
        if e.key() != "Tab" {
            return;
        }
        let Some(dialog) = open_dialog() else { return };
        let controls = focusable(&dialog);
        let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
            return;
        };
        let active = document().active_element();
        let inside = active
            .as_ref()
            .is_some_and(|a| dialog.contains(Some(a.unchecked_ref())));
        let at = |el: &web_sys::HtmlElement| active.as_ref() == Some(el.unchecked_ref());
        if e.shift_key() && (at(first) || !inside) {
            e.prevent_default();
            let _ = last.focus();
        } else if !e.shift_key() && (at(last) || !inside) {
            e.prevent_default();
            let _ = first.focus();
        }
    });
    on_cleanup(move || {
        keys.remove();
        if let Some(el) = before
            .take()
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
            .filter(|el| el.is_connected())
        {
            let _ = el.focus();
        }
    });
}
