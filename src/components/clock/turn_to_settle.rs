use laws::game::Side;
use laws::intervention::TurnToSettle;
use leptos::prelude::*;

use crate::text::laws_text::side::side_in_sentence;
use crate::{t, tf};

/// The question the arbiter settles after swapping the clock's halves,
/// with what the clock and the scoresheet each say.
fn question(turn: TurnToSettle) -> String {
    let clock = side_in_sentence(turn.clock);
    let recorded = side_in_sentence(turn.recorded());
    match (turn.sheet, turn.recorded() == turn.clock) {
        (Some(_), false) => tf!(
            "The halves are swapped: the clock now marks {clock} to move, but the scoresheet shows {recorded} to move. Whose move is it?",
            "Połowy zamienione: zegar wskazuje teraz, że na posunięciu są {clock}, a blankiet, że {recorded}. Czyje jest posunięcie?"
        ),
        (None, false) => tf!(
            "The halves are swapped: the clock now marks {clock} to move, but its move counts show {recorded} to move. Whose move is it?",
            "Połowy zamienione: zegar wskazuje teraz, że na posunięciu są {clock}, a liczniki posunięć, że {recorded}. Czyje jest posunięcie?"
        ),
        (_, true) => tf!(
            "The halves are swapped: the clock now marks {clock} to move, as the game's record does. Whose move is it?",
            "Połowy zamienione: zegar wskazuje teraz, że na posunięciu są {clock}, zgodnie z zapisem partii. Czyje jest posunięcie?"
        ),
    }
}

/// In the arbiter's menu: whose move it is, settled with one tap.
#[component]
pub fn SettleTurn(turn: Signal<Option<TurnToSettle>>, on_settle: Callback<Side>) -> impl IntoView {
    let button = move |side: Side| {
        let suggested = move || turn.with(|t| t.map(|t| t.recorded()) == Some(side));
        view! {
            <button class="button" class:primary=suggested on:click=move |_| on_settle.run(side)>
                {tf!("{} to move", "Na posunięciu {}", side_in_sentence(side))}
            </button>
        }
    };
    move || {
        turn.get().map(|turn| {
            view! {
                <section class="settle-turn" role="alert">
                    <h3>{t!("Whose move is it?", "Czyje posunięcie?")}</h3>
                    <p>{question(turn)}</p>
                    <div class="actions">{button(Side::White)}{button(Side::Black)}</div>
                </section>
            }
        })
    }
}

/// On the clock's screen, while the menu is closed: the question still
/// open, short enough for a phone's clock bar (the menu gives it whole).
#[component]
pub fn TurnNotice(turn: Signal<Option<TurnToSettle>>) -> impl IntoView {
    move || {
        turn.with(Option::is_some).then(|| {
            view! {
                <p class="mode-banner turn-notice" role="alert">
                    {t!(
                        "The halves are swapped. Whose move is it? Settle it in the arbiter's menu.",
                        "Połowy zamienione. Czyje jest posunięcie? Rozstrzygnij to w menu sędziego."
                    )}
                </p>
            }
        })
    }
}
