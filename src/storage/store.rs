//! The app's records over a backend: one key per record under a versioned
//! prefix, each wrapped with its schema version; games, their listings,
//! settings, keys and the event's standing.

use super::backend::Backend;
use super::error::StorageError;
use super::game_record::{GameText, StoredGame, decode_game};
use crate::listing::Listing;
use crate::text::i18n::UiLang;
use laws::game::{Game, Lineage};
use laws::sealing::arbiter_key::{Recipient, TabletKey};
use laws::sealing::pin::PinHash;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

/// Every key of ours starts with this; the `v1` changes only if the key
/// layout itself changes.
pub const PREFIX: &str = "arbiter/v1/";
pub(crate) const GAME_PREFIX: &str = "arbiter/v1/game/";
/// An archived game's entry, in the journal only: its record is kept there
/// and nowhere else (`crate::event::archive`).
pub const ARCHIVED_PREFIX: &str = "arbiter/v1/archived/";
/// Each game's [`Listing`], beside its record: what the list of games reads.
pub(super) const LISTING_PREFIX: &str = "arbiter/v1/listing/";
pub(super) const SETTINGS_KEY: &str = "arbiter/v1/settings";
/// The arbiter's key pair, wrapped under his PIN: a record of its own, never
/// in a backup (backups carry games only).
pub(super) const ARBITER_KEY: &str = "arbiter/v1/arbiter-key";
/// The arbiters new envelopes are sealed to (their public keys): a record
/// of its own, read only by the screens that seal (not at start-up).
pub(super) const RECIPIENTS_KEY: &str = "arbiter/v1/recipients";
/// Where this tablet stands with its event's database (`sync::SyncRecord`):
/// kept in the journal, for it grows with the event's rounds; an older
/// build's copy in localStorage is read, and let go once written there.
pub const SYNC_KEY: &str = "arbiter/v1/sync";

/// The version of the records' contents written by this build.
pub const SCHEMA: u32 = 1;

/// A record as stored: its schema version, then the data.
#[derive(Serialize, Deserialize)]
pub(super) struct Record<T> {
    pub(super) schema: u32,
    pub(super) data: T,
}

/// Brings a record of an older schema up to [`SCHEMA`]. Each future schema
/// adds one arm converting from the one before; newer ones are refused.
pub(super) fn migrate(
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
    /// Wrong tries of the arbiter's PIN in a row, and the wait they make:
    /// kept here, so a reload does not reset them.
    pub pin_tries: laws::sealing::arbiter_key::PinTries,
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
    pub(super) backend: B,
    /// The game records this store last wrote (or found as it would write
    /// them), by key: the next save of one appends to its text.
    pub(super) written: RefCell<BTreeMap<String, GameText>>,
    /// [`Store::used_bytes`] once counted, kept up to date by the saves
    /// of games (which know the record they replace); any other write
    /// has it counted again.
    used: Cell<Option<usize>>,
}

/// Bytes a record takes, counted as browsers do (UTF-16 code units of its
/// key and value).
pub(super) fn record_bytes(key: &str, value: &str) -> usize {
    2 * (key.encode_utf16().count() + value.encode_utf16().count())
}

pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Game `id`'s entry in the archive.
pub fn archived_key(id: &str) -> String {
    format!("{ARCHIVED_PREFIX}{id}")
}

/// The sync record as written, wherever it is kept.
#[must_use]
pub fn sync_text(sync: &crate::event::sync::SyncRecord) -> String {
    serde_json::to_string(&Record {
        schema: SCHEMA,
        data: sync,
    })
    .expect("the sync record serialises")
}

/// The sync record written as `text`; `None` when it cannot be read (a
/// fresh start: the database still holds everything pushed).
#[must_use]
pub fn sync_of(text: &str) -> Option<crate::event::sync::SyncRecord> {
    serde_json::from_str::<Record<_>>(text)
        .ok()
        .filter(|record| record.schema == SCHEMA)
        .map(|record| record.data)
}

/// Of the journal's `keys`, the records of games not archived: the ones
/// [`Store::restore`] compares with localStorage's.
pub(super) fn live_game_keys(keys: &[String]) -> Vec<String> {
    let archived: std::collections::BTreeSet<&str> = keys
        .iter()
        .filter_map(|key| key.strip_prefix(ARCHIVED_PREFIX))
        .collect();
    keys.iter()
        .filter(|key| {
            key.strip_prefix(GAME_PREFIX)
                .is_some_and(|id| !archived.contains(id))
        })
        .cloned()
        .collect()
}

