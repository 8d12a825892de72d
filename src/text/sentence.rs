//! A message as a sentence on the screen.
//!
//! The core's errors and their wordings are fragments ("give the reason for
//! the correction"), so that they compose ("Not written: {e}."); a message
//! shown alone is said as a sentence.

/// `text` as a sentence: a capital first letter, and a full stop unless it
/// ends in one (or in `!`, `?`, `…`). A first word that is not all letters
/// (a move, a square, a time: `e4`, `A10:`) keeps its case.
#[must_use]
pub fn sentence(text: &str) -> String {
    let text = text.trim();
    let first_word = text.split([' ', ',', ':']).next().unwrap_or_default();
    let mut out = String::with_capacity(text.len() + 1);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first_word.chars().all(char::is_alphabetic) => {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
        _ => out.push_str(text),
    }
    if !out.is_empty() && !out.ends_with(['.', '!', '?', '…']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sentence;

    #[test]
    fn a_fragment_becomes_a_sentence() {
        assert_eq!(
            sentence("give the reason for the correction"),
            "Give the reason for the correction."
        );
        assert_eq!(
            sentence("żaden zegar nie chodzi"),
            "Żaden zegar nie chodzi."
        );
    }

    #[test]
    fn a_sentence_stays_as_it_is() {
        let done = "Write your move before stopping your clock.";
        assert_eq!(sentence(done), done);
        assert_eq!(sentence("Wrong PIN?"), "Wrong PIN?");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn moves_and_articles_keep_their_case() {
        assert_eq!(sentence("e4 is not a move here"), "e4 is not a move here.");
        assert_eq!(
            sentence("A10: the player is 0:00:05 late"),
            "A10: the player is 0:00:05 late."
        );
        assert_eq!(sentence("box 3, e4"), "Box 3, e4.");
    }
}
