//! Writing a move: canonical SAN with the initials of a language, or with
//! figurines.

use shakmaty::{Chess, Color, Move, Position, Role, san::San, san::SanPlus, san::Suffix};

use super::NotationLang;

/// The canonical SAN of `mv` in `position`, with the piece initials of
/// `lang`: disambiguation only where needed, `x` for captures, `=` before a
/// promotion piece, `+` or `#` after, castling as `O-O` / `O-O-O` (the
/// letter, as PGN writes it; Appendix E accepts both).
///
/// `mv` should be legal in `position` (as every move in a [`MoveReading::Legal`]
/// is); for any other move the text is what SAN would write were it legal.
///
/// [`MoveReading::Legal`]: super::MoveReading::Legal
///
/// ```
/// use laws::notation::{write, NotationLang};
/// use shakmaty::{Chess, Move, Role, Square};
///
/// let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(write(&Chess::default(), &nf3, NotationLang::En), "Nf3");
/// assert_eq!(write(&Chess::default(), &nf3, NotationLang::De), "Sf3");
/// assert_eq!(write(&Chess::default(), &nf3, NotationLang::Fr), "Cf3");
/// assert_eq!(write(&Chess::default(), &nf3, NotationLang::Ru), "Кf3");
/// ```
#[must_use]
pub fn write(position: &Chess, mv: &Move, lang: NotationLang) -> String {
    render(position, mv, |role| lang.initial(role))
}

/// The canonical SAN of `mv` with figurines (♘f3), drawn in the colour of
/// the side that moves (♞f6 for Black).
///
/// ```
/// use laws::notation::write_figurine;
/// use shakmaty::{Chess, Move, Role, Square};
///
/// let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(write_figurine(&Chess::default(), &nf3), "♘f3");
/// ```
#[must_use]
pub fn write_figurine(position: &Chess, mv: &Move) -> String {
    let white = position.turn() == Color::White;
    render(position, mv, |role| match (role, white) {
        (Role::King, true) => "♔",
        (Role::Queen, true) => "♕",
        (Role::Rook, true) => "♖",
        (Role::Bishop, true) => "♗",
        (Role::Knight, true) => "♘",
        (Role::King, false) => "♚",
        (Role::Queen, false) => "♛",
        (Role::Rook, false) => "♜",
        (Role::Bishop, false) => "♝",
        (Role::Knight, false) => "♞",
        (Role::Pawn, _) => "",
    })
}

fn render(position: &Chess, mv: &Move, initial: impl Fn(Role) -> &'static str) -> String {
    let SanPlus { san, suffix } = SanPlus::from_move(position.clone(), *mv);
    let mut out = String::new();
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            out.push_str(initial(role));
            out.extend(file.map(|f| f.char()));
            out.extend(rank.map(|r| r.char()));
            if capture {
                out.push('x');
            }
            out.push_str(&to.to_string());
            if let Some(p) = promotion {
                out.push('=');
                out.push_str(initial(p));
            }
        }
        // Put and null moves do not occur in chess; SAN's own text serves.
        other => out.push_str(&other.to_string()),
    }
    match suffix {
        Some(Suffix::Check) => out.push('+'),
        Some(Suffix::Checkmate) => out.push('#'),
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_position::position;

    #[test]
    fn promotion_capture_and_mate_in_each_language() {
        // White pawn b7 takes the rook on a8, promoting to a queen: mate.
        let pos = position("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let mv = Move::Normal {
            role: Role::Pawn,
            from: shakmaty::Square::B7,
            capture: Some(Role::Rook),
            to: shakmaty::Square::A8,
            promotion: Some(Role::Queen),
        };
        let expected = [
            (NotationLang::En, "bxa8=Q+"),
            (NotationLang::De, "bxa8=D+"),
            (NotationLang::Pl, "bxa8=H+"),
            (NotationLang::Fr, "bxa8=D+"),
            (NotationLang::Es, "bxa8=D+"),
            (NotationLang::It, "bxa8=D+"),
            (NotationLang::Nl, "bxa8=D+"),
            (NotationLang::Ru, "bxa8=Ф+"),
        ];
        for (lang, san) in expected {
            assert_eq!(write(&pos, &mv, lang), san, "{lang}");
        }
        assert_eq!(write_figurine(&pos, &mv), "bxa8=♕+");
    }

    #[test]
    fn castling_and_king_moves() {
        let pos = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let castle = Move::Castle {
            king: shakmaty::Square::E1,
            rook: shakmaty::Square::H1,
        };
        assert_eq!(write(&pos, &castle, NotationLang::Ru), "O-O");
        let king = Move::Normal {
            role: Role::King,
            from: shakmaty::Square::E1,
            capture: None,
            to: shakmaty::Square::D2,
            promotion: None,
        };
        assert_eq!(write(&pos, &king, NotationLang::Ru), "Крd2");
        assert_eq!(write(&pos, &king, NotationLang::Fr), "Rd2");
    }
}
