use laws::game::Setup;
use leptos::prelude::*;

use crate::components::games::game_form::GameForm;
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
    view! {
        <section class="page">
            <h1>{t!("New game", "Nowa partia")}</h1>
            <GameForm initial=Setup::new_game() submit_label=t!("Create game", "Utwórz partię") on_submit=create />
        </section>
    }
}
