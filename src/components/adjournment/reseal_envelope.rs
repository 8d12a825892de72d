use laws::adjournment::{AdjournmentEvent, SealedEnvelope};
use laws::game::Event;
use leptos::prelude::*;

use crate::arbiter_keys::SealWith;
use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::platform::random::seed;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// An unopened envelope sealed under a PIN (the first release's, or made
/// with no key on the tablet) is sealed again to the arbiters' keys: opened
/// with its PIN here, the same move sealed to the keys of Settings, the
/// outside unchanged, a new fingerprint, logged (A3).
#[component]
pub fn ResealEnvelope(game_id: String, sealed: SealedEnvelope) -> impl IntoView {
    let state = expect_context::<AppState>();
    let pin = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let reseal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let result = (|| -> Result<String, String> {
            let SealWith::Keys(recipients) = state.seal_with() else {
                return Err(t!(
                    "Make the arbiter's key or add an arbiter to seal to in Settings first.",
                    "Najpierw utwórz klucz sędziego albo dodaj sędziego w Ustawieniach."
                )
                .into());
            };
            let resealed = sealed
                .reseal_to_keys(&pin.get_untracked(), &recipients, seed()?)
                .map_err(|e| laws_text::sealing::amend_error(&e))?;
            let fingerprint = resealed.fingerprint().to_owned();
            state.apply(
                &game_id,
                Event::Adjournment(AdjournmentEvent::Resealed {
                    envelope: Box::new(resealed),
                }),
            )?;
            Ok(fingerprint)
        })();
        pin.set(String::new());
        match result {
            Ok(fingerprint) => {
                error.set(None);
                state.tell(tf!(
                    "The envelope is sealed again to the arbiter's key; its new fingerprint is {fingerprint}. Print it again.",
                    "Kopertę zapieczętowano ponownie dla klucza sędziego; jej nowy odcisk to {fingerprint}. Wydrukuj ją ponownie."
                ));
            }
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <div class="reseal-envelope no-print">
            <p class="weaker">{t!("Sealed under a PIN: weaker, since anyone with a copy of the file can try every PIN.", "Zapieczętowana PIN-em: słabiej, bo każdy z kopią pliku może próbować każdego PIN-u.")}</p>
            // Folded: the envelope itself stays on the screen.
            <details class="fold">
                <summary>{t!("Seal it again", "Zapieczętuj ponownie")}</summary>
                <form on:submit=reseal novalidate>
                    <Field label=t!("PIN used at sealing", "PIN użyty przy pieczętowaniu").into() value=pin kind="password" />
                    <FormError error=error />
                    <button type="submit" class="button">{t!("Seal it again to the arbiter's key", "Zapieczętuj ponownie dla klucza sędziego")}</button>
                </form>
            </details>
        </div>
    }
}
