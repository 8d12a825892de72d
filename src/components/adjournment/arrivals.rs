use laws::adjournment::{AdjournmentEvent, Presence};
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// A9b, A9c, A10: an absent player arrives, or is declared more than the
/// limit late; the hour is the tablet's clock when the button is pressed.
#[component]
pub fn Arrivals(game_id: String, present: Presence, white: String, black: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let absent: Vec<(Side, String)> = [(Side::White, white), (Side::Black, black)]
        .into_iter()
        .filter(|(side, _)| !present.of(*side))
        .collect();
    if absent.is_empty() {
        return ().into_any();
    }
    let absent = absent
        .into_iter()
        .map(|(side, name)| {
            view! {
                <div class="actions">
                    <button class="button" on:click=move |_| {
                        record_step(&state, &id.get_value(), AdjournmentEvent::Arrived { side });
                    }>{tf!("{name} ({}) arrives now", "{name} ({}) przybywa teraz", laws_text::side::side(side))}</button>
                    <button class="button danger" on:click=move |_| {
                        record_step(&state, &id.get_value(), AdjournmentEvent::Forfeited { late: side });
                    }>{tf!("{} is more than the limit late (A10)", "{} spóźniły się ponad limit (A10)", laws_text::side::side(side))}</button>
                </div>
            }
        })
        .collect_view();
    view! {
        <section class="arrivals">
            <h2>{t!("Absent players (A9b, A10)", "Nieobecni zawodnicy (A9b, A10)")}</h2>
            {absent}
        </section>
    }
    .into_any()
}
