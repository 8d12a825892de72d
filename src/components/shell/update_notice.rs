use leptos::prelude::*;
use web_sys::ServiceWorker;

use crate::platform::service_worker;
use crate::t;

/// Offers a new version of the app once it is ready to take over (the
/// `waiting` worker, registered once by the shell); the version in use goes
/// on until the arbiter chooses to reload.
#[component]
pub fn UpdateNotice(waiting: RwSignal<Option<ServiceWorker>, LocalStorage>) -> impl IntoView {
    view! {
        {move || waiting.get().map(|worker| view! {
            <div class="notice update-notice" role="status">
                <p>{t!("A new version of Arbiter is ready. Reloading keeps every game.", "Nowa wersja aplikacji Arbiter jest gotowa. Ponowne wczytanie zachowuje wszystkie partie.")}</p>
                <div class="update-actions">
                    <button class="button primary" on:click=move |_| service_worker::take_over(&worker)>
                        {t!("Reload now", "Wczytaj teraz")}
                    </button>
                    <button class="button" on:click=move |_| waiting.set(None)>{t!("Later", "Później")}</button>
                </div>
            </div>
        })}
    }
}
