//! The languages a player may write his moves in (Appendix E: "each player
//! may use the initials used in his own country").

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};
use shakmaty::Role;

/// The language of a scoresheet: which initials name the pieces.
///
/// Chosen by the player (or the arbiter), never guessed from the text: a
/// French `R` is the king, an English `R` the rook.
///
/// ```
/// use laws::notation::NotationLang;
///
/// let lang: NotationLang = "fr".parse()?;
/// assert_eq!(lang, NotationLang::Fr);
/// assert_eq!(lang.to_string(), "fr");
/// assert_eq!(lang.initial(shakmaty::Role::King), "R");
/// # Ok::<_, laws::notation::ParseLangError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NotationLang {
    /// English: K Q R B N.
    #[default]
    En,
    /// German: K D T L S.
    De,
    /// Polish: K H W G S.
    Pl,
    /// French: R D T F C.
    Fr,
    /// Spanish: R D T A C.
    Es,
    /// Italian: R D T A C.
    It,
    /// Dutch: K D T L P.
    Nl,
    /// Russian: Кр Ф Л С К.
    Ru,
}

impl NotationLang {
    /// Every language, in the order of the enum.
    pub const ALL: [NotationLang; 8] = [
        NotationLang::En,
        NotationLang::De,
        NotationLang::Pl,
        NotationLang::Fr,
        NotationLang::Es,
        NotationLang::It,
        NotationLang::Nl,
        NotationLang::Ru,
    ];

    /// The code used in files and on the command line: `"en"`, `"de"`, ...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            NotationLang::En => "en",
            NotationLang::De => "de",
            NotationLang::Pl => "pl",
            NotationLang::Fr => "fr",
            NotationLang::Es => "es",
            NotationLang::It => "it",
            NotationLang::Nl => "nl",
            NotationLang::Ru => "ru",
        }
    }

    /// The initial of a piece (king, queen, rook, bishop, knight) in this
    /// language. Pawns have no letter: the empty string.
    #[must_use]
    pub const fn initial(self, role: Role) -> &'static str {
        // Rows: king, queen, rook, bishop, knight.
        let row = match role {
            Role::Pawn => return "",
            Role::King => 0,
            Role::Queen => 1,
            Role::Rook => 2,
            Role::Bishop => 3,
            Role::Knight => 4,
        };
        let initials: [&str; 5] = match self {
            NotationLang::En => ["K", "Q", "R", "B", "N"],
            NotationLang::De => ["K", "D", "T", "L", "S"],
            NotationLang::Pl => ["K", "H", "W", "G", "S"],
            NotationLang::Fr => ["R", "D", "T", "F", "C"],
            NotationLang::Es | NotationLang::It => ["R", "D", "T", "A", "C"],
            NotationLang::Nl => ["K", "D", "T", "L", "P"],
            NotationLang::Ru => ["Кр", "Ф", "Л", "С", "К"],
        };
        initials[row]
    }
}

impl fmt::Display for NotationLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is not one of [`NotationLang::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLangError {
    /// The code as given.
    pub code: String,
}

impl fmt::Display for ParseLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language code {:?} (expected one of", self.code)?;
        for lang in NotationLang::ALL {
            write!(f, " {lang}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for ParseLangError {}

impl FromStr for NotationLang {
    type Err = ParseLangError;

    /// Reads a code, in any case: `"en"`, `"DE"`, ...
    fn from_str(code: &str) -> Result<NotationLang, ParseLangError> {
        NotationLang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(code.trim()))
            .ok_or_else(|| ParseLangError {
                code: code.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_from_str_and_serde() {
        for lang in NotationLang::ALL {
            assert_eq!(lang.code().parse::<NotationLang>(), Ok(lang));
            let json = serde_json::to_string(&lang).unwrap();
            assert_eq!(json, format!("\"{}\"", lang.code()));
            assert_eq!(serde_json::from_str::<NotationLang>(&json).unwrap(), lang);
        }
    }

    #[test]
    fn unknown_code_names_itself_and_the_choices() {
        let err = "xx".parse::<NotationLang>().unwrap_err();
        assert_eq!(err.code, "xx");
        assert!(err.to_string().contains("en de pl fr es it nl ru"));
    }

    #[test]
    fn initials_are_distinct_within_each_language() {
        for lang in NotationLang::ALL {
            let roles = [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ];
            for (i, a) in roles.iter().enumerate() {
                for b in &roles[i + 1..] {
                    assert_ne!(lang.initial(*a), lang.initial(*b), "{lang}");
                }
            }
        }
    }
}
