//! Time controls: periods, move counts, increments and delays (Article 6, Appendix B1).
//!
//! A [`TimeControl`] reads and writes the PGN `TimeControl` tag, extended for
//! what FIDE-approved clocks can do and the tag cannot say:
//!
//! | tag | meaning |
//! | --- | --- |
//! | `?` | unknown |
//! | `-` | no time control |
//! | `40/5400+30:1800+30` | periods joined by `:`; `moves/seconds`, then the timing |
//! | `+30` | Fischer increment of 30 s per move |
//! | `d5` | simple (US) delay: the clock waits 5 s before it counts down |
//! | `b5` | Bronstein delay: time used, up to 5 s, is given back after the move |
//! | `60/300:0+2\|60/240:0+2` | White's control, then Black's (Armageddon) |
//!
//! A last period with a move count repeats (the old secondary controls,
//! `40/7200:20/3600` = 20 moves per hour for the rest of the game).
//!
//! ```
//! use laws::time_control::{Class, ClassLimits, TimeControl};
//!
//! let fide: TimeControl = "40/5400+30:1800+30".parse().unwrap();
//! assert_eq!(fide.human(), "90'/40 + 30' + 30\"");
//! assert_eq!(fide.class(&ClassLimits::SOURCE_TEXT), Some(Class::Standard));
//!
//! let late: TimeControl = TimeControl::from_human("120'/40 + 60'/20 + 15' + 30\" from move 61").unwrap();
//! assert_eq!(late.to_string(), "40/7200:20/3600:900+30");
//!
//! let rapid: TimeControl = "900+10".parse().unwrap();
//! assert_eq!(rapid.class(&ClassLimits::SOURCE_TEXT), Some(Class::Rapid));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// How a clock treats the time of each move within a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Timing {
    /// Sudden death or a plain move-count period.
    None,
    /// Fischer: `ms` added for each move.
    Increment { ms: u64 },
    /// Bronstein: after each move, the time used is given back, up to `ms`.
    Bronstein { ms: u64 },
    /// Simple (US) delay: each move the clock waits `ms` before counting down.
    Delay { ms: u64 },
}

impl Timing {
    /// The increment or delay per move, 0 for none.
    pub fn per_move_ms(self) -> u64 {
        match self {
            Timing::None => 0,
            Timing::Increment { ms } | Timing::Bronstein { ms } | Timing::Delay { ms } => ms,
        }
    }
}

/// One period of a player's control: time, optional move count, timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    pub time_ms: u64,
    /// Moves to complete in this period; `None` for the rest of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    pub timing: Timing,
}

/// The longest time a period, an increment or a delay may have (about 31
/// years): keeps every sum of times far from overflowing.
pub const MAX_MS: u64 = 1_000_000_000_000;

/// One player's periods, checked: at least one, a period without a move
/// count only last, a repeating last period with time in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Period>", into = "Vec<Period>")]
pub struct Schedule {
    periods: Vec<Period>,
}

impl Schedule {
    /// Checks the periods; a timing of 0 s is no timing (`300+0` is `300`).
    pub fn new(mut periods: Vec<Period>) -> Result<Schedule, TimeControlError> {
        for period in &mut periods {
            if period.timing.per_move_ms() == 0 {
                period.timing = Timing::None;
            }
        }
        let Some(last) = periods.last() else {
            return Err(TimeControlError::NoPeriod);
        };
        for (index, period) in periods.iter().enumerate() {
            if period.time_ms.max(period.timing.per_move_ms()) > MAX_MS {
                return Err(TimeControlError::TooLong {
                    period: index as u32 + 1,
                });
            }
            match period.moves {
                Some(0) => {
                    return Err(TimeControlError::ZeroMoves {
                        period: index as u32 + 1,
                    });
                }
                None if index + 1 < periods.len() => {
                    return Err(TimeControlError::SuddenDeathNotLast {
                        period: index as u32 + 1,
                    });
                }
                _ => {}
            }
        }
        if last.moves.is_some() && last.time_ms == 0 {
            return Err(TimeControlError::EmptyRepeat);
        }
        Ok(Schedule { periods })
    }

    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Period `number` (from 1); past the list, the repeating last period.
    pub fn period(&self, number: u32) -> &Period {
        let index = (number.max(1) as usize - 1).min(self.periods.len() - 1);
        &self.periods[index]
    }

