//! The shell: header, notices, and the screen the URL's hash names.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};

use laws::pgn::ImportedGame;
use leptos::ev;
use leptos::prelude::*;
use leptos::reactive::computed::ScopedFuture;
use leptos::tachys::reactive_graph::OwnedView;
use leptos::wasm_split::wasm_split;
use web_sys::ServiceWorker;

use crate::components::clock::opening_clock::OpeningClock;
use crate::components::common::arbiter_gate::ArbiterGate;
use crate::components::shell::update_notice::UpdateNotice;
use crate::components::shell::{
    header::Header, notice_bar::NoticeBar, storage_problems::StorageProblems,
};
use crate::pages::{
    adjourn::AdjournPage,
    arbiter::ArbiterPage,
    clock::ClockPage,
    edit_game::EditGame,
    envelopes::Envelopes,
    event::EventPage,
    event_game::EventGamePage,
    game::GamePage,
    games::Games,
    join_event::JoinEventPage,
    new_game::NewGame,
    not_found::NotFound,
    players_copy::{NotReviewed, OpenReview, PlayersCopyPage, review::players_copy_review},
    resumption::Resumption,
    review,
    review::ReviewPage,
    scoresheet::ScoresheetPage,
    settings::Settings,
};
use crate::platform::next_task::{after_paint, after_paint_within, next_task};
use crate::route::Route;
pub use crate::route::navigate;
use crate::state::{AppState, read_every_game, restore_from_journal};
use crate::storage::PREFIX;
use crate::t;
use crate::text::i18n::{self, UiLang};

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

fn browser_lang() -> UiLang {
    UiLang::from_browser(&window().navigator().language().unwrap_or_default())
}

/// The app, on `state` as read from storage ([`AppState::load`]), built in
/// two tasks (the shell, then the screen the hash names: opened cold, each
/// runs its code for the first time, at its slowest) and `shown` in the
/// second: the screen's opening line is on the page from then, and a
/// screen's module is asked for only once that has been painted (`screen_view`).
#[component]
pub fn App(state: AppState, shown: Box<dyn FnOnce()>) -> impl IntoView {
    provide_context(state);
    let screens = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        next_task().await;
        screens.set(true);
        shown();
    });

    let (hash, set_hash) = signal(current_hash());
    let asked = Memo::new(move |_| Route::parse(&hash.get()));
    // A scoresheet in recording mode holds the tablet until the arbiter's
    // PIN is given: any other screen asked for shows the sheet instead.
    let locked = Memo::new(move |_| state.settings.with(|s| s.locked_sheet.clone()));
    let route = Memo::new(move |_| match locked.get() {
        Some(id) => Route::Scoresheet(id),
        None => asked.get(),
    });
    Effect::new(move |before: Option<()>| {
        let shown = route.get();
        crate::platform::print::forget();
        // A new screen opens at its top, not where the last one was left.
        // (The first is at its top already: scrolling would make the
        // browser lay the page out then and there, in the app's first task.)
        if before.is_some() {
            window().scroll_to_with_x_and_y(0.0, 0.0);
        }
        if asked.get() != shown {
            navigate(&shown);
        }
    });
    let on_hash = window_event_listener(ev::hashchange, move |_| {
        let hash = current_hash();
        state.leave_notices(&Route::parse(&hash));
        set_hash.set(hash);
    });
    // Another tab saved or deleted a record: read storage again, and the
    // games themselves if a screen has read them.
    let on_storage = window_event_listener(ev::storage, move |e| {
        if e.key().is_none_or(|key| key.starts_with(PREFIX)) {
            state.reload();
            if state.games_read.get_untracked() {
                leptos::task::spawn_local(read_every_game(state));
            }
        }
    });
    on_cleanup(move || {
        on_hash.remove();
        on_storage.remove();
    });

    // A tablet in an event syncs with its database; one on its own loads
    // no sync code and makes no network request.
    Effect::new(move |_| {
        if state.settings.with(|s| s.event.is_some()) {
            leptos::task::spawn_local(crate::event::start::start_sync(state));
        }
    });

    // A new version waiting to take over, offered by the service worker
    // (registered once the first screen has come: see `screen`). Kept
    // here: the screens below are rendered again with the language.
    let waiting = RwSignal::new_local(None);

    // The screens' owners hang from the shell's, not from the closure that
    // picks the screen (see `screen`).
    let shell = Owner::current().expect("the shell is built under an owner");

    // The language chosen, else the browser's. Every screen is rendered
    // again when it changes, so text is simply read at rendering.
    let lang = Memo::new(move |_| state.settings.with(|s| s.lang).unwrap_or_else(browser_lang));

    move || {
        let lang = lang.get();
        i18n::set_lang(lang);
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", lang.tag());
        }
        let shell = shell.clone();
        untrack(|| {
            view! {
            <Header route=route locked=Signal::derive(move || locked.with(Option::is_some))
                joined=Signal::derive(move || state.settings.with(|s| s.event.is_some())) />
            <main id="main">
                <StorageProblems />
                <NoticeBar />
                <UpdateNotice waiting=waiting />
                // The screen named by the hash; while a screen's module is
                // fetched the one before it stays up, or, opened cold, the
                // line index.html painted first, under the game's heading
                // (`opening`).
                {
                    let shell = shell.clone();
                    move || screens.get().then(|| {
                        let shell = shell.clone();
                        view! {
                            <Transition fallback=move || opening(&route.get_untracked(), state)>
                                {move || Suspend::new(screen(route.get(), shell.child(), waiting, state))}
                            </Transition>
                        }
                    })
                }
            </main>
            }
        })
    }
}

