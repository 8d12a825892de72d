//! The shell: header, notices, and the screen the URL's hash names.

use leptos::ev;
use leptos::prelude::*;

use crate::components::update_notice::UpdateNotice;
use crate::components::{header::Header, notice_bar::NoticeBar, storage_problems::StorageProblems};
use crate::i18n::{self, Lang};
use crate::pages::{
    adjourn::AdjournPage, arbiter::ArbiterPage, clock::ClockPage, edit_game::EditGame,
    envelopes::Envelopes, game::GamePage, games::Games, new_game::NewGame, not_found::NotFound,
    resumption::Resumption, review::ReviewPage, scoresheet::ScoresheetPage, settings::Settings,
};
use crate::route::Route;
use crate::state::AppState;
use crate::storage::PREFIX;

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

fn browser_lang() -> Lang {
    Lang::from_browser(&window().navigator().language().unwrap_or_default())
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::load();
    provide_context(state);

    let (hash, set_hash) = signal(current_hash());
    let asked = Memo::new(move |_| Route::parse(&hash.get()));
    // A scoresheet in recording mode holds the tablet until the arbiter's
    // PIN is given: any other screen asked for shows the sheet instead.
    let locked = Memo::new(move |_| state.settings.with(|s| s.locked_sheet.clone()));
    let route = Memo::new(move |_| match locked.get() {
        Some(id) => Route::Scoresheet(id),
        None => asked.get(),
    });
    Effect::new(move |_| {
        let shown = route.get();
        crate::printing::forget();
        if asked.get() != shown {
            navigate(&shown);
        }
    });
    let on_hash = window_event_listener(ev::hashchange, move |_| set_hash.set(current_hash()));
    // Another tab saved or deleted a record: read storage again.
    let on_storage = window_event_listener(ev::storage, move |e| {
        if e.key().is_none_or(|key| key.starts_with(PREFIX)) {
            state.reload();
        }
    });
    on_cleanup(move || {
        on_hash.remove();
        on_storage.remove();
    });

    // Registered once: the screens below are rendered again with the language.
    let waiting = RwSignal::new_local(None);
    crate::update::register(move |worker| waiting.set(Some(worker)));

    // The language chosen, else the browser's. Every screen is rendered
    // again when it changes, so text is simply read at rendering.
    let lang = Memo::new(move |_| state.settings.with(|s| s.lang).unwrap_or_else(browser_lang));

    move || {
        let lang = lang.get();
        i18n::set_lang(lang);
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", lang.tag());
        }
        untrack(|| {
            view! {
            <Header route=route locked=Signal::derive(move || locked.with(Option::is_some)) />
            <main id="main">
                <StorageProblems />
                <NoticeBar />
                <UpdateNotice waiting=waiting />
                {move || match route.get() {
                    Route::Games => view! { <Games /> }.into_any(),
                    Route::NewGame => view! { <NewGame /> }.into_any(),
                    Route::Game(id) => view! { <GamePage id=id /> }.into_any(),
                    Route::EditGame(id) => view! { <EditGame id=id /> }.into_any(),
                    Route::Clock(id) => view! { <ClockPage id=id /> }.into_any(),
                    Route::Scoresheet(id) => view! { <ScoresheetPage id=id /> }.into_any(),
                    Route::Review(id) => view! { <ReviewPage id=id /> }.into_any(),
                    Route::Adjourn(id) => view! { <AdjournPage id=id /> }.into_any(),
                    Route::Resume(id) => view! { <Resumption id=id /> }.into_any(),
                    Route::Arbiter(id) => view! { <ArbiterPage id=id /> }.into_any(),
                    Route::Envelopes => view! { <Envelopes /> }.into_any(),
                    Route::Settings => view! { <Settings /> }.into_any(),
                    Route::NotFound(hash) => view! { <NotFound hash=hash /> }.into_any(),
                }}
            </main>
            }
        })
    }
}

/// Goes to `route` (a hash change, so the back button works).
pub fn navigate(route: &Route) {
    let _ = window().location().set_hash(&route.href());
}
