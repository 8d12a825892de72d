use laws::adjournment::{AdjournmentEvent, DEFAULT_ITERATIONS, SealingDraft};
use laws::notation::NotationLang;
use leptos::prelude::*;

use crate::adjournment_view::record_step_at;
use crate::arbiter_keys::{SealWith, no_key_in_event_text};
use crate::components::adjournment::seal_move::SealMove;
use crate::components::adjournment::sealed_to::SealedTo;
use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::platform::random::{entropy, seed};
use crate::state::{AppState, now_ms};
use crate::t;
use crate::text::laws_text;

/// A9c: the sealer is absent, so the replier writes his reply and seals it
/// in a fresh envelope, chained to the first, stops his clock and starts
/// the absent player's; it is opened on his arrival.
#[component]
pub fn SealReply(
    game_id: String,
    /// The replier, as his name is shown.
    replier: String,
    lang: NotationLang,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // The reply lives here, in memory, until it is encrypted.
    let written = RwSignal::new(String::new());
    let chosen_lang = RwSignal::new(None::<NotationLang>);
    let stopped_ms = RwSignal::new(None::<u64>);
    let pin = RwSignal::new(String::new());
    let pin_again = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let id = StoredValue::new(game_id);
    let plan = StoredValue::new(state.seal_with());
    let to_keys = matches!(plan.get_value(), SealWith::Keys(_));
    let on_stop = Callback::new(move |()| stopped_ms.set(Some(now_ms())));
    let seal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(at) = stopped_ms.get_untracked() else {
            return;
        };
        let sealed = (|| -> Result<AdjournmentEvent, String> {
            let pin = pin.get_untracked();
            if !to_keys && pin != pin_again.get_untracked() {
                return Err(t!(
                    "The two PINs differ: type the same PIN twice.",
                    "PIN-y się różnią: wpisz dwa razy ten sam PIN."
                )
                .into());
            }
            let game = state.stored_game(&id.get_value())?;
            let play = game.fold().map_err(|e| laws_text::game::game_error(&e))?;
            // The replier's time is what it was when he stopped his clock.
            let outside = play
                .reply_envelope(at)
                .map_err(|e| laws_text::game::game_error(&e))?;
            let mut draft =
                SealingDraft::new(&outside).map_err(|e| laws_text::sealing::envelope_error(&e))?;
            draft
                .write(
                    written.get_untracked().trim(),
                    chosen_lang.get_untracked().unwrap_or(lang),
                )
                .map_err(|e| laws_text::sealing::sealing_error(&e).to_owned())?;
            let envelope = match plan.get_value() {
                SealWith::Keys(recipients) => {
                    draft.seal_to_keys(outside, at, 0, &recipients, seed()?)
                }
                SealWith::Pin => draft.seal(outside, at, 0, &pin, DEFAULT_ITERATIONS, entropy()?),
                SealWith::NoKeyInEvent => return Err(no_key_in_event_text().into()),
            }
            .map_err(|e| laws_text::sealing::seal_error(&e))?;
            Ok(AdjournmentEvent::ReplySealed {
                envelope: Box::new(envelope),
            })
        })();
        match sealed {
            Ok(step) => {
                if record_step_at(&state, &id.get_value(), step, at) {
                    written.set(String::new());
                    pin.set(String::new());
                    pin_again.set(String::new());
                    stopped_ms.set(None);
                    state.tell(t!(
                        "The reply is sealed in a fresh envelope (A9c); it is opened when the sealer arrives.",
                        "Odpowiedź jest zapieczętowana w nowej kopercie (A9c); zostanie otwarta po przybyciu zawodnika, który zapieczętował posunięcie."
                    ));
                }
            }
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <details class="seal-reply">
            <summary>{t!("The sealer is absent: the reply is sealed in a fresh envelope (A9c)", "Zawodnik, który zapieczętował posunięcie, jest nieobecny: odpowiedź pieczętuje się w nowej kopercie (A9c)")}</summary>
            {move || match stopped_ms.get() {
                None => view! {
                    <SealMove sealer=replier.clone() lang=chosen_lang game_lang=lang written=written on_stop=on_stop />
                }.into_any(),
                Some(_) => view! {
                    <form class="seal-reply-pin" on:submit=seal novalidate>
                        <p>{t!("The reply is written. The arbiter seals it in a fresh envelope.", "Odpowiedź jest zapisana. Sędzia pieczętuje ją w nowej kopercie.")}</p>
                        {match plan.get_value() {
                            SealWith::Keys(recipients) => view! { <SealedTo recipients=recipients /> }.into_any(),
                            SealWith::Pin => view! {
                                <Field label=t!("Arbiter's PIN for the reply (at least 4 characters)", "PIN sędziego do odpowiedzi (co najmniej 4 znaki)").into() value=pin kind="password" />
                                <Field label=t!("The same PIN again", "Ten sam PIN ponownie").into() value=pin_again kind="password" />
                            }.into_any(),
                            SealWith::NoKeyInEvent => view! { <p class="form-error" role="alert">{no_key_in_event_text()}</p> }.into_any(),
                        }}
                        <FormError error=error />
                        <button type="submit" class="button primary">{t!("Seal the reply", "Zapieczętuj odpowiedź")}</button>
                    </form>
                }.into_any(),
            }}
        </details>
    }
}
