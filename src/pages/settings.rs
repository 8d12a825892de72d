use leptos::prelude::*;

use crate::components::adjournment::arbiter_key_panel::ArbiterKeyPanel;
use crate::components::adjournment::recipients_panel::RecipientsPanel;
use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::components::common::settings_group::SettingsGroup;
use crate::components::event::event_panel::EventPanel;
use crate::platform::files::{download, read_picked};
use crate::state::{AppState, now_ms};
use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};

/// Browsers give a site about 5 MB of localStorage.
const BROWSER_QUOTA_BYTES: usize = 5 * 1024 * 1024;

/// Backup, restore, and how much space the records take.
#[component]
pub fn Settings() -> impl IntoView {
    let state = expect_context::<AppState>();
    let pasted = RwSignal::new(String::new());
    let current_pin = RwSignal::new(String::new());
    let new_pin = RwSignal::new(String::new());
    let has_pin = Memo::new(move |_| state.settings.with(|s| s.arbiter_pin.is_some()));
    let save_pin = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match state.set_pin(&current_pin.get_untracked(), &new_pin.get_untracked()) {
            Ok(()) => state.tell(t!("Arbiter's PIN saved.", "PIN sędziego zapisany.")),
            Err(e) => state.warn(e),
        }
        current_pin.set(String::new());
        new_pin.set(String::new());
    };
    let used = Memo::new(move |_| state.used_bytes());
    let confirm_replace = RwSignal::new(false);
    let replace_settings = Callback::new(move |()| match state.replace_settings() {
        Ok(()) => state.tell(t!(
            "Settings started afresh: set the arbiter's PIN.",
            "Ustawienia zaczęte od nowa: ustaw PIN sędziego."
        )),
        Err(e) => state.warn(tf!(
            "The settings were not replaced: {e}.",
            "Ustawień nie zastąpiono: {e}."
        )),
    });

    // The archived games (past rounds of an event) are read back first.
    let export = move |_| {
        leptos::task::spawn_local(async move {
            let (archived, unread) = crate::event::archive::every_game().await;
            let name = format!("arbiter-backup-{}.json", now_ms());
            match download(&name, "application/json", &state.export(&archived)) {
                Ok(()) if unread.is_empty() => state.tell(tf!(
                    "Backup saved as {name}.",
                    "Kopię zapasową zapisano jako {name}."
                )),
                Ok(()) => state.warn(tf!(
                    "Backup saved as {name}, without {} archived game(s) that could not be read back: {}.",
                    "Kopię zapasową zapisano jako {name}, bez zarchiwizowanych partii, których nie dało się odczytać ({}): {}.",
                    unread.len(),
                    unread.join(", ")
                )),
                Err(e) => state.warn(e),
            }
        });
    };
    let import_text = move |text: String| match state.import(&text) {
        Ok(summary) => state.tell(summary),
        Err(e) => state.warn(tf!(
            "Nothing was imported: {e}",
            "Nic nie zaimportowano: {e}"
        )),
    };
    let pick_file = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(text) => import_text(text),
            Err(e) => state.warn(e),
        });
    };

    let choose_lang = move |ev: leptos::ev::Event| {
        let chosen = UiLang::ALL
            .into_iter()
            .find(|l| l.tag() == event_target_value(&ev));
        if let Some(chosen) = chosen
            && let Err(e) = state.set_lang(chosen)
        {
            state.warn(e);
        }
    };

    view! {
        <section class="page">
            <h1>{t!("Settings", "Ustawienia")}</h1>
            <SettingsGroup id="lang-title" title=t!("Language", "Język") open=true>
                <label class="field">
                    <span>{t!("Language of the app (text, dates and numbers)", "Język aplikacji (teksty, daty i liczby)")}</span>
                    <select name="lang" on:change=choose_lang>
                        {UiLang::ALL.into_iter().map(|l| view! {
                            <option value=l.tag() lang=l.tag() selected=l == lang()>{l.name()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <p>{t!("Each player's notation language is set with the game and does not change with this.", "Język zapisu posunięć każdego zawodnika ustala się przy partii i nie zmienia się wraz z tym ustawieniem.")}</p>
            </SettingsGroup>
            <SettingsGroup id="storage-title" title=t!("Storage", "Pamięć")>
                <Show when=move || !state.persistent.get()>
                    <p class="form-error" role="alert">{t!("This browser does not allow saving: games are kept only until this page is closed. Export a backup before closing.", "Ta przeglądarka nie pozwala zapisywać: partie są trzymane tylko do zamknięcia strony. Przed zamknięciem wyeksportuj kopię zapasową.")}</p>
                </Show>
                <p>
                    {move || {
                        let (games, kb, quota) = (state.games.with(Vec::len), lang().decimal(used.get() as f64 / 1024.0, 1), BROWSER_QUOTA_BYTES / 1024);
                        tf!("Games stored: {games}, using {kb} KB of about {quota} KB this browser allows.",
                            "Partie ({games}) zajmują {kb} KB z około {quota} KB, na które pozwala ta przeglądarka.")
                    }}
                </p>
                <meter min="0" max=BROWSER_QUOTA_BYTES value=move || used.get() aria-label=t!("Storage used", "Zajęta pamięć")></meter>
            </SettingsGroup>
            <Show when=move || { state.problems.track(); state.settings_unreadable() }>
                <section class="panel" aria-labelledby="unreadable-settings-title">
                    <h2 id="unreadable-settings-title">{t!("The settings cannot be read", "Nie da się odczytać ustawień")}</h2>
                    <p role="alert">{t!("The stored settings (the arbiter's PIN, the locked scoresheet) are damaged or come from a newer version of Arbiter. They are kept as they are and nothing is saved over them. Starting afresh forgets them: the PIN must be set again.", "Zapisane ustawienia (PIN sędziego, zablokowany blankiet) są uszkodzone albo pochodzą z nowszej wersji aplikacji Arbiter. Pozostają nietknięte i nic nie jest na nich zapisywane. Rozpoczęcie od nowa je usuwa: PIN trzeba będzie ustawić ponownie.")}</p>
                    <button type="button" class="button danger" on:click=move |_| confirm_replace.set(true)>{t!("Start the settings afresh", "Zacznij ustawienia od nowa")}</button>
                    <ConfirmDialog open=confirm_replace
                        question=t!("Replace the unreadable settings with new ones? The arbiter's PIN must then be set again.", "Zastąpić nieczytelne ustawienia nowymi? PIN sędziego trzeba będzie wtedy ustawić ponownie.").to_owned()
                        confirm_label=t!("Start afresh", "Zacznij od nowa") on_confirm=replace_settings />
                </section>
            </Show>
            <SettingsGroup id="pin-settings-title" title=t!("Arbiter's PIN", "PIN sędziego")>
                <p>{t!("A player's scoresheet in recording mode can only be left with this PIN. It is stored hashed, never as typed.", "Blankiet zawodnika w trybie zapisu można opuścić tylko z tym PIN-em. Jest przechowywany jako skrót, nigdy w postaci wpisanej.")}</p>
                <p>{move || if has_pin.get() { t!("A PIN is set.", "PIN jest ustawiony.") } else { t!("No PIN is set yet.", "PIN nie jest jeszcze ustawiony.") }}</p>
                <form class="pin-form" on:submit=save_pin>
                    <Show when=move || has_pin.get()>
                        <label class="field">
                            <span>{t!("Current PIN", "Obecny PIN")}</span>
                            <input type="password" inputmode="numeric" autocomplete="off"
                                prop:value=move || current_pin.get() on:input=move |ev| current_pin.set(event_target_value(&ev)) />
                        </label>
                    </Show>
                    <label class="field">
                        <span>{t!("New PIN (at least 4 digits)", "Nowy PIN (co najmniej 4 cyfry)")}</span>
                        <input type="password" inputmode="numeric" autocomplete="off"
                            prop:value=move || new_pin.get() on:input=move |ev| new_pin.set(event_target_value(&ev)) />
                    </label>
                    <button type="submit" class="button primary">{t!("Save PIN", "Zapisz PIN")}</button>
                </form>
            </SettingsGroup>
            <EventPanel />
            <ArbiterKeyPanel />
            <RecipientsPanel />
            <SettingsGroup id="backup-title" title=t!("Backup", "Kopia zapasowa")>
                <p>{t!("Save every game to a file, and bring a file back onto this or another tablet. Importing never replaces a newer copy of a game.", "Zapisz wszystkie partie do pliku i wczytaj plik z powrotem na ten lub inny tablet. Import nigdy nie zastępuje nowszej kopii partii.")}</p>
                <div class="actions">
                    <button class="button primary" on:click=export>{t!("Export backup", "Eksportuj kopię zapasową")}</button>
                    <label class="button">
                        {t!("Import backup file", "Importuj plik kopii zapasowej")}
                        <input class="visually-hidden" type="file" accept=".json,application/json" on:change=pick_file />
                    </label>
                </div>
                <label class="field">
                    <span>{t!("Or paste a backup", "Albo wklej kopię zapasową")}</span>
                    <textarea rows="4" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                </label>
                <button class="button" on:click=move |_| import_text(pasted.get_untracked())>{t!("Import pasted backup", "Importuj wklejoną kopię")}</button>
            </SettingsGroup>
        </section>
    }
}
