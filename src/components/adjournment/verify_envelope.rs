use laws::adjournment::{AdjournmentEvent, Check, SealedEnvelope};
use laws::game::Event;
use leptos::prelude::*;

use crate::adjournment_view::{ArbiterEntries, game_record};
use crate::components::common::diagram::Diagram;
use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::platform::random::{entropy, seed};
use crate::state::{AppState, now_ms};
use crate::text::laws_text;
use crate::text::sentence::sentence;
use crate::{t, tf};

/// What each item of the A3 checklist is, in the arbiter's words.
pub fn item_name(item: &str) -> &'static str {
    match item {
        "A2a" => t!("Names of the players", "Nazwiska zawodników"),
        "A2b" => t!(
            "Position before the sealed move, and the moves",
            "Pozycja przed zapieczętowanym posunięciem i posunięcia"
        ),
        "A2c" => t!(
            "Time used by each player",
            "Czas zużyty przez każdego zawodnika"
        ),
        "A2d" => t!("Who sealed the move", "Kto zapieczętował posunięcie"),
        "A2e" => t!(
            "Number of the sealed move",
            "Numer zapieczętowanego posunięcia"
        ),
        "A2f" => t!("Draw offer", "Propozycja remisu"),
        "A2g" => t!(
            "Date, time and venue of resumption",
            "Data, godzina i miejsce wznowienia"
        ),
        _ => t!(
            "Event, round, board and arbiter",
            "Turniej, runda, szachownica i sędzia"
        ),
    }
}

/// An item with its article ("Draw offer (A2f)"); the event's details
/// have none of their own.
fn item_label(item: &str) -> String {
    if item.starts_with("A2") {
        format!("{} ({item})", item_name(item))
    } else {
        item_name(item).to_owned()
    }
}

/// A3: the arbiter checks the envelope against the game, item by item,
/// then keeps it.
#[component]
pub fn VerifyEnvelope(game_id: String, sealed: SealedEnvelope) -> impl IntoView {
    let state = expect_context::<AppState>();
    let outside = sealed.envelope().clone();
    let entries = ArbiterEntries {
        resumption: outside.resumption.clone(),
        arbiter: outside.arbiter.clone(),
    };
    let record = state
        .stored_game(&game_id)
        .and_then(|game| game_record(&game, now_ms(), &entries));
    let record = match record {
        Ok(record) => record,
        Err(e) => {
            return view! { <p class="form-error" role="alert">{sentence(&e)}</p> }.into_any();
        }
    };
    let checks: Vec<Check> = outside.checklist(&record).items;
    let mismatched = checks.iter().any(|check| !check.matches);
    let ticked = RwSignal::new(vec![false; checks.len()]);
    let all_ticked = move || ticked.with(|t| t.iter().all(|x| *x));
    let record = StoredValue::new(record);
    let id = StoredValue::new(game_id);
    let verify = move |_| {
        let event = AdjournmentEvent::Verified {
            game: Box::new(record.get_value()),
        };
        match state.apply(&id.get_value(), Event::Adjournment(event)) {
            Ok(()) => state.tell(t!(
                "Envelope verified (A3): keep it safe until resumption.",
                "Koperta sprawdzona (A3): przechowaj ją bezpiecznie do wznowienia."
            )),
            Err(e) => state.warn(e),
        }
    };
    // A3: the arbiter corrects what does not match; the same sealed move is
    // sealed again under his PIN, with a new fingerprint.
    let pin = RwSignal::new(String::new());
    let sealed_under_pin = sealed.is_sealed_under_pin();
    let amend_error = RwSignal::new(None::<String>);
    let amend = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let cannot = |e: String| {
            tf!(
                "The envelope cannot be corrected: {e}",
                "Nie można poprawić koperty: {e}"
            )
        };
        let amended = if sealed.is_sealed_under_pin() {
            entropy().and_then(|entropy| {
                sealed
                    .amend(&pin.get_untracked(), record.get_value(), entropy)
                    .map_err(|e| cannot(laws_text::sealing::amend_error(&e)))
            })
        } else {
            // Sealed to keys: this tablet's key opens it, and the move is
            // sealed again to the same arbiters.
            state
                .unlock_arbiter_key(&pin.get_untracked())
                .and_then(|secret| {
                    sealed
                        .amend_with_key(&secret, record.get_value(), seed()?)
                        .map_err(|e| cannot(laws_text::sealing::amend_error(&e)))
                })
        }
        .and_then(|envelope| {
            state.apply(
                &id.get_value(),
                Event::Adjournment(AdjournmentEvent::Amended {
                    envelope: Box::new(envelope),
                }),
            )
        });
        match amended {
            Ok(()) => {
                pin.set(String::new());
                amend_error.set(None);
                state.tell(t!(
                    "Envelope corrected from the game (A3): check the items again.",
                    "Kopertę poprawiono na podstawie partii (A3): sprawdź pozycje ponownie."
                ));
            }
            Err(e) => amend_error.set(Some(e)),
        }
    };
    let amend_label = if sealed_under_pin {
        t!(
            "Arbiter's PIN used at sealing",
            "PIN sędziego użyty przy pieczętowaniu"
        )
    } else {
        t!(
            "PIN of the arbiter's key on this tablet",
            "PIN klucza sędziego na tym tablecie"
        )
    };
    view! {
        <section class="verify">
            <h2>{t!("Verify the envelope (A3)", "Sprawdź kopertę (A3)")}</h2>
            <p>{t!("Compare each item written on the envelope with the game and tick it.", "Porównaj każdą pozycję zapisaną na kopercie z partią i zaznacz ją.")}</p>
            <ol class="checklist">
                {checks.into_iter().enumerate().map(|(i, check)| {
                    let class = if check.matches { "check" } else { "check mismatch" };
                    view! {
                        <li class=class>
                            <label class="check-row">
                                <input type="checkbox" disabled=!check.matches
                                    prop:checked=move || ticked.with(|t| t[i])
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        ticked.update(|t| t[i] = on);
                                    } />
                                <span class="check-item">{item_label(&check.item)}</span>
                            </label>
                            <div class="check-sides">
                                <div>
                                    <p>{t!("On the envelope: ", "Na kopercie: ")} {laws_text::adjournment::envelope_item(&check.item, &outside)}</p>
                                    {(check.item == "A2b").then(|| view! { <Diagram fen=outside.fen.clone() /> })}
                                </div>
                                <div>
                                    <p>{t!("In the game: ", "W partii: ")} {record.with_value(|record| laws_text::adjournment::envelope_item(&check.item, record))}</p>
                                    {(check.item == "A2b").then(|| view! { <Diagram fen=record.with_value(|record| record.fen.clone()) /> })}
                                </div>
                            </div>
                            {(!check.matches).then(|| view! { <p class="form-error">{t!("Does not match the game.", "Nie zgadza się z partią.")}</p> })}
                        </li>
                    }
                }).collect_view()}
            </ol>
            <button class="button primary" disabled=move || !all_ticked() on:click=verify>{t!("Envelope verified", "Koperta sprawdzona")}</button>
            {mismatched.then(|| view! {
                <form class="amend-envelope" on:submit=amend novalidate>
                    <h3>{t!("Correct the envelope from the game (A3)", "Popraw kopertę na podstawie partii (A3)")}</h3>
                    <Field label=amend_label.into() value=pin kind="password" />
                    <FormError error=amend_error />
                    <button type="submit" class="button">{t!("Correct the envelope", "Popraw kopertę")}</button>
                </form>
            })}
        </section>
    }
    .into_any()
}
