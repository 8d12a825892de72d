//! Adjourned games and sealed-move envelopes (Appendix A).
//!
//! Every step is an [`AdjournmentEvent`] the game log stores; an
//! [`Adjournment`] folds them, refusing steps out of order with a typed
//! [`AdjournmentError`], and answers each step with a [`AdjournmentRuling`] that names
//! the article it applies.
//!
//! ```
//! use laws::adjournment::*;
//! use laws::article::Article;
//! use laws::game::Side;
//!
//! let outside = Envelope {
//!     event: "Club ch.".into(), round: "3".into(), board: "1".into(), arbiter: "A. Arbiter".into(),
//!     white: "White".into(), black: "Black".into(),
//!     fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
//!     moves: vec!["e4".into()], time_used: TimeUsed { white_ms: 60_000, black_ms: 0 },
//!     sealer: Side::Black, move_number: 1, draw_offer: None,
//!     resumption: Resumption { date: "2026-11-30".into(), time: "10:00".into(), venue: "Hall".into() },
//!     replies_to: None,
//! };
//! let mut draft = SealingDraft::new(&outside).unwrap();
//! draft.write("c5", laws::notation::NotationLang::En).unwrap();
//! let entropy = Entropy { salt: [1; 16], nonce: [2; 12] };
//! let sealed = draft.seal(outside.clone(), 0, 0, "2468", MIN_ITERATIONS, entropy).unwrap();
//!
//! let mut adjournment = Adjournment::new(AdjournmentRules::default());
//! let steps = [
//!     AdjournmentEvent::SealRequested { sealer: Side::Black, session_end_ms: 0 },
//!     AdjournmentEvent::Sealed { envelope: Box::new(sealed.clone()) },
//!     AdjournmentEvent::Verified { game: Box::new(outside.clone()) },
//!     AdjournmentEvent::SetUp { time_used: outside.time_used },
//!     AdjournmentEvent::Resumed { present: Presence { white: true, black: true } },
//! ];
//! for step in steps {
//!     adjournment.apply(step, 1_000, None).unwrap();
//! }
//! assert_eq!(adjournment.present(), Presence { white: true, black: true });
//! let sealed_move = sealed.open("2468").unwrap();
//! let ruling = adjournment.apply(AdjournmentEvent::Opened { sealed_move }, 1_000, None).unwrap().unwrap();
//! assert_eq!((ruling.article, ruling.outcome), (Article::A9a, Outcome::Continue));
//! ```

mod apply;
mod game_clock;
mod ruling;
mod step;

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Position};

pub use crate::envelope::{Check, Checklist, Envelope, EnvelopeError, Resumption, TimeUsed};
pub use crate::outcome::Outcome;
pub use crate::sealing::seal::{
    AmendError, DEFAULT_ITERATIONS, Entropy, HPKE_SUITE, HpkeSeal, Kdf, KeySeal, MAX_ITERATIONS,
    MAX_RECIPIENTS, MIN_ITERATIONS, MIN_PIN_LEN, OpenError, SealError, SealedEnvelope, SealedFor,
    SealedMove, SealingDraft, SealingError,
};
pub use game_clock::{ClockNow, time_used};
pub(crate) use game_clock::{after_sealed_move, carry_out};
pub use ruling::{AdjournmentRuling, ClockEffect, Judgment, SealedMoveVerdict, judge_sealed_move};
pub use step::Step;

use crate::article::Article;
use crate::encoding::fen;
use crate::notation::Note;
use crate::side::Side;

/// What differs between competitions and printings of the Laws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AdjournmentRules {
    /// A10: how late a player may arrive (one hour unless the competition says otherwise).
    pub late_limit_ms: u64,
    /// The flag-fall article A8 and A10 refer to: `6.10`, or `6.9` in other printings.
    pub flag_article: String,
}

impl Default for AdjournmentRules {
    fn default() -> AdjournmentRules {
        AdjournmentRules {
            late_limit_ms: 3_600_000,
            flag_article: "6.10".to_owned(),
        }
    }
}

