//! A published round's results: each board's game as it stands, and the
//! pairing program's file with the round's results written back.

use laws::game::Game;
use laws::trf::results::{GameResult, Played};
use laws::trf::{Bye, ResultCode, TrfFile};
use laws::{game_pgn, pgn};

use crate::event::archived::Archived;
use crate::event::round::{Round, RoundBoard};
use crate::listing::standing;
use crate::{t, tf};

/// A board of the round: its game, if one was set up from it, where it
/// stands in words, and its result in the file's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardResult {
    pub board: RoundBoard,
    /// Where the game stands (the games list's words), or that there is
    /// no game yet.
    pub standing: String,
    /// `None` while it goes on, is adjourned or has no game.
    pub result: Option<GameResult>,
}

/// The game set up from board `board` of `round`, among `games`.
pub fn game_of<'a>(round: &Round, board: &RoundBoard, games: &'a [Game]) -> Option<&'a Game> {
    games.iter().find(|g| {
        let setup = g.setup();
        setup.round.trim() == round.round.to_string()
            && setup.board.trim() == board.number.to_string()
            && round.names(setup)
    })
}

/// The archived game of board `board` of `round`, among `archived`.
pub fn archived_of<'a>(
    round: &Round,
    board: &RoundBoard,
    archived: &'a [Archived],
) -> Option<&'a Archived> {
    archived.iter().find(|a| {
        a.board == board.number.to_string() && round.pairs(&a.round, &a.board, &a.white, &a.black)
    })
}

/// Each board of `round` with its game among `games`, or among the
/// `archived` ones.
#[must_use]
pub fn round_results(round: &Round, games: &[Game], archived: &[Archived]) -> Vec<BoardResult> {
    round
        .boards
        .iter()
        .map(|board| {
            let game = game_of(round, board, games);
            let kept = || archived_of(round, board, archived);
            // A player absent at the default time, as the chief marked it,
            // decides the board whatever its tablet shows.
            let result = match (board.absent, game) {
                (Some(absent), _) => Some(absent.result()),
                (None, Some(game)) => game.fold().ok().and_then(GameResult::of_game),
                (None, None) => kept().and_then(|a| a.result),
            };
            let standing = match (board.absent, game, kept()) {
                (Some(_), _, _) => t!(
                    "Forfeit: a player absent at the default time (6.7)",
                    "Walkower: zawodnik nieobecny w czasie zwłoki (6.7)"
                )
                .to_owned(),
                (None, Some(game), _) => standing(game),
                (None, None, Some(archived)) => archived.standing.get().to_owned(),
                (None, None, None) => {
                    t!("No game set up from it yet", "Nie założono jeszcze partii").to_owned()
                }
            };
            BoardResult {
                board: board.clone(),
                standing,
                result,
            }
        })
        .collect()
}

