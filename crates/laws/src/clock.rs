//! The chess clock as a pure state machine: time comes in as milliseconds (Article 6).
//!
//! A [`Clock`] is the fold of timestamped [`ClockAction`]s over a
//! [`TimeControl`]; nothing in it ticks. The app logs each action with its
//! wall-clock time and, on every animation frame, asks
//! [`Clock::remaining`] for `now_ms`: a reload replays the log and resumes
//! exactly. [`rule_flag_fall`] turns a fallen flag into the arbiter's ruling.
//!
//! ```
//! use laws::clock::{Clock, ClockAction, ClockSettings};
//! use laws::game::Side;
//!
//! let control = "40/5400+30:1800+30".parse().unwrap();
//! let log = [
//!     (0, ClockAction::Start { side: Side::White }),
//!     (10_000, ClockAction::Press { side: Side::White }),
//! ];
//! let clock = Clock::replay(&control, ClockSettings::default(), &log).unwrap();
//! // 90 min, the increment for move 1, 10 s used, the increment for move 2.
//! assert_eq!(clock.remaining(Side::White, 60_000), 5_400_000 + 30_000 - 10_000 + 30_000);
//! // Black has been thinking for 50 s.
//! assert_eq!(clock.remaining(Side::Black, 60_000), 5_400_000 + 30_000 - 50_000);
//! assert_eq!(clock.running_side(), Some(Side::Black));
//! assert_eq!(clock.times()[0].think_ms, 10_000);
//! ```

// The rulings on a fallen flag ask whether the opponent can still mate
// (`unwinnable`): kept apart, so the clock itself stays a state machine.
mod flag;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::side::Side;
use crate::time_control::{MAX_MS, Schedule, TimeControl, Timing};
pub use flag::{FlagRuling, FlagVerdict, flag_fell, rule_flag_fall};

/// When the next period's time is added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextPeriod {
    /// When the player completes the period's moves (a clock with a move counter).
    #[default]
    AtMoveCount,
    /// When the period's time runs out, as FIDE-approved clocks do without
    /// counting moves; the flag still counts if the moves were not made.
    AtFlag,
}

/// What a clock shows once a flag has fallen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtZero {
    /// The flagged clock stays at zero and gains nothing but the arbiter's time.
    #[default]
    Freeze,
    /// The clock keeps counting past zero (shown as overtime).
    RunOn,
}

/// How a particular clock behaves; the same control can run either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ClockSettings {
    pub next_period: NextPeriod,
    pub at_zero: AtZero,
    /// Whether the Fischer increment for move 1 is added before it (90' + 30"
    /// shows 1:30:30 at the start) rather than after each move.
    pub increment_before_first_move: bool,
}

impl Default for ClockSettings {
    fn default() -> ClockSettings {
        ClockSettings {
            next_period: NextPeriod::AtMoveCount,
            at_zero: AtZero::Freeze,
            increment_before_first_move: true,
        }
    }
}

/// What the arbiter sets one side's clock to (6.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setting {
    pub remaining_ms: u64,
    /// Moves completed.
    pub moves: u32,
    /// The period, from 1.
    pub period: u32,
}

/// Something done to the clock, as logged with its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ClockAction {
    /// Starts `side`'s clock (White's, or Black's in a position with Black to move).
    Start { side: Side },
    /// `side` completes a move and presses: the opponent's clock runs.
    Press { side: Side },
    /// The arbiter stops both clocks.
    Pause,
    /// The arbiter restarts the clock that was running.
    Resume,
    /// The arbiter sets both clocks, move counters and periods (6.13).
    Adjust { white: Setting, black: Setting },
    /// Time given to `side` (a penalty on the opponent, 7.4, 10.2).
    AddTime { side: Side, ms: u64 },
}

/// The arbiter's correction of a clock that was used wrongly; the game's
/// log keeps it with his reason (`Event::ClockCorrected`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockCorrection {
    /// The last press is taken back: the clock is as if it had not been
    /// made (the pressing player's clock ran all along), with what the
    /// arbiter did since (pauses, resumptions, both clocks set, time added)
    /// kept as he did it, less the move the press counted.
    UndoLastPress,
    /// The clock stood the other way round, each half timing the player
    /// facing it: the two halves' times, move counts and flags change sides,
    /// and each half is shown for the player facing it from then on. Whose
    /// move it is stays for the arbiter to settle ([`Clock::to_settle`]).
    SwapSides,
    /// The arbiter settles whose move it is: `side`'s clock runs from now
    /// (or will, when the arbiter restarts the paused clocks); the times
    /// and move counts stay as they are.
    ToMove { side: Side },
}

