use leptos::prelude::*;

use crate::route::Route;

/// The app's name and the navigation, large enough for a finger; no
/// navigation while a scoresheet is locked in recording mode.
#[component]
pub fn Header(route: Memo<Route>, locked: Signal<bool>) -> impl IntoView {
    let link = move |target: Route, label: &'static str| {
        let href = target.href();
        let current = move || (route.get() == target).then_some("page");
        view! { <a class="nav-link" href=href aria-current=current>{label}</a> }
    };
    view! {
        <header class="app-header">
            <a class="brand" href="#/">"Arbiter"</a>
            <Show when=move || !locked.get() fallback=|| view! { <span class="header-mode">"Scoresheet — recording mode"</span> }>
                <nav aria-label="Main">
                    {link(Route::Games, "Games")}
                    {link(Route::NewGame, "New game")}
                    {link(Route::Envelopes, "Envelopes")}
                    {link(Route::Settings, "Settings")}
                </nav>
            </Show>
        </header>
    }
}
