use leptos::prelude::*;

use crate::route::Route;
use crate::{t, tf};

/// The banner on every screen of a game that has ended: nothing more is
/// played, and the arbiter sees why at once; with the game's `review`
/// (its id), the way to the players' QR code.
#[component]
pub fn GameOver(result: String, #[prop(optional)] review: Option<String>) -> impl IntoView {
    view! {
        <p class="mode-banner" role="status">
            {tf!("Game over: {}.", "Koniec partii: {}.", result)}
            {review.map(|id| view! {
                " "<a class="button" href=Route::PlayersQr(id).href()>{t!("QR code for the players", "Kod QR dla zawodników")}</a>
            })}
        </p>
    }
}
