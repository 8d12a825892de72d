//! How a pairing program's file is written: UTF-8, or Latin-1 as older
//! programs write it. A file goes back out as it came in.

use serde::{Deserialize, Serialize};

/// A file's encoding.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Encoding {
    #[default]
    Utf8,
    /// ISO 8859-1: each byte is the character of that number.
    Latin1,
}

impl Encoding {
    /// The text of `bytes`, and how they were written: UTF-8 when they are
    /// valid UTF-8, else Latin-1 (any bytes are).
    ///
    /// ```
    /// use laws::trf::encoding::Encoding;
    ///
    /// assert_eq!(Encoding::decode(b"M\xfcller".to_vec()), ("Müller".to_owned(), Encoding::Latin1));
    /// assert_eq!(Encoding::decode("Müller".as_bytes().to_vec()), ("Müller".to_owned(), Encoding::Utf8));
    /// ```
    #[must_use]
    pub fn decode(bytes: Vec<u8>) -> (String, Encoding) {
        match String::from_utf8(bytes) {
            Ok(text) => (text, Encoding::Utf8),
            Err(e) => (
                e.into_bytes().into_iter().map(char::from).collect(),
                Encoding::Latin1,
            ),
        }
    }

    /// `text` written in this encoding; a character Latin-1 lacks becomes
    /// `?`.
    ///
    /// ```
    /// use laws::trf::encoding::Encoding;
    ///
    /// assert_eq!(Encoding::Latin1.encode("Müller, Łukasz"), b"M\xfcller, ?ukasz");
    /// assert_eq!(Encoding::Utf8.encode("Müller"), "Müller".as_bytes());
    /// ```
    #[must_use]
    pub fn encode(self, text: &str) -> Vec<u8> {
        match self {
            Encoding::Utf8 => text.as_bytes().to_vec(),
            Encoding::Latin1 => text
                .chars()
                .map(|c| u8::try_from(c).unwrap_or(b'?'))
                .collect(),
        }
    }
}
