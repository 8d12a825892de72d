use laws::clock::ClockDisplay;
use laws::game::Side;
use leptos::ev::{MouseEvent, PointerEvent};
use leptos::prelude::*;

use crate::t;
use crate::text::clock_reading::{TENTHS_BELOW_MS, dial, shown_time};
use crate::text::laws_text;

/// Under this a clock is marked as short of time.
pub const LOW_TIME_MS: u64 = 60_000;

/// What one face shows besides its time: it changes with the clock's
/// events and the low-time mark, not with every second shown as the
/// reading does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Face {
    running: bool,
    to_move: bool,
    low: bool,
    flagged: bool,
    moves: u32,
    period: u32,
    status: &'static str,
}

impl Face {
    /// `over`: the game is over (the core says so), so nobody is to move.
    fn of(reading: Option<ClockDisplay>, side: Side, over: bool) -> Face {
        let own = reading.map(|r| dial(r, side));
        Face {
            running: reading.is_some_and(|r| r.running == Some(side)),
            to_move: !over && reading.is_some_and(|r| r.paused && r.to_move == Some(side)),
            low: own.is_some_and(|d| d.remaining_ms < LOW_TIME_MS),
            flagged: own.is_some_and(|d| d.flag.is_some()),
            moves: own.map_or(0, |d| d.moves),
            period: own.map_or(1, |d| d.period),
            status: match reading {
                _ if over => t!("Game over", "Partia zakończona"),
                Some(r) if r.running == Some(side) => t!(
                    "Running: press after your move",
                    "Czas płynie: naciśnij po swoim posunięciu"
                ),
                // Who moves when the arbiter restarts the clock.
                Some(r) if r.paused && r.to_move == Some(side) => t!(
                    "Paused by the arbiter · to move",
                    "Zatrzymany przez sędziego · na posunięciu"
                ),
                Some(r) if r.paused => t!("Paused by the arbiter", "Zatrzymany przez sędziego"),
                Some(r) if r.running.is_none() => t!("Not started", "Nieuruchomiony"),
                _ => t!("Waiting", "Czeka"),
            },
        }
    }
}

/// Everything the two faces show of a reading, each face's time and the
/// rest: the screen changes when, and only when, this does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown([(String, Face); 2]);

impl Shown {
    #[must_use]
    pub fn of(reading: Option<ClockDisplay>) -> Shown {
        let face = |side| {
            let time = reading.map(|r| shown_time(r, side)).unwrap_or_default();
            // The game's end changes the faces once, not with the reading.
            (time, Face::of(reading, side, false))
        };
        Shown([face(Side::White), face(Side::Black)])
    }
}

/// A frame at 60 Hz, about: what is shown sooner than this after the last
/// look cannot be seen any sooner.
const FRAME_MS: u64 = 16;

/// How long until the running face's time shown may next change: its next
/// second (tenth in the last twenty seconds) down, or up past zero; `None`
/// while no clock runs. A time that waits out a delay first changes later:
/// it is then looked at again, no sooner than a frame later.
#[must_use]
pub fn next_change_in(reading: &ClockDisplay) -> Option<u64> {
    let dial = dial(*reading, reading.running?);
    let step = |ms: u64| if ms < TENTHS_BELOW_MS { 100 } else { 1000 };
    let (remaining, overtime) = (dial.remaining_ms, dial.overtime_ms);
    let wait = if overtime > 0 {
        step(overtime) - overtime % step(overtime)
    } else if remaining < step(remaining) {
        // The flag falls at zero, before the tenth shown would change.
        remaining.max(1)
    } else {
        remaining % step(remaining) + 1
    };
    Some(wait.max(FRAME_MS))
}

/// One player's half of the clock: the whole half is the button to press.
#[component]
pub fn ClockFace(
    side: Side,
    /// The player's name.
    name: String,
    reading: Memo<Option<ClockDisplay>>,
    /// The game is over: the face invites no move.
    over: Signal<bool>,
    /// The player pressed (a finger touching down, or Enter on the focused face).
    on_press: Callback<Side>,
) -> impl IntoView {
    // The reading changes with every second either face shows; one face's
    // time and the rest of it less often: as memos, only their changes
    // reach the page.
    let time =
        Memo::new(move |_| reading.with(|r| r.map(|r| shown_time(r, side)).unwrap_or_default()));
    let face = Memo::new(move |_| reading.with(|r| Face::of(*r, side, over.get())));
    let flagged = move || face.with(|f| f.flagged);
    let side_name = laws_text::side::side(side);
    view! {
        <button
            class="clock-face"
            class:running=move || face.with(|f| f.running)
            class:to-move=move || face.with(|f| f.to_move)
            class:low=move || face.with(|f| f.low)
            class:flagged=flagged
            data-side=side.to_string().to_lowercase()
            // Touch-down switches the clock, as a clock's button does; the
            // click that follows is ignored unless it came from the keyboard.
            on:pointerdown=move |ev: PointerEvent| {
                if ev.button() == 0 {
                    ev.prevent_default();
                    on_press.run(side);
                }
            }
            on:click=move |ev: MouseEvent| {
                if ev.detail() == 0 {
                    on_press.run(side);
                }
            }
            on:contextmenu=move |ev: MouseEvent| ev.prevent_default()
        >
            <span class="face-player">{side_name} " · " {name}</span>
            <span class="face-time" role="timer">{time}</span>
            <span class="face-counts">
                <span class="face-moves">{t!("Moves ", "Posunięcia ")} {move || face.with(|f| f.moves)}</span>
                <span class="face-period">{t!("Period ", "Okres ")} {move || face.with(|f| f.period)}</span>
            </span>
            <span class="face-status">
                {move || face.with(|f| f.status)}
                <Show when=flagged>
                    <strong class="face-flag">{t!(" · Flag fallen", " · Chorągiewka opadła")}</strong>
                </Show>
            </span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use laws::clock::{Clock, ClockAction, ClockSettings};
    use laws::game::Side;

    use super::{FRAME_MS, Shown, next_change_in};

    /// A running face is looked at again when its time shown changes: the
    /// same until then, another from then (a frame late at most, when the
    /// change is due sooner), in seconds, in tenths, and at zero.
    #[test]
    fn a_running_face_is_looked_at_when_its_time_shown_changes() {
        let mut clock = Clock::new(&"60+0".parse().unwrap(), ClockSettings::default()).unwrap();
        clock
            .apply(ClockAction::Start { side: Side::White }, 0)
            .unwrap();
        let shown = |at| Shown::of(Some(clock.display(at)));
        for at in (0..60_000).step_by(37) {
            let wait = next_change_in(&clock.display(at)).unwrap();
            assert!(wait >= FRAME_MS, "{at}");
            if wait > FRAME_MS {
                assert_eq!(shown(at + wait - 1), shown(at), "{at}");
                assert_ne!(shown(at + wait), shown(at), "{at}");
            }
        }
        clock.apply(ClockAction::Pause, 30_000).unwrap();
        assert_eq!(next_change_in(&clock.display(40_000)), None);
    }
}