    /// Whether a period follows period `number`.
    pub fn has_next(&self, number: u32) -> bool {
        (number as usize) < self.periods.len() || self.repeats()
    }

    /// Whether period `number` exists at all.
    pub fn exists(&self, number: u32) -> bool {
        number >= 1 && (number as usize <= self.periods.len() || self.repeats())
    }

    fn repeats(&self) -> bool {
        self.periods.last().is_some_and(|p| p.moves.is_some())
    }

    /// Total moves to complete by the end of period `number`; `None` when it
    /// lasts for the rest of the game.
    pub fn moves_by_end_of(&self, number: u32) -> Option<u32> {
        // In constant time, not period by period: a clock run for hours on
        // a short repeating period asks this for each of thousands of periods.
        let listed = self.periods.len().min(number as usize);
        let mut sum = 0u32;
        for period in &self.periods[..listed] {
            sum = sum.saturating_add(period.moves?);
        }
        let repeats = number.saturating_sub(self.periods.len() as u32);
        if repeats > 0 {
            let last = self.periods.last()?.moves?;
            sum = sum.saturating_add(last.saturating_mul(repeats));
        }
        Some(sum)
    }

    /// The period move `number` (from 1) is played in, counting moves.
    pub fn period_of_move(&self, number: u32) -> u32 {
        let mut period = 1;
        while self.moves_by_end_of(period).is_some_and(|end| end < number) {
            period += 1;
        }
        period
    }

    /// Time a player has for the first 60 moves, every increment or delay
    /// counted in full: the measure of Appendix B1 ("base + 60 × increment").
    pub fn game_time_ms(&self) -> u64 {
        let periods_reached = self.period_of_move(60);
        let time: u64 = (1..=periods_reached).map(|n| self.period(n).time_ms).sum();
        let per_move: u64 = (1..=60)
            .map(|m| self.period(self.period_of_move(m)).timing.per_move_ms())
            .sum();
        time + per_move
    }
}

impl TryFrom<Vec<Period>> for Schedule {
    type Error = TimeControlError;
    fn try_from(periods: Vec<Period>) -> Result<Schedule, TimeControlError> {
        Schedule::new(periods)
    }
}

impl From<Schedule> for Vec<Period> {
    fn from(schedule: Schedule) -> Vec<Period> {
        schedule.periods
    }
}

/// A game's time control, as in the PGN `TimeControl` tag.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `?`
    Unknown,
    /// `-`: the game is not timed.
    Untimed,
    /// White's periods, and Black's when they differ (handicap, Armageddon).
    Timed {
        white: Schedule,
        black: Option<Schedule>,
    },
}

impl TimeControl {
    /// The same control for both players.
    #[must_use]
    pub fn both(schedule: Schedule) -> TimeControl {
        TimeControl::Timed {
            white: schedule,
            black: None,
        }
    }

    /// The periods of `side`, if the game is timed.
    pub fn schedule(&self, side: Side) -> Option<&Schedule> {
        match self {
            TimeControl::Timed { white, black } => Some(match side {
                Side::White => white,
                Side::Black => black.as_ref().unwrap_or(white),
            }),
            _ => None,
        }
    }

    /// Standard, rapidplay or blitz under `limits`; `None` when unknown.
    /// An untimed game is standard play. When the players' times differ the
    /// longer one decides.
    pub fn class(&self, limits: &ClassLimits) -> Option<Class> {
        match self {
            TimeControl::Unknown => None,
            TimeControl::Untimed => Some(Class::Standard),
            TimeControl::Timed { .. } => {
                let ms = [Side::White, Side::Black]
                    .into_iter()
                    .filter_map(|side| self.schedule(side))
                    .map(Schedule::game_time_ms)
                    .max()
                    .unwrap_or(0);
                Some(limits.classify(ms))
            }
        }
    }

