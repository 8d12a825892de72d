//! Taking a step: [`Adjournment::apply`] asks the table in `step.rs`
//! whether a step of this kind is accepted now, then judges its
//! particulars, one function per step that needs more than a line.

use shakmaty::{Chess, Color, Position};

use super::*;

impl Adjournment {
    /// Applies `event` at `at_ms` if the Laws allow it, returning the ruling
    /// it calls for with what it does to the game's clock; otherwise nothing
    /// changes. `clock` is the game's clock as the step finds it (`None`
    /// for a game played without one).
    pub fn apply(
        &mut self,
        event: AdjournmentEvent,
        at_ms: u64,
        clock: Option<ClockNow>,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        let mut next = self.clone();
        let mut ruling = next.step(event, at_ms, clock)?;
        if let Some(ruling) = &mut ruling {
            if ruling.outcome.ends_game() {
                next.phase = Phase::Concluded;
                // The game ends with the ruling: its clock stops.
                if !ruling.clock.contains(&ClockEffect::Stop) {
                    ruling.clock.push(ClockEffect::Stop);
                }
            }
            next.rulings.push(ruling.clone());
        }
        *self = next;
        Ok(ruling)
    }

    fn step(
        &mut self,
        event: AdjournmentEvent,
        at: u64,
        clock: Option<ClockNow>,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        use AdjournmentEvent as Ev;
        use Phase as P;
        if let Some(refusal) = self.refusal(event.step()) {
            return Err(refusal);
        }
        match event {
            Ev::SealRequested {
                sealer,
                session_end_ms,
            } => {
                self.sealer = sealer;
                self.session_end_ms = session_end_ms;
                self.phase = P::Sealing;
                Ok(None)
            }
            Ev::Stopped => {
                self.stopped_ms = Some(at);
                Ok(Some(self.stop_to_seal(at)))
            }
            Ev::Sealed { envelope } => self.keep_envelope(envelope, at),
            Ev::Amended { envelope } => {
                let position = self.admit(&envelope)?;
                let why = format!(
                    "envelope amended; new fingerprint {}",
                    envelope.fingerprint()
                );
                self.draw_offer = envelope.envelope().draw_offer;
                self.position = Some(position);
                self.envelopes[0] = *envelope;
                continuing(Article::A3, why)
            }
            Ev::Resealed { envelope } => {
                self.admit(&envelope)?;
                if envelope.envelope() != self.envelopes[0].envelope() {
                    return Err(AdjournmentError::ResealChangesOutside);
                }
                let why = format!(
                    "envelope {} sealed again, its outside unchanged; new fingerprint {}",
                    self.envelopes[0].fingerprint(),
                    envelope.fingerprint()
                );
                self.envelopes[0] = *envelope;
                continuing(Article::A3, why)
            }
            Ev::Verified { game } => {
                let checklist = self.envelopes[0].envelope().checklist(&game);
                if !checklist.is_complete() {
                    return Err(AdjournmentError::Inaccurate(checklist));
                }
                self.phase = P::Kept;
                continuing(
                    Article::A3,
                    "every item on the envelope matches the game; the arbiter keeps it".to_owned(),
                )
            }
            Ev::DrawOffered { by } => {
                if by == self.sealer {
                    return Err(AdjournmentError::DrawOfferBySealer);
                }
                self.draw_offer = Some(by);
                self.offer_after_sealing = true;
                continuing(
                    Article::A4,
                    format!(
                        "{by} offers a draw; it is valid until {} accepts or rejects it",
                        by.opponent()
                    ),
                )
            }
            Ev::DrawDeclined { by } => {
                self.answer_offer(by)?;
                continuing(Article::A4, format!("{by} rejects the draw offer"))
            }
            Ev::DrawAccepted { by } => {
                self.answer_offer(by)?;
                let article = if self.offer_after_sealing {
                    Article::A4
                } else if self.resumed_ms.is_none() {
                    Article::A6
                } else {
                    Article::Art9_1
                };
                Ok(Some(AdjournmentRuling::new(
                    article,
                    Outcome::Draw,
                    format!("{by} accepts the draw offer{}", self.archive_note()),
                )))
            }
            Ev::DrawAgreed => Ok(Some(AdjournmentRuling::new(
                Article::A6,
                Outcome::Draw,
                format!(
                    "the game is agreed drawn before resumption{}",
                    self.archive_note()
                ),
            ))),
            Ev::Resigned { by } => Ok(Some(AdjournmentRuling::new(
                Article::A6,
                Outcome::win_for(by.opponent()),
                format!(
                    "{by} notifies the arbiter that he resigns{}",
                    self.archive_note()
                ),
            ))),
            Ev::SessionAnnounced { start_ms, end_ms } => {
                self.announce_session(start_ms, end_ms, at)
            }
            Ev::SetUp { time_used } => self.set_up(time_used),
            Ev::Resumed { present } => self.resume(present, at),
            Ev::Arrived { side } => self.arrive(side, at),
            Ev::Opened { sealed_move } => Ok(Some(self.open(sealed_move))),
            Ev::ReplySealed { envelope } => self.seal_reply(*envelope, clock).map(Some),
            Ev::Moved { by } => {
                if clock.is_some_and(|clock| clock.running != Some(by)) {
                    return Err(AdjournmentError::NotToMove(by));
                }
                self.moved.set(by);
                if self.draw_offer == Some(by.opponent()) {
                    // 9.1: making a move rejects the offer.
                    self.draw_offer = None;
                }
                Ok(None)
            }
            Ev::ClockErrorPointedOut { by, finding } => self.point_out_clock_error(by, finding),
            Ev::FlagFell { side } => {
                if clock.and_then(|clock| clock.running) != Some(side) {
                    return Err(AdjournmentError::ClockNotRunning(side));
                }
                self.flag_fallen = Some(side);
                Ok(Some(self.flag_fall(side)))
            }
            Ev::Forfeited { late } => {
                if self.present.of(late) {
                    return Err(AdjournmentError::Present(late));
                }
                self.forfeit(late, at).map(Some)
            }
            Ev::EnvelopeMissing {
                position_reestablished,
                fen: refen,
                clocks_set_by_arbiter,
            } => self.report_missing(position_reestablished, refen, clocks_set_by_arbiter, at),
            Ev::MoveStated { sealed_move } => self.state_move(sealed_move),
            Ev::SessionEnded => {
                if let Some((_, end_ms)) = self.session
                    && at < end_ms
                {
                    return Err(AdjournmentError::SessionNotOver { end_ms });
                }
                // The clock of the player having the move runs on until he
                // seals and stops it (A1a).
                self.phase = P::Readjourned;
                continuing(
                    Article::A13,
                    "the resumption session is over by the arbiter's timepiece: the game is adjourned again and the player having the move seals it (A1a)"
                        .to_owned(),
                )
            }
        }
    }

