use laws::adjournment::AdjournmentEvent;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::state::{AppState, now_ms};
use crate::text::laws_text;
use crate::tf;

/// 6.9/6.10 at resumption: the flag of the player whose clock runs falls
/// (an absent replier's, A9b; a sealer's kept waiting, A9c; A10c). The
/// arbiter records it once the game's clock shows it.
#[component]
pub fn FlagFall(game_id: String, side: Side) -> impl IntoView {
    let state = expect_context::<AppState>();
    let record = move |_| {
        let now = now_ms();
        let fallen = state
            .game(&game_id)
            .and_then(|game| game.fold().ok()?.fallen_flag(now));
        if fallen == Some(side) {
            record_step(&state, &game_id, AdjournmentEvent::FlagFell { side });
        } else {
            state.warn(tf!(
                "{}'s flag has not fallen: his clock still has time.",
                "Chorągiewka {} nie opadła: na zegarze pozostał jeszcze czas.",
                laws_text::side::sides_plain(side)
            ));
        }
    };
    view! {
        <div class="actions">
            <button class="button" on:click=record>{tf!("{}'s flag has fallen", "Chorągiewka {} opadła", laws_text::side::sides_plain(side))}</button>
        </div>
    }
}
