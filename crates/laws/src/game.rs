//! A game: its setup and the append-only, hash-chained log of its events.
//!
//! Nothing derived is stored: the app keeps a [`Game`] (setup plus log) and
//! asks it for whatever it shows. The game holds its log folded ([`GameState`]):
//! folded once when it is made or read, then stepped by each event taken
//! into the log, so an event costs one step, not a replay of the log. Each
//! logged event carries the SHA-256 of the previous one, so an arbiter can
//! show that nothing was altered afterwards ([`Game::verify_chain`]).
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
//! game.apply(Event::DetailsEdited(Box::new(corrected)), 1_700_000_060_000).unwrap();
//! assert_eq!(game.setup().board, "1");
//! assert!(game.verify_chain().is_ok());
//! ```

mod chain;
mod event;
mod fold;
pub mod intervention;
pub mod result;
mod sealing;
mod setup;
mod sheet_moves;
mod waiting;

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use shakmaty::Chess;

use crate::adjournment::AdjournmentError;
use crate::clock::{Clock, ClockError};
use crate::irregularity::{IrregularityError, Outcome};
use crate::scoresheet::{NoSuchEntry, Scoresheet, Slot};
pub use crate::side::Side;
use chain::chain_hash;
pub use chain::{ChainError, Logged, Sealed};
pub use event::Event;
use fold::fold_log;
pub use fold::{EndedBy, Ending, GameState};
pub use result::{ClaimRefusal, DrawClaim, GameResult, ResultError};
pub use setup::{LogFormat, Player, Setup, SetupError};
pub use sheet_moves::{Replayed, SheetMoves};
pub use waiting::{Pending, Waiting};

/// An event the game refuses; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    Setup(SetupError),
    Clock(ClockError),
    /// The game has no clock (its time control is `-` or `?`).
    NoClock,
    /// An empty box cannot be recorded: write the move, or a dash.
    EmptyEntry,
    NoSuchEntry(NoSuchEntry),
    Adjournment(AdjournmentError),
    /// The Laws give no ruling on the finding as the game stands.
    Irregularity(IrregularityError),
    /// A ruling or a result ended the game: nothing more is pressed,
    /// played or ruled.
    Over(Outcome),
    /// The result is refused (a claim that is not correct...).
    Result(ResultError),
    /// Ruling `ruling` (from 1) cannot be corrected: only the last ruling
    /// can, before anything else happens in the game.
    NotCorrectable {
        ruling: usize,
    },
    /// The box holds a move opened from an envelope (or stated for a
    /// missing one): it stands as it was sealed and cannot be corrected.
    SealedEntry(Slot),
    /// Events are logged in time order; this one is earlier than the last.
    OutOfOrder {
        last_ms: u64,
        at_ms: u64,
    },
    /// The arbiter's correction of the clock needs his reason.
    NoReason,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Setup(e) => e.fmt(f),
            GameError::Clock(e) => e.fmt(f),
            GameError::NoClock => {
                f.write_str("this game is not played with a clock (its time control is not set)")
            }
            GameError::EmptyEntry => f.write_str("nothing is written: write the move, or a dash"),
            GameError::NoSuchEntry(e) => e.fmt(f),
            GameError::Adjournment(e) => e.fmt(f),
            GameError::Irregularity(e) => e.fmt(f),
            GameError::Over(outcome) => write!(f, "the game is over: {outcome}"),
            GameError::Result(e) => e.fmt(f),
            GameError::NotCorrectable { ruling } => write!(
                f,
                "ruling {ruling} can no longer be corrected: only the last ruling can, before anything else is done in the game"
            ),
            GameError::SealedEntry(slot) => write!(
                f,
                "box {slot} holds the sealed move as it was opened: it stands as sealed and cannot be corrected (A8)"
            ),
            GameError::NoReason => f.write_str("give the reason for the correction"),
            GameError::OutOfOrder { last_ms, at_ms } => {
                write!(
                    f,
                    "event at {at_ms} ms is earlier than the last one at {last_ms} ms"
                )
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Why an entry from another copy of a game is not appended
/// ([`Game::append_judged`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppendError {
    /// It does not seal onto the log's newest entry, or is earlier.
    Chain(ChainError),
    /// The Laws refuse it where it would stand.
    Refused(GameError),
}

impl fmt::Display for AppendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppendError::Chain(e) => e.fmt(f),
            AppendError::Refused(e) => write!(f, "the Laws refuse it: {e}"),
        }
    }
}

impl std::error::Error for AppendError {}

/// How two copies of one game relate ([`Game::lineage`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lineage {
    /// The same log.
    Same,
    /// This copy has every event of the other, and more.
    Ahead,
    /// The other copy has every event of this one, and more.
    Behind,
    /// Different histories (or different games): neither may replace the other.
    Diverged,
}

/// A game: identity, the setup it was created with, and its event log.
///
/// Two games are equal when these are; the log folded goes with them, not
/// into the comparison, nor into what is written out.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "Unfolded")]
pub struct Game {
    id: String,
    created_ms: u64,
    initial: Setup,
    /// Shared between copies of the game, as its fold is: the app clones
    /// games freely (a screen's memo holds its own), and a copy's log is
    /// copied only when an event is added to it.
    #[serde(serialize_with = "serialize_log")]
    log: Arc<Vec<Logged>>,
    /// The log folded: what [`Game::fold`] gives. Shared between copies
    /// of the game until one takes an event.
    #[serde(skip_serializing)]
    folded: Arc<Result<GameState, GameError>>,
}

