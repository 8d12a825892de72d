use leptos::prelude::*;

use crate::route::Route;

/// The app's name and the navigation, large enough for a finger.
#[component]
pub fn Header(route: Memo<Route>) -> impl IntoView {
    let link = move |target: Route, label: &'static str| {
        let href = target.href();
        let current = move || (route.get() == target).then_some("page");
        view! { <a class="nav-link" href=href aria-current=current>{label}</a> }
    };
    view! {
        <header class="app-header">
            <a class="brand" href="#/">"Arbiter"</a>
            <nav aria-label="Main">
                {link(Route::Games, "Games")}
                {link(Route::NewGame, "New game")}
                {link(Route::Envelopes, "Envelopes")}
                {link(Route::Settings, "Settings")}
            </nav>
        </header>
    }
}
