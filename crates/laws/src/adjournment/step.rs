//! The steps of Appendix A by kind, without their particulars: "may this
//! step happen now?" is a question of the kind and of where the adjournment
//! stands, so a screen can ask it before the arbiter fills anything in.

use super::{Adjournment, AdjournmentError, AdjournmentEvent, Phase};
use crate::side::Side;

/// The kind of an [`AdjournmentEvent`]; [`Adjournment::accepts`] says
/// whether the Laws allow one now.
///
/// [`Adjournment::accepts`]: super::Adjournment::accepts
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    SealRequested,
    Stopped,
    Sealed,
    Amended,
    Resealed,
    Verified,
    DrawOffered,
    DrawDeclined,
    DrawAccepted,
    DrawAgreed,
    Resigned,
    SessionAnnounced,
    SetUp,
    Resumed,
    Arrived,
    Opened,
    ReplySealed,
    Moved,
    ClockErrorPointedOut,
    FlagFell,
    Forfeited,
    EnvelopeMissing,
    MoveStated,
    SessionEnded,
}

impl Step {
    /// The step's name in the log (its event's `type`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Step::SealRequested => "seal_requested",
            Step::Stopped => "stopped",
            Step::Sealed => "sealed",
            Step::Amended => "amended",
            Step::Resealed => "resealed",
            Step::Verified => "verified",
            Step::DrawOffered => "draw_offered",
            Step::DrawDeclined => "draw_declined",
            Step::DrawAccepted => "draw_accepted",
            Step::DrawAgreed => "draw_agreed",
            Step::Resigned => "resigned",
            Step::SessionAnnounced => "session_announced",
            Step::SetUp => "set_up",
            Step::Resumed => "resumed",
            Step::Arrived => "arrived",
            Step::Opened => "opened",
            Step::ReplySealed => "reply_sealed",
            Step::Moved => "moved",
            Step::ClockErrorPointedOut => "clock_error_pointed_out",
            Step::FlagFell => "flag_fell",
            Step::Forfeited => "forfeited",
            Step::EnvelopeMissing => "envelope_missing",
            Step::MoveStated => "move_stated",
            Step::SessionEnded => "session_ended",
        }
    }
}

impl AdjournmentEvent {
    /// The event's kind.
    #[must_use]
    pub fn step(&self) -> Step {
        match self {
            AdjournmentEvent::SealRequested { .. } => Step::SealRequested,
            AdjournmentEvent::Stopped => Step::Stopped,
            AdjournmentEvent::Sealed { .. } => Step::Sealed,
            AdjournmentEvent::Amended { .. } => Step::Amended,
            AdjournmentEvent::Resealed { .. } => Step::Resealed,
            AdjournmentEvent::Verified { .. } => Step::Verified,
            AdjournmentEvent::DrawOffered { .. } => Step::DrawOffered,
            AdjournmentEvent::DrawDeclined { .. } => Step::DrawDeclined,
            AdjournmentEvent::DrawAccepted { .. } => Step::DrawAccepted,
            AdjournmentEvent::DrawAgreed => Step::DrawAgreed,
            AdjournmentEvent::Resigned { .. } => Step::Resigned,
            AdjournmentEvent::SessionAnnounced { .. } => Step::SessionAnnounced,
            AdjournmentEvent::SetUp { .. } => Step::SetUp,
            AdjournmentEvent::Resumed { .. } => Step::Resumed,
            AdjournmentEvent::Arrived { .. } => Step::Arrived,
            AdjournmentEvent::Opened { .. } => Step::Opened,
            AdjournmentEvent::ReplySealed { .. } => Step::ReplySealed,
            AdjournmentEvent::Moved { .. } => Step::Moved,
            AdjournmentEvent::ClockErrorPointedOut { .. } => Step::ClockErrorPointedOut,
            AdjournmentEvent::FlagFell { .. } => Step::FlagFell,
            AdjournmentEvent::Forfeited { .. } => Step::Forfeited,
            AdjournmentEvent::EnvelopeMissing { .. } => Step::EnvelopeMissing,
            AdjournmentEvent::MoveStated { .. } => Step::MoveStated,
            AdjournmentEvent::SessionEnded => Step::SessionEnded,
        }
    }

    /// The event's name in the log (its `type`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.step().name()
    }
}

impl Adjournment {
    /// Whether the Laws allow a step of this kind now, whatever its
    /// particulars (who, which move, what time): a screen offers only
    /// what this accepts, and [`apply`](Self::apply) still judges the rest.
    ///
    /// ```
    /// use laws::adjournment::{Adjournment, AdjournmentEvent, AdjournmentRules, Step};
    /// use laws::game::Side;
    ///
    /// let mut adjournment = Adjournment::new(AdjournmentRules::default());
    /// assert!(adjournment.accepts(Step::SealRequested));
    /// assert!(!adjournment.accepts(Step::DrawOffered), "nothing is sealed yet (A4)");
    /// let request = AdjournmentEvent::SealRequested { sealer: Side::Black, session_end_ms: 0 };
    /// adjournment.apply(request, 0, None).unwrap();
    /// assert!(adjournment.accepts(Step::Stopped));
    /// assert!(!adjournment.accepts(Step::SealRequested));
    /// ```
    #[must_use]
    pub fn accepts(&self, step: Step) -> bool {
        // An answer needs an offer standing; who answers is a particular.
        let answer = matches!(step, Step::DrawDeclined | Step::DrawAccepted);
        self.refusal(step).is_none() && (!answer || self.draw_offer.is_some())
    }

