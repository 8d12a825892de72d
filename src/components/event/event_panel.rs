use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::components::common::settings_group::SettingsGroup;
use crate::components::event::join_code_panel::JoinCodePanel;
use crate::event::sync::EventLink;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

/// Joining an event (one CouchDB database) and leaving it; the chief
/// arbiter prepares the database from here.
#[component]
pub fn EventPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let saved = state.settings.get_untracked().event.unwrap_or_default();
    let server = RwSignal::new(saved.server);
    let database = RwSignal::new(saved.database);
    let user = RwSignal::new(saved.user);
    let password = RwSignal::new(saved.password);
    let joined = Memo::new(move |_| state.settings.with(|s| s.event.is_some()));
    let link = move || EventLink {
        server: server.get_untracked().trim().to_owned(),
        database: database.get_untracked().trim().to_owned(),
        user: user.get_untracked().trim().to_owned(),
        password: password.get_untracked(),
        // What joining this event brought and made stays (the chief's
        // keys, this tablet's signing key); another event starts afresh.
        ..state
            .settings
            .with_untracked(|s| s.event.clone())
            .filter(|e| {
                e.server.trim() == server.get_untracked().trim()
                    && e.database.trim() == database.get_untracked().trim()
            })
            .unwrap_or_default()
    };
    let in_the_clear = move || {
        EventLink {
            server: server.get(),
            ..EventLink::default()
        }
        .clear_text_warning()
    };
    let join = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match crate::event::couch::join_event(state, Some(link())) {
            Ok(()) => state.tell(t!(
                "Joined the event: this tablet's games are sent to its database and its games come here.",
                "Dołączono do turnieju: partie z tego tabletu trafiają do jego bazy, a jego partie tutaj."
            )),
            Err(e) => state.warn(tf!("Not joined: {e}.", "Nie dołączono: {e}.")),
        }
    };
    let leave = move |_| match crate::event::couch::join_event(state, None) {
        Ok(()) => state.tell(t!(
            "Left the event: the games stay on this tablet, which no longer syncs.",
            "Opuszczono turniej: partie zostają na tym tablecie, który już się nie synchronizuje."
        )),
        Err(e) => state.warn(e),
    };
    let prepare = move |_| {
        let link = link();
        if let Err(e) = link.validate() {
            state.warn(e);
            return;
        }
        leptos::task::spawn_local(async move {
            match crate::event::couch::prepare_database(link).await {
                Ok(()) => state.tell(t!(
                    "The database is prepared: its guard of the log is installed, and the board, chief and player roles may read it.",
                    "Baza jest przygotowana: strażnik dziennika jest zainstalowany, a role board, chief i player mogą ją czytać."
                )),
                Err(e) => state.warn(tf!(
                    "The database was not prepared: {e}.",
                    "Nie przygotowano bazy: {e}."
                )),
            }
        });
    };
    view! {
        <SettingsGroup id="event-title" title=t!("Event", "Turniej")>
            <p>{t!("A tournament's tablets share their games through one CouchDB database. A tablet in no event keeps working on its own and uses no network.", "Tablety turnieju dzielą się partiami przez jedną bazę CouchDB. Tablet spoza turnieju działa samodzielnie i nie korzysta z sieci.")}</p>
            <form class="event-form" on:submit=join>
                <Field label=t!("Server address", "Adres serwera").to_owned() value=server />
                {move || in_the_clear().map(|warning| view! { <p class="weaker" role="alert">{warning}</p> })}
                <Field label=t!("Database", "Baza danych").to_owned() value=database />
                <Field label=t!("User", "Użytkownik").to_owned() value=user />
                <Field label=t!("Password", "Hasło").to_owned() value=password kind="password" />
                <div class="actions">
                    <button type="submit" class="button primary">
                        {move || if joined.get() { t!("Save and sync", "Zapisz i synchronizuj") } else { t!("Join the event", "Dołącz do turnieju") }}
                    </button>
                    <button type="button" class="button" on:click=prepare>{t!("Prepare this database", "Przygotuj tę bazę")}</button>
                    <Show when=move || joined.get()>
                        <a class="button" href=Route::Event.href()>{t!("Event screen", "Ekran turnieju")}</a>
                        <button type="button" class="button danger" on:click=leave>{t!("Leave the event", "Opuść turniej")}</button>
                    </Show>
                </div>
            </form>
            <Show when=move || joined.get()>
                <p role="status" class="sync-line">{
                    let status = crate::event::couch::status();
                    move || status.get().map(|s| s.to_string())
                }</p>
                <JoinCodePanel />
            </Show>
        </SettingsGroup>
    }
}
