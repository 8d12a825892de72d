use leptos::prelude::*;

use crate::route::Route;
use crate::state::AppState;
use crate::sync::SyncStatus;

/// Where a tablet in an event stands, at a glance, in the header; nothing
/// for a tablet on its own.
#[component]
pub fn SyncBadge() -> impl IntoView {
    let state = expect_context::<AppState>();
    let class = move || match state.sync_status.get() {
        Some(SyncStatus::Synced) => "sync-badge synced",
        Some(SyncStatus::Waiting(_) | SyncStatus::Connecting) => "sync-badge waiting",
        _ => "sync-badge trouble",
    };
    view! {
        <Show when=move || state.sync_status.with(Option::is_some)>
            <a class=class href=Route::Event.href() role="status" data-testid="sync-status">
                {move || state.sync_status.get().map(|s| s.to_string())}
            </a>
        </Show>
    }
}