    /// The human form: `90'/40 + 30' + 30"`, `5' + 2" from move 61 vs 4' + 2" from move 61`.
    pub fn human(&self) -> String {
        match self {
            TimeControl::Unknown => "?".to_owned(),
            TimeControl::Untimed => "-".to_owned(),
            TimeControl::Timed { white, black: None } => human::write(white),
            TimeControl::Timed {
                white,
                black: Some(black),
            } => {
                format!("{} vs {}", human::write(white), human::write(black))
            }
        }
    }

    /// Reads the human form written by [`TimeControl::human`].
    pub fn from_human(text: &str) -> Result<TimeControl, TimeControlError> {
        match text.trim() {
            "" => Err(TimeControlError::Empty),
            "?" => Ok(TimeControl::Unknown),
            "-" => Ok(TimeControl::Untimed),
            text => {
                let mut sides = text.split(" vs ");
                let white = human::read(sides.next().unwrap_or(""))?;
                let black = sides.next().map(human::read).transpose()?;
                if sides.next().is_some() {
                    return Err(TimeControlError::TooManySides);
                }
                Ok(TimeControl::Timed { white, black })
            }
        }
    }

    /// Reads either notation: the human form when minutes, seconds or hours
    /// are marked (`'`, `"`, `h`), the PGN tag otherwise.
    pub fn read(text: &str) -> Result<TimeControl, TimeControlError> {
        if text.contains(['\'', '"', 'h']) {
            TimeControl::from_human(text)
        } else {
            text.parse()
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Timed { white, black } => {
                write_tag(f, white)?;
                if let Some(black) = black {
                    f.write_str("|")?;
                    write_tag(f, black)?;
                }
                Ok(())
            }
        }
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, schedule: &Schedule) -> fmt::Result {
    for (index, period) in schedule.periods().iter().enumerate() {
        if index > 0 {
            f.write_str(":")?;
        }
        if let Some(moves) = period.moves {
            write!(f, "{moves}/")?;
        }
        f.write_str(&seconds(period.time_ms))?;
        match period.timing {
            Timing::None => {}
            Timing::Increment { ms } => write!(f, "+{}", seconds(ms))?,
            Timing::Delay { ms } => write!(f, "d{}", seconds(ms))?,
            Timing::Bronstein { ms } => write!(f, "b{}", seconds(ms))?,
        }
    }
    Ok(())
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        match text.trim() {
            "" => Err(TimeControlError::Empty),
            "?" => Ok(TimeControl::Unknown),
            "-" => Ok(TimeControl::Untimed),
            text => {
                let mut sides = text.split('|').map(read_tag_schedule);
                let white = sides.next().unwrap_or(Err(TimeControlError::Empty))?;
                let black = sides.next().transpose()?;
                if sides.next().is_some() {
                    return Err(TimeControlError::TooManySides);
                }
                Ok(TimeControl::Timed { white, black })
            }
        }
    }
}

fn read_tag_schedule(text: &str) -> Result<Schedule, TimeControlError> {
    let periods = text
        .split(':')
        .map(read_tag_period)
        .collect::<Result<Vec<_>, _>>()?;
    Schedule::new(periods)
}

fn read_tag_period(field: &str) -> Result<Period, TimeControlError> {
    let bad = || TimeControlError::BadField(field.to_owned());
    let field_trimmed = field.trim();
    if field_trimmed.starts_with('*') {
        return Err(TimeControlError::Sandclock);
    }
    let (moves, rest) = match field_trimmed.split_once('/') {
        Some((moves, rest)) => (Some(moves.parse::<u32>().map_err(|_| bad())?), rest),
        None => (None, field_trimmed),
    };
    let (time, timing) = match rest.find(['+', 'd', 'b']) {
        Some(at) => {
            let ms = parse_seconds(&rest[at + 1..]).ok_or_else(bad)?;
            let timing = match rest.as_bytes()[at] {
                b'+' => Timing::Increment { ms },
                b'd' => Timing::Delay { ms },
                _ => Timing::Bronstein { ms },
            };
            (&rest[..at], timing)
        }
        None => (rest, Timing::None),
    };
    let time_ms = parse_seconds(time).ok_or_else(bad)?;
    Ok(Period {
        time_ms,
        moves,
        timing,
    })
}

