//! A round's results written back into the file: each player's opponent,
//! colour and result in that round's columns, and his points. Every other
//! character of the file stays as it came in.

use std::fmt;

use super::TrfFile;
use super::code::ResultCode;
use super::player::{points_text, round_column};
use super::round::Bye;
use crate::game::{EndedBy, GameState};
use crate::outcome::Outcome;
use crate::side::Side;

/// Who was absent when the arbiter declared the default time passed
/// (Article 6.7): he loses, a forfeit in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Absent {
    White,
    Black,
    Both,
}

impl Absent {
    /// The board's result: the one who came wins by forfeit; both absent,
    /// both lose.
    ///
    /// ```
    /// use laws::side::Side;
    /// use laws::trf::results::{Absent, GameResult};
    ///
    /// assert_eq!(Absent::Black.result(), GameResult::Forfeit(Side::White));
    /// assert_eq!(Absent::Both.result(), GameResult::DoubleForfeit);
    /// ```
    #[must_use]
    pub fn result(self) -> GameResult {
        match self {
            Absent::White => GameResult::Forfeit(Side::Black),
            Absent::Black => GameResult::Forfeit(Side::White),
            Absent::Both => GameResult::DoubleForfeit,
        }
    }
}

/// How a board's game ended, in the file's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Won over the board (`1`, `0`).
    Won(Side),
    /// Drawn over the board (`=`).
    Drawn,
    /// Won by forfeit, the other player absent (`+`, `-`).
    Forfeit(Side),
    /// Neither player came (`-`, `-`).
    DoubleForfeit,
    /// Won in a game that lasted less than one move (`W`, `L`: not rated).
    WonUnrated(Side),
    /// Drawn in a game that lasted less than one move (`D`).
    DrawnUnrated,
}

impl GameResult {
    /// The file's result for a game that ended with `outcome` after
    /// `plies` moves of either side; `None` while it goes on (or is to be
    /// played again). `absent`: the loser never came to play (a default,
    /// 6.7 or A10): a forfeit. A game that lasted less than one move each
    /// is not rated (`W`, `L`, `D`).
    #[must_use]
    pub fn of(outcome: Outcome, plies: usize, absent: bool) -> Option<GameResult> {
        let winner = match outcome {
            Outcome::WhiteWins => Some(Side::White),
            Outcome::BlackWins => Some(Side::Black),
            Outcome::Draw => None,
            Outcome::BothLose => return Some(GameResult::DoubleForfeit),
            Outcome::Continue | Outcome::NewGame | Outcome::Postponed | Outcome::Annulled => {
                return None;
            }
        };
        Some(match winner {
            Some(side) if absent => GameResult::Forfeit(side),
            Some(side) if plies < 2 => GameResult::WonUnrated(side),
            Some(side) => GameResult::Won(side),
            None if plies < 2 => GameResult::DrawnUnrated,
            None => GameResult::Drawn,
        })
    }

    /// The file's result for game `play` as it stands: `None` while it
    /// goes on. With no move played, a ruling (a default, 6.7 or A10) is
    /// a player absent, a forfeit; a result recorded (a resignation, a
    /// draw agreed) is a game played, of less than one move.
    #[must_use]
    pub fn of_game(play: &GameState) -> Option<GameResult> {
        let ending = play.ended()?;
        let plies = play.sheet.len();
        let absent = plies == 0 && !matches!(ending.by, EndedBy::Result(_));
        GameResult::of(ending.outcome, plies, absent)
    }

    /// The codes for White and Black.
    #[must_use]
    pub fn codes(self) -> (ResultCode, ResultCode) {
        use ResultCode as C;
        let by = |winner: Side, win: C, loss: C| match winner {
            Side::White => (win, loss),
            Side::Black => (loss, win),
        };
        match self {
            GameResult::Won(winner) => by(winner, C::Win, C::Loss),
            GameResult::Drawn => (C::Draw, C::Draw),
            GameResult::Forfeit(winner) => by(winner, C::ForfeitWin, C::ForfeitLoss),
            GameResult::DoubleForfeit => (C::ForfeitLoss, C::ForfeitLoss),
            GameResult::WonUnrated(winner) => by(winner, C::WinUnrated, C::LossUnrated),
            GameResult::DrawnUnrated => (C::DrawUnrated, C::DrawUnrated),
        }
    }
}

/// A board's game as played: who had which colour (an arbiter may have
/// swapped them), and its result, `None` while unfinished or adjourned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub white: u16,
    pub black: u16,
    pub result: Option<GameResult>,
}

/// Why results cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultsError {
    /// A player with no line in the file.
    UnknownPlayer(u16),
    /// A player given two games or byes in the round.
    Twice(u16),
    /// Round 0, or past what a line can hold.
    BadRound(u32),
}

impl fmt::Display for ResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultsError::UnknownPlayer(rank) => {
                write!(f, "starting rank {rank} has no player line")
            }
            ResultsError::Twice(rank) => {
                write!(f, "player {rank} has two games or byes in the round")
            }
            ResultsError::BadRound(round) => write!(f, "there is no round {round}"),
        }
    }
}

impl std::error::Error for ResultsError {}

/// What one player's round becomes.
struct Cell {
    opponent: u16,
    colour: Option<Side>,
    result: Option<ResultCode>,
}

