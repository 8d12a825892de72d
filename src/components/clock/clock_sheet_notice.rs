use laws::intervention::Disagreement;
use leptos::prelude::*;

use crate::tf;

/// Tells the arbiter that the clock's count of half-moves (its presses) and
/// the scoresheet's are more than one apart: the clock readings cannot be
/// matched to the moves until the two agree.
#[component]
pub fn ClockSheetNotice(disagreement: Option<Disagreement>) -> impl IntoView {
    disagreement.map(|Disagreement { clock, sheet }| {
        view! {
            <p class="mode-banner clock-sheet-notice" role="alert">
                {tf!(
                    "The clock and the scoresheet disagree. Half-moves on the clock: {clock}; on the scoresheet: {sheet}. Check the scoresheet with the players; a ruling cannot put back the clocks from presses it cannot match to the moves.",
                    "Zegar i blankiet się nie zgadzają. Półruchy według zegara: {clock}; według blankietu: {sheet}. Sprawdź blankiet z zawodnikami; decyzja nie przywróci czasów z naciśnięć, których nie da się przyporządkować posunięciom."
                )}
            </p>
        }
    })
}