pub(super) fn listing_key(id: &str) -> String {
    format!("{LISTING_PREFIX}{id}")
}

/// What [`Store::restore`] did: the games put back from the journal, and
/// the records the journal lacks or has behind, to write to it again.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Restored {
    pub games: Vec<String>,
    pub to_journal: Vec<(String, String)>,
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
    /// game's own as this store writes it, kept as written, and what the
    /// records take counted (every save asks). The first save then appends
    /// to the record as every later one does, reads no other, and the
    /// writing of a record has run once ([`crate::state::AppState::ready_for`]
    /// says why).
    pub fn ready_to_save(&self, game: &Game) {
        self.used_bytes();
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

    /// The sync record kept in localStorage (by an older build, or where
    /// the journal refused it), if there is one that can be read.
    pub fn load_sync(&self) -> Option<crate::event::sync::SyncRecord> {
        sync_of(&self.backend.get(SYNC_KEY).ok().flatten()?)
    }

    pub fn save_sync(&self, sync: &crate::event::sync::SyncRecord) -> Result<(), StorageError> {
        self.write(SYNC_KEY, &sync_text(sync))
    }

    /// Lets go of localStorage's copy of the sync record: the journal
    /// has it.
    pub fn forget_sync(&self) {
        if matches!(self.backend.get(SYNC_KEY), Ok(Some(_))) {
            self.used.set(None);
            let _ = self.backend.remove_local(SYNC_KEY);
        }
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

    /// Game `id`'s record as stored, `None` when there is none.
    pub fn game_text(&self, id: &str) -> Result<Option<String>, StorageError> {
        self.backend.get(&game_key(id))
    }

    /// Lets go of game `id`'s record and listing, leaving the journal's
    /// copy of the record as the game's only one: the game is archived.
    pub fn unload_game(&self, id: &str) -> Result<(), StorageError> {
        let key = game_key(id);
        self.written.borrow_mut().remove(&key);
        self.used.set(None);
        self.backend.remove_local(&key)?;
        self.backend.remove(&listing_key(id))
    }

    pub fn delete_game(&self, id: &str) -> Result<(), StorageError> {
        let key = game_key(id);
        self.written.borrow_mut().remove(&key);
        self.used.set(None);
        self.backend.remove(&key)?;
        self.backend.remove(&listing_key(id))
    }

    /// Puts back what localStorage lost and the [`journal`](super::journal)
    /// kept: each game whose `journaled` record (`(key, text)`) has every
    /// event of the stored one and more, or that is not stored at all,
    /// is stored as the journal has it. A record stored ahead of the
    /// journal's, or missing from it, is named to be journaled again; one
    /// that has diverged, or that cannot be read, is left.
    pub fn restore(&self, journaled: Vec<(String, String)>) -> Restored {
        let mut restored = Restored::default();
        let mut journal: BTreeMap<String, String> = journaled
            .into_iter()
            .filter(|(key, _)| key.starts_with(GAME_PREFIX))
            .collect();
        for key in self
            .game_ids()
            .unwrap_or_default()
            .iter()
            .map(|id| game_key(id))
        {
            let Ok(Some(stored)) = self.backend.get(&key) else {
                continue;
            };
            match journal.remove(&key) {
                Some(kept) if kept == stored => {}
                None => restored.to_journal.push((key, stored)),
                Some(kept) => {
                    let (Ok(stored_game), Ok(kept_game)) =
                        (decode_game(&key, &stored), decode_game(&key, &kept))
                    else {
                        continue;
                    };
                    match kept_game.lineage(&stored_game) {
                        Lineage::Ahead => {
                            if self.replace_game(&kept_game).is_ok() {
                                restored.games.push(kept_game.id().to_owned());
                            }
                        }
                        Lineage::Behind => restored.to_journal.push((key, stored)),
                        Lineage::Same | Lineage::Diverged => {}
                    }
                }
            }
        }
        // Journaled and not stored at all: lost before localStorage wrote it.
        for (key, kept) in journal {
            if let Ok(game) = decode_game(&key, &kept)
                && self.replace_game(&game).is_ok()
            {
                restored.games.push(game.id().to_owned());
            }
        }
        restored
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