    /// The envelope with the sealed move (A1a, A2), judged by when the clock was stopped (A1b).
    fn keep_envelope(
        &mut self,
        envelope: Box<SealedEnvelope>,
        at: u64,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        let position = self.admit(&envelope)?;
        let outside = envelope.envelope();
        self.draw_offer = outside.draw_offer;
        self.position = Some(position);
        // Sealed with no stop logged first: he stopped his clock now.
        let stop = match self.stopped_ms {
            Some(_) => Vec::new(),
            None => self.stop_to_seal(at).clock,
        };
        // A1b is judged when he stopped his clock.
        let stopped = *self.stopped_ms.get_or_insert(at);
        let article = if stopped < self.session_end_ms {
            Article::A1b
        } else {
            Article::A1a
        };
        let why = format!(
            "{} sealed move {}; fingerprint {}; {}",
            outside.sealer,
            outside.move_number,
            envelope.fingerprint(),
            if stopped < self.session_end_ms {
                "sealed before the session's end, so charged up to its nominal end"
            } else {
                "the arbiter checks the envelope (A3)"
            }
        );
        self.envelopes.push(*envelope);
        self.phase = Phase::Sealed;
        Ok(Some(
            AdjournmentRuling::new(article, Outcome::Continue, why).with_clock(stop),
        ))
    }

