//! Claims (9.2, 9.3) and the duty to record (8.4), in words.

use crate::text::i18n::lang;
use crate::{t, tf};

/// Why a draw claim (9.2, 9.3) is right or wrong.
#[must_use]
pub fn claim_reason(reason: &laws::claim::Reason) -> String {
    use laws::claim::Reason;
    match reason {
        Reason::Occurrences { count, .. } => {
            let times = lang().plural(*count as u64, ["time", "times"], ["raz", "razy", "razy"]);
            tf!(
                "the position occurs {count} {times}",
                "pozycja wystąpiła {count} {times}"
            )
        }
        Reason::QuietMoves { halfmoves } => {
            let moves = halfmoves / 2;
            let half_moves = lang().plural(
                u64::from(*halfmoves),
                ["half-move", "half-moves"],
                ["półruch", "półruchy", "półruchów"],
            );
            let each = lang().plural(
                u64::from(moves),
                ["move", "moves"],
                ["posunięcie", "posunięcia", "posunięć"],
            );
            tf!(
                "{halfmoves} {half_moves} ({moves} {each} by each player) without a pawn move or a capture",
                "{halfmoves} {half_moves} ({moves} {each} każdego zawodnika) bez ruchu pionem i bez bicia"
            )
        }
        Reason::IntendedMoveIllegal => t!(
            "the intended move is not legal",
            "zamierzone posunięcie jest nieprawidłowe"
        )
        .to_owned(),
        Reason::GameOver { ending } => tf!(
            "the game had already ended (Article {ending})",
            "partia już się zakończyła (artykuł {ending})"
        ),
    }
}