/// What is shown while `route`'s module is fetched on a cold start: the
/// line index.html painted first and, for a game of this tablet, the
/// screen's heading from the game's listing, so that the game asked for is
/// named at once, not when its screen has come; in the screen's own page,
/// which for the wider screens widens the page already. A clock at rest
/// shows its faces instead (`OpeningClock`).
fn opening(route: &Route, state: AppState) -> AnyView {
    let page = match route {
        Route::Scoresheet(_) => "page scoresheet",
        Route::Review(_) | Route::PlayersQr(_) => "page review",
        _ => "page",
    };
    let listing = route.game_id().and_then(|id| {
        state
            .listings
            .with_untracked(|all| all.iter().find(|l| l.id == id).cloned())
    });
    let line = if route.game_id().is_some() {
        t!("Opening the game…", "Otwieranie partii…")
    } else {
        t!("Opening…", "Otwieranie…")
    };
    // A clock at rest shows its faces at once: its time is what the
    // screen shows first, and largest.
    if let (Route::Clock(_), Some(listing)) = (route, &listing)
        && let Some(clock) = listing.resting_clock.clone()
    {
        return view! { <OpeningClock listing=listing.clone() clock=clock line=line /> }.into_any();
    }
    let heading = listing.map(|listing| match route {
        Route::Review(_) | Route::PlayersQr(_) => review::heading(&listing.white, &listing.black),
        _ => listing.title(),
    });
    view! {
        <section class=page>
            {heading.map(|heading| view! { <h1>{heading}</h1> })}
            <p class="opening">{line}</p>
        </section>
    }
    .into_any()
}

/// The view of `route`, set up and built under `owner`, which lives as long
/// as the view: the screen shown before stays up until this one comes, and
/// keeps its signals till then. (Under the closure that picks the screen,
/// they would be disposed as soon as the route changes, and the screen
/// still up would read them when a game changed meanwhile.)
async fn screen(
    route: Route,
    owner: Owner,
    waiting: RwSignal<Option<ServiceWorker>, LocalStorage>,
    state: AppState,
) -> AnyView {
    let games_screen = !matches!(route, Route::Games | Route::NotFound(_));
    let view = owner
        .with(|| ScopedFuture::new_untracked(screen_view(route)))
        .await;
    // The service worker fetches every file of the app to keep: registered
    // once the first screen has come and been painted, so that on a slow
    // network they never share the line with that screen's own modules.
    if !WORKER_ASKED.swap(true, Ordering::Relaxed) {
        leptos::task::spawn_local(async move {
            after_paint().await;
            crate::platform::service_worker::register(move |worker| waiting.set(Some(worker)));
        });
    }
    // On the first screen but the list (which loads no game module): what
    // localStorage lost when the browser was killed, put back from the
    // journal once the screen is painted.
    if games_screen && !JOURNAL_READ.swap(true, Ordering::Relaxed) {
        leptos::task::spawn_local(async move {
            after_paint().await;
            restore_from_journal(state).await;
        });
    }
    OwnedView::new_with_owner(view, owner).into_any()
}

/// The view of `route`. The screens but the list of games are modules of
/// their own (`wasm_split`, what Leptos' `#[lazy]` uses: split out of the
/// main wasm at build time and fetched the first time one is shown), so the
/// first load carries only the list. The clock, the scoresheet and the
/// review, which a link opens directly, have a module each, so opening one
/// fetches only what it needs (with the code it shares with others, split
/// out too); the other screens share one.
async fn screen_view(route: Route) -> AnyView {
    // Opened cold on a game, the page first paints what `opening` shows (the
    // game's heading), then asks for the screen's module: on a slow network
    // the heading comes with the main module, not once every file has come.
    if !SCREEN_ASKED.swap(true, Ordering::Relaxed) && route.game_id().is_some() {
        after_paint_within(100).await;
    }
    let view = match route {
        Route::Games => return view! { <Games /> }.into_any(),
        Route::NotFound(hash) => return view! { <NotFound hash=hash /> }.into_any(),
        Route::NewGame => new_game_screen().await,
        Route::Game(id) => game_screen(id).await,
        Route::EditGame(id) => edit_game_screen(id).await,
        Route::Clock(id) => clock_screen(id).await,
        Route::Scoresheet(id) => scoresheet_screen(id).await,
        Route::Review(_) | Route::PlayersQr(_) => review_screen(route).await,
        Route::PlayersCopy(data) => players_copy_screen(data, open_players_copy_review).await,
        Route::Arbiter(id) => arbiter_screen(id).await,
        Route::Adjourn(id) => adjourn_screen(id).await,
        Route::Resume(id) => resumption_screen(id).await,
        Route::Envelopes => envelopes_screen().await,
        Route::Event => event_screen().await,
        Route::JoinEvent(_) | Route::EventGame(..) => link_screen(route).await,
        Route::Settings => settings_screen().await,
    };
    // A split screen has just read every game and set itself up; its page
    // is built in a task of its own, so that neither holds the tablet for
    // long on a cold start, when each first runs its freshly loaded code.
    next_task().await;
    view
}

