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
        numbered(&outside.fen, &outside.moves)
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
            <dt>{t!("Position before the sealed move", "Pozycja przed zapieczętowanym posunięciem")}</dt><dd><Diagram fen=outside.fen.clone() /></dd>
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

/// The moves so far with their numbers ("1. e4 e5 2. Nf3"), counted back
/// from the position before the sealed move (`fen`).
fn numbered(fen: &str, moves: &[String]) -> String {
    let (number, black) = fen
        .split_whitespace()
        .collect::<Vec<_>>()
        .get(1..6)
        .map_or((1, false), |fields| {
            (fields[4].parse::<usize>().unwrap_or(1), fields[0] == "b")
        });
    // Half-moves from the game's start to the position after `moves`.
    let end = 2 * number.saturating_sub(1) + usize::from(black);
    let first = end.saturating_sub(moves.len());
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let ply = first + i;
            match (ply % 2, i) {
                (0, _) => format!("{}. {mv}", ply / 2 + 1),
                (_, 0) => format!("{}… {mv}", ply / 2 + 1),
                _ => mv.clone(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn the_moves_so_far_carry_their_numbers() {
        let moves = ["e4", "e5", "Nf3"].map(String::from);
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        assert_eq!(numbered(fen, &moves), "1. e4 e5 2. Nf3");
        // From a position set up at move 30, Black to move first.
        let fen = "8/8/8/8/8/8/k7/K7 w - - 0 31";
        assert_eq!(numbered(fen, &["Kb1".to_owned()]), "30… Kb1");
    }
}
