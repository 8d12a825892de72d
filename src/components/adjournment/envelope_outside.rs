use laws::adjournment::Envelope;
use leptos::prelude::*;

use crate::components::common::diagram::Diagram;
use crate::text::i18n::iso_date;
use crate::text::laws_text;
use crate::{t, tf};
use laws::clock::clock_face;

/// What is written on the outside of an envelope (A2): never the sealed move.
#[component]
pub fn EnvelopeOutside(outside: Envelope) -> impl IntoView {
    let offer = outside.draw_offer.map_or_else(
        || t!("none", "brak").to_owned(),
        |side| tf!("by {}", "przez {}", laws_text::side::side_in_sentence(side)),
    );
    let moves = if outside.moves.is_empty() {
        t!("none", "brak").to_owned()
    } else {
        outside.numbered_moves()
    };
    let r = &outside.resumption;
    let resumption = if r.date.is_empty() && r.time.is_empty() && r.venue.is_empty() {
        t!("to be filled in", "do uzupełnienia").to_owned()
    } else {
        format!("{} {}, {}", iso_date(&r.date), r.time, r.venue)
    };
    let arbiter = (!outside.arbiter.is_empty())
        .then(|| view! { <dt>{t!("Arbiter", "Sędzia")}</dt><dd>{outside.arbiter.clone()}</dd> });
    view! {
        <dl class="details envelope-outside">
            <dt>{t!("Event", "Turniej")}</dt><dd>{tf!("{}, round {}, board {}", "{}, runda {}, szachownica {}", outside.event, outside.round, outside.board)}</dd>
            <dt>{t!("White", "Białe")}</dt><dd>{outside.white.clone()}</dd>
            <dt>{t!("Black", "Czarne")}</dt><dd>{outside.black.clone()}</dd>
            <dt class="position-term">{t!("Position before the sealed move", "Pozycja przed zapieczętowanym posunięciem")}</dt><dd class="position"><Diagram fen=outside.fen.clone() /></dd>
            <dt>{t!("Moves so far", "Dotychczasowe posunięcia")}</dt><dd>{moves}</dd>
            <dt>{t!("Time used", "Zużyty czas")}</dt><dd>{tf!("White {}, Black {}", "białe {}, czarne {}", clock_face(outside.time_used.white_ms), clock_face(outside.time_used.black_ms))}</dd>
            <dt>{t!("Sealed by", "Zapieczętował")}</dt><dd>{format!("{} ({})", outside.name(outside.sealer), laws_text::side::side(outside.sealer))}</dd>
            <dt>{t!("Sealed move number", "Numer zapieczętowanego posunięcia")}</dt><dd>{outside.move_number}</dd>
            <dt>{t!("Draw offer", "Propozycja remisu")}</dt><dd>{offer}</dd>
            <dt>{t!("Resumption", "Wznowienie")}</dt><dd>{resumption}</dd>
            {arbiter}
        </dl>
        <div class="envelope-signatures">
            <p>{t!("White's signature", "Podpis białych")}</p>
            <p>{t!("Black's signature", "Podpis czarnych")}</p>
            <p>{t!("Arbiter's signature", "Podpis sędziego")}</p>
        </div>
    }
}
