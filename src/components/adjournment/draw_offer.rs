use laws::adjournment::AdjournmentEvent;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// A4: after the move is sealed, the sealer's opponent may offer a draw; it
/// stands until the sealer accepts or rejects it (an offer written with
/// the sealed move is answered the same way once it is known). Shown only
/// while the adjournment accepts an offer or its answer.
#[component]
pub fn DrawOffer(
    game_id: String,
    /// The offer standing, by whom.
    offer: Option<Side>,
    /// Who may offer one, while none stands.
    offerer: Option<Side>,
    white: String,
    black: String,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(game_id);
    let step = move |event: AdjournmentEvent| {
        record_step(&state, &id.get_value(), event);
    };
    let name = move |side: Side| match side {
        Side::White => format!("{white} ({})", laws_text::side::side(side)),
        Side::Black => format!("{black} ({})", laws_text::side::side(side)),
    };
    let body = match offer {
        Some(by) => {
            let to = by.opponent();
            view! {
                <p role="status">{tf!("{} offers a draw: it stands until {} accepts or rejects it.", "{} proponuje remis: propozycja jest ważna, dopóki {} jej nie przyjmie lub nie odrzuci.", name(by), name(to))}</p>
                <div class="actions">
                    <button class="button" on:click=move |_| step(AdjournmentEvent::DrawAccepted { by: to })>{tf!("{} accepts the draw", "{} przyjmuje remis", name(to))}</button>
                    <button class="button" on:click=move |_| step(AdjournmentEvent::DrawDeclined { by: to })>{tf!("{} rejects the draw", "{} odrzuca remis", name(to))}</button>
                </div>
            }
            .into_any()
        }
        None => {
            let Some(by) = offerer else {
                return ().into_any();
            };
            view! {
                <div class="actions">
                    <button class="button" on:click=move |_| step(AdjournmentEvent::DrawOffered { by })>{tf!("{} offers a draw", "{} proponuje remis", name(by))}</button>
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section class="draw-offer">
            <h2>{t!("Draw offer (A4)", "Propozycja remisu (A4)")}</h2>
            {body}
        </section>
    }
    .into_any()
}
