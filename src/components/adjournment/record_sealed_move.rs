use laws::adjournment::SealedMove;
use laws::game::{Event, Side};
use laws::scoresheet::Entry;
use leptos::prelude::*;

use crate::state::{AppState, now_ms};
use crate::text::laws_text;
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
        // As it was sealed, in the game's notation; the fold runs the clock.
        let recorded = state
            .stored_game(&game_id)
            .and_then(|game| {
                let play = game.fold().map_err(|e| laws_text::game::game_error(&e))?;
                play.sealed_entry().ok_or_else(|| {
                    t!(
                        "No opened move is waiting to be recorded.",
                        "Żadne otwarte posunięcie nie czeka na zapis."
                    )
                    .to_owned()
                })
            })
            .and_then(|text| state.apply_at(&game_id, Event::Recorded(Entry::written(text)), now));
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
            <p class="sealed-move-text">{tf!("{} sealed: {}", "{} zapieczętowały: {}", laws_text::side::side(sealer), sealed_move.text)}</p>
            <button class="button primary" on:click=record>{if ends_game {
                t!("Record it on the scoresheet", "Zapisz je na blankiecie")
            } else {
                t!("Record it on the scoresheet and start the clock", "Zapisz je na blankiecie i uruchom zegar")
            }}</button>
        </section>
    }
}
