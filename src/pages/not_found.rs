use leptos::prelude::*;

pub use crate::components::shell::missing_game::MissingGame;
use crate::route::Route;
use crate::{t, tf};

#[component]
pub fn NotFound(hash: String) -> impl IntoView {
    view! {
        <section class="page">
            <h1>{t!("Page not found", "Nie ma takiej strony")}</h1>
            <p>{tf!("There is no screen at “{hash}”.", "Pod adresem „{hash}” nie ma ekranu.")}</p>
            <a class="button primary" href=Route::Games.href()>{t!("Back to the games", "Wróć do partii")}</a>
        </section>
    }
}
