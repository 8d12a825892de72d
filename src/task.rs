//! Yielding to the browser: the rest of a piece of work in a task of its own.

use std::future::Future;

use send_wrapper::SendWrapper;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    type MessageChannel;
    #[wasm_bindgen(constructor)]
    fn new() -> MessageChannel;
    #[wasm_bindgen(method, getter)]
    fn port1(this: &MessageChannel) -> MessagePort;
    #[wasm_bindgen(method, getter)]
    fn port2(this: &MessageChannel) -> MessagePort;

    type MessagePort;
    #[wasm_bindgen(method, setter)]
    fn set_onmessage(this: &MessagePort, handler: &js_sys::Function);
    #[wasm_bindgen(method, js_name = postMessage)]
    fn post_message(this: &MessagePort, message: &JsValue);
}

/// Resolves in a new task, once the browser has run what was waiting for
/// the page (a touch, a paint due). By a message, not a timer: timers wait
/// longer in a tab not shown, and not at all under a test's paused clock.
pub fn next_task() -> impl Future<Output = ()> + Send {
    let message = js_sys::Promise::new(&mut |resolve, _| {
        let channel = MessageChannel::new();
        channel.port1().set_onmessage(&resolve);
        channel.port2().post_message(&JsValue::UNDEFINED);
    });
    let message = SendWrapper::new(JsFuture::from(message));
    async move {
        let _ = message.await;
    }
}
