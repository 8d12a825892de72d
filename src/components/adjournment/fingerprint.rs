use leptos::prelude::*;

use crate::{t, tf};

/// The envelope's fingerprint, large enough to read off the tablet and
/// compare with the printout.
#[component]
pub fn Fingerprint(code: String) -> impl IntoView {
    view! {
        <div class="fingerprint">
            <span class="fingerprint-label">{t!("Fingerprint", "Odcisk koperty")}</span>
            <span class="fingerprint-code" aria-label=tf!("Fingerprint {code}", "Odcisk koperty {code}")>{code.clone()}</span>
        </div>
    }
}
