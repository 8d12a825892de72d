use leptos::prelude::*;

use crate::route::Route;
use crate::t;

/// The app's name and the navigation, large enough for a finger; no
/// navigation while a scoresheet is locked in recording mode.
#[component]
pub fn Header(route: Memo<Route>, locked: Signal<bool>, joined: Signal<bool>) -> impl IntoView {
    let link = move |target: Route, label: &'static str| {
        let href = target.href();
        let current = move || (route.get() == target).then_some("page");
        view! { <a class="nav-link" href=href aria-current=current>{label}</a> }
    };
    view! {
        <header class="app-header">
            <a class="brand" href="#/">"Arbiter"</a>
            <Show when=move || !locked.get() fallback=|| view! { <span class="header-mode">{t!("Scoresheet — recording mode", "Blankiet — tryb zapisu")}</span> }>
                <nav aria-label=t!("Main", "Główna")>
                    {link(Route::Games, t!("Games", "Partie"))}
                    {link(Route::NewGame, t!("New game", "Nowa partia"))}
                    {link(Route::Envelopes, t!("Envelopes", "Koperty"))}
                    {link(Route::Settings, t!("Settings", "Ustawienia"))}
                </nav>
            </Show>
            <Show when=move || joined.get()>
                <Transition>{move || Suspend::new(crate::components::event::sync_status::sync_badge())}</Transition>
            </Show>
        </header>
    }
}
