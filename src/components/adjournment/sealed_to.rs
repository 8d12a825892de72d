use laws::sealing::arbiter_key::Recipient;
use leptos::prelude::*;

use crate::t;

/// Whom an envelope is (or will be) sealed to: each arbiter's name and key
/// fingerprint.
#[component]
pub fn SealedTo(recipients: Vec<Recipient>) -> impl IntoView {
    view! {
        <div class="sealed-to">
            <p>{t!("Sealed to the key of:", "Zapieczętowana dla klucza:")}</p>
            <ul>
                {recipients.into_iter().map(|r| view! {
                    <li><strong>{r.name}</strong> " " <span class="key-fingerprint">{r.fingerprint}</span></li>
                }).collect_view()}
            </ul>
        </div>
    }
}