impl AdjournmentRules {
    /// The flag-fall articles a printing of Appendix A may refer to.
    pub const FLAG_ARTICLES: [Article; 2] = [Article::Art6_10, Article::Art6_9];

    /// `flag_article` as one of [`Self::FLAG_ARTICLES`], or `None` for any
    /// other text: where the rules are read (`laws judge`, `laws envelope
    /// open`), that is refused.
    #[must_use]
    pub fn flag_article(&self) -> Option<Article> {
        self.flag_article
            .parse()
            .ok()
            .filter(|article| Self::FLAG_ARTICLES.contains(article))
    }

    /// The flag-fall article the rulings cite: `flag_article`, 6.10 when it
    /// is not one (it has been refused where it was read).
    #[must_use]
    pub fn flag(&self) -> Article {
        self.flag_article().unwrap_or(Article::Art6_10)
    }

    /// Whether these are the Laws' own (left out of a game's JSON then).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == AdjournmentRules::default()
    }
}

/// Who is at the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    pub white: bool,
    pub black: bool,
}

impl Presence {
    #[must_use]
    pub fn of(&self, side: Side) -> bool {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// `side` is at the board.
    pub fn set(&mut self, side: Side) {
        match side {
            Side::White => self.white = true,
            Side::Black => self.black = true,
        }
    }
}

/// A12: what the arbiter finds when a player points out a clock error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "finding", rename_all = "snake_case")]
pub enum ClockFinding {
    /// The error is established: the clocks are corrected to these times.
    Established { time_used: TimeUsed },
    /// Not established: the game continues without correction.
    NotEstablished,
    /// Not established, but the consequences would be too severe: the arbiter sets these times.
    TooSevere { time_used: TimeUsed },
}

/// One step of an adjournment, as the game log stores it. The sealed move is
/// in plain text only in [`Opened`](AdjournmentEvent::Opened) and
/// [`MoveStated`](AdjournmentEvent::MoveStated), after the envelope is opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AdjournmentEvent {
    /// A1a: the arbiter requires the player having the move to seal it;
    /// the session's nominal end is for A1b.
    SealRequested {
        sealer: Side,
        session_end_ms: u64,
    },
    /// A1a: the sealer stopped his clock: his move is sealed, and the
    /// envelope follows ([`Sealed`](AdjournmentEvent::Sealed)).
    Stopped,
    /// The envelope with the sealed move (A1a, A2).
    Sealed {
        envelope: Box<SealedEnvelope>,
    },
    /// A3: the arbiter corrected the outside before verifying it (re-sealed).
    Amended {
        envelope: Box<SealedEnvelope>,
    },
    /// A3: the arbiter sealed the unopened move again, the outside unchanged
    /// (a PIN's envelope sealed to the arbiters' keys); new fingerprint.
    Resealed {
        envelope: Box<SealedEnvelope>,
    },
    /// A3: the arbiter checked the envelope against the game's record.
    Verified {
        game: Box<Envelope>,
    },
    /// A4: the sealer's opponent offers a draw.
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    DrawAccepted {
        by: Side,
    },
    /// A6: the players agree a draw before resumption.
    DrawAgreed,
    /// A6: a player notifies the arbiter that he resigns.
    Resigned {
        by: Side,
    },
    /// A13: the resumption session's start and finish, announced in advance.
    SessionAnnounced {
        start_ms: u64,
        end_ms: u64,
    },
    /// A5: the position before the sealed move is set up and the clocks set.
    SetUp {
        time_used: TimeUsed,
    },
    /// A9: the agreed resumption time; who is at the board.
    Resumed {
        present: Presence,
    },
    /// A9b, A9c, A10: an absent player arrives.
    Arrived {
        side: Side,
    },
    /// A7, A8, A9: the envelope is opened; its move as decrypted.
    Opened {
        sealed_move: SealedMove,
    },
    /// A9c: the sealer is absent and the replier seals his reply instead.
    ReplySealed {
        envelope: Box<SealedEnvelope>,
    },
    /// A move made on the board after the sealed move (for A12 and the clocks).
    Moved {
        by: Side,
    },
    /// A12: a player points out that the clocks are wrong.
    ClockErrorPointedOut {
        by: Side,
        finding: ClockFinding,
    },
    /// 6.9/6.10: a flag fell.
    FlagFell {
        side: Side,
    },
    /// A10: the arbiter declares a player more than the limit late.
    Forfeited {
        late: Side,
    },
    /// A11: the envelope is missing.
    EnvelopeMissing {
        position_reestablished: bool,
        /// The re-established position when it differs from the recorded one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fen: Option<String>,
        /// The times the arbiter sets when the recorded ones cannot be re-established.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks_set_by_arbiter: Option<TimeUsed>,
    },
    /// A11a: the sealer states the move he sealed and makes it.
    MoveStated {
        sealed_move: SealedMove,
    },
    /// A13: the arbiter's timepiece reached the announced finish.
    SessionEnded,
}

