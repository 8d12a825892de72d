//! A round's players and byes in words, wherever a round is shown.

use leptos::prelude::*;

use crate::event::round::{RoundBye, RoundPlayer};
use crate::t;

/// A bye's code in words.
fn bye_words(code: &str) -> String {
    match code {
        "H" => t!("half-point bye (H)", "pauza za pół punktu (H)").to_owned(),
        "F" => t!("full-point bye (F)", "pauza za punkt (F)").to_owned(),
        "U" => t!(
            "the pairing-allocated bye (U)",
            "pauza przydzielona przez kojarzenie (U)"
        )
        .to_owned(),
        "Z" => t!(
            "zero-point bye, absent (Z)",
            "pauza bez punktu, nieobecny (Z)"
        )
        .to_owned(),
        "0000" => t!("not paired (0000)", "nieskojarzony (0000)").to_owned(),
        other => other.to_owned(),
    }
}

/// A player as a round's table shows him: title, name, rating.
pub fn player_words(p: &RoundPlayer) -> String {
    let mut words = p.name.clone();
    if !p.title.is_empty() {
        words = format!("{} {words}", p.title);
    }
    if let Some(rating) = p.rating {
        words = format!("{words} ({rating})");
    }
    words
}

/// The round's players with no board, and why.
#[component]
pub fn ByesList(byes: Vec<RoundBye>) -> impl IntoView {
    (!byes.is_empty()).then(|| {
        view! {
            <ul class="round-byes">
                {byes.iter().map(|b| view! {
                    <li>{format!("{}: {}", player_words(&b.player), bye_words(&b.code))}</li>
                }).collect_view()}
            </ul>
        }
    })
}
