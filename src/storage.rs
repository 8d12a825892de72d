//! The only code that touches localStorage.
//!
//! One key per record under a versioned prefix (`arbiter/v1/game/<id>`),
//! each record wrapped with its schema version. A record that cannot be read
//! is reported and left where it is — never deleted, never overwritten — and
//! the rest still loads. Writes refuse to replace a newer copy of a game that
//! another tab saved ([`Lineage`]).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt;

use laws::arbiter_key::{Recipient, TabletKey};
use laws::clock::ClockAction;
use laws::game::{Event, Game, Lineage, Setup, Side};
use laws::pin::PinHash;
use laws::scoresheet::{Entry, Written};
use serde::{Deserialize, Serialize};

use crate::listing::Listing;
use crate::text::i18n::UiLang;
use crate::tf;

/// Every key of ours starts with this; the `v1` changes only if the key
/// layout itself changes.
pub const PREFIX: &str = "arbiter/v1/";
const GAME_PREFIX: &str = "arbiter/v1/game/";
/// Each game's [`Listing`], beside its record: what the list of games reads.
const LISTING_PREFIX: &str = "arbiter/v1/listing/";
const SETTINGS_KEY: &str = "arbiter/v1/settings";
/// The arbiter's key pair, wrapped under his PIN: a record of its own, never
/// in a backup (backups carry games only).
const ARBITER_KEY: &str = "arbiter/v1/arbiter-key";
/// The arbiters new envelopes are sealed to (their public keys): a record
/// of its own, read only by the screens that seal (not at start-up).
const RECIPIENTS_KEY: &str = "arbiter/v1/recipients";
/// Where this tablet stands with its event's database (`sync::SyncRecord`).
const SYNC_KEY: &str = "arbiter/v1/sync";

/// The version of the records' contents written by this build.
pub const SCHEMA: u32 = 1;

/// Why a record could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// The browser gives no localStorage (private mode, disabled by policy).
    Unavailable(String),
    /// The browser's quota for this site is used up.
    QuotaExceeded { key: String },
    /// The record is not one we can read; it is kept as it is.
    Corrupt { key: String, reason: String },
    /// Written by a newer version of Arbiter; it is kept as it is.
    NewerSchema { key: String, schema: u32 },
    /// Another tab saved a copy of this game that this one does not have.
    Conflict { id: String },
    /// Any other refusal by the browser.
    Browser(String),
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Unavailable(why) => {
                f.write_str(&tf!(
                    "this browser does not allow saving ({why}); nothing will be kept after this page is closed",
                    "ta przeglądarka nie pozwala zapisywać ({why}); po zamknięciu strony nic nie zostanie zachowane"
                ))
            }
            StorageError::QuotaExceeded { key } => {
                f.write_str(&tf!(
                    "the browser's storage is full: {key} was not saved; export a backup and delete old games",
                    "pamięć przeglądarki jest pełna: nie zapisano {key}; wyeksportuj kopię zapasową i usuń stare partie"
                ))
            }
            StorageError::Corrupt { key, reason } => {
                f.write_str(&tf!(
                    "{key} could not be read ({reason}); it is kept untouched",
                    "nie da się odczytać {key} ({reason}); pozostaje nietknięte"
                ))
            }
            StorageError::NewerSchema { key, schema } => f.write_str(&tf!(
                "{key} was written by a newer version of Arbiter (format {schema}), which this one cannot read; it is kept untouched: update Arbiter to see it",
                "{key} zapisała nowsza wersja aplikacji Arbiter (format {schema}), której ta nie potrafi odczytać; pozostaje nietknięte: zaktualizuj aplikację, by je zobaczyć"
            )),
            StorageError::Conflict { id } => {
                f.write_str(&tf!(
                    "game {id} was changed in another tab; reload to see the newer copy",
                    "partię {id} zmieniono w innej karcie; wczytaj stronę ponownie, by zobaczyć nowszą kopię"
                ))
            }
            StorageError::Browser(why) => f.write_str(&tf!("the browser refused to save: {why}", "przeglądarka odmówiła zapisu: {why}")),
        }
    }
}

impl std::error::Error for StorageError {}

/// A key-value store with localStorage's semantics.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&self, key: &str) -> Result<(), StorageError>;
    fn keys(&self) -> Result<Vec<String>, StorageError>;
}

/// The browser's localStorage.
pub struct Browser(web_sys::Storage);

impl Browser {
    /// localStorage, if the browser gives it; it may refuse (private mode).
    pub fn open() -> Result<Browser, StorageError> {
        let window =
            web_sys::window().ok_or_else(|| StorageError::Unavailable("no window".into()))?;
        match window.local_storage() {
            Ok(Some(storage)) => Ok(Browser(storage)),
            Ok(None) => Err(StorageError::Unavailable("no localStorage".into())),
            Err(e) => Err(StorageError::Unavailable(js_error_text(&e))),
        }
    }
}

fn js_error_text(error: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    match error.dyn_ref::<web_sys::DomException>() {
        Some(e) => format!("{}: {}", e.name(), e.message()),
        None => error.as_string().unwrap_or_else(|| format!("{error:?}")),
    }
}

fn is_quota_error(error: &wasm_bindgen::JsValue) -> bool {
    use wasm_bindgen::JsCast;
    // Chromium and Firefox name it differently; legacy code 22 covers old Safari.
    error.dyn_ref::<web_sys::DomException>().is_some_and(|e| {
        matches!(
            e.name().as_str(),
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED"
        ) || e.code() == 22
    })
}

impl Backend for Browser {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        self.0
            .get_item(key)
            .map_err(|e| StorageError::Browser(js_error_text(&e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.set_item(key, value).map_err(|e| {
            if is_quota_error(&e) {
                StorageError::QuotaExceeded {
                    key: key.to_owned(),
                }
            } else {
                StorageError::Browser(js_error_text(&e))
            }
        })
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.0
            .remove_item(key)
            .map_err(|e| StorageError::Browser(js_error_text(&e)))
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        let len = self
            .0
            .length()
            .map_err(|e| StorageError::Browser(js_error_text(&e)))?;
        Ok((0..len)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect())
    }
}

/// An in-memory store: where the browser gives no localStorage (the app still
/// works for the session), and in tests, with an optional quota in bytes.
#[derive(Default)]
pub struct Memory {
    entries: RefCell<BTreeMap<String, String>>,
    quota: Option<usize>,
}

impl Memory {
    pub fn with_quota(bytes: usize) -> Memory {
        Memory {
            entries: RefCell::default(),
            quota: Some(bytes),
        }
    }
}

impl Backend for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.entries.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        if let Some(quota) = self.quota {
            let others: usize = self
                .entries
                .borrow()
                .iter()
                .filter(|(k, _)| *k != key)
                .map(|(k, v)| k.len() + v.len())
                .sum();
            if others + key.len() + value.len() > quota {
                return Err(StorageError::QuotaExceeded {
                    key: key.to_owned(),
                });
            }
        }
        self.entries
            .borrow_mut()
            .insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.entries.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        Ok(self.entries.borrow().keys().cloned().collect())
    }
}

