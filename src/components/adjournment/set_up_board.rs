use laws::adjournment::{AdjournmentEvent, TimeUsed};
use leptos::prelude::*;
use shakmaty::ByColor;

use crate::adjournment_view::record_step;
use crate::components::common::diagram::Diagram;
use crate::state::AppState;
use crate::t;
use laws::clock::clock_face;

/// A5: the position before the sealed move is set up on the board and the
/// clocks set to the times recorded on the envelope: time used, and what
/// the clocks then show left.
#[component]
pub fn SetUpBoard(
    game_id: String,
    fen: String,
    recorded: TimeUsed,
    /// Left on each clock once set; `None` for a game without a clock.
    left: Option<ByColor<u64>>,
) -> impl IntoView {
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
            <h3>{t!("Position before the sealed move", "Pozycja przed zapieczętowanym posunięciem")}</h3>
            <Diagram fen=fen />
            <dl class="details">
                <dt>{t!("White's time used", "Czas zużyty przez białe")}</dt><dd>{clock_face(recorded.white_ms)}</dd>
                <dt>{t!("Black's time used", "Czas zużyty przez czarne")}</dt><dd>{clock_face(recorded.black_ms)}</dd>
                {left.map(|left| view! {
                    <dt>{t!("White's clock then shows left", "Zegar białych pokaże wtedy pozostały czas")}</dt><dd>{clock_face(left.white)}</dd>
                    <dt>{t!("Black's clock then shows left", "Zegar czarnych pokaże wtedy pozostały czas")}</dt><dd>{clock_face(left.black)}</dd>
                })}
            </dl>
            <button class="button primary" on:click=set_up>{t!("Board and clocks set up as recorded", "Szachownica i zegary ustawione jak w zapisie")}</button>
        </section>
    }
}
