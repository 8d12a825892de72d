//! One game of the event for its players, with a network: read-only
//! Review of the game as the event's database has it. A device not yet in
//! the event joins it first, with the players' account.

use leptos::prelude::*;

use crate::pages::join_event::JoinEventPage;
use crate::pages::review::GameReview;
use crate::route::Route;
use crate::state::AppState;
use crate::t;

#[component]
pub fn EventGamePage(id: String, query: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = state.watch(id.clone());
    let exists = Memo::new(move |_| game.with(Option::is_some));
    let joined = Memo::new(move |_| state.settings.with(|s| s.event.is_some()));
    let here = Route::EventGame(id, query.clone());
    move || {
        if exists.get() {
            view! {
                <section class="page review">
                    <GameReview game=game.into() players=true />
                </section>
            }
            .into_any()
        } else if joined.get() {
            view! {
                <section class="page">
                    <h1>{t!("A game of the event", "Partia turnieju")}</h1>
                    <p role="status">{t!("Waiting for the game from the event's database…", "Oczekiwanie na partię z bazy turnieju…")}</p>
                </section>
            }
            .into_any()
        } else {
            view! {
                <p class="page-intro">{t!("This game is in the event's database. Join the event with the players' account (the arbiters give its user and password): the game then opens here, read-only.", "Ta partia jest w bazie turnieju. Dołącz do turnieju kontem zawodników (użytkownika i hasło podają sędziowie): partia otworzy się tutaj, tylko do odczytu.")}</p>
                <JoinEventPage query=query.clone() then=here.clone() reader=true />
            }
            .into_any()
        }
    }
}
