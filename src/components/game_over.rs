use leptos::prelude::*;

use crate::tf;

/// The banner on every screen of a game that has ended: nothing more is
/// played, and the arbiter sees why at once.
#[component]
pub fn GameOver(result: String) -> impl IntoView {
    view! {
        <p class="mode-banner" role="status">
            {tf!("Game over: {}.", "Koniec partii: {}.", result)}
        </p>
    }
}
