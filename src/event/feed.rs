//! A round's games as they go out live: the PGN kept in the event's
//! database for a broadcast to poll, and pushed to a lichess broadcast
//! round. Each game is shown as it stood a set delay ago
//! ([`laws::game::Game::as_at`]); a sealed move is in no game's moves until
//! its envelope is opened, so it is never out before then.

use laws::game::Game;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::event::round::Round;
use crate::event::round_results::{game_of, round_pgn};
use crate::{t, tf};

/// lichess.org, where a broadcast round is pushed unless told otherwise.
pub const LICHESS: &str = "https://lichess.org";
/// The most games lichess takes in a broadcast round.
pub const LICHESS_GAMES: usize = 64;
/// The feed documents' ids: `feed:003` holds round 3's PGN.
pub const FEED_PREFIX: &str = "feed:";
/// The attachment a feed document holds the round's PGN in.
pub const FEED_FILE: &str = "round.pgn";

/// Round `round`'s feed document.
#[must_use]
pub fn feed_doc_id(round: u32) -> String {
    format!("{FEED_PREFIX}{round:03}")
}

/// Where the chief arbiter's tablet sends the rounds live. Kept on this
/// tablet only, like the event's password: the token never goes into the
/// database or a join code.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Broadcast {
    /// Minutes each game is held back (against help from outside).
    pub delay_minutes: u32,
    /// The round pushed to lichess; `None`: no push.
    pub round: Option<u32>,
    /// The lichess broadcast round's id (8 letters and digits).
    pub lichess_round: String,
    /// A lichess API token with `study:write`.
    pub token: String,
    /// The lichess server; empty: [`LICHESS`].
    pub server: String,
}

impl Broadcast {
    #[must_use]
    pub fn delay_ms(&self) -> u64 {
        u64::from(self.delay_minutes) * 60_000
    }

    /// Whether a round is pushed to lichess.
    #[must_use]
    pub fn pushes(&self) -> bool {
        self.round.is_some() && !self.lichess_round.trim().is_empty()
    }

    /// The push's address: `{server}/api/broadcast/round/{id}/push`.
    #[must_use]
    pub fn push_url(&self) -> String {
        let server = match self.server.trim().trim_end_matches('/') {
            "" => LICHESS,
            server => server,
        };
        format!(
            "{server}/api/broadcast/round/{}/push",
            self.lichess_round.trim()
        )
    }

    /// Checks what could be mistyped on the form.
    pub fn validate(&self) -> Result<(), String> {
        if self.delay_minutes > 24 * 60 {
            return Err(t!(
                "The delay is at most a day (1440 minutes).",
                "Opóźnienie to najwyżej doba (1440 minut)."
            )
            .into());
        }
        if !self.pushes() {
            return Ok(());
        }
        let id = self.lichess_round.trim();
        if id.len() != 8 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(tf!(
                "{id:?} is not a lichess broadcast round's id: 8 letters and digits, as in its address (lichess.org/broadcast/…/…/abcd1234).",
                "{id:?} nie jest identyfikatorem rundy transmisji lichess: 8 liter i cyfr, jak w jej adresie (lichess.org/broadcast/…/…/abcd1234)."
            ));
        }
        if self.token.trim().is_empty() {
            return Err(t!(
                "Give the lichess token (with study:write) to push the round.",
                "Podaj token lichess (z uprawnieniem study:write), by wysyłać rundę."
            )
            .into());
        }
        let server = self.server.trim();
        if !(server.is_empty() || server.starts_with("https://") || server.starts_with("http://")) {
            return Err(tf!(
                "the lichess server's address must start with https:// (not {server:?})",
                "adres serwera lichess musi zaczynać się od https:// (nie {server:?})"
            ));
        }
        Ok(())
    }
}

/// What the feed of `round` shows at `cutoff`: its version, and each of
/// its games with how many of its log's entries are out. The PGN is
/// written again only when this changes.
#[must_use]
pub fn feed_key(round: &Round, games: &[Game], cutoff: u64) -> Vec<(String, usize)> {
    let version = (format!("version {}", round.version), 0);
    std::iter::once(version)
        .chain(
            round
                .boards
                .iter()
                .filter_map(|board| game_of(round, board, games))
                .map(|game| {
                    let out = game.log().iter().take_while(|l| l.at_ms <= cutoff).count();
                    (game.id().to_owned(), out)
                }),
        )
        .collect()
}

/// `round`'s first `limit` boards' games as PGN, each as it stood at
/// `cutoff` (now less the delay), and how many there are. A board with no
/// game yet is there as its pairing with no move, so that a broadcast shows
/// the round from the start; one the chief marked a forfeit is left out.
#[must_use]
pub fn feed_pgn(round: &Round, games: &[Game], cutoff: u64, limit: usize) -> (String, usize) {
    let shown = Round {
        boards: round.boards.iter().take(limit).cloned().collect(),
        ..round.clone()
    };
    let games: Vec<Game> = shown
        .boards
        .iter()
        .filter_map(|board| match game_of(&shown, board, games) {
            Some(game) => Some(game.as_at(cutoff)),
            None if board.absent.is_none() => shown
                .setup(board.number)
                .map(|setup| Game::new(format!("board {}", board.number), setup, cutoff)),
            None => None,
        })
        .collect();
    (round_pgn(&shown, &games).0, games.len())
}

/// What lichess answered a push: how many games it took, and each it
/// refused with its reason.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pushed {
    pub taken: usize,
    pub refused: Vec<String>,
}

