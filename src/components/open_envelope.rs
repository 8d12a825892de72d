use laws::adjournment::{AdjournmentEvent, OpenError, SealedEnvelope};
use leptos::prelude::*;

use crate::adjourning::record_step;
use crate::components::field::Field;
use crate::state::AppState;
use crate::{t, tf};

/// A7: the arbiter opens the envelope with his PIN, the replier present.
#[component]
pub fn OpenEnvelope(game_id: String, sealed: SealedEnvelope) -> impl IntoView {
    let state = expect_context::<AppState>();
    let pin = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let open = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match sealed.open(&pin.get_untracked()) {
            Ok(sealed_move) => {
                pin.set(String::new());
                error.set(None);
                record_step(&state, &game_id, AdjournmentEvent::Opened { sealed_move });
            }
            Err(OpenError::WrongPin) => {
                error.set(Some(
                    t!("Wrong PIN: the envelope stays closed. Type the PIN used at sealing.", "Błędny PIN: koperta pozostaje zamknięta. Wpisz PIN użyty przy pieczętowaniu.").into(),
                ));
            }
            Err(e) => error.set(Some(tf!(
                "The envelope cannot be opened: {e}",
                "Nie można otworzyć koperty: {e}"
            ))),
        }
    };
    view! {
        <form class="open-envelope" on:submit=open novalidate>
            <h2>{t!("Open the envelope (A7)", "Otwórz kopertę (A7)")}</h2>
            <p>{t!("The player who must reply is present: the arbiter opens the envelope and makes the sealed move on the board.", "Zawodnik, który ma odpowiedzieć, jest obecny: sędzia otwiera kopertę i wykonuje zapieczętowane posunięcie na szachownicy.")}</p>
            <Field label=t!("Arbiter's PIN", "PIN sędziego").into() value=pin kind="password" />
            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="submit" class="button primary">{t!("Open the envelope", "Otwórz kopertę")}</button>
        </form>
    }
}