/// Seconds as written in the tag (`5400`, `1.5`) to milliseconds.
fn parse_seconds(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    whole
        .parse::<u64>()
        .ok()?
        .checked_mul(1000)?
        .checked_add(millis)
}

/// Milliseconds as seconds for the tag: `5400`, `1.5`.
fn seconds(ms: u64) -> String {
    match ms % 1000 {
        0 => format!("{}", ms / 1000),
        millis => format!(
            "{}.{}",
            ms / 1000,
            format!("{millis:03}").trim_end_matches('0')
        ),
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TimeControl, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeControlError {
    Empty,
    /// A field of the tag that is not `moves/seconds` with a timing.
    BadField(String),
    /// A term of the human form that is neither a period nor a timing.
    BadTerm(String),
    /// `*180`: the PGN sandclock, which no FIDE control uses.
    Sandclock,
    NoPeriod,
    /// A period of zero moves (period number from 1).
    ZeroMoves {
        period: u32,
    },
    /// A period for the rest of the game followed by another one.
    SuddenDeathNotLast {
        period: u32,
    },
    /// A repeating last period with no time: the clock could never run.
    EmptyRepeat,
    /// More than White's and Black's control.
    TooManySides,
    /// A period, increment or delay longer than [`MAX_MS`].
    TooLong {
        period: u32,
    },
    /// "from move N" where move N is not after the previous timing change,
    /// or inside a repeating period.
    BadFromMove {
        from_move: u32,
    },
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Empty => f.write_str("the time control is empty"),
            TimeControlError::BadField(field) => {
                write!(
                    f,
                    "'{field}' is not a time control period (expected e.g. 40/5400+30, 300+2, 5400d5)"
                )
            }
            TimeControlError::BadTerm(term) => {
                write!(
                    f,
                    "'{term}' is neither a period (90'/40) nor a timing (30\", 5\" delay)"
                )
            }
            TimeControlError::Sandclock => {
                f.write_str("sandclock time controls (*seconds) are not supported")
            }
            TimeControlError::NoPeriod => f.write_str("the time control has no period"),
            TimeControlError::ZeroMoves { period } => write!(f, "period {period} has zero moves"),
            TimeControlError::SuddenDeathNotLast { period } => {
                write!(
                    f,
                    "period {period} lasts for the rest of the game but another period follows it"
                )
            }
            TimeControlError::EmptyRepeat => f.write_str("the repeating last period has no time"),
            TimeControlError::TooLong { period } => {
                write!(f, "period {period} has more time than any game can last")
            }
            TimeControlError::TooManySides => {
                f.write_str("more than two controls (White's, Black's) are given")
            }
            TimeControlError::BadFromMove { from_move } => {
                write!(
                    f,
                    "a timing from move {from_move} does not fit the periods or the timing before it"
                )
            }
        }
    }
}

impl std::error::Error for TimeControlError {}

/// Standard play, rapidplay (Appendix B) or blitz.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Standard,
    Rapid,
    Blitz,
}

impl Class {
    /// Whether a flag counts only when a player claims it (B6: in rapidplay
    /// and blitz the arbiter does not signal it), rather than being ruled
    /// by the arbiter as soon as he sees it (6.9, standard play).
    ///
    /// ```
    /// use laws::time_control::Class;
    /// assert!(!Class::Standard.flag_on_claim_only());
    /// assert!(Class::Rapid.flag_on_claim_only());
    /// ```
    #[must_use]
    pub fn flag_on_claim_only(self) -> bool {
        self != Class::Standard
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Standard => "standard",
            Class::Rapid => "rapid",
            Class::Blitz => "blitz",
        })
    }
}

