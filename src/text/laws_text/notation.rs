//! Appendix E's notation: what the reading of a written move notes.

use crate::t;
use laws::notation::NotationLang;
use shakmaty::Role;

/// A remark on how a legal move was written.
#[must_use]
pub fn note(note: laws::notation::Note) -> &'static str {
    use laws::notation::Note;
    match note {
        Note::CaptureNotMarked => t!("capture not marked", "bicie nieoznaczone"),
        Note::CaptureMarkWithoutCapture => t!(
            "capture mark, but nothing is captured",
            "znak bicia, ale nic nie jest bite"
        ),
        Note::ShortPawnCapture => t!(
            "short pawn capture (file to file)",
            "skrócone bicie pionem (z linii na linię)"
        ),
        Note::OriginNotNeeded => t!(
            "more of the origin written than needed",
            "zapisano więcej pola wyjściowego, niż trzeba"
        ),
        Note::OriginNotCanonical => t!(
            "origin not written as SAN writes it",
            "pole wyjściowe zapisane inaczej niż w SAN"
        ),
        Note::CastlingAsKingMove => t!(
            "castling written as a king move",
            "roszada zapisana jako posunięcie króla"
        ),
        Note::PieceLetterMissing => t!(
            "piece letter missing (square to square)",
            "brak litery bierki (z pola na pole)"
        ),
        Note::CheckNotMarked => t!("check not marked", "szach nieoznaczony"),
        Note::MateNotMarked => t!("checkmate not marked", "mat nieoznaczony"),
        Note::CheckMarkWithoutCheck => {
            t!("check mark, but no check", "znak szacha, ale nie ma szacha")
        }
        Note::MateMarkWithoutMate => t!("mate mark, but no mate", "znak mata, ale nie ma mata"),
        Note::EnPassantMarkWithoutEnPassant => t!(
            "e.p. written, but not an en passant capture",
            "zapisano e.p., ale to nie jest bicie w przelocie"
        ),
        Note::LetterCase => t!(
            "letters read regardless of case",
            "litery odczytane bez względu na wielkość"
        ),
        Note::MoveNumberIgnored => t!("move number ignored", "numer posunięcia pominięty"),
        Note::DrawOffer => t!(
            "draw offer recorded with the move",
            "propozycja remisu zapisana z posunięciem"
        ),
    }
}

/// A notation language as a select offers it: its name and its piece
/// initials, "Polish (K H W G S)".
#[must_use]
pub fn lang_label(lang: NotationLang) -> String {
    let name = match lang {
        NotationLang::En => t!("English", "angielski"),
        NotationLang::De => t!("German", "niemiecki"),
        NotationLang::Pl => t!("Polish", "polski"),
        NotationLang::Fr => t!("French", "francuski"),
        NotationLang::Es => t!("Spanish", "hiszpański"),
        NotationLang::It => t!("Italian", "włoski"),
        NotationLang::Nl => t!("Dutch", "niderlandzki"),
        NotationLang::Ru => t!("Russian", "rosyjski"),
    };
    let initials: Vec<&str> = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]
    .into_iter()
    .map(|role| lang.initial(role))
    .collect();
    format!("{name} ({})", initials.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_show_their_initials() {
        assert_eq!(lang_label(NotationLang::Pl), "Polish (K H W G S)");
        assert_eq!(lang_label(NotationLang::Ru), "Russian (Кр Ф Л С К)");
    }
}
