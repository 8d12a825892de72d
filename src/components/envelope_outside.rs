use laws::adjournment::Envelope;
use leptos::prelude::*;

use crate::adjourning::hms;

/// What is written on the outside of an envelope (A2): never the sealed move.
#[component]
pub fn EnvelopeOutside(outside: Envelope) -> impl IntoView {
    let offer = outside
        .draw_offer
        .map_or_else(|| "none".to_owned(), |side| format!("by {side}"));
    let moves = if outside.moves.is_empty() {
        "none".to_owned()
    } else {
        outside.moves.join(" ")
    };
    let r = &outside.resumption;
    let resumption = if r.date.is_empty() && r.time.is_empty() && r.venue.is_empty() {
        "to be filled in".to_owned()
    } else {
        format!("{} {}, {}", r.date, r.time, r.venue)
    };
    let arbiter = (!outside.arbiter.is_empty())
        .then(|| view! { <dt>"Arbiter"</dt><dd>{outside.arbiter.clone()}</dd> });
    view! {
        <dl class="details envelope-outside">
            <dt>"Event"</dt><dd>{format!("{}, round {}, board {}", outside.event, outside.round, outside.board)}</dd>
            <dt>"White"</dt><dd>{outside.white.clone()}</dd>
            <dt>"Black"</dt><dd>{outside.black.clone()}</dd>
            <dt>"Position before the sealed move"</dt><dd class="fen">{outside.fen.clone()}</dd>
            <dt>"Moves so far"</dt><dd>{moves}</dd>
            <dt>"Time used"</dt><dd>{format!("White {}, Black {}", hms(outside.time_used.white_ms), hms(outside.time_used.black_ms))}</dd>
            <dt>"Sealed by"</dt><dd>{format!("{} ({})", outside.name(outside.sealer), outside.sealer)}</dd>
            <dt>"Sealed move number"</dt><dd>{outside.move_number}</dd>
            <dt>"Draw offer"</dt><dd>{offer}</dd>
            <dt>"Resumption"</dt><dd>{resumption}</dd>
            {arbiter}
        </dl>
    }
}