/// Where an adjournment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Nothing yet.
    Playing,
    /// A1a: the player having the move is writing it.
    Sealing,
    /// Sealed, not yet verified by the arbiter (A3).
    Sealed,
    /// A3: verified and in the arbiter's safe keeping.
    Kept,
    /// A5: position and clocks set up for resumption.
    SetUp,
    /// A9: resumed, the envelope still closed.
    Resumed,
    /// A11a: the envelope is missing; the sealer is to state his move.
    Missing,
    /// The sealed move was played: the game goes on in the game log.
    Continuing,
    /// A9c: the reply is sealed, awaiting the sealer's arrival.
    ReplySealed,
    /// A13: the session ended and the game is adjourned again.
    Readjourned,
    /// The game is over (or annulled).
    Concluded,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Playing => "not adjourned",
            Phase::Sealing => "being sealed",
            Phase::Sealed => "sealed but not verified",
            Phase::Kept => "verified and kept by the arbiter",
            Phase::SetUp => "set up for resumption",
            Phase::Resumed => "resumed with the envelope closed",
            Phase::Missing => "resumed without the envelope",
            Phase::Continuing => "opened, the game continuing",
            Phase::ReplySealed => "waiting with a sealed reply",
            Phase::Readjourned => "adjourned again",
            Phase::Concluded => "concluded",
        })
    }
}

/// A step the Laws do not allow now; the adjournment is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdjournmentError {
    /// This step does not belong in the current phase.
    OutOfOrder {
        event: &'static str,
        phase: Phase,
    },
    /// A1a: a sealed move cannot be changed.
    AlreadySealed,
    /// A re-sealed envelope must carry the same outside (A3).
    ResealChangesOutside,
    WrongSealer {
        expected: Side,
        sealed_by: Side,
    },
    Envelope(EnvelopeError),
    Open(OpenError),
    /// A3: an envelope is not complete until verified.
    NotVerified,
    Inaccurate(Checklist),
    AlreadyVerified,
    /// A5: set up the position and clocks before resuming.
    NotSetUp,
    /// A4: after sealing, only the sealer's opponent can offer a draw.
    DrawOfferBySealer,
    OfferPending(Side),
    NoOfferFrom(Side),
    /// A6 applies only before resumption.
    AfterResumption,
    SessionNotInAdvance {
        announced_ms: u64,
        start_ms: u64,
    },
    SessionEndsBeforeStart,
    BeforeResumptionTime {
        start_ms: u64,
    },
    SessionNotOver {
        end_ms: u64,
    },
    /// A7: the envelope opens only with the replier present.
    ReplierAbsent(Side),
    AlreadyOpened,
    NotResumed,
    AlreadyPresent(Side),
    /// A9c: only when the sealer is absent.
    SealerPresent(Side),
    NotChained {
        expected: String,
    },
    ReplyPosition {
        expected: String,
        on_envelope: String,
    },
    ReplyTimes {
        expected: TimeUsed,
        on_envelope: TimeUsed,
    },
    NotToMove(Side),
    /// A12: only before the player's first move.
    AfterFirstMove(Side),
    ClockNotRunning(Side),
    /// 6.9/6.10: the game's clock shows time left for this player.
    FlagNotFallen(Side),
    NotLate {
        late_by_ms: u64,
        limit_ms: u64,
    },
    Present(Side),
    /// A10: the exceptions depend on the sealed move: open it first (A7 allows it).
    OpenEnvelopeFirst,
    /// A11a: the sealer must be there to state his move.
    SealerAbsent(Side),
    /// A11a: the stated move is made on the board and must be legal there.
    StatedMoveNotLegal(SealedMoveVerdict),
    Concluded(AdjournmentRuling),
}

