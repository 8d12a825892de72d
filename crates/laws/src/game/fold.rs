//! The fold: what a game's log builds, one event at a time ([`GameState`]).

use shakmaty::Chess;

use super::intervention::Applied;
use super::{Event, GameError, GameResult, LogFormat, Logged, Setup, SetupError, Side};
use crate::adjournment::{
    Adjournment, AdjournmentError, AdjournmentEvent, AdjournmentRuling, ClockNow, Envelope, Phase,
    SealedMove, Step, TimeUsed, after_sealed_move, carry_out, time_used,
};
use crate::clock::{Clock, ClockAction, ClockCorrection};
use crate::encoding::fen;
use crate::irregularity::{ClockReading, IllegalMoveCount, Outcome};
use crate::scoresheet::{Scoresheet, SheetCheck, Slot, Written};
use crate::time_control::Class;

/// What the log builds: the state every screen derives from.
#[derive(Debug, Clone)]
pub struct GameState {
    pub setup: Setup,
    pub clock: Option<Clock>,
    pub sheet: Scoresheet,
    pub start: Chess,
    /// The adjournment's state: envelopes, rulings, the resumption.
    pub adjournment: Adjournment,
    /// Earlier adjournments of the game, oldest first: a resumed game
    /// adjourned again (A13) starts a new one.
    pub earlier_adjournments: Vec<Adjournment>,
    /// Whether the game has begun (clock started or a move recorded).
    pub begun: bool,
    /// The clocks after each half-move: `clock_log[n]` when the clock was
    /// pressed after the `n`th (see [`ClockReading`]). Empty when the clock
    /// started after moves were recorded, so readings cannot be matched.
    pub clock_log: Vec<ClockReading>,
    /// The illegal moves each player has made, as the rulings counted them.
    pub illegal_moves: IllegalMoveCount,
    /// The arbiter's rulings, in order.
    pub rulings: Vec<Applied>,
    /// How a ruling or a result ended the game, once one has.
    pub outcome: Option<Outcome>,
    /// The result recorded, when one ended the game.
    pub result: Option<GameResult>,
    /// The game as it stood just before the last ruling, its clock
    /// stopped, while that ruling may still be corrected.
    pub(super) before_last_ruling: Option<Box<GameState>>,
    /// The boxes holding a move opened from an envelope, as sealed.
    pub sealed_entries: Vec<Slot>,
    /// How the log reaches the clock (the game's first setup says).
    pub(super) log_format: LogFormat,
}

/// How a game ended: what became of it, and what decided it
/// ([`GameState::ended`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending<'a> {
    pub outcome: Outcome,
    pub by: EndedBy<'a>,
}

