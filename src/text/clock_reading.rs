//! A clock's reading as its faces show it, in figures: what the clock
//! screen, the arbiter's menu, the event's boards and a game's listing all
//! show the same way.

use laws::clock::{ClockDisplay, DialDisplay};
use laws::game::Side;

use crate::tf;

/// Under this a clock shows tenths of a second.
pub const TENTHS_BELOW_MS: u64 = 20_000;

/// A clock reading as players read it: `h:mm:ss` from an hour, `m:ss`, and
/// `m:ss.t` under 20 seconds. Truncated, never rounded up: a clock that
/// shows time has that time left.
pub fn format_clock(ms: u64) -> String {
    if ms < TENTHS_BELOW_MS {
        format!("{}.{}", format_seconds(ms), ms % 1000 / 100)
    } else {
        format_seconds(ms)
    }
}

/// A reading in whole seconds, as a scoresheet's clock column shows it:
/// `1:29:55`, or `4:07` under an hour.
pub fn format_seconds(ms: u64) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// What one side's clock shows, in words and figures.
pub fn shown_time(reading: ClockDisplay, side: Side) -> String {
    let dial = dial(reading, side);
    if dial.overtime_ms > 0 {
        format!("−{}", format_clock(dial.overtime_ms))
    } else {
        format_clock(dial.remaining_ms)
    }
}

/// One side's dial of a reading.
pub fn dial(reading: ClockDisplay, side: Side) -> DialDisplay {
    match side {
        Side::White => reading.white,
        Side::Black => reading.black,
    }
}

/// Reads a time used as the arbiter types it: `h:mm:ss`, `mm:ss` or minutes.
pub fn parse_hms(text: &str) -> Result<u64, String> {
    let bad = || {
        tf!(
            "“{}” is not a time: write it as h:mm:ss, for example 1:05:30",
            "„{}” to nie jest czas: zapisz go jako h:mm:ss, np. 1:05:30",
            text.trim()
        )
    };
    let parts: Vec<u64> = text
        .trim()
        .split(':')
        .map(|part| part.trim().parse::<u64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let seconds = match parts.as_slice() {
        [m] => m * 60,
        [m, s] if *s < 60 => m * 60 + s,
        [h, m, s] if *m < 60 && *s < 60 => h * 3600 + m * 60 + s,
        _ => return Err(bad()),
    };
    Ok(seconds * 1000)
}

#[cfg(test)]
mod tests {
    use super::{format_clock, parse_hms};

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

    #[test]
    fn a_time_used_reads_as_an_arbiter_writes_it() {
        assert_eq!(parse_hms(" 1:02:03 "), Ok(3_723_000));
        assert_eq!(parse_hms("45"), Ok(2_700_000));
        assert_eq!(parse_hms("5:30"), Ok(330_000));
        assert!(parse_hms("1:75:00").unwrap_err().contains("not a time"));
        assert!(parse_hms("").is_err());
    }
}
