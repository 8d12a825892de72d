use laws::game::Game;
use leptos::prelude::*;

use crate::components::pgn_import::pgn_import_panel;
use crate::route::Route;
use crate::state::AppState;

/// A moment for people: the browser's local date and time.
pub fn local_time(ms: u64) -> String {
    js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64))
        .to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED)
        .into()
}

fn title(game: &Game) -> String {
    let setup = game.setup();
    format!("{} – {}", setup.white.name, setup.black.name)
}

fn subtitle(game: &Game) -> String {
    let setup = game.setup();
    [
        setup.event.clone(),
        (!setup.round.is_empty())
            .then(|| format!("round {}", setup.round))
            .unwrap_or_default(),
        (!setup.board.is_empty())
            .then(|| format!("board {}", setup.board))
            .unwrap_or_default(),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect::<Vec<_>>()
    .join(", ")
}

/// Where the game stands, in a few words for the list.
fn progress(game: &Game) -> String {
    match game.fold() {
        Ok(play) if play.begun => {
            let next = play.sheet.next_slot();
            format!("In play: move {}, {} to move", next.number, next.side)
        }
        Ok(_) => "Not started".to_owned(),
        Err(e) => format!("Cannot be replayed: {e}"),
    }
}

/// Every game on this tablet, newest first.
#[component]
pub fn Games() -> impl IntoView {
    let state = expect_context::<AppState>();
    let importing = RwSignal::new(false);
    view! {
        <section class="page">
            <div class="page-head">
                <h1>"Games"</h1>
                <a class="button primary" href=Route::NewGame.href()>"New game"</a>
            </div>
            <Show
                when=move || !state.games.with(Vec::is_empty)
                fallback=|| view! { <p class="empty">"No games yet. Create one to start."</p> }
            >
                <ul class="game-list">
                    <For
                        each=move || state.games.get()
                        key=|game| (game.id().to_owned(), game.log().len())
                        let:game
                    >
                        <li>
                            <a class="game-card" href=Route::Game(game.id().to_owned()).href()>
                                <span class="game-title">{title(&game)}</span>
                                <span class="game-meta">{subtitle(&game)}</span>
                                <span class="game-status">{progress(&game)}</span>
                                <span class="game-meta">"Last change: " {local_time(game.updated_ms())}</span>
                            </a>
                        </li>
                    </For>
                </ul>
            </Show>
            <Show
                when=move || importing.get()
                fallback=move || view! {
                    <button type="button" class="button" on:click=move |_| importing.set(true)>"Import PGN"</button>
                }
            >
                <Transition>{move || Suspend::new(pgn_import_panel())}</Transition>
            </Show>
        </section>
    }
}
