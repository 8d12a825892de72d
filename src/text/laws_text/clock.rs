//! The clock's times and its refusals, in words.

use super::side::sides;
use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};

/// Why the clock refused an action.
#[must_use]
pub fn clock_error(error: &laws::clock::ClockError) -> String {
    use laws::clock::ClockError;
    match error {
        ClockError::NotTimed(control) => tf!(
            "the time control '{control}' gives the clock no time to run",
            "tempo gry „{control}” nie daje zegarowi czasu do odmierzania"
        ),
        ClockError::OutOfOrder { last_ms, at_ms } => tf!(
            "clock action at {at_ms} ms is earlier than the last one at {last_ms} ms",
            "działanie zegara w chwili {at_ms} ms jest wcześniejsze niż ostatnie w chwili {last_ms} ms"
        ),
        ClockError::AlreadyStarted => {
            t!("the clock is already started", "zegar jest już uruchomiony").to_owned()
        }
        ClockError::NotStarted => {
            t!("the clock is not started", "zegar nie jest uruchomiony").to_owned()
        }
        ClockError::Paused => t!(
            "the clock is paused by the arbiter",
            "zegar jest zatrzymany przez sędziego"
        )
        .to_owned(),
        ClockError::NotPaused => {
            t!("the clock is not paused", "zegar nie jest zatrzymany").to_owned()
        }
        ClockError::NotRunning { side } => tf!(
            "{} pressed but {} clock is not running",
            "{} nacisnęły zegar, ale {} nie chodzi",
            super::side::side(*side),
            match lang() {
                UiLang::English => sides(*side),
                UiLang::Polish => "ich zegar",
            }
        ),
        ClockError::NoSuchPeriod { side, period } => tf!(
            "{} time control has no period {period}",
            "tempo gry {} nie ma okresu {period}",
            sides(*side)
        ),
        ClockError::TooMuchTime { ms } => tf!(
            "{ms} ms is more time than any game can last",
            "{ms} ms to więcej czasu, niż może trwać jakakolwiek partia"
        ),
        ClockError::NoPressToUndo => t!(
            "there is no press to take back: none since the clock was started or set, or it was taken back already",
            "nie ma naciśnięcia do cofnięcia: żadnego od uruchomienia lub ustawienia zegara albo już je cofnięto"
        )
        .to_owned(),
    }
}