/// A game as written out: all but its fold, which reading makes again.
#[derive(Deserialize)]
#[serde(rename = "Game")]
struct Unfolded {
    id: String,
    created_ms: u64,
    initial: Setup,
    log: Vec<Logged>,
}

impl From<Unfolded> for Game {
    fn from(game: Unfolded) -> Game {
        let folded = Arc::new(fold_log(&game.initial, &game.log, |_, _| {}));
        Game {
            id: game.id,
            created_ms: game.created_ms,
            initial: game.initial,
            log: Arc::new(game.log),
            folded,
        }
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.id == other.id
            && self.created_ms == other.created_ms
            && self.initial == other.initial
            && (Arc::ptr_eq(&self.log, &other.log) || self.log == other.log)
    }
}

/// The log as written out: its entries (serde writes no `Arc` unasked).
fn serialize_log<S: serde::Serializer>(log: &Arc<Vec<Logged>>, s: S) -> Result<S::Ok, S::Error> {
    log.as_slice().serialize(s)
}

impl Eq for Game {}

impl Game {
    #[must_use]
    pub fn new(id: impl Into<String>, setup: Setup, created_ms: u64) -> Game {
        Game::from(Unfolded {
            id: id.into(),
            created_ms,
            initial: setup,
            log: Vec::new(),
        })
    }

