//! The app's state: the games as signals, changed only through methods that
//! write to storage first, so nothing is shown that a reload would lose.
//! One exception: a game taken from the event's database while more of its
//! pages follow is shown first and saved at the last ([`Save::Later`]); a
//! reload reads it from the database again.

use std::collections::BTreeSet;
use std::rc::Rc;

use laws::game::{Event, Game, Lineage, Setup};
use laws::sealing::pin::PinHash;
use leptos::prelude::*;

use crate::backup::{self, Merge};
use crate::listing::Listing;
use crate::route::Route;
use crate::storage::{Backend, Browser, Memory, Settings, StorageError, Store, journal};
use crate::text::i18n::{UiLang, lang};
use crate::text::laws_text;
use crate::{t, tf};
use laws::sealing::arbiter_key::{KeyError, UnlockError};

/// A message for the arbiter after an action, shown on one screen only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
    /// The screen it is for when the action leads there; `None`: the
    /// screen shown.
    pub screen: Option<Route>,
}

/// Shared by every screen through context; `Copy`, so closures take it freely.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every game's listing, newest change first: what the list of games
    /// shows, read without replaying any game.
    pub listings: RwSignal<Vec<Listing>>,
    /// The games stored without a readable listing: the list has them
    /// read in full ([`read_every_game`]), which lists them again.
    pub unlisted: RwSignal<Vec<String>>,
    /// Every readable game, newest change first, once read: the first
    /// screen that shows or changes a game reads them all
    /// ([`AppState::read_games_once`]); the list needs only the listings.
    pub games: RwSignal<Vec<Game>>,
    pub games_read: RwSignal<bool>,
    /// What storage could not give: no storage, settings unreadable.
    pub problems: RwSignal<Vec<String>>,
    /// Game records that could not be read (kept untouched in storage).
    pub unreadable: RwSignal<Vec<String>>,
    /// False when the browser gives no storage: work is kept only until the page is closed.
    pub persistent: RwSignal<bool>,
    pub notice: RwSignal<Option<Notice>>,
    /// This tablet's settings: the arbiter's PIN, the locked scoresheet.
    pub settings: RwSignal<Settings>,
    /// Games changed while storage was full: kept in memory, shown and
    /// played on, and saved as soon as there is room again.
    pub unsaved: RwSignal<Vec<String>>,
    /// Games taken from the event's database while more of its changes
    /// follow: shown, and saved once the last page is taken
    /// ([`AppState::save_taken`]), not at every page naming them. Each
    /// continues its stored copy.
    taken: StoredValue<Vec<String>>,
    /// Bumped when this tablet's arbiter's key is made, used or removed, or
    /// the arbiters to seal to change (both are stored apart from the settings).
    pub key_changed: RwSignal<u32>,
    /// Whether the arbiter's PIN has been given since the tablet last
    /// locked ([`crate::arbiter_lock`]); in memory only.
    pub arbiter_unlocked: RwSignal<bool>,
}

/// Past this share of the browser's storage the arbiter is warned, while a
/// backup and a clean-up are still easy.
const WARN_AT_BYTES: usize = 4 * 1024 * 1024;

/// When a game taken from the event's database is saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Save {
    /// At once, as every other change.
    Now,
    /// Once the event's changes are read to their end: a tablet catching
    /// up takes a game at each page of the feed naming it.
    Later,
}

/// What a PGN import did: games added, and each game that was not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnImport {
    pub added: Vec<String>,
    pub errors: Vec<String>,
}

thread_local! {
    // The browser's storage, or the page's own memory where the browser
    // gives no localStorage. One store for the page: it keeps the records
    // it wrote, which the next saves append to.
    static STORE: (Rc<Store<Rc<dyn Backend>>>, Option<StorageError>) = match Browser::open() {
        Ok(browser) => (Rc::new(Store::new(Rc::new(browser) as Rc<dyn Backend>)), None),
        Err(e) => (Rc::new(Store::new(Rc::new(Memory::default()) as Rc<dyn Backend>)), Some(e)),
    };
}

