//! Which of many elements are on the screen or near it (within a screen's
//! height above or below): one `IntersectionObserver` watches them all,
//! and each element's answer is a signal of its own, so that work for what
//! nobody can see waits until it is scrolled towards. The margin has it
//! done before the element comes into sight.

use std::collections::HashMap;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

/// Elements watched by one observer, each known by its value of an
/// attribute; the observer stops with the owner that made it.
#[derive(Clone, Copy)]
pub struct OnScreen {
    key: &'static str,
    observer: StoredValue<Option<Observer>, LocalStorage>,
    watched: StoredValue<HashMap<String, RwSignal<bool>>, LocalStorage>,
}

/// The observer and the callback it calls, which lives as long as it.
struct Observer {
    observer: IntersectionObserver,
    _callback: Closure<dyn Fn(js_sys::Array)>,
}

impl Drop for Observer {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

impl OnScreen {
    /// An observer of elements named by their attribute `key`.
    #[must_use]
    pub fn new(key: &'static str) -> OnScreen {
        let watched = StoredValue::new_local(HashMap::<String, RwSignal<bool>>::new());
        let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            for entry in entries.iter() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                let Some(name) = entry.target().get_attribute(key) else {
                    continue;
                };
                if let Some(seen) = watched.with_value(|w| w.get(&name).copied()) {
                    seen.set(entry.is_intersecting());
                }
            }
        });
        let near = IntersectionObserverInit::new();
        near.set_root_margin("100% 0px");
        let observer =
            IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &near)
                .ok()
                .map(|observer| Observer {
                    observer,
                    _callback: callback,
                });
        OnScreen {
            key,
            observer: StoredValue::new_local(observer),
            watched,
        }
    }

    /// Sets `seen` whenever `element` comes on or goes off the screen, until
    /// the current owner is cleaned up. Where the browser has no observer,
    /// every element counts as seen.
    pub fn watch(self, element: &Element, seen: RwSignal<bool>) {
        let (Some(name), true) = (
            element.get_attribute(self.key),
            self.observer.with_value(Option::is_some),
        ) else {
            seen.set(true);
            return;
        };
        self.watched
            .update_value(|w| _ = w.insert(name.clone(), seen));
        self.observer.with_value(|o| {
            if let Some(o) = o {
                o.observer.observe(element);
            }
        });
        let element = SendWrapper::new(element.clone());
        on_cleanup(move || {
            self.observer.try_with_value(|o| {
                if let Some(o) = o {
                    o.observer.unobserve(&element);
                }
            });
            // A new element of the same name may have taken its place.
            self.watched.try_update_value(|w| {
                if w.get(&name) == Some(&seen) {
                    w.remove(&name);
                }
            });
        });
    }
}
