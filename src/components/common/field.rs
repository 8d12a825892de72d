use leptos::prelude::*;

/// A labelled input bound to `value`; `kind` is the input type (`text`,
/// `password`, `date`...). Passwords are never offered to autofill.
#[component]
pub fn Field(
    label: String,
    value: RwSignal<String>,
    #[prop(default = "text")] kind: &'static str,
) -> impl IntoView {
    let autocomplete = if kind == "password" {
        "new-password"
    } else {
        "off"
    };
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type=kind
                autocomplete=autocomplete
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
        </label>
    }
}
