use leptos::prelude::*;

use crate::components::common::qr_code::{QrCode, app_address};
use crate::event::join_code::JoinCode;
use crate::platform::qr::Qr;
use crate::state::AppState;
use crate::text::sentence::sentence;
use crate::{t, tf};

/// The event's join code for the board tablets: a QR code and its link,
/// with the server, the database and this tablet's arbiter's key (never a
/// user or password), so envelopes sealed on them are sealed to him.
#[component]
pub fn JoinCodePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let code = Memo::new(move |_| {
        state.key_changed.track();
        let chief = state.arbiter_key().map(|k| k.key().recipient());
        state
            .settings
            .with(|s| s.event.as_ref().and_then(|link| JoinCode::of(link, chief)))
    });
    move || {
        code.get().map(|code| {
            let url = format!("{}{}", app_address(), code.route().href());
            let qr = Qr::of(&url);
            let chief = code.chief.clone();
            let compare = code.fingerprint();
            view! {
                <div class="join-code">
                    <h3>{t!("Join code for the board tablets", "Kod dołączenia dla tabletów przy szachownicach")}</h3>
                    <p>{t!("A board tablet scans this code or opens the link: it fills in the server and the database, asks for its user and password (never in the code), and seals its envelopes to this tablet's arbiter's key.", "Tablet przy szachownicy skanuje ten kod albo otwiera link: wpisuje serwer i bazę, pyta o swojego użytkownika i hasło (nigdy w kodzie) i pieczętuje koperty dla klucza sędziego z tego tabletu.")}</p>
                    {match qr {
                        Ok(qr) => view! { <QrCode qr label=t!("Join code", "Kod dołączenia").to_owned() /> }.into_any(),
                        Err(e) => view! { <p class="form-error" role="alert">{sentence(&e)}</p> }.into_any(),
                    }}
                    <p style="overflow-wrap:anywhere"><a href=url.clone() data-testid="join-link">{url.clone()}</a></p>
                    <p>{t!("The board tablet shows this code before it joins: its arbiter reads it aloud, and joins only if it is the same.", "Tablet przy szachownicy pokazuje ten kod przed dołączeniem: jego sędzia odczytuje go na głos i dołącza tylko, jeśli jest taki sam.")}</p>
                    <p class="fingerprint-code" data-testid="join-code-fingerprint">{compare}</p>
                    {match chief {
                        Some(chief) => view! {
                            <p>{tf!("Envelopes are sealed to {}, key fingerprint {}.", "Koperty będą pieczętowane dla: {}, odcisk klucza {}.", chief.name, chief.fingerprint)}</p>
                        }.into_any(),
                        None => view! {
                            <p class="form-error" role="alert">{t!("This tablet has no arbiter's key: the code carries none, and board tablets seal to their own recipients. Make the key above first.", "Ten tablet nie ma klucza sędziego: kod go nie zawiera, a tablety przy szachownicach pieczętują dla własnych odbiorców. Najpierw utwórz klucz powyżej.")}</p>
                        }.into_any(),
                    }}
                </div>
            }
        })
    }
}
