use leptos::prelude::*;

use crate::qr::Qr;

/// A QR code as SVG: black modules on white with its quiet zone, sharp at
/// any size; the page's styles make it as large as the screen allows.
#[component]
pub fn QrCode(qr: Qr, label: String) -> impl IntoView {
    let side = qr.side();
    view! {
        <svg class="qr-code" role="img" aria-label=label viewBox=format!("0 0 {side} {side}")
            shape-rendering="crispEdges" data-version=qr.version data-modules=qr.modules>
            <rect width=side height=side fill="#fff" />
            <path d=qr.path fill="#000" />
        </svg>
    }
}

/// The address this app was loaded from, without its fragment: what a link
/// for another device starts with.
#[must_use]
pub fn app_address() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}
