//! A game: its setup and the append-only, hash-chained log of its events.
//!
//! Nothing derived is stored: the app keeps a [`Game`] (setup plus log) and
//! asks it for whatever it shows. Each logged event carries the SHA-256 of
//! the previous one, so an arbiter can show that nothing was altered
//! afterwards ([`Game::verify_chain`]).
//!
//! ```
//! use laws::game::{Event, Game, Player, Setup};
//!
//! let setup = Setup {
//!     white: Player::named("Carlsen, Magnus"),
//!     black: Player::named("Nepomniachtchi, Ian"),
//!     ..Setup::default()
//! };
//! let mut game = Game::new("g1", setup, 1_700_000_000_000);
//! let mut corrected = game.setup().clone();
//! corrected.board = "1".into();
//! game.apply(Event::DetailsEdited(corrected), 1_700_000_060_000).unwrap();
//! assert_eq!(game.setup().board, "1");
//! assert!(game.verify_chain().is_ok());
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A player as written on the pairing list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// FIDE ID, when the player has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u32>,
}

impl Player {
    pub fn named(name: impl Into<String>) -> Player {
        Player { name: name.into(), fide_id: None }
    }
}

/// What the arbiter enters when creating a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    pub event: String,
    pub site: String,
    pub round: String,
    pub board: String,
    pub white: Player,
    pub black: Player,
    /// The time control in PGN `TimeControl` notation, e.g. `40/5400+30:1800+30`.
    pub time_control: String,
    /// The starting position when it is not the standard one (FEN).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            event: String::new(),
            site: String::new(),
            round: String::new(),
            board: String::new(),
            white: Player::default(),
            black: Player::default(),
            time_control: "5400+30".to_owned(),
            start_fen: None,
        }
    }
}

impl Setup {
    /// Checks what an arbiter could get wrong on the form.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.white.name.trim().is_empty() {
            return Err(SetupError::MissingName(Side::White));
        }
        if self.black.name.trim().is_empty() {
            return Err(SetupError::MissingName(Side::Black));
        }
        Ok(())
    }
}

/// White or Black, in the words of the scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}

/// A setup the form must not accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    MissingName(Side),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingName(side) => write!(f, "{side}'s name is missing"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Something that happened in a game, as it is written into the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The arbiter corrected the game's details (names, round, board...).
    DetailsEdited(Setup),
}

/// One entry of the log: when, what, and the chain hash that seals it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// Wall-clock milliseconds since the Unix epoch.
    pub at_ms: u64,
    pub event: Event,
    /// Hex SHA-256 of the previous entry's hash, `at_ms` and the event.
    pub hash: String,
}

/// An event the game refuses; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    Setup(SetupError),
    /// Events are logged in time order; this one is earlier than the last.
    OutOfOrder { last_ms: u64, at_ms: u64 },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Setup(e) => e.fmt(f),
            GameError::OutOfOrder { last_ms, at_ms } => {
                write!(f, "event at {at_ms} ms is earlier than the last one at {last_ms} ms")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Where the tamper-evident chain breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainError {
    /// Index of the first entry whose hash does not match.
    pub index: usize,
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the log was altered at event {}", self.index + 1)
    }
}

impl std::error::Error for ChainError {}

/// A game: identity, the setup it was created with, and its event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    id: String,
    created_ms: u64,
    initial: Setup,
    log: Vec<Logged>,
}

impl Game {
    #[must_use]
    pub fn new(id: impl Into<String>, setup: Setup, created_ms: u64) -> Game {
        Game { id: id.into(), created_ms, initial: setup, log: Vec::new() }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn created_ms(&self) -> u64 {
        self.created_ms
    }

    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// Milliseconds of the last change: the newest event, or creation.
    pub fn updated_ms(&self) -> u64 {
        self.log.last().map_or(self.created_ms, |l| l.at_ms)
    }

    /// The details as they stand after every correction.
    pub fn setup(&self) -> &Setup {
        self.log
            .iter()
            .rev()
            .find_map(|l| match &l.event {
                Event::DetailsEdited(setup) => Some(setup),
            })
            .unwrap_or(&self.initial)
    }

    /// Appends `event` at `at_ms` if the Laws allow it; otherwise nothing changes.
    pub fn apply(&mut self, event: Event, at_ms: u64) -> Result<(), GameError> {
        let last_ms = self.updated_ms();
        if at_ms < last_ms {
            return Err(GameError::OutOfOrder { last_ms, at_ms });
        }
        match &event {
            Event::DetailsEdited(setup) => setup.validate().map_err(GameError::Setup)?,
        }
        let hash = chain_hash(self.log.last().map(|l| l.hash.as_str()), at_ms, &event);
        self.log.push(Logged { at_ms, event, hash });
        Ok(())
    }

    /// Recomputes every hash of the log: `Err` names the first altered event.
    pub fn verify_chain(&self) -> Result<(), ChainError> {
        let mut previous: Option<&str> = None;
        for (index, logged) in self.log.iter().enumerate() {
            if chain_hash(previous, logged.at_ms, &logged.event) != logged.hash {
                return Err(ChainError { index });
            }
            previous = Some(&logged.hash);
        }
        Ok(())
    }
}

fn chain_hash(previous: Option<&str>, at_ms: u64, event: &Event) -> String {
    let mut hasher = Sha256::new();
    hasher.update(previous.unwrap_or("").as_bytes());
    hasher.update(at_ms.to_be_bytes());
    // Serialising our own enum cannot fail.
    hasher.update(serde_json::to_vec(event).expect("events serialise"));
    hex(&hasher.finalize())
}

/// Lower-case hexadecimal of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            ..Setup::default()
        };
        Game::new("g", setup, 1000)
    }

    #[test]
    fn a_refused_event_changes_nothing() {
        let mut g = game();
        let before = g.clone();
        let bad = Setup { white: Player::named(" "), ..g.setup().clone() };
        assert_eq!(
            g.apply(Event::DetailsEdited(bad), 2000),
            Err(GameError::Setup(SetupError::MissingName(Side::White)))
        );
        assert_eq!(g, before);
    }

    #[test]
    fn events_must_not_go_back_in_time() {
        let mut g = game();
        let setup = g.setup().clone();
        assert!(matches!(g.apply(Event::DetailsEdited(setup), 999), Err(GameError::OutOfOrder { .. })));
    }

    #[test]
    fn altering_an_event_breaks_the_chain_there() {
        let mut g = game();
        for (i, round) in ["1", "2", "3"].into_iter().enumerate() {
            let setup = Setup { round: round.into(), ..g.setup().clone() };
            g.apply(Event::DetailsEdited(setup), 2000 + i as u64).unwrap();
        }
        assert!(g.verify_chain().is_ok());
        g.log[1].at_ms += 1;
        assert_eq!(g.verify_chain(), Err(ChainError { index: 1 }));
    }

    #[test]
    fn a_game_survives_a_round_trip_through_json() {
        let mut g = game();
        let setup = Setup { event: "Club ch.".into(), ..g.setup().clone() };
        g.apply(Event::DetailsEdited(setup), 5000).unwrap();
        let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
        assert!(back.verify_chain().is_ok());
        assert_eq!(back.setup().event, "Club ch.");
    }
}
