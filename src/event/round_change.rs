//! The chief arbiter's changes to a published round before play: colours
//! swapped, a board moved to another number, a player absent at the
//! default time (Article 6.7: he loses, a forfeit in the pairing
//! program's file). Each makes the round's next version
//! (`Round::with_change`) and is logged in it, with its time, so every
//! tablet sees what changed and when.

use std::fmt;

use laws::trf::results::Absent;
use serde::{Deserialize, Serialize};

use crate::tf;

/// A change to one board of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RoundChange {
    ColoursSwapped {
        board: u32,
    },
    /// To a number no board has (a table nearer the door, say).
    BoardMoved {
        board: u32,
        to: u32,
    },
    Forfeit {
        board: u32,
        absent: Absent,
    },
}

/// A change as the round logs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedChange {
    pub at_ms: u64,
    #[serde(flatten)]
    pub change: RoundChange,
}

/// Why a change cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeError {
    NoBoard(u32),
    /// Another board has that number already.
    NumberTaken(u32),
    /// The board's result is already a forfeit.
    Forfeited(u32),
}

impl fmt::Display for ChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match *self {
            ChangeError::NoBoard(n) => tf!(
                "The round has no board {n}.",
                "Runda nie ma szachownicy {n}."
            ),
            ChangeError::NumberTaken(n) => tf!(
                "Board {n} is taken: move a board to a number no board has.",
                "Szachownica {n} jest zajęta: przenieś szachownicę na wolny numer."
            ),
            ChangeError::Forfeited(n) => tf!(
                "Board {n} is already a forfeit: publish the round again to undo it.",
                "Szachownica {n} jest już walkowerem: opublikuj rundę ponownie, by to cofnąć."
            ),
        })
    }
}

impl fmt::Display for RoundChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match *self {
            RoundChange::ColoursSwapped { board } => tf!(
                "board {board}: colours swapped",
                "szachownica {board}: zamieniono kolory"
            ),
            RoundChange::BoardMoved { board, to } => tf!(
                "board {board} moved to board {to}",
                "szachownica {board} przeniesiona na {to}"
            ),
            RoundChange::Forfeit { board, absent } => match absent {
                Absent::White => tf!(
                    "board {board}: White absent at the default time, Black wins by forfeit (6.7)",
                    "szachownica {board}: białe nieobecne w czasie zwłoki, czarne wygrywają walkowerem (6.7)"
                ),
                Absent::Black => tf!(
                    "board {board}: Black absent at the default time, White wins by forfeit (6.7)",
                    "szachownica {board}: czarne nieobecne w czasie zwłoki, białe wygrywają walkowerem (6.7)"
                ),
                Absent::Both => tf!(
                    "board {board}: both absent at the default time, both lose (6.7)",
                    "szachownica {board}: oboje nieobecni w czasie zwłoki, oboje przegrywają (6.7)"
                ),
            },
        })
    }
}
