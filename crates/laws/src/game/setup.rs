//! What the arbiter enters when creating a game: the players, the time
//! control, the clock, the edition of the Laws.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use crate::adjournment::AdjournmentRules;
use crate::clock::ClockSettings;
use crate::notation::NotationLang;
use crate::ruleset::{Edition, Ruleset};
use crate::side::Side;
use crate::time_control::{Class, PRESETS, TimeControl};

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
        Player {
            name: name.into(),
            fide_id: None,
        }
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
    /// Stored in PGN `TimeControl` notation, e.g. `40/5400+30:1800+30`.
    pub time_control: TimeControl,
    /// How the clock adds periods and behaves at zero.
    pub clock: ClockSettings,
    /// The language the scoresheet is written in (Appendix E's initials).
    pub notation: NotationLang,
    /// The starting position when it is not the standard one (FEN).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The edition of the Laws and the competition's parameters. Left out
    /// when it is the source texts' (logs written before it existed keep
    /// their hashes).
    #[serde(skip_serializing_if = "Ruleset::is_default")]
    pub ruleset: Ruleset,
    /// The competition's rules for adjourned games (A10's late limit, the
    /// flag article the printing cross-refers to); left out when they are
    /// the Laws' own.
    #[serde(skip_serializing_if = "AdjournmentRules::is_default")]
    pub adjournment: AdjournmentRules,
    /// The log's format version: left out for games written the first way,
    /// so their hash chains and meaning stay as they were. Stored as
    /// `fold`, its key in the records of earlier releases.
    #[serde(
        rename = "fold",
        default = "LogFormat::first",
        skip_serializing_if = "LogFormat::is_first"
    )]
    pub log_format: LogFormat,
    /// A game read from a PGN record, not played on this tablet (nothing
    /// to run or rule, only to show the players): the day it was played as
    /// the record writes it, `2026.11.30` (`????.??.??` when it does not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_date: Option<String>,
}

/// The format version of a game's log: how its events are folded into its
/// clock and its rulings. Later versions compare greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogFormat {
    /// Games stored before 2026-12-01: after each adjournment step the log
    /// carries what the clock did as clock events of its own. New events
    /// for such a game are still written so ([`Game::apply`](super::Game::apply) appends them).
    First,
    /// The log holds facts only: the fold works out what an adjournment
    /// step does to the clock (`adjournment::game_clock`).
    Facts,
    /// As [`LogFormat::Facts`], and a ruling puts back only clock readings it
    /// can match to the moves: with the clock's presses and the
    /// scoresheet more than a half-move apart it sets no clocks unless the
    /// arbiter gives the times. Games created before this kept the
    /// readings by the count of presses.
    Matched,
    /// As [`LogFormat::Matched`], and an illegal move is charged to the
    /// player the arbiter names, or to nobody when he finds nobody can
    /// say, whatever the record shows. Games created before this charged
    /// the player the record shows, when it could.
    Named,
}

impl LogFormat {
    fn first() -> LogFormat {
        LogFormat::First
    }

    fn is_first(&self) -> bool {
        *self == LogFormat::First
    }
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
            time_control: "5400+30".parse().expect("a valid control"),
            clock: ClockSettings::default(),
            notation: NotationLang::default(),
            start_fen: None,
            ruleset: Ruleset::default(),
            adjournment: AdjournmentRules::default(),
            log_format: LogFormat::Named,
            record_date: None,
        }
    }
}

impl Setup {
    /// A new game's details as an arbiter starts one today: the latest Laws
    /// the core knows ([`Edition::LATEST`]) and FIDE's standard control,
    /// the first of [`PRESETS`]. [`Setup::default`] stays the source texts',
    /// which a record naming no edition has always been folded under.
    ///
    /// ```
    /// use laws::game::Setup;
    /// use laws::ruleset::Edition;
    ///
    /// let setup = Setup::new_game();
    /// assert_eq!(setup.ruleset.edition, Edition::LATEST);
    /// assert_eq!(setup.time_control.to_string(), "40/5400+30:1800+30");
    /// ```
    #[must_use]
    pub fn new_game() -> Setup {
        Setup {
            time_control: PRESETS[0].control(),
            ruleset: Ruleset::of(Edition::LATEST),
            ..Setup::default()
        }
    }

    /// B1: the class the time control gives under the edition's limits,
    /// before a competition's override; standard when it gives none.
    pub(super) fn class_by_time_control(&self) -> Class {
        self.time_control
            .class(&self.ruleset.class_limits)
            .unwrap_or(Class::Standard)
    }

    /// Checks what an arbiter could get wrong on the form.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.white.name.trim().is_empty() {
            return Err(SetupError::MissingName(Side::White));
        }
        if self.black.name.trim().is_empty() {
            return Err(SetupError::MissingName(Side::Black));
        }
        if self.adjournment.flag_article().is_none() {
            return Err(SetupError::FlagArticle(
                self.adjournment.flag_article.clone(),
            ));
        }
        self.start_position().map(drop)
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Chess, SetupError> {
        let Some(fen) = &self.start_fen else {
            return Ok(Chess::default());
        };
        let invalid = |why: String| SetupError::InvalidStart(why);
        fen.parse::<Fen>()
            .map_err(|e| invalid(e.to_string()))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| invalid(e.to_string()))
    }

    /// Whether `other` changes what the clock or the moves were built on.
    pub(super) fn same_play(&self, other: &Setup) -> bool {
        self.time_control == other.time_control
            && self.clock == other.clock
            && self.start_fen == other.start_fen
    }
}

/// A setup the form must not accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    MissingName(Side),
    /// The starting position (FEN) is not a legal position.
    InvalidStart(String),
    /// The time control, clock settings or start position cannot change
    /// once the clock has started or a move is recorded.
    LockedAfterStart,
    /// The competition's flag-fall article is neither 6.10 nor 6.9.
    FlagArticle(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingName(side) => write!(f, "{side}'s name is missing"),
            SetupError::InvalidStart(why) => write!(f, "the starting position is not valid: {why}"),
            SetupError::LockedAfterStart => f.write_str(
                "the time control and the starting position cannot change once the game has begun; the arbiter adjusts the clock instead (6.13)",
            ),
            SetupError::FlagArticle(article) => write!(
                f,
                "the flag-fall article of adjourned games must be 6.10 or 6.9, not {article:?}"
            ),
        }
    }
}

impl std::error::Error for SetupError {}
