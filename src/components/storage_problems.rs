use leptos::prelude::*;

use crate::route::Route;
use crate::state::AppState;

/// Records that could not be read: reported, kept untouched in storage;
/// and games kept only in this page because storage is full.
#[component]
pub fn StorageProblems() -> impl IntoView {
    let state = expect_context::<AppState>();
    let held = move || state.unsaved.with(Vec::len);
    view! {
        <Show when=move || held() != 0>
            <section class="problems" role="alert" aria-labelledby="unsaved-title">
                <h2 id="unsaved-title">"Storage is full"</h2>
                <p>{move || format!(
                    "{} game(s) go on but are kept only in this page: they are saved as soon as there is room. Export a backup in Settings now, then delete finished games.",
                    held()
                )}</p>
                <a class="button primary" href=Route::Settings.href()>"Settings: backup and space"</a>
            </section>
        </Show>
        <Show when=move || !state.problems.with(Vec::is_empty)>
            <section class="problems" role="alert" aria-labelledby="problems-title">
                <h2 id="problems-title">"Some saved records could not be read"</h2>
                <ul>
                    <For each=move || state.problems.get() key=|p| p.clone() let:problem>
                        <li>{problem}</li>
                    </For>
                </ul>
                <p>"They are kept as they are. Export a backup before clearing this browser's data."</p>
            </section>
        </Show>
    }
}
