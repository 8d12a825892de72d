use laws::adjournment::{AdjournmentEvent, TimeUsed};
use leptos::prelude::*;

use crate::adjourning::{hms, record_step};
use crate::state::AppState;
use crate::t;

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
            <h2>{t!("Set up the board and the clocks (A5)", "Ustaw szachownicę i zegary (A5)")}</h2>
            <dl class="details">
                <dt>{t!("Position before the sealed move", "Pozycja przed zapieczętowanym posunięciem")}</dt><dd class="fen">{fen}</dd>
                <dt>{t!("White's time used", "Czas zużyty przez białe")}</dt><dd>{hms(recorded.white_ms)}</dd>
                <dt>{t!("Black's time used", "Czas zużyty przez czarne")}</dt><dd>{hms(recorded.black_ms)}</dd>
            </dl>
            <button class="button primary" on:click=set_up>{t!("Board and clocks set up as recorded", "Szachownica i zegary ustawione jak w zapisie")}</button>
        </section>
    }
}
