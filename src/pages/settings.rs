use leptos::prelude::*;

use crate::components::confirm_dialog::ConfirmDialog;
use crate::files::{download, read_picked};
use crate::state::{AppState, now_ms};

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
            Ok(()) => state.tell("Arbiter's PIN saved."),
            Err(e) => state.warn(e),
        }
        current_pin.set(String::new());
        new_pin.set(String::new());
    };
    let used = Memo::new(move |_| state.used_bytes());
    let confirm_replace = RwSignal::new(false);
    let replace_settings = Callback::new(move |()| match state.replace_settings() {
        Ok(()) => state.tell("Settings started afresh: set the arbiter's PIN."),
        Err(e) => state.warn(format!("The settings were not replaced: {e}.")),
    });

    let export = move |_| {
        let name = format!("arbiter-backup-{}.json", now_ms());
        match download(&name, "application/json", &state.export()) {
            Ok(()) => state.tell(format!("Backup saved as {name}.")),
            Err(e) => state.warn(e),
        }
    };
    let import_text = move |text: String| match state.import(&text) {
        Ok(summary) => state.tell(summary),
        Err(e) => state.warn(format!("Nothing was imported: {e}")),
    };
    let pick_file = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(text) => import_text(text),
            Err(e) => state.warn(e),
        });
    };

    view! {
        <section class="page">
            <h1>"Settings"</h1>
            <section class="panel" aria-labelledby="storage-title">
                <h2 id="storage-title">"Storage"</h2>
                <Show when=move || !state.persistent.get()>
                    <p class="form-error" role="alert">"This browser does not allow saving: games are kept only until this page is closed. Export a backup before closing."</p>
                </Show>
                <p>
                    {move || format!("{} games use {:.1} KB of about {} KB this browser allows.",
                        state.games.with(Vec::len), used.get() as f64 / 1024.0, BROWSER_QUOTA_BYTES / 1024)}
                </p>
                <meter min="0" max=BROWSER_QUOTA_BYTES value=move || used.get() aria-label="Storage used"></meter>
            </section>
            <Show when=move || { state.problems.track(); state.settings_unreadable() }>
                <section class="panel" aria-labelledby="unreadable-settings-title">
                    <h2 id="unreadable-settings-title">"The settings cannot be read"</h2>
                    <p role="alert">"The stored settings (the arbiter's PIN, the locked scoresheet) are damaged or come from a newer version of Arbiter. They are kept as they are and nothing is saved over them. Starting afresh forgets them: the PIN must be set again."</p>
                    <button type="button" class="button danger" on:click=move |_| confirm_replace.set(true)>"Start the settings afresh"</button>
                    <ConfirmDialog open=confirm_replace
                        question="Replace the unreadable settings with new ones? The arbiter's PIN must then be set again.".to_owned()
                        confirm_label="Start afresh" on_confirm=replace_settings />
                </section>
            </Show>
            <section class="panel" aria-labelledby="pin-settings-title">
                <h2 id="pin-settings-title">"Arbiter's PIN"</h2>
                <p>"A player's scoresheet in recording mode can only be left with this PIN. It is stored hashed, never as typed."</p>
                <p>{move || if has_pin.get() { "A PIN is set." } else { "No PIN is set yet." }}</p>
                <form class="pin-form" on:submit=save_pin>
                    <Show when=move || has_pin.get()>
                        <label class="field">
                            <span>"Current PIN"</span>
                            <input type="password" inputmode="numeric" autocomplete="off"
                                prop:value=move || current_pin.get() on:input=move |ev| current_pin.set(event_target_value(&ev)) />
                        </label>
                    </Show>
                    <label class="field">
                        <span>"New PIN (at least 4 digits)"</span>
                        <input type="password" inputmode="numeric" autocomplete="off"
                            prop:value=move || new_pin.get() on:input=move |ev| new_pin.set(event_target_value(&ev)) />
                    </label>
                    <button type="submit" class="button primary">"Save PIN"</button>
                </form>
            </section>
            <section class="panel" aria-labelledby="backup-title">
                <h2 id="backup-title">"Backup"</h2>
                <p>"Save every game to a file, and bring a file back onto this or another tablet. Importing never replaces a newer copy of a game."</p>
                <div class="actions">
                    <button class="button primary" on:click=export>"Export backup"</button>
                    <label class="button">
                        "Import backup file"
                        <input class="visually-hidden" type="file" accept=".json,application/json" on:change=pick_file />
                    </label>
                </div>
                <label class="field">
                    <span>"Or paste a backup"</span>
                    <textarea rows="4" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                </label>
                <button class="button" on:click=move |_| import_text(pasted.get_untracked())>"Import pasted backup"</button>
            </section>
        </section>
    }
}
