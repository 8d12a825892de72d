//! The articles of the Laws the rulings cite, as a type: a ruling names its
//! article by a variant, so a mistyped article does not compile, and a new
//! one has no words in the app until it is given some.
//!
//! Each is written, shown and serialised as printed in the Laws: `"6.10"`,
//! `"A9b"`. Numbered articles are `Art` and the number, the point as `_`
//! (`Art6_10`); the appendices' articles are their own names (`A9b`, `B7`).
//!
//! ```
//! use laws::article::Article;
//!
//! assert_eq!(Article::Art6_10.to_string(), "6.10");
//! assert_eq!("A9b".parse::<Article>(), Ok(Article::A9b));
//! assert!("A9z".parse::<Article>().is_err());
//! assert_eq!(serde_json::to_string(&Article::Art7_1a).unwrap(), r#""7.1a""#);
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! articles {
    ($($(#[$doc:meta])* $variant:ident = $printed:literal,)*) => {
        /// An article of the Laws a ruling cites.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Article {
            $($(#[$doc])* $variant,)*
        }

        impl Article {
            /// Every article, in the order of the Laws.
            pub const ALL: &'static [Article] = &[$(Article::$variant,)*];

            /// The article as printed: `"6.10"`, `"A9b"`.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Article::$variant => $printed,)*
                }
            }
        }
    };
}

articles! {
    /// Touch move: the touched own piece is moved.
    Art4_3a = "4.3a",
    /// Touch move: the touched opponent's piece is captured.
    Art4_3b = "4.3b",
    /// Touch move: one piece of each colour touched.
    Art4_3c = "4.3c",
    /// Touch move: a piece touched and then moved or released.
    Art4_5 = "4.5",
    /// Checkmate ends the game.
    Art5_1a = "5.1a",
    /// A player resigns.
    Art5_1b = "5.1b",
    /// Stalemate ends the game: draw.
    Art5_2a = "5.2a",
    /// A dead position ends the game: draw.
    Art5_2b = "5.2b",
    /// Flag fall, in the Laws' own numbering.
    Art6_9 = "6.9",
    /// Flag fall, as some printings of Appendix A refer to it.
    Art6_10 = "6.10",
    /// The clock set wrongly.
    Art6_13 = "6.13",
    /// The initial position was incorrect: a new game.
    Art7_1a = "7.1a",
    /// The board placed wrongly.
    Art7_1b = "7.1b",
    /// The game started with the colours reversed.
    Art7_2 = "7.2",
    /// Pieces displaced.
    Art7_3 = "7.3",
    /// An illegal move.
    Art7_4 = "7.4",
    /// A later illegal move by the same player (2009).
    Art7_4b = "7.4b",
    /// An illegal move (later editions' numbering).
    Art7_5 = "7.5",
    /// A later illegal move by the same player (later editions).
    Art7_5b = "7.5b",
    /// The duty to record.
    Art8_1 = "8.1",
    /// Relieved of recording under five minutes.
    Art8_4 = "8.4",
    /// A draw agreed.
    Art9_1 = "9.1",
    /// Threefold repetition.
    Art9_2 = "9.2",
    /// The 50-move rule.
    Art9_3 = "9.3",
    /// A dead position.
    Art9_6 = "9.6",
    /// A draw claimed in the quickplay finish.
    Art10_2 = "10.2",
    /// Adjourning: the move sealed.
    A1a = "A1a",
    /// The sealed move stands.
    A1b = "A1b",
    /// The envelope and what is written on it.
    A2 = "A2",
    /// The arbiter checks the envelope and keeps it.
    A3 = "A3",
    /// A draw offer after sealing.
    A4 = "A4",
    /// Resumption: position and clocks as at the adjournment.
    A5 = "A5",
    /// A draw agreed or a resignation before resumption.
    A6 = "A6",
    /// The envelope opened only with the replier present.
    A7 = "A7",
    /// The sealed move is ambiguous.
    A8a = "A8a",
    /// The sealed move cannot be read.
    A8b = "A8b",
    /// The sealed move is illegal.
    A8c = "A8c",
    /// The sealed move made, the replier's clock started.
    A9a = "A9a",
    /// The replier absent: his clock started.
    A9b = "A9b",
    /// The sealer absent: the reply sealed.
    A9c = "A9c",
    /// Late at resumption.
    A10 = "A10",
    /// Late, but the sealed move mated.
    A10a = "A10a",
    /// Late, but the sealed move drew.
    A10b = "A10b",
    /// Late, but the game was decided by a flag fall.
    A10c = "A10c",
    /// The envelope missing.
    A11 = "A11",
    /// The envelope missing: resumed from the position re-established.
    A11a = "A11a",
    /// The envelope missing and the position lost: annulled.
    A11b = "A11b",
    /// The clock set wrongly at adjournment.
    A12 = "A12",
    /// The resumption session.
    A13 = "A13",
    /// Rapidplay: recording not required.
    B3 = "B3",
    /// Rapidplay: no claims on the setup after the first moves.
    B4 = "B4",
    /// Rapidplay: the arbiter rules only on a claim.
    B5 = "B5",
    /// Rapidplay: a flag counts only when claimed.
    B6 = "B6",
    /// Rapidplay: a win on time claimed.
    B7 = "B7",
    /// Rapidplay: both flags down.
    B8 = "B8",
    /// Blitz: an illegal move loses on a claim.
    C3 = "C3",
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that names no article the rulings cite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownArticle(pub String);

impl fmt::Display for UnknownArticle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no article {:?} is cited by a ruling", self.0)
    }
}

impl std::error::Error for UnknownArticle {}

impl FromStr for Article {
    type Err = UnknownArticle;

    fn from_str(s: &str) -> Result<Article, UnknownArticle> {
        Article::ALL
            .iter()
            .copied()
            .find(|article| article.as_str() == s)
            .ok_or_else(|| UnknownArticle(s.to_owned()))
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Article {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Article, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_article_reads_back_as_printed() {
        for &article in Article::ALL {
            assert_eq!(article.as_str().parse(), Ok(article));
            let json = serde_json::to_string(&article).unwrap();
            assert_eq!(json, format!("\"{article}\""));
            assert_eq!(serde_json::from_str::<Article>(&json).unwrap(), article);
        }
        assert!(serde_json::from_str::<Article>(r#""6.11""#).is_err());
    }
}
