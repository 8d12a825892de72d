//! The only code that touches localStorage.
//!
//! One key per record under a versioned prefix (`arbiter/v1/game/<id>`),
//! each record wrapped with its schema version. A record that cannot be read
//! is reported and left where it is — never deleted, never overwritten — and
//! the rest still loads. Writes refuse to replace a newer copy of a game that
//! another tab saved ([`Lineage`]).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

use laws::game::{Game, Lineage};
use laws::pin::PinHash;
use serde::{Deserialize, Serialize};

/// Every key of ours starts with this; the `v1` changes only if the key
/// layout itself changes.
pub const PREFIX: &str = "arbiter/v1/";
const GAME_PREFIX: &str = "arbiter/v1/game/";
const SETTINGS_KEY: &str = "arbiter/v1/settings";

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
                write!(
                    f,
                    "this browser does not allow saving ({why}); nothing will be kept after this page is closed"
                )
            }
            StorageError::QuotaExceeded { key } => {
                write!(
                    f,
                    "the browser's storage is full: {key} was not saved; export a backup and delete old games"
                )
            }
            StorageError::Corrupt { key, reason } => {
                write!(
                    f,
                    "{key} could not be read ({reason}); it is kept untouched"
                )
            }
            StorageError::NewerSchema { key, schema } => write!(
                f,
                "{key} was written by a newer version of Arbiter (format {schema}, this one reads up to {SCHEMA}); it is kept untouched"
            ),
            StorageError::Conflict { id } => {
                write!(
                    f,
                    "game {id} was changed in another tab; reload to see the newer copy"
                )
            }
            StorageError::Browser(why) => write!(f, "the browser refused to save: {why}"),
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
}

pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Store<B> {
        Store { backend }
    }

    /// Reads one game; `Ok(None)` when there is none under that id.
    pub fn load_game(&self, id: &str) -> Result<Option<Game>, StorageError> {
        let key = game_key(id);
        self.backend
            .get(&key)?
            .map(|text| decode_game(&key, &text))
            .transpose()
    }

    /// Every game, newest change first, and what could not be read.
    pub fn load_games(&self) -> Loaded {
        let mut loaded = Loaded::default();
        let keys = match self.backend.keys() {
            Ok(keys) => keys,
            Err(e) => {
                loaded.problems.push(e);
                return loaded;
            }
        };
        for key in keys.iter().filter(|k| k.starts_with(GAME_PREFIX)) {
            match self
                .backend
                .get(key)
                .and_then(|text| decode_game(key, &text.unwrap_or_default()))
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
    pub fn save_game(&self, game: &Game) -> Result<(), StorageError> {
        let key = game_key(game.id());
        if let Some(text) = self.backend.get(&key)? {
            let stored = decode_game(&key, &text)?;
            if matches!(game.lineage(&stored), Lineage::Behind | Lineage::Diverged) {
                return Err(StorageError::Conflict {
                    id: game.id().to_owned(),
                });
            }
        }
        self.backend.set(&key, &encode_game(game))
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
        self.backend.set(SETTINGS_KEY, &text)
    }

    pub fn delete_game(&self, id: &str) -> Result<(), StorageError> {
        self.backend.remove(&game_key(id))
    }

    /// Bytes our records take, counted as browsers do (UTF-16 code units of
    /// keys and values).
    pub fn used_bytes(&self) -> usize {
        let keys = self.backend.keys().unwrap_or_default();
        keys.iter()
            .filter(|k| k.starts_with(PREFIX))
            .map(|k| {
                let value = self.backend.get(k).ok().flatten().unwrap_or_default();
                2 * (k.encode_utf16().count() + value.encode_utf16().count())
            })
            .sum()
    }
}

/// The stored text of a game: the record with its schema version.
pub fn encode_game(game: &Game) -> String {
    serde_json::to_string(&Record {
        schema: SCHEMA,
        data: game,
    })
    .expect("a game serialises")
}

fn decode_game(key: &str, text: &str) -> Result<Game, StorageError> {
    let corrupt = |reason: String| StorageError::Corrupt {
        key: key.to_owned(),
        reason,
    };
    let record: Record<serde_json::Value> =
        serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
    let data = migrate(key, record.schema, record.data)?;
    let game: Game = serde_json::from_value(data).map_err(|e| corrupt(e.to_string()))?;
    game.verify_chain().map_err(|e| corrupt(e.to_string()))?;
    game.fold()
        .map_err(|e| corrupt(format!("its events do not replay: {e}")))?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use laws::game::{Event, Player, Setup};

    use super::*;

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
        game.apply(Event::DetailsEdited(setup), at_ms).unwrap();
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
        };
        store.save_settings(&settings).unwrap();
        assert_eq!(store.load_settings().unwrap(), settings);
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
    fn used_bytes_counts_only_our_records_in_utf16() {
        let store = Store::new(Memory::default());
        store.backend.set("someone-else", "xxxxxxxx").unwrap();
        store.save_game(&game("g", 1)).unwrap();
        let expected = 2 * (game_key("g").len() + encode_game(&game("g", 1)).len());
        assert_eq!(store.used_bytes(), expected);
    }
}
