use leptos::prelude::*;

use crate::components::common::modal_keys::ModalKeys;
use crate::components::common::pin_field::PinField;

use crate::t;

/// Asks for the arbiter's PIN; `on_pin` says whether it opened, or why not.
#[component]
pub fn PinDialog(
    open: RwSignal<bool>,
    title: &'static str,
    on_pin: Callback<String, Result<(), String>>,
) -> impl IntoView {
    let pin = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let close = move || {
        pin.set(String::new());
        error.set(None);
        open.set(false);
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match on_pin.run(pin.get_untracked()) {
            Ok(()) => close(),
            Err(e) => {
                pin.set(String::new());
                error.set(Some(e));
            }
        }
    };
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop">
                <form class="dialog" role="dialog" aria-modal="true" aria-labelledby="pin-title" on:submit=submit>
                    <ModalKeys on_escape=Callback::new(move |()| close()) />
                    <h2 id="pin-title">{title}</h2>
                    <PinField pin error />
                    <div class="actions">
                        <button type="button" class="button" on:click=move |_| close()>{t!("Cancel", "Anuluj")}</button>
                        <button type="submit" class="button primary">{t!("Unlock", "Odblokuj")}</button>
                    </div>
                </form>
            </div>
        </Show>
    }
}
