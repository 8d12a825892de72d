//! The players' copy of a finished game, opened from its QR code or link
//! on a phone: the PGN the link carries, read on the page (no worker to
//! fetch) and shown in Review. Nothing is stored unless the player keeps
//! the game.

use leptos::prelude::*;

use crate::game_link;
use crate::pages::review::GameReview;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

#[component]
pub fn PlayersCopyPage(data: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let kept = RwSignal::new(None::<String>);
    let pgn = game_link::decode(&data);
    let now = crate::state::now_ms();
    let id = crate::state::game_id(now, (js_sys::Math::random() * 65536.0) as u16);
    let read = pgn
        .as_ref()
        .map_err(ToString::to_string)
        .and_then(|text| game_link::game(text, &id, now));
    let problem = read.as_ref().err().cloned();
    let game = Signal::stored(read.ok());
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
            {problem.map(|e| view! {
                <h1>{t!("A game from a QR code", "Partia z kodu QR")}</h1>
                <p class="form-error" role="alert">{tf!("This game cannot be shown: {e}. Nothing was stored on this device.", "Nie można pokazać tej partii: {e}. Na tym urządzeniu nic nie zapisano.")}</p>
                <a class="button" href=Route::Games.href()>{t!("Games", "Partie")}</a>
            })}
            <Show when=move || game.with(Option::is_some)>
                <GameReview game=game pgn=pgn.clone().unwrap_or_default() players=true />
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