    /// A4: who may offer a draw now: after sealing, the sealer's opponent,
    /// while no offer stands and the sealed move is not yet played.
    #[must_use]
    pub fn draw_offerer(&self) -> Option<Side> {
        self.accepts(Step::DrawOffered)
            .then(|| self.sealer.opponent())
    }

    /// Which step each phase accepts: the refusal of a step of this kind
    /// now, before its particulars are looked at.
    pub(super) fn refusal(&self, step: Step) -> Option<AdjournmentError> {
        use Phase as P;
        use Step as S;
        let phase = self.phase;
        let out_of_order = AdjournmentError::OutOfOrder {
            event: step.name(),
            phase,
        };
        let in_phases =
            |phases: &[Phase]| (!phases.contains(&phase)).then_some(out_of_order.clone());
        // A10: a late arrival still counts once the game is decided.
        if phase == P::Concluded && !matches!(step, S::Forfeited | S::Arrived) {
            return Some(self.concluded());
        }
        let resumed = self.resumed_ms.is_some();
        match step {
            S::SealRequested => in_phases(&[P::Playing]),
            S::Stopped => in_phases(&[P::Sealing]).or_else(|| {
                self.stopped_ms
                    .is_some()
                    .then_some(AdjournmentError::AlreadySealed)
            }),
            S::Sealed => match phase {
                P::Sealing => None,
                _ if self.envelopes.is_empty() => Some(out_of_order),
                _ => Some(AdjournmentError::AlreadySealed),
            },
            S::Amended | S::Verified => match phase {
                P::Sealed => None,
                P::Kept | P::SetUp => Some(AdjournmentError::AlreadyVerified),
                _ => Some(out_of_order),
            },
            S::Resealed | S::SessionAnnounced => in_phases(&[P::Sealed, P::Kept, P::SetUp]),
            S::DrawOffered => in_phases(&[
                P::Sealed,
                P::Kept,
                P::SetUp,
                P::Resumed,
                P::Missing,
                P::ReplySealed,
            ])
            .or_else(|| self.draw_offer.map(AdjournmentError::OfferPending)),
            S::DrawDeclined | S::DrawAccepted => match phase {
                P::Playing | P::Sealing | P::Readjourned => Some(out_of_order),
                _ => None,
            },
            // A6: before resumption.
            S::DrawAgreed | S::Resigned => match phase {
                P::Sealed | P::Kept | P::SetUp => None,
                P::Resumed | P::Missing | P::Continuing | P::ReplySealed => {
                    Some(AdjournmentError::AfterResumption)
                }
                _ => Some(out_of_order),
            },
            S::SetUp => match phase {
                P::Kept => None,
                P::Sealed => Some(AdjournmentError::NotVerified),
                _ => Some(out_of_order),
            },
            S::Resumed => match phase {
                P::SetUp => None,
                // A11a: found missing before play resumed.
                P::Missing if !resumed => None,
                P::Sealed => Some(AdjournmentError::NotVerified),
                P::Kept => Some(AdjournmentError::NotSetUp),
                _ => Some(out_of_order),
            },
            S::Arrived => (!resumed).then_some(out_of_order),
            S::Opened => match phase {
                P::Resumed | P::ReplySealed => {
                    // A7, A9c: opened only with whoever must reply present.
                    let replier = self.envelopes[self.opened].envelope().replier();
                    (!self.present.of(replier)).then_some(AdjournmentError::ReplierAbsent(replier))
                }
                P::Sealed | P::Kept | P::SetUp => Some(AdjournmentError::NotResumed),
                P::Continuing => Some(AdjournmentError::AlreadyOpened),
                _ => Some(out_of_order),
            },
            // A9c: the sealer absent, and the replier has not moved yet.
            S::ReplySealed => {
                if phase != P::Continuing || self.envelopes.len() != 1 {
                    Some(out_of_order)
                } else if self.present.of(self.sealer) {
                    Some(AdjournmentError::SealerPresent(self.sealer))
                } else {
                    self.moved
                        .of(self.sealer.opponent())
                        .then_some(out_of_order)
                }
            }
            S::Moved => in_phases(&[P::Continuing]),
            S::ClockErrorPointedOut => in_phases(&[
                P::SetUp,
                P::Resumed,
                P::Missing,
                P::Continuing,
                P::ReplySealed,
            ]),
            S::FlagFell => in_phases(&[P::Resumed, P::Continuing, P::ReplySealed]),
            S::Forfeited => (!resumed).then_some(AdjournmentError::NotResumed),
            S::EnvelopeMissing => in_phases(&[P::Sealed, P::Kept, P::SetUp, P::Resumed]),
            // A11a: the sealer, present, states his move once play resumed.
            S::MoveStated => in_phases(&[P::Missing])
                .or_else(|| (!resumed).then_some(AdjournmentError::NotResumed))
                .or_else(|| {
                    (!self.present.of(self.sealer))
                        .then_some(AdjournmentError::SealerAbsent(self.sealer))
                }),
            S::SessionEnded => in_phases(&[P::Continuing, P::ReplySealed]),
        }
    }
}
