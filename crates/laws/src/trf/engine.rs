//! The pairing engine's list of pairs (JaVaFo's and bbpPairings' output):
//! the number of pairs, then `white black` a line in board order, `0` for
//! the pairing-allocated bye. Read beside the file it paired.

use super::code::ResultCode;
use super::round::{Board, Bye, Pairings};
use super::{TrfError, TrfErrorKind, TrfFile};

/// Round `round`'s boards as the engine listed them for `file`. Players it
/// does not list keep what the file has for them in that round (a bye
/// given beforehand), or are not paired.
pub fn pairings(file: &TrfFile, round: u32, text: &str) -> Result<Pairings, TrfError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let error = |line: usize, column: usize, kind| TrfError {
        line: line + 1,
        column,
        kind,
    };
    let (first, count) = lines.next().ok_or_else(|| {
        error(
            0,
            1,
            TrfErrorKind::Unreadable("no pairs: the first line gives their number".into()),
        )
    })?;
    let stated: usize = count.trim().parse().map_err(|_| {
        error(
            first,
            1,
            TrfErrorKind::NotANumber {
                field: "number of pairs",
                found: count.trim().to_owned(),
            },
        )
    })?;
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    let mut paired: Vec<u16> = Vec::new();
    let mut found = 0;
    for (index, line) in lines {
        found += 1;
        let mut ranks = Vec::new();
        for (column, word) in words(line) {
            let rank: u16 = word.parse().map_err(|_| {
                error(
                    index,
                    column,
                    TrfErrorKind::NotANumber {
                        field: "starting rank",
                        found: word.to_owned(),
                    },
                )
            })?;
            if rank > 0 && file.player(rank).is_none() {
                return Err(error(index, column, TrfErrorKind::UnknownOpponent(rank)));
            }
            if rank > 0 && paired.contains(&rank) {
                return Err(error(index, column, TrfErrorKind::PairedTwice(rank)));
            }
            paired.push(rank);
            ranks.push(rank);
        }
        match ranks[..] {
            [player, 0] if player > 0 => byes.push(Bye {
                player,
                code: Some(ResultCode::PairingAllocatedBye),
            }),
            [white, black] if white > 0 && black > 0 => boards.push(Board {
                number: u32::try_from(boards.len()).unwrap_or(u32::MAX) + 1,
                white,
                black,
            }),
            _ => {
                return Err(error(
                    index,
                    1,
                    TrfErrorKind::Unreadable(format!(
                        "a pair is two starting ranks, white then black: {:?}",
                        line.trim()
                    )),
                ));
            }
        }
    }
    if found != stated {
        return Err(error(first, 1, TrfErrorKind::PairCount { stated, found }));
    }
    for player in &file.players {
        if !paired.contains(&player.start_rank) {
            byes.push(Bye {
                player: player.start_rank,
                code: player.round(round).and_then(|c| c.result),
            });
        }
    }
    byes.sort_by_key(|b| b.player);
    Ok(Pairings {
        round,
        boards,
        byes,
    })
}

/// The words of `line`, each with its column (from 1).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_whitespace().map(move |word| {
        let offset = word.as_ptr() as usize - line.as_ptr() as usize;
        (line[..offset].chars().count() + 1, word)
    })
}
