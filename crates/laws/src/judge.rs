//! A resumption scenario, as `laws judge` reads it: the envelope, who is
//! present at the agreed time, who arrives and how late, and what else
//! happens; judged by walking a game through its adjournment steps, with
//! its clock, by the same fold as the app's ([`Game`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::adjournment::{
    Adjournment, AdjournmentError, AdjournmentEvent, AdjournmentRules, AdjournmentRuling,
    ClockFinding, ClockNow, Entropy, Envelope, EnvelopeError, MIN_ITERATIONS, OpenError, Phase,
    Presence, SealError, SealedEnvelope, SealedMove, SealedMoveVerdict, SealingDraft, SealingError,
    TimeUsed, judge_sealed_move, time_used,
};
use crate::clock::ClockAction;
use crate::game::{Event, Game, GameError, GameState, Player, Setup};
use crate::notation::NotationLang;
use crate::side::Side;

/// The envelope as the scenario gives it: an exported envelope (it has a
/// `ciphertext`) or an opened copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EnvelopeCopy {
    /// As exported by the app; opened with the scenario's `pin`.
    Sealed(Box<SealedEnvelope>),
    /// Already opened: the outside and the move found inside.
    Opened {
        envelope: Box<Envelope>,
        sealed_move: SealedMove,
    },
}

impl<'de> Deserialize<'de> for EnvelopeCopy {
    /// Chooses the form by the `ciphertext` field, so that a mistake in
    /// either is reported by name rather than as "no variant matched".
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<EnvelopeCopy, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Opened {
            envelope: Box<Envelope>,
            sealed_move: SealedMove,
        }
        let value = serde_json::Value::deserialize(deserializer)?;
        let copy = if value.get("ciphertext").is_some() {
            serde_json::from_value(value).map(|sealed| EnvelopeCopy::Sealed(Box::new(sealed)))
        } else {
            serde_json::from_value(value).map(
                |Opened {
                     envelope,
                     sealed_move,
                 }| EnvelopeCopy::Opened {
                    envelope,
                    sealed_move,
                },
            )
        };
        copy.map_err(serde::de::Error::custom)
    }
}

/// How late each absent player arrives, in ms after the agreed resumption
/// time; an absent player not listed never arrives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrivals {
    #[serde(default)]
    pub white: Option<u64>,
    #[serde(default)]
    pub black: Option<u64>,
}

impl Arrivals {
    fn of(&self, side: Side) -> Option<u64> {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// A11: the envelope is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Missing {
    pub position_reestablished: bool,
    #[serde(default)]
    pub clocks_set_by_arbiter: Option<TimeUsed>,
    /// The move the sealer states he sealed (for an opened copy, its sealed move).
    #[serde(default)]
    pub stated_move: Option<SealedMove>,
}

/// A1a, A1b: how the move was sealed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealing {
    /// What the sealer wrote, in order, until he stopped his clock: he may
    /// change it until then (A1a); the last is sealed. An entry `on_board`
    /// is a move he made on the board after being told to seal: he must
    /// seal that same move.
    #[serde(default)]
    pub written: Vec<SealedWriting>,
    /// When he stopped his clock, wall-clock ms (default 0).
    #[serde(default)]
    pub stopped_ms: u64,
    /// The session's nominal end: stopped before it, he is charged up to
    /// it (A1b). 0: none given.
    #[serde(default)]
    pub session_end_ms: u64,
}

/// One writing of the sealed move (A1a).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedWriting {
    pub text: String,
    pub lang: NotationLang,
    /// He made this move on the board after being told to seal.
    #[serde(default)]
    pub on_board: bool,
}

/// A4: a draw offered after sealing, and its answer before resumption.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    /// The sealer's opponent (only he may offer after sealing).
    pub by: Side,
    /// `accepted`, `declined`, or absent: still open at resumption.
    #[serde(default)]
    pub answer: Option<Answer>,
}

/// How a draw offer is answered (9.1, A4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Accepted,
    Declined,
}

/// A12: a clock error pointed out upon resumption, before the player's
/// first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockError {
    pub by: Side,
    pub finding: ClockFinding,
}

