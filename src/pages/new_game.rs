use laws::game::Setup;
use leptos::prelude::*;

use crate::components::games::game_form::GameForm;
use crate::components::games::round_board_picker::RoundBoardPicker;
use crate::route::Route;
use crate::route::navigate;
use crate::state::AppState;
use crate::t;

#[component]
pub fn NewGame() -> impl IntoView {
    let state = expect_context::<AppState>();
    let create = Callback::new(move |setup: Setup| {
        let id = state.create(setup)?;
        state.tell_on(
            Route::Game(id.clone()),
            t!("Game created.", "Partia utworzona."),
        );
        navigate(&Route::Game(id));
        Ok(())
    });
    // A board of the event's round, or typed by hand.
    let from_round = RwSignal::new(None::<Setup>);
    view! {
        <section class="page">
            <h1>{t!("New game", "Nowa partia")}</h1>
            <RoundBoardPicker on_choose=Callback::new(move |setup| from_round.set(setup)) />
            {move || match from_round.get() {
                Some(setup) => view! {
                    <GameForm initial=setup from_round=true submit_label=t!("Create game", "Utwórz partię") on_submit=create />
                }.into_any(),
                None => view! {
                    <GameForm initial=Setup::new_game() submit_label=t!("Create game", "Utwórz partię") on_submit=create />
                }.into_any(),
            }}
        </section>
    }
}
