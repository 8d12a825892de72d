//! A board diagram of a position, for reading and for paper: where a
//! position matters (resumption, a reinstated position, a missing envelope,
//! the printed envelope), the arbiter sets it up from this, not from a FEN.
//! The FEN is one tap away, for copying into another program, and on paper.

use laws::game::Side;
use leptos::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{File, Setup};

use crate::components::scoresheet::board::{figurine, squares};
use crate::platform::clipboard;
use crate::state::AppState;
use crate::text::i18n::{UiLang, lang};
use crate::text::laws_text;
use crate::{t, tf};

/// Who is to move in `setup`, and at which move: "White to move (move 23)".
fn to_move(setup: &Setup) -> String {
    let side = Side::from(setup.turn);
    let number = setup.fullmoves;
    tf!(
        "{} to move (move {number})",
        "Ruch {} (posunięcie {number})",
        match lang() {
            UiLang::English => laws_text::side::side(side),
            UiLang::Polish => laws_text::side::sides(side),
        }
    )
}

/// The position of `fen` as a diagram, White at the bottom, with the files
/// and ranks named and who is to move; the FEN folded below it.
#[component]
pub fn Diagram(fen: String) -> impl IntoView {
    let Ok(parsed) = fen.parse::<Fen>() else {
        return view! { <p class="fen">{fen}</p> }.into_any();
    };
    let setup = parsed.into_setup();
    let caption = to_move(&setup);
    let cells = squares(false)
        .into_iter()
        .map(|square| {
            let light = (u32::from(square.file()) + u32::from(square.rank())) % 2 == 1;
            let piece = setup.board.piece_at(square);
            let rank_label = (square.file() == File::A).then(|| {
                view! { <span class="diagram-rank">{square.rank().char().to_string()}</span> }
            });
            view! {
                {rank_label}
                <span class=if light { "diagram-square light" } else { "diagram-square dark" }>{piece.map(figurine)}</span>
            }
        })
        .collect_view();
    let files = File::ALL
        .map(|file| view! { <span class="diagram-file">{file.char().to_string()}</span> })
        .into_iter()
        .collect_view();
    let label = format!("{}: {caption}", t!("Diagram", "Diagram"));
    view! {
        <figure class="diagram" role="img" aria-label=label>
            <div class="diagram-board" aria-hidden="true">
                {cells}
                <span class="diagram-corner"></span>
                {files}
            </div>
            <figcaption>{caption}<span class="fen paper-only">{fen.clone()}</span></figcaption>
            <FenToCopy fen=fen />
        </figure>
    }
    .into_any()
}

/// The FEN behind a disclosure: shown whole (it wraps), selected when
/// tapped, and a button that copies it.
#[component]
fn FenToCopy(fen: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let copy = {
        let fen = fen.clone();
        move |_| {
            let fen = fen.clone();
            leptos::task::spawn_local(async move {
                match clipboard::copy(&fen).await {
                    Ok(()) => state.tell(t!(
                        "FEN copied to the clipboard.",
                        "FEN skopiowano do schowka."
                    )),
                    Err(clipboard::NotCopied) => state.warn(t!(
                        "The browser did not allow copying: select the FEN and copy it by hand.",
                        "Przeglądarka nie pozwoliła skopiować: zaznacz FEN i skopiuj go ręcznie."
                    )),
                }
            });
        }
    };
    view! {
        <details class="diagram-fen">
            <summary>{t!("Position as FEN", "Pozycja jako FEN")}</summary>
            <textarea class="fen" readonly rows="2" aria-label=t!("FEN", "FEN")
                on:focus=|ev| {
                    use wasm_bindgen::JsCast;
                    if let Some(area) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
                        area.select();
                    }
                }>{fen}</textarea>
            <button type="button" class="button" on:click=copy>{t!("Copy FEN", "Kopiuj FEN")}</button>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caption_says_who_is_to_move_and_the_move_number() {
        let setup = "8/8/8/8/8/8/8/K6k b - - 0 23"
            .parse::<Fen>()
            .unwrap()
            .into_setup();
        assert_eq!(to_move(&setup), "Black to move (move 23)");
    }
}
