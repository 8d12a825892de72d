use laws::game::Game;
use laws::scoresheet::Slot;
use leptos::prelude::*;

use crate::t;

/// The boxes a ruling struck out (7.4: the moves after a reinstated
/// position), as "3. Ke1-e3".
pub fn struck_out(game: &Game) -> Vec<String> {
    game.scoresheet()
        .struck_out
        .iter()
        .map(|(slot, entry)| format!("{slot} {}", entry.written))
        .collect()
}

/// The boxes written so far, in the order of play.
pub fn slots(game: &Game) -> Vec<Slot> {
    game.scoresheet().entries().map(|(slot, _)| slot).collect()
}

/// The struck-out boxes, crossed through as on a paper scoresheet.
#[component]
pub fn StruckOut(entries: Signal<Vec<String>>) -> impl IntoView {
    view! {
        <Show when=move || entries.with(|e| !e.is_empty())>
            <p class="struck-out">
                {t!("Struck out by the arbiter's ruling (7.4): ", "Skreślone decyzją sędziego (7.4): ")}
                {move || entries.get().into_iter().map(|text| view! { <del>{text}</del>" " }).collect_view()}
            </p>
        </Show>
    }
}
