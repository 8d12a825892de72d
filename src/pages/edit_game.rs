use laws::game::{Event, Setup};
use leptos::prelude::*;

use crate::components::games::game_form::GameForm;
use crate::pages::not_found::MissingGame;
use crate::route::Route;
use crate::route::navigate;
use crate::state::AppState;
use crate::t;

/// Correcting a game's details: recorded as an event, so the log shows it.
#[component]
pub fn EditGame(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game_id = id.clone();
    let game = Memo::new(move |_| state.game(&game_id));
    view! {
        {move || match game.get() {
            None => view! { <MissingGame id=id.clone() /> }.into_any(),
            Some(game) => {
                let id = game.id().to_owned();
                let time_control_locked = game.fold().is_ok_and(|state| state.begun);
                // A game set up from the event's round keeps the round's
                // names: the chief changes them in the round.
                let from_round = crate::event::couch::record().with_untracked(|r| {
                    let setup = game.setup();
                    setup
                        .round
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .and_then(|n| r.rounds.get(&n))
                        .is_some_and(|round| round.names(setup))
                });
                let save = Callback::new(move |setup: Setup| {
                    state.apply(&id, Event::DetailsEdited(Box::new(setup)))?;
                    state.tell_on(Route::Game(id.clone()), t!("Details saved.", "Dane zapisane."));
                    navigate(&Route::Game(id.clone()));
                    Ok(())
                });
                view! {
                    <section class="page">
                        <h1>{t!("Edit game details", "Edycja danych partii")}</h1>
                        <GameForm initial=game.setup().clone() time_control_locked from_round submit_label=t!("Save details", "Zapisz dane") on_submit=save />
                    </section>
                }.into_any()
            }
        }}
    }
}