    /// A13: the resumption session, announced in advance.
    fn announce_session(
        &mut self,
        start_ms: u64,
        end_ms: u64,
        at: u64,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        if at > start_ms {
            return Err(AdjournmentError::SessionNotInAdvance {
                announced_ms: at,
                start_ms,
            });
        }
        if end_ms <= start_ms {
            return Err(AdjournmentError::SessionEndsBeforeStart);
        }
        self.session = Some((start_ms, end_ms));
        continuing(
            Article::A13,
            format!(
                "resumption session from {} to {}, timed by the arbiter's timepiece",
                utc(start_ms),
                utc(end_ms)
            ),
        )
    }

    /// A5: the position before the sealed move and the clocks set up.
    fn set_up(
        &mut self,
        time_used: TimeUsed,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        let recorded = self.envelopes[0].envelope().time_used;
        self.phase = Phase::SetUp;
        let why = if time_used == recorded {
            format!(
                "the position before the sealed move is set up; the clocks are set to the time used on the envelope ({time_used} used, not left)"
            )
        } else {
            format!(
                "the clocks are set to {time_used} used (not left) but the envelope records {recorded} used: either player may point this out before his first move (A12)"
            )
        };
        Ok(Some(
            AdjournmentRuling::new(Article::A5, Outcome::Continue, why)
                .with_clock([ClockEffect::Set { time_used }]),
        ))
    }

    /// A9 (A11a with the envelope missing): play resumes with those present.
    fn resume(
        &mut self,
        present: Presence,
        at: u64,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        if let Some((start_ms, _)) = self.session
            && at < start_ms
        {
            return Err(AdjournmentError::BeforeResumptionTime { start_ms });
        }
        self.resumed_ms = Some(at);
        self.present = present;
        self.present_at_resumption = present;
        if self.phase == Phase::Missing {
            let sealer = self.sealer;
            if present.of(sealer) {
                return continuing(
                    Article::A11a,
                    format!(
                        "play resumes with the envelope missing: {sealer} states the move he sealed and makes it"
                    ),
                );
            }
            return Ok(Some(
                AdjournmentRuling::new(
                    Article::A11a,
                    Outcome::Continue,
                    format!(
                        "play resumes with the envelope missing: {sealer}, who has the move, is absent: his clock is started"
                    ),
                )
                .with_clock([ClockEffect::Run { side: sealer }]),
            ));
        }
        self.phase = Phase::Resumed;
        let replier = self.sealer.opponent();
        if present.of(replier) {
            continuing(
                Article::A9a,
                format!("{replier}, who must reply, is present: the envelope is opened"),
            )
        } else {
            Ok(Some(
                AdjournmentRuling::new(
                    Article::A9b,
                    Outcome::Continue,
                    format!("{replier}, who must reply, is absent: his clock is started"),
                )
                .with_clock([ClockEffect::Run { side: replier }]),
            ))
        }
    }

    /// A9b, A9c, A10: an absent player arrives.
    fn arrive(
        &mut self,
        side: Side,
        at: u64,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        if self.present.of(side) {
            return Err(AdjournmentError::AlreadyPresent(side));
        }
        if self.late_by(at) > self.rules.late_limit_ms {
            let ruling = self.forfeit(side, at)?;
            self.present.set(side);
            return Ok(Some(ruling));
        }
        self.present.set(side);
        if self.phase == Phase::Resumed
            && side == self.sealer.opponent()
            && !self.present_at_resumption.of(side)
        {
            // A9b: the replier, whose clock has run, stops it and
            // summons the arbiter.
            return Ok(Some(
                AdjournmentRuling::new(
                    Article::A9b,
                    Outcome::Continue,
                    format!(
                        "{side} arrives, stops his clock and summons the arbiter to open the envelope"
                    ),
                )
                .with_clock([ClockEffect::Stop]),
            ));
        }
        Ok(None)
    }