/// Reads every game in full ([`AppState::read_games`]): its own module,
/// with the games' fold, which the list of games and the first load do
/// without; the list calls it for games stored without a listing, the
/// shell when another tab changed storage after the games were read.
#[leptos::wasm_split::wasm_split(games, wasm_split_path = ::leptos::wasm_split)]
pub fn read_every_game(state: AppState) {
    state.read_games();
}

/// Writes the journal's queue, in the games' module (every screen that
/// saves has it): the storage starts it through [`journal::start_with`].
#[leptos::wasm_split::wasm_split(games, wasm_split_path = ::leptos::wasm_split)]
fn write_journal() {
    leptos::task::spawn_local(journal::flush());
}

/// Puts back what localStorage lost and the journal kept (a browser
/// killed before localStorage reached the disk), and journals again what
/// the journal lacks; the screens then read storage again. In the games'
/// module: it reads games in full.
#[leptos::wasm_split::wasm_split(games, wasm_split_path = ::leptos::wasm_split)]
pub fn restore_from_journal(state: AppState) {
    leptos::task::spawn_local(async move {
        if let Ok(journaled) = journal::read_live().await {
            restore(state, journaled);
        }
    });
}

fn restore(state: AppState, journaled: Vec<(String, String)>) {
    let (store, _) = store();
    let restored = store.restore(journaled);
    for (key, text) in &restored.to_journal {
        journal::write(key, Some(text));
    }
    if !restored.games.is_empty() {
        state.reload();
        if state.games_read.get_untracked() {
            state.read_games();
        }
    }
}

impl<B: Backend + ?Sized> Backend for Rc<B> {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        (**self).remove(key)
    }
    fn remove_local(&self, key: &str) -> Result<(), StorageError> {
        (**self).remove_local(key)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        (**self).keys()
    }
}

/// The browser's storage, or the page's own memory when there is none.
pub(crate) fn store() -> (Rc<Store<Rc<dyn Backend>>>, Option<StorageError>) {
    STORE.with(|(store, unavailable)| (store.clone(), unavailable.clone()))
}

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A new game id: creation time and randomness, short enough to read aloud;
/// on a tablet in an event, after its user and `~`, the namespace the
/// event's server lets that board write (`couchdb/design.json`).
fn new_id(now_ms: u64, event_user: Option<&str>) -> String {
    let id = game_id(now_ms, (js_sys::Math::random() * 65536.0) as u16);
    match event_user {
        Some(user) => format!("{user}~{id}"),
        None => id,
    }
}

/// The id of a game made at `now_ms`, told apart from others made in the
/// same millisecond by `suffix` (random, or counted from a random start).
#[must_use]
pub fn game_id(now_ms: u64, suffix: u16) -> String {
    format!("{}-{suffix:04x}", radix36(now_ms))
}

/// 16 bytes from the browser's cryptographic random source.
fn random_salt() -> Result<[u8; 16], String> {
    let mut salt = [0u8; 16];
    window()
        .crypto()
        .and_then(|c| c.get_random_values_with_u8_array(&mut salt))
        .map_err(|_| {
            t!(
                "this browser gives no secure random numbers; the PIN was not set",
                "ta przeglądarka nie daje bezpiecznych liczb losowych; PIN nie został ustawiony"
            )
            .to_owned()
        })?;
    Ok(salt)
}

fn radix36(mut n: u64) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ascii digits")
}

impl AppState {
    /// Loads the settings and the games' listings (not the games: see
    /// [`AppState::read_games_once`]); problems are reported, never fatal.
    pub fn load() -> AppState {
        let state = AppState {
            listings: RwSignal::new(Vec::new()),
            unlisted: RwSignal::new(Vec::new()),
            games: RwSignal::new(Vec::new()),
            games_read: RwSignal::new(false),
            problems: RwSignal::new(Vec::new()),
            unreadable: RwSignal::new(Vec::new()),
            persistent: RwSignal::new(true),
            notice: RwSignal::new(None),
            settings: RwSignal::new(Settings::default()),
            unsaved: RwSignal::new(Vec::new()),
            taken: StoredValue::new(Vec::new()),
            key_changed: RwSignal::new(0),
            arbiter_unlocked: RwSignal::new(false),
        };
        journal::start_with(|| leptos::task::spawn_local(write_journal()));
        state.reload();
        state
    }

