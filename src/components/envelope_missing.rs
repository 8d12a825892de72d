use laws::adjournment::AdjournmentEvent;
use leptos::prelude::*;

use crate::adjourning::record_step;
use crate::state::AppState;
use crate::t;

/// A11: the envelope is missing. Play continues from the adjourned
/// position, or the game is annulled when it cannot be re-established.
#[component]
pub fn ReportMissing(game_id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let report = move |position_reestablished: bool| {
        let event = AdjournmentEvent::EnvelopeMissing {
            position_reestablished,
            fen: None,
            clocks_set_by_arbiter: None,
        };
        record_step(&state, &id.get_value(), event);
    };
    view! {
        <details class="envelope-missing">
            <summary>{t!("The envelope is missing (A11)", "Koperta zaginęła (A11)")}</summary>
            <div class="actions">
                <button class="button" on:click=move |_| report(true)>{t!("Position re-established: play continues (A11a)", "Pozycję odtworzono: gra toczy się dalej (A11a)")}</button>
                <button class="button danger" on:click=move |_| report(false)>{t!("Position cannot be re-established: annul (A11b)", "Pozycji nie da się odtworzyć: unieważnij (A11b)")}</button>
            </div>
        </details>
    }
}