impl Pushed {
    /// Reads lichess's answer: `{"games": [{"tags": {...}, "moves": 4},
    /// {"tags": {...}, "error": "..."}]}`.
    #[must_use]
    pub fn read(answer: &Value) -> Pushed {
        let mut pushed = Pushed::default();
        for game in answer["games"].as_array().into_iter().flatten() {
            match game["error"].as_str() {
                Some(error) => {
                    let tag = |name: &str| game["tags"][name].as_str().unwrap_or("?").to_owned();
                    pushed.refused.push(tf!(
                        "round {} ({} – {}): {error}",
                        "runda {} ({} – {}): {error}",
                        tag("Round"),
                        tag("White"),
                        tag("Black")
                    ));
                }
                None => pushed.taken += 1,
            }
        }
        pushed
    }
}

#[cfg(test)]
mod tests {
    use laws::adjournment::AdjournmentEvent;
    use laws::game::{Event, Side};
    use laws::scoresheet::Entry;
    use serde_json::json;

    use super::*;
    use crate::adjournment_view::tests::seal;
    use crate::event::round::tests::swiss_round3;

    /// Board `number`'s game, its moves written a minute apart from 60 s.
    fn game(round: &Round, number: u32, moves: &[&str]) -> Game {
        let mut game = Game::new(format!("board{number}~g"), round.setup(number).unwrap(), 0);
        for (i, text) in moves.iter().enumerate() {
            let at = 60_000 * (i as u64 + 1);
            game.apply(Event::Recorded(Entry::written(*text)), at)
                .unwrap();
        }
        game
    }

    #[test]
    fn each_game_is_out_as_it_stood_the_delay_ago() {
        let round = swiss_round3();
        let games = [
            game(&round, 1, &["e4", "e5", "Nf3"]),
            game(&round, 2, &["d4"]),
        ];
        let at = |cutoff| feed_pgn(&round, &games, cutoff, LICHESS_GAMES).0;
        let now = at(u64::MAX);
        assert!(now.contains("1. e4 e5 2. Nf3"), "{now}");
        // Boards 3 and 4 have no game yet: their pairings, with no move.
        assert!(
            now.contains("[Round \"3.4\"]") && now.matches("\n\n*\n").count() == 2,
            "{now}"
        );
        assert!(
            now.contains("[Round \"3.2\"]") && now.contains("1. d4"),
            "{now}"
        );
        // Two minutes ago: board 1's Nf3 is not out yet, board 2 unchanged.
        let earlier = at(150_000);
        assert!(earlier.contains("1. e4 e5 *"), "{earlier}");
        assert!(earlier.contains("1. d4"), "{earlier}");
        assert!(!at(0).contains("e4"));
        // The key changes exactly when what is out changes.
        assert_eq!(
            feed_key(&round, &games, 150_000),
            feed_key(&round, &games, 179_999)
        );
        assert_ne!(
            feed_key(&round, &games, 150_000),
            feed_key(&round, &games, 180_000)
        );
    }

    #[test]
    fn lichess_gets_the_first_boards_only() {
        let round = swiss_round3();
        let games = [game(&round, 1, &["e4"]), game(&round, 2, &["d4"])];
        let (first, count) = feed_pgn(&round, &games, u64::MAX, 1);
        assert_eq!(count, 1);
        assert!(first.contains("[Round \"3.1\"]") && !first.contains("[Round \"3.2\"]"));
    }

    #[test]
    fn a_sealed_move_is_not_out_before_the_envelope_is_opened() {
        let round = swiss_round3();
        let mut game = game(&round, 1, &["e4"]);
        game.apply(
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
            70_000,
        )
        .unwrap();
        seal(&mut game, 80_000, "c5");
        let (feed, count) = feed_pgn(&round, &[game], u64::MAX, LICHESS_GAMES);
        assert_eq!(count, 4, "the game, and three boards' pairings");
        assert!(feed.contains("1. e4 {Arbiter: adjourned} *"), "{feed}");
        assert!(!feed.contains("c5"), "{feed}");
    }

    #[test]
    fn lichess_answers_are_read_game_by_game() {
        let answer = json!({"games": [
            {"tags": {"White": "Kowalski, Jan", "Black": "Nowak, Anna", "Round": "3.1"}, "moves": 4},
            {"tags": {"White": "Müller, Hans", "Black": "Lewandowski, Piotr", "Round": "3.2"}, "error": "Invalid move: Nxe5"},
        ]});
        let pushed = Pushed::read(&answer);
        assert_eq!(pushed.taken, 1);
        assert_eq!(
            pushed.refused,
            ["round 3.2 (Müller, Hans – Lewandowski, Piotr): Invalid move: Nxe5"]
        );
    }

    #[test]
    fn the_settings_are_checked() {
        let mut broadcast = Broadcast {
            round: Some(3),
            lichess_round: "abcd1234".into(),
            token: "lip_x".into(),
            ..Broadcast::default()
        };
        assert_eq!(broadcast.validate(), Ok(()));
        assert_eq!(
            broadcast.push_url(),
            "https://lichess.org/api/broadcast/round/abcd1234/push"
        );
        broadcast.server = "http://127.0.0.1:9000/".into();
        assert_eq!(
            broadcast.push_url(),
            "http://127.0.0.1:9000/api/broadcast/round/abcd1234/push"
        );
        broadcast.lichess_round = "abc".into();
        assert!(broadcast.validate().unwrap_err().contains("8 letters"));
        broadcast.lichess_round = "abcd1234".into();
        broadcast.token.clear();
        assert!(broadcast.validate().unwrap_err().contains("token"));
        broadcast.lichess_round.clear();
        assert_eq!(broadcast.validate(), Ok(()), "no push: no token needed");
    }
}
