use laws::adjournment::{AdjournmentEvent, TimeUsed};
use leptos::prelude::*;

use crate::adjourning::{hms, record_step};
use crate::state::AppState;

/// A5: the position before the sealed move is set up on the board and the
/// clocks set to the times recorded on the envelope.
#[component]
pub fn SetUpBoard(game_id: String, fen: String, recorded: TimeUsed) -> impl IntoView {
    let state = expect_context::<AppState>();
    let set_up = move |_| {
        record_step(
            &state,
            &game_id,
            AdjournmentEvent::SetUp {
                time_used: recorded,
            },
        );
    };
    view! {
        <section class="set-up">
            <h2>"Set up the board and the clocks (A5)"</h2>
            <dl class="details">
                <dt>"Position before the sealed move"</dt><dd class="fen">{fen}</dd>
                <dt>"White's time used"</dt><dd>{hms(recorded.white_ms)}</dd>
                <dt>"Black's time used"</dt><dd>{hms(recorded.black_ms)}</dd>
            </dl>
            <button class="button primary" on:click=set_up>"Board and clocks set up as recorded"</button>
        </section>
    }
}
