//! A game's tag pairs as read, every name and value in one text.

use std::borrow::Cow;

/// The tags of an imported game, in file order, their values unescaped.
///
/// Kept in one text, not as two strings a tag: a file's tags (16 a game in
/// a TWIC file) were a tenth of its import in wasm, most of it allocating
/// and freeing.
///
/// ```
/// let game = laws::pgn::first_game("[White \"Kowalski, Jan\"]\n[Round \"7\"]\n\n1. e4 *").unwrap().unwrap();
/// assert_eq!(game.tags.get("Round"), Some("7"));
/// assert_eq!(game.tags.get("Black"), None);
/// assert_eq!(game.tags.iter().collect::<Vec<_>>(), [("White", "Kowalski, Jan"), ("Round", "7")]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags {
    text: String,
    /// Where each tag's name ends and its value ends, in `text`.
    ends: Vec<(usize, usize)>,
}

impl Tags {
    /// Adds a tag after the others, as a file writes it: its value with
    /// `\\` and `\"` escaped, invalid UTF-8 in either replaced.
    pub(super) fn push(&mut self, name: &[u8], raw_value: &[u8]) {
        if self.ends.is_empty() {
            // Room for a game's tags at once (a TWIC game's take 300 bytes).
            self.text.reserve(512);
            self.ends.reserve(20);
        }
        self.text.push_str(&lossy_utf8(name));
        let name_end = self.text.len();
        self.text.push_str(&unescape(raw_value));
        self.ends.push((name_end, self.text.len()));
    }

    /// The value of the first tag called `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// Each tag's name and value, in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, end)| {
            let tag = (&self.text[start..name_end], &self.text[name_end..end]);
            start = end;
            tag
        })
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The tags as pairs of their own, as a [`super::Record`] keeps them.
    #[must_use]
    pub fn to_vec(&self) -> Vec<(String, String)> {
        self.iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    }
}

/// Decodes `\\` and `\"` in a tag value, invalid UTF-8 replaced. (pgn-reader
/// 0.29's own decoding loses the backslash of `\\` when an escaped quote
/// follows it.)
fn unescape(raw: &[u8]) -> Cow<'_, str> {
    // Most values have no backslash: read in place.
    if !raw.contains(&b'\\') {
        return lossy_utf8(raw);
    }
    let mut bytes = Vec::with_capacity(raw.len());
    let mut iter = raw.iter().copied().peekable();
    while let Some(b) = iter.next() {
        match (b, iter.peek()) {
            (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                bytes.push(next);
                iter.next();
            }
            _ => bytes.push(b),
        }
    }
    Cow::Owned(lossy_utf8(&bytes).into_owned())
}

/// The bytes as text, invalid UTF-8 replaced: checked at once when valid,
/// as nearly every tag is (`String::from_utf8_lossy` reads it in chunks).
fn lossy_utf8(bytes: &[u8]) -> Cow<'_, str> {
    std::str::from_utf8(bytes).map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Borrowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_unescaped_and_bad_bytes_replaced() {
        let mut tags = Tags::default();
        tags.push(b"Event", br#"a\\\"b\c"#);
        tags.push(b"Site", br"end\");
        tags.push(b"Bad\xff", b"\xfe");
        assert_eq!(
            tags.iter().collect::<Vec<_>>(),
            [
                ("Event", r#"a\"b\c"#),
                ("Site", r"end\"),
                ("Bad\u{fffd}", "\u{fffd}")
            ]
        );
    }

    #[test]
    fn an_empty_name_or_value_keeps_its_place() {
        let mut tags = Tags::default();
        tags.push(b"", b"x");
        tags.push(b"Round", b"");
        tags.push(b"Round", b"2");
        assert_eq!(tags.get(""), Some("x"));
        // The first of two tags of one name, as a reader of the file sees it.
        assert_eq!(tags.get("Round"), Some(""));
        assert_eq!(tags.to_vec()[2], ("Round".to_owned(), "2".to_owned()));
    }
}
