use laws::sealing::arbiter_key::Recipient;
use leptos::prelude::*;

use crate::components::common::settings_group::SettingsGroup;
use crate::platform::files::read_picked;
use crate::state::AppState;
use crate::{t, tf};

/// Settings: the arbiters new envelopes are sealed to (the chief arbiter,
/// a deputy), each added from his public key, pasted or from its file, with
/// the fingerprint to read back to him.
#[component]
pub fn RecipientsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let recipients = Memo::new(move |_| {
        state.key_changed.track();
        state.recipients()
    });
    let own = Memo::new(move |_| {
        state.key_changed.track();
        state.arbiter_key().map(|k| k.key().recipient())
    });
    let pasted = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let preview = Memo::new(move |_| {
        let text = pasted.get();
        (!text.trim().is_empty()).then(|| Recipient::parse(&text, &name.get()))
    });
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match state.add_recipient(&pasted.get_untracked(), &name.get_untracked()) {
            Ok(r) => {
                pasted.set(String::new());
                name.set(String::new());
                state.tell(tf!(
                    "New envelopes are sealed to {} too (fingerprint {}).",
                    "Nowe koperty są pieczętowane także dla: {} (odcisk {}).",
                    r.name,
                    r.fingerprint
                ));
            }
            Err(e) => state.warn(e),
        }
    };
    let pick = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(text) => pasted.set(text),
            Err(e) => state.warn(e),
        });
    };
    view! {
        <SettingsGroup id="recipients-title" title=t!("Seal envelopes to", "Pieczętuj koperty dla") class="recipients">
            <p>{move || if !recipients.with(Vec::is_empty) {
                t!("New envelopes are sealed to these arbiters' keys; each of them opens them alone, on his tablet.", "Nowe koperty są pieczętowane dla kluczy tych sędziów; każdy z nich otwiera je sam, na swoim tablecie.").to_owned()
            } else if let Some(own) = own.get() {
                tf!("No arbiter is listed: new envelopes are sealed to this tablet's key ({}, {}).", "Nie wskazano sędziów: nowe koperty są pieczętowane dla klucza tego tabletu ({}, {}).", own.name, own.fingerprint)
            } else {
                t!("No arbiter is listed and this tablet has no key: new envelopes are sealed under a PIN, which is weaker (a copy of the file can be opened by trying every PIN).", "Nie wskazano sędziów, a ten tablet nie ma klucza: nowe koperty są pieczętowane PIN-em, co jest słabsze (kopię pliku można otworzyć, próbując każdego PIN-u).").to_owned()
            }}</p>
            <ul class="recipient-list">
                <For each=move || recipients.get() key=|r| r.fingerprint.clone() let:r>
                    {
                        let fingerprint = r.fingerprint.clone();
                        view! {
                            <li>
                                <strong>{r.name.clone()}</strong> " " <span class="key-fingerprint">{r.fingerprint.clone()}</span> " "
                                <button type="button" class="button" on:click=move |_| if let Err(e) = state.remove_recipient(&fingerprint) { state.warn(e) }>
                                    {tf!("Remove {}", "Usuń: {}", r.name.clone())}
                                </button>
                            </li>
                        }
                    }
                </For>
            </ul>
            <form class="key-form" on:submit=add>
                <label class="field">
                    <span>{t!("An arbiter's public key (paste it)", "Klucz publiczny sędziego (wklej go)")}</span>
                    <textarea rows="4" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                </label>
                <label class="button">
                    {t!("Or choose its file", "Albo wybierz jego plik")}
                    <input class="visually-hidden" type="file" accept=".json,application/json,.txt" on:change=pick />
                </label>
                <label class="field">
                    <span>{t!("His name (if the key is bare hex digits)", "Jego nazwisko (jeśli klucz to same cyfry szesnastkowe)")}</span>
                    <input type="text" autocomplete="off" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                </label>
                {move || preview.get().map(|parsed| match parsed {
                    Ok(r) => view! { <p class="key-preview">{tf!("Read the fingerprint back to {}: {}", "Odczytaj odcisk sędziemu {}: {}", r.name, r.fingerprint)}</p> }.into_any(),
                    Err(e) => view! { <p class="form-error">{crate::arbiter_keys::key_error_text(&e)}</p> }.into_any(),
                })}
                <button type="submit" class="button primary">{t!("Add this arbiter", "Dodaj tego sędziego")}</button>
            </form>
        </SettingsGroup>
    }
}
