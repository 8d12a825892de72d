use leptos::prelude::*;

use crate::event::sync::SyncStatus;
use crate::route::Route;
use crate::state::AppState;

/// Where a tablet in an event stands, at a glance, in the header (with
/// the sync code, so not in the first load).
#[component]
pub fn SyncBadge() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = crate::event::couch::status();
    let shown = status.clone();
    let record = crate::event::couch::record();
    let waiting = Memo::new(move |_| record.with(|r| state.games.with(|games| r.waiting(games))));
    let class = move || match status.get() {
        Some(SyncStatus::Synced | SyncStatus::Waiting(_)) if waiting.get() == 0 => {
            "sync-badge synced"
        }
        Some(
            SyncStatus::Synced
            | SyncStatus::Waiting(_)
            | SyncStatus::Connecting
            | SyncStatus::CatchingUp,
        ) => "sync-badge waiting",
        _ => "sync-badge trouble",
    };
    view! {
        <a class=class href=Route::Event.href() role="status" data-testid="sync-status">
            {move || shown.get().map(|s| s.shown(waiting.get()))}
        </a>
    }
}

/// The badge, fetched with the sync code the first time it is shown.
#[leptos::wasm_split::wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
pub fn sync_badge() -> AnyView {
    expect_context::<AppState>().read_games_once();
    view! { <SyncBadge /> }.into_any()
}