/// A resumption scenario. Fields it does not know are ignored here;
/// `laws judge` refuses them, since a misspelt one changes the ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    #[serde(default)]
    pub rules: AdjournmentRules,
    /// The agreed resumption time, wall-clock ms (default: one second
    /// after the epoch); the game was sealed before it.
    #[serde(default = "Scenario::default_resumption_ms")]
    pub resumption_ms: u64,
    pub envelope: EnvelopeCopy,
    /// The arbiter's PIN, for a sealed envelope.
    #[serde(default)]
    pub pin: Option<String>,
    /// Who is at the board at the agreed resumption time.
    pub present: Vec<Side>,
    #[serde(default)]
    pub arrives_after_ms: Arrivals,
    /// This player's flag falls, as soon as his clock runs: an absent
    /// replier's (A9b), an absent sealer's (A9c, A11a), or after the
    /// opening the replier's (6.10, and A10c while the sealer is absent).
    #[serde(default)]
    pub flag_fell: Option<Side>,
    /// A9c: the reply the replier seals while the sealer is absent.
    #[serde(default)]
    pub reply: Option<SealedMove>,
    /// A6: agreed drawn before resumption.
    #[serde(default)]
    pub draw_agreed: bool,
    /// A6: this player resigned before resumption.
    #[serde(default)]
    pub resigned: Option<Side>,
    #[serde(default)]
    pub missing: Option<Missing>,
    /// A1a, A1b: how the move was sealed.
    #[serde(default)]
    pub sealing: Option<Sealing>,
    /// A4: a draw offered after sealing.
    #[serde(default)]
    pub draw_offer: Option<DrawOffer>,
    /// A12: a clock error pointed out at resumption.
    #[serde(default)]
    pub clock_error: Option<ClockError>,
}

/// What `laws judge` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeVerdict {
    pub fingerprint: String,
    /// The sealed move as read, once the envelope is opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_move: Option<SealedMoveVerdict>,
    /// The ruling that decides the game, or the last one if it goes on.
    pub ruling: AdjournmentRuling,
    /// Every ruling, step by step.
    pub rulings: Vec<AdjournmentRuling>,
    /// The time used by each player at the last step, with the clock that
    /// ran until then (A9b, A11a) charged.
    pub time_used: TimeUsed,
    /// The draw offer still valid when play resumed (A2f, A4), if any.
    pub draw_offer_at_resumption: Option<Side>,
}

