//! A chessboard: 64 buttons named for screen readers ("e4, white knight"),
//! a move made by tapping two squares or by dragging, and a flip.

use leptos::prelude::*;
use shakmaty::{Color, File, Piece, Rank, Role, Square};
use wasm_bindgen::JsCast;

use crate::text::laws_text;
use crate::{t, tf};

/// The squares in reading order: rank 8 first, or rank 1 when flipped.
pub fn squares(flipped: bool) -> Vec<Square> {
    let mut all: Vec<Square> = (0..8u32)
        .rev()
        .flat_map(|rank| {
            (0..8u32).map(move |file| Square::from_coords(File::new(file), Rank::new(rank)))
        })
        .collect();
    if flipped {
        all.reverse();
    }
    all
}

/// What a screen reader says for a square: "e4, white knight", "e5, empty".
pub fn square_name(square: Square, piece: Option<Piece>) -> String {
    match piece {
        None => tf!("{square}, empty", "{square}, puste"),
        Some(piece) => format!(
            "{square}, {} {}",
            color_name(piece.color, piece.role),
            laws_text::side::role(piece.role)
        ),
    }
}

/// The colour before the piece's name ("biały pion", "biała wieża" in
/// Polish, where it agrees with the piece).
fn color_name(color: Color, role: Role) -> &'static str {
    let feminine = matches!(role, Role::Rook);
    match (color, feminine) {
        (Color::White, false) => t!("white", "biały"),
        (Color::White, true) => t!("white", "biała"),
        (Color::Black, false) => t!("black", "czarny"),
        (Color::Black, true) => t!("black", "czarna"),
    }
}

/// The piece as a chess figurine (♘, ♞...).
pub fn figurine(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The square `element` is, or is in, if it is one of the board's.
fn square_of(element: &web_sys::Element) -> Option<Square> {
    element
        .closest("[data-square]")
        .ok()??
        .get_attribute("data-square")?
        .parse()
        .ok()
}

/// The square under a point of the screen.
fn square_at(x: i32, y: i32) -> Option<Square> {
    square_of(&document().element_from_point(x as f32, y as f32)?)
}

/// The element an event came from.
fn target_of(ev: &web_sys::Event) -> Option<web_sys::Element> {
    ev.target()?.dyn_into().ok()
}

/// The board showing the pieces of `position`. With `on_move`, tapping two squares (or
/// dragging from one to another) reports the pair, whatever it is.
#[component]
pub fn Board(
    #[prop(into)] position: Signal<shakmaty::Board>,
    #[prop(into)] flipped: Signal<bool>,
    #[prop(optional)] on_move: Option<Callback<(Square, Square)>>,
) -> impl IntoView {
    let selected = RwSignal::new(None::<Square>);
    let drag_from = RwSignal::new(None::<Square>);
    let movable = on_move.is_some();
    let report = move |from: Square, to: Square| {
        selected.set(None);
        if let Some(on_move) = on_move {
            on_move.run((from, to));
        }
    };
    let tap = move |square: Square| match selected.get_untracked() {
        None => selected.set(Some(square)),
        Some(from) if from == square => selected.set(None),
        Some(from) => report(from, square),
    };
    let pointer_up = move |ev: leptos::ev::PointerEvent| {
        let Some(from) = drag_from.get_untracked() else {
            return;
        };
        drag_from.set(None);
        if let Some(to) = square_at(ev.client_x(), ev.client_y()).filter(|to| *to != from) {
            report(from, to);
        }
    };
    // A tap and the start of a drag are taken by the board, not by each
    // of its 64 squares: the square is the one the event came from.
    let click = move |ev: leptos::ev::MouseEvent| {
        if let Some(square) = target_of(&ev).as_ref().and_then(square_of) {
            tap(square);
        }
    };
    let pointer_down = move |ev: leptos::ev::PointerEvent| {
        if !movable || !ev.is_primary() {
            return;
        }
        if let Some(target) = target_of(&ev) {
            // Let the pointer leave the square: the drop is found by position.
            let _ = target.release_pointer_capture(ev.pointer_id());
            drag_from.set(square_of(&target));
        }
    };
    let cells = move || {
        let flipped = flipped.get();
        position.with(|pos| {
            squares(flipped)
                .into_iter()
                .map(|square| {
                    let piece = pos.piece_at(square);
                    let light = (u32::from(square.file()) + u32::from(square.rank())) % 2 == 1;
                    let class = move || {
                        let mut class = String::from(if light { "square light" } else { "square dark" });
                        if selected.get() == Some(square) {
                            class.push_str(" selected");
                        }
                        class
                    };
                    view! {
                        <button
                            type="button"
                            class=class
                            data-square=square.to_string()
                            aria-label=square_name(square, piece)
                            aria-pressed=movable.then_some(move || (selected.get() == Some(square)).to_string())
                            disabled=!movable
                        >
                            <span class=piece.map(|p| if p.color == Color::White { "piece white" } else { "piece black" }) aria-hidden="true">
                                {piece.map(figurine)}
                            </span>
                        </button>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="board" class:flipped=flipped role="group" aria-label=t!("Chessboard", "Szachownica")
            on:click=click on:pointerdown=pointer_down on:pointerup=pointer_up>
            {cells}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    fn piece(pos: &Chess, square: Square) -> Option<Piece> {
        pos.board().piece_at(square)
    }

    #[test]
    fn squares_read_from_a8_or_from_h1_when_flipped() {
        assert_eq!(squares(false)[0], Square::A8);
        assert_eq!(squares(false)[63], Square::H1);
        assert_eq!(squares(true)[0], Square::H1);
    }

    #[test]
    fn squares_are_named_with_their_piece() {
        let pos = Chess::default();
        assert_eq!(
            square_name(Square::G1, piece(&pos, Square::G1)),
            "g1, white knight"
        );
        assert_eq!(square_name(Square::E4, None), "e4, empty");
    }
}