/// Whether a screen has been asked for since the page was opened.
static SCREEN_ASKED: AtomicBool = AtomicBool::new(false);

/// Whether the service worker has been registered since the page was opened.
static WORKER_ASKED: AtomicBool = AtomicBool::new(false);

/// Whether the journal has been read since the page was opened.
static JOURNAL_READ: AtomicBool = AtomicBool::new(false);

/// A screen other than the list: every game read first (the list reads
/// only their listings), so the game it shows is there from its first paint.
fn with_games(view: impl FnOnce() -> AnyView) -> AnyView {
    expect_context::<AppState>().read_games_once();
    view()
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn new_game_screen() -> AnyView {
    with_games(|| view! { <NewGame /> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn game_screen(id: String) -> AnyView {
    with_games(|| view! { <GamePage id=id /> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn edit_game_screen(id: String) -> AnyView {
    with_games(|| view! { <ArbiterGate><EditGame id=id.clone() /></ArbiterGate> }.into_any())
}

#[wasm_split(clock, wasm_split_path = ::leptos::wasm_split)]
fn clock_screen(id: String) -> AnyView {
    with_games(|| view! { <ClockPage id=id /> }.into_any())
}

#[wasm_split(scoresheet, wasm_split_path = ::leptos::wasm_split)]
fn scoresheet_screen(id: String) -> AnyView {
    with_games(|| view! { <ScoresheetPage id=id /> }.into_any())
}

/// Review of a game on this tablet, brought to its players' QR code or not.
#[wasm_split(review, wasm_split_path = ::leptos::wasm_split)]
fn review_screen(route: Route) -> AnyView {
    match route {
        Route::PlayersQr(id) => with_games(|| view! { <ReviewPage id=id at_qr=true /> }.into_any()),
        Route::Review(id) => with_games(|| view! { <ReviewPage id=id at_qr=false /> }.into_any()),
        other => view! { <NotFound hash=other.href() /> }.into_any(),
    }
}

/// The game a players' link carries, which a phone opens cold: no game is
/// read for it (the phone may hold none). Its board and moves come in a
/// module of their own, small, and Review's after them (`open_review`,
/// `pages::players_copy`).
#[wasm_split(players_copy, wasm_split_path = ::leptos::wasm_split)]
fn players_copy_screen(data: String, open_review: OpenReview) -> AnyView {
    view! { <PlayersCopyPage data=data open_review=open_review /> }.into_any()
}

/// Review of a players' link's game, from Review's module.
fn open_players_copy_review(
    pgn: String,
    read: ImportedGame,
    ply: RwSignal<usize>,
    flipped: RwSignal<bool>,
) -> Pin<Box<dyn Future<Output = Result<AnyView, NotReviewed>> + Send>> {
    Box::pin(players_copy_review(pgn, read, ply, flipped))
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn arbiter_screen(id: String) -> AnyView {
    with_games(|| view! { <ArbiterGate><ArbiterPage id=id.clone() /></ArbiterGate> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn adjourn_screen(id: String) -> AnyView {
    with_games(|| view! { <AdjournPage id=id /> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn resumption_screen(id: String) -> AnyView {
    with_games(|| view! { <Resumption id=id /> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn envelopes_screen() -> AnyView {
    with_games(|| view! { <Envelopes /> }.into_any())
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn event_screen() -> AnyView {
    with_games(|| view! { <EventPage /> }.into_any())
}

/// The screens a link from another device opens (a join code, a game in
/// the event's database): one split function for both, as each costs the
/// first load its loader.
#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn link_screen(route: Route) -> AnyView {
    with_games(|| match route {
        Route::JoinEvent(query) => {
            view! { <ArbiterGate><JoinEventPage query=query.clone() /></ArbiterGate> }.into_any()
        }
        Route::EventGame(id, query) => view! { <EventGamePage id=id query=query /> }.into_any(),
        other => view! { <NotFound hash=other.href() /> }.into_any(),
    })
}

#[wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
fn settings_screen() -> AnyView {
    with_games(|| view! { <ArbiterGate><Settings /></ArbiterGate> }.into_any())
}
