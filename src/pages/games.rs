use leptos::prelude::*;

use crate::components::games::pgn_import::pgn_import_panel;
use crate::route::Route;
use crate::state::{AppState, read_every_game};
use crate::t;
use crate::text::i18n::local_time;

/// Every game on this tablet, newest first.
#[component]
pub fn Games() -> impl IntoView {
    let state = expect_context::<AppState>();
    let importing = RwSignal::new(false);
    // Games stored without a listing (by an earlier release) are read in
    // full, which lists them: the games' module is fetched only then.
    Effect::new(move |_| {
        if !state.unlisted.with(Vec::is_empty) && !state.games_read.get_untracked() {
            leptos::task::spawn_local(read_every_game(state));
        }
    });
    let unlisted = move || state.unlisted.with(Vec::len);
    view! {
        <section class="page">
            <div class="page-head">
                <h1>{t!("Games", "Partie")}</h1>
                <a class="button primary" href=Route::NewGame.href()>{t!("New game", "Nowa partia")}</a>
            </div>
            <Show
                when=move || { !state.listings.with(Vec::is_empty) || unlisted() > 0 }
                fallback=|| view! { <p class="empty">{t!("No games yet. Create one to start.", "Nie ma jeszcze partii. Utwórz pierwszą.")}</p> }
            >
                <ul class="game-list">
                    <For
                        each=move || state.listings.get()
                        key=|listing| listing.clone()
                        let:listing
                    >
                        <li>
                            <a class="game-card" href=Route::Game(listing.id.clone()).href()>
                                <span class="game-title">{listing.title()}</span>
                                <span class="game-meta">{listing.details()}</span>
                                <span class="game-status">{listing.standing.get().to_owned()}</span>
                                <span class="game-meta">{t!("Last change: ", "Ostatnia zmiana: ")} {local_time(listing.updated_ms)}</span>
                            </a>
                        </li>
                    </For>
                </ul>
                <Show when=move || { unlisted() > 0 }>
                    <p class="opening" role="status">{t!("Reading the games…", "Odczytywanie partii…")}</p>
                </Show>
            </Show>
            <Show
                when=move || importing.get()
                fallback=move || view! {
                    <button type="button" class="button" on:click=move |_| importing.set(true)>{t!("Import PGN", "Importuj PGN")}</button>
                }
            >
                <Transition>{move || Suspend::new(pgn_import_panel())}</Transition>
            </Show>
        </section>
    }
}