    /// A12: a clock error pointed out before the player's first move.
    fn point_out_clock_error(
        &mut self,
        by: Side,
        finding: ClockFinding,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        if self.moved.of(by) {
            return Err(AdjournmentError::AfterFirstMove(by));
        }
        let (corrected, why) = match finding {
            ClockFinding::Established { time_used } => (
                Some(time_used),
                format!(
                    "the error {by} pointed out is established: clocks corrected to {time_used}"
                ),
            ),
            ClockFinding::NotEstablished => (
                None,
                format!(
                    "the error {by} pointed out is not established: the game continues without correction"
                ),
            ),
            ClockFinding::TooSevere { time_used } => (
                Some(time_used),
                format!(
                    "not established, but the consequences would be too severe: the arbiter sets the clocks to {time_used}"
                ),
            ),
        };
        let set = corrected.map(|time_used| ClockEffect::Set { time_used });
        Ok(Some(
            AdjournmentRuling::new(Article::A12, Outcome::Continue, why).with_clock(set),
        ))
    }

    /// A11a: the sealer states the move he sealed and makes it.
    fn state_move(
        &mut self,
        sealed_move: SealedMove,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        let position = self
            .position
            .clone()
            .expect("a missing envelope's position is re-established");
        let (judgment, after) = ruling::judge(&position, &sealed_move, &self.rules, Article::A11a);
        let Some(after) = after else {
            return Err(AdjournmentError::StatedMoveNotLegal(judgment.verdict));
        };
        self.position = Some(after);
        self.played = Some(sealed_move);
        self.opened = 1;
        self.phase = Phase::Continuing;
        // The sealer's clock, if it ran while he was absent, stops
        // and the replier's runs.
        let replier = self.sealer.opponent();
        Ok(Some(
            judgment
                .ruling
                .with_clock([ClockEffect::Run { side: replier }]),
        ))
    }

