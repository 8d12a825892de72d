//! The players' copy of a finished game, opened from its QR code or link
//! on a phone: the PGN the link carries, read by the worker and shown in
//! Review. Nothing is stored unless the player keeps the game.

use laws::game::Game;
use leptos::prelude::*;

use crate::game_link;
use crate::pages::review::GameReview;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

#[component]
pub fn PlayersCopyPage(data: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = RwSignal::new(None::<Game>);
    let problem = RwSignal::new(None::<String>);
    let kept = RwSignal::new(None::<String>);
    let pgn = game_link::decode(&data);
    match &pgn {
        Err(e) => problem.set(Some(e.to_string())),
        Ok(text) => {
            let text = text.clone();
            leptos::task::spawn_local(async move {
                match crate::worker::analyser::import_pgn(text).await {
                    Ok(games) => match games.into_iter().next() {
                        Some(Ok(read)) => game.set(Some(read)),
                        Some(Err(e)) => problem.set(Some(e)),
                        None => problem.set(Some(
                            t!("the link holds no game", "link nie zawiera partii").into(),
                        )),
                    },
                    Err(e) => problem.set(Some(e)),
                }
            });
        }
    }
    let keep = move |_| {
        let Some(read) = game.get_untracked() else {
            return;
        };
        let result = state.add_imported(vec![Ok(read)]);
        match (result.added.first(), result.errors.first()) {
            (Some(id), _) => {
                kept.set(Some(id.clone()));
                state.tell(t!(
                    "The game is kept on this phone, in the list of games.",
                    "Partię zachowano na tym telefonie, na liście partii."
                ));
            }
            (None, Some(e)) => state.warn(tf!(
                "The game was not kept: {e}.",
                "Nie zachowano partii: {e}."
            )),
            (None, None) => {}
        }
    };
    let pgn = pgn.ok();
    view! {
        <section class="page review players-copy-page">
            {move || problem.get().map(|e| view! {
                <h1>{t!("A game from a QR code", "Partia z kodu QR")}</h1>
                <p class="form-error" role="alert">{tf!("This game cannot be shown: {e}. Nothing was stored on this device.", "Nie można pokazać tej partii: {e}. Na tym urządzeniu nic nie zapisano.")}</p>
                <a class="button" href=Route::Games.href()>{t!("Games", "Partie")}</a>
            })}
            <Show when=move || game.with(Option::is_none) && problem.with(Option::is_none)>
                <p role="status">{t!("Reading the game…", "Czytanie partii…")}</p>
            </Show>
            <Show when=move || game.with(Option::is_some)>
                <GameReview game=game.into() pgn=pgn.clone().unwrap_or_default() players=true />
                <div class="actions">
                    {move || match kept.get() {
                        None => view! {
                            <button type="button" class="button" on:click=keep>{t!("Keep this game on this device", "Zachowaj tę partię na tym urządzeniu")}</button>
                        }.into_any(),
                        Some(id) => view! {
                            <a class="button" href=Route::Review(id).href()>{t!("Kept: open it from the list of games", "Zachowana: otwórz ją z listy partii")}</a>
                        }.into_any(),
                    }}
                </div>
            </Show>
        </section>
    }
}