/// A record as stored: its schema version, then the data.
#[derive(Serialize, Deserialize)]
struct Record<T> {
    schema: u32,
    data: T,
}

/// Brings a record of an older schema up to [`SCHEMA`]. Each future schema
/// adds one arm converting from the one before; newer ones are refused.
fn migrate(
    key: &str,
    schema: u32,
    data: serde_json::Value,
) -> Result<serde_json::Value, StorageError> {
    match schema {
        SCHEMA => Ok(data),
        newer if newer > SCHEMA => Err(StorageError::NewerSchema {
            key: key.to_owned(),
            schema: newer,
        }),
        older => Err(StorageError::Corrupt {
            key: key.to_owned(),
            reason: format!("unknown format {older}"),
        }),
    }
}

/// This tablet's settings, one record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The arbiter's PIN, hashed; `None` until the arbiter sets one.
    pub arbiter_pin: Option<PinHash>,
    /// The game whose scoresheet is in recording mode: the tablet stays on
    /// it until the arbiter's PIN is given, across reloads.
    pub locked_sheet: Option<String>,
    /// The language chosen for the app; `None` until chosen, when the
    /// browser's language is used. Older records have none.
    pub lang: Option<UiLang>,
    /// The event this tablet has joined; `None`: a tablet on its own, which
    /// makes no network request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<crate::event::sync::EventLink>,
}

/// What loading found: the games that could be read, and the problems.
#[derive(Debug, Default)]
pub struct Loaded {
    pub games: Vec<Game>,
    pub problems: Vec<StorageError>,
}

/// The app's records over a [`Backend`].
pub struct Store<B> {
    backend: B,
    /// The game records this store last wrote (or found as it would write
    /// them), by key: the next save of one appends to its text.
    written: RefCell<BTreeMap<String, GameText>>,
    /// [`Store::used_bytes`] once counted, kept up to date by the saves
    /// of games (which know the record they replace); any other write
    /// has it counted again.
    used: Cell<Option<usize>>,
}

/// Bytes a record takes, counted as browsers do (UTF-16 code units of its
/// key and value).
fn record_bytes(key: &str, value: &str) -> usize {
    2 * (key.encode_utf16().count() + value.encode_utf16().count())
}

pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

fn listing_key(id: &str) -> String {
    format!("{LISTING_PREFIX}{id}")
}

/// What the list of games reads: the listings stored, newest change first,
/// and the games stored without a readable one (a record an earlier
/// release wrote, or one whose listing did not fit): the list has those
/// read in full.
#[derive(Debug, Default)]
pub struct Listed {
    pub listings: Vec<Listing>,
    pub unlisted: Vec<String>,
    pub problems: Vec<StorageError>,
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Store<B> {
        Store {
            backend,
            written: RefCell::default(),
            used: Cell::default(),
        }
    }

    /// Reads one game; `Ok(None)` when there is none under that id.
    pub fn load_game(&self, id: &str) -> Result<Option<Game>, StorageError> {
        let key = game_key(id);
        self.backend
            .get(&key)?
            .map(|text| decode_game(&key, &text))
            .transpose()
    }

    /// The ids of the games stored.
    fn game_ids(&self) -> Result<Vec<String>, StorageError> {
        Ok(self
            .backend
            .keys()?
            .iter()
            .filter_map(|k| k.strip_prefix(GAME_PREFIX))
            .map(str::to_owned)
            .collect())
    }

