use leptos::prelude::*;

use crate::state::AppState;
use crate::t;

/// The result of the last action, until dismissed.
#[component]
pub fn NoticeBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        {move || state.notice.get().map(|notice| {
            let class = if notice.is_error { "notice error" } else { "notice" };
            let role = if notice.is_error { "alert" } else { "status" };
            view! {
                <div class=class role=role>
                    <p>{notice.text}</p>
                    <button class="button" on:click=move |_| state.notice.set(None)>{t!("Dismiss", "Zamknij")}</button>
                </div>
            }
        })}
    }
}
