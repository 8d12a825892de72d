//! Keeps the tablet's screen on while a clock runs (Screen Wake Lock API).
//!
//! web-sys has the API only behind its unstable flag, so the few calls go
//! through `Reflect`. Browsers without it (or that refuse, e.g. on low
//! battery) simply let the screen sleep: the clock stays exact either way,
//! since it is read from the log and the time.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Function, Promise, Reflect};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

#[derive(Default)]
struct Lock {
    /// The `WakeLockSentinel` while the browser holds the lock.
    sentinel: Option<JsValue>,
    /// A request is on its way (not to ask twice).
    requesting: bool,
    /// Whether the screen should stay on now.
    wanted: bool,
}

type Shared = Rc<RefCell<Lock>>;

fn method(target: &JsValue, name: &str) -> Option<Function> {
    Reflect::get(target, &JsValue::from_str(name))
        .ok()?
        .dyn_into::<Function>()
        .ok()
}

fn request(lock: &Shared) {
    {
        let state = lock.borrow();
        if !state.wanted || state.requesting || state.sentinel.is_some() {
            return;
        }
    }
    let navigator: JsValue = window().navigator().into();
    let Some(wake_lock) = Reflect::get(&navigator, &JsValue::from_str("wakeLock"))
        .ok()
        .filter(|w| !w.is_undefined())
    else {
        return;
    };
    let Some(promise) = method(&wake_lock, "request")
        .and_then(|request| request.call1(&wake_lock, &JsValue::from_str("screen")).ok())
        .and_then(|p| p.dyn_into::<Promise>().ok())
    else {
        return;
    };
    lock.borrow_mut().requesting = true;
    let lock = lock.clone();
    leptos::task::spawn_local(async move {
        let result = JsFuture::from(promise).await;
        let mut state = lock.borrow_mut();
        state.requesting = false;
        if let Ok(sentinel) = result {
            if state.wanted {
                state.sentinel = Some(sentinel);
            } else {
                // The clock stopped while the request was on its way.
                release_sentinel(&sentinel);
            }
        }
    });
}

fn release_sentinel(sentinel: &JsValue) {
    if let Some(release) = method(sentinel, "release") {
        let _ = release.call0(sentinel);
    }
}

fn release(lock: &Shared) {
    if let Some(sentinel) = lock.borrow_mut().sentinel.take() {
        release_sentinel(&sentinel);
    }
}

/// Holds the screen on while `wanted` is true; the browser drops the lock
/// when the page is hidden, so it is asked for again when the page shows.
pub fn keep_screen_awake(wanted: Signal<bool>) {
    let lock: Shared = Rc::default();
    Effect::new({
        let lock = lock.clone();
        move |_| {
            let on = wanted.get();
            lock.borrow_mut().wanted = on;
            if on { request(&lock) } else { release(&lock) }
        }
    });
    let on_visibility = window_event_listener_untyped("visibilitychange", {
        let lock = lock.clone();
        move |_| {
            if document().visibility_state() == web_sys::VisibilityState::Visible {
                // The browser released the old lock when the page was hidden.
                lock.borrow_mut().sentinel = None;
                request(&lock);
            }
        }
    });
    let lock = SendWrapper::new(lock);
    on_cleanup(move || {
        on_visibility.remove();
        lock.borrow_mut().wanted = false;
        release(&lock);
    });
}