    /// Every game's listing, without reading the games themselves.
    pub fn load_listings(&self) -> Listed {
        let mut listed = Listed::default();
        let ids = self.game_ids().unwrap_or_else(|e| {
            listed.problems.push(e);
            Vec::new()
        });
        for id in ids {
            let listing = self
                .backend
                .get(&listing_key(&id))
                .ok()
                .flatten()
                .and_then(|text| serde_json::from_str::<Listing>(&text).ok())
                .filter(|listing| listing.id == id);
            match listing {
                Some(listing) => listed.listings.push(listing),
                None => listed.unlisted.push(id),
            }
        }
        listed.listings.sort_by(|a, b| {
            b.updated_ms
                .cmp(&a.updated_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        listed
    }

    /// Every game, newest change first, and what could not be read.
    pub fn load_games(&self) -> Loaded {
        let mut loaded = Loaded::default();
        let ids = self.game_ids().unwrap_or_else(|e| {
            loaded.problems.push(e);
            Vec::new()
        });
        for key in ids.iter().map(|id| game_key(id)) {
            match self
                .backend
                .get(&key)
                .and_then(|text| decode_game(&key, &text.unwrap_or_default()))
            {
                Ok(game) => loaded.games.push(game),
                Err(e) => loaded.problems.push(e),
            }
        }
        loaded.games.sort_by(|a, b| {
            b.updated_ms()
                .cmp(&a.updated_ms())
                .then_with(|| a.id().cmp(b.id()))
        });
        loaded
    }

    /// Saves `game` unless the stored copy has events this one lacks.
    ///
    /// A corrupt or newer-format record under the same key is never
    /// overwritten: the error says so and the game stays unsaved.
    ///
    /// The stored record is read before every write (another tab may have
    /// saved since); when it is the text this store last wrote of an
    /// earlier state of `game`, the new events are appended to that text,
    /// with nothing packed or parsed again but them.
    pub fn save_game(&self, game: &Game) -> Result<(), StorageError> {
        let key = game_key(game.id());
        let stored = self.backend.get(&key)?;
        let appended = stored.as_ref().and_then(|text| {
            self.written
                .borrow()
                .get(&key)
                .filter(|kept| kept.text == *text && kept.continued_by(game))
                .map(|kept| kept.append(game))
        });
        let ours = match appended {
            Some(ours) => ours,
            None => {
                if let Some(text) = &stored
                    && !StoredGame::of(game).continues(game, text)
                {
                    let stored = decode_game(&key, text)?;
                    if matches!(game.lineage(&stored), Lineage::Behind | Lineage::Diverged) {
                        return Err(StorageError::Conflict {
                            id: game.id().to_owned(),
                        });
                    }
                }
                GameText::of(game)
            }
        };
        self.put(&key, &ours.text, stored.as_deref())?;
        self.written.borrow_mut().insert(key, ours);
        self.list(game);
        Ok(())
    }

    /// Stores `game`'s listing, after its record. One that does not fit
    /// (storage full) is removed rather than left behind the record: the
    /// list then reads the game itself.
    pub fn list(&self, game: &Game) {
        let key = listing_key(game.id());
        let text = serde_json::to_string(&Listing::of(game)).expect("a listing is plain text");
        let before = self.backend.get(&key).ok().flatten();
        if self.put(&key, &text, before.as_deref()).is_err() {
            self.used.set(None);
            let _ = self.backend.remove(&key);
        }
    }

    /// Writes `value` over `before`, keeping the count of bytes used up to
    /// date when it is known.
    fn put(&self, key: &str, value: &str, before: Option<&str>) -> Result<(), StorageError> {
        self.backend.set(key, value)?;
        if let Some(used) = self.used.get() {
            let before = before.map_or(0, |text| record_bytes(key, text));
            self.used.set(Some(
                (used + record_bytes(key, value)).saturating_sub(before),
            ));
        }
        Ok(())
    }

    /// Forgets what this store kept of the records: another tab changed
    /// them.
    pub fn reread(&self) {
        self.written.borrow_mut().clear();
        self.used.set(None);
    }

    /// Readies `game` for its next save: its stored record, if it is the
    /// game's own as this store writes it, kept as written. The first save
    /// then appends to it as every later one does, and the writing of a
    /// record has run once ([`crate::state::AppState::ready_for`] says why).
    pub fn ready_to_save(&self, game: &Game) {
        let key = game_key(game.id());
        let ours = GameText::of(game);
        if self.backend.get(&key).ok().flatten().as_deref() == Some(ours.text.as_str()) {
            self.written.borrow_mut().insert(key, ours);
        }
    }

    /// The settings; defaults when none were saved.
    pub fn load_settings(&self) -> Result<Settings, StorageError> {
        let Some(text) = self.backend.get(SETTINGS_KEY)? else {
            return Ok(Settings::default());
        };
        let corrupt = |reason: String| StorageError::Corrupt {
            key: SETTINGS_KEY.to_owned(),
            reason,
        };
        let record: Record<serde_json::Value> =
            serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
        let data = migrate(SETTINGS_KEY, record.schema, record.data)?;
        serde_json::from_value(data).map_err(|e| corrupt(e.to_string()))
    }

    /// Saves the settings over the stored ones, never over a record that
    /// cannot be read (corrupt, or from a newer version): that one is kept
    /// until the arbiter chooses [`Store::replace_settings`].
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        self.load_settings()?;
        self.replace_settings(settings)
    }

    /// Writes the settings whatever the stored record holds.
    pub fn replace_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let text = serde_json::to_string(&Record {
            schema: SCHEMA,
            data: settings,
        })
        .expect("settings serialise");
        self.write(SETTINGS_KEY, &text)
    }

    /// This tablet's arbiter's key (PIN-wrapped), if one was made or imported.
    pub fn load_arbiter_key(&self) -> Result<Option<TabletKey>, StorageError> {
        let Some(text) = self.backend.get(ARBITER_KEY)? else {
            return Ok(None);
        };
        let corrupt = |reason: String| StorageError::Corrupt {
            key: ARBITER_KEY.to_owned(),
            reason,
        };
        let record: Record<serde_json::Value> =
            serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
        let data = migrate(ARBITER_KEY, record.schema, record.data)?;
        serde_json::from_value(data)
            .map(Some)
            .map_err(|e| corrupt(e.to_string()))
    }

    /// Saves the key with its count of wrong PINs (after every try).
    pub fn save_arbiter_key(&self, key: &TabletKey) -> Result<(), StorageError> {
        let text = serde_json::to_string(&Record {
            schema: SCHEMA,
            data: key,
        })
        .expect("a key serialises");
        self.write(ARBITER_KEY, &text)
    }

    pub fn remove_arbiter_key(&self) -> Result<(), StorageError> {
        self.used.set(None);
        self.backend.remove(ARBITER_KEY)
    }

    /// The arbiters new envelopes are sealed to; none when never set.
    pub fn load_recipients(&self) -> Result<Vec<Recipient>, StorageError> {
        let Some(text) = self.backend.get(RECIPIENTS_KEY)? else {
            return Ok(Vec::new());
        };
        let record: Record<Vec<Recipient>> =
            serde_json::from_str(&text).map_err(|e| StorageError::Corrupt {
                key: RECIPIENTS_KEY.to_owned(),
                reason: e.to_string(),
            })?;
        if record.schema > SCHEMA {
            return Err(StorageError::NewerSchema {
                key: RECIPIENTS_KEY.to_owned(),
                schema: record.schema,
            });
        }
        Ok(record.data)
    }

    pub fn save_recipients(&self, recipients: &[Recipient]) -> Result<(), StorageError> {
        let text = serde_json::to_string(&Record {
            schema: SCHEMA,
            data: recipients,
        })
        .expect("recipients serialise");
        self.write(RECIPIENTS_KEY, &text)
    }

    /// Where this tablet stands with its event's database; a fresh start
    /// when it never synced or the record cannot be read (the database
    /// still holds everything pushed, so nothing is lost).
    pub fn load_sync(&self) -> crate::event::sync::SyncRecord {
        self.backend
            .get(SYNC_KEY)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<Record<_>>(&text).ok())
            .filter(|record| record.schema == SCHEMA)
            .map(|record| record.data)
            .unwrap_or_default()
    }

    pub fn save_sync(&self, sync: &crate::event::sync::SyncRecord) -> Result<(), StorageError> {
        let text = serde_json::to_string(&Record {
            schema: SCHEMA,
            data: sync,
        })
        .expect("the sync record serialises");
        self.write(SYNC_KEY, &text)
    }

    /// Saves `game` over the stored copy whatever its history: the
    /// arbiter chose another branch at a fork, and the one replaced is kept
    /// in the sync record.
    pub fn replace_game(&self, game: &Game) -> Result<(), StorageError> {
        let key = game_key(game.id());
        let ours = GameText::of(game);
        self.write(&key, &ours.text)?;
        self.written.borrow_mut().insert(key, ours);
        self.list(game);
        Ok(())
    }

    pub fn delete_game(&self, id: &str) -> Result<(), StorageError> {
        let key = game_key(id);
        self.written.borrow_mut().remove(&key);
        self.used.set(None);
        self.backend.remove(&key)?;
        self.backend.remove(&listing_key(id))
    }

    /// Writes a record other than a game's save: the bytes used are
    /// counted again when next asked.
    fn write(&self, key: &str, value: &str) -> Result<(), StorageError> {
        self.used.set(None);
        self.backend.set(key, value)
    }

    /// Bytes our records take, counted as browsers do (UTF-16 code units of
    /// keys and values). Counted once, then kept up to date as games are
    /// saved: every save asks, and counting reads every record.
    pub fn used_bytes(&self) -> usize {
        if let Some(used) = self.used.get() {
            return used;
        }
        let keys = self.backend.keys().unwrap_or_default();
        let used = keys
            .iter()
            .filter(|k| k.starts_with(PREFIX))
            .map(|k| record_bytes(k, &self.backend.get(k).ok().flatten().unwrap_or_default()))
            .sum();
        self.used.set(Some(used));
        used
    }
}

