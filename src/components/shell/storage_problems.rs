use leptos::prelude::*;

use crate::route::Route;
use crate::state::AppState;
use crate::{t, tf};

/// Records that could not be read: reported, kept untouched in storage;
/// and games kept only in this page because storage is full.
#[component]
pub fn StorageProblems() -> impl IntoView {
    let state = expect_context::<AppState>();
    let held = move || state.unsaved.with(Vec::len);
    // Storage's own (no storage, settings unreadable), then the games'.
    let problems = move || {
        let mut problems = state.problems.get();
        problems.extend(state.unreadable.get());
        problems
    };
    view! {
        <Show when=move || held() != 0>
            <section class="problems" role="alert" aria-labelledby="unsaved-title">
                <h2 id="unsaved-title">{t!("Storage is full", "Pamięć jest pełna")}</h2>
                <p>{move || tf!(
                    "{} game(s) go on but are kept only in this page: they are saved as soon as there is room. Export a backup in Settings now, then delete finished games.",
                    "Partie w toku ({}) są trzymane tylko na tej stronie: zostaną zapisane, gdy zwolni się miejsce. Wyeksportuj teraz kopię zapasową w Ustawieniach, potem usuń zakończone partie.",
                    held()
                )}</p>
                <a class="button primary" href=Route::Settings.href()>{t!("Settings: backup and space", "Ustawienia: kopia zapasowa i miejsce")}</a>
            </section>
        </Show>
        <Show when=move || !problems().is_empty()>
            <section class="problems" role="alert" aria-labelledby="problems-title">
                <h2 id="problems-title">{t!("Some saved records could not be read", "Części zapisanych danych nie da się odczytać")}</h2>
                <ul>
                    <For each=problems key=|p| p.clone() let:problem>
                        <li>{problem}</li>
                    </For>
                </ul>
                <p>{t!("They are kept as they are. Export a backup before clearing this browser's data.", "Pozostają nietknięte. Przed wyczyszczeniem danych przeglądarki wyeksportuj kopię zapasową.")}</p>
            </section>
        </Show>
    }
}
