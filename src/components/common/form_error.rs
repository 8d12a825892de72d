use leptos::prelude::*;

use crate::text::sentence::sentence;

/// A form's refusal, when there is one, said as a sentence and announced
/// (`role="alert"`).
#[component]
pub fn FormError(#[prop(into)] error: Signal<Option<String>>) -> impl IntoView {
    move || {
        error
            .get()
            .map(|e| view! { <p class="form-error" role="alert">{sentence(&e)}</p> })
    }
}