    /// Reads the settings and the games' listings again (at start, and
    /// after another tab changed storage); games already read in full are
    /// read again by [`read_every_game`].
    pub fn reload(&self) {
        let (store, unavailable) = store();
        store.reread();
        let listed = store.load_listings();
        self.persistent.set(unavailable.is_none());
        let mut problems: Vec<String> = unavailable.iter().map(ToString::to_string).collect();
        problems.extend(listed.problems.iter().map(ToString::to_string));
        match store.load_settings() {
            Ok(settings) => self.settings.set(settings),
            Err(e) => problems.push(e.to_string()),
        }
        self.problems.set(problems);
        self.listings.set(listed.listings);
        self.unlisted.set(listed.unlisted);
    }

    /// Reads every game, unless done already: what a screen that shows or
    /// changes a game calls first.
    pub fn read_games_once(&self) {
        if !self.games_read.get_untracked() {
            self.read_games();
        }
    }

    /// Reads every game in full, lists the games whose listing was missing
    /// or behind its record, and reports the records that cannot be read.
    pub fn read_games(&self) {
        let (store, _) = store();
        let loaded = store.load_games();
        self.unreadable
            .set(loaded.problems.iter().map(ToString::to_string).collect());
        // A game not saved yet (storage full, or taken from the event's
        // database while catching up) is newer in memory than in storage.
        let held: Vec<Game> = self.unsaved.with_untracked(|ids| {
            self.taken.with_value(|taken| {
                self.games.with_untracked(|games| {
                    games
                        .iter()
                        .filter(|g| ids.iter().chain(taken).any(|id| id == g.id()))
                        .cloned()
                        .collect()
                })
            })
        });
        let mut games = loaded.games;
        games.retain(|g| !held.iter().any(|h| h.id() == g.id()));
        let mut listings: Vec<Listing> = games.iter().map(Listing::of).collect();
        self.listings.with_untracked(|stored| {
            for (game, listing) in games.iter().zip(&listings) {
                if !stored.contains(listing) {
                    store.list(game);
                }
            }
        });
        listings.splice(0..0, held.iter().map(Listing::of));
        games.splice(0..0, held);
        self.listings.set(listings);
        self.unlisted.set(Vec::new());
        self.games.set(games);
        self.games_read.set(true);
    }

    /// Reads storage again after an action that wrote several records.
    fn reload_all(&self) {
        self.reload();
        self.read_games();
    }

