use leptos::prelude::*;

use crate::components::common::modal_keys::ModalKeys;

use crate::t;

/// A question that must be answered before a destructive action.
#[component]
pub fn ConfirmDialog(
    /// Whether the dialog is shown.
    open: RwSignal<bool>,
    question: String,
    confirm_label: &'static str,
    on_confirm: Callback<()>,
    /// What the question is about, shown under it (a diagram).
    #[prop(optional)]
    children: Option<ChildrenFn>,
) -> impl IntoView {
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop">
                <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-question">
                    <ModalKeys on_escape=Callback::new(move |()| open.set(false)) />
                    <p id="confirm-question">{question.clone()}</p>
                    {children.as_ref().map(|about| about())}
                    <div class="actions">
                        <button class="button" autofocus on:click=move |_| open.set(false)>{t!("Cancel", "Anuluj")}</button>
                        <button class="button danger" on:click=move |_| {
                            open.set(false);
                            on_confirm.run(());
                        }>{confirm_label}</button>
                    </div>
                </div>
            </div>
        </Show>
    }
}
