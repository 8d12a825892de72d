//! White and Black, the players and their pieces, in words.

use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};
use laws::game::Side;

/// "Kowalski, Jan – Nowak, Anna": a game named by its players, White first.
#[must_use]
pub fn pairing(white: &str, black: &str) -> String {
    format!("{white} – {black}")
}

/// "White" / "Białe": the side as the subject of a sentence.
#[must_use]
pub fn side(side: Side) -> &'static str {
    match side {
        Side::White => t!("White", "Białe"),
        Side::Black => t!("Black", "Czarne"),
    }
}

/// The side inside a sentence: "White" / "białe" (Polish writes the
/// colours in lower case there).
#[must_use]
pub fn side_in_sentence(side: Side) -> &'static str {
    match side {
        Side::White => t!("White", "białe"),
        Side::Black => t!("Black", "czarne"),
    }
}

/// "White's" / "białych": whose clock, whose move.
#[must_use]
pub fn sides(side: Side) -> &'static str {
    match side {
        Side::White => t!("White's", "białych"),
        Side::Black => t!("Black's", "czarnych"),
    }
}

/// "White" in English, "białych" in Polish: the side named after a noun.
#[must_use]
pub fn sides_plain(side: Side) -> &'static str {
    match lang() {
        UiLang::English => self::side(side),
        UiLang::Polish => sides(side),
    }
}

/// "White's clock" / "zegar białych".
#[must_use]
pub fn clock_of(side: Side) -> String {
    tf!("{} clock", "zegar {}", sides(side))
}

/// A piece's name: "knight" / "skoczek".
#[must_use]
pub fn role(role: shakmaty::Role) -> &'static str {
    use shakmaty::Role;
    match role {
        Role::Pawn => t!("pawn", "pion"),
        Role::Knight => t!("knight", "skoczek"),
        Role::Bishop => t!("bishop", "goniec"),
        Role::Rook => t!("rook", "wieża"),
        Role::Queen => t!("queen", "hetman"),
        Role::King => t!("king", "król"),
    }
}
