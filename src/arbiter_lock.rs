//! One arbiter lock over the tablet: with a PIN set, the arbiter's screens
//! and actions (settings, keys and recipients, rulings, editing and
//! deleting a game, joining an event) open only once the PIN has been
//! given, and close again when the game goes back to the players.
//!
//! The lock is held in memory: opening the page afresh locks it.

use leptos::prelude::*;

use crate::state::AppState;

impl AppState {
    /// Whether the arbiter's screens are closed: a PIN is set and has not
    /// been given since the tablet last locked.
    #[must_use]
    pub fn arbiter_locked(&self) -> bool {
        self.settings.with(|s| s.arbiter_pin.is_some()) && !self.arbiter_unlocked.get()
    }

    /// Opens the arbiter's screens if `pin` is the arbiter's (counted as a
    /// try, [`AppState::check_pin`]).
    pub fn unlock_arbiter(&self, pin: &str) -> Result<(), String> {
        self.check_pin(pin)?;
        self.arbiter_unlocked.set(true);
        Ok(())
    }

    /// Closes the arbiter's screens: the game is back with the players.
    pub fn lock_arbiter(&self) {
        self.arbiter_unlocked.set(false);
    }

    /// Refuses an arbiter's action while the screens are closed: the check
    /// where the action happens, whatever led to it.
    pub fn require_arbiter(&self) -> Result<(), String> {
        if self.settings.with_untracked(|s| s.arbiter_pin.is_some())
            && !self.arbiter_unlocked.get_untracked()
        {
            return Err(crate::t!(
                "Only the arbiter may do this: give the arbiter's PIN first.",
                "Tylko sędzia może to zrobić: najpierw podaj PIN sędziego."
            )
            .into());
        }
        Ok(())
    }
}