/// Why the clock refuses an action; it is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockError {
    /// A clock needs a time control: `?` or `-` was given.
    NotTimed(TimeControl),
    /// Actions come in time order.
    OutOfOrder {
        last_ms: u64,
        at_ms: u64,
    },
    AlreadyStarted,
    NotStarted,
    Paused,
    NotPaused,
    /// `side` pressed, but its clock was not the one running.
    NotRunning {
        side: Side,
    },
    /// The adjustment names a period the control does not have.
    NoSuchPeriod {
        side: Side,
        period: u32,
    },
    /// More time set or added than any game can last ([`MAX_MS`]).
    TooMuchTime {
        ms: u64,
    },
    /// No press to take back: none since the clock was started or its
    /// halves swapped, or the last one was taken back already.
    NoPressToUndo,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::NotTimed(control) => write!(
                f,
                "the time control '{control}' gives the clock no time to run"
            ),
            ClockError::OutOfOrder { last_ms, at_ms } => {
                write!(
                    f,
                    "clock action at {at_ms} ms is earlier than the last one at {last_ms} ms"
                )
            }
            ClockError::AlreadyStarted => f.write_str("the clock is already started"),
            ClockError::NotStarted => f.write_str("the clock is not started"),
            ClockError::Paused => f.write_str("the clock is paused by the arbiter"),
            ClockError::NotPaused => f.write_str("the clock is not paused"),
            ClockError::NotRunning { side } => {
                write!(f, "{side} pressed but {side}'s clock is not running")
            }
            ClockError::NoSuchPeriod { side, period } => {
                write!(f, "{side}'s time control has no period {period}")
            }
            ClockError::TooMuchTime { ms } => {
                write!(f, "{ms} ms is more time than any game can last")
            }
            ClockError::NoPressToUndo => f.write_str(
                "there is no press to take back: none since the clock was started or its halves swapped, or it was taken back already",
            ),
        }
    }
}

impl std::error::Error for ClockError {}

/// Which action of a replayed log the clock refused, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Index in the log, from 0.
    pub index: usize,
    pub error: ClockError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "clock action {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// Where one side's time came from and went: `remaining = allotted +
/// increments + added - used` at every moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Account {
    /// The periods' time given so far.
    pub allotted_ms: u64,
    /// Fischer increments and Bronstein refunds.
    pub increments_ms: u64,
    /// By the arbiter: added time and adjustments (negative when taken off).
    pub added_ms: i64,
    /// Time charged while the clock ran (a simple delay is not charged).
    pub used_ms: u64,
}

impl Account {
    /// The time used as the clock indicates it: the time run, less what the
    /// arbiter added (more, for time he took off). It is what an envelope
    /// records (A2c) and what the clock is set back to at resumption (A5).
    ///
    /// ```
    /// use laws::clock::Account;
    ///
    /// let account = Account { allotted_ms: 600_000, increments_ms: 0, added_ms: 120_000, used_ms: 300_000 };
    /// // 10 minutes, 5 used, 2 given by the arbiter: the clock shows 7 left, 3 used.
    /// assert_eq!(account.indicated_used_ms(), 180_000);
    /// ```
    #[must_use]
    pub fn indicated_used_ms(&self) -> u64 {
        let used = i64::try_from(self.used_ms).unwrap_or(i64::MAX);
        u64::try_from(used.saturating_sub(self.added_ms)).unwrap_or(0)
    }

    /// What the clock is set to so that it indicates `used_ms` (A5, A12).
    #[must_use]
    pub fn remaining_for_used(&self, used_ms: u64) -> u64 {
        (self.allotted_ms + self.increments_ms).saturating_sub(used_ms)
    }
}

/// A flag fall: whose, when, and where in the control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlagFall {
    pub side: Side,
    pub at_ms: u64,
    /// The period whose time ran out, from 1.
    pub period: u32,
    /// Moves completed when it fell.
    pub moves: u32,
}

/// One completed move's time, for PGN `[%clk]` and `[%emt]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveTime {
    pub side: Side,
    /// The side's move number, from 1.
    pub number: u32,
    pub pressed_ms: u64,
    /// Time the player's clock ran for this move (`[%emt]`).
    pub think_ms: u64,
    /// The clock after the press, increments included (`[%clk]`).
    pub clock_ms: u64,
    /// The period the move completed, from 1.
    pub period: u32,
}

