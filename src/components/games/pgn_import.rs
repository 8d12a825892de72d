//! PGN import: a file or pasted text; each game becomes a new game, and
//! each game that cannot be read is named with the reason.

use leptos::prelude::*;

use crate::platform::files::read_picked;
use crate::route::Route;
use crate::state::{AppState, PgnImport};
use crate::text::laws_text;
use crate::worker::analyser;
use crate::{t, tf};

#[component]
pub fn PgnImportPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let pasted = RwSignal::new(String::new());
    let imported = RwSignal::new(None::<PgnImport>);
    let reading = RwSignal::new(false);
    // The worker reads the text; the games it sends back are saved here.
    let import_text = move |text: String| {
        reading.set(true);
        leptos::task::spawn_local(async move {
            let result = match analyser::import_pgn(text).await {
                Ok(games) => state.add_imported(games),
                Err(e) => PgnImport {
                    added: Vec::new(),
                    errors: vec![tf!(
                        "The PGN could not be read: {e}",
                        "Nie udało się odczytać PGN: {e}"
                    )],
                },
            };
            if !result.added.is_empty() {
                pasted.set(String::new());
            }
            reading.set(false);
            imported.set(Some(result));
        });
    };
    let pick_file = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(text) => import_text(text),
            Err(e) => state.warn(e),
        });
    };
    let title_of = move |id: &str| {
        state
            .game(id)
            .map(|g| laws_text::side::pairing(&g.setup().white.name, &g.setup().black.name))
            .unwrap_or_else(|| id.to_owned())
    };

    view! {
        <section class="panel pgn-import" aria-labelledby="pgn-import-title">
            <h2 id="pgn-import-title">{t!("Import PGN", "Import PGN")}</h2>
            <p>{t!("Each game of the file becomes a new game on this tablet; a game that cannot be read is named with the reason, and the others are still imported.", "Każda partia z pliku staje się nową partią na tym tablecie; partia, której nie da się odczytać, zostaje wskazana wraz z przyczyną, a pozostałe i tak są importowane.")}</p>
            <div class="actions">
                <label class="button">
                    {t!("Import PGN file", "Importuj plik PGN")}
                    <input class="visually-hidden" type="file" accept=".pgn,application/x-chess-pgn,text/plain" on:change=pick_file />
                </label>
            </div>
            <label class="field">
                <span>{t!("Or paste PGN", "Albo wklej PGN")}</span>
                <textarea rows="5" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
            </label>
            <button type="button" class="button" prop:disabled=move || reading.get() on:click=move |_| import_text(pasted.get_untracked())>{t!("Import pasted PGN", "Importuj wklejony PGN")}</button>
            <Show when=move || reading.get()>
                <p role="status">{t!("Reading the PGN…", "Czytanie PGN…")}</p>
            </Show>
            {move || imported.get().map(|result| view! {
                <div class="import-result">
                    <p role="status">{match result.added.len() {
                        0 => t!("No game was imported.", "Nie zaimportowano żadnej partii.").to_owned(),
                        1 => t!("Imported 1 game:", "Zaimportowano 1 partię:").to_owned(),
                        n => tf!("Imported {n} games:", "Zaimportowano partie ({n}):"),
                    }}</p>
                    <ul>
                        {result.added.iter().map(|id| view! {
                            <li><a href=Route::Review(id.clone()).href()>{title_of(id)}</a></li>
                        }).collect_view()}
                    </ul>
                    {(!result.errors.is_empty()).then(|| view! {
                        <div class="form-error" role="alert">
                            <p>{t!("Not imported:", "Nie zaimportowano:")}</p>
                            <ul>{result.errors.iter().map(|e| view! { <li>{e.clone()}</li> }).collect_view()}</ul>
                        </div>
                    })}
                </div>
            })}
        </section>
    }
}

/// The panel in the screens' module, fetched when the arbiter opens it: the
/// list of games, the first screen, loads without it.
#[leptos::wasm_split::wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
pub fn pgn_import_panel() -> AnyView {
    expect_context::<AppState>().read_games_once();
    view! { <PgnImportPanel /> }.into_any()
}