/// A scenario that cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioError {
    NoPin,
    Envelope(EnvelopeError),
    Open(OpenError),
    Seal(SealError),
    NoStatedMove,
    /// `rules.flag_article` is neither `6.10` nor `6.9`.
    FlagArticle(String),
    /// `arrives_after_ms` names a player already present.
    ArrivesButPresent(Side),
    /// A time so large that the scenario's times cannot be added up.
    TimeOutOfRange(&'static str),
    /// `flag_fell` names a player whose clock never runs.
    FlagNeverRuns(Side),
    /// A1a: the move written last is not the envelope's sealed move, or
    /// `sealing.written` was given with an envelope already sealed.
    Sealing(String),
    /// A step the Laws refuse; the scenario contradicts itself.
    Step {
        event: &'static str,
        error: AdjournmentError,
    },
    /// The game refuses the scenario (its times cannot be a game's clock).
    Game(GameError),
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioError::NoPin => f.write_str("the envelope is sealed: give the arbiter's PIN"),
            ScenarioError::Envelope(e) => e.fmt(f),
            ScenarioError::Open(e) => e.fmt(f),
            ScenarioError::Seal(e) => e.fmt(f),
            ScenarioError::NoStatedMove => {
                f.write_str("A11a: the envelope is missing: give the move the sealer states")
            }
            ScenarioError::FlagArticle(article) => write!(
                f,
                "rules.flag_article must be \"6.10\" or \"6.9\" (the flag-fall article), not {article:?}"
            ),
            ScenarioError::ArrivesButPresent(side) => write!(
                f,
                "arrives_after_ms: {side} is present at the resumption time and cannot arrive later"
            ),
            ScenarioError::TimeOutOfRange(field) => {
                write!(f, "{field} is too large to add up the scenario's times")
            }
            ScenarioError::FlagNeverRuns(side) => write!(
                f,
                "flag_fell: {side}'s clock never runs in this scenario, so his flag cannot fall"
            ),
            ScenarioError::Sealing(why) => write!(f, "sealing: {why}"),
            ScenarioError::Step { event, error } => write!(f, "{event}: {error}"),
            ScenarioError::Game(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ScenarioError {}

/// An opened copy is sealed again under this PIN only to walk the steps.
const COPY_PIN: &str = "opened copy";

/// How long a resumption session lasts in a scenario (A13).
const SESSION_MS: u64 = 6 * 3_600_000;

/// Walks the game through the scenario, step by step.
struct Walk {
    /// Folded when the walk starts, then stepped only by events the Laws allow.
    game: Game,
    sealed: SealedEnvelope,
    pin: String,
    /// When the last step was taken.
    last_ms: u64,
    /// The draw offer valid when play resumed.
    offer_at_resumption: Option<Side>,
}

impl Walk {
    fn step(&mut self, event: AdjournmentEvent, at: u64) -> Result<(), ScenarioError> {
        let name = event.name();
        self.game
            .apply(Event::Adjournment(event), at)
            .map_err(|error| match error {
                GameError::Adjournment(error) => ScenarioError::Step { event: name, error },
                other => ScenarioError::Game(other),
            })?;
        self.last_ms = at;
        Ok(())
    }

    /// The game as its log now stands.
    fn play(&self) -> &GameState {
        self.game
            .fold()
            .expect("a walk's game folds: it starts so and takes only what the Laws allow")
    }

    fn adjournment(&self) -> &Adjournment {
        &self.play().adjournment
    }

    fn over(&self) -> bool {
        self.adjournment().result().is_some()
    }

    /// Whose clock runs at `at`.
    fn running(&self, at: u64) -> Option<Side> {
        self.play()
            .clock
            .as_ref()
            .and_then(|clock| ClockNow::of(clock, at).running)
    }
}

impl Scenario {
    fn default_resumption_ms() -> u64 {
        1_000
    }

    /// Judges the scenario: the final ruling with every step's.
    pub fn judge(&self) -> Result<JudgeVerdict, ScenarioError> {
        if self.rules.flag_article().is_none() {
            return Err(ScenarioError::FlagArticle(self.rules.flag_article.clone()));
        }
        if let Some(side) = self
            .present
            .iter()
            .copied()
            .find(|side| self.arrives_after_ms.of(*side).is_some())
        {
            return Err(ScenarioError::ArrivesButPresent(side));
        }
        let (sealed, pin) = match &self.envelope {
            EnvelopeCopy::Sealed(_)
                if self.sealing.as_ref().is_some_and(|s| !s.written.is_empty()) =>
            {
                return Err(ScenarioError::Sealing(
                    "sealing.written needs an opened copy of the envelope: a sealed one already holds its move".to_owned(),
                ));
            }
            EnvelopeCopy::Sealed(sealed) => {
                let pin = self.pin.clone().ok_or(ScenarioError::NoPin)?;
                ((**sealed).clone(), pin)
            }
            EnvelopeCopy::Opened {
                envelope,
                sealed_move,
            } => (self.seal_copy(envelope, sealed_move)?, COPY_PIN.to_owned()),
        };
        let outside = sealed.envelope().clone();
        let game = self.game(&outside)?;
        game.fold().map_err(ScenarioError::Game)?;
        let mut walk = Walk {
            game,
            sealed,
            pin,
            last_ms: 0,
            offer_at_resumption: None,
        };
        let mut verdict = None;
        self.walk(&mut walk, &outside, &mut verdict)?;
        let adjournment = walk.adjournment();
        let rulings = adjournment.rulings().to_vec();
        let ruling = adjournment
            .result()
            .or(rulings.last())
            .cloned()
            .expect("every walk rules");
        let clock = walk
            .play()
            .clock
            .as_ref()
            .expect("a scenario's game has a clock");
        Ok(JudgeVerdict {
            fingerprint: walk.sealed.fingerprint().to_owned(),
            sealed_move: verdict,
            ruling,
            rulings,
            time_used: time_used(clock, walk.last_ms),
            draw_offer_at_resumption: walk.offer_at_resumption,
        })
    }

    /// An opened copy sealed again to walk the steps; with `sealing`, as
    /// the sealer wrote it (A1a) and charged to the session's end (A1b).
    fn seal_copy(
        &self,
        outside: &Envelope,
        sealed_move: &SealedMove,
    ) -> Result<SealedEnvelope, ScenarioError> {
        let entropy = Entropy {
            salt: [0; 16],
            nonce: [0; 12],
        };
        let Some(sealing) = self.sealing.as_ref().filter(|s| !s.written.is_empty()) else {
            let (stopped, end) = self
                .sealing
                .as_ref()
                .map_or((0, 0), |s| (s.stopped_ms, s.session_end_ms));
            let mut outside = outside.clone();
            outside.time_used =
                outside
                    .time_used
                    .charged_to_session_end(outside.sealer, stopped, end);
            return SealedEnvelope::seal(outside, sealed_move, COPY_PIN, MIN_ITERATIONS, entropy)
                .map_err(ScenarioError::Seal);
        };
        let mut draft = SealingDraft::new(outside).map_err(ScenarioError::Envelope)?;
        let position = outside.position().map_err(ScenarioError::Envelope)?;
        for written in &sealing.written {
            let wrote = if written.on_board {
                let reading = crate::notation::read(&position, &written.text, written.lang);
                match reading {
                    crate::notation::MoveReading::Legal { mv, .. } => {
                        draft.played_on_board(&mv, written.lang)
                    }
                    _ => Err(SealingError::NotLegalOnBoard),
                }
            } else {
                draft.write(&written.text, written.lang)
            };
            wrote.map_err(|e| ScenarioError::Sealing(e.to_string()))?;
        }
        let last = draft.written().expect("a move was written");
        if last.text.trim() != sealed_move.text.trim() || last.lang != sealed_move.lang {
            return Err(ScenarioError::Sealing(format!(
                "A1a: the move sealed is the last one written before the clock was stopped, {}, not the envelope's {}",
                last.text, sealed_move.text
            )));
        }
        draft
            .seal(
                outside.clone(),
                sealing.stopped_ms,
                sealing.session_end_ms,
                COPY_PIN,
                MIN_ITERATIONS,
                entropy,
            )
            .map_err(ScenarioError::Seal)
    }

    /// The game as it stood when the move was sealed: from the envelope's
    /// position, the sealer's clock running. Each player's control leaves
    /// him the session's six hours after the time the envelope records,
    /// except the player whose flag the scenario says falls: his time is
    /// up, so it falls as soon as his clock runs.
    fn game(&self, outside: &Envelope) -> Result<Game, ScenarioError> {
        let seconds = |side: Side| {
            let used = outside.time_used.of(side).div_ceil(1000);
            match self.flag_fell {
                Some(flag) if flag == side => used.max(1),
                _ => used + SESSION_MS / 1000,
            }
        };
        let control = format!("{}|{}", seconds(Side::White), seconds(Side::Black));
        let setup = Setup {
            white: Player::named(&outside.white),
            black: Player::named(&outside.black),
            event: outside.event.clone(),
            round: outside.round.clone(),
            board: outside.board.clone(),
            time_control: control
                .parse()
                .map_err(|_| ScenarioError::TimeOutOfRange("envelope.time_used"))?,
            start_fen: Some(outside.fen.clone()),
            adjournment: self.rules.clone(),
            ..Setup::default()
        };
        let mut game = Game::new("scenario", setup, 0);
        game.apply(
            Event::Clock(ClockAction::Start {
                side: outside.sealer,
            }),
            0,
        )
        .map_err(ScenarioError::Game)?;
        Ok(game)
    }

    fn walk(
        &self,
        walk: &mut Walk,
        outside: &Envelope,
        verdict: &mut Option<SealedMoveVerdict>,
    ) -> Result<(), ScenarioError> {
        use AdjournmentEvent as Ev;
        let sealer = outside.sealer;
        let replier = sealer.opponent();
        let r = self.resumption_ms;
        let after = |ms: u64, field: &'static str| {
            r.checked_add(ms)
                .ok_or(ScenarioError::TimeOutOfRange(field))
        };
        let (stopped, session_end) = self
            .sealing
            .as_ref()
            .map_or((0, 0), |s| (s.stopped_ms, s.session_end_ms));
        if stopped >= r {
            return Err(ScenarioError::TimeOutOfRange("sealing.stopped_ms"));
        }
        walk.step(
            Ev::SealRequested {
                sealer,
                session_end_ms: session_end,
            },
            0,
        )?;
        walk.step(Ev::Stopped, stopped)?;
        walk.step(
            Ev::Sealed {
                envelope: Box::new(walk.sealed.clone()),
            },
            stopped,
        )?;
        walk.step(
            Ev::Verified {
                game: Box::new(walk.sealed.envelope().clone()),
            },
            stopped,
        )?;
        if let Some(offer) = self.draw_offer {
            walk.step(Ev::DrawOffered { by: offer.by }, stopped)?;
            let by = offer.by.opponent();
            match offer.answer {
                Some(Answer::Accepted) => return walk.step(Ev::DrawAccepted { by }, stopped),
                Some(Answer::Declined) => walk.step(Ev::DrawDeclined { by }, stopped)?,
                None => {}
            }
        }
        if self.draw_agreed {
            return walk.step(Ev::DrawAgreed, stopped);
        }
        if let Some(by) = self.resigned {
            return walk.step(Ev::Resigned { by }, stopped);
        }
        walk.step(
            Ev::SessionAnnounced {
                start_ms: r,
                end_ms: after(SESSION_MS, "resumption_ms")?,
            },
            stopped,
        )?;
        let mut present = Presence::default();
        for side in &self.present {
            present.set(*side);
        }
        // Absent players arrive (past the limit, A10 rules on arrival), or
        // the arbiter declares them forfeit just past the limit.
        let forfeit_at = after(self.rules.late_limit_ms, "rules.late_limit_ms")?
            .checked_add(1)
            .ok_or(ScenarioError::TimeOutOfRange("rules.late_limit_ms"))?;
        let mut timeline: Vec<(u64, Side, bool)> = Vec::new();
        for side in [Side::White, Side::Black] {
            if present.of(side) {
                continue;
            }
            timeline.push(match self.arrives_after_ms.of(side) {
                Some(late) => (after(late, "arrives_after_ms")?, side, true),
                None => (forfeit_at, side, false),
            });
        }
        timeline.sort_by_key(|(at, ..)| *at);
        let come =
            |walk: &mut Walk, at: u64, side: Side, arrives: bool| -> Result<(), ScenarioError> {
                let event = if arrives {
                    Ev::Arrived { side }
                } else {
                    Ev::Forfeited { late: side }
                };
                match walk.step(event, at) {
                    // Decided meanwhile, with no A10 exception: the decision stands.
                    Err(ScenarioError::Step {
                        error: AdjournmentError::Concluded(_),
                        ..
                    }) => Ok(()),
                    other => other,
                }
            };

        if let Some(missing) = &self.missing {
            // A11: found missing before play resumes, so nothing is set up
            // from the envelope and it is never opened.
            let envelope_missing = Ev::EnvelopeMissing {
                position_reestablished: missing.position_reestablished,
                fen: None,
                clocks_set_by_arbiter: missing.clocks_set_by_arbiter,
            };
            walk.step(envelope_missing, r)?;
            if walk.over() {
                return Ok(());
            }
            let stated = match (&missing.stated_move, &self.envelope) {
                (Some(stated), _) => stated.clone(),
                (None, EnvelopeCopy::Opened { sealed_move, .. }) => sealed_move.clone(),
                (None, EnvelopeCopy::Sealed(_)) => return Err(ScenarioError::NoStatedMove),
            };
            walk.step(Ev::Resumed { present }, r)?;
            walk.offer_at_resumption = walk.adjournment().draw_offer();
            self.flag_falls_while_absent(walk, present, r)?;
            if present.of(sealer) && !walk.over() {
                walk.step(
                    Ev::MoveStated {
                        sealed_move: stated.clone(),
                    },
                    r,
                )?;
                self.flag_falls_if_running(walk, r)?;
            }
            for (at, side, arrives) in timeline {
                come(walk, at, side, arrives)?;
                if side == sealer && arrives && !walk.over() {
                    walk.step(
                        Ev::MoveStated {
                            sealed_move: stated.clone(),
                        },
                        at,
                    )?;
                    self.flag_falls_if_running(walk, at)?;
                }
            }
            return self.flag_fell_somewhere(walk);
        }

        walk.step(
            Ev::SetUp {
                time_used: outside.time_used,
            },
            r,
        )?;
        walk.step(Ev::Resumed { present }, r)?;
        walk.offer_at_resumption = walk.adjournment().draw_offer();
        if let Some(error) = self.clock_error {
            walk.step(
                Ev::ClockErrorPointedOut {
                    by: error.by,
                    finding: error.finding,
                },
                r,
            )?;
        }
        self.flag_falls_while_absent(walk, present, r)?;
        // A7, A9: the envelope opens when the replier is there.
        if present.of(replier) && !walk.over() {
            self.open_first(walk, outside, r, verdict)?;
        }
        for (at, side, arrives) in timeline {
            come(walk, at, side, arrives)?;
            if walk.over() {
                continue;
            }
            if side == replier {
                self.open_first(walk, outside, at, verdict)?;
            } else if let (Phase::ReplySealed, Some(reply)) =
                (walk.adjournment().phase(), &self.reply)
            {
                walk.step(
                    Ev::Opened {
                        sealed_move: reply.clone(),
                    },
                    at,
                )?;
            }
        }
        self.flag_fell_somewhere(walk)
    }

    /// The flag of a player absent for good falls while his clock runs:
    /// the replier's (A9b) or the sealer's with the envelope missing (A11a),
    /// before any forfeit. A player who arrives has his flag fall later.
    fn flag_falls_while_absent(
        &self,
        walk: &mut Walk,
        present: Presence,
        at: u64,
    ) -> Result<(), ScenarioError> {
        match self.flag_fell {
            Some(side) if !present.of(side) && self.arrives_after_ms.of(side).is_none() => {
                self.flag_falls_if_running(walk, at)
            }
            _ => Ok(()),
        }
    }

    /// The scenario's flag falls at `at` if that player's clock runs now.
    fn flag_falls_if_running(&self, walk: &mut Walk, at: u64) -> Result<(), ScenarioError> {
        match self.flag_fell {
            Some(side) if !walk.over() && walk.running(at) == Some(side) => {
                // His time is up (the scenario's control): the clock shows
                // it within the second.
                let clock = walk
                    .play()
                    .clock
                    .as_ref()
                    .expect("a scenario's game has a clock");
                let fell_at = at + clock.remaining(side, at);
                walk.step(AdjournmentEvent::FlagFell { side }, fell_at)
            }
            _ => Ok(()),
        }
    }

    /// A flag the scenario names must have fallen, unless the game ended
    /// otherwise first.
    fn flag_fell_somewhere(&self, walk: &Walk) -> Result<(), ScenarioError> {
        match self.flag_fell {
            Some(side) if !walk.over() => Err(ScenarioError::FlagNeverRuns(side)),
            _ => Ok(()),
        }
    }

    /// Opens the sealed move's envelope at `at`; then, as the scenario says,
    /// the replier seals his reply (A9c) or a flag falls.
    fn open_first(
        &self,
        walk: &mut Walk,
        outside: &Envelope,
        at: u64,
        verdict: &mut Option<SealedMoveVerdict>,
    ) -> Result<(), ScenarioError> {
        use AdjournmentEvent as Ev;
        let sealed_move = walk.sealed.open(&walk.pin).map_err(ScenarioError::Open)?;
        let position = outside.position().map_err(ScenarioError::Envelope)?;
        *verdict = Some(
            judge_sealed_move(
                &position,
                &sealed_move,
                &self.rules,
                crate::article::Article::A9a,
            )
            .verdict,
        );
        walk.step(Ev::Opened { sealed_move }, at)?;
        if walk.over() {
            return Ok(());
        }
        if let Some(reply) = &self.reply {
            // A9c: the reply goes into a fresh envelope chained to the first.
            let reply_outside = walk
                .play()
                .reply_envelope(at)
                .map_err(|error| match error {
                    GameError::Adjournment(error) => ScenarioError::Step {
                        event: "reply_sealed",
                        error,
                    },
                    other => ScenarioError::Game(other),
                })?;
            let entropy = Entropy {
                salt: [1; 16],
                nonce: [1; 12],
            };
            let envelope =
                SealedEnvelope::seal(reply_outside, reply, &walk.pin, MIN_ITERATIONS, entropy)
                    .map_err(ScenarioError::Seal)?;
            walk.step(
                Ev::ReplySealed {
                    envelope: Box::new(envelope),
                },
                at,
            )?;
        }
        match self.flag_fell {
            // Only the replier's clock runs now (the sealer's after an A9c reply).
            Some(side) if walk.running(at) != Some(side) => Err(ScenarioError::Step {
                event: "flag_fell",
                error: AdjournmentError::ClockNotRunning(side),
            }),
            Some(_) => self.flag_falls_if_running(walk, at),
            None => Ok(()),
        }
    }
}