impl TrfFile {
    /// The file with round `round`'s `games` and `byes` written into each
    /// player's line, and his points changed by the difference. A player
    /// in neither keeps his line as it is.
    pub fn with_results(
        &self,
        round: u32,
        games: &[Played],
        byes: &[Bye],
    ) -> Result<TrfFile, ResultsError> {
        let index = usize::try_from(round)
            .ok()
            .and_then(|r| r.checked_sub(1))
            .filter(|&i| i < 999)
            .ok_or(ResultsError::BadRound(round))?;
        let mut cells: Vec<(u16, Cell)> = Vec::new();
        let mut put = |rank: u16, cell: Cell| {
            if self.player(rank).is_none() {
                return Err(ResultsError::UnknownPlayer(rank));
            }
            if cells.iter().any(|(r, _)| *r == rank) {
                return Err(ResultsError::Twice(rank));
            }
            cells.push((rank, cell));
            Ok(())
        };
        for game in games {
            let (white, black) = game.result.map(GameResult::codes).unzip();
            put(
                game.white,
                Cell {
                    opponent: game.black,
                    colour: Some(Side::White),
                    result: white,
                },
            )?;
            put(
                game.black,
                Cell {
                    opponent: game.white,
                    colour: Some(Side::Black),
                    result: black,
                },
            )?;
        }
        for bye in byes {
            put(
                bye.player,
                Cell {
                    opponent: 0,
                    colour: None,
                    result: bye.code,
                },
            )?;
        }
        let zero_padded = self.zero_padded();
        let mut file = self.clone();
        for (rank, cell) in cells {
            let player = self.player(rank).expect("checked above");
            let before = player
                .rounds
                .get(index)
                .and_then(|c| c.result)
                .map_or(0, ResultCode::half_points);
            let after = cell.result.map_or(0, ResultCode::half_points);
            // The points column counts the round's code already written
            // (say, a bye given beforehand) or not: it holds the rounds
            // before alone. Another count (scoring of its own, tag 162)
            // is taken to include it.
            let counted = player.half_points != player.half_points_before(round) || before == 0;
            let points = if counted {
                (player.half_points + after).saturating_sub(before)
            } else {
                player.half_points + after
            };
            let (content, _) = file.line_parts(player.line);
            let mut chars: Vec<char> = content.chars().collect();
            write_at(&mut chars, 81, &points_text(points));
            let column = round_column(index);
            let old = player.rounds.get(index);
            let same_pairing = old.is_some_and(|old| {
                old.opponent.unwrap_or(0) == cell.opponent && old.colour == cell.colour
            });
            if same_pairing {
                // The pairing as the program wrote it; only the result.
                let result = cell.result.map_or(' ', ResultCode::as_char);
                write_at(&mut chars, column + 7, &result.to_string());
            } else {
                write_at(&mut chars, column, &cell_text(&cell, zero_padded));
            }
            file.replace_line(player.line, chars.into_iter().collect());
            if let Some(p) = file.players.iter_mut().find(|p| p.start_rank == rank) {
                p.half_points = points;
                let stored = super::RoundCell {
                    opponent: (cell.opponent > 0).then_some(cell.opponent),
                    colour: cell.colour,
                    result: cell.result,
                };
                if p.rounds.len() <= index {
                    p.rounds.resize(index + 1, super::RoundCell::default());
                }
                p.rounds[index] = stored;
            }
        }
        Ok(file)
    }
}

impl TrfFile {
    /// Whether the file writes opponents with leading zeros (`0012`)
    /// rather than spaces (`  12`).
    fn zero_padded(&self) -> bool {
        self.players.iter().any(|player| {
            let (content, _) = self.line_parts(player.line);
            let chars: Vec<char> = content.chars().collect();
            (0..player.rounds.len()).any(|i| {
                let at = round_column(i) - 1;
                chars.get(at..at + 4).is_some_and(|field| {
                    field[0] == '0' && field.iter().all(char::is_ascii_digit) && field != ['0'; 4]
                })
            })
        })
    }
}

/// A round's eight columns: `oooo c r`; a bye's opponent is `0000`.
fn cell_text(cell: &Cell, zero_padded: bool) -> String {
    let colour = match cell.colour {
        Some(Side::White) => 'w',
        Some(Side::Black) => 'b',
        None => '-',
    };
    let result = cell.result.map_or(' ', ResultCode::as_char);
    let opponent = if zero_padded || cell.opponent == 0 {
        format!("{:04}", cell.opponent)
    } else {
        format!("{:>4}", cell.opponent)
    };
    format!("{opponent} {colour} {result}")
}

/// Writes `text` into `chars` from column `column` (from 1), padding a
/// short line with spaces.
fn write_at(chars: &mut Vec<char>, column: usize, text: &str) {
    let start = column - 1;
    let end = start + text.chars().count();
    if chars.len() < end {
        chars.resize(end, ' ');
    }
    for (i, c) in text.chars().enumerate() {
        chars[start + i] = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_s_ending_is_the_file_s_result() {
        use GameResult as R;
        assert_eq!(
            R::of(Outcome::WhiteWins, 40, false),
            Some(R::Won(Side::White))
        );
        assert_eq!(
            R::of(Outcome::BlackWins, 0, true),
            Some(R::Forfeit(Side::Black))
        );
        assert_eq!(
            R::of(Outcome::BlackWins, 0, false),
            Some(R::WonUnrated(Side::Black))
        );
        assert_eq!(
            R::of(Outcome::WhiteWins, 1, false),
            Some(R::WonUnrated(Side::White))
        );
        assert_eq!(R::of(Outcome::Draw, 1, false), Some(R::DrawnUnrated));
        assert_eq!(R::of(Outcome::BothLose, 0, true), Some(R::DoubleForfeit));
        assert_eq!(R::of(Outcome::Continue, 12, false), None);
        assert_eq!(R::of(Outcome::Annulled, 12, false), None);
        assert_eq!(
            R::DoubleForfeit.codes(),
            (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
        );
        assert_eq!(
            R::Forfeit(Side::Black).codes(),
            (ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
        );
    }
}
