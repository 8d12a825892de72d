use leptos::prelude::*;

use crate::route::Route;

#[component]
pub fn NotFound(hash: String) -> impl IntoView {
    view! {
        <section class="page">
            <h1>"Page not found"</h1>
            <p>"There is no screen at “" {hash} "”."</p>
            <a class="button primary" href=Route::Games.href()>"Back to the games"</a>
        </section>
    }
}

/// A link to a game that is not on this tablet (deleted, or from another device).
#[component]
pub fn MissingGame(id: String) -> impl IntoView {
    view! {
        <section class="page">
            <h1>"Game not found"</h1>
            <p>"The game “" {id} "” is not on this tablet. It may have been deleted, or it was created on another device: import that device's backup."</p>
            <a class="button primary" href=Route::Games.href()>"Back to the games"</a>
        </section>
    }
}