/// What ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndedBy<'a> {
    /// A result recorded: a resignation, a draw agreed or claimed, the
    /// arbiter's decision.
    Result(&'a GameResult),
    /// The arbiter's ruling (Article 7, 10.2, Appendix B).
    Ruling(&'a Applied),
    /// Appendix A's ruling on the adjourned game: the fold leaves
    /// [`GameState::outcome`] unset for it, so the stored logs fold as before.
    Adjournment(&'a AdjournmentRuling),
}

impl GameState {
    /// Whether the game is over, and how: a result or a ruling that ended
    /// it, else the adjournment's ruling; `None` while it goes on.
    ///
    /// ```
    /// use laws::game::{EndedBy, Event, Game, GameResult, Setup};
    /// use laws::outcome::Outcome;
    /// use laws::side::Side;
    ///
    /// let mut game = Game::new("g1", Setup::default(), 0);
    /// assert_eq!(game.fold().unwrap().ended(), None);
    /// game.apply(Event::Result(GameResult::Resigned { by: Side::White }), 1000).unwrap();
    /// let ending = game.fold().unwrap().ended().unwrap();
    /// assert_eq!(ending.outcome, Outcome::BlackWins);
    /// assert!(matches!(ending.by, EndedBy::Result(GameResult::Resigned { .. })));
    /// ```
    #[must_use]
    pub fn ended(&self) -> Option<Ending<'_>> {
        // The fold sets an outcome only with the result or the ruling behind it.
        let recorded = self
            .result
            .as_ref()
            .map(EndedBy::Result)
            .or_else(|| self.rulings.last().map(EndedBy::Ruling));
        if let (Some(outcome), Some(by)) = (self.outcome, recorded) {
            return Some(Ending { outcome, by });
        }
        let ruling = self.adjournment.result()?;
        Some(Ending {
            outcome: ruling.outcome,
            by: EndedBy::Adjournment(ruling),
        })
    }

    /// B1: the game's class (standard, rapid, blitz) as its rulings take it:
    /// the competition's, when it fixes one, else the time control's under
    /// the limits of the game's edition. A control with no class of its own
    /// counts as standard.
    ///
    /// ```
    /// use laws::game::{Game, Setup};
    /// use laws::ruleset::{Edition, Ruleset};
    /// use laws::time_control::Class;
    ///
    /// let setup = Setup {
    ///     time_control: "3600".parse().unwrap(),
    ///     ruleset: Ruleset::of(Edition::Fide2014),
    ///     ..Setup::default()
    /// };
    /// let game = Game::new("g1", setup, 0);
    /// assert_eq!(game.fold().unwrap().class(), Class::Standard);
    /// ```
    #[must_use]
    pub fn class(&self) -> Class {
        self.setup.ruleset.class(self.setup.class_by_time_control())
    }

    /// The last ruling while a later one may still correct it (before
    /// anything else is done in the game): its number (from 1), and the
    /// game as it stood before it, its clock stopped, which the correction
    /// is ruled on.
    #[must_use]
    pub fn correctable(&self) -> Option<(usize, &GameState)> {
        let before = self.before_last_ruling.as_deref()?;
        Some((self.rulings.len(), before))
    }

    /// Every entry's verdict and the first irregularity (the arbiter's check).
    pub fn check(&self) -> SheetCheck {
        self.sheet.check(&self.start)
    }

    /// The position on the board: after the last entry that reads as a legal
    /// move, up to the first irregularity or dash.
    pub fn position(&self) -> Chess {
        self.sheet.replay(&self.start).position
    }

    fn new(setup: &Setup) -> Result<GameState, GameError> {
        let start = setup.start_position().map_err(GameError::Setup)?;
        let clock = Clock::new(&setup.time_control, setup.clock).ok();
        Ok(GameState {
            setup: setup.clone(),
            clock,
            sheet: Scoresheet::new(setup.notation, &start),
            start,
            adjournment: Adjournment::new(setup.adjournment.clone()),
            earlier_adjournments: Vec::new(),
            begun: false,
            clock_log: Vec::new(),
            illegal_moves: IllegalMoveCount::default(),
            rulings: Vec::new(),
            outcome: None,
            result: None,
            before_last_ruling: None,
            sealed_entries: Vec::new(),
            log_format: setup.log_format,
        })
    }

    /// The details of a game in play edited: the names, the event and the
    /// competition's rules (never the play: time control, clock, start).
    fn edit_rules(&mut self, setup: &Setup) {
        self.adjournment.set_rules(setup.adjournment.clone());
        self.setup = setup.clone();
    }

    /// The fold's one step: applies one event, or refuses it. A refused
    /// event may leave the state part changed ([`Game::apply`](super::Game::apply) steps a
    /// copy; a replay stops at it). What the event does to the clock is
    /// carried out here, except in a game folded the first way: its log
    /// carries those clock actions, returned here.
    pub(super) fn apply(
        &mut self,
        event: &Event,
        at_ms: u64,
    ) -> Result<Vec<ClockAction>, GameError> {
        let plays_on = matches!(
            event,
            Event::Recorded(_)
                | Event::Ruled { .. }
                | Event::Result(_)
                | Event::Clock(
                    ClockAction::Start { .. } | ClockAction::Resume | ClockAction::Press { .. }
                )
                | Event::ClockCorrected { .. }
                | Event::Adjournment(AdjournmentEvent::SealRequested { .. })
        );
        // A ruling may be corrected only before anything else happens.
        let before_last_ruling = self.before_last_ruling.take();
        let corrects = matches!(
            event,
            Event::Ruled {
                corrects: Some(_),
                ..
            }
        );
        if plays_on {
            if let Some(outcome) = self.outcome
                && !corrects
            {
                return Err(GameError::Over(outcome));
            }
            if let Some(result) = self.adjournment.result()
                && !self.records_sealed_move(event)
            {
                return Err(GameError::Adjournment(AdjournmentError::Concluded(
                    result.clone(),
                )));
            }
        }
        match event {
            Event::DetailsEdited(setup) => {
                setup.validate().map_err(GameError::Setup)?;
                if self.begun && !self.setup.same_play(setup) {
                    return Err(GameError::Setup(SetupError::LockedAfterStart));
                }
                if !self.begun {
                    let log_format = self.log_format;
                    *self = GameState::new(setup)?;
                    self.log_format = log_format;
                } else {
                    self.edit_rules(setup);
                    // The competition's rules changed under a ruling given
                    // by mistake: it may still be corrected, under them.
                    if let Some(mut before) = before_last_ruling {
                        before.edit_rules(setup);
                        self.before_last_ruling = Some(before);
                    }
                }
            }
            Event::Clock(action) => {
                let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
                clock.apply(*action, at_ms).map_err(GameError::Clock)?;
                let reading = ClockReading {
                    white_ms: clock.remaining(Side::White, at_ms),
                    black_ms: clock.remaining(Side::Black, at_ms),
                };
                match action {
                    ClockAction::Start { .. } if self.sheet.is_empty() => {
                        self.clock_log = vec![reading];
                    }
                    ClockAction::Press { .. } if !self.clock_log.is_empty() => {
                        self.clock_log.push(reading);
                    }
                    _ => {}
                }
                match action {
                    ClockAction::Press { side } => self.moved_after_resumption(*side, at_ms),
                    ClockAction::Pause => self.adjournment.note_clock_stopped(at_ms),
                    _ => {}
                }
                self.begun = true;
            }
            Event::ClockCorrected { correction, reason } => {
                if reason.trim().is_empty() {
                    return Err(GameError::NoReason);
                }
                let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
                clock
                    .correct(*correction, at_ms)
                    .map_err(GameError::Clock)?;
                match correction {
                    // The press taken back leaves no reading for a move.
                    ClockCorrection::UndoLastPress if self.clock_log.len() > 1 => {
                        self.clock_log.pop();
                    }
                    ClockCorrection::UndoLastPress => {}
                    ClockCorrection::ToMove { .. } => {}
                    ClockCorrection::SwapSides => {
                        for reading in &mut self.clock_log {
                            *reading = ClockReading {
                                white_ms: reading.black_ms,
                                black_ms: reading.white_ms,
                            };
                        }
                    }
                }
            }
            Event::Recorded(entry) => {
                if matches!(&entry.written, Written::Move(text) if text.trim().is_empty()) {
                    return Err(GameError::EmptyEntry);
                }
                let sealed_move = self.records_sealed_move(event);
                if sealed_move {
                    self.sealed_entries.push(self.sheet.next_slot());
                }
                self.sheet.record(entry.clone());
                self.begun = true;
                if sealed_move && self.adjournment.result().is_none() {
                    let to_move = Side::from(shakmaty::Position::turn(&self.position()));
                    let actions = self
                        .clock
                        .as_ref()
                        .map(|clock| after_sealed_move(clock, to_move, at_ms))
                        .unwrap_or_default();
                    return self.follow(actions, at_ms);
                }
            }
            Event::Corrected { slot, written } => {
                if matches!(written, Written::Move(text) if text.trim().is_empty()) {
                    return Err(GameError::EmptyEntry);
                }
                if self.sealed_entries.contains(slot) {
                    return Err(GameError::SealedEntry(*slot));
                }
                self.sheet
                    .correct(*slot, written.clone())
                    .map_err(GameError::NoSuchEntry)?;
            }
            Event::Adjournment(step) => {
                if let AdjournmentEvent::FlagFell { side } = step
                    && self
                        .clock
                        .as_ref()
                        .is_none_or(|c| c.flag(*side, at_ms).is_none())
                {
                    return Err(GameError::Adjournment(AdjournmentError::FlagNotFallen(
                        *side,
                    )));
                }
                let clock_now = self.clock.as_ref().map(|c| ClockNow::of(c, at_ms));
                if let AdjournmentEvent::SealRequested {
                    sealer,
                    session_end_ms,
                } = step
                    && self.adjournment.may_adjourn_again()
                {
                    // A13: the resumed game is adjourned again. Asked at or
                    // after the announced finish, the session ends first;
                    // its finish is the nominal end when none is given (A1b).
                    let announced_end = self.adjournment.session().map(|(_, end)| end);
                    let mut earlier = self.adjournment.clone();
                    if earlier.phase() == Phase::Continuing
                        && announced_end.is_some_and(|end| at_ms >= end)
                    {
                        earlier
                            .apply(AdjournmentEvent::SessionEnded, at_ms, clock_now)
                            .map_err(GameError::Adjournment)?;
                    }
                    let step = AdjournmentEvent::SealRequested {
                        sealer: *sealer,
                        session_end_ms: match session_end_ms {
                            0 => announced_end.unwrap_or(0),
                            given => *given,
                        },
                    };
                    let mut next = Adjournment::new(self.setup.adjournment.clone());
                    next.apply(step, at_ms, clock_now)
                        .map_err(GameError::Adjournment)?;
                    self.adjournment = next;
                    self.earlier_adjournments.push(earlier);
                    self.begun = true;
                    return Ok(Vec::new());
                }
                let ruling = self
                    .adjournment
                    .apply(step.clone(), at_ms, clock_now)
                    .map_err(GameError::Adjournment)?;
                self.begun = true;
                let Some(ruling) = ruling else {
                    return Ok(Vec::new());
                };
                if ruling.outcome.ends_game() {
                    // The game ends with the ruling: its clock stops.
                    self.stop_clock(at_ms)?;
                }
                let actions = self
                    .clock
                    .as_ref()
                    .map(|clock| carry_out(&ruling.clock, clock, at_ms))
                    .unwrap_or_default();
                return self.follow(actions, at_ms);
            }
            Event::Ruled {
                finding,
                claimant_touched_piece,
                corrects: None,
            } => self.rule(finding, *claimant_touched_piece, None, at_ms)?,
            Event::Ruled {
                finding,
                claimant_touched_piece,
                corrects: Some(number),
            } => {
                let before = before_last_ruling
                    .filter(|_| *number == self.rulings.len())
                    .ok_or(GameError::NotCorrectable { ruling: *number })?;
                let mistaken = self.rulings.last().cloned();
                let mut corrected = *before;
                corrected.rulings.extend(mistaken);
                corrected.rule(finding, *claimant_touched_piece, Some(*number), at_ms)?;
                *self = corrected;
            }
            Event::Result(result) => {
                let outcome = result.outcome(self).map_err(GameError::Result)?;
                self.stop_clock(at_ms)?;
                self.outcome = Some(outcome);
                self.result = Some(result.clone());
                self.begun = true;
            }
        }
        Ok(Vec::new())
    }

    /// Carries out what an event does to the clock, or hands it back to be
    /// logged for a game folded the first way.
    fn follow(
        &mut self,
        actions: Vec<ClockAction>,
        at_ms: u64,
    ) -> Result<Vec<ClockAction>, GameError> {
        match (self.log_format, self.clock.as_mut()) {
            (LogFormat::Facts | LogFormat::Matched | LogFormat::Named, Some(clock)) => {
                for action in actions {
                    clock.apply(action, at_ms).map_err(GameError::Clock)?;
                }
                Ok(Vec::new())
            }
            _ => Ok(actions),
        }
    }
}

impl GameState {
    /// A1a, A13: whether the arbiter may adjourn the game now: it goes on,
    /// not adjourned yet or resumed after an adjournment.
    ///
    /// ```
    /// use laws::game::{Event, Game, GameResult, Setup};
    /// use laws::side::Side;
    ///
    /// let mut game = Game::new("g1", Setup::default(), 0);
    /// let play = game.fold().unwrap();
    /// assert!(play.may_adjourn());
    /// game.apply(Event::Adjournment(play.seal_request(0)), 1000).unwrap();
    /// assert!(!game.fold().unwrap().may_adjourn(), "it is being adjourned");
    ///
    /// let mut decided = Game::new("g2", Setup::default(), 0);
    /// decided.apply(Event::Result(GameResult::Resigned { by: Side::White }), 1000).unwrap();
    /// assert!(!decided.fold().unwrap().may_adjourn());
    /// ```
    #[must_use]
    pub fn may_adjourn(&self) -> bool {
        self.ended().is_none()
            && (self.adjournment.accepts(Step::SealRequested)
                || self.adjournment.may_adjourn_again())
    }

    /// A1a: the arbiter's request that the player having the move seal it;
    /// `session_end_ms` is the session's nominal end (A1b), 0 for none.
    #[must_use]
    pub fn seal_request(&self, session_end_ms: u64) -> AdjournmentEvent {
        AdjournmentEvent::SealRequested {
            sealer: shakmaty::Position::turn(&self.position()).into(),
            session_end_ms,
        }
    }

    /// The move opened from an envelope (or stated for a missing one, A11a)
    /// and played on the board, while the scoresheet does not have it yet:
    /// the scoresheet stands at the position it was sealed in.
    #[must_use]
    pub fn sealed_move_to_record(&self) -> Option<&SealedMove> {
        let played = self.adjournment.played_move()?;
        let on_board = fen(self.adjournment.position()?);
        let on_sheet = fen(&self.position());
        let sealed_here = self.adjournment.envelopes().iter().any(|sealed| {
            sealed
                .envelope()
                .position()
                .is_ok_and(|before| fen(&before) == on_sheet)
        });
        (on_board != on_sheet && sealed_here).then_some(played)
    }

    /// The opened move as the scoresheet takes it: as sealed when written
    /// in the game's notation, otherwise the same move in the game's
    /// notation (the sealer may write in his own language, A1a), so that the
    /// scoresheet reads it.
    #[must_use]
    pub fn sealed_entry(&self) -> Option<String> {
        let sealed = self.sealed_move_to_record()?;
        if sealed.lang == self.setup.notation {
            return Some(sealed.text.clone());
        }
        let before = self.position();
        let after = fen(self.adjournment.position()?);
        let legal = shakmaty::Position::legal_moves(&before);
        let played = legal.iter().find(|mv| {
            let mut position = before.clone();
            shakmaty::Position::play_unchecked(&mut position, **mv);
            fen(&position) == after
        })?;
        Some(crate::notation::write(&before, played, self.setup.notation))
    }

    /// Whether `event` writes the opened move on the scoresheet, as it was
    /// sealed: the one entry recorded after a sealed move ended the game.
    fn records_sealed_move(&self, event: &Event) -> bool {
        matches!(
            (event, self.sealed_entry()),
            (Event::Recorded(entry), Some(text)) if matches!(&entry.written, Written::Move(written) if *written == text)
        )
    }

    /// 6.9/6.10 at resumption: the player whose clock the adjournment runs
    /// at `now_ms`, whose flag the arbiter records when it falls; nobody's
    /// once the game is over, however it ended.
    #[must_use]
    pub fn flag_watched(&self, now_ms: u64) -> Option<Side> {
        let clock = self
            .clock
            .as_ref()
            .filter(|_| self.ended().is_none() && self.adjournment.accepts(Step::FlagFell))?;
        ClockNow::of(clock, now_ms).running
    }

    /// The [watched](Self::flag_watched) player, once the game's clock
    /// shows his flag fallen at `now_ms`.
    #[must_use]
    pub fn fallen_flag(&self, now_ms: u64) -> Option<Side> {
        let side = self.flag_watched(now_ms)?;
        self.clock.as_ref()?.flag(side, now_ms).map(|_| side)
    }

    /// A9c: the outside of the fresh envelope for the replier's reply at
    /// `now_ms`, with the times the game's clock shows (the recorded ones
    /// for a game without a clock).
    pub fn reply_envelope(&self, now_ms: u64) -> Result<Envelope, GameError> {
        let time_used = match &self.clock {
            Some(clock) => time_used(clock, now_ms),
            None => self
                .adjournment
                .envelopes()
                .first()
                .map_or_else(TimeUsed::default, |sealed| sealed.envelope().time_used),
        };
        self.adjournment
            .reply_envelope(time_used)
            .map_err(GameError::Adjournment)
    }

    /// Stops a running clock at `at_ms`, as the arbiter does to intervene
    /// (6.12b) or when the game ends.
    pub(crate) fn stop_clock(&mut self, at_ms: u64) -> Result<(), GameError> {
        match self.clock.as_mut() {
            Some(clock) if clock.is_started() && !clock.is_paused() => clock
                .apply(ClockAction::Pause, at_ms)
                .map_err(GameError::Clock),
            _ => Ok(()),
        }
    }

    /// A move completed on the clock after the sealed move was played: the
    /// adjournment counts it (A12 only before a player's first move, A9c
    /// only before the reply). Presses it does not expect change nothing.
    fn moved_after_resumption(&mut self, by: Side, at_ms: u64) {
        // The clock took the press: `by` had the move.
        if self.adjournment.phase() == Phase::Continuing {
            let _ = self
                .adjournment
                .apply(AdjournmentEvent::Moved { by }, at_ms, None);
        }
    }
}

/// The one fold: `log` replayed from `initial`, one step
/// ([`GameState::apply`]) per event, showing `each` every event with the game
/// as it stands after it. `Err` names the first event the Laws refuse.
pub(super) fn fold_log(
    initial: &Setup,
    log: &[Logged],
    mut each: impl FnMut(&Logged, &GameState),
) -> Result<GameState, GameError> {
    let mut play = GameState::new(initial)?;
    for logged in log {
        // The first fold's consequences are the log's next events.
        let _ = play.apply(&logged.event, logged.at_ms)?;
        each(logged, &play);
    }
    Ok(play)
}