impl fmt::Display for AdjournmentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AdjournmentError as E;
        match self {
            E::OutOfOrder { event, phase } => write!(f, "{event} is not possible while the game is {phase}"),
            E::AlreadySealed => f.write_str("A1a: the move is sealed; it cannot be changed"),
            E::ResealChangesOutside => f.write_str(
                "A3: an envelope sealed again must carry the same outside; correct it before verification instead",
            ),
            E::WrongSealer { expected, sealed_by } => {
                write!(f, "A1a: {expected} has the move and must seal it, not {sealed_by}")
            }
            E::Envelope(e) => e.fmt(f),
            E::Open(e) => e.fmt(f),
            E::NotVerified => f.write_str("A3: the arbiter must verify the envelope first; it is not complete until then"),
            E::Inaccurate(checklist) => write!(f, "A3: the envelope does not match the game: {checklist}"),
            E::AlreadyVerified => f.write_str("A3: the envelope is verified; it can no longer be amended"),
            E::NotSetUp => f.write_str("A5: set up the position before the sealed move and the clocks first"),
            E::DrawOfferBySealer => f.write_str(
                "A4: after sealing only the opponent can offer a draw; the sealer's offer is written on the envelope (A2f)",
            ),
            E::OfferPending(side) => write!(f, "A4: {side}'s draw offer is still valid"),
            E::NoOfferFrom(side) => write!(f, "there is no draw offer from {side} to answer"),
            E::AfterResumption => {
                f.write_str("A6 applies before resumption; at the board the game's own draw and resignation apply")
            }
            E::SessionNotInAdvance { announced_ms, start_ms } => write!(
                f,
                "A13: the session must be announced in advance, not at {} for a start at {}",
                utc(*announced_ms),
                utc(*start_ms)
            ),
            E::SessionEndsBeforeStart => f.write_str("A13: the session must finish after it starts"),
            E::BeforeResumptionTime { start_ms } => write!(f, "A9: play resumes at {}", utc(*start_ms)),
            E::SessionNotOver { end_ms } => write!(f, "A13: the session finishes at {}", utc(*end_ms)),
            E::ReplierAbsent(side) => {
                write!(f, "A7: the envelope is opened only when {side}, who must reply to the sealed move, is present")
            }
            E::AlreadyOpened => f.write_str("the envelope is already opened"),
            E::NotResumed => f.write_str(
                "A9, A11a: the sealed move is opened, or stated, when play resumes, not before",
            ),
            E::AlreadyPresent(side) => write!(f, "{side} is already at the board"),
            E::SealerPresent(side) => {
                write!(f, "A9c: {side}, who sealed, is present: the reply is made on the board in the normal manner")
            }
            E::NotChained { expected } => write!(f, "A9c: the fresh envelope must answer envelope {expected}"),
            E::ReplyPosition { expected, on_envelope } => {
                write!(f, "A9c: the reply's envelope shows {on_envelope} but the position is {expected}")
            }
            E::ReplyTimes { expected, on_envelope } => {
                write!(f, "A9c: the reply's envelope records {on_envelope} but the clocks show {expected}")
            }
            E::NotToMove(side) => write!(f, "it is not {side}'s move"),
            E::AfterFirstMove(side) => {
                write!(f, "A12: {side} has already made his first move; the clocks stand uncorrected")
            }
            E::ClockNotRunning(side) => write!(f, "{side}'s clock is not running: his flag cannot fall"),
            E::FlagNotFallen(side) => write!(f, "{side}'s flag has not fallen: the game's clock shows time left for him"),
            E::NotLate { late_by_ms, limit_ms } => write!(
                f,
                "A10: the player is {} late, the limit is {}",
                crate::envelope::hms(*late_by_ms),
                crate::envelope::hms(*limit_ms)
            ),
            E::Present(side) => write!(f, "{side} is at the board"),
            E::OpenEnvelopeFirst => f.write_str(
                "A10: whether the late sealer loses depends on the sealed move; open the envelope first (the replier is present, A7)",
            ),
            E::SealerAbsent(side) => write!(f, "A11a: {side}, who sealed, must be present to state his sealed move"),
            E::StatedMoveNotLegal(verdict) => write!(
                f,
                "A11a: the stated move is made on the board and must be legal there ({})",
                serde_json::to_string(verdict).expect("a verdict serialises")
            ),
            E::Concluded(ruling) => write!(f, "the game is already concluded ({ruling})"),
        }
    }
}

