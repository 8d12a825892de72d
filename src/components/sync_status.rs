use leptos::prelude::*;

use crate::route::Route;
use crate::sync::SyncStatus;

/// Where a tablet in an event stands, at a glance, in the header (with
/// the sync code, so not in the first load).
#[component]
pub fn SyncBadge() -> impl IntoView {
    let status = crate::couch::status();
    let shown = status.clone();
    let class = move || match status.get() {
        Some(SyncStatus::Synced) => "sync-badge synced",
        Some(SyncStatus::Waiting(_) | SyncStatus::Connecting) => "sync-badge waiting",
        _ => "sync-badge trouble",
    };
    view! {
        <a class=class href=Route::Event.href() role="status" data-testid="sync-status">
            {move || shown.get().map(|s| s.to_string())}
        </a>
    }
}

/// The badge, fetched with the sync code the first time it is shown.
#[leptos::wasm_split::wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
pub fn sync_badge() -> AnyView {
    view! { <SyncBadge /> }.into_any()
}
