//! The app's state: the games as signals, changed only through methods that
//! write to storage first, so nothing is shown that a reload would lose.

use std::rc::Rc;

use laws::game::{Event, Game, Setup};
use leptos::prelude::*;

use crate::backup::{self, Merge};
use crate::storage::{Backend, Browser, Memory, StorageError, Store};

/// A message for the arbiter after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
}

/// Shared by every screen through context; `Copy`, so closures take it freely.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every readable game, newest change first.
    pub games: RwSignal<Vec<Game>>,
    /// Records that could not be read (kept untouched in storage).
    pub problems: RwSignal<Vec<String>>,
    /// False when the browser gives no storage: work is kept for this session only.
    pub persistent: RwSignal<bool>,
    pub notice: RwSignal<Option<Notice>>,
}

thread_local! {
    // Where the browser gives no localStorage, the session's records live here.
    static SESSION: Rc<Memory> = Rc::new(Memory::default());
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
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        (**self).keys()
    }
}

/// The browser's storage, or this session's memory when there is none.
fn store() -> (Store<Rc<dyn Backend>>, Option<StorageError>) {
    match Browser::open() {
        Ok(browser) => (Store::new(Rc::new(browser)), None),
        Err(e) => (Store::new(SESSION.with(|m| m.clone() as Rc<dyn Backend>)), Some(e)),
    }
}

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A new game id: creation time and randomness, short enough to read aloud.
fn new_id(now_ms: u64) -> String {
    let random = (js_sys::Math::random() * 65536.0) as u32;
    format!("{}-{random:04x}", radix36(now_ms))
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
    /// Loads every record; problems are reported, never fatal.
    pub fn load() -> AppState {
        let state = AppState {
            games: RwSignal::new(Vec::new()),
            problems: RwSignal::new(Vec::new()),
            persistent: RwSignal::new(true),
            notice: RwSignal::new(None),
        };
        state.reload();
        state
    }

    /// Reads storage again (after another tab changed it).
    pub fn reload(&self) {
        let (store, unavailable) = store();
        let loaded = store.load_games();
        self.persistent.set(unavailable.is_none());
        let mut problems: Vec<String> = unavailable.iter().map(ToString::to_string).collect();
        problems.extend(loaded.problems.iter().map(ToString::to_string));
        self.problems.set(problems);
        self.games.set(loaded.games);
    }

    pub fn tell(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice { text: text.into(), is_error: false }));
    }

    pub fn warn(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice { text: text.into(), is_error: true }));
    }

    pub fn game(&self, id: &str) -> Option<Game> {
        self.games.with(|games| games.iter().find(|g| g.id() == id).cloned())
    }

    /// Saves `game` then shows it; a refused save changes nothing shown.
    fn save(&self, game: Game) -> Result<(), String> {
        let (store, _) = store();
        match store.save_game(&game) {
            Ok(()) => {
                self.games.update(|games| {
                    games.retain(|g| g.id() != game.id());
                    games.insert(0, game);
                });
                Ok(())
            }
            Err(e @ StorageError::Conflict { .. }) => {
                self.reload();
                Err(e.to_string())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Creates a game; returns its id.
    pub fn create(&self, setup: Setup) -> Result<String, String> {
        setup.validate().map_err(|e| e.to_string())?;
        let now = now_ms();
        let game = Game::new(new_id(now), setup, now);
        let id = game.id().to_owned();
        self.save(game)?;
        Ok(id)
    }

    /// Records `event` in game `id`, if the Laws allow it.
    pub fn apply(&self, id: &str, event: Event) -> Result<(), String> {
        let mut game = self.game(id).ok_or_else(|| format!("game {id} is not on this tablet"))?;
        game.apply(event, now_ms()).map_err(|e| e.to_string())?;
        self.save(game)
    }

    pub fn delete(&self, id: &str) -> Result<(), String> {
        let (store, _) = store();
        store.delete_game(id).map_err(|e| e.to_string())?;
        self.games.update(|games| games.retain(|g| g.id() != id));
        Ok(())
    }

    /// Space our records take in this browser, in bytes.
    pub fn used_bytes(&self) -> usize {
        self.games.track();
        store().0.used_bytes()
    }

    pub fn export(&self) -> String {
        self.games.with(|games| backup::export(games, now_ms()))
    }

    /// Merges a backup file; returns the summary, or why nothing changed.
    pub fn import(&self, text: &str) -> Result<String, String> {
        let incoming = backup::parse(text).map_err(|e| e.to_string())?;
        let merge = self.games.with(|games| Merge::plan(games, incoming));
        let (store, _) = store();
        let mut failed = Vec::new();
        for game in &merge.to_save {
            if let Err(e) = store.save_game(game) {
                failed.push(format!("{}: {e}", game.id()));
            }
        }
        self.reload();
        if failed.is_empty() {
            Ok(merge.summary())
        } else {
            Err(format!("{} Not saved: {}", merge.summary(), failed.join("; ")))
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
