//! A round's boards, in the order the pairing program prints them.
//!
//! A Swiss round is printed by score (FIDE Handbook C.04.2, general
//! handling rules): the higher score of the pair first, then the sum of
//! both, then the better starting rank. A round-robin's boards follow its
//! Berger table (C.05 Annex 1), whose first board is always the last
//! player's game.

use std::cmp::Reverse;
use std::collections::BTreeSet;

use super::code::ResultCode;
use super::player::round_column;
use super::{TrfError, TrfErrorKind, TrfFile};
use crate::side::Side;

/// One board: its number (from 1), and its players by starting rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub number: u32,
    pub white: u16,
    pub black: u16,
}

/// A player with no board in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub player: u16,
    /// `H`, `F`, `U`, `Z`, or `None` where the file has `0000` and no code
    /// (not paired).
    pub code: Option<ResultCode>,
}

/// A round's boards, in order, and its byes, by starting rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairings {
    pub round: u32,
    pub boards: Vec<Board>,
    pub byes: Vec<Bye>,
}

impl Pairings {
    /// The board player `rank` plays on.
    #[must_use]
    pub fn board_of(&self, rank: u16) -> Option<&Board> {
        self.boards
            .iter()
            .find(|b| b.white == rank || b.black == rank)
    }
}

impl TrfFile {
    /// Round `round`'s (from 1) boards and byes as the file pairs them.
    pub fn pairings(&self, round: u32) -> Result<Pairings, TrfError> {
        let mut pairs = Vec::new();
        let mut byes = Vec::new();
        for player in &self.players {
            let cell = player.round(round).copied().unwrap_or_default();
            match cell.opponent {
                Some(opponent) => {
                    let white = match cell.colour {
                        Some(colour) => colour == Side::White,
                        // A forfeit written without colours.
                        None => player.start_rank < opponent,
                    };
                    if white {
                        pairs.push((player.start_rank, opponent));
                    }
                }
                None => byes.push(Bye {
                    player: player.start_rank,
                    code: cell.result,
                }),
            }
        }
        if pairs.is_empty() && byes.iter().all(|b| b.code.is_none()) {
            return Err(TrfError {
                line: self.players[0].line + 1,
                column: usize::try_from(round)
                    .ok()
                    .and_then(|r| r.checked_sub(1))
                    .map_or(1, round_column),
                kind: TrfErrorKind::NoSuchRound(round),
            });
        }
        let order = self
            .berger_order(&pairs)
            .unwrap_or_else(|| self.swiss_order(round, pairs));
        Ok(Pairings {
            round,
            boards: numbered(order),
            byes,
        })
    }

    /// Pairs by score before `round`, then the sum, then starting rank.
    fn swiss_order(&self, round: u32, mut pairs: Vec<(u16, u16)>) -> Vec<(u16, u16)> {
        let score = |rank: u16| self.player(rank).map_or(0, |p| p.half_points_before(round));
        pairs.sort_by_key(|&(w, b)| {
            let (sw, sb) = (score(w), score(b));
            (Reverse(sw.max(sb)), Reverse(sw + sb), w.min(b))
        });
        pairs
    }

    /// The pairs in the order of the Berger table's round they make, if
    /// they are one (starting ranks 1 to n, every player paired but one
    /// at most).
    fn berger_order(&self, pairs: &[(u16, u16)]) -> Option<Vec<(u16, u16)>> {
        let players = u16::try_from(self.players.len()).ok()?;
        let contiguous = self
            .players
            .iter()
            .zip(1..)
            .all(|(p, rank)| p.start_rank == rank);
        if !contiguous || players < 2 {
            return None;
        }
        let n = players + players % 2;
        let wanted: BTreeSet<(u16, u16)> =
            pairs.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        (1..n).find_map(|round| {
            let table: Vec<(u16, u16)> = berger_round(n, round)
                .into_iter()
                .filter(|&(a, b)| a.max(b) <= players)
                .collect();
            let set: BTreeSet<(u16, u16)> =
                table.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            (set == wanted).then(|| {
                table
                    .iter()
                    .map(|&(a, b)| {
                        *pairs
                            .iter()
                            .find(|&&(w, bl)| (w.min(bl), w.max(bl)) == (a.min(b), a.max(b)))
                            .expect("the same pairs")
                    })
                    .collect()
            })
        })
    }
}

/// Round `round` (from 1) of the Berger table for `n` players (even): the
/// last player's game first, then outward from his opponent.
fn berger_round(n: u16, round: u16) -> Vec<(u16, u16)> {
    let ring = i32::from(n) - 1;
    let wrap = |x: i32| u16::try_from((x - 1).rem_euclid(ring) + 1).expect("in the ring");
    let opponent = if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        n / 2 + round / 2
    };
    let mut pairs = vec![(n, opponent)];
    for k in 1..i32::from(n / 2) {
        let p = i32::from(opponent);
        pairs.push((wrap(p + k), wrap(p - k)));
    }
    pairs
}

fn numbered(pairs: Vec<(u16, u16)>) -> Vec<Board> {
    pairs
        .into_iter()
        .zip(1..)
        .map(|((white, black), number)| Board {
            number,
            white,
            black,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unordered(pairs: Vec<(u16, u16)>) -> Vec<(u16, u16)> {
        pairs
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect()
    }

    #[test]
    fn the_berger_tables_of_fide_c05() {
        // Six players: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1.
        let rounds: Vec<Vec<(u16, u16)>> = (1..6).map(|r| unordered(berger_round(6, r))).collect();
        assert_eq!(
            rounds,
            [
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(4, 6), (3, 5), (1, 2)],
                vec![(2, 6), (1, 3), (4, 5)],
                vec![(5, 6), (1, 4), (2, 3)],
                vec![(3, 6), (2, 4), (1, 5)],
            ]
        );
        // Every pair meets once.
        let all: BTreeSet<(u16, u16)> = (1..10)
            .flat_map(|r| unordered(berger_round(10, r)))
            .collect();
        assert_eq!(all.len(), 45);
    }
}
