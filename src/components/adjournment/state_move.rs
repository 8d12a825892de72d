use laws::adjournment::{AdjournmentEvent, SealedMove};
use laws::notation::NotationLang;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::components::common::field::Field;
use crate::state::AppState;
use crate::{t, tf};

/// A11a: the sealer states the move he sealed and makes it on the board.
#[component]
pub fn StateMove(game_id: String, lang: NotationLang, sealer: String) -> impl IntoView {
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
            <h2>{t!("The sealer states his move (A11a)", "Zawodnik, który zapieczętował, podaje swoje posunięcie (A11a)")}</h2>
            <Field label=tf!("Move {sealer} states he sealed", "Posunięcie, które według {sealer} zostało zapieczętowane") value=text />
            <button type="submit" class="button primary">{t!("Make the stated move", "Wykonaj podane posunięcie")}</button>
        </form>
    }
}
