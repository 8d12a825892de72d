use leptos::prelude::*;

use crate::route::Route;
use crate::{t, tf};

/// A link to a game that is not on this tablet (deleted, or from another device).
#[component]
pub fn MissingGame(id: String) -> impl IntoView {
    view! {
        <section class="page">
            <h1>{t!("Game not found", "Nie znaleziono partii")}</h1>
            <p>{tf!("The game “{id}” is not on this tablet. It may have been deleted, or it was created on another device: import that device's backup.", "Partii „{id}” nie ma na tym tablecie. Mogła zostać usunięta albo utworzono ją na innym urządzeniu: zaimportuj kopię zapasową z tamtego urządzenia.")}</p>
            <a class="button primary" href=Route::Games.href()>{t!("Back to the games", "Wróć do partii")}</a>
        </section>
    }
}
