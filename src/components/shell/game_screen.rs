use laws::game::Game;
use leptos::prelude::*;

use crate::components::shell::missing_game::MissingGame;
use crate::state::AppState;

/// The screen of game `id` drawn by `render`, again whenever the game
/// changes; the missing-game page when it is not on this tablet.
pub fn game_screen(
    id: String,
    render: impl Fn(Game) -> AnyView + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game_id = id.clone();
    let game = Memo::new(move |_| state.game(&game_id));
    move || match game.get() {
        None => view! { <MissingGame id=id.clone() /> }.into_any(),
        Some(game) => render(game),
    }
}
