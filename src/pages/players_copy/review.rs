//! The players' copy in Review, once Review's module has come: the game
//! made of the link's PGN, with its result and printouts, and the player
//! may keep it on this device.

use laws::pgn::ImportedGame;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use super::NotReviewed;
use crate::game_link;
use crate::pages::review::GameReview;
use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

/// Review of the game `read` from the link's `pgn`, at the move `ply` and
/// on the side `flipped` of the board shown before it.
#[wasm_split(review, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn players_copy_review(
    pgn: String,
    read: ImportedGame,
    ply: RwSignal<usize>,
    flipped: RwSignal<bool>,
) -> Result<AnyView, NotReviewed> {
    let now = crate::state::now_ms();
    let id = crate::state::game_id(now, (js_sys::Math::random() * 65536.0) as u16);
    let game = game_link::game(&read, &id, now).map_err(NotReviewed::NotAGame)?;
    Ok(view! { <PlayersCopyReview game=game pgn=pgn ply=ply flipped=flipped /> }.into_any())
}

#[component]
fn PlayersCopyReview(
    game: laws::game::Game,
    pgn: String,
    ply: RwSignal<usize>,
    flipped: RwSignal<bool>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let kept = RwSignal::new(None::<String>);
    let game = Signal::stored(Some(game));
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
    view! {
        <GameReview game=game pgn=pgn players=true ply=ply flipped=flipped />
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
    }
}
