use leptos::prelude::*;

use crate::platform::next_task::next_task;

/// Its children, built in a task after the one that builds the screen: for
/// parts not needed at the first sight of a screen (what is only printed, a
/// line worked out by a search). Opened cold, a screen runs its code for
/// the first time, at its slowest, and one long task would hold the page.
#[component]
pub fn Later(children: ChildrenFn) -> impl IntoView {
    let ready = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        next_task().await;
        // Nothing to show if the screen has gone meanwhile.
        let _ = ready.try_set(true);
    });
    move || ready.get().then(|| children())
}