    /// A game from its parts as stored: the log's events with their times,
    /// oldest first. The chain hashes are computed afresh, so a store may
    /// keep only the newest one and compare ([`Game::head`]). The events are
    /// not refused here: the fold judges them ([`Game::fold`]).
    #[must_use]
    pub fn from_events(
        id: impl Into<String>,
        initial: Setup,
        created_ms: u64,
        events: Vec<(u64, Event)>,
    ) -> Game {
        let mut log: Vec<Logged> = Vec::with_capacity(events.len());
        for (at_ms, event) in events {
            let hash = chain_hash(log.last().map(|l| l.hash.as_str()), at_ms, &event);
            log.push(Logged { at_ms, event, hash });
        }
        Game::from(Unfolded {
            id: id.into(),
            created_ms,
            initial,
            log,
        })
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The details the game was created with (before any correction).
    pub fn initial(&self) -> &Setup {
        &self.initial
    }

    /// The hash of the newest event, which seals the whole log.
    pub fn head(&self) -> Option<&str> {
        self.log.last().map(|l| l.hash.as_str())
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

    /// The game as it stood at `at_ms`: the log's entries up to then,
    /// folded afresh. A broadcast's delay shows this, so that nothing later
    /// (a move, a result, an envelope opened) is out before its time.
    ///
    /// ```
    /// use laws::game::{Event, Game, Setup};
    /// use laws::scoresheet::Entry;
    ///
    /// let mut game = Game::new("g1", Setup::default(), 0);
    /// game.apply(Event::Recorded(Entry::written("e4")), 60_000).unwrap();
    /// assert_eq!(game.as_at(59_999).log().len(), 0);
    /// assert_eq!(game.as_at(60_000), game);
    /// ```
    #[must_use]
    pub fn as_at(&self, at_ms: u64) -> Game {
        let kept = self
            .log
            .iter()
            .position(|l| l.at_ms > at_ms)
            .unwrap_or(self.log.len());
        if kept == self.log.len() {
            return self.clone();
        }
        Game::from(Unfolded {
            id: self.id.clone(),
            created_ms: self.created_ms,
            initial: self.initial.clone(),
            log: self.log[..kept].to_vec(),
        })
    }

    /// The details as they stand after every correction.
    pub fn setup(&self) -> &Setup {
        self.log
            .iter()
            .rev()
            .find_map(|l| match &l.event {
                Event::DetailsEdited(setup) => Some(&**setup),
                _ => None,
            })
            .unwrap_or(&self.initial)
    }

    /// Appends `event` at `at_ms` if the Laws allow it; otherwise nothing
    /// changes. The event is judged against the game as folded so far and
    /// takes it one step on: the log is not replayed.
    pub fn apply(&mut self, event: Event, at_ms: u64) -> Result<(), GameError> {
        let last_ms = self.updated_ms();
        if at_ms < last_ms {
            return Err(GameError::OutOfOrder { last_ms, at_ms });
        }
        // A step refused halfway leaves its state changed: it is taken on
        // a copy, kept only once the event and its consequences stand.
        let mut play = self.fold()?.clone();
        let consequences = play.apply(&event, at_ms)?;
        let mut events = vec![event];
        // A game folded the first way logs what its clock does.
        for action in consequences {
            let event = Event::Clock(action);
            play.apply(&event, at_ms)?;
            events.push(event);
        }
        for event in events {
            let hash = chain_hash(self.log.last().map(|l| l.hash.as_str()), at_ms, &event);
            Arc::make_mut(&mut self.log).push(Logged { at_ms, event, hash });
        }
        self.folded = Arc::new(Ok(play));
        Ok(())
    }

    /// Appends an entry logged by another copy of this game, if it seals
    /// onto this log's newest entry and is not earlier than it; otherwise
    /// nothing changes and `Err` gives the place it would have taken. The
    /// Laws do not refuse it here: the fold takes it as on reload, and
    /// [`Game::fold`] names it if they refuse it.
    ///
    /// ```
    /// use laws::game::{ChainError, Event, Game, Player, Setup};
    ///
    /// let setup = Setup {
    ///     white: Player::named("White"),
    ///     black: Player::named("Black"),
    ///     ..Setup::default()
    /// };
    /// let mut board = Game::new("g1", setup.clone(), 1_000);
    /// let mut edited = board.setup().clone();
    /// edited.round = "2".into();
    /// board.apply(Event::DetailsEdited(Box::new(edited)), 2_000).unwrap();
    ///
    /// let mut arbiter = Game::new("g1", setup, 1_000);
    /// let mut forged = board.log()[0].clone();
    /// forged.at_ms += 1;
    /// assert_eq!(arbiter.append_logged(forged), Err(ChainError { index: 0 }));
    /// arbiter.append_logged(board.log()[0].clone()).unwrap();
    /// assert_eq!(arbiter, board);
    /// ```
    pub fn append_logged(&mut self, logged: Logged) -> Result<(), ChainError> {
        let index = self.log.len();
        if logged.at_ms < self.updated_ms() || !logged.seals_onto(self.head()) {
            return Err(ChainError { index });
        }
        self.push_unjudged(logged);
        Ok(())
    }

    /// Appends `entry` as [`Game::append_logged`] does, its hash checked
    /// already ([`Sealed::check`]): it must seal onto this log's newest
    /// entry and not be earlier than it.
    pub fn append_sealed(&mut self, entry: &Sealed) -> Result<(), ChainError> {
        if !self.takes(entry) {
            return Err(ChainError {
                index: self.log.len(),
            });
        }
        self.push_unjudged(entry.logged().clone());
        Ok(())
    }

    /// Whether `entry` seals onto this log's newest entry, not earlier.
    fn takes(&self, entry: &Sealed) -> bool {
        entry.logged().at_ms >= self.updated_ms() && entry.previous() == self.head()
    }

    fn push_unjudged(&mut self, logged: Logged) {
        // A log the Laws refused stays refused at its first such event.
        if let Ok(play) = Arc::make_mut(&mut self.folded) {
            let stepped = play.apply(&logged.event, logged.at_ms);
            if let Err(e) = stepped {
                self.folded = Arc::new(Err(e));
            }
        }
        Arc::make_mut(&mut self.log).push(logged);
    }

    /// Appends an entry logged by another copy of this game, as
    /// [`Game::append_sealed`] does, only when the Laws take it too: an
    /// entry they refuse (a correction with no reason, a press in a game
    /// already over) is not appended, so nobody else's entry can break
    /// this copy's fold. A copy whose fold is already refused judges
    /// nothing more, and appends as [`Game::append_sealed`].
    ///
    /// ```
    /// use laws::clock::ClockCorrection;
    /// use laws::game::{AppendError, Event, Game, GameError, Logged, Player, Sealed, Setup};
    ///
    /// let setup = Setup {
    ///     white: Player::named("White"),
    ///     black: Player::named("Black"),
    ///     ..Setup::default()
    /// };
    /// let mut game = Game::new("g1", setup, 1_000);
    /// let event = Event::ClockCorrected {
    ///     correction: ClockCorrection::UndoLastPress,
    ///     reason: " ".into(),
    /// };
    /// let forged = Sealed::check(None, Logged::sealed(None, 2_000, event)).unwrap();
    /// assert!(matches!(
    ///     game.append_judged(&forged),
    ///     Err(AppendError::Refused(GameError::NoReason))
    /// ));
    /// assert!(game.log().is_empty() && game.fold().is_ok());
    /// ```
    pub fn append_judged(&mut self, entry: &Sealed) -> Result<(), AppendError> {
        if !self.takes(entry) {
            return Err(AppendError::Chain(ChainError {
                index: self.log.len(),
            }));
        }
        let logged = entry.logged();
        // Stepped in place, not on a copy: a game read from a database is
        // grown one entry at a time, and copying its state at each step
        // made that quadratic. A step refused halfway may have changed the
        // state: it is folded again from the log, which did not change.
        if let Ok(play) = Arc::make_mut(&mut self.folded)
            && let Err(refused) = play.apply(&logged.event, logged.at_ms)
        {
            self.folded = Arc::new(fold_log(&self.initial, &self.log, |_, _| {}));
            return Err(AppendError::Refused(refused));
        }
        Arc::make_mut(&mut self.log).push(logged.clone());
        Ok(())
    }

    /// How this game's log stands to another copy of the same game's.
    ///
    /// Logs only grow, so of two copies the longer one whose log starts with
    /// the other's is the newer; anything else is two histories that must
    /// not silently replace each other.
    #[must_use]
    pub fn lineage(&self, other: &Game) -> Lineage {
        if self.id != other.id
            || self.created_ms != other.created_ms
            || self.initial != other.initial
        {
            return Lineage::Diverged;
        }
        let shared = self.log.len().min(other.log.len());
        let same_start = shared == 0 || self.log[shared - 1].hash == other.log[shared - 1].hash;
        match (same_start, self.log.len().cmp(&other.log.len())) {
            (false, _) => Lineage::Diverged,
            (true, std::cmp::Ordering::Equal) => Lineage::Same,
            (true, std::cmp::Ordering::Greater) => Lineage::Ahead,
            (true, std::cmp::Ordering::Less) => Lineage::Behind,
        }
    }

    /// The clock as the log leaves it; `None` when the game is not timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.fold().ok().and_then(|play| play.clock.as_ref())
    }

    /// The scoresheet as written so far.
    pub fn scoresheet(&self) -> Scoresheet {
        self.fold()
            .map(|play| play.sheet.clone())
            .unwrap_or_else(|_| Scoresheet::new(self.initial.notation, &Chess::default()))
    }

    /// The log folded, as on reload (kept, not replayed: the game was
    /// folded once when made or read, then stepped by each event); `Err`
    /// names the first event the Laws refuse (a log edited by hand, or by
    /// an older build with a bug).
    pub fn fold(&self) -> Result<&GameState, GameError> {
        self.folded.as_ref().as_ref().map_err(Clone::clone)
    }

    /// The log replayed from the start, showing `each` every event with the
    /// game as it stands after it: what happened when, and where on the
    /// sheet. The same steps as [`Game::fold`]'s.
    pub fn fold_each(&self, each: impl FnMut(&Logged, &GameState)) -> Result<GameState, GameError> {
        fold_log(&self.initial, &self.log, each)
    }

    /// Recomputes every hash of the log: `Err` names the first altered event.
    pub fn verify_chain(&self) -> Result<(), ChainError> {
        let mut previous: Option<&str> = None;
        for (index, logged) in self.log.iter().enumerate() {
            if !logged.seals_onto(previous) {
                return Err(ChainError { index });
            }
            previous = Some(&logged.hash);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;

    use super::*;
    use crate::adjournment::AdjournmentEvent;
    use crate::clock::{ClockAction, ClockCorrection};
    use crate::irregularity::Finding;
    use crate::notation::NotationLang;
    use crate::ruleset::Ruleset;
    use crate::scoresheet::{Entry, Written};
    use crate::time_control::Class;

    fn game() -> Game {
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            ..Setup::default()
        };
        Game::new("g", setup, 1000)
    }

    #[test]
    fn a_competition_s_flag_article_is_6_10_or_6_9() {
        let mut g = game();
        let mut setup = g.setup().clone();
        setup.adjournment.flag_article = "6.9".into();
        g.apply(Event::DetailsEdited(Box::new(setup.clone())), 1_500)
            .unwrap();
        assert_eq!(
            g.fold().unwrap().adjournment.rules().flag(),
            crate::article::Article::Art6_9
        );
        setup.adjournment.flag_article = "6,10".into();
        assert_eq!(
            g.apply(Event::DetailsEdited(Box::new(setup)), 1_600),
            Err(GameError::Setup(SetupError::FlagArticle("6,10".into())))
        );
    }

    #[test]
    fn a_refused_event_changes_nothing() {
        let mut g = game();
        let before = g.clone();
        let bad = Setup {
            white: Player::named(" "),
            ..g.setup().clone()
        };
        assert_eq!(
            g.apply(Event::DetailsEdited(Box::new(bad)), 2000),
            Err(GameError::Setup(SetupError::MissingName(Side::White)))
        );
        assert_eq!(g, before);
    }

    #[test]
    fn events_must_not_go_back_in_time() {
        let mut g = game();
        let setup = g.setup().clone();
        assert!(matches!(
            g.apply(Event::DetailsEdited(Box::new(setup)), 999),
            Err(GameError::OutOfOrder { .. })
        ));
    }

    #[test]
    fn altering_an_event_breaks_the_chain_there() {
        let mut g = game();
        for (i, round) in ["1", "2", "3"].into_iter().enumerate() {
            let setup = Setup {
                round: round.into(),
                ..g.setup().clone()
            };
            g.apply(Event::DetailsEdited(Box::new(setup)), 2000 + i as u64)
                .unwrap();
        }
        assert!(g.verify_chain().is_ok());
        Arc::make_mut(&mut g.log)[1].at_ms += 1;
        assert_eq!(g.verify_chain(), Err(ChainError { index: 1 }));
    }

    #[test]
    fn an_entry_from_another_copy_is_taken_only_when_the_laws_take_it() {
        let mut board = game();
        let setup = Setup {
            round: "2".into(),
            ..board.setup().clone()
        };
        board
            .apply(Event::DetailsEdited(Box::new(setup)), 2_000)
            .unwrap();
        let mut copy = game();
        copy.append_judged(&Sealed::check(None, board.log()[0].clone()).unwrap())
            .unwrap();
        assert_eq!(copy, board);
        assert_eq!(copy.setup(), board.setup());

        let before = copy.clone();
        // A copy read back holds its state alone: the step is tried in place.
        let mut copy: Game = serde_json::from_str(&serde_json::to_string(&copy).unwrap()).unwrap();
        let no_reason = Event::ClockCorrected {
            correction: ClockCorrection::UndoLastPress,
            reason: String::new(),
        };
        let unlawful = Logged::sealed(copy.head(), 3_000, no_reason);
        assert_eq!(
            copy.append_judged(&Sealed::check(copy.head(), unlawful.clone()).unwrap()),
            Err(AppendError::Refused(GameError::NoReason))
        );
        assert_eq!(copy, before);
        // The whole state, as Debug writes it (it has no `PartialEq`).
        assert_eq!(format!("{:?}", copy.fold()), format!("{:?}", before.fold()));
        // What the Laws refuse, the chain alone would have taken.
        assert_eq!(copy.append_logged(unlawful), Ok(()));
        assert!(copy.fold().is_err());

        let mut early = before.clone();
        let earlier = Logged::sealed(early.head(), 1_500, Event::Result(GameResult::DrawAgreed));
        assert_eq!(
            early.append_judged(&Sealed::check(early.head(), earlier).unwrap()),
            Err(AppendError::Chain(ChainError { index: 1 }))
        );
    }

    #[test]
    fn lineage_tells_newer_copies_from_diverged_ones() {
        let base = game();
        let edit = |g: &Game, round: &str, at: u64| {
            let mut g = g.clone();
            let setup = Setup {
                round: round.into(),
                ..g.setup().clone()
            };
            g.apply(Event::DetailsEdited(Box::new(setup)), at).unwrap();
            g
        };
        let one = edit(&base, "1", 2000);
        let two = edit(&one, "2", 3000);
        let other = edit(&one, "9", 3000);
        assert_eq!(one.lineage(&one.clone()), Lineage::Same);
        assert_eq!(two.lineage(&one), Lineage::Ahead);
        assert_eq!(one.lineage(&two), Lineage::Behind);
        assert_eq!(two.lineage(&other), Lineage::Diverged);
        assert_eq!(
            base.lineage(&Game::new("other", base.setup().clone(), 1000)),
            Lineage::Diverged
        );
    }

    #[test]
    fn the_arbiter_corrects_the_clock_with_his_reason_kept_in_the_log() {
        let mut g = game();
        let press = |side| Event::Clock(ClockAction::Press { side });
        g.apply(
            Event::Clock(ClockAction::Start { side: Side::White }),
            2_000,
        )
        .unwrap();
        g.apply(press(Side::White), 12_000).unwrap();
        let undo = |reason: &str| Event::ClockCorrected {
            correction: ClockCorrection::UndoLastPress,
            reason: reason.into(),
        };
        assert_eq!(g.apply(undo(" "), 13_000), Err(GameError::NoReason));
        g.apply(undo("pressed without moving"), 13_000).unwrap();
        let play = g.fold().unwrap();
        let clock = play.clock.as_ref().unwrap();
        assert_eq!(clock.running_side(), Some(Side::White));
        assert_eq!(clock.moves(Side::White), 0);
        // The reading of the press taken back is gone: no move to match it to.
        assert_eq!(play.clock_log.len(), 1);
        // The event reads back as written, reason and all.
        let json = serde_json::to_string(&g.log()[2].event).unwrap();
        assert_eq!(
            json,
            r#"{"type":"clock_corrected","correction":"undo_last_press","reason":"pressed without moving"}"#
        );
        assert_eq!(
            serde_json::from_str::<Event>(&json).unwrap(),
            g.log()[2].event
        );
        g.apply(
            Event::ClockCorrected {
                correction: ClockCorrection::SwapSides,
                reason: "clock placed the other way round".into(),
            },
            14_000,
        )
        .unwrap();
        let clock = g.clock().unwrap();
        assert!(clock.halves_swapped());
        assert_eq!(clock.running_side(), Some(Side::Black));
    }

    #[test]
    fn the_board_follows_the_scoresheet_up_to_the_first_irregularity() {
        let mut g = game();
        for (i, text) in ["e4", "e5", "Nf3", "Ke3", "Nc3"].into_iter().enumerate() {
            g.apply(Event::Recorded(Entry::written(text)), 2000 + i as u64)
                .unwrap();
        }
        let play = g.fold().unwrap();
        assert_eq!(play.check().first_irregularity, Some(3));
        let after_nf3: Fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
            .parse()
            .unwrap();
        assert_eq!(
            Fen::from_position(&play.position(), shakmaty::EnPassantMode::Legal),
            after_nf3
        );
    }

    #[test]
    fn the_time_control_is_locked_once_the_clock_runs() {
        let mut g = game();
        g.apply(Event::Clock(ClockAction::Start { side: Side::White }), 2000)
            .unwrap();
        let faster = Setup {
            time_control: "300+2".parse().unwrap(),
            ..g.setup().clone()
        };
        assert_eq!(
            g.apply(Event::DetailsEdited(Box::new(faster)), 3000),
            Err(GameError::Setup(SetupError::LockedAfterStart))
        );
        let renamed = Setup {
            white: Player::named("Renamed"),
            ..g.setup().clone()
        };
        assert!(
            g.apply(Event::DetailsEdited(Box::new(renamed)), 3000)
                .is_ok()
        );
        assert!(g.clock().unwrap().is_started());
    }

    #[test]
    fn an_empty_entry_and_a_clock_refusal_change_nothing() {
        let mut g = game();
        let before = g.clone();
        assert_eq!(
            g.apply(Event::Recorded(Entry::written("  ")), 2000),
            Err(GameError::EmptyEntry)
        );
        assert!(matches!(
            g.apply(Event::Clock(ClockAction::Press { side: Side::White }), 2000),
            Err(GameError::Clock(_))
        ));
        assert_eq!(g, before);
    }

    #[test]
    fn an_adjournment_step_survives_a_round_trip_through_json() {
        let mut g = game();
        let step = AdjournmentEvent::SealRequested {
            sealer: Side::White,
            session_end_ms: 0,
        };
        g.apply(Event::Adjournment(step), 5000).unwrap();
        let json = serde_json::to_string(&g).unwrap();
        assert!(json.contains(r#""step":{"type":"seal_requested""#));
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
    }

    /// Seals `text`, written in `lang`, for the side to move in `g` at `at`
    /// and has it verified, as the adjourn screen does (the clock not used).
    fn seal_and_verify(g: &mut Game, text: &str, lang: NotationLang, at: u64) {
        use crate::adjournment::{
            Entropy, Envelope, MIN_ITERATIONS, Resumption, SealingDraft, TimeUsed,
        };
        let play = g.fold().unwrap();
        let position = play.position();
        let sealer: Side = shakmaty::Position::turn(&position).into();
        let moves = play.check().moves_played();
        let outside = Envelope {
            event: "Club ch.".into(),
            round: "1".into(),
            board: "1".into(),
            arbiter: "A. Arbiter".into(),
            white: play.setup.white.name.clone(),
            black: play.setup.black.name.clone(),
            fen: Fen::from_position(&position, shakmaty::EnPassantMode::Legal).to_string(),
            moves,
            time_used: TimeUsed::default(),
            sealer,
            move_number: shakmaty::Position::fullmoves(&position).get(),
            draw_offer: None,
            resumption: Resumption {
                date: "2026-11-30".into(),
                time: "10:00".into(),
                venue: "Hall".into(),
            },
            replies_to: None,
        };
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write(text, lang).unwrap();
        let entropy = Entropy {
            salt: [1; 16],
            nonce: [2; 12],
        };
        let sealed = draft
            .seal(outside.clone(), at, 0, "2468", MIN_ITERATIONS, entropy)
            .unwrap();
        for step in [
            AdjournmentEvent::SealRequested {
                sealer,
                session_end_ms: 0,
            },
            AdjournmentEvent::Sealed {
                envelope: Box::new(sealed),
            },
            AdjournmentEvent::Verified {
                game: Box::new(outside),
            },
        ] {
            g.apply(Event::Adjournment(step), at).unwrap();
        }
    }

    #[test]
    fn a_resumed_game_is_adjourned_again_and_counts_the_moves_made_since() {
        let mut g = game();
        seal_and_verify(&mut g, "e4", NotationLang::En, 2000);
        let sealed_move = g.fold().unwrap().adjournment.envelopes()[0]
            .open("2468")
            .unwrap();
        resume(&mut g, 3000);
        g.apply(
            Event::Adjournment(AdjournmentEvent::Opened { sealed_move }),
            3000,
        )
        .unwrap();
        g.apply(Event::Recorded(Entry::written("e4")), 3000)
            .unwrap();
        // The fold started the replier's clock (A9a); his move on the clock
        // counts as his first (A12).
        assert_eq!(g.clock().unwrap().running_side(), Some(Side::Black));
        g.apply(Event::Recorded(Entry::written("e5")), 4000)
            .unwrap();
        g.apply(Event::Clock(ClockAction::Press { side: Side::Black }), 4000)
            .unwrap();
        let late_correction = AdjournmentEvent::ClockErrorPointedOut {
            by: Side::Black,
            finding: crate::adjournment::ClockFinding::NotEstablished,
        };
        assert!(matches!(
            g.apply(Event::Adjournment(late_correction), 4000),
            Err(GameError::Adjournment(AdjournmentError::AfterFirstMove(
                Side::Black
            )))
        ));
        // A13: adjourned again; the first adjournment is kept.
        seal_and_verify(&mut g, "Nf3", NotationLang::En, 5000);
        let play = g.fold().unwrap();
        assert_eq!(play.earlier_adjournments.len(), 1);
        assert_eq!(
            play.earlier_adjournments[0].phase(),
            crate::adjournment::Phase::Continuing
        );
        let second = play.adjournment.envelopes()[0].envelope();
        assert_eq!((second.sealer, second.move_number), (Side::White, 2));
        assert_eq!(second.moves, ["e4", "e5"]);
    }

    fn class_of(control: &str, ruleset: Ruleset) -> Class {
        let setup = Setup {
            time_control: control.parse().unwrap(),
            ruleset,
            ..Setup::default()
        };
        Game::new("g", setup, 1000).fold().unwrap().class()
    }

    #[test]
    fn a_game_s_class_follows_its_edition_and_the_competition() {
        use crate::ruleset::Edition;
        // 60 minutes: rapid in the source texts and 2009, standard from 2014.
        assert_eq!(class_of("3600", Ruleset::default()), Class::Rapid);
        assert_eq!(
            class_of("3600", Ruleset::of(Edition::Fide2009)),
            Class::Standard
        );
        assert_eq!(
            class_of("3600", Ruleset::of(Edition::Fide2014)),
            Class::Standard
        );
        assert_eq!(class_of("900", Ruleset::of(Edition::Source)), Class::Rapid);
        assert_eq!(
            class_of("600", Ruleset::of(Edition::Fide2014)),
            Class::Blitz
        );
        let fixed = Ruleset {
            game_class: Some(Class::Rapid),
            ..Ruleset::of(Edition::Fide2014)
        };
        assert_eq!(class_of("3600", fixed), Class::Rapid);
    }

    #[test]
    fn the_class_is_the_one_the_rulings_use() {
        use crate::ruleset::Edition;
        for ruleset in [Ruleset::default(), Ruleset::of(Edition::Fide2014)] {
            for control in ["600", "900", "3600", "5400+30", "-"] {
                let setup = Setup {
                    time_control: control.parse().unwrap(),
                    ruleset: ruleset.clone(),
                    ..Setup::default()
                };
                let play = Game::new("g", setup, 1000).fold().unwrap().clone();
                assert_eq!(play.class(), play.situation(2000).class(), "{control}");
            }
        }
    }

    #[test]
    fn a_finished_game_ends_with_its_result() {
        let mut g = game();
        assert_eq!(g.fold().unwrap().ended(), None);
        g.apply(Event::Result(GameResult::DrawAgreed), 2000)
            .unwrap();
        let play = g.fold().unwrap();
        assert_eq!(
            play.ended(),
            Some(Ending {
                outcome: Outcome::Draw,
                by: EndedBy::Result(&GameResult::DrawAgreed),
            })
        );
    }

    #[test]
    fn an_adjourned_game_ends_with_appendix_a_s_ruling() {
        let (mut g, sealed_move) = sealed_mate();
        assert_eq!(g.fold().unwrap().ended(), None);
        resume_and_open(&mut g, sealed_move);
        let play = g.fold().unwrap();
        // The stored format unchanged: the fold leaves the outcome unset.
        assert_eq!(play.outcome, None);
        let ruling = play.adjournment.result().unwrap();
        assert_eq!(
            play.ended(),
            Some(Ending {
                outcome: Outcome::BlackWins,
                by: EndedBy::Adjournment(ruling),
            })
        );
    }

    #[test]
    fn a_game_stands_adjourned_from_the_sealing_until_play_goes_on() {
        let adjourned = |g: &Game| g.fold().unwrap().adjournment.adjourned();
        let mut g = game();
        assert!(!adjourned(&g));
        seal_and_verify(&mut g, "e4", NotationLang::En, 2000);
        assert!(adjourned(&g));
        let sealed_move = g.fold().unwrap().adjournment.envelopes()[0]
            .open("2468")
            .unwrap();
        resume(&mut g, 3000);
        assert!(adjourned(&g), "resumed, the envelope still closed");
        g.apply(
            Event::Adjournment(AdjournmentEvent::Opened { sealed_move }),
            3000,
        )
        .unwrap();
        g.apply(Event::Recorded(Entry::written("e4")), 3000)
            .unwrap();
        assert!(!adjourned(&g), "play goes on");
        seal_and_verify(&mut g, "e5", NotationLang::En, 5000);
        assert!(adjourned(&g), "A13: adjourned again");

        let (mut mated, sealed_move) = sealed_mate();
        resume(&mut mated, 3000);
        mated
            .apply(Event::Clock(ClockAction::Start { side: Side::White }), 3000)
            .unwrap();
        mated
            .apply(
                Event::Adjournment(AdjournmentEvent::Opened { sealed_move }),
                4000,
            )
            .unwrap();
        assert!(mated.fold().unwrap().ended().is_some());
        assert!(adjourned(&mated), "concluded: its envelope is still shown");
    }

    /// Fool's mate up to Black's sealed move: `Qh4` would mate.
    fn sealed_mate() -> (Game, crate::adjournment::SealedMove) {
        sealed_mate_in("Qh4", NotationLang::En)
    }

    /// [`sealed_mate`] with the queen's move written as `text` in `lang`.
    fn sealed_mate_in(text: &str, lang: NotationLang) -> (Game, crate::adjournment::SealedMove) {
        let mut g = game();
        for (i, text) in ["f3", "e5", "g4"].into_iter().enumerate() {
            g.apply(Event::Recorded(Entry::written(text)), 1000 + i as u64)
                .unwrap();
        }
        seal_and_verify(&mut g, text, lang, 2000);
        let sealed_move = g.fold().unwrap().adjournment.envelopes()[0]
            .open("2468")
            .unwrap();
        (g, sealed_move)
    }

    fn resume(g: &mut Game, at: u64) {
        use crate::adjournment::{Presence, TimeUsed};
        for step in [
            AdjournmentEvent::SetUp {
                time_used: TimeUsed::default(),
            },
            AdjournmentEvent::Resumed {
                present: Presence {
                    white: true,
                    black: true,
                },
            },
        ] {
            g.apply(Event::Adjournment(step), at).unwrap();
        }
    }

    fn concluded(result: Result<(), GameError>) -> bool {
        matches!(
            result,
            Err(GameError::Adjournment(AdjournmentError::Concluded(_)))
        )
    }

    /// Resumes `g` at 3000 ms, White's clock started, and opens its envelope at 4000.
    fn resume_and_open(g: &mut Game, sealed_move: crate::adjournment::SealedMove) {
        resume(g, 3000);
        g.apply(Event::Clock(ClockAction::Start { side: Side::White }), 3000)
            .unwrap();
        g.apply(
            Event::Adjournment(AdjournmentEvent::Opened { sealed_move }),
            4000,
        )
        .unwrap();
    }

    #[test]
    fn a_sealed_move_that_mates_ends_the_game_once_it_is_on_the_scoresheet() {
        let (mut g, sealed_move) = sealed_mate();
        resume_and_open(&mut g, sealed_move);
        let play = g.fold().unwrap();
        assert!(play.adjournment.result().is_some());
        let clock = play.clock.as_ref().unwrap();
        assert!(clock.is_paused(), "the game's clock stops with the mate");
        // Only the sealed move itself may still be written, as it was sealed.
        assert_eq!(play.sealed_move_to_record().unwrap().text, "Qh4");
        assert!(concluded(
            g.apply(Event::Recorded(Entry::written("Qh5")), 5000)
        ));
        g.apply(Event::Recorded(Entry::written("Qh4")), 5000)
            .unwrap();
        let play = g.fold().unwrap();
        assert_eq!(play.sealed_move_to_record(), None);
        assert_eq!(play.check().moves_played(), ["f3", "e5", "g4", "Qh4#"]);
        // The opened move stands as sealed; the boxes before it may be corrected.
        let sealed_box = Slot {
            number: 2,
            side: Side::Black,
        };
        assert_eq!(
            g.apply(
                Event::Corrected {
                    slot: sealed_box,
                    written: Written::Move("Qg5".into()),
                },
                5000
            ),
            Err(GameError::SealedEntry(sealed_box))
        );
        g.apply(
            Event::Corrected {
                slot: Slot {
                    number: 1,
                    side: Side::White,
                },
                written: Written::Move("f3".into()),
            },
            5000,
        )
        .unwrap();
        for refused in [
            Event::Recorded(Entry::written("Kf2")),
            Event::Recorded(Entry::written("Qh4")),
            Event::Clock(ClockAction::Resume),
            Event::ruled(Finding::PiecesDisplaced { by: Side::White }),
        ] {
            assert!(concluded(g.apply(refused.clone(), 6000)), "{refused:?}");
        }
        // Details can still be corrected after the game.
        let mut setup = g.setup().clone();
        setup.round = "2".into();
        g.apply(Event::DetailsEdited(Box::new(setup)), 6000)
            .unwrap();
    }

    #[test]
    fn a_move_sealed_in_the_sealer_s_own_notation_goes_on_the_scoresheet_in_the_game_s() {
        // Polish: H is the queen (hetman); the game's scoresheet is English.
        let (mut g, sealed_move) = sealed_mate_in("Hh4", NotationLang::Pl);
        resume(&mut g, 3000);
        g.apply(
            Event::Adjournment(AdjournmentEvent::Opened { sealed_move }),
            4000,
        )
        .unwrap();
        let play = g.fold().unwrap();
        assert_eq!(play.sealed_move_to_record().unwrap().text, "Hh4");
        assert_eq!(play.sealed_entry().as_deref(), Some("Qh4#"));
        assert!(concluded(
            g.apply(Event::Recorded(Entry::written("Hh4")), 5000)
        ));
        g.apply(Event::Recorded(Entry::written("Qh4#")), 5000)
            .unwrap();
        assert_eq!(
            g.fold().unwrap().check().moves_played(),
            ["f3", "e5", "g4", "Qh4#"]
        );
    }

    #[test]
    fn a_draw_agreed_before_resumption_ends_the_game_unopened() {
        let (mut g, _) = sealed_mate();
        g.apply(Event::Adjournment(AdjournmentEvent::DrawAgreed), 3000)
            .unwrap();
        let play = g.fold().unwrap();
        assert!(play.adjournment.archived_unopened());
        assert_eq!(play.sealed_move_to_record(), None);
        assert_eq!(
            crate::game_pgn::export(&g).unwrap().record.result,
            crate::pgn::PgnResult::Draw
        );
        for refused in [
            Event::Recorded(Entry::written("Qh4")),
            Event::Clock(ClockAction::Start { side: Side::Black }),
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
        ] {
            assert!(concluded(g.apply(refused.clone(), 4000)), "{refused:?}");
        }
    }

    #[test]
    fn a_forfeit_stops_the_clock_of_the_player_waited_for() {
        use crate::adjournment::{Presence, TimeUsed};
        let (mut g, _) = sealed_mate();
        for step in [
            AdjournmentEvent::SetUp {
                time_used: TimeUsed::default(),
            },
            // A9b: White, the replier, is absent: his clock runs.
            AdjournmentEvent::Resumed {
                present: Presence {
                    white: false,
                    black: true,
                },
            },
        ] {
            g.apply(Event::Adjournment(step), 3000).unwrap();
        }
        // The fold started it.
        assert_eq!(g.clock().unwrap().running_side(), Some(Side::White));
        let forfeit_at = 3000 + 61 * 60_000;
        g.apply(
            Event::Adjournment(AdjournmentEvent::Forfeited { late: Side::White }),
            forfeit_at,
        )
        .unwrap();
        let play = g.fold().unwrap();
        let clock = play.clock.as_ref().unwrap();
        assert!(clock.is_paused());
        assert_eq!(
            clock.remaining(Side::White, forfeit_at + 60_000),
            clock.remaining(Side::White, forfeit_at)
        );
        assert!(concluded(
            g.apply(Event::Clock(ClockAction::Resume), forfeit_at + 60_000)
        ));
        // A10: White, too late, lost; the board says nothing of it.
        assert_eq!(
            crate::game_pgn::export(&g).unwrap().record.result,
            crate::pgn::PgnResult::BlackWins
        );
    }

    #[test]
    fn a_game_survives_a_round_trip_through_json() {
        let mut g = game();
        let setup = Setup {
            event: "Club ch.".into(),
            ..g.setup().clone()
        };
        g.apply(Event::DetailsEdited(Box::new(setup)), 5000)
            .unwrap();
        let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
        assert!(back.verify_chain().is_ok());
        assert_eq!(back.setup().event, "Club ch.");
    }
}