/// One side's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Dial {
    /// Negative only when running on past zero.
    remaining_ms: i64,
    moves: u32,
    period: u32,
    /// Time the clock has run for the move in progress.
    think_ms: u64,
    /// The clock is at zero: the flag fell and no time has come since.
    down: bool,
    /// The flag shown: the first fall since the arbiter last set this clock.
    flag: Option<FlagFall>,
    account: Account,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
enum Run {
    NotStarted,
    Running { side: Side, since_ms: u64 },
    Paused { side: Side },
}

/// The part of the clock that moves with time, cheap to copy for a reading.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Face {
    dials: [Dial; 2],
    run: Run,
    flags: Vec<FlagFall>,
}

/// The clock just before its last press, and what was done to it since,
/// for taking the press back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct BeforePress {
    face: Face,
    at_ms: u64,
    times: usize,
    /// What the arbiter did since the press (pauses, resumptions, settings,
    /// time added): done again, as he did it, when the press is taken back.
    since: Vec<(u64, ClockAction)>,
}

/// The chess clock: the control, its settings and the state the actions left.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clock {
    schedules: [Schedule; 2],
    settings: ClockSettings,
    face: Face,
    last_ms: u64,
    times: Vec<MoveTime>,
    before_press: Option<Box<BeforePress>>,
    /// The halves change sides on the screen ([`ClockCorrection::SwapSides`]).
    swapped: bool,
    /// Whose move it is is for the arbiter to settle: the halves were
    /// swapped, and nobody has pressed or said since.
    unsettled: bool,
}

/// `action`, done again after the press by `presser` is taken back: both
/// clocks set as the arbiter set them, but the presser's move count without
/// the press, which it counted.
fn without_press(action: ClockAction, presser: Option<Side>) -> ClockAction {
    match (action, presser) {
        (
            ClockAction::Adjust {
                mut white,
                mut black,
            },
            Some(side),
        ) => {
            let setting = match side {
                Side::White => &mut white,
                Side::Black => &mut black,
            };
            setting.moves = setting.moves.saturating_sub(1);
            ClockAction::Adjust { white, black }
        }
        _ => action,
    }
}