impl std::error::Error for AdjournmentError {}

/// The adjournment of one game, folded from its events.
#[derive(Debug, Clone)]
pub struct Adjournment {
    rules: AdjournmentRules,
    phase: Phase,
    sealer: Side,
    session_end_ms: u64,
    /// A1a: when the sealer stopped his clock.
    stopped_ms: Option<u64>,
    /// The sealed move's envelope, then the A9c reply's.
    envelopes: Vec<SealedEnvelope>,
    opened: usize,
    draw_offer: Option<Side>,
    /// The draw offer was made after sealing (A4), not written on the envelope.
    offer_after_sealing: bool,
    session: Option<(u64, u64)>,
    resumed_ms: Option<u64>,
    present: Presence,
    /// Present when play resumed (A9a), not arrived since (A9b).
    present_at_resumption: Presence,
    moved: Presence,
    position: Option<Chess>,
    /// The move opened (or stated, A11a) last, once played on the board.
    played: Option<SealedMove>,
    /// Whose flag fell, once one has (6.10).
    flag_fallen: Option<Side>,
    rulings: Vec<AdjournmentRuling>,
}

impl Adjournment {
    #[must_use]
    pub fn new(rules: AdjournmentRules) -> Adjournment {
        Adjournment {
            rules,
            phase: Phase::Playing,
            sealer: Side::White,
            session_end_ms: 0,
            stopped_ms: None,
            envelopes: Vec::new(),
            opened: 0,
            draw_offer: None,
            offer_after_sealing: false,
            session: None,
            resumed_ms: None,
            present: Presence::default(),
            present_at_resumption: Presence::default(),
            moved: Presence::default(),
            position: None,
            played: None,
            flag_fallen: None,
            rulings: Vec::new(),
        }
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every ruling so far, oldest first.
    #[must_use]
    pub fn rulings(&self) -> &[AdjournmentRuling] {
        &self.rulings
    }

    /// The ruling that ended the game, if it has ended.
    #[must_use]
    pub fn result(&self) -> Option<&AdjournmentRuling> {
        self.rulings.iter().rev().find(|r| r.outcome.ends_game())
    }

    /// The envelopes in the arbiter's keeping: the sealed move's, then an A9c reply's.
    #[must_use]
    pub fn envelopes(&self) -> &[SealedEnvelope] {
        &self.envelopes
    }

    /// A6: the game ended before the envelope was opened; it is archived unopened.
    #[must_use]
    pub fn archived_unopened(&self) -> bool {
        self.phase == Phase::Concluded && self.opened == 0 && !self.envelopes.is_empty()
    }

    /// The current draw offer (A2f, A4).
    #[must_use]
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// The position on the board: before the sealed move until it is
    /// opened, then after it (later moves are the game log's).
    #[must_use]
    pub fn position(&self) -> Option<&Chess> {
        self.position.as_ref()
    }

    /// The sealed move (A9), the A9c reply or the move stated for a missing
    /// envelope (A11a) opened last, when it was legal and is on the board.
    #[must_use]
    pub fn played_move(&self) -> Option<&SealedMove> {
        self.played.as_ref()
    }

    /// When play resumed (A9), once it has.
    #[must_use]
    pub fn resumed_ms(&self) -> Option<u64> {
        self.resumed_ms
    }

    /// Who is at the board since play resumed (A9).
    #[must_use]
    pub fn present(&self) -> Presence {
        self.present
    }

    /// Who seals (or sealed) the move (A1a).
    #[must_use]
    pub fn sealer(&self) -> Side {
        self.sealer
    }

    /// A1b: the nominal end of the session the arbiter gave when he
    /// required the move to be sealed (0 when none was given).
    #[must_use]
    pub fn session_end_ms(&self) -> u64 {
        self.session_end_ms
    }

    /// A1a: when the sealer stopped his clock, once he has.
    #[must_use]
    pub fn stopped_ms(&self) -> Option<u64> {
        self.stopped_ms
    }

    /// The competition's rules this adjournment is judged by.
    #[must_use]
    pub fn rules(&self) -> &AdjournmentRules {
        &self.rules
    }

    /// The competition's rules as the game's details now give them.
    pub(crate) fn set_rules(&mut self, rules: AdjournmentRules) {
        self.rules = rules;
    }

    /// A1a: the game's clock was stopped while the move was being sealed
    /// (logs of the first fold record the stop as a clock action).
    pub(crate) fn note_clock_stopped(&mut self, at_ms: u64) {
        if self.phase == Phase::Sealing && self.stopped_ms.is_none() {
            self.stopped_ms = Some(at_ms);
        }
    }

    /// A13: the resumption session's announced start and finish.
    #[must_use]
    pub fn session(&self) -> Option<(u64, u64)> {
        self.session
    }

    /// Whether play has resumed and the game goes on (or waits for the
    /// next session): the game may be adjourned again (A13).
    #[must_use]
    pub fn may_adjourn_again(&self) -> bool {
        matches!(self.phase, Phase::Continuing | Phase::Readjourned)
    }

    /// Whether the game stands adjourned: from the sealing until play goes
    /// on after the resumption (a game resumed and adjourned again starts
    /// a new adjournment, A13). Stays so once the adjournment has concluded,
    /// so that its envelope can still be shown.
    #[must_use]
    pub fn adjourned(&self) -> bool {
        self.phase != Phase::Playing && !self.may_adjourn_again()
    }

    /// A5/A12: the recorded times when the clocks were set to something else.
    #[must_use]
    pub fn clock_discrepancy(&self) -> Option<TimeUsed> {
        let recorded = self.envelopes.first()?.envelope().time_used;
        let set = self
            .rulings
            .iter()
            .rev()
            .flat_map(|ruling| ruling.clock.iter().rev())
            .find_map(|effect| match effect {
                ClockEffect::Set { time_used } => Some(*time_used),
                _ => None,
            })?;
        (set != recorded).then_some(recorded)
    }

    /// A9c: the outside of the fresh envelope for the replier's reply, with
    /// the times used the game's clock shows now.
    pub fn reply_envelope(&self, time_used: TimeUsed) -> Result<Envelope, AdjournmentError> {
        let first = match (&self.phase, self.envelopes.as_slice()) {
            (Phase::Continuing, [first]) => first,
            _ => {
                return Err(AdjournmentError::OutOfOrder {
                    event: "reply_sealed",
                    phase: self.phase,
                });
            }
        };
        let position = self
            .position
            .as_ref()
            .expect("an opened envelope leaves a position");
        let replier = self.sealer.opponent();
        Ok(Envelope {
            fen: fen(position),
            moves: Vec::new(),
            time_used,
            sealer: replier,
            move_number: position.fullmoves().get(),
            draw_offer: self.draw_offer,
            replies_to: Some(first.fingerprint().to_owned()),
            ..first.envelope().clone()
        })
    }

    fn concluded(&self) -> AdjournmentError {
        AdjournmentError::Concluded(
            self.result()
                .expect("a concluded game has its ruling")
                .clone(),
        )
    }
}

/// `2026-11-30 10:00 UTC` from wall-clock milliseconds.
fn utc(ms: u64) -> String {
    let (year, month, day) = crate::calendar::utc_day(ms);
    let secs = ms / 1000;
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        secs / 3600 % 24,
        secs / 60 % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_796_032_800_000), "2026-11-30 10:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00 UTC");
    }
}
