use leptos::prelude::*;

use crate::platform::qr::Qr;

/// A QR code as SVG: black modules on white with its quiet zone, sharp at
/// any size, as large as the screen allows (the screen's height less the
/// header): a phone reads it at arm's length. Styled here, not in the
/// first load's style sheet.
#[component]
pub fn QrCode(qr: Qr, label: String) -> impl IntoView {
    let side = qr.side();
    view! {
        <svg class="qr-code" role="img" style="display:block;width:min(100%,calc(100vh - 6rem));height:auto;margin:0.5rem auto;background:#fff" aria-label=label viewBox=format!("0 0 {side} {side}")
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
