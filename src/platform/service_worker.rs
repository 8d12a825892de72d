//! The service worker (`sw.js`, written into the build by
//! `scripts/precache.mjs`): registered so that the app starts and works
//! with no network, and watched for a new version to offer.
//!
//! Only release builds register it: `trunk serve` and the tests build in
//! debug, where a worker answering from its cache would hide each rebuild.

use std::rc::Rc;

use js_sys::Reflect;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
    VisibilityState,
};

/// The message that makes a waiting version take over (see `public/sw.js`).
const TAKE_OVER: &str = "activate";

/// The browser's service workers; none outside a secure context (plain
/// http from another machine, a file).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = window().navigator();
    Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Registers the service worker, and calls `offer` with each new version
/// once it is installed and waits to replace the one serving this page.
pub fn register(offer: impl Fn(ServiceWorker) + 'static) {
    if cfg!(debug_assertions) {
        return;
    }
    let Some(container) = container() else {
        return;
    };
    leptos::task::spawn_local(async move {
        // Nothing when the browser refuses, or gives no registration (one
        // blocking service workers resolves with nothing).
        let Some(registration) = JsFuture::from(container.register("./sw.js"))
            .await
            .ok()
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
        else {
            return;
        };
        // Without a controller this is the first version: nothing to replace.
        let offer = Rc::new(move |worker: ServiceWorker| {
            if container.controller().is_some() {
                offer(worker);
            }
        });
        if let Some(waiting) = registration.waiting() {
            offer(waiting);
        }
        // A version may be installing already, found before we listened.
        if let Some(installing) = registration.installing() {
            offer_when_installed(installing, offer.clone());
        }
        let on_update_found = Closure::<dyn Fn()>::new({
            let registration = registration.clone();
            move || {
                if let Some(installing) = registration.installing() {
                    offer_when_installed(installing, offer.clone());
                }
            }
        });
        registration.set_onupdatefound(Some(on_update_found.as_ref().unchecked_ref()));
        // Kept for the life of the page, as the registration is.
        on_update_found.forget();
        // A tablet stays open all day: look again each time it is woken
        // (for the life of the page, as above).
        let _ = window_event_listener_untyped("visibilitychange", move |_| {
            if document().visibility_state() == VisibilityState::Visible {
                let _ = registration.update();
            }
        });
    });
}

/// Calls `offer` with `worker` once it has cached its build and waits.
fn offer_when_installed(worker: ServiceWorker, offer: Rc<impl Fn(ServiceWorker) + 'static>) {
    let installing = worker.clone();
    let on_state_change = Closure::<dyn Fn()>::new(move || {
        if installing.state() == ServiceWorkerState::Installed {
            offer(installing.clone());
        }
    });
    worker.set_onstatechange(Some(on_state_change.as_ref().unchecked_ref()));
    // Kept for as long as the worker may change state.
    on_state_change.forget();
}

/// Makes the waiting version `worker` take over, then reloads the page into it.
pub fn take_over(worker: &ServiceWorker) {
    let reload = || {
        let _ = window().location().reload();
    };
    match container() {
        Some(container) if worker.state() == ServiceWorkerState::Installed => {
            container.set_oncontrollerchange(Some(Closure::once_into_js(reload).unchecked_ref()));
            let _ = worker.post_message(&JsValue::from_str(TAKE_OVER));
        }
        // Another tab has made it (or a newer one) take over already.
        _ => reload(),
    }
}
