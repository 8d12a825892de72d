use laws::adjournment::SealedMove;
use laws::game::{Event, Side};
use laws::scoresheet::Entry;
use leptos::prelude::*;

use crate::adjourning::run_clock;
use crate::laws_text;
use crate::state::{AppState, now_ms};
use crate::{t, tf};

/// After opening: the sealed move goes on the scoresheet as written, and
/// the replier's clock starts.
#[component]
pub fn RecordSealedMove(game_id: String, sealed_move: SealedMove, sealer: Side) -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = sealed_move.text.clone();
    let record = move |_| {
        if let Err(e) = state.apply(&game_id, Event::Recorded(Entry::written(text.clone()))) {
            state.warn(e);
            return;
        }
        // The replier's clock runs, if opening did not start it already.
        let now = now_ms();
        let actions = state
            .game(&game_id)
            .and_then(|g| g.clock())
            .map(|clock| run_clock(&clock, Some(sealer.opponent()), now))
            .unwrap_or_default();
        for action in actions {
            if let Err(e) = state.apply_at(&game_id, Event::Clock(action), now) {
                state.warn(e);
                return;
            }
        }
        state.tell(t!(
            "The sealed move is on the scoresheet and the clock runs.",
            "Zapieczętowane posunięcie jest na blankiecie, a zegar chodzi."
        ));
    };
    view! {
        <section class="record-sealed-move">
            <h2>{t!("The sealed move", "Zapieczętowane posunięcie")}</h2>
            <p class="sealed-move-text">{tf!("{} sealed: {}", "{} zapieczętowały: {}", laws_text::side(sealer), sealed_move.text)}</p>
            <button class="button primary" on:click=record>{t!("Record it on the scoresheet and start the clock", "Zapisz je na blankiecie i uruchom zegar")}</button>
        </section>
    }
}
