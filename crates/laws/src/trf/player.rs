//! A player's line (`001`): who he is, and his opponent, colour and result
//! in each round, in fixed columns.

use serde::Serialize;

use super::code::ResultCode;
use super::{TrfError, TrfErrorKind};
use crate::side::Side;

/// One player, as his `001` line has him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub start_rank: u16,
    /// `m` or `w`, as written.
    pub sex: String,
    pub title: String,
    /// `Lastname, Firstname`.
    pub name: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// `YYYY/MM/DD` (or the year alone), as written.
    pub birth: String,
    /// Points, in half points: `4.5` is 9.
    pub half_points: u32,
    pub rank: Option<u16>,
    pub rounds: Vec<RoundCell>,
    /// Where his line is in the file, from 0.
    pub(super) line: usize,
}

/// A player's round: whom he met, with which colour, and the result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundCell {
    /// `None` for `0000` or blanks: a bye, or not paired.
    pub opponent: Option<u16>,
    /// `None` for `-` or blank.
    pub colour: Option<Side>,
    /// `None` while blank: not played yet (or, in a finished round, the
    /// same as `Z`).
    pub result: Option<ResultCode>,
}

/// A player as the round's boards name him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    pub start_rank: u16,
    pub rating: Option<u16>,
    pub fide_id: Option<u64>,
    pub federation: String,
    pub title: String,
}

/// Round `index`'s (from 0) first column, from 1.
#[must_use]
pub fn round_column(index: usize) -> usize {
    92 + 10 * index
}

impl Player {
    /// Reads line `index` (from 0), `content` without its ending.
    pub(super) fn parse(content: &str, index: usize) -> Result<Player, TrfError> {
        let chars: Vec<char> = content.chars().collect();
        let field = |from: usize, to: usize| -> String {
            chars
                .get(from - 1..to.min(chars.len()))
                .map(|c| c.iter().collect::<String>())
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        let error = |column: usize, kind: TrfErrorKind| TrfError {
            line: index + 1,
            column,
            kind,
        };
        let number = |from: usize, to: usize, name: &'static str| {
            let text = field(from, to);
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<u64>().map(Some).map_err(|_| {
                error(
                    from,
                    TrfErrorKind::NotANumber {
                        field: name,
                        found: text,
                    },
                )
            })
        };
        let small = |from, to, name| -> Result<Option<u16>, TrfError> {
            number(from, to, name)?
                .map(|n| {
                    u16::try_from(n).map_err(|_| {
                        error(
                            from,
                            TrfErrorKind::NotANumber {
                                field: name,
                                found: n.to_string(),
                            },
                        )
                    })
                })
                .transpose()
        };
        let start_rank = small(5, 8, "starting rank")?
            .filter(|&r| r > 0)
            .ok_or_else(|| {
                error(
                    5,
                    TrfErrorKind::NotANumber {
                        field: "starting rank",
                        found: field(5, 8),
                    },
                )
            })?;
        let points = field(81, 84);
        let half_points = if points.is_empty() {
            0
        } else {
            parse_half_points(&points).ok_or_else(|| {
                error(
                    81,
                    TrfErrorKind::NotANumber {
                        field: "points",
                        found: points.clone(),
                    },
                )
            })?
        };
        let mut rounds = Vec::new();
        let mut column = round_column(0);
        while column <= chars.len() {
            let at = |offset: usize| chars.get(column - 1 + offset).copied().unwrap_or(' ');
            let opponent = small(column, column + 3, "opponent")?.filter(|&o| o > 0);
            let colour = match at(5) {
                'w' | 'W' => Some(Side::White),
                'b' | 'B' => Some(Side::Black),
                '-' | ' ' => None,
                other => return Err(error(column + 5, TrfErrorKind::BadColour(other))),
            };
            let result = match at(7) {
                ' ' => None,
                c => Some(
                    ResultCode::from_char(c)
                        .ok_or_else(|| error(column + 7, TrfErrorKind::BadResult(c)))?,
                ),
            };
            let forfeit = result.is_some_and(ResultCode::is_forfeit);
            if opponent.is_some() && colour.is_none() && !forfeit {
                return Err(error(column + 5, TrfErrorKind::NoColour));
            }
            rounds.push(RoundCell {
                opponent,
                colour,
                result,
            });
            column += 10;
        }
        Ok(Player {
            start_rank,
            sex: field(10, 10),
            title: field(11, 13),
            name: field(15, 47),
            rating: small(49, 52, "rating")?.filter(|&r| r > 0),
            federation: field(54, 56),
            fide_id: number(58, 68, "FIDE number")?.filter(|&id| id > 0),
            birth: field(70, 79),
            half_points,
            rank: small(86, 89, "rank")?,
            rounds,
            line: index,
        })
    }

    /// His round `round` (from 1), if his line reaches it.
    #[must_use]
    pub fn round(&self, round: u32) -> Option<&RoundCell> {
        self.rounds
            .get(usize::try_from(round).ok()?.checked_sub(1)?)
    }

    /// His half points from rounds before `round`, by the default scoring
    /// (tag 162 aside): what the pairing program paired him on.
    #[must_use]
    pub fn half_points_before(&self, round: u32) -> u32 {
        self.rounds
            .iter()
            .take(usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX))
            .filter_map(|c| c.result)
            .map(ResultCode::half_points)
            .sum()
    }

    #[must_use]
    pub fn summary(&self) -> PlayerSummary {
        PlayerSummary {
            name: self.name.clone(),
            start_rank: self.start_rank,
            rating: self.rating,
            fide_id: self.fide_id,
            federation: self.federation.clone(),
            title: self.title.clone(),
        }
    }
}

/// `4.5` as 9 half points.
fn parse_half_points(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = whole.parse().ok()?;
    let half = match fraction {
        "0" | "" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(whole * 2 + half)
}

/// Half points as the points column writes them, four wide: ` 4.5`.
#[must_use]
pub fn points_text(half_points: u32) -> String {
    format!(
        "{:>4}",
        format!(
            "{}.{}",
            half_points / 2,
            if half_points % 2 == 1 { 5 } else { 0 }
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_read_and_written_in_half_points() {
        // (No figure here reads like an article: a test scans the core's
        // strings for the Laws' articles.)
        assert_eq!(parse_half_points("4.5"), Some(9));
        assert_eq!(parse_half_points("10"), Some(20));
        assert_eq!(parse_half_points("12.250"), None);
        assert_eq!(points_text(9), " 4.5");
        assert_eq!(points_text(2001), "1000.5");
    }
}
