use laws::adjournment::{AdjournmentEvent, TimeUsed};
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::components::common::diagram::Diagram;
use crate::components::common::field::Field;
use crate::state::AppState;
use crate::text::clock_reading::parse_hms;
use crate::{t, tf};

/// A11: the envelope is missing. Play continues from the adjourned position,
/// re-established from the game's record, with the recorded times or, when
/// those cannot be re-established, the times the arbiter sets; or the game
/// is annulled when the position cannot be re-established.
#[component]
pub fn ReportMissing(
    game_id: String,
    /// The adjourned position, from the game's record.
    fen: String,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let white = RwSignal::new(String::new());
    let black = RwSignal::new(String::new());
    let report = move |position_reestablished: bool| {
        let (white, black) = (white.get_untracked(), black.get_untracked());
        let clocks_set_by_arbiter = match (white.trim(), black.trim()) {
            _ if !position_reestablished => None,
            ("", "") => None,
            (white, black) => match parse_hms(white).and_then(|white_ms| {
                Ok(TimeUsed {
                    white_ms,
                    black_ms: parse_hms(black)?,
                })
            }) {
                Ok(times) => Some(times),
                Err(e) => {
                    state.warn(tf!(
                        "{e} (give both times, or neither)",
                        "{e} (podaj oba czasy albo żadnego)"
                    ));
                    return;
                }
            },
        };
        let event = AdjournmentEvent::EnvelopeMissing {
            position_reestablished,
            fen: None,
            clocks_set_by_arbiter,
        };
        record_step(&state, &id.get_value(), event);
    };
    view! {
        <details class="envelope-missing">
            <summary>{t!("The envelope is missing (A11)", "Koperta zaginęła (A11)")}</summary>
            <h3>{t!("The adjourned position, from the game's record", "Pozycja w chwili odłożenia, z zapisu partii")}</h3>
            <Diagram fen=fen />
            <p>{t!("The position is re-established from the game's record. When the times used cannot be re-established, the arbiter sets the clocks; otherwise leave the times empty.", "Pozycję odtwarza się z zapisu partii. Gdy zużytego czasu nie da się odtworzyć, sędzia ustawia zegary; w przeciwnym razie pozostaw czasy puste.")}</p>
            <Field label=t!("White's time used, set by the arbiter (h:mm:ss)", "Czas zużyty przez białe, ustalony przez sędziego (h:mm:ss)").into() value=white />
            <Field label=t!("Black's time used, set by the arbiter (h:mm:ss)", "Czas zużyty przez czarne, ustalony przez sędziego (h:mm:ss)").into() value=black />
            <div class="actions">
                <button class="button" on:click=move |_| report(true)>{t!("Position re-established: play continues (A11a)", "Pozycję odtworzono: gra toczy się dalej (A11a)")}</button>
                <button class="button danger" on:click=move |_| report(false)>{t!("Position cannot be re-established: annul (A11b)", "Pozycji nie da się odtworzyć: unieważnij (A11b)")}</button>
            </div>
        </details>
    }
}
