use laws::notation::NotationLang;
use leptos::prelude::*;

use crate::text::laws_text::notation::lang_label;

/// The language moves are written in (Appendix E's piece initials), from
/// every language the rules core reads.
#[component]
pub fn NotationSelect(
    label: String,
    name: &'static str,
    value: Signal<NotationLang>,
    on_change: Callback<NotationLang>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select name=name on:change=move |ev| {
                if let Ok(lang) = event_target_value(&ev).parse() {
                    on_change.run(lang);
                }
            }>
                {NotationLang::ALL.into_iter().map(|lang| view! {
                    <option value=lang.code() selected=move || value.get() == lang>{lang_label(lang)}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
