//! A board tablet opening the chief arbiter's join code: the event's server
//! and database filled in, the user and password asked here, the chief
//! arbiter's key added to the recipients of the envelopes sealed here.

use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::event::join_code::JoinCode;
use crate::event::sync::EventLink;
use crate::route::{Route, navigate};
use crate::state::AppState;
use crate::{t, tf};

/// The join form of the code in `query`; once joined, goes to `then`
/// (Settings unless given). A `reader` (a player's phone opening his
/// game's link from the board tablet in front of him) writes nothing and
/// is not asked to compare the code.
#[component]
pub fn JoinEventPage(
    query: String,
    #[prop(optional)] then: Option<Route>,
    #[prop(optional)] reader: bool,
) -> impl IntoView {
    let then = then.unwrap_or(Route::Settings);
    let state = expect_context::<AppState>();
    let code = match JoinCode::parse(&query) {
        Ok(code) => code,
        Err(e) => {
            return view! {
                <section class="page join-event">
                    <h1>{t!("Join an event", "Dołączanie do turnieju")}</h1>
                    <p class="form-error" role="alert">{tf!("This join code cannot be used: {e}. Nothing was changed on this tablet.", "Tego kodu dołączenia nie można użyć: {e}. Na tym tablecie nic nie zmieniono.")}</p>
                    <a class="button" href=Route::Settings.href()>{t!("Settings", "Ustawienia")}</a>
                </section>
            }
            .into_any();
        }
    };
    let user = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    // A link proves nothing: anyone can make one with his own key and its
    // fingerprint. The arbiter compares the fingerprint aloud with the
    // chief arbiter's screen before the key is taken.
    let compared = RwSignal::new(reader);
    let chief = code.chief.clone();
    let compare = code.fingerprint();
    let (server, database) = (code.server.clone(), code.database.clone());
    let warning = EventLink {
        server: code.server.clone(),
        ..EventLink::default()
    }
    .clear_text_warning();
    let join = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut link = EventLink {
            server: code.server.clone(),
            database: code.database.clone(),
            user: user.get_untracked().trim().to_owned(),
            password: password.get_untracked(),
            chief: Some(code.signer),
            ..EventLink::default()
        };
        let joined = link.validate().and_then(|()| {
            if !compared.get_untracked() {
                return Err(t!(
                    "compare the code with the one on the chief arbiter's screen first, and tick that they are the same",
                    "najpierw porównaj kod z tym na ekranie sędziego głównego i zaznacz, że są takie same"
                )
                .into());
            }
            // A reader seals nothing: no recipient from an unconfirmed code.
            if let Some(chief) = code.chief.as_ref().filter(|_| !reader)
                && !state
                    .recipients()
                    .iter()
                    .any(|r| r.public_key == chief.public_key)
            {
                state.add_recipient(&chief.public_key.to_hex(), &chief.name)?;
                link.brought_key = Some(chief.fingerprint.clone());
            }
            crate::event::couch::join_event(state, Some(link))
        });
        match joined {
            Ok(()) => {
                state.tell_on(then.clone(), if code.chief.is_some() {
                    t!(
                        "Joined the event: this tablet's games are sent to its database, and its envelopes are sealed to the chief arbiter.",
                        "Dołączono do turnieju: partie z tego tabletu trafiają do jego bazy, a koperty są pieczętowane dla sędziego głównego."
                    )
                } else {
                    t!("Joined the event: its games come to this device.", "Dołączono do turnieju: jego partie trafiają na to urządzenie.")
                });
                navigate(&then);
            }
            Err(e) => state.warn(tf!("Not joined: {e}.", "Nie dołączono: {e}.")),
        }
    };
    view! {
        <section class="page join-event">
            <h1>{t!("Join an event", "Dołączanie do turnieju")}</h1>
            // On a tablet, what to compare beside the account's form: the
            // Join button in view without scrolling.
            <div class="form-columns">
            <div class="join-check">
            <dl class="join-details">
                <dt>{t!("Server address", "Adres serwera")}</dt><dd data-testid="join-server">{server}</dd>
                <dt>{t!("Database", "Baza danych")}</dt><dd data-testid="join-database">{database}</dd>
            </dl>
            {warning.map(|warning| view! { <p class="weaker" role="alert">{warning}</p> })}
            {(!reader).then(|| view! {
                <p>{t!("Read this code aloud against the one under the chief arbiter's join code: a join code anyone could have made proves nothing until they match. Once joined, this tablet takes what the chief arbiter signs in any game.", "Odczytaj ten kod na głos i porównaj z kodem pod kodem dołączenia sędziego głównego: kod dołączenia, który każdy mógł zrobić, niczego nie dowodzi, dopóki się nie zgadzają. Po dołączeniu ten tablet przyjmuje to, co podpisze sędzia główny, w każdej partii.")}</p>
                <p class="fingerprint-code" data-testid="join-fingerprint">{compare}</p>
                <div class="join-compare">
                <label class="check-row">
                    <input type="checkbox" prop:checked=move || compared.get() on:change=move |ev| compared.set(event_target_checked(&ev)) />
                    <span>{t!("It is the same as on the chief arbiter's screen", "Jest taki sam jak na ekranie sędziego głównego")}</span>
                </label>
                <button type="button" class="button danger" on:click=move |_| {
                    state.tell_on(Route::Games, t!(
                        "Not joined: the code differs from the chief arbiter's. Nothing was changed on this tablet; ask the chief arbiter for his join code again.",
                        "Nie dołączono: kod różni się od kodu sędziego głównego. Na tym tablecie nic nie zmieniono; poproś sędziego głównego ponownie o kod dołączenia."
                    ));
                    navigate(&Route::Games);
                }>{t!("It differs: do not join", "Różni się: nie dołączaj")}</button>
                </div>
            })}
            {match chief {
                Some(chief) => view! {
                    <p>{tf!("Envelopes sealed on this tablet will be sealed to the chief arbiter, {} (key fingerprint {}).", "Koperty pieczętowane na tym tablecie będą zapieczętowane dla sędziego głównego: {} (odcisk klucza {}).", chief.name, chief.fingerprint)}</p>
                }.into_any(),
                None => view! {
                    <p>{t!("The code carries no arbiter's key: envelopes are sealed as set in Settings.", "Kod nie zawiera klucza sędziego: koperty są pieczętowane tak, jak ustawiono w Ustawieniach.")}</p>
                }.into_any(),
            }}
            </div>
            <form class="event-form" on:submit=join>
                <Field label=t!("User", "Użytkownik").to_owned() value=user />
                <Field label=t!("Password", "Hasło").to_owned() value=password kind="password" />
                <div class="actions">
                    <button type="submit" class="button primary">{t!("Join the event", "Dołącz do turnieju")}</button>
                    <a class="button" href=Route::Games.href()>{t!("Cancel", "Anuluj")}</a>
                </div>
            </form>
            </div>
        </section>
    }
    .into_any()
}
