use laws::game::Setup;
use leptos::prelude::*;

use crate::app::navigate;
use crate::components::game_form::GameForm;
use crate::route::Route;
use crate::state::AppState;

#[component]
pub fn NewGame() -> impl IntoView {
    let state = expect_context::<AppState>();
    let create = Callback::new(move |setup: Setup| {
        let id = state.create(setup)?;
        state.tell("Game created.");
        navigate(&Route::Game(id));
        Ok(())
    });
    view! {
        <section class="page">
            <h1>"New game"</h1>
            <GameForm initial=Setup::default() submit_label="Create game" on_submit=create />
        </section>
    }
}
