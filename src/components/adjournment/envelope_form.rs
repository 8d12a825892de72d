use laws::adjournment::{AdjournmentEvent, DEFAULT_ITERATIONS, Envelope, Resumption, SealingDraft};
use laws::game::Event;
use laws::notation::NotationLang;
use leptos::prelude::*;

use crate::adjournment_view::{ArbiterEntries, game_record};
use crate::arbiter_keys::{SealWith, no_key_in_event_text};
use crate::components::adjournment::envelope_outside::EnvelopeOutside;
use crate::components::adjournment::sealed_to::SealedTo;
use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::platform::random::{entropy, seed};
use crate::state::AppState;
use crate::t;
use crate::text::laws_text;
use crate::text::sentence::sentence;

/// A2: the envelope, filled in from the game; the arbiter adds the date,
/// time and venue of resumption and his name, and seals it: to the arbiters'
/// keys (Settings), or, with none, under his PIN (weaker).
#[component]
pub fn EnvelopeForm(
    game_id: String,
    /// The sealed move, in memory only; cleared once sealed.
    written: RwSignal<String>,
    /// The language the sealer wrote it in.
    lang: NotationLang,
    /// When the sealer stopped his clock.
    stopped_ms: u64,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let date = RwSignal::new(String::new());
    let time = RwSignal::new(String::new());
    let venue = RwSignal::new(String::new());
    let arbiter = RwSignal::new(String::new());
    let pin = RwSignal::new(String::new());
    let pin_again = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let id = StoredValue::new(game_id);
    let plan = StoredValue::new(state.seal_with());
    let to_keys = matches!(plan.get_value(), SealWith::Keys(_));
    let preview = Memo::new(move |_| -> Result<Envelope, String> {
        let game = state.stored_game(&id.get_value())?;
        game_record(&game, stopped_ms, &ArbiterEntries::default())
    });
    let seal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let result = (|| -> Result<(), String> {
            let (pin, again) = (pin.get_untracked(), pin_again.get_untracked());
            if !to_keys && pin != again {
                return Err(t!(
                    "The two PINs differ: type the same PIN twice.",
                    "PIN-y się różnią: wpisz dwa razy ten sam PIN."
                )
                .into());
            }
            let entries = ArbiterEntries {
                resumption: Resumption {
                    date: date.get_untracked(),
                    time: time.get_untracked(),
                    venue: venue.get_untracked(),
                },
                arbiter: arbiter.get_untracked(),
            };
            let id = id.get_value();
            let game = state.stored_game(&id)?;
            let outside = game_record(&game, stopped_ms, &entries)?;
            if outside.arbiter.is_empty() {
                return Err(t!(
                    "Write the arbiter's name on the envelope.",
                    "Wpisz na kopercie nazwisko sędziego."
                )
                .into());
            }
            let mut draft =
                SealingDraft::new(&outside).map_err(|e| laws_text::sealing::envelope_error(&e))?;
            draft
                .write(written.get_untracked().trim(), lang)
                .map_err(|e| laws_text::sealing::sealing_error(&e).to_owned())?;
            // No session end here: the clock was charged up to it when he
            // stopped it (A1b), and the outside reads the clock.
            let sealed = match plan.get_value() {
                SealWith::Keys(recipients) => {
                    draft.seal_to_keys(outside, stopped_ms, 0, &recipients, seed()?)
                }
                SealWith::Pin => {
                    draft.seal(outside, stopped_ms, 0, &pin, DEFAULT_ITERATIONS, entropy()?)
                }
                SealWith::NoKeyInEvent => return Err(no_key_in_event_text().into()),
            }
            .map_err(|e| laws_text::sealing::seal_error(&e))?;
            // A1a: stopping his clock sealed the move; A1b is judged at that moment.
            let sealed_at = stopped_ms.max(game.updated_ms());
            state.apply_at(
                &id,
                Event::Adjournment(AdjournmentEvent::Sealed {
                    envelope: Box::new(sealed),
                }),
                sealed_at,
            )
        })();
        match result {
            Ok(()) => {
                written.set(String::new());
                pin.set(String::new());
                pin_again.set(String::new());
                state.tell(t!(
                    "The move is sealed. Verify the envelope now (A3).",
                    "Posunięcie jest zapieczętowane. Teraz sprawdź kopertę (A3)."
                ));
            }
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <form class="envelope-form" on:submit=seal novalidate>
            <h2>{t!("The envelope (A2)", "Koperta (A2)")}</h2>
            {move || match preview.get() {
                Ok(outside) => view! { <EnvelopeOutside outside=outside /> }.into_any(),
                Err(e) => view! { <p class="form-error" role="alert">{sentence(&e)}</p> }.into_any(),
            }}
            <fieldset>
                <legend>{t!("Resumption of play (A2g)", "Wznowienie gry (A2g)")}</legend>
                <Field label=t!("Date of resumption", "Data wznowienia").into() value=date kind="date" />
                <Field label=t!("Time of resumption", "Godzina wznowienia").into() value=time kind="time" />
                <Field label=t!("Venue of resumption", "Miejsce wznowienia").into() value=venue />
            </fieldset>
            <fieldset>
                <legend>{t!("Arbiter", "Sędzia")}</legend>
                <Field label=t!("Arbiter's name", "Imię i nazwisko sędziego").into() value=arbiter />
                {match plan.get_value() {
                    SealWith::Keys(recipients) => view! { <SealedTo recipients=recipients /> }.into_any(),
                    SealWith::Pin => view! {
                        <p class="weaker">{t!("No arbiter's key on this tablet (Settings): the envelope is sealed under a PIN, which is weaker: anyone with a copy of the file can try every PIN.", "Brak klucza sędziego na tym tablecie (Ustawienia): koperta zostanie zapieczętowana PIN-em, co jest słabsze: każdy z kopią pliku może próbować każdego PIN-u.")}</p>
                        <Field label=t!("Arbiter's PIN (at least 4 characters)", "PIN sędziego (co najmniej 4 znaki)").into() value=pin kind="password" />
                        <Field label=t!("The same PIN again", "Ten sam PIN ponownie").into() value=pin_again kind="password" />
                    }.into_any(),
                    SealWith::NoKeyInEvent => view! { <p class="form-error" role="alert">{no_key_in_event_text()}</p> }.into_any(),
                }}
            </fieldset>
            <FormError error=error />
            <button type="submit" class="button primary">{t!("Seal the envelope", "Zapieczętuj kopertę")}</button>
        </form>
    }
}