/// The format of game records: 1 kept every event's hash and time in full
/// (about 55 KB for an 80-move game with its clock); 2 is [`StoredGame`].
const GAME_SCHEMA: u32 = 2;

/// A game as stored (format 2): what the log holds, in few characters. The
/// chain hashes are not stored but computed again on reading and checked
/// against the newest one; times are kept as the milliseconds since the
/// event before; the commonest events (a clock press, a plainly written
/// move) take a few characters, every other event its JSON.
#[derive(Deserialize)]
struct StoredGame {
    id: String,
    created_ms: u64,
    initial: Setup,
    /// The hash of the newest event; `None` for an empty log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    head: Option<String>,
    /// Alternately: milliseconds since the previous event (or creation),
    /// then the event.
    log: Vec<serde_json::Value>,
}

/// An event in few characters: `W`/`B` a press of White's/Black's clock,
/// `m<clock ms> <text>` (or `m <text>`) a move written plainly.
fn pack(event: &Event) -> serde_json::Value {
    match event {
        Event::Clock(ClockAction::Press { side: Side::White }) => "W".into(),
        Event::Clock(ClockAction::Press { side: Side::Black }) => "B".into(),
        Event::Recorded(Entry {
            written: Written::Move(text),
            clock_ms,
            draw_offer: false,
            corrections,
            notes,
        }) if corrections.is_empty() && notes.is_empty() => match clock_ms {
            Some(ms) => format!("m{ms} {text}").into(),
            None => format!("m {text}").into(),
        },
        other => serde_json::to_value(other).expect("events serialise"),
    }
}

fn unpack(value: serde_json::Value) -> Result<Event, String> {
    let text = match value {
        serde_json::Value::String(text) => text,
        other => return serde_json::from_value(other).map_err(|e| e.to_string()),
    };
    match text.as_str() {
        "W" => Ok(Event::Clock(ClockAction::Press { side: Side::White })),
        "B" => Ok(Event::Clock(ClockAction::Press { side: Side::Black })),
        _ => {
            let (clock, written) = text
                .strip_prefix('m')
                .and_then(|rest| rest.split_once(' '))
                .ok_or_else(|| format!("{text:?} is not an event"))?;
            let clock_ms = match clock {
                "" => None,
                ms => Some(
                    ms.parse()
                        .map_err(|_| format!("{text:?} is not an event"))?,
                ),
            };
            Ok(Event::Recorded(Entry {
                clock_ms,
                ..Entry::written(written)
            }))
        }
    }
}

impl StoredGame {
    fn of(game: &Game) -> StoredGame {
        let mut last_ms = game.created_ms();
        let mut log = Vec::with_capacity(2 * game.log().len());
        for logged in game.log() {
            log.push(logged.at_ms.saturating_sub(last_ms).into());
            log.push(pack(&logged.event));
            last_ms = logged.at_ms;
        }
        StoredGame {
            id: game.id().to_owned(),
            created_ms: game.created_ms(),
            initial: game.initial().clone(),
            head: game.head().map(str::to_owned),
            log,
        }
    }

    /// Whether `text`, a stored record, is this copy of `game` as it stood
    /// some events ago: a format 2 record whose events are this one's
    /// first, sealed by the same hash, of a game the Laws take. Saving over
    /// it needs no reading back of its events (the hashing and replay of a
    /// whole log on each press): [`decode_game`] would find that copy, and
    /// [`Game::lineage`] this one ahead of it.
    fn continues(&self, game: &Game, text: &str) -> bool {
        let Ok(record) = serde_json::from_str::<Record<StoredGame>>(text) else {
            return false;
        };
        let stored = record.data;
        let events = stored.log.len() / 2;
        record.schema == GAME_SCHEMA
            && game.fold().is_ok()
            && stored.id == self.id
            && stored.created_ms == self.created_ms
            && stored.initial == self.initial
            && stored.log.len().is_multiple_of(2)
            && stored.log.len() <= self.log.len()
            && stored.head.as_deref()
                == events
                    .checked_sub(1)
                    .map(|last| game.log()[last].hash.as_str())
            && stored.log[..] == self.log[..stored.log.len()]
    }
}

/// The stored text of a game: the record with its format version.
pub fn encode_game(game: &Game) -> String {
    GameText::of(game).text
}

/// A game's record as written (format 2): its text, and where in it the
/// newest hash and the log's items begin, so that a game's next events
/// are appended to the text as it stands. The text is what serde writes
/// of a `Record` of a [`StoredGame`]: its fields in their order, the log's
/// items one by one.
struct GameText {
    text: String,
    /// Where the head (the newest hash) begins: after the id, the creation
    /// time and the initial setup, which never change.
    head_at: usize,
    /// Where the log's first item begins.
    items_at: usize,
    /// How many events the text holds, and the newest one's hash.
    events: usize,
    head: Option<String>,
    created_ms: u64,
    initial: Setup,
}

/// What closes a record after its log's items.
const RECORD_END: &str = "]}}";

impl GameText {
    /// The record of `game`, written whole.
    fn of(game: &Game) -> GameText {
        let text = format!(
            r#"{{"schema":{GAME_SCHEMA},"data":{{"id":{},"created_ms":{},"initial":{},"#,
            serde_json::to_string(game.id()).expect("an id serialises"),
            game.created_ms(),
            serde_json::to_string(game.initial()).expect("a setup serialises"),
        );
        let head_at = text.len();
        GameText {
            text: text + r#""log":["# + RECORD_END,
            head_at,
            items_at: head_at + r#""log":["#.len(),
            events: 0,
            head: None,
            created_ms: game.created_ms(),
            initial: game.initial().clone(),
        }
        .append(game)
    }

    /// Whether `game` is this record's game with the same events first,
    /// sealed by the same hash, and taken by the Laws: what
    /// [`StoredGame::continues`] finds by reading the record back.
    fn continued_by(&self, game: &Game) -> bool {
        game.fold().is_ok()
            && game.created_ms() == self.created_ms
            && *game.initial() == self.initial
            && game.log().len() >= self.events
            && self
                .events
                .checked_sub(1)
                .map(|last| game.log()[last].hash.as_str())
                == self.head.as_deref()
    }