/// Where rapidplay begins and ends, in time for 60 moves (a ruleset parameter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassLimits {
    /// Below this it is blitz (at it too unless `rapid_from_inclusive`).
    pub rapid_from_ms: u64,
    pub rapid_from_inclusive: bool,
    /// Above this it is standard play (at it too unless `rapid_to_inclusive`).
    pub rapid_to_ms: u64,
    pub rapid_to_inclusive: bool,
}

impl ClassLimits {
    /// Appendix B1 of the source text: "a fixed time between 15 to 60 minutes".
    pub const SOURCE_TEXT: ClassLimits = ClassLimits {
        rapid_from_ms: 15 * 60_000,
        rapid_from_inclusive: true,
        rapid_to_ms: 60 * 60_000,
        rapid_to_inclusive: true,
    };
    /// The 2018 Laws: rapid is more than 10 and less than 60 minutes.
    pub const FIDE_2018: ClassLimits = ClassLimits {
        rapid_from_ms: 10 * 60_000,
        rapid_from_inclusive: false,
        rapid_to_ms: 60 * 60_000,
        rapid_to_inclusive: false,
    };

    /// The class of a game where each player has `ms` for 60 moves.
    pub fn classify(&self, ms: u64) -> Class {
        let below =
            ms < self.rapid_from_ms || (ms == self.rapid_from_ms && !self.rapid_from_inclusive);
        let above = ms > self.rapid_to_ms || (ms == self.rapid_to_ms && !self.rapid_to_inclusive);
        match (below, above) {
            (true, _) => Class::Blitz,
            (_, true) => Class::Standard,
            _ => Class::Rapid,
        }
    }
}

impl Default for ClassLimits {
    fn default() -> ClassLimits {
        ClassLimits::SOURCE_TEXT
    }
}

/// A named time control an arbiter picks from a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Preset {
    pub name: &'static str,
    /// The PGN tag.
    pub tag: &'static str,
}

impl Preset {
    #[must_use]
    pub fn control(&self) -> TimeControl {
        // The presets are tested to parse.
        self.tag.parse().expect("preset tags parse")
    }
}

/// The common time controls, FIDE's first.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "FIDE standard 90'/40 + 30' + 30\"",
        tag: "40/5400+30:1800+30",
    },
    Preset {
        name: "FIDE standard 120'/40 + 60'/20 + 15' + 30\" from move 61",
        tag: "40/7200:20/3600:900+30",
    },
    Preset {
        name: "Standard 90' + 30\"",
        tag: "5400+30",
    },
    Preset {
        name: "Standard 120'/40 + 60'",
        tag: "40/7200:3600",
    },
    Preset {
        name: "Standard 120'/40 + 60'/20 (repeating)",
        tag: "40/7200:20/3600",
    },
    Preset {
        name: "Rapid 25' + 10\"",
        tag: "1500+10",
    },
    Preset {
        name: "Rapid 15' + 10\"",
        tag: "900+10",
    },
    Preset {
        name: "Rapid 10' + 5\"",
        tag: "600+5",
    },
    Preset {
        name: "Blitz 5' + 3\"",
        tag: "300+3",
    },
    Preset {
        name: "Blitz 3' + 2\"",
        tag: "180+2",
    },
    Preset {
        name: "Blitz 5'",
        tag: "300",
    },
    Preset {
        name: "Armageddon 5' vs 4' + 2\" from move 61",
        tag: "60/300:0+2|60/240:0+2",
    },
    Preset {
        name: "Armageddon 5' vs 4'",
        tag: "300|240",
    },
    Preset {
        name: "US 90' + 5\" delay",
        tag: "5400d5",
    },
    Preset {
        name: "US 30' + 5\" delay",
        tag: "1800d5",
    },
    Preset {
        name: "Bronstein 90' + 5\"",
        tag: "5400b5",
    },
];

/// The human form: periods `90'/40`, then timings `30"`, `5" delay`,
/// `5" Bronstein`, each optionally `from move N`.
mod human {
    use super::{Period, Schedule, TimeControlError, Timing};

