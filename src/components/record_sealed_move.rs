use laws::adjournment::SealedMove;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjourning::record_sealed_move;
use crate::laws_text;
use crate::state::{AppState, now_ms};
use crate::{t, tf};

/// After opening: the sealed move goes on the scoresheet as written and,
/// unless it ended the game, the replier's clock starts.
#[component]
pub fn RecordSealedMove(
    game_id: String,
    sealed_move: SealedMove,
    sealer: Side,
    /// The opened move ended the game: no clock starts.
    ends_game: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let record = move |_| {
        let now = now_ms();
        let recorded = state
            .stored_game(&game_id)
            .and_then(|game| record_sealed_move(&game, now))
            .and_then(|events| state.apply_all(&game_id, events, now));
        if let Err(e) = recorded {
            state.warn(e);
            return;
        }
        state.tell(if ends_game {
            t!(
                "The sealed move is on the scoresheet. The game is over.",
                "Zapieczętowane posunięcie jest na blankiecie. Partia jest zakończona."
            )
        } else {
            t!(
                "The sealed move is on the scoresheet and the clock runs.",
                "Zapieczętowane posunięcie jest na blankiecie, a zegar chodzi."
            )
        });
    };
    view! {
        <section class="record-sealed-move">
            <h2>{t!("The sealed move", "Zapieczętowane posunięcie")}</h2>
            <p class="sealed-move-text">{tf!("{} sealed: {}", "{} zapieczętowały: {}", laws_text::side(sealer), sealed_move.text)}</p>
            <button class="button primary" on:click=record>{if ends_game {
                t!("Record it on the scoresheet", "Zapisz je na blankiecie")
            } else {
                t!("Record it on the scoresheet and start the clock", "Zapisz je na blankiecie i uruchom zegar")
            }}</button>
        </section>
    }
}
