use laws::adjournment::{AdjournmentEvent, Check, SealedEnvelope};
use laws::game::Event;
use leptos::prelude::*;

use crate::adjourning::{ArbiterEntries, entropy, game_record};
use crate::components::field::Field;
use crate::state::{AppState, now_ms};

/// What each item of the A3 checklist is, in the arbiter's words.
pub fn item_name(item: &str) -> &'static str {
    match item {
        "A2a" => "Names of the players",
        "A2b" => "Position before the sealed move, and the moves",
        "A2c" => "Time used by each player",
        "A2d" => "Who sealed the move",
        "A2e" => "Number of the sealed move",
        "A2f" => "Draw offer",
        "A2g" => "Date, time and venue of resumption",
        _ => "Event, round, board and arbiter",
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
        .game(&game_id)
        .ok_or_else(|| "the game is not on this tablet".to_owned())
        .and_then(|game| game_record(&game, now_ms(), &entries));
    let record = match record {
        Ok(record) => record,
        Err(e) => return view! { <p class="form-error" role="alert">{e}</p> }.into_any(),
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
            Ok(()) => state.tell("Envelope verified (A3): keep it safe until resumption."),
            Err(e) => state.warn(e),
        }
    };
    // A3: the arbiter corrects what does not match; the same sealed move is
    // sealed again under his PIN, with a new fingerprint.
    let pin = RwSignal::new(String::new());
    let amend_error = RwSignal::new(None::<String>);
    let amend = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let amended = entropy()
            .and_then(|entropy| {
                sealed
                    .amend(&pin.get_untracked(), record.get_value(), entropy)
                    .map_err(|e| format!("The envelope cannot be corrected: {e}"))
            })
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
                state.tell("Envelope corrected from the game (A3): check the items again.");
            }
            Err(e) => amend_error.set(Some(e)),
        }
    };
    view! {
        <section class="verify">
            <h2>"Verify the envelope (A3)"</h2>
            <p>"Compare each item written on the envelope with the game and tick it."</p>
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
                                <span class="check-item">{format!("{} ({})", item_name(&check.item), check.item)}</span>
                            </label>
                            <p>"On the envelope: " {check.on_envelope.clone()}</p>
                            <p>"In the game: " {check.in_game.clone()}</p>
                            {(!check.matches).then(|| view! { <p class="form-error">"Does not match the game."</p> })}
                        </li>
                    }
                }).collect_view()}
            </ol>
            <button class="button primary" disabled=move || !all_ticked() on:click=verify>"Envelope verified"</button>
            {mismatched.then(|| view! {
                <form class="amend-envelope" on:submit=amend novalidate>
                    <h3>"Correct the envelope from the game (A3)"</h3>
                    <Field label="Arbiter's PIN used at sealing".into() value=pin kind="password" />
                    {move || amend_error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                    <button type="submit" class="button">"Correct the envelope"</button>
                </form>
            })}
        </section>
    }
    .into_any()
}