    pub(super) fn write(schedule: &Schedule) -> String {
        let periods = schedule.periods();
        // A timing starting inside a period is kept in the tag as a period of
        // no time (60/300:0+2); here it reads "5' + 2" from move 61".
        let merged = periods.len() >= 2 && {
            let (last, before) = (periods[periods.len() - 1], periods[periods.len() - 2]);
            last.time_ms == 0 && last.moves.is_none() && last.timing != before.timing
        };
        let mut terms = Vec::new();
        let mut from_move = 1;
        let mut current = Timing::None;
        let mut timings = Vec::new();
        for (index, period) in periods.iter().enumerate() {
            if period.timing != current {
                timings.push(timing_term(period.timing, from_move));
                current = period.timing;
            }
            if merged && index == periods.len() - 2 {
                terms.push(duration(period.time_ms));
            } else if !(merged && index == periods.len() - 1) {
                terms.push(match period.moves {
                    Some(moves) => format!("{}/{moves}", duration(period.time_ms)),
                    None => duration(period.time_ms),
                });
            }
            from_move = from_move.saturating_add(period.moves.unwrap_or(0));
        }
        terms.extend(timings);
        terms.join(" + ")
    }

    fn timing_term(timing: Timing, from_move: u32) -> String {
        let amount = super::seconds(timing.per_move_ms());
        let method = match timing {
            Timing::None | Timing::Increment { .. } => "",
            Timing::Delay { .. } => " delay",
            Timing::Bronstein { .. } => " Bronstein",
        };
        match from_move {
            1 => format!("{amount}\"{method}"),
            n => format!("{amount}\"{method} from move {n}"),
        }
    }

    /// `90'`, `1'30"`, `0'30"`.
    fn duration(ms: u64) -> String {
        match ms % 60_000 {
            0 => format!("{}'", ms / 60_000),
            rest => format!("{}'{}\"", ms / 60_000, super::seconds(rest)),
        }
    }

    pub(super) fn read(text: &str) -> Result<Schedule, TimeControlError> {
        let mut periods = Vec::new();
        let mut timings: Vec<(u32, Timing)> = Vec::new();
        for term in text.split('+').map(str::trim) {
            let bad = || TimeControlError::BadTerm(term.to_owned());
            // A period has minutes or hours; a term in seconds only is a timing.
            if term.contains(['\'', 'h']) && timings.is_empty() {
                periods.push(read_period(term).ok_or_else(bad)?);
            } else {
                timings.push(read_timing(term).ok_or_else(bad)?);
            }
        }
        let mut previous = 0;
        for (from_move, timing) in timings {
            if from_move <= previous {
                return Err(TimeControlError::BadFromMove { from_move });
            }
            apply_timing(&mut periods, from_move, timing)?;
            previous = from_move;
        }
        Schedule::new(periods)
    }

    /// `90'/40`, `1h`, `1h30'`, `5'30"`: a duration with an optional move count.
    fn read_period(term: &str) -> Option<Period> {
        let (time, moves) = match term.split_once('/') {
            Some((time, moves)) => (time.trim(), Some(moves.trim().parse::<u32>().ok()?)),
            None => (term, None),
        };
        if !time.contains(['\'', 'h']) {
            return None;
        }
        let mut ms = 0u64;
        let mut number = String::new();
        for c in time.chars() {
            match c {
                '0'..='9' | '.' => number.push(c),
                // Between units only: "1h 30'", never inside a number.
                ' ' if number.is_empty() => {}
                'h' | '\'' | '"' => {
                    let unit = match c {
                        'h' => 3600,
                        '\'' => 60,
                        _ => 1,
                    };
                    ms = ms.checked_add(super::parse_seconds(&number)?.checked_mul(unit)?)?;
                    number.clear();
                }
                _ => return None,
            }
        }
        number.is_empty().then_some(Period {
            time_ms: ms,
            moves,
            timing: Timing::None,
        })
    }

