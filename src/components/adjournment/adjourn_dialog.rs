use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::components::common::form_error::FormError;
use crate::platform::local_time::local_datetime_ms;
use crate::t;

/// A1: the arbiter adjourns the game. When it is adjourned before the end
/// of the session he gives the session's nominal end, to which the
/// sealer's time is charged (A1b).
#[component]
pub fn AdjournDialog(
    /// Whether the dialog is shown.
    open: RwSignal<bool>,
    question: String,
    /// Called with the session's nominal end, when one is given.
    on_adjourn: Callback<Option<u64>>,
) -> impl IntoView {
    let session_end = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let adjourn = move |_| {
        let text = session_end.get_untracked();
        let end = local_datetime_ms(&text);
        if end.is_none() && !text.trim().is_empty() {
            error.set(Some(
                t!(
                    "Give the session's end as a date and time, or leave it empty.",
                    "Podaj koniec sesji jako datę i godzinę albo pozostaw to pole puste."
                )
                .into(),
            ));
            return;
        }
        error.set(None);
        open.set(false);
        on_adjourn.run(end);
    };
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop">
                <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="adjourn-question">
                    <p id="adjourn-question">{question.clone()}</p>
                    <Field label=t!("Nominal end of the session, if adjourned before it (A1b)", "Planowy koniec sesji, jeśli partię odłożono przed nim (A1b)").into() value=session_end kind="datetime-local" />
                    <FormError error=error />
                    <div class="actions">
                        <button class="button" autofocus on:click=move |_| open.set(false)>{t!("Cancel", "Anuluj")}</button>
                        <button class="button danger" on:click=adjourn>{t!("Adjourn", "Odłóż partię")}</button>
                    </div>
                </div>
            </div>
        </Show>
    }
}
