//! The steps of Appendix A by kind, without their particulars: "may this
//! step happen now?" is a question of the kind and of where the adjournment
//! stands, so a screen can ask it before the arbiter fills anything in.

use super::AdjournmentEvent;

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
