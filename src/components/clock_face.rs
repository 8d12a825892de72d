use laws::clock::ClockDisplay;
use laws::game::Side;
use leptos::ev::{MouseEvent, PointerEvent};
use leptos::prelude::*;

use crate::laws_text;
use crate::t;

/// Under this a clock shows tenths of a second.
pub const TENTHS_BELOW_MS: u64 = 20_000;
/// Under this a clock is marked as short of time.
pub const LOW_TIME_MS: u64 = 60_000;

/// A clock reading as players read it: `h:mm:ss` from an hour, `m:ss`, and
/// `m:ss.t` under 20 seconds. Truncated, never rounded up: a clock that
/// shows time has that time left.
pub fn format_clock(ms: u64) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < TENTHS_BELOW_MS {
        format!("{m}:{s:02}.{}", ms % 1000 / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

/// What one side's clock shows, in words and figures.
fn shown_time(reading: ClockDisplay, side: Side) -> String {
    let dial = dial(reading, side);
    if dial.overtime_ms > 0 {
        format!("−{}", format_clock(dial.overtime_ms))
    } else {
        format_clock(dial.remaining_ms)
    }
}

fn dial(reading: ClockDisplay, side: Side) -> laws::clock::DialDisplay {
    match side {
        Side::White => reading.white,
        Side::Black => reading.black,
    }
}

/// One player's half of the clock: the whole half is the button to press.
#[component]
pub fn ClockFace(
    side: Side,
    /// The player's name.
    name: String,
    reading: Memo<Option<ClockDisplay>>,
    /// The player pressed (a finger touching down, or Enter on the focused face).
    on_press: Callback<Side>,
) -> impl IntoView {
    let time =
        Memo::new(move |_| reading.with(|r| r.map(|r| shown_time(r, side)).unwrap_or_default()));
    // Plain closures, not memos: the reading changes every frame anyway.
    let running = move || reading.with(|r| r.is_some_and(|r| r.running == Some(side)));
    let low = move || reading.with(|r| r.is_some_and(|r| dial(r, side).remaining_ms < LOW_TIME_MS));
    let flagged = move || reading.with(|r| r.is_some_and(|r| dial(r, side).flag.is_some()));
    let moves = move || reading.with(|r| r.map_or(0, |r| dial(r, side).moves));
    let period = move || reading.with(|r| r.map_or(1, |r| dial(r, side).period));
    let status = move || {
        reading.with(|r| match r {
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
        })
    };
    let side_name = laws_text::side(side);
    view! {
        <button
            class="clock-face"
            class:running=running
            class:to-move=move || reading.with(|r| r.is_some_and(|r| r.paused && r.to_move == Some(side)))
            class:low=low
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
                <span class="face-moves">{t!("Moves ", "Posunięcia ")} {moves}</span>
                <span class="face-period">{t!("Period ", "Okres ")} {period}</span>
            </span>
            <span class="face-status">
                {status}
                <Show when=flagged>
                    <strong class="face-flag">{t!(" · Flag fallen", " · Chorągiewka opadła")}</strong>
                </Show>
            </span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::format_clock;

    #[test]
    fn hours_minutes_seconds_then_tenths_in_the_last_twenty_seconds() {
        assert_eq!(format_clock(5_430_000), "1:30:30");
        assert_eq!(format_clock(3_600_000), "1:00:00");
        assert_eq!(format_clock(3_599_999), "59:59");
        assert_eq!(format_clock(300_000), "5:00");
        assert_eq!(format_clock(20_000), "0:20");
        assert_eq!(format_clock(19_999), "0:19.9");
        assert_eq!(format_clock(7_350), "0:07.3");
        assert_eq!(format_clock(99), "0:00.0");
        assert_eq!(format_clock(0), "0:00.0");
    }

    #[test]
    fn time_left_is_never_rounded_up() {
        // 1 ms short of a full second shows the second below it.
        assert_eq!(format_clock(60_999), "1:00");
        assert_eq!(format_clock(3_600_999), "1:00:00");
        assert_eq!(format_clock(36_000_000), "10:00:00");
    }
}
