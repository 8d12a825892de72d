use leptos::prelude::*;

use crate::state::AppState;

/// Records that could not be read: reported, kept untouched in storage.
#[component]
pub fn StorageProblems() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
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
