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

    type ResizeObserver;
    #[wasm_bindgen(constructor)]
    fn new(callback: &JsValue) -> ResizeObserver;
    #[wasm_bindgen(method)]
    fn observe(this: &ResizeObserver, target: &web_sys::Element);
    #[wasm_bindgen(method)]
    fn disconnect(this: &ResizeObserver);
}

/// Calls `resolve` in a task of its own, by a message.
fn post(resolve: &js_sys::Function) {
    let channel = MessageChannel::new();
    channel.port1().set_onmessage(resolve);
    channel.port2().post_message(&JsValue::UNDEFINED);
}

/// Resolves in a new task, once the browser has run what was waiting for
/// the page (a touch, a paint due). By a message, not a timer: timers wait
/// longer in a tab not shown, and not at all under a test's paused clock.
pub fn next_task() -> impl Future<Output = ()> + Send {
    let message = js_sys::Promise::new(&mut |resolve, _| post(&resolve));
    let message = SendWrapper::new(JsFuture::from(message));
    async move {
        let _ = message.await;
    }
}

/// Resolves once the page has painted what it has built so far: a resize
/// observer's first call comes in the next frame's rendering, and the
/// message it sends is taken after that frame's paint. (Not a frame
/// callback: those never come under a test's paused clock.) In a tab not
/// shown, nothing is painted, and this waits until it is.
pub fn after_paint() -> impl Future<Output = ()> + Send {
    let painted = SendWrapper::new(JsFuture::from(painted()));
    async move {
        let _ = painted.await;
    }
}

/// As [`after_paint`], but no longer than `most_ms`: a window that says it
/// is shown may still not be painted (covered by another window), and what
/// waits here must come all the same.
pub fn after_paint_within(most_ms: i32) -> impl Future<Output = ()> + Send {
    let timeout = js_sys::Promise::new(&mut |resolve, _| {
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, most_ms);
    });
    let either = js_sys::Promise::race(&js_sys::Array::of2(&painted(), &timeout));
    let either = SendWrapper::new(JsFuture::from(either));
    async move {
        let _ = either.await;
    }
}

/// A promise resolved once the page has painted (see [`after_paint`]).
fn painted() -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, _| {
        let Some(page) = leptos::prelude::document().document_element() else {
            post(&resolve);
            return;
        };
        let observed = Closure::once_into_js(move |_: JsValue, observer: ResizeObserver| {
            observer.disconnect();
            post(&resolve);
        });
        ResizeObserver::new(&observed).observe(&page);
    })
}