    /// `30"`, `5" delay`, `5" Bronstein`, each optionally `from move 61`.
    fn read_timing(term: &str) -> Option<(u32, Timing)> {
        let (amount, rest) = term.split_once('"')?;
        let ms = super::parse_seconds(amount.trim())?;
        let rest = rest.trim();
        let (method, from) = match rest.split_once("from move") {
            Some((method, from)) => (
                method.trim(),
                from.trim().parse::<u32>().ok().filter(|&n| n >= 1)?,
            ),
            None => (rest, 1),
        };
        let timing = match (method.to_ascii_lowercase().as_str(), ms) {
            (_, 0) => Timing::None,
            ("", _) | ("increment", _) => Timing::Increment { ms },
            ("delay", _) => Timing::Delay { ms },
            ("bronstein", _) => Timing::Bronstein { ms },
            _ => return None,
        };
        Some((from, timing))
    }

    /// Gives the periods from move `from_move` on the timing, splitting a
    /// period when the move falls inside it.
    fn apply_timing(
        periods: &mut Vec<Period>,
        from_move: u32,
        timing: Timing,
    ) -> Result<(), TimeControlError> {
        let bad = TimeControlError::BadFromMove { from_move };
        let mut start = 1u32;
        let mut index = 0;
        while index < periods.len() {
            let period = periods[index];
            // Saturating: a period of more moves than a game has ends never.
            let end = period.moves.map(|m| start.saturating_add(m));
            let repeating = index + 1 == periods.len() && period.moves.is_some();
            if repeating && start < from_move {
                return Err(bad);
            }
            if start < from_move && end.is_none_or(|end| end > from_move) {
                let first = from_move - start;
                periods[index].moves = Some(first);
                let rest = period.moves.map(|m| m - first);
                periods.insert(
                    index + 1,
                    Period {
                        time_ms: 0,
                        moves: rest,
                        timing: period.timing,
                    },
                );
            } else if start >= from_move {
                periods[index].timing = timing;
            }
            start = end.unwrap_or(u32::MAX);
            index += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn the_tag_round_trips() {
        for text in [
            "?",
            "-",
            "40/5400+30:1800+30",
            "300+2",
            "5400d5",
            "5400b5",
            "60/300:0+2|60/240:0+2",
            "1.5+0.25",
        ] {
            assert_eq!(tc(text).to_string(), text);
        }
    }

    #[test]
    fn the_human_form_round_trips() {
        for preset in PRESETS {
            let control = preset.control();
            let human = control.human();
            assert_eq!(
                TimeControl::from_human(&human),
                Ok(control.clone()),
                "{} -> {human}",
                preset.tag
            );
        }
    }

    #[test]
    fn human_forms_as_arbiters_write_them() {
        assert_eq!(tc("40/5400+30:1800+30").human(), "90'/40 + 30' + 30\"");
        assert_eq!(
            tc("40/7200:20/3600:900+30").human(),
            "120'/40 + 60'/20 + 15' + 30\" from move 61"
        );
        assert_eq!(
            tc("60/300:0+2|60/240:0+2").human(),
            "5' + 2\" from move 61 vs 4' + 2\" from move 61"
        );
        assert_eq!(tc("5400d5").human(), "90' + 5\" delay");
        assert_eq!(tc("90+0.5").human(), "1'30\" + 0.5\"");
        assert_eq!(
            TimeControl::from_human("1h30'/40 + 30' + 30\"").unwrap(),
            tc("40/5400+30:1800+30")
        );
        assert_eq!(
            TimeControl::from_human("5' + 2\" from move 61")
                .unwrap()
                .to_string(),
            "60/300:0+2"
        );
    }

    #[test]
    fn bad_controls_are_refused_with_the_reason() {
        assert_eq!("".parse::<TimeControl>(), Err(TimeControlError::Empty));
        assert_eq!(
            "*180".parse::<TimeControl>(),
            Err(TimeControlError::Sandclock)
        );
        assert_eq!(
            "5400:1800".parse::<TimeControl>(),
            Err(TimeControlError::SuddenDeathNotLast { period: 1 })
        );
        assert_eq!(
            "0/5400".parse::<TimeControl>(),
            Err(TimeControlError::ZeroMoves { period: 1 })
        );
        assert_eq!(
            "40/0".parse::<TimeControl>(),
            Err(TimeControlError::EmptyRepeat)
        );
        assert_eq!(
            "300|240|180".parse::<TimeControl>(),
            Err(TimeControlError::TooManySides)
        );
        assert_eq!(
            "90min".parse::<TimeControl>(),
            Err(TimeControlError::BadField("90min".into()))
        );
        assert_eq!(
            "300+".parse::<TimeControl>(),
            Err(TimeControlError::BadField("300+".into()))
        );
        assert_eq!(
            TimeControl::from_human("90 minutes"),
            Err(TimeControlError::BadTerm("90 minutes".into()))
        );
        assert_eq!(
            TimeControl::from_human("90'/40 + 30\" from move 50"),
            Err(TimeControlError::BadFromMove { from_move: 50 })
        );
    }

    #[test]
    fn classification_follows_appendix_b1() {
        let limits = ClassLimits::SOURCE_TEXT;
        assert_eq!(tc("900").class(&limits), Some(Class::Rapid));
        assert_eq!(tc("3600").class(&limits), Some(Class::Rapid));
        assert_eq!(tc("3601").class(&limits), Some(Class::Standard));
        assert_eq!(tc("899").class(&limits), Some(Class::Blitz));
        // 10' + 5" is 15' for 60 moves.
        assert_eq!(tc("600+5").class(&limits), Some(Class::Rapid));
        assert_eq!(tc("600").class(&ClassLimits::FIDE_2018), Some(Class::Blitz));
        assert_eq!(
            tc("600+1").class(&ClassLimits::FIDE_2018),
            Some(Class::Rapid)
        );
        assert_eq!(
            tc("3600").class(&ClassLimits::FIDE_2018),
            Some(Class::Standard)
        );
        assert_eq!(
            tc("60/300:0+2|60/240:0+2").class(&limits),
            Some(Class::Blitz)
        );
        assert_eq!(tc("?").class(&limits), None);
        assert_eq!(tc("-").class(&limits), Some(Class::Standard));
    }

    #[test]
    fn presets_are_in_the_class_their_name_says() {
        for preset in PRESETS {
            let class = preset.control().class(&ClassLimits::SOURCE_TEXT);
            let named = ["Rapid", "Blitz", "Armageddon", "Standard", "FIDE standard"]
                .into_iter()
                .find(|word| preset.name.starts_with(word));
            let expected = match named {
                Some("Rapid") => Some(Class::Rapid),
                Some("Blitz" | "Armageddon") => Some(Class::Blitz),
                Some(_) => Some(Class::Standard),
                None => continue,
            };
            assert_eq!(class, expected, "{}", preset.name);
        }
    }

    #[test]
    fn periods_and_moves() {
        let control = tc("40/7200:20/3600:900+30");
        let white = control.schedule(Side::White).unwrap();
        assert_eq!(white.period_of_move(40), 1);
        assert_eq!(white.period_of_move(41), 2);
        assert_eq!(white.period_of_move(61), 3);
        assert_eq!(white.moves_by_end_of(2), Some(60));
        assert_eq!(white.moves_by_end_of(3), None);
        let repeating = tc("40/7200:20/3600");
        let schedule = repeating.schedule(Side::Black).unwrap();
        assert_eq!(schedule.period_of_move(81), 4);
        assert_eq!(schedule.period(4).time_ms, 3_600_000);
    }

    #[test]
    fn serde_uses_the_tag() {
        let control = tc("40/5400+30:1800+30");
        assert_eq!(
            serde_json::to_string(&control).unwrap(),
            "\"40/5400+30:1800+30\""
        );
        assert_eq!(
            serde_json::from_str::<TimeControl>("\"300+2\"").unwrap(),
            tc("300+2")
        );
        assert!(serde_json::from_str::<TimeControl>("\"x\"").is_err());
    }
}
