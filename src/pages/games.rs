use laws::adjournment::Phase;
use laws::game::Game;
use leptos::prelude::*;

use crate::components::pgn_import::pgn_import_panel;
use crate::i18n::local_time;
use crate::laws_text;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

fn title(game: &Game) -> String {
    let setup = game.setup();
    format!("{} – {}", setup.white.name, setup.black.name)
}

fn subtitle(game: &Game) -> String {
    let setup = game.setup();
    let round = tf!("round {}", "runda {}", setup.round);
    let board = tf!("board {}", "szachownica {}", setup.board);
    [
        (setup.event.clone(), true),
        (round, !setup.round.is_empty()),
        (board, !setup.board.is_empty()),
    ]
    .into_iter()
    .filter_map(|(part, given)| (given && !part.is_empty()).then_some(part))
    .collect::<Vec<_>>()
    .join(", ")
}

/// Where the game stands, in a few words for the list.
pub(crate) fn progress(game: &Game) -> String {
    match game.fold() {
        Ok(play) if let Some(result) = laws_text::game_over(play) => {
            tf!("Game over: {result}", "Koniec partii: {result}")
        }
        // Adjourned and not yet resumed (or resumed and adjourned again).
        Ok(play)
            if play.adjournment.phase() != Phase::Playing
                && !play.adjournment.may_adjourn_again() =>
        {
            tf!(
                "Adjourned: {}",
                "Odłożona: {}",
                crate::adjourning::status(&play.adjournment)
            )
        }
        Ok(play) if play.begun => {
            let next = play.sheet.next_slot();
            tf!(
                "In play: move {}, {} to move",
                "W toku: posunięcie {}, ruch mają {}",
                next.number,
                laws_text::side_in_sentence(next.side)
            )
        }
        Ok(_) => t!("Not started", "Nierozpoczęta").to_owned(),
        Err(e) => tf!("Cannot be replayed: {e}", "Nie da się odtworzyć: {e}"),
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
                <h1>{t!("Games", "Partie")}</h1>
                <a class="button primary" href=Route::NewGame.href()>{t!("New game", "Nowa partia")}</a>
            </div>
            <Show
                when=move || !state.games.with(Vec::is_empty)
                fallback=|| view! { <p class="empty">{t!("No games yet. Create one to start.", "Nie ma jeszcze partii. Utwórz pierwszą.")}</p> }
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
                                <span class="game-meta">{t!("Last change: ", "Ostatnia zmiana: ")} {local_time(game.updated_ms())}</span>
                            </a>
                        </li>
                    </For>
                </ul>
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