/// Board numbers for a sentence: `1, 3, 4`.
#[must_use]
pub fn board_list(boards: &[u32]) -> String {
    boards
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The result in the file's codes, `1 - 0` style, for the table.
#[must_use]
pub fn codes(result: GameResult) -> String {
    let (white, black) = result.codes();
    format!("{} – {}", white.as_char(), black.as_char())
}

/// The round's games as one PGN file, in board order, each with its
/// `Round` as `3.7` (round 3, board 7), the players' ratings from the
/// round (`WhiteElo`, `BlackElo`) and its clock readings (`%clk`); the
/// boards with no game to write are returned.
#[must_use]
pub fn round_pgn(round: &Round, games: &[Game]) -> (String, Vec<u32>) {
    let mut text = String::new();
    let mut missing = Vec::new();
    for board in &round.boards {
        let written = game_of(round, board, games).and_then(|game| {
            let mut record = game_pgn::export(game).ok()?.record;
            let mut set = |name: &str, value: String| {
                record.tags.retain(|(n, _)| n != name);
                record.tags.push((name.to_owned(), value));
            };
            set("Round", format!("{}.{}", round.round, board.number));
            for (name, player) in [("WhiteElo", &board.white), ("BlackElo", &board.black)] {
                if let Some(rating) = player.rating {
                    set(name, rating.to_string());
                }
            }
            pgn::export(&record).ok()
        });
        match written {
            Some(game) => text.push_str(&game),
            None => missing.push(board.number),
        }
    }
    (text, missing)
}

/// The pairing program's file `text` with `round`'s `results` written
/// back; the boards still to finish are named (their result left blank).
pub fn file_with_results(
    text: &str,
    round: &Round,
    results: &[BoardResult],
) -> Result<(String, Vec<u32>), String> {
    let file = TrfFile::parse(text).map_err(|e| {
        tf!(
            "The pairing program's file cannot be read: {e}.",
            "Nie można odczytać pliku programu kojarzącego: {e}."
        )
    })?;
    let rank = |p: &crate::event::round::RoundPlayer| {
        p.start_rank.ok_or_else(|| {
            tf!(
                "{} has no starting rank in the file.",
                "{} nie ma numeru startowego w pliku.",
                p.name
            )
        })
    };
    let mut played = Vec::new();
    let mut unfinished = Vec::new();
    for r in results {
        played.push(Played {
            white: rank(&r.board.white)?,
            black: rank(&r.board.black)?,
            result: r.result,
        });
        if r.result.is_none() {
            unfinished.push(r.board.number);
        }
    }
    let byes = round
        .byes
        .iter()
        .map(|b| {
            Ok(Bye {
                player: rank(&b.player)?,
                code: b
                    .code
                    .chars()
                    .next()
                    .and_then(ResultCode::from_char)
                    .filter(|_| b.code.len() == 1),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let written = file
        .with_results(round.round, &played, &byes)
        .map_err(|e| e.to_string())?;
    Ok((written.to_text(), unfinished))
}

#[cfg(test)]
mod tests {
    use laws::clock::ClockAction;
    use laws::game::{Event, GameResult as Ended};
    use laws::side::Side;

    use super::*;

    const TRF: &str = include_str!("../../crates/laws/tests/cases/trf/byes-forfeits.trf");

    fn round() -> Round {
        let file = TrfFile::parse(TRF).unwrap();
        Round::of(&file, &file.pairings(3).unwrap(), 1)
    }

    fn game(board: u32, id: &str) -> Game {
        Game::new(id, round().setup(board).unwrap(), 1_000)
    }

    #[test]
    fn each_board_s_result_comes_from_its_game_and_goes_back_into_the_file() {
        let round = round();
        // Board 2: Black resigns before White's first move (a game of
        // less than one move, not rated); board 1 goes on; board 3 has no
        // game.
        let mut resigned = game(2, "b2");
        resigned
            .apply(
                Event::Clock(ClockAction::Start { side: Side::White }),
                2_000,
            )
            .unwrap();
        resigned
            .apply(Event::Result(Ended::Resigned { by: Side::Black }), 3_000)
            .unwrap();
        let games = [game(1, "b1"), resigned];
        let results = round_results(&round, &games, &[]);
        assert_eq!(results[1].result, Some(GameResult::WonUnrated(Side::White)));
        assert_eq!(results[0].result, None);
        assert_eq!(results[2].standing, "No game set up from it yet");
        let (text, unfinished) = file_with_results(TRF, &round, &results).unwrap();
        assert_eq!(unfinished, [1, 3]);
        // The round's PGN: the game there is, as round 3, board 2.
        let (pgn, missing) = round_pgn(&round, &games);
        assert_eq!(missing, [3]);
        assert_eq!(pgn.matches("[Event ").count(), 2);
        assert!(pgn.contains("[Round \"3.2\"]"), "{pgn}");
        assert!(
            pgn.contains("[WhiteElo \"1980\"]\n[BlackElo \"2430\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        // The same game archived: its entry gives the board's result.
        let archived = [Archived::of(&games[1], None)];
        let kept = round_results(&round, &games[..1], &archived);
        assert_eq!(kept[1], results[1]);
        assert_eq!(kept[2].standing, "No game set up from it yet");
        let back = TrfFile::parse(&text).unwrap();
        let code = |rank| {
            back.player(rank)
                .unwrap()
                .round(3)
                .unwrap()
                .result
                .map(ResultCode::as_char)
        };
        assert_eq!(
            [7, 2, 1, 6, 5].map(code),
            [Some('W'), Some('L'), None, None, Some('H')]
        );
    }
}
