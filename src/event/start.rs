//! What a tablet that joined an event runs: the sync with the event's
//! database, and on the chief arbiter's tablet the live feed. In the
//! screens' module: a tablet on its own never loads it.

use crate::event::{broadcast, couch};
use crate::state::AppState;

/// Starts the event's work on this tablet, once; it stops when the tablet
/// leaves the event.
#[leptos::wasm_split::wasm_split(screens, wasm_split_path = ::leptos::wasm_split)]
pub fn start_sync(state: AppState) {
    state.read_games_once();
    couch::start(state);
    broadcast::start(state);
}
