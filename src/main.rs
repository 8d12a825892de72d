use arbiter::app::App;
use arbiter::platform::next_task::{after_paint_within, next_task};
use arbiter::state::AppState;
use leptos::prelude::*;
use web_sys::VisibilityState;

fn main() {
    console_error_panic_hook::set_once();
    // The app starts once index.html's first paint is on the screen, in
    // tasks of their own: the first thing seen never waits for the app's
    // module, and reading storage and building the app are two short tasks
    // rather than one long one. (A tab not shown paints nothing: there the
    // app starts at once; a window covered by another may say it is shown
    // and paint nothing: there it starts within a tenth of a second.)
    wasm_bindgen_futures::spawn_local(async {
        if document().visibility_state() == VisibilityState::Visible {
            after_paint_within(100).await;
        }
        let state = AppState::load();
        next_task().await;
        // index.html's first paint gives way to the app in this same task:
        // the browser never shows the page without either.
        if let Some(shell) = document().get_element_by_id("app-shell") {
            shell.remove();
        }
        leptos::mount::mount_to_body(move || view! { <App state=state /> });
    });
}
