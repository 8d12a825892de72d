fn main() {
    console_error_panic_hook::set_once();
    // index.html's first paint gives way to the app in this same task: the
    // browser never shows the page without either.
    if let Some(shell) = leptos::prelude::document().get_element_by_id("app-shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(arbiter::app::App);
}
