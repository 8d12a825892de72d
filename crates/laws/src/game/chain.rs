//! The hash chain that makes a game's log tamper-evident: each entry
//! carries the SHA-256 of the one before it.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Event;
use crate::encoding::hex;

/// One entry of the log: when, what, and the chain hash that seals it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// Wall-clock milliseconds since the Unix epoch.
    pub at_ms: u64,
    pub event: Event,
    /// Hex SHA-256 of the previous entry's hash, `at_ms` and the event.
    pub hash: String,
}

impl Logged {
    /// `event` at `at_ms`, sealed onto `previous` (the hash of the entry
    /// before it, `None` for the first).
    #[must_use]
    pub fn sealed(previous: Option<&str>, at_ms: u64, event: Event) -> Logged {
        let hash = chain_hash(previous, at_ms, &event);
        Logged { at_ms, event, hash }
    }

    /// Whether this entry's hash seals its time and event onto `previous`
    /// (the hash of the entry before it, `None` for the first): an entry
    /// read from another tablet or a database is checked so before it is
    /// taken into a log ([`Game::append_logged`](super::Game::append_logged)).
    #[must_use]
    pub fn seals_onto(&self, previous: Option<&str>) -> bool {
        chain_hash(previous, self.at_ms, &self.event) == self.hash
    }
}

/// An entry checked to seal onto the hash before it: a log whose newest
/// entry has that hash takes it without hashing it again
/// ([`Game::append_sealed`](super::Game::append_sealed),
/// [`Game::append_judged`](super::Game::append_judged)). A tablet reading a
/// game from a database checks each entry once, as it reads it, and grows
/// every history it may be on from the checked entries.
///
/// ```
/// use laws::game::{Event, Game, Logged, Player, Sealed, Setup};
///
/// let setup = Setup {
///     white: Player::named("White"),
///     black: Player::named("Black"),
///     ..Setup::default()
/// };
/// let first = Logged::sealed(None, 2_000, Event::DetailsEdited(Box::new(setup.clone())));
/// let mut forged = first.clone();
/// forged.at_ms += 1;
/// assert!(Sealed::check(None, forged).is_none());
/// let sealed = Sealed::check(None, first).unwrap();
/// let mut game = Game::new("g1", setup, 1_000);
/// game.append_sealed(&sealed).unwrap();
/// assert_eq!(game.head(), Some(sealed.logged().hash.as_str()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    previous: Option<String>,
    logged: Logged,
}

impl Sealed {
    /// `logged`, if its hash seals its time and event onto `previous`.
    #[must_use]
    pub fn check(previous: Option<&str>, logged: Logged) -> Option<Sealed> {
        logged.seals_onto(previous).then(|| Sealed {
            previous: previous.map(str::to_owned),
            logged,
        })
    }

    /// The hash of the entry it seals onto; `None` for a log's first.
    #[must_use]
    pub fn previous(&self) -> Option<&str> {
        self.previous.as_deref()
    }

    #[must_use]
    pub fn logged(&self) -> &Logged {
        &self.logged
    }
}

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

pub(super) fn chain_hash(previous: Option<&str>, at_ms: u64, event: &Event) -> String {
    let mut hasher = Sha256::new();
    hasher.update(previous.unwrap_or("").as_bytes());
    hasher.update(at_ms.to_be_bytes());
    // Serialising our own enum cannot fail.
    hasher.update(serde_json::to_vec(event).expect("events serialise"));
    hex(&hasher.finalize())
}
