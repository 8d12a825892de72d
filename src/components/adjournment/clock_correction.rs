use laws::adjournment::{AdjournmentEvent, ClockFinding, TimeUsed};
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::components::common::field::Field;
use crate::state::AppState;
use crate::t;
use crate::text::clock_reading::parse_hms;
use laws::clock::clock_face;

/// A12: before his first move a player points out that the clocks are
/// wrong; the arbiter records what he finds. The times are those the
/// clocks are set to when he corrects them.
#[component]
pub fn ClockCorrection(game_id: String, current: TimeUsed) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let by = RwSignal::new(Side::White);
    let white = RwSignal::new(clock_face(current.white_ms));
    let black = RwSignal::new(clock_face(current.black_ms));
    let find = move |finding: fn(TimeUsed) -> ClockFinding| {
        let times = parse_hms(&white.get_untracked()).and_then(|white_ms| {
            Ok(TimeUsed {
                white_ms,
                black_ms: parse_hms(&black.get_untracked())?,
            })
        });
        match times {
            Ok(time_used) => {
                let event = AdjournmentEvent::ClockErrorPointedOut {
                    by: by.get_untracked(),
                    finding: finding(time_used),
                };
                record_step(&state, &id.get_value(), event);
            }
            Err(e) => state.warn(e),
        }
    };
    view! {
        <details class="clock-correction">
            <summary>{t!("A player points out a clock error (A12)", "Zawodnik wskazuje błąd zegara (A12)")}</summary>
            <label class="field">
                <span>{t!("Pointed out by", "Zgłaszający")}</span>
                <select on:change=move |ev| by.set(if event_target_value(&ev) == "black" { Side::Black } else { Side::White })>
                    <option value="white">{t!("White", "Białe")}</option>
                    <option value="black">{t!("Black", "Czarne")}</option>
                </select>
            </label>
            <Field label=t!("White's time used, correct (h:mm:ss)", "Prawidłowy czas zużyty przez białe (h:mm:ss)").into() value=white />
            <Field label=t!("Black's time used, correct (h:mm:ss)", "Prawidłowy czas zużyty przez czarne (h:mm:ss)").into() value=black />
            <div class="actions">
                <button class="button" on:click=move |_| find(|time_used| ClockFinding::Established { time_used })>{t!("Error established: correct the clocks", "Błąd potwierdzony: popraw zegary")}</button>
                <button class="button" on:click=move |_| find(|_| ClockFinding::NotEstablished)>{t!("Not established: no correction", "Błąd niepotwierdzony: bez poprawki")}</button>
                <button class="button" on:click=move |_| find(|time_used| ClockFinding::TooSevere { time_used })>{t!("Not established, but too severe: set these times", "Niepotwierdzony, ale zbyt dotkliwy: ustaw te czasy")}</button>
            </div>
        </details>
    }
}
