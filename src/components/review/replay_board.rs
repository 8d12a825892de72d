//! A replay on its board: the board at the move shown, the buttons (and
//! the arrow keys) that step through the game, and the list of moves, in
//! which a tap goes to that move.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::review::replay::Replay;
use crate::components::scoresheet::board::Board;
use crate::components::scoresheet::move_list::MoveList;
use crate::text::laws_text;
use crate::{t, tf};

/// `replay` on its board, at move `ply` (`usize::MAX`: the last), `flipped`
/// or not; `children` go under the moves.
#[component]
pub fn ReplayBoard(
    #[prop(into)] replay: Signal<Replay>,
    ply: RwSignal<usize>,
    flipped: RwSignal<bool>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let count = move || replay.with(|r| r.cells.len());
    let shown = move || ply.get().min(count());
    let go = move |to: usize| ply.set(to.min(count()));
    let board = Signal::derive(move || {
        let at = shown();
        replay.with(|r| r.boards.get(at).cloned().unwrap_or_default())
    });
    let cells = Memo::new(move |_| replay.with(|r| r.cells.clone()));
    let selected = Signal::derive(move || shown().checked_sub(1));

    let keys = window_event_listener(ev::keydown, move |e| {
        let typing = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        let at = shown();
        match e.key().as_str() {
            "ArrowLeft" => go(at.saturating_sub(1)),
            "ArrowRight" => go(at + 1),
            "Home" => go(0),
            "End" => go(usize::MAX),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());

    view! {
        <div class="sheet-layout">
            <div class="sheet-board">
                <Board position=board flipped=flipped />
                <p class="board-caption" aria-live="polite">{move || {
                    let at = shown();
                    match at.checked_sub(1).and_then(|i| cells.with(|m| m.get(i).cloned())) {
                        None => t!("Start position", "Pozycja wyjściowa").to_owned(),
                        Some(cell) => tf!("After {} {}", "Po {} {}", cell.slot, cell.text),
                    }
                }}</p>
                <div class="actions steps" role="group" aria-label=t!("Step through the game", "Przeglądanie partii ruch po ruchu")>
                    <button type="button" class="button" aria-label=t!("Go to the start", "Przejdź na początek") on:click=move |_| go(0)>{t!("Start", "Początek")}</button>
                    <button type="button" class="button" aria-label=t!("One move back", "Jedno posunięcie wstecz") on:click=move |_| go(shown().saturating_sub(1))>"◀"</button>
                    <button type="button" class="button" aria-label=t!("One move forward", "Jedno posunięcie naprzód") on:click=move |_| go(shown() + 1)>"▶"</button>
                    <button type="button" class="button" aria-label=t!("Go to the end", "Przejdź na koniec") on:click=move |_| go(usize::MAX)>{t!("End", "Koniec")}</button>
                    <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>{t!("Flip board", "Obróć szachownicę")}</button>
                </div>
            </div>
            <div class="sheet-side">
                <MoveList cells=cells selected=selected on_select=Callback::new(move |i: usize| go(i + 1)) label=t!("Moves", "Posunięcia") />
                {move || replay.with(|r| r.stopped_at).map(|slot| view! {
                    <p class="irregularity-summary">{tf!("The moves stop before {slot} {}: the sheet cannot be read from there. The arbiter's check shows why.", "Posunięcia kończą się przed {slot} {}: od tego miejsca blankietu nie da się odczytać. Kontrola sędziego pokazuje dlaczego.", laws_text::side::side(slot.side))}</p>
                })}
                {children.map(|children| children())}
            </div>
        </div>
    }
}
