use laws::adjournment::{AdjournmentEvent, SealedEnvelope};
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::components::adjournment::sealed_to::SealedTo;
use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::state::AppState;
use crate::t;
use crate::text::laws_text;

/// A7: the arbiter opens the envelope, the replier present: sealed to keys,
/// with this tablet's arbiter's key and its PIN; else with the PIN used at
/// sealing.
#[component]
pub fn OpenEnvelope(game_id: String, sealed: SealedEnvelope) -> impl IntoView {
    let state = expect_context::<AppState>();
    let pin = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let under_pin = sealed.is_sealed_under_pin();
    let recipients = sealed.recipients_as_given();
    let open = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let opened = if under_pin {
            sealed
                .open(&pin.get_untracked())
                .map_err(|e| laws_text::sealing::open_error(&e))
        } else {
            state.open_with_arbiter_key(&sealed, &pin.get_untracked())
        };
        pin.set(String::new());
        match opened {
            Ok(sealed_move) => {
                error.set(None);
                record_step(&state, &game_id, AdjournmentEvent::Opened { sealed_move });
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let label = if under_pin {
        t!("Arbiter's PIN", "PIN sędziego")
    } else {
        t!(
            "PIN of the arbiter's key on this tablet",
            "PIN klucza sędziego na tym tablecie"
        )
    };
    view! {
        <form class="open-envelope" on:submit=open novalidate>
            <h2>{t!("Open the envelope (A7)", "Otwórz kopertę (A7)")}</h2>
            <p>{t!("The player who must reply is present: the arbiter opens the envelope and makes the sealed move on the board.", "Zawodnik, który ma odpowiedzieć, jest obecny: sędzia otwiera kopertę i wykonuje zapieczętowane posunięcie na szachownicy.")}</p>
            {(!under_pin).then(|| view! { <SealedTo recipients=recipients.clone() /> })}
            <Field label=label.into() value=pin kind="password" />
            <FormError error=error />
            <button type="submit" class="button primary">{t!("Open the envelope", "Otwórz kopertę")}</button>
        </form>
    }
}
