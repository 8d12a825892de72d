use laws::sealing::arbiter_key::{MIN_KEY_PIN_LEN, MIN_PASSPHRASE_LEN};
use leptos::prelude::*;

use crate::arbiter_keys::max_wait_hours;
use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::components::common::field::Field;
use crate::components::common::settings_group::SettingsGroup;
use crate::platform::files::{download, read_picked};
use crate::state::AppState;
use crate::{t, tf};

/// Settings: this tablet's arbiter's key. Made here (or imported from
/// another tablet's export), its public key shown with its fingerprint to
/// read out and given as text or a file; exported for another tablet only
/// under a passphrase. The private key never leaves in the clear.
#[component]
pub fn ArbiterKeyPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = Memo::new(move |_| {
        state.key_changed.track();
        state.arbiter_key()
    });
    let name = RwSignal::new(String::new());
    let pin = RwSignal::new(String::new());
    let pin_again = RwSignal::new(String::new());
    let passphrase = RwSignal::new(String::new());
    let passphrase_again = RwSignal::new(String::new());
    let imported = RwSignal::new(None::<String>);
    let confirm_remove = RwSignal::new(false);
    let clear = move || {
        for field in [pin, pin_again, passphrase, passphrase_again] {
            field.set(String::new());
        }
    };
    let same_pin = move || -> Result<String, String> {
        let typed = pin.get_untracked();
        if typed != pin_again.get_untracked() {
            return Err(t!(
                "The two PINs differ: type the same PIN twice.",
                "PIN-y się różnią: wpisz dwa razy ten sam PIN."
            )
            .into());
        }
        Ok(typed)
    };
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let made = same_pin().and_then(|p| state.create_arbiter_key(&name.get_untracked(), &p));
        match made {
            Ok(r) => state.tell(tf!(
                "Arbiter's key made; its fingerprint is {}.",
                "Klucz sędziego utworzony; jego odcisk to {}.",
                r.fingerprint
            )),
            Err(e) => state.warn(e),
        }
        clear();
    };
    let pick_key_file = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(text) => imported.set(Some(text)),
            Err(e) => state.warn(e),
        });
    };
    let import = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(text) = imported.get_untracked() else {
            state.warn(t!(
                "Choose the key file first.",
                "Najpierw wybierz plik klucza."
            ));
            return;
        };
        let result = same_pin()
            .and_then(|p| state.import_arbiter_key(&text, &passphrase.get_untracked(), &p));
        match result {
            Ok(r) => {
                imported.set(None);
                state.tell(tf!(
                    "Arbiter's key imported; its fingerprint is {}.",
                    "Klucz sędziego zaimportowany; jego odcisk to {}.",
                    r.fingerprint
                ));
            }
            Err(e) => state.warn(e),
        }
        clear();
    };
    let export = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let result = (|| -> Result<String, String> {
            if passphrase.get_untracked() != passphrase_again.get_untracked() {
                return Err(t!("The two passphrases differ.", "Hasła się różnią.").into());
            }
            state.export_arbiter_key(&pin.get_untracked(), &passphrase.get_untracked())
        })();
        match result.and_then(|json| download("arbiter-key.json", "application/json", &json)) {
            Ok(()) => state.tell(t!(
                "Key exported as arbiter-key.json, protected by the passphrase. Keep the file and the passphrase apart.",
                "Klucz wyeksportowano jako arbiter-key.json, chroniony hasłem. Przechowuj plik i hasło osobno."
            )),
            Err(e) => state.warn(e),
        }
        clear();
    };
    let download_public = move |_| {
        if let Some(key) = key.get_untracked() {
            let recipient = key.key().recipient();
            if let Err(e) = download(
                &format!("arbiter-public-key-{}.json", recipient.fingerprint),
                "application/json",
                &recipient.to_json(),
            ) {
                state.warn(e);
            }
        }
    };
    let remove = Callback::new(move |()| match state.remove_arbiter_key() {
        Ok(()) => state.tell(t!(
            "The arbiter's key was removed from this tablet.",
            "Klucz sędziego usunięto z tego tabletu."
        )),
        Err(e) => state.warn(e),
    });
    let pin_label = tf!(
        "PIN of the key ({} digits or more)",
        "PIN klucza ({} cyfr lub więcej)",
        MIN_KEY_PIN_LEN
    );
    let passphrase_label = tf!(
        "Passphrase of the key file (at least {} characters)",
        "Hasło pliku klucza (co najmniej {} znaków)",
        MIN_PASSPHRASE_LEN
    );
    view! {
        <SettingsGroup id="arbiter-key-title" title=t!("Arbiter's key", "Klucz sędziego") class="arbiter-key">
            <p>{t!("Envelopes sealed to the arbiter's key open only on his tablet, with his PIN: a copy of the envelope file holds nothing a guessed PIN could open. After 3 wrong PINs the tablet makes him wait 30 s, twice as long after each further one.", "Koperty zapieczętowane dla klucza sędziego otwierają się tylko na jego tablecie, z jego PIN-em: kopia pliku koperty nie zawiera niczego, co otworzyłby odgadnięty PIN. Po 3 błędnych PIN-ach tablet każe czekać 30 s, a po każdym kolejnym dwa razy dłużej.")}</p>
            {move || match key.get() {
                None => view! {
                    <p>{t!("This tablet has no arbiter's key.", "Ten tablet nie ma klucza sędziego.")}</p>
                    <form class="key-form" on:submit=create>
                        <h3>{t!("Make a key", "Utwórz klucz")}</h3>
                        <Field label=t!("Arbiter's name on the key", "Nazwisko sędziego na kluczu").into() value=name />
                        <Field label=pin_label.clone() value=pin kind="password" />
                        <Field label=t!("The same PIN again", "Ten sam PIN ponownie").into() value=pin_again kind="password" />
                        <button type="submit" class="button primary">{t!("Make the arbiter's key", "Utwórz klucz sędziego")}</button>
                    </form>
                    // Folded: the group fits the screen with one of its forms open.
                    <details class="fold">
                    <summary>{t!("Or bring the key from another tablet", "Albo przenieś klucz z innego tabletu")}</summary>
                    <form class="key-form" on:submit=import>
                        <label class="button">
                            {t!("Choose the key file", "Wybierz plik klucza")}
                            <input class="visually-hidden" type="file" accept=".json,application/json" on:change=pick_key_file />
                        </label>
                        {move || imported.get().map(|_| view! { <p>{t!("Key file read.", "Plik klucza wczytany.")}</p> })}
                        <Field label=passphrase_label.clone() value=passphrase kind="password" />
                        <Field label=pin_label.clone() value=pin kind="password" />
                        <Field label=t!("The same PIN again", "Ten sam PIN ponownie").into() value=pin_again kind="password" />
                        <button type="submit" class="button">{t!("Import the key", "Importuj klucz")}</button>
                    </form>
                    </details>
                }.into_any(),
                Some(key) => {
                    let recipient = key.key().recipient();
                    view! {
                        <p>{tf!("Key of {}.", "Klucz: {}.", recipient.name.clone())}</p>
                        <div class="fingerprint">
                            <span class="fingerprint-label">{t!("Key fingerprint", "Odcisk klucza")}</span>
                            <span class="key-fingerprint">{recipient.fingerprint.clone()}</span>
                        </div>
                        <label class="field">
                            <span>{t!("Public key (give it to the board tablets; it holds nothing secret)", "Klucz publiczny (przekaż go tabletom przy szachownicach; nie zawiera nic tajnego)")}</span>
                            <textarea class="public-key" rows="6" readonly prop:value=recipient.to_json()></textarea>
                        </label>
                        <div class="actions">
                            <button type="button" class="button" on:click=download_public>{t!("Download the public key", "Pobierz klucz publiczny")}</button>
                            <button type="button" class="button danger" on:click=move |_| confirm_remove.set(true)>{t!("Remove the key from this tablet", "Usuń klucz z tego tabletu")}</button>
                        </div>
                        <details class="fold">
                        <summary>{t!("Export the key for another tablet", "Eksportuj klucz na inny tablet")}</summary>
                        <form class="key-form" on:submit=export>
                            <p>{tf!("The file is protected by a passphrase; backups never contain the key. Wrong PINs here count too (the longest wait is {} hours).", "Plik chroni hasło; kopie zapasowe nigdy nie zawierają klucza. Błędne PIN-y liczą się i tutaj (najdłuższe czekanie to {} godzin).", max_wait_hours())}</p>
                            <Field label=t!("PIN of the key", "PIN klucza").into() value=pin kind="password" />
                            <Field label=passphrase_label.clone() value=passphrase kind="password" />
                            <Field label=t!("The same passphrase again", "To samo hasło ponownie").into() value=passphrase_again kind="password" />
                            <button type="submit" class="button">{t!("Export the key", "Eksportuj klucz")}</button>
                        </form>
                        </details>
                    }.into_any()
                }
            }}
            <ConfirmDialog open=confirm_remove
                question=t!("Remove the arbiter's key from this tablet? Envelopes sealed only to it cannot be opened here any more, unless the key is imported again.", "Usunąć klucz sędziego z tego tabletu? Kopert zapieczętowanych tylko dla niego nie da się już tu otworzyć, chyba że klucz zostanie ponownie zaimportowany.").to_owned()
                confirm_label=t!("Remove the key", "Usuń klucz") on_confirm=remove />
        </SettingsGroup>
    }
}
