use leptos::prelude::*;

/// The envelope's fingerprint, large enough to read off the tablet and
/// compare with the printout.
#[component]
pub fn Fingerprint(code: String) -> impl IntoView {
    view! {
        <div class="fingerprint">
            <span class="fingerprint-label">"Fingerprint"</span>
            <span class="fingerprint-code" aria-label=format!("Fingerprint {code}")>{code.clone()}</span>
        </div>
    }
}