    /// A11: the envelope is missing: play continues from the position
    /// re-established (A11a), or the game is annulled (A11b).
    fn report_missing(
        &mut self,
        position_reestablished: bool,
        refen: Option<String>,
        clocks_set_by_arbiter: Option<TimeUsed>,
        at: u64,
    ) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
        if !position_reestablished {
            return Ok(Some(AdjournmentRuling::new(
                Article::A11b,
                Outcome::Annulled,
                "the envelope is missing and the position cannot be re-established: the game is annulled and a new game must be played",
            )));
        }
        let outside = self.envelopes[0].envelope();
        let position = match refen {
            // The arbiter's reconstruction, checked like an envelope's.
            Some(refen) => {
                let position =
                    crate::envelope::parse_fen(&refen).map_err(AdjournmentError::Envelope)?;
                if position.turn() != Color::from(self.sealer) {
                    let sealer = self.sealer;
                    return Err(AdjournmentError::Envelope(EnvelopeError::SealerNotToMove {
                        sealer,
                    }));
                }
                position
            }
            None => outside.position().map_err(AdjournmentError::Envelope)?,
        };
        self.position = Some(position);
        let time_used = clocks_set_by_arbiter.unwrap_or(outside.time_used);
        // No sealed move was made, so the sealer has the move: absent
        // since play resumed, his clock has run since then (and not
        // the replier's, started for A9b).
        let sealer = self.sealer;
        let absent_since = self.resumed_ms.filter(|_| !self.present.of(sealer));
        let mut clock = vec![ClockEffect::Set { time_used }];
        clock.extend(match absent_since {
            Some(resumed) => vec![
                ClockEffect::Charge {
                    side: sealer,
                    ms: at.saturating_sub(resumed),
                },
                ClockEffect::Run { side: sealer },
            ],
            None => vec![ClockEffect::Stop],
        });
        self.phase = Phase::Missing;
        let ruling = AdjournmentRuling::new(
            Article::A11a,
            Outcome::Continue,
            format!(
                "the envelope is missing: play continues from the adjourned position with {time_used} ({}); {sealer} states the move he sealed and makes it{}",
                if clocks_set_by_arbiter.is_some() {
                    "set by the arbiter"
                } else {
                    "as recorded"
                },
                if absent_since.is_some() {
                    "; he is absent: his clock runs from the resumption"
                } else {
                    ""
                }
            ),
        );
        Ok(Some(ruling.with_clock(clock)))
    }

    /// Checks a sealed envelope (the first or an amendment) before keeping it.
    fn admit(&self, envelope: &SealedEnvelope) -> Result<Chess, AdjournmentError> {
        envelope
            .check_fingerprint()
            .map_err(AdjournmentError::Open)?;
        let outside = envelope.envelope();
        let position = outside.position().map_err(AdjournmentError::Envelope)?;
        if outside.sealer != self.sealer {
            return Err(AdjournmentError::WrongSealer {
                expected: self.sealer,
                sealed_by: outside.sealer,
            });
        }
        Ok(position)
    }

    fn answer_offer(&mut self, by: Side) -> Result<(), AdjournmentError> {
        if self.draw_offer != Some(by.opponent()) {
            return Err(AdjournmentError::NoOfferFrom(by.opponent()));
        }
        self.draw_offer = None;
        Ok(())
    }

    fn archive_note(&self) -> &'static str {
        if self.opened == 0 {
            "; the envelope is archived unopened"
        } else {
            ""
        }
    }

    /// How late a player arriving now is: from the announced start (A13),
    /// or from when play resumed.
    fn late_by(&self, at: u64) -> u64 {
        let start = self
            .session
            .map(|(start, _)| start)
            .or(self.resumed_ms)
            .unwrap_or(at);
        at.saturating_sub(start)
    }

    /// Opens the envelope the table admitted (A9a, A9b, A9c).
    fn open(&mut self, sealed_move: SealedMove) -> AdjournmentRuling {
        let article = match self.phase {
            Phase::Resumed if self.present_at_resumption.of(self.sealer.opponent()) => Article::A9a,
            Phase::Resumed => Article::A9b,
            _ => Article::A9c,
        };
        let outside = self.envelopes[self.opened].envelope();
        let replier = outside.replier();
        let position = outside
            .position()
            .expect("an envelope is admitted with its position");
        let (mut judgment, after) = ruling::judge(&position, &sealed_move, &self.rules, article);
        let sealer = outside.sealer;
        if let SealedMoveVerdict::Legal { notes, .. } = &judgment.verdict
            && notes.contains(&Note::DrawOffer)
            && !judgment.ruling.outcome.ends_game()
            && self.draw_offer.is_none()
        {
            // An offer written with the sealed move stands once it is known.
            self.draw_offer = Some(sealer);
            judgment
                .ruling
                .explanation
                .push_str(&format!("; with it {sealer} offers a draw"));
        }
        self.opened += 1;
        if let Some(after) = after {
            self.position = Some(after);
            self.played = Some(sealed_move);
        }
        self.phase = Phase::Continuing;
        // The replier's clock runs: the sealed move is completed on it.
        judgment
            .ruling
            .with_clock([ClockEffect::Run { side: replier }])
    }

    fn seal_reply(
        &mut self,
        envelope: SealedEnvelope,
        clock: Option<ClockNow>,
    ) -> Result<AdjournmentRuling, AdjournmentError> {
        let replier = self.sealer.opponent();
        envelope
            .check_fingerprint()
            .map_err(AdjournmentError::Open)?;
        let outside = envelope.envelope();
        let reply_position = outside.position().map_err(AdjournmentError::Envelope)?;
        if outside.sealer != replier {
            return Err(AdjournmentError::WrongSealer {
                expected: replier,
                sealed_by: outside.sealer,
            });
        }
        let first = self.envelopes[0].fingerprint();
        if outside.replies_to.as_deref() != Some(first) {
            return Err(AdjournmentError::NotChained {
                expected: first.to_owned(),
            });
        }
        let current = fen(self.position.as_ref().expect("the sealed move was played"));
        if fen(&reply_position) != current {
            return Err(AdjournmentError::ReplyPosition {
                expected: current,
                on_envelope: outside.fen.clone(),
            });
        }
        if let Some(ClockNow {
            time_used: expected,
            ..
        }) = clock
            && outside.time_used != expected
        {
            return Err(AdjournmentError::ReplyTimes {
                expected,
                on_envelope: outside.time_used,
            });
        }
        let why = format!(
            "{} is absent: {replier} seals his reply in a fresh envelope ({}), stops his clock and starts {}'s; it is opened on his arrival",
            self.sealer,
            envelope.fingerprint(),
            self.sealer
        );
        self.envelopes.push(envelope);
        self.phase = Phase::ReplySealed;
        Ok(AdjournmentRuling::new(Article::A9c, Outcome::Continue, why)
            .with_clock([ClockEffect::Run { side: self.sealer }]))
    }

    /// 6.9/6.10: a flag fell; A10c when the opponent is the absent sealer.
    /// A1a: the sealer stops his clock at `at`; stopped before the
    /// session's nominal end, he is charged up to it (A1b).
    fn stop_to_seal(&self, at: u64) -> AdjournmentRuling {
        let sealer = self.sealer;
        let mut clock = vec![ClockEffect::Stop];
        let charged = self.session_end_ms.saturating_sub(at);
        if charged > 0 {
            clock.push(ClockEffect::Charge {
                side: sealer,
                ms: charged,
            });
        }
        let (article, why) = if charged > 0 {
            (
                Article::A1b,
                format!(
                    "{sealer} stops his clock before the session's nominal end: his time is charged up to it"
                ),
            )
        } else {
            (
                Article::A1a,
                format!("{sealer} stops his clock: his move is sealed"),
            )
        };
        AdjournmentRuling::new(article, Outcome::Continue, why).with_clock(clock)
    }

    fn flag_fall(&self, side: Side) -> AdjournmentRuling {
        let winner = side.opponent();
        let flag = self.rules.flag();
        let cannot_mate = self
            .position
            .as_ref()
            .is_some_and(|p| ruling::cannot_mate(p, winner));
        if cannot_mate {
            AdjournmentRuling::new(
                flag,
                Outcome::Draw,
                format!(
                    "{side}'s flag fell, but {winner} cannot checkmate by any series of legal moves: draw"
                ),
            )
        } else {
            AdjournmentRuling::new(
                flag,
                Outcome::win_for(winner),
                format!("{side}'s flag fell: {winner} wins"),
            )
        }
    }

    /// A10: `late` is more than the limit late.
    fn forfeit(&self, late: Side, at: u64) -> Result<AdjournmentRuling, AdjournmentError> {
        let late_by_ms = self.late_by(at);
        let limit_ms = self.rules.late_limit_ms;
        if late_by_ms <= limit_ms {
            return Err(AdjournmentError::NotLate {
                late_by_ms,
                limit_ms,
            });
        }
        let late_for = format!("more than {} late", crate::envelope::hms(limit_ms));
        if self.phase == Phase::Concluded {
            // A10a-c: the late sealer's game was decided otherwise meanwhile.
            let decided = self.result().expect("a concluded game has its ruling");
            // Only what the sealed move itself did, or the present player's
            // own flag, counts; any other decision simply stands.
            let by_sealed_move = self.opened == 1;
            let exception = match decided.article {
                Article::Art5_1a if decided.outcome == Outcome::win_for(late) => Article::A10a,
                Article::Art5_2a | Article::Art9_6 if by_sealed_move => Article::A10b,
                article
                    if article == self.rules.flag()
                        && self.flag_fallen == Some(late.opponent()) =>
                {
                    Article::A10c
                }
                _ => return Err(self.concluded()),
            };
            if late != self.sealer {
                return Err(self.concluded());
            }
            return Ok(AdjournmentRuling::new(
                Article::A10,
                decided.outcome,
                format!(
                    "{late} is {late_for}, but the game was decided otherwise: {}",
                    decided.explanation
                ),
            )
            .except(exception));
        }
        if late == self.sealer
            && self.opened == 0
            && self.present.of(late.opponent())
            && self.phase == Phase::Resumed
        {
            return Err(AdjournmentError::OpenEnvelopeFirst);
        }
        let other_side = late.opponent();
        if !self.present.of(other_side) {
            return Ok(AdjournmentRuling::new(
                Article::A10,
                Outcome::BothLose,
                format!(
                    "both players are more than {} late: both lose",
                    crate::envelope::hms(limit_ms)
                ),
            ));
        }
        Ok(AdjournmentRuling::new(
            Article::A10,
            Outcome::win_for(other_side),
            format!("{late} is {late_for}: {other_side} wins"),
        ))
    }
}

/// A ruling by which the game goes on.
fn continuing(
    article: Article,
    why: String,
) -> Result<Option<AdjournmentRuling>, AdjournmentError> {
    Ok(Some(AdjournmentRuling::new(
        article,
        Outcome::Continue,
        why,
    )))
}
