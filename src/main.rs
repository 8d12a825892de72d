use arbiter::app::App;
use arbiter::platform::next_task::{after_paint_within, next_task};
use arbiter::state::AppState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, VisibilityState};

fn main() {
    console_error_panic_hook::set_once();
    // The app starts once index.html's first paint is on the screen, in
    // tasks of their own: the first thing seen never waits for the app's
    // module, and reading storage, building the shell, and building the
    // screen and showing both are short tasks rather than one long one.
    // (A tab not shown paints nothing: there the app starts at once; a
    // window covered by another may say it is shown and paint nothing:
    // there it starts within a tenth of a second.)
    wasm_bindgen_futures::spawn_local(async {
        if document().visibility_state() == VisibilityState::Visible {
            after_paint_within(100).await;
        }
        let state = AppState::load();
        next_task().await;
        // Built out of sight (`App`), then shown in place of index.html's
        // first paint, in one task: the browser never shows the page
        // without either.
        let root: HtmlElement = document()
            .create_element("div")
            .expect("a page makes elements")
            .unchecked_into();
        root.set_hidden(true);
        document()
            .body()
            .expect("a page has a body")
            .append_child(&root)
            .expect("the body takes the app");
        let shown = {
            let root = root.clone();
            move || {
                if let Some(shell) = document().get_element_by_id("app-shell") {
                    shell.remove();
                }
                root.set_hidden(false);
            }
        };
        leptos::mount::mount_to(
            root,
            move || view! { <App state=state shown=Box::new(shown) /> },
        )
        .forget();
    });
}
