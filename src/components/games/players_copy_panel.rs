use laws::game::Game;
use leptos::prelude::*;

use crate::components::common::qr_code::{QrCode, app_address};
use crate::event::join_code::JoinCode;
use crate::game_link::PlayersCopy;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

/// A finished game for its players: a QR code holding the whole game (its
/// PGN in the link's fragment, which reaches no server), opened on a phone
/// in Arbiter's Review, with or without a network.
#[component]
pub fn PlayersCopyPanel(
    game: Signal<Option<Game>>,
    /// Brought into view as soon as it is shown: the arbiter asked for
    /// the code, to hold it up to the players.
    #[prop(optional)]
    at_qr: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let panel = NodeRef::<leptos::html::Section>::new();
    if at_qr {
        // The code's foot at the screen's foot: the whole code in view, with
        // as much of the panel's heading above it as fits.
        Effect::new(move |_| {
            if let Some(code) = panel
                .get()
                .and_then(|panel| panel.query_selector("svg.qr-code").ok().flatten())
            {
                code.scroll_into_view_with_bool(false);
            }
        });
    }
    let app = app_address();
    // With a network: the game read from the event's database.
    let event_link = {
        let app = app.clone();
        Memo::new(move |_| {
            let id = game.with(|g| g.as_ref().map(|g| g.id().to_owned()))?;
            state.settings.with(|s| {
                s.event.as_ref().and_then(|link| {
                    let query = JoinCode::of(link, None)?.query();
                    Some(format!("{app}{}", Route::EventGame(id, query).href()))
                })
            })
        })
    };
    let copy = Memo::new(move |_| game.with(|g| g.as_ref().map(|g| PlayersCopy::of(g, &app))));
    view! {
        <section class="panel players-copy" id="players-copy" aria-labelledby="players-copy-title" node_ref=panel>
            <h2 id="players-copy-title">{t!("The game for the players", "Partia dla zawodników")}</h2>
            <p>{t!("Scan with a phone's camera: the game opens in Arbiter's Review (move by move, PGN, print). The whole game is in the code; nothing is sent to a server, and the phone needs no network once it has opened Arbiter before.", "Zeskanuj aparatem telefonu: partia otworzy się w Przeglądzie Arbitra (ruch po ruchu, PGN, druk). Cała partia jest w kodzie; nic nie trafia na serwer, a telefon nie potrzebuje sieci, jeśli już kiedyś otworzył Arbitra.")}</p>
            {move || copy.get().map(|copy| match copy {
                Ok(copy) => view! {
                    <QrCode qr=copy.qr.clone() label=t!("QR code of the game", "Kod QR partii").to_owned() />
                    {(!copy.clocks).then(|| view! {
                        <p>{t!("The clock readings are left out so that the code stays readable; the moves, the players, the result and the arbiter's notes are all there.", "Odczyty zegara pominięto, by kod dał się odczytać; posunięcia, zawodnicy, wynik i uwagi sędziego są w nim wszystkie.")}</p>
                    })}
                    <p style="overflow-wrap:anywhere"><a href=copy.url.clone() data-testid="players-link">{t!("The same game as a link", "Ta sama partia jako link")}</a></p>
                }.into_any(),
                Err(e) => view! { <p class="form-error" role="alert">{tf!("No QR code: {e}.", "Brak kodu QR: {e}.")}</p> }.into_any(),
            })}
            {move || event_link.get().map(|url| view! {
                <p style="overflow-wrap:anywhere">{t!("With a network, read-only from the event's database (the players' account): ", "Z siecią, tylko do odczytu z bazy turnieju (konto zawodników): ")}<a href=url.clone() data-testid="event-game-link">{url.clone()}</a></p>
            })}
        </section>
    }
}
