//! A move as the board saw it, `e2e4` or `e7e8q`: the vocabulary of the
//! rulings on moves ([`crate::touch_move`], [`crate::irregularity::replay`]),
//! legal or not.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::{Role, Square};

/// A move as the board saw it: the piece lifted from `from` and put down
/// on `to`, with the piece chosen for a promotion. It may well be illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl fmt::Display for BoardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// Text that is not a board move (`e2e4`, `e7e8q`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseBoardMoveError {
    pub text: String,
}

impl fmt::Display for ParseBoardMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a board move: write the squares, e2e4, and a promotion's piece, e7e8q",
            self.text
        )
    }
}

impl std::error::Error for ParseBoardMoveError {}

impl FromStr for BoardMove {
    type Err = ParseBoardMoveError;

    fn from_str(text: &str) -> Result<BoardMove, ParseBoardMoveError> {
        let err = || ParseBoardMoveError {
            text: text.to_owned(),
        };
        let (from, rest) = text.split_at_checked(2).ok_or_else(err)?;
        let (to, promotion) = rest.split_at_checked(2).ok_or_else(err)?;
        let promotion = match promotion.chars().collect::<Vec<_>>()[..] {
            [] => None,
            [c] => Some(Role::from_char(c.to_ascii_lowercase()).ok_or_else(err)?),
            _ => return Err(err()),
        };
        Ok(BoardMove {
            from: from.parse().map_err(|_| err())?,
            to: to.parse().map_err(|_| err())?,
            promotion,
        })
    }
}

impl Serialize for BoardMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BoardMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BoardMove, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}
