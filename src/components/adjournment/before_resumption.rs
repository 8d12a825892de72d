use laws::adjournment::AdjournmentEvent;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::components::common::field::Field;
use crate::platform::local_time::local_datetime_ms;
use crate::state::AppState;
use crate::{t, tf};

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
            _ => state.warn(t!(
                "Give the date and time the session starts and finishes.",
                "Podaj datę i godzinę rozpoczęcia i zakończenia sesji."
            )),
        }
    };
    view! {
        <details class="before-resumption">
            <summary>{t!("Before resumption: draw agreed, resignation, session times (A6, A13)", "Przed wznowieniem: uzgodniony remis, poddanie, godziny sesji (A6, A13)")}</summary>
            <div class="actions">
                <button class="button" on:click=move |_| step(AdjournmentEvent::DrawAgreed)>{t!("Draw agreed (A6)", "Uzgodniony remis (A6)")}</button>
                <button class="button" on:click=move |_| step(AdjournmentEvent::Resigned { by: Side::White })>{tf!("{white} resigns (A6)", "{white} poddaje partię (A6)")}</button>
                <button class="button" on:click=move |_| step(AdjournmentEvent::Resigned { by: Side::Black })>{tf!("{black} resigns (A6)", "{black} poddaje partię (A6)")}</button>
            </div>
            <form on:submit=announce novalidate>
                <Field label=t!("Session starts", "Początek sesji").into() value=start kind="datetime-local" />
                <Field label=t!("Session finishes", "Koniec sesji").into() value=end kind="datetime-local" />
                <button type="submit" class="button">{t!("Announce the session (A13)", "Ogłoś sesję (A13)")}</button>
            </form>
        </details>
    }
}
