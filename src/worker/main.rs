//! The worker: the work too long for the UI thread
//! (`arbiter::worker::analysis::answer`): the full unwinnability analysis of a
//! position, and reading a PGN text into games.

use arbiter::worker::analysis::{READY, Request, answer};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        // A message that is not a request has no id to answer to.
        let Some(request) = event
            .data()
            .as_string()
            .and_then(|text| serde_json::from_str::<Request>(&text).ok())
        else {
            return;
        };
        if let Ok(json) = serde_json::to_string(&answer(&request)) {
            let _ = replies.post_message(&JsValue::from_str(&json));
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Answers messages for as long as the worker lives.
    on_message.forget();
    // Messages posted before this point were lost: the page waits for this.
    let _ = scope.post_message(&JsValue::from_str(READY));
}
