use laws::adjournment::AdjournmentEvent;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjourning::{local_datetime_ms, record_step};
use crate::components::field::Field;
use crate::state::AppState;

/// A6 and A13 before play resumes: a draw agreed, a resignation notified to
/// the arbiter, the resumption session announced in advance.
#[component]
pub fn BeforeResumption(game_id: String, white: String, black: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let step = move |event: AdjournmentEvent| {
        record_step(&state, &id.get_value(), event);
    };
    let start = RwSignal::new(String::new());
    let end = RwSignal::new(String::new());
    let announce = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match (
            local_datetime_ms(&start.get_untracked()),
            local_datetime_ms(&end.get_untracked()),
        ) {
            (Some(start_ms), Some(end_ms)) => {
                step(AdjournmentEvent::SessionAnnounced { start_ms, end_ms })
            }
            _ => state.warn("Give the date and time the session starts and finishes."),
        }
    };
    view! {
        <details class="before-resumption">
            <summary>"Before resumption: draw agreed, resignation, session times (A6, A13)"</summary>
            <div class="actions">
                <button class="button" on:click=move |_| step(AdjournmentEvent::DrawAgreed)>"Draw agreed (A6)"</button>
                <button class="button" on:click=move |_| step(AdjournmentEvent::Resigned { by: Side::White })>{format!("{white} resigns (A6)")}</button>
                <button class="button" on:click=move |_| step(AdjournmentEvent::Resigned { by: Side::Black })>{format!("{black} resigns (A6)")}</button>
            </div>
            <form on:submit=announce novalidate>
                <Field label="Session starts".into() value=start kind="datetime-local" />
                <Field label="Session finishes".into() value=end kind="datetime-local" />
                <button type="submit" class="button">"Announce the session (A13)"</button>
            </form>
        </details>
    }
}