    /// The record of `game`, which continues this one: its newer events
    /// appended to the text.
    fn append(&self, game: &Game) -> GameText {
        let items = &self.text[self.items_at..self.text.len() - RECORD_END.len()];
        let newer = &game.log()[self.events..];
        let mut text = String::with_capacity(self.text.len() + 96 * newer.len() + 80);
        text.push_str(&self.text[..self.head_at]);
        if let Some(head) = game.head() {
            text.push_str(r#""head":""#);
            text.push_str(head);
            text.push_str(r#"","#);
        }
        text.push_str(r#""log":["#);
        let items_at = text.len();
        text.push_str(items);
        let mut last_ms = self
            .events
            .checked_sub(1)
            .map_or(game.created_ms(), |last| game.log()[last].at_ms);
        for logged in newer {
            if text.len() > items_at {
                text.push(',');
            }
            // Milliseconds since the event before, then the event packed.
            text.push_str(&logged.at_ms.saturating_sub(last_ms).to_string());
            text.push(',');
            text.push_str(&pack(&logged.event).to_string());
            last_ms = logged.at_ms;
        }
        text.push_str(RECORD_END);
        GameText {
            text,
            head_at: self.head_at,
            items_at,
            events: game.log().len(),
            head: game.head().map(str::to_owned),
            created_ms: self.created_ms,
            initial: self.initial.clone(),
        }
    }
}

/// The game of a format 2 record; `Err` says what is wrong with it.
fn unstore(stored: StoredGame) -> Result<Game, String> {
    if !stored.log.len().is_multiple_of(2) {
        return Err("its log is cut short".to_owned());
    }
    let mut at_ms = stored.created_ms;
    let mut events = Vec::with_capacity(stored.log.len() / 2);
    let mut values = stored.log.into_iter();
    while let (Some(delta), Some(event)) = (values.next(), values.next()) {
        let delta = delta.as_u64().ok_or("a time in its log is not a number")?;
        at_ms = at_ms
            .checked_add(delta)
            .ok_or("a time in its log is out of range")?;
        events.push((at_ms, unpack(event)?));
    }
    let game = Game::from_events(stored.id, stored.initial, stored.created_ms, events);
    if game.head() != stored.head.as_deref() {
        return Err(
            "the log was altered: its events do not lead to the hash stored with them".to_owned(),
        );
    }
    Ok(game)
}

fn decode_game(key: &str, text: &str) -> Result<Game, StorageError> {
    let corrupt = |reason: String| StorageError::Corrupt {
        key: key.to_owned(),
        reason,
    };
    let record: Record<serde_json::Value> =
        serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
    let game = match record.schema {
        // Format 1: the game as serde writes it, every hash kept.
        1 => serde_json::from_value::<Game>(record.data).map_err(|e| corrupt(e.to_string()))?,
        GAME_SCHEMA => serde_json::from_value::<StoredGame>(record.data)
            .map_err(|e| corrupt(e.to_string()))
            .and_then(|stored| unstore(stored).map_err(corrupt))?,
        newer if newer > GAME_SCHEMA => {
            return Err(StorageError::NewerSchema {
                key: key.to_owned(),
                schema: newer,
            });
        }
        older => return Err(corrupt(format!("unknown format {older}"))),
    };
    game.verify_chain().map_err(|e| corrupt(e.to_string()))?;
    if let Err(e) = game.fold() {
        return Err(corrupt(format!("its events do not replay: {e}")));
    }
    Ok(game)
}

#[cfg(test)]
pub(crate) mod tests {
    use laws::game::{Event, Player, Setup};

    use super::*;

    /// Records saved by the release before the fold worked out the clock
    /// itself (tests/records, both formats): adjourned and resumed games
    /// with A1b, A5, A9b, A9c, A11a, A12 and A13 clocks. Each folds, after
    /// every event and a minute later, to the clocks, phase and rulings
    /// that release showed (`*.readings.txt`: at, White's and Black's time
    /// left, the clock running, the phase, the rulings).
    #[test]
    fn records_saved_by_the_first_fold_read_the_same() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
        let mut checked = 0;
        for name in ["a9b", "a11a", "a1b-a9c-a13"] {
            let readings =
                std::fs::read_to_string(dir.join(format!("{name}.readings.txt"))).unwrap();
            for format in ["format1", "format2"] {
                let text =
                    std::fs::read_to_string(dir.join(format!("{name}.{format}.json"))).unwrap();
                let game =
                    decode_game(name, &text).unwrap_or_else(|e| panic!("{name} {format}: {e}"));
                assert_eq!(game.initial().fold, laws::game::Fold::First);
                let mut lines = readings.lines();
                for (n, play) in folds_after_each_event(&game) {
                    for _ in 0..2 {
                        let line = lines.next().unwrap();
                        let fields: Vec<&str> = line.splitn(6, ' ').collect();
                        let at: u64 = fields[0].parse().unwrap();
                        let clock = play.clock.as_ref().unwrap();
                        let running = running_side(clock);
                        let rulings: Vec<String> = play
                            .adjournment
                            .rulings()
                            .iter()
                            .map(|r| format!("{}:{:?}", r.article, r.outcome))
                            .collect();
                        let shown = format!(
                            "{at} {} {} {running} {:?} {}",
                            clock.remaining(Side::White, at),
                            clock.remaining(Side::Black, at),
                            play.adjournment.phase(),
                            rulings.join(",")
                        );
                        assert_eq!(shown, line, "{name} {format}, after event {n}");
                        checked += 1;
                    }
                }
                assert_eq!(lines.next(), None, "{name}: every reading checked");
            }
        }
        assert!(checked > 100, "{checked} readings");
    }

    /// A record saved by the release before results were events
    /// (tests/records/ruled.*): a 7.4 ruling given while the clock's
    /// presses ran ahead of the scoresheet, a 6.9 flag ruling ending the
    /// game, time added after it. It folds, after every event and a minute
    /// later, to the clocks, boxes, outcome and rulings that release showed
    /// (`ruled.readings.txt`: at, White's and Black's time left, the clock
    /// running, moves standing, moves struck out, the outcome, the rulings).
    #[test]
    fn records_saved_before_results_were_events_read_the_same() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
        let readings = std::fs::read_to_string(dir.join("ruled.readings.txt")).unwrap();
        let text = std::fs::read_to_string(dir.join("ruled.format2.json")).unwrap();
        let game = decode_game("ruled", &text).unwrap();
        let mut lines = readings.lines();
        for (n, play) in folds_after_each_event(&game) {
            for _ in 0..2 {
                let line = lines.next().unwrap();
                let at: u64 = line.split(' ').next().unwrap().parse().unwrap();
                let clock = play.clock.as_ref().unwrap();
                let running = running_side(clock);
                let rulings: Vec<String> = play
                    .rulings
                    .iter()
                    .map(|r| format!("{}:{:?}", r.ruling.article, r.ruling.outcome))
                    .collect();
                let shown = format!(
                    "{at} {} {} {running} {} {} {:?} {}",
                    clock.remaining(Side::White, at),
                    clock.remaining(Side::Black, at),
                    play.sheet.len(),
                    play.sheet.struck_out.len(),
                    play.outcome,
                    rulings.join(",")
                );
                assert_eq!(shown, line, "after event {n}");
            }
        }
        assert_eq!(lines.next(), None, "every reading checked");
    }

    /// The game as it stood after each event of its log (numbered from 1),
    /// folded anew from its first `n` events, as a stored record is read.
    fn folds_after_each_event(game: &Game) -> impl Iterator<Item = (usize, laws::game::Play)> {
        let events: Vec<(u64, Event)> = game
            .log()
            .iter()
            .map(|l| (l.at_ms, l.event.clone()))
            .collect();
        (1..=events.len()).map(move |n| {
            let prefix = Game::from_events(
                game.id(),
                game.initial().clone(),
                game.created_ms(),
                events[..n].to_vec(),
            );
            (n, prefix.fold().unwrap().clone())
        })
    }

    /// The side whose clock runs, as the readings write it ("-": none, or paused).
    fn running_side(clock: &laws::clock::Clock) -> String {
        clock
            .running_side()
            .filter(|_| !clock.is_paused())
            .map_or("-".to_owned(), |side| side.to_string())
    }

    fn game(id: &str, created_ms: u64) -> Game {
        let setup = Setup {
            white: Player::named("A"),
            black: Player::named("B"),
            ..Setup::default()
        };
        Game::new(id, setup, created_ms)
    }

    fn edited(game: &Game, round: &str, at_ms: u64) -> Game {
        let mut game = game.clone();
        let setup = Setup {
            round: round.into(),
            ..game.setup().clone()
        };
        game.apply(Event::DetailsEdited(Box::new(setup)), at_ms)
            .unwrap();
        game
    }

    #[test]
    fn games_load_back_newest_first() {
        let store = Store::new(Memory::default());
        store.save_game(&game("old", 1)).unwrap();
        store.save_game(&edited(&game("new", 2), "5", 50)).unwrap();
        let loaded = store.load_games();
        assert!(loaded.problems.is_empty());
        let ids: Vec<_> = loaded.games.iter().map(|g| g.id().to_owned()).collect();
        assert_eq!(ids, ["new", "old"]);
    }

    #[test]
    fn a_corrupt_record_is_reported_kept_and_the_rest_loads() {
        let store = Store::new(Memory::default());
        store.save_game(&game("good", 1)).unwrap();
        store.backend.set(&game_key("bad"), "{not json").unwrap();
        let loaded = store.load_games();
        assert_eq!(loaded.games.len(), 1);
        assert!(
            matches!(&loaded.problems[..], [StorageError::Corrupt { key, .. }] if key == "arbiter/v1/game/bad")
        );
        assert_eq!(
            store.backend.get(&game_key("bad")).unwrap().as_deref(),
            Some("{not json")
        );
    }

    #[test]
    fn a_corrupt_record_is_never_overwritten() {
        let store = Store::new(Memory::default());
        store.backend.set(&game_key("g"), "garbage").unwrap();
        assert!(matches!(
            store.save_game(&game("g", 1)),
            Err(StorageError::Corrupt { .. })
        ));
        assert_eq!(
            store.backend.get(&game_key("g")).unwrap().as_deref(),
            Some("garbage")
        );
    }

    #[test]
    fn an_altered_log_is_reported_as_corrupt() {
        let store = Store::new(Memory::default());
        let g = edited(&game("g", 1), "1", 10);
        let text = encode_game(&g).replace("\"round\":\"1\"", "\"round\":\"2\"");
        store.backend.set(&game_key("g"), &text).unwrap();
        let loaded = store.load_games();
        assert!(
            matches!(&loaded.problems[..], [StorageError::Corrupt { reason, .. }] if reason.contains("altered"))
        );
    }

    #[test]
    fn a_game_is_saved_over_its_own_earlier_record_without_reading_it_back() {
        let before = edited(&game("g", 1), "1", 10);
        let after = edited(&before, "2", 20);
        let ours = StoredGame::of(&after);
        for earlier in [&game("g", 1), &before, &after] {
            assert!(ours.continues(&after, &encode_game(earlier)));
        }
        // Read back and judged: a newer copy, another history, an altered
        // record, the first format.
        let other = edited(&before, "3", 20);
        let altered = encode_game(&before).replace("\"round\":\"1\"", "\"round\":\"2\"");
        let format1 = serde_json::json!({ "schema": 1, "data": before }).to_string();
        for text in [
            &encode_game(&edited(&after, "4", 30)),
            &encode_game(&other),
            &altered,
            &format1,
        ] {
            assert!(!ours.continues(&after, text), "{text}");
        }
        let store = Store::new(Memory::default());
        store.backend.set(&game_key("g"), &altered).unwrap();
        assert!(matches!(
            store.save_game(&after),
            Err(StorageError::Corrupt { .. })
        ));
        assert_eq!(store.backend.get(&game_key("g")).unwrap(), Some(altered));
    }

    #[test]
    fn a_newer_schema_is_refused_and_kept() {
        let store = Store::new(Memory::default());
        let text = r#"{"schema":99,"data":{"whatever":true}}"#;
        store.backend.set(&game_key("future"), text).unwrap();
        let loaded = store.load_games();
        assert_eq!(
            loaded.problems,
            [StorageError::NewerSchema {
                key: game_key("future"),
                schema: 99
            }]
        );
        assert!(matches!(
            store.save_game(&game("future", 1)),
            Err(StorageError::NewerSchema { .. })
        ));
        assert_eq!(
            store.backend.get(&game_key("future")).unwrap().as_deref(),
            Some(text)
        );
    }

    #[test]
    fn a_stale_tab_cannot_overwrite_newer_events() {
        let store = Store::new(Memory::default());
        let base = game("g", 1);
        store.save_game(&base).unwrap();
        let other_tab = edited(&base, "2", 20);
        store.save_game(&other_tab).unwrap();
        // This tab still holds `base` and adds its own event.
        let this_tab = edited(&base, "3", 30);
        assert_eq!(
            store.save_game(&this_tab),
            Err(StorageError::Conflict { id: "g".into() })
        );
        assert_eq!(store.load_game("g").unwrap().unwrap(), other_tab);
    }

    #[test]
    fn quota_exceeded_is_typed_and_keeps_the_old_record() {
        let g = game("g", 1);
        let store = Store::new(Memory::with_quota(
            encode_game(&g).len() + game_key("g").len() + 10,
        ));
        store.save_game(&g).unwrap();
        let long = edited(&g, &"9".repeat(100), 5);
        assert_eq!(
            store.save_game(&long),
            Err(StorageError::QuotaExceeded { key: game_key("g") })
        );
        assert_eq!(store.load_game("g").unwrap().unwrap(), g);
    }

    #[test]
    fn settings_load_back_and_default_when_absent() {
        let store = Store::new(Memory::default());
        assert_eq!(store.load_settings().unwrap(), Settings::default());
        let settings = Settings {
            arbiter_pin: Some(PinHash::new("2468", &[3; 16]).unwrap()),
            locked_sheet: Some("g1".into()),
            lang: Some(UiLang::Polish),
            event: Some(crate::event::sync::EventLink {
                server: "http://127.0.0.1:5984".into(),
                database: "open".into(),
                user: "board".into(),
                password: "secret".into(),
            }),
        };
        store.save_settings(&settings).unwrap();
        assert_eq!(store.load_settings().unwrap(), settings);
        // A record from before the language setting still reads.
        let old = serde_json::json!({"schema": SCHEMA, "data": {"locked_sheet": "g2"}});
        store.backend.set(SETTINGS_KEY, &old.to_string()).unwrap();
        let read = store.load_settings().unwrap();
        assert_eq!(
            (read.locked_sheet.as_deref(), read.lang),
            (Some("g2"), None)
        );
        store.backend.set(SETTINGS_KEY, "junk").unwrap();
        assert!(matches!(
            store.load_settings(),
            Err(StorageError::Corrupt { .. })
        ));
        // An unreadable record is never overwritten unasked.
        assert!(matches!(
            store.save_settings(&Settings::default()),
            Err(StorageError::Corrupt { .. })
        ));
        assert_eq!(
            store.backend.get(SETTINGS_KEY).unwrap().as_deref(),
            Some("junk")
        );
        store.replace_settings(&Settings::default()).unwrap();
        assert_eq!(store.load_settings().unwrap(), Settings::default());
    }

    #[test]
    fn a_saved_game_is_listed_beside_its_record_and_deleted_with_it() {
        let store = Store::new(Memory::default());
        let old = game("old", 1);
        let new = edited(&game("new", 2), "5", 30);
        store.save_game(&old).unwrap();
        store.save_game(&new).unwrap();
        let listed = store.load_listings();
        assert_eq!(listed.listings, [Listing::of(&new), Listing::of(&old)]);
        assert!(listed.unlisted.is_empty());
        assert_eq!(listed.listings[0].round, "5");
        store.delete_game("new").unwrap();
        assert_eq!(store.load_listings().listings, [Listing::of(&old)]);
        assert_eq!(store.backend.get(&listing_key("new")).unwrap(), None);
    }

    #[test]
    fn a_game_without_a_readable_listing_is_unlisted() {
        let store = Store::new(Memory::default());
        // As a release before listings stored it: the record alone.
        store
            .backend
            .set(&game_key("earlier"), &encode_game(&game("earlier", 1)))
            .unwrap();
        store.save_game(&game("garbled", 2)).unwrap();
        store
            .backend
            .set(&listing_key("garbled"), "{not json")
            .unwrap();
        store.save_game(&game("other", 3)).unwrap();
        store
            .backend
            .set(
                &listing_key("other"),
                &serde_json::to_string(&Listing::of(&game("else", 3))).unwrap(),
            )
            .unwrap();
        store.save_game(&game("fine", 4)).unwrap();
        let listed = store.load_listings();
        assert_eq!(listed.listings, [Listing::of(&game("fine", 4))]);
        assert_eq!(listed.unlisted, ["earlier", "garbled", "other"]);
    }

    #[test]
    fn a_listing_that_does_not_fit_is_not_left_behind_its_record() {
        let store = Store::new(Memory::default());
        let first = game("g", 1);
        store.save_game(&first).unwrap();
        let stale = store.backend.get(&listing_key("g")).unwrap().unwrap();
        // Then storage fills up: room for the longer record, not its listing.
        let longer = edited(&first, "12", 2);
        let record = encode_game(&longer);
        let quota = game_key("g").len() + record.len() + listing_key("g").len() + stale.len();
        let store = Store::new(Memory::with_quota(quota));
        store
            .backend
            .set(&game_key("g"), &encode_game(&first))
            .unwrap();
        store.backend.set(&listing_key("g"), &stale).unwrap();
        store.save_game(&longer).unwrap();
        assert_eq!(store.load_game("g").unwrap(), Some(longer));
        let listed = store.load_listings();
        assert!(listed.listings.is_empty(), "no listing behind its record");
        assert_eq!(listed.unlisted, ["g"]);
    }

    #[test]
    fn used_bytes_counts_only_our_records_in_utf16() {
        let store = Store::new(Memory::default());
        store.backend.set("someone-else", "xxxxxxxx").unwrap();
        store.save_game(&game("g", 1)).unwrap();
        let listing = serde_json::to_string(&Listing::of(&game("g", 1))).unwrap();
        let expected = 2
            * (game_key("g").len()
                + encode_game(&game("g", 1)).len()
                + listing_key("g").len()
                + listing.encode_utf16().count());
        assert_eq!(store.used_bytes(), expected);
        // Kept up to date as games are saved, as counting again finds it.
        let mut g = game("g", 1);
        for round in ["1", "22", "333"] {
            g = edited(&g, round, 10);
            store.save_game(&g).unwrap();
            store.save_game(&game(round, 2)).unwrap();
        }
        store.save_settings(&Settings::default()).unwrap();
        store.save_game(&edited(&g, "4", 20)).unwrap();
        let kept = store.used_bytes();
        store.reread();
        assert_eq!(kept, store.used_bytes());
    }

    /// A game with every kind of event the compact form treats apart.
    fn played() -> Game {
        let mut g = game("g", 1_764_000_000_000);
        let mut at = g.created_ms();
        let mut apply = |g: &mut Game, event: Event| {
            at += 1234;
            g.apply(event, at).unwrap();
        };
        apply(
            &mut g,
            Event::Clock(ClockAction::Start { side: Side::White }),
        );
        apply(&mut g, Event::Recorded(Entry::written("e4")));
        apply(
            &mut g,
            Event::Clock(ClockAction::Press { side: Side::White }),
        );
        let timed = Entry {
            clock_ms: Some(5_399_000),
            ..Entry::written("e 5 !?")
        };
        apply(&mut g, Event::Recorded(timed));
        apply(
            &mut g,
            Event::Clock(ClockAction::Press { side: Side::Black }),
        );
        let offer = Entry {
            draw_offer: true,
            ..Entry::written("Nf3")
        };
        apply(&mut g, Event::Recorded(offer));
        apply(&mut g, Event::Recorded(Entry::dash()));
        apply(&mut g, Event::Recorded(Entry::written("m 7 W")));
        let slot = g.scoresheet().entries().nth(1).unwrap().0;
        apply(
            &mut g,
            Event::Corrected {
                slot,
                written: Written::Move("e5".into()),
            },
        );
        apply(&mut g, Event::Clock(ClockAction::Pause));
        g
    }

    #[test]
    fn every_event_comes_back_from_the_compact_form_with_its_chain() {
        let g = played();
        let text = encode_game(&g);
        assert!(
            text.contains(r#""schema":2"#) && text.contains(r#""W""#),
            "{text}"
        );
        assert!(!text.contains(&g.log()[0].hash), "hashes are not stored");
        let back = decode_game("k", &text).unwrap();
        assert_eq!(back, g);
        assert!(back.verify_chain().is_ok());
    }

    /// The records of earlier releases (tests/records) written out again
    /// by this one, byte for byte: the text written piece by piece is
    /// what serde wrote of the whole record.
    #[test]
    fn records_of_earlier_releases_are_written_back_as_they_were() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
        for name in ["a9b", "a11a", "a1b-a9c-a13", "ruled"] {
            let text = std::fs::read_to_string(dir.join(format!("{name}.format2.json"))).unwrap();
            let game = decode_game(name, &text).unwrap();
            assert_eq!(encode_game(&game), text, "{name}");
        }
    }

    /// A game saved after each event, as the clock saves its presses: each
    /// save appends to the text the store wrote before, and the record
    /// stored is always the game written whole, which reads back the same.
    #[test]
    fn a_game_saved_event_by_event_is_stored_as_written_whole() {
        let whole = played();
        let store = Store::new(Memory::default());
        let mut game = game("g", whole.created_ms());
        store.save_game(&game).unwrap();
        for logged in whole.log() {
            game.apply(logged.event.clone(), logged.at_ms).unwrap();
            store.save_game(&game).unwrap();
            let text = store.backend.get(&game_key("g")).unwrap().unwrap();
            assert_eq!(text, encode_game(&game));
            assert_eq!(decode_game("k", &text).unwrap(), game);
        }
        assert_eq!(game, whole);
    }

    /// Two tabs over one storage: what one tab wrote is never taken by the
    /// other for its own, so a stale tab is still refused, and a full
    /// storage leaves the record as it was.
    #[test]
    fn a_record_another_tab_wrote_is_read_back_before_saving() {
        let shared = std::rc::Rc::new(Memory::with_quota(4096));
        let (this_tab, other_tab) = (Store::new(shared.clone()), Store::new(shared.clone()));
        let base = game("g", 1);
        this_tab.save_game(&base).unwrap();
        let theirs = edited(&base, "2", 20);
        other_tab.save_game(&theirs).unwrap();
        assert_eq!(
            this_tab.save_game(&edited(&base, "3", 30)),
            Err(StorageError::Conflict { id: "g".into() })
        );
        // This tab, up to date again, goes on from the other's record.
        let ours = edited(&theirs, "4", 40);
        this_tab.save_game(&ours).unwrap();
        let long = edited(&ours, &"9".repeat(4096), 50);
        assert_eq!(
            this_tab.save_game(&long),
            Err(StorageError::QuotaExceeded { key: game_key("g") })
        );
        let next = edited(&ours, "5", 60);
        this_tab.save_game(&next).unwrap();
        assert_eq!(this_tab.load_game("g").unwrap().unwrap(), next);
        assert_eq!(
            shared.get(&game_key("g")).unwrap().unwrap(),
            encode_game(&next)
        );
    }

    /// A store readied for a game keeps its record only if the record is
    /// the game's own as written now: a first-format record, or another
    /// history, is read back and judged at the next save as before.
    #[test]
    fn a_store_is_readied_only_by_the_games_own_record() {
        let base = edited(&game("g", 1), "1", 10);
        let next = edited(&base, "2", 20);
        let store = Store::new(Memory::default());
        let format1 = serde_json::json!({ "schema": 1, "data": base }).to_string();
        store.backend.set(&game_key("g"), &format1).unwrap();
        store.ready_to_save(&base);
        assert!(store.written.borrow().is_empty());
        store.save_game(&next).unwrap();
        assert_eq!(
            store.backend.get(&game_key("g")).unwrap().unwrap(),
            encode_game(&next)
        );
        let fresh = Store::new(Memory::default());
        fresh
            .backend
            .set(&game_key("g"), &encode_game(&base))
            .unwrap();
        fresh.ready_to_save(&base);
        assert_eq!(fresh.written.borrow().len(), 1);
        let other = edited(&game("g", 1), "3", 10);
        fresh.ready_to_save(&other);
        assert!(
            fresh
                .written
                .borrow()
                .get(&game_key("g"))
                .is_some_and(|kept| kept.continued_by(&next))
        );
        assert_eq!(
            fresh.save_game(&edited(&other, "4", 20)),
            Err(StorageError::Conflict { id: "g".into() })
        );
    }

    #[test]
    fn records_of_the_first_format_still_load() {
        let g = played();
        let old = serde_json::to_string(&Record {
            schema: 1,
            data: &g,
        })
        .unwrap();
        assert_eq!(decode_game("k", &old).unwrap(), g);
    }

    #[test]
    fn an_altered_compact_log_is_refused_as_altered() {
        let text = encode_game(&played()).replace(r#""m e4""#, r#""m d4""#);
        match decode_game("k", &text) {
            Err(StorageError::Corrupt { reason, .. }) => {
                assert!(reason.contains("the log was altered"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        let cut = encode_game(&played()).replacen(r#""m e4","#, "", 1);
        assert!(matches!(
            decode_game("k", &cut),
            Err(StorageError::Corrupt { .. })
        ));
    }

    /// A real 80-move game (the first of 160 plies or more in pgn-reader's
    /// TWIC file) as played on a tablet: a press and a clock reading for
    /// every move, 37 to 86 seconds apart. (PGN is read by the worker's
    /// build only.)
    #[cfg(feature = "worker")]
    pub(crate) fn eighty_move_game() -> Game {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/laws/tests/data/twic1599_1000k.pgn"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let real = laws::pgn::import(text.as_bytes())
            .into_iter()
            .filter_map(Result::ok)
            .find(|g| g.moves.len() >= 160)
            .expect("an 80-move game in the file");
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            event: "Club championship".into(),
            round: "7".into(),
            board: "12".into(),
            ..Setup::default()
        };
        let mut g = Game::new("m3k9f2a-x7", setup, 1_764_000_000_000);
        let mut at = g.created_ms();
        g.apply(Event::Clock(ClockAction::Start { side: Side::White }), at)
            .unwrap();
        for (i, mv) in real.moves.iter().take(160).enumerate() {
            at += 37_000 + 1_000 * (i as u64 % 50);
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            let clock = g.clock().unwrap().remaining(side, at);
            let entry = Entry {
                clock_ms: Some(clock),
                ..Entry::written(mv.san.as_str())
            };
            g.apply(Event::Recorded(entry), at).unwrap();
            g.apply(Event::Clock(ClockAction::Press { side }), at)
                .unwrap();
        }
        g
    }

    /// Issue 9's capacity: 450 finished games in under 4 MB needs a real
    /// 80-move game with its clock log in under 8 KB.
    #[cfg(feature = "worker")]
    #[test]
    fn an_eighty_move_game_with_its_clock_fits_in_eight_kilobytes() {
        let g = eighty_move_game();
        let size = encode_game(&g).len();
        assert!(size < 8 * 1024, "{size} bytes");
        assert_eq!(decode_game("k", &encode_game(&g)).unwrap(), g);
    }
}
