//! Printing: a screen offers printouts (the scoresheet, the game report, an
//! envelope); the one chosen is named on the page's root element, and the
//! print stylesheet (style/print.css) shows it alone on paper.

use leptos::prelude::*;

/// What a printout is, as the stylesheet names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printout {
    Scoresheet,
    GameReport,
    Envelope,
}

impl Printout {
    fn name(self) -> &'static str {
        match self {
            Printout::Scoresheet => "sheet",
            Printout::GameReport => "report",
            Printout::Envelope => "envelope",
        }
    }
}

/// Prints `printout`. It stays chosen while the screen is shown, so the
/// browser's own Print prints it again; [`forget`] clears it.
pub fn print(printout: Printout) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-print", printout.name());
    }
    let _ = window().print();
}

/// No printout chosen: the browser prints the screen as it is, without its
/// controls (another screen is shown).
pub fn forget() {
    if let Some(root) = document().document_element() {
        let _ = root.remove_attribute("data-print");
    }
}
