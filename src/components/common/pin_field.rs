use leptos::prelude::*;

use crate::t;

/// The arbiter's PIN as it is typed, and why the last one did not open.
#[component]
pub fn PinField(pin: RwSignal<String>, error: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        <label class="field">
            <span>{t!("Arbiter's PIN", "PIN sędziego")}</span>
            <input type="password" inputmode="numeric" autocomplete="off" autofocus
                prop:value=move || pin.get() on:input=move |ev| pin.set(event_target_value(&ev)) />
        </label>
        <Show when=move || error.get().is_some()>
            <p class="form-error" role="alert">{move || error.get()}</p>
        </Show>
    }
}
