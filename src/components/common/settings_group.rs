//! One group of the settings, folded to its title.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A group of the settings as a disclosure. One is open at a time (the
/// browser closes the others: `<details name>`), so what is open fits the
/// screen; the one opened is brought to the top.
#[component]
pub fn SettingsGroup(
    /// The heading's id, for the group's label.
    id: &'static str,
    title: &'static str,
    #[prop(optional)] open: bool,
    #[prop(optional)] class: &'static str,
    children: Children,
) -> impl IntoView {
    let bring_to_top = |ev: leptos::ev::Event| {
        if let Some(group) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            && group.has_attribute("open")
        {
            group.scroll_into_view_with_bool(true);
        }
    };
    view! {
        <details class=format!("panel settings-group {class}") name="settings" open=open on:toggle=bring_to_top aria-labelledby=id>
            <summary><h2 id=id>{title}</h2></summary>
            {children()}
        </details>
    }
}