    pub fn tell(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice {
            text: text.into(),
            is_error: false,
            screen: None,
        }));
    }

    /// Tells on `screen`, where the action leads: "Game created." on the game.
    pub fn tell_on(&self, screen: Route, text: impl Into<String>) {
        self.notice.set(Some(Notice {
            text: text.into(),
            is_error: false,
            screen: Some(screen),
        }));
    }

    pub fn warn(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice {
            text: crate::text::sentence::sentence(&text.into()),
            is_error: true,
            screen: None,
        }));
    }

    /// The arbiter went to `shown`: a notice for that screen is now its
    /// own; any other belongs to the screen left, and goes with it.
    pub fn leave_notices(&self, shown: &Route) {
        let kept = self.notice.with_untracked(|notice| {
            notice
                .as_ref()
                .filter(|n| n.screen.as_ref() == Some(shown))
                .map(|n| Notice {
                    screen: None,
                    ..n.clone()
                })
        });
        self.notice.set(kept);
    }

    pub fn game(&self, id: &str) -> Option<Game> {
        self.games
            .with(|games| games.iter().find(|g| g.id() == id).cloned())
    }

    /// Game `id`, or why it cannot be had, for an action on it.
    pub fn stored_game(&self, id: &str) -> Result<Game, String> {
        self.game(id).ok_or_else(|| {
            tf!(
                "game {id} is not on this tablet",
                "partii {id} nie ma na tym tablecie"
            )
        })
    }

    /// Readies game `id` for `next`, the event its screen records most (the
    /// clock's press): its record kept for the save to append to
    /// ([`Store::ready_to_save`]), and `next` taken once on a copy of the
    /// game, then dropped. The browser compiles WebAssembly function by
    /// function when first called: both are then compiled before the first
    /// real event, not at it.
    pub fn ready_for(&self, id: &str, next: Option<Event>) {
        self.games.with_untracked(|games| {
            if let Some(game) = games.iter().find(|g| g.id() == id) {
                store().0.ready_to_save(game);
                if let Some(event) = next {
                    let _ = game.clone().apply(event, game.updated_ms());
                }
            }
        });
    }

    /// Game `id` as it changes (`None` while it is not on this tablet).
    pub fn watch(&self, id: String) -> Memo<Option<Game>> {
        let state = *self;
        Memo::new(move |_| state.game(&id))
    }

    /// Saves `game` then shows it; a refused save changes nothing shown.
    fn save(&self, game: Game) -> Result<(), String> {
        let (store, _) = store();
        match store.save_game(&game) {
            Ok(()) => {
                self.show(game);
                self.save_held();
                if store.used_bytes() > WARN_AT_BYTES {
                    let used = lang().decimal(store.used_bytes() as f64 / (1024.0 * 1024.0), 1);
                    self.warn(tf!(
                        "Storage is nearly full ({used} MB used): export a backup in Settings and delete finished games.",
                        "Pamięć jest prawie pełna (zajęte {used} MB): wyeksportuj kopię zapasową w Ustawieniach i usuń zakończone partie."
                    ));
                }
                Ok(())
            }
            Err(e @ StorageError::Conflict { .. }) => {
                self.reload_all();
                Err(e.to_string())
            }
            // Nothing was written; the game goes on in memory.
            Err(StorageError::QuotaExceeded { .. }) => {
                self.hold(game);
                self.warn(t!("Storage is full: this game goes on, but is kept only in this page until space is freed. Export a backup in Settings now, then delete finished games.", "Pamięć jest pełna: partia toczy się dalej, ale jest trzymana tylko na tej stronie, dopóki nie zwolni się miejsce. Wyeksportuj teraz kopię zapasową w Ustawieniach, potem usuń zakończone partie."));
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Shows `game` as the newest.
    fn show(&self, game: Game) {
        let listing = Listing::of(&game);
        self.listings.update(|listings| {
            listings.retain(|l| l.id != listing.id);
            listings.insert(0, listing);
        });
        self.games.update(|games| {
            games.retain(|g| g.id() != game.id());
            games.insert(0, game);
        });
    }

    /// Shows `game`, kept only in this page because storage is full (the
    /// standing notice counts it) until [`AppState::save_held`] saves it.
    fn hold(&self, game: Game) {
        let id = game.id().to_owned();
        self.show(game);
        self.held(id);
    }

    /// Counts game `id`, shown, as kept only in this page: storage is full.
    fn held(&self, id: String) {
        self.unsaved.update(|ids| {
            if !ids.contains(&id) {
                ids.push(id);
            }
        });
    }

    /// Saves the games held in memory while storage was full, now that
    /// there may be room.
    fn save_held(&self) {
        let (store, _) = store();
        let held = self.unsaved.get_untracked();
        if held.is_empty() {
            return;
        }
        let saved: Vec<String> = held
            .into_iter()
            .filter(|id| {
                self.game(id)
                    .is_some_and(|game| store.save_game(&game).is_ok())
            })
            .collect();
        if !saved.is_empty() {
            self.unsaved
                .update(|ids| ids.retain(|id| !saved.contains(id)));
            if self.unsaved.with_untracked(Vec::is_empty) {
                self.tell(t!(
                    "Every game is saved again.",
                    "Wszystkie partie są znów zapisane."
                ));
            }
        }
    }

    /// Keeps `game` as read from the event's database: saved over the
    /// stored copy it continues, or over one the arbiter's choice at a fork
    /// left behind (which the sync record keeps). With storage full it is
    /// shown all the same, held in this page (the database keeps it too).
    /// [`Save::Later`] shows it and saves it at [`AppState::save_taken`],
    /// unless it replaces its stored copy (rare): a game waiting to be
    /// saved then always continues its stored copy, which a save on this
    /// tablet meanwhile appends to as to any.
    pub fn take_from_event(&self, game: Game, save: Save) -> Result<(), String> {
        let (store, _) = store();
        // The copy held is compared where it is, not copied: a game of an
        // event is taken at every page of the feed naming it.
        let (same, behind) = self.games.with_untracked(|games| {
            games
                .iter()
                .find(|g| g.id() == game.id())
                .map_or((false, false), |local| {
                    let same = *local == game;
                    let behind =
                        !same && matches!(game.lineage(local), Lineage::Behind | Lineage::Diverged);
                    (same, behind)
                })
        });
        if same {
            return Ok(());
        }
        if save == Save::Later && !behind {
            self.taken.update_value(|taken| {
                if !taken.iter().any(|id| id == game.id()) {
                    taken.push(game.id().to_owned());
                }
            });
            self.show(game);
            return Ok(());
        }
        let saved = if behind {
            store.replace_game(&game)
        } else {
            store.save_game(&game)
        };
        match saved {
            Ok(()) => {
                self.show(game);
                self.save_held();
                Ok(())
            }
            Err(StorageError::QuotaExceeded { .. }) => {
                self.hold(game);
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Saves the games taken from the event's database to be saved later,
    /// those of `only` when given. Returns the games that could not be,
    /// each told and left in this page; one that storage has no room for is
    /// held in this page, counted as such.
    pub fn save_taken(&self, only: Option<&BTreeSet<String>>) -> BTreeSet<String> {
        let mut ids = Vec::new();
        self.taken.update_value(|taken| {
            taken.retain(|id| {
                let now = only.is_none_or(|only| only.contains(id));
                if now {
                    ids.push(id.clone());
                }
                !now
            });
        });
        let (store, _) = store();
        let mut unsaved = BTreeSet::new();
        for id in ids {
            let written = self.games.with_untracked(|games| {
                games
                    .iter()
                    .find(|g| g.id() == id)
                    .map(|game| store.save_game(game))
            });
            match written {
                Some(Ok(())) => {}
                Some(Err(StorageError::QuotaExceeded { .. })) => self.held(id),
                Some(Err(why)) => {
                    self.warn(tf!(
                        "Game {id} from the event's database could not be saved: {why}",
                        "Partii {id} z bazy zawodów nie udało się zapisać: {why}"
                    ));
                    unsaved.insert(id);
                }
                // No longer in the page (deleted): nothing to save.
                None => {}
            }
        }
        unsaved
    }

    /// Whether any game taken from the event's database waits to be saved.
    #[must_use]
    pub fn any_taken(&self) -> bool {
        self.taken.with_value(|taken| !taken.is_empty())
    }

    /// Creates a game; returns its id.
    pub fn create(&self, setup: Setup) -> Result<String, String> {
        setup
            .validate()
            .map_err(|e| laws_text::game::setup_error(&e))?;
        let now = now_ms();
        let user = self
            .settings
            .with_untracked(|s| s.event.as_ref().map(|e| e.user.trim().to_owned()));
        let game = Game::new(new_id(now, user.as_deref()), setup, now);
        let id = game.id().to_owned();
        self.save(game)?;
        Ok(id)
    }

    /// Records `event` in game `id`, if the Laws allow it.
    pub fn apply(&self, id: &str, event: Event) -> Result<(), String> {
        self.apply_at(id, event, now_ms())
    }

    /// [`AppState::apply`] at `at_ms`, for an event worked out for that moment.
    pub fn apply_at(&self, id: &str, event: Event, at_ms: u64) -> Result<(), String> {
        self.apply_all(id, [event], at_ms)
    }

    /// Records `events` in game `id` at `at_ms` in one write: all of them if
    /// the Laws allow each in turn, or none (a step and the clock actions
    /// that follow from it are never stored apart).
    pub fn apply_all(
        &self,
        id: &str,
        events: impl IntoIterator<Item = Event>,
        at_ms: u64,
    ) -> Result<(), String> {
        let mut game = self.stored_game(id)?;
        for event in events {
            game.apply(event, at_ms)
                .map_err(|e| laws_text::game::game_error(&e))?;
        }
        self.save(game)
    }

    /// Saves the settings changed by `change`, then shows them.
    pub(crate) fn change_settings(&self, change: impl FnOnce(&mut Settings)) -> Result<(), String> {
        let mut settings = self.settings.get_untracked();
        change(&mut settings);
        store()
            .0
            .save_settings(&settings)
            .map_err(|e| e.to_string())?;
        self.settings.set(settings);
        Ok(())
    }

    /// Whether the stored settings cannot be read (they are then kept, and
    /// nothing is saved over them until [`AppState::replace_settings`]).
    pub fn settings_unreadable(&self) -> bool {
        store().0.load_settings().is_err()
    }

    /// Starts the settings afresh over an unreadable record, the arbiter's
    /// deliberate choice: the PIN must then be set again.
    pub fn replace_settings(&self) -> Result<(), String> {
        let fresh = Settings::default();
        store()
            .0
            .replace_settings(&fresh)
            .map_err(|e| e.to_string())?;
        self.settings.set(fresh);
        self.reload();
        Ok(())
    }

    /// Tries `pin` as the arbiter's PIN (wrong when none is set), counted:
    /// after a few wrong ones in a row each makes the next try wait, twice
    /// as long each time, across reloads
    /// ([`laws::sealing::arbiter_key::PinTries::attempt`]).
    fn try_pin(&self, pin: &str) -> Result<(), UnlockError> {
        let (hash, before) = self
            .settings
            .with_untracked(|s| (s.arbiter_pin.clone(), s.pin_tries));
        let mut tries = before;
        let tried = tries.attempt(now_ms(), || match &hash {
            Some(hash) if hash.verify(pin) => Ok(()),
            _ => Err(KeyError::WrongPin),
        });
        if tries != before {
            // Not kept (storage full): the count lasts until a reload.
            let _ = self.change_settings(|s| s.pin_tries = tries);
        }
        tried
    }

    /// Sets the arbiter's PIN; an existing one must be given first.
    pub fn set_pin(&self, current: &str, new: &str) -> Result<(), String> {
        let has_pin = self.settings.with_untracked(|s| s.arbiter_pin.is_some());
        if has_pin {
            self.try_pin(current).map_err(|e| match e {
                UnlockError::Wait { .. } => laws_text::sealing::arbiter_pin_error_text(&e),
                _ => t!(
                    "The current PIN is not right; the PIN was not changed.",
                    "Obecny PIN jest błędny; PIN nie został zmieniony."
                )
                .into(),
            })?;
        }
        let hash = PinHash::new(new, &random_salt()?)
            .map_err(|e| tf!("Not saved: {e}.", "Nie zapisano: {e}."))?;
        self.change_settings(|s| s.arbiter_pin = Some(hash))?;
        // The arbiter has just given it: his screens stay open to him.
        self.arbiter_unlocked.set(true);
        Ok(())
    }

    /// Puts game `id`'s scoresheet in recording mode: the tablet stays on
    /// it until the arbiter's PIN is given.
    pub fn lock_sheet(&self, id: &str) -> Result<(), String> {
        if self.settings.with_untracked(|s| s.arbiter_pin.is_none()) {
            return Err(
                t!("Set the arbiter's PIN in Settings first: leaving recording mode needs it.", "Najpierw ustaw PIN sędziego w Ustawieniach: jest potrzebny, by wyjść z trybu zapisu.").into(),
            );
        }
        self.change_settings(|s| s.locked_sheet = Some(id.to_owned()))?;
        // Handed to a player: every arbiter's screen closes.
        self.lock_arbiter();
        Ok(())
    }

    /// Chooses the app's language, kept with this tablet's settings.
    pub fn set_lang(&self, lang: UiLang) -> Result<(), String> {
        self.change_settings(|s| s.lang = Some(lang))
    }

    /// Whether `pin` is the arbiter's PIN, counted as a try; why not in
    /// the arbiter's words.
    pub fn check_pin(&self, pin: &str) -> Result<(), String> {
        self.try_pin(pin)
            .map_err(|e| laws_text::sealing::arbiter_pin_error_text(&e))
    }

    /// Leaves recording mode if `pin` is the arbiter's.
    pub fn unlock_sheet(&self, pin: &str) -> Result<(), String> {
        self.unlock_arbiter(pin)?;
        self.change_settings(|s| s.locked_sheet = None)
    }

    /// Saves the games of a PGN import (read by the worker,
    /// [`crate::worker::analyser::import_pgn`]); each game that could not be read or
    /// saved is reported with the reason, and the others are still added.
    pub fn add_imported(&self, games: Vec<Result<Game, String>>) -> PgnImport {
        let (store, _) = store();
        let mut result = PgnImport::default();
        for game in games {
            let saved = game.and_then(|game| {
                store
                    .save_game(&game)
                    .map(|()| game.id().to_owned())
                    .map_err(|e| e.to_string())
            });
            match saved {
                Ok(id) => result.added.push(id),
                Err(e) => result.errors.push(e),
            }
        }
        if result.added.is_empty() && result.errors.is_empty() {
            result.errors.push(
                t!(
                    "no game was found in this text",
                    "w tym tekście nie znaleziono żadnej partii"
                )
                .into(),
            );
        }
        self.reload_all();
        result
    }

    /// The games `ids` archived (`crate::event::archive`): they leave
    /// the page, the journal keeps them.
    pub fn let_go(&self, ids: &BTreeSet<String>) {
        if ids.is_empty() {
            return;
        }
        self.games
            .update(|games| games.retain(|g| !ids.contains(g.id())));
        self.listings
            .update(|listings| listings.retain(|l| !ids.contains(&l.id)));
    }

    pub fn delete(&self, id: &str) -> Result<(), String> {
        self.require_arbiter()?;
        let (store, _) = store();
        store.delete_game(id).map_err(|e| e.to_string())?;
        self.games.update(|games| games.retain(|g| g.id() != id));
        self.listings
            .update(|listings| listings.retain(|l| l.id != id));
        self.unsaved.update(|ids| ids.retain(|held| held != id));
        // The space freed may be what the games held in memory need.
        self.save_held();
        Ok(())
    }

    /// Space our records take in this browser, in bytes.
    pub fn used_bytes(&self) -> usize {
        self.games.track();
        store().0.used_bytes()
    }

    /// The backup of every game: those in the page and `archived`.
    pub fn export(&self, archived: &[Game]) -> String {
        self.games.with(|games| {
            let every: Vec<Game> = games.iter().chain(archived).cloned().collect();
            backup::export(&every, now_ms())
        })
    }

    /// Merges a backup file; returns the summary, or why nothing changed.
    pub fn import(&self, text: &str) -> Result<String, String> {
        self.require_arbiter()?;
        let incoming = backup::parse(text).map_err(|e| e.to_string())?;
        let merge = self.games.with(|games| Merge::plan(games, incoming));
        let (store, _) = store();
        let mut failed = Vec::new();
        for game in &merge.to_save {
            if let Err(e) = store.save_game(game) {
                failed.push(format!("{}: {e}", game.id()));
            }
        }
        self.reload_all();
        if failed.is_empty() {
            Ok(merge.summary())
        } else {
            Err(tf!(
                "{} Not saved: {}",
                "{} Nie zapisano: {}",
                merge.summary(),
                failed.join("; ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::radix36;

    #[test]
    fn ids_are_short_base36() {
        assert_eq!(radix36(0), "0");
        assert_eq!(radix36(35), "z");
        assert_eq!(radix36(36), "10");
        assert_eq!(radix36(1_764_000_000_000).len(), 8);
    }
}