fn ix(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// `h:mm:ss` as on a clock face and as an arbiter writes a time (seconds
/// rounded down).
#[must_use]
pub fn clock_face(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Time charged for `elapsed` ms of a move already thought on for `think` ms.
fn charge(timing: Timing, think: u64, elapsed: u64) -> u64 {
    match timing {
        Timing::Delay { ms } => (think + elapsed).saturating_sub(ms) - think.saturating_sub(ms),
        _ => elapsed,
    }
}

/// Running time until `remaining` is all charged.
fn time_to_zero(timing: Timing, think: u64, remaining: u64) -> u64 {
    match timing {
        Timing::Delay { ms } => ms.saturating_sub(think) + remaining,
        _ => remaining,
    }
}

fn fischer(timing: Timing) -> u64 {
    match timing {
        Timing::Increment { ms } => ms,
        _ => 0,
    }
}

impl Face {
    /// Runs the clock forward to `now`: charges time, drops flags and, at
    /// flag fall, adds the next period when the settings say so.
    fn settle(&mut self, schedules: &[Schedule; 2], settings: &ClockSettings, now: u64) {
        let Run::Running { side, since_ms } = self.run else {
            return;
        };
        let schedule = &schedules[ix(side)];
        let dial = &mut self.dials[ix(side)];
        let now = now.max(since_ms);
        let mut since = since_ms;
        loop {
            let timing = schedule.period(dial.period).timing;
            let elapsed = now - since;
            let charged = charge(timing, dial.think_ms, elapsed);
            // Saturating: a timestamp far in the future must not wrap around.
            let charged_signed = i64::try_from(charged).unwrap_or(i64::MAX);
            let left = dial.remaining_ms.max(0) as u64;
            let to_zero = time_to_zero(timing, dial.think_ms, left);
            // Not yet at zero by `now`: under a delay a clock at zero still
            // waits out the delay before its flag falls.
            if dial.down || to_zero > elapsed {
                if !(dial.down && settings.at_zero == AtZero::Freeze) {
                    dial.remaining_ms = dial.remaining_ms.saturating_sub(charged_signed);
                    dial.account.used_ms = dial.account.used_ms.saturating_add(charged);
                }
                dial.think_ms = dial.think_ms.saturating_add(elapsed);
                break;
            }
            // Time runs out within this stretch.
            dial.account.used_ms += left;
            dial.remaining_ms = 0;
            dial.think_ms += to_zero;
            since += to_zero;
            let fall = FlagFall {
                side,
                at_ms: since,
                period: dial.period,
                moves: dial.moves,
            };
            if settings.next_period == NextPeriod::AtFlag && schedule.has_next(dial.period) {
                if schedule
                    .moves_by_end_of(dial.period)
                    .is_some_and(|due| dial.moves < due)
                {
                    self.flags.push(fall);
                    dial.flag.get_or_insert(fall);
                }
                dial.period += 1;
                let time = schedule.period(dial.period).time_ms;
                dial.remaining_ms = time as i64;
                dial.account.allotted_ms += time;
            } else {
                self.flags.push(fall);
                dial.flag.get_or_insert(fall);
                dial.down = true;
            }
        }
        self.run = Run::Running {
            side,
            since_ms: now,
        };
    }

    fn flagged_first(&self) -> Option<FlagFall> {
        self.dials
            .iter()
            .filter_map(|d| d.flag)
            .min_by_key(|f| f.at_ms)
    }

    fn frozen(&self, side: Side, settings: &ClockSettings) -> bool {
        self.dials[ix(side)].down && settings.at_zero == AtZero::Freeze
    }
}

impl Clock {
    /// A clock set for `control`, not started; a Fischer increment for move
    /// 1 is already on it when the settings say so.
    pub fn new(control: &TimeControl, settings: ClockSettings) -> Result<Clock, ClockError> {
        let (Some(white), Some(black)) =
            (control.schedule(Side::White), control.schedule(Side::Black))
        else {
            return Err(ClockError::NotTimed(control.clone()));
        };
        let schedules = [white.clone(), black.clone()];
        let dials = schedules.each_ref().map(|schedule| {
            let first = schedule.period(1);
            let increment = if settings.increment_before_first_move {
                fischer(first.timing)
            } else {
                0
            };
            Dial {
                remaining_ms: (first.time_ms + increment) as i64,
                moves: 0,
                period: 1,
                think_ms: 0,
                down: false,
                flag: None,
                account: Account {
                    allotted_ms: first.time_ms,
                    increments_ms: increment,
                    ..Account::default()
                },
            }
        });
        Ok(Clock {
            schedules,
            settings,
            face: Face {
                dials,
                run: Run::NotStarted,
                flags: Vec::new(),
            },
            last_ms: 0,
            times: Vec::new(),
            before_press: None,
            swapped: false,
            unsettled: false,
        })
    }

    /// The clock after every action of `log` (`(at_ms, action)`, in time
    /// order), as the game's event log rebuilds it on reload.
    pub fn replay(
        control: &TimeControl,
        settings: ClockSettings,
        log: &[(u64, ClockAction)],
    ) -> Result<Clock, ReplayError> {
        let mut clock =
            Clock::new(control, settings).map_err(|error| ReplayError { index: 0, error })?;
        for (index, &(at_ms, action)) in log.iter().enumerate() {
            clock
                .apply(action, at_ms)
                .map_err(|error| ReplayError { index, error })?;
        }
        Ok(clock)
    }

    /// Applies `action` at `at_ms`, or refuses it and changes nothing.
    pub fn apply(&mut self, action: ClockAction, at_ms: u64) -> Result<(), ClockError> {
        if at_ms < self.last_ms {
            return Err(ClockError::OutOfOrder {
                last_ms: self.last_ms,
                at_ms,
            });
        }
        self.check(action)?;
        self.face.settle(&self.schedules, &self.settings, at_ms);
        match action {
            ClockAction::Press { .. } => {
                self.before_press = Some(Box::new(BeforePress {
                    face: self.face.clone(),
                    at_ms,
                    times: self.times.len(),
                    since: Vec::new(),
                }));
            }
            ClockAction::Start { .. } => self.before_press = None,
            ClockAction::Pause
            | ClockAction::Resume
            | ClockAction::Adjust { .. }
            | ClockAction::AddTime { .. } => {
                if let Some(before) = self.before_press.as_mut() {
                    before.since.push((at_ms, action));
                }
            }
        }
        self.last_ms = at_ms;
        match action {
            ClockAction::Start { side } => {
                self.face.run = Run::Running {
                    side,
                    since_ms: at_ms,
                }
            }
            ClockAction::Press { side } => {
                self.unsettled = false;
                self.press(side, at_ms);
            }
            ClockAction::Pause => {
                if let Run::Running { side, .. } = self.face.run {
                    self.face.run = Run::Paused { side };
                }
            }
            ClockAction::Resume => {
                if let Run::Paused { side } = self.face.run {
                    self.face.run = Run::Running {
                        side,
                        since_ms: at_ms,
                    };
                }
            }
            ClockAction::Adjust { white, black } => {
                for (side, setting) in [(Side::White, white), (Side::Black, black)] {
                    let dial = &mut self.face.dials[ix(side)];
                    let change = (setting.remaining_ms as i64).saturating_sub(dial.remaining_ms);
                    dial.account.added_ms = dial.account.added_ms.saturating_add(change);
                    dial.remaining_ms = setting.remaining_ms as i64;
                    dial.moves = setting.moves;
                    dial.period = setting.period;
                    dial.down = false;
                    dial.flag = None;
                }
            }
            ClockAction::AddTime { side, ms } => {
                let dial = &mut self.face.dials[ix(side)];
                dial.remaining_ms += ms as i64;
                dial.account.added_ms += ms as i64;
                if dial.remaining_ms > 0 {
                    dial.down = false;
                    dial.flag = None;
                }
            }
        }
        Ok(())
    }

    /// Carries out the arbiter's `correction` at `at_ms`, or refuses it and
    /// changes nothing.
    ///
    /// ```
    /// use laws::clock::{Clock, ClockAction, ClockCorrection, ClockSettings};
    /// use laws::game::Side;
    ///
    /// let control = "600".parse().unwrap();
    /// let mut clock = Clock::new(&control, ClockSettings::default()).unwrap();
    /// clock.apply(ClockAction::Start { side: Side::White }, 0).unwrap();
    /// clock.apply(ClockAction::Press { side: Side::White }, 10_000).unwrap();
    /// // White pressed without moving: taken back 5 s later, his clock ran all along.
    /// clock.correct(ClockCorrection::UndoLastPress, 15_000).unwrap();
    /// assert_eq!(clock.running_side(), Some(Side::White));
    /// assert_eq!(clock.remaining(Side::White, 15_000), 585_000);
    /// assert_eq!(clock.remaining(Side::Black, 15_000), 600_000);
    /// assert_eq!(clock.moves(Side::White), 0);
    /// ```
    pub fn correct(&mut self, correction: ClockCorrection, at_ms: u64) -> Result<(), ClockError> {
        if at_ms < self.last_ms {
            return Err(ClockError::OutOfOrder {
                last_ms: self.last_ms,
                at_ms,
            });
        }
        match correction {
            ClockCorrection::UndoLastPress => {
                let before = self.before_press.take().ok_or(ClockError::NoPressToUndo)?;
                // Only the running clock's player presses.
                let presser = match before.face.run {
                    Run::Running { side, .. } => Some(side),
                    Run::NotStarted | Run::Paused { .. } => None,
                };
                self.face = before.face;
                self.times.truncate(before.times);
                self.last_ms = before.at_ms;
                for (at, action) in before.since {
                    self.apply(without_press(action, presser), at)?;
                }
            }
            ClockCorrection::SwapSides => {
                self.face.settle(&self.schedules, &self.settings, at_ms);
                self.before_press = None;
                self.swapped = !self.swapped;
                let face = &mut self.face;
                face.dials.swap(0, 1);
                for dial in &mut face.dials {
                    if let Some(flag) = dial.flag.as_mut() {
                        flag.side = flag.side.opponent();
                    }
                }
                for flag in &mut face.flags {
                    flag.side = flag.side.opponent();
                }
                face.run = match face.run {
                    Run::NotStarted => Run::NotStarted,
                    Run::Running { side, since_ms } => Run::Running {
                        side: side.opponent(),
                        since_ms,
                    },
                    Run::Paused { side } => Run::Paused {
                        side: side.opponent(),
                    },
                };
                for time in &mut self.times {
                    time.side = time.side.opponent();
                }
                self.unsettled = face.run != Run::NotStarted;
            }
            ClockCorrection::ToMove { side } => {
                self.face.settle(&self.schedules, &self.settings, at_ms);
                self.before_press = None;
                self.face.run = match self.face.run {
                    Run::NotStarted => return Err(ClockError::NotStarted),
                    Run::Running { .. } => Run::Running {
                        side,
                        since_ms: at_ms,
                    },
                    Run::Paused { .. } => Run::Paused { side },
                };
                self.unsettled = false;
            }
        }
        self.face.settle(&self.schedules, &self.settings, at_ms);
        self.last_ms = at_ms;
        Ok(())
    }

    /// Whose move the clock marks, while the arbiter has yet to settle it
    /// after swapping the halves ([`ClockCorrection::ToMove`]); a press
    /// settles it too.
    ///
    /// ```
    /// use laws::clock::{Clock, ClockAction, ClockCorrection, ClockSettings};
    /// use laws::game::Side;
    ///
    /// let mut clock = Clock::new(&"600".parse().unwrap(), ClockSettings::default()).unwrap();
    /// clock.apply(ClockAction::Start { side: Side::White }, 0).unwrap();
    /// clock.apply(ClockAction::Pause, 5_000).unwrap();
    /// clock.correct(ClockCorrection::SwapSides, 6_000).unwrap();
    /// assert_eq!(clock.to_settle(), Some(Side::Black));
    /// clock.correct(ClockCorrection::ToMove { side: Side::White }, 7_000).unwrap();
    /// assert_eq!((clock.to_settle(), clock.side_to_move()), (None, Some(Side::White)));
    /// ```
    #[must_use]
    pub fn to_settle(&self) -> Option<Side> {
        self.side_to_move().filter(|_| self.unsettled)
    }

    /// Whether the halves are shown the other way round, after an odd
    /// number of [`ClockCorrection::SwapSides`].
    pub fn halves_swapped(&self) -> bool {
        self.swapped
    }

    /// Refuses what the clock cannot do in its state.
    fn check(&self, action: ClockAction) -> Result<(), ClockError> {
        match (action, self.face.run) {
            (ClockAction::Start { .. }, Run::NotStarted) => Ok(()),
            (ClockAction::Start { .. }, _) => Err(ClockError::AlreadyStarted),
            (
                ClockAction::Press { .. } | ClockAction::Pause | ClockAction::Resume,
                Run::NotStarted,
            ) => Err(ClockError::NotStarted),
            (ClockAction::Press { side }, Run::Running { side: running, .. })
                if side != running =>
            {
                Err(ClockError::NotRunning { side })
            }
            (ClockAction::Press { .. } | ClockAction::Pause, Run::Paused { .. }) => {
                Err(ClockError::Paused)
            }
            (ClockAction::Resume, Run::Running { .. }) => Err(ClockError::NotPaused),
            (ClockAction::Adjust { white, black }, _) => {
                for (side, setting) in [(Side::White, white), (Side::Black, black)] {
                    if setting.remaining_ms > MAX_MS {
                        return Err(ClockError::TooMuchTime {
                            ms: setting.remaining_ms,
                        });
                    }
                    if !self.schedules[ix(side)].exists(setting.period) {
                        return Err(ClockError::NoSuchPeriod {
                            side,
                            period: setting.period,
                        });
                    }
                }
                Ok(())
            }
            (ClockAction::AddTime { ms, .. }, _) if ms > MAX_MS => {
                Err(ClockError::TooMuchTime { ms })
            }
            _ => Ok(()),
        }
    }

    fn press(&mut self, side: Side, at_ms: u64) {
        let frozen = self.face.frozen(side, &self.settings);
        let schedule = &self.schedules[ix(side)];
        let dial = &mut self.face.dials[ix(side)];
        let played_in = dial.period;
        let timing = schedule.period(played_in).timing;
        dial.moves += 1;
        let mut gained = 0;
        if let Timing::Bronstein { ms } = timing {
            gained += dial.think_ms.min(ms);
        }
        let mut allotted = 0;
        if self.settings.next_period == NextPeriod::AtMoveCount {
            // A loop, for a move counter the arbiter set past a period's end.
            while schedule
                .moves_by_end_of(dial.period)
                .is_some_and(|due| dial.moves >= due)
            {
                dial.period += 1;
                allotted += schedule.period(dial.period).time_ms;
            }
        }
        gained += if self.settings.increment_before_first_move {
            fischer(schedule.period(dial.period).timing)
        } else {
            fischer(timing)
        };
        if !frozen {
            dial.remaining_ms += (allotted + gained) as i64;
            dial.account.allotted_ms += allotted;
            dial.account.increments_ms += gained;
            dial.down &= dial.remaining_ms <= 0;
        }
        self.times.push(MoveTime {
            side,
            number: dial.moves,
            pressed_ms: at_ms,
            think_ms: dial.think_ms,
            clock_ms: dial.remaining_ms.max(0) as u64,
            period: played_in,
        });
        dial.think_ms = 0;
        let next = side.opponent();
        self.face.dials[ix(next)].think_ms = 0;
        self.face.run = Run::Running {
            side: next,
            since_ms: at_ms,
        };
    }

    /// The clock face at `now_ms` (flags that fell by then included).
    fn face_at(&self, now_ms: u64) -> Face {
        let mut face = self.face.clone();
        face.settle(&self.schedules, &self.settings, now_ms);
        face
    }

    /// Time `side` has left at `now_ms`; never below zero.
    pub fn remaining(&self, side: Side, now_ms: u64) -> u64 {
        self.face_at(now_ms).dials[ix(side)].remaining_ms.max(0) as u64
    }

    /// Time past zero at `now_ms` when the clock runs on.
    pub fn overtime(&self, side: Side, now_ms: u64) -> u64 {
        self.face_at(now_ms).dials[ix(side)]
            .remaining_ms
            .min(0)
            .unsigned_abs()
    }

    /// Where `side`'s time came from and went by `now_ms`.
    pub fn account(&self, side: Side, now_ms: u64) -> Account {
        self.face_at(now_ms).dials[ix(side)].account
    }

    /// Moves `side` has completed (presses, or as the arbiter set them).
    pub fn moves(&self, side: Side) -> u32 {
        self.face.dials[ix(side)].moves
    }

    /// `side`'s period, from 1, as of the last action (see [`Clock::display`]
    /// for the period at a later time when it changes at the flag).
    pub fn period(&self, side: Side) -> u32 {
        self.face.dials[ix(side)].period
    }

    /// The side whose clock runs; `None` before the start and while paused.
    pub fn running_side(&self) -> Option<Side> {
        match self.face.run {
            Run::Running { side, .. } => Some(side),
            _ => None,
        }
    }

    /// Makes `side`'s the clock to run when the stopped clocks are
    /// restarted (a position reinstated with the other player to move).
    pub(crate) fn hand_to(&mut self, side: Side) {
        if let Run::Paused { .. } = self.face.run {
            self.face.run = Run::Paused { side };
        }
    }

    pub fn is_started(&self) -> bool {
        self.face.run != Run::NotStarted
    }

    pub fn is_paused(&self) -> bool {
        matches!(self.face.run, Run::Paused { .. })
    }

    /// The side to move as the clock knows it: whose clock runs, or runs
    /// again when the arbiter restarts the paused clocks.
    pub fn side_to_move(&self) -> Option<Side> {
        match self.face.run {
            Run::Running { side, .. } | Run::Paused { side } => Some(side),
            Run::NotStarted => None,
        }
    }

    /// Every flag fall by `now_ms`, in order, including those the arbiter
    /// has since corrected.
    pub fn flags(&self, now_ms: u64) -> Vec<FlagFall> {
        self.face_at(now_ms).flags
    }

    /// `side`'s flag as the clock shows it at `now_ms`: its first fall since
    /// the arbiter last set that clock.
    pub fn flag(&self, side: Side, now_ms: u64) -> Option<FlagFall> {
        self.face_at(now_ms).dials[ix(side)].flag
    }

    /// The first flag to fall, kept on display until the arbiter sets the clocks.
    pub fn flagged_first(&self, now_ms: u64) -> Option<FlagFall> {
        self.face_at(now_ms).flagged_first()
    }

    /// The time of each completed move, in order.
    pub fn times(&self) -> &[MoveTime] {
        &self.times
    }

    /// When the last action was applied: readings before it are not kept.
    pub fn last_action_ms(&self) -> u64 {
        self.last_ms
    }

    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// `side`'s periods.
    pub fn schedule(&self, side: Side) -> &Schedule {
        &self.schedules[ix(side)]
    }

    /// Everything the clock shows at `now_ms`, for a display or the CLI.
    pub fn display(&self, now_ms: u64) -> ClockDisplay {
        let face = self.face_at(now_ms);
        let dial = |side: Side| {
            let dial = face.dials[ix(side)];
            DialDisplay {
                remaining_ms: dial.remaining_ms.max(0) as u64,
                overtime_ms: dial.remaining_ms.min(0).unsigned_abs(),
                moves: dial.moves,
                period: dial.period,
                think_ms: dial.think_ms,
                flag: dial.flag,
                account: dial.account,
            }
        };
        ClockDisplay {
            at_ms: now_ms.max(self.last_ms),
            running: self.running_side(),
            paused: self.is_paused(),
            to_move: self.side_to_move(),
            white: dial(Side::White),
            black: dial(Side::Black),
            flagged_first: face.flagged_first(),
        }
    }
}

/// One side of a [`ClockDisplay`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DialDisplay {
    pub remaining_ms: u64,
    pub overtime_ms: u64,
    pub moves: u32,
    pub period: u32,
    /// How long the current move has taken so far.
    pub think_ms: u64,
    /// The flag shown, if it has fallen.
    pub flag: Option<FlagFall>,
    pub account: Account,
}

/// The clock at one moment, both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockDisplay {
    pub at_ms: u64,
    pub running: Option<Side>,
    pub paused: bool,
    /// [`Clock::side_to_move`]: shown while the clock is paused too.
    pub to_move: Option<Side>,
    pub white: DialDisplay,
    pub black: DialDisplay,
    pub flagged_first: Option<FlagFall>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{Black, White};

    fn clock(tag: &str, settings: ClockSettings) -> Clock {
        Clock::new(&tag.parse().unwrap(), settings).unwrap()
    }

    #[test]
    fn a_press_by_the_wrong_side_changes_nothing() {
        let mut c = clock("300+2", ClockSettings::default());
        c.apply(ClockAction::Start { side: White }, 0).unwrap();
        let before = c.clone();
        assert_eq!(
            c.apply(ClockAction::Press { side: Black }, 1000),
            Err(ClockError::NotRunning { side: Black })
        );
        assert_eq!(
            c.apply(ClockAction::Resume, 1000),
            Err(ClockError::NotPaused)
        );
        assert_eq!(
            c.apply(ClockAction::Start { side: White }, 1000),
            Err(ClockError::AlreadyStarted)
        );
        assert_eq!(c, before);
        c.apply(ClockAction::Press { side: White }, 1000).unwrap();
        assert_eq!(
            c.apply(ClockAction::Pause, 999),
            Err(ClockError::OutOfOrder {
                last_ms: 1000,
                at_ms: 999
            })
        );
    }

    #[test]
    fn absurd_times_are_refused_and_far_timestamps_do_not_wrap() {
        let mut c = clock("300", ClockSettings::default());
        let too_much = ClockAction::AddTime {
            side: White,
            ms: u64::MAX,
        };
        assert_eq!(
            c.apply(too_much, 0),
            Err(ClockError::TooMuchTime { ms: u64::MAX })
        );
        c.apply(ClockAction::Start { side: White }, 0).unwrap();
        assert_eq!(c.remaining(White, u64::MAX), 0);
        let settings = ClockSettings {
            at_zero: AtZero::RunOn,
            ..ClockSettings::default()
        };
        let mut runs = clock("300", settings);
        runs.apply(ClockAction::Start { side: White }, 0).unwrap();
        runs.apply(ClockAction::Pause, u64::MAX).unwrap();
        assert_eq!(runs.remaining(White, u64::MAX), 0);
        assert!(runs.overtime(White, u64::MAX) > 1 << 62);
    }

    #[test]
    fn no_clock_without_time() {
        assert_eq!(
            Clock::new(&TimeControl::Unknown, ClockSettings::default()),
            Err(ClockError::NotTimed(TimeControl::Unknown))
        );
    }

    #[test]
    fn the_arbiter_sets_the_clock() {
        let mut c = clock("40/5400+30:1800+30", ClockSettings::default());
        c.apply(ClockAction::Start { side: White }, 0).unwrap();
        let white = Setting {
            remaining_ms: 600_000,
            moves: 38,
            period: 1,
        };
        let black = Setting {
            remaining_ms: 700_000,
            moves: 37,
            period: 1,
        };
        c.apply(ClockAction::Adjust { white, black }, 1000).unwrap();
        assert_eq!((c.remaining(White, 1000), c.moves(White)), (600_000, 38));
        c.apply(ClockAction::Press { side: White }, 2000).unwrap();
        c.apply(ClockAction::Press { side: Black }, 3000).unwrap();
        c.apply(ClockAction::Press { side: White }, 4000).unwrap();
        // Move 40 completed: the second period's 30 minutes come.
        assert_eq!(c.period(White), 2);
        assert_eq!(
            c.remaining(White, 4000),
            600_000 - 2000 + 60_000 + 1_800_000
        );
        // Set past the end of period 1 by mistake: the next press catches up.
        let late = Setting {
            remaining_ms: 1000,
            moves: 45,
            period: 1,
        };
        c.apply(ClockAction::Adjust { white: late, black }, 4500)
            .unwrap();
        c.apply(ClockAction::Press { side: Black }, 4500).unwrap();
        c.apply(ClockAction::Press { side: White }, 5000).unwrap();
        assert_eq!(c.period(White), 2);
        assert_eq!(c.remaining(White, 5000), 1000 - 500 + 1_800_000 + 30_000);
        let bad = Setting {
            remaining_ms: 0,
            moves: 0,
            period: 3,
        };
        assert_eq!(
            c.apply(ClockAction::Adjust { white: bad, black }, 5000),
            Err(ClockError::NoSuchPeriod {
                side: White,
                period: 3
            })
        );
    }
}
