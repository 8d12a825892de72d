use laws::adjournment::{AdjournmentEvent, SealedMove};
use laws::notation::Lang;
use leptos::prelude::*;

use crate::adjourning::record_step;
use crate::components::field::Field;
use crate::state::AppState;

/// A11a: the sealer states the move he sealed and makes it on the board.
#[component]
pub fn StateMove(game_id: String, lang: Lang, sealer: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let stated = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let sealed_move = SealedMove {
            text: text.get_untracked().trim().to_owned(),
            lang,
        };
        record_step(
            &state,
            &game_id,
            AdjournmentEvent::MoveStated { sealed_move },
        );
    };
    view! {
        <form class="state-move" on:submit=stated novalidate>
            <h2>"The sealer states his move (A11a)"</h2>
            <Field label=format!("Move {sealer} states he sealed") value=text />
            <button type="submit" class="button primary">"Make the stated move"</button>
        </form>
    }
}
