//! What the adjournment screens show, worked out from a game: the outside
//! of the envelope as the game's record shows it, the moves a sealer may
//! choose from, and an envelope's status. Every rule stays in `laws`.

use laws::adjournment::{
    Adjournment, AdjournmentEvent, Entropy, Envelope, Outcome, Phase, Resumption, TimeUsed,
    time_used,
};
use laws::game::{Event, Game};
use laws::notation::{Lang, write};
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

pub use crate::i18n::hms;
use crate::laws_text;
use crate::state::AppState;
use crate::{t, tf};

/// What the arbiter fills in on the envelope (A2g and his name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArbiterEntries {
    pub resumption: Resumption,
    pub arbiter: String,
}

/// The envelope's outside as the game's record shows it at `at_ms`: the
/// form filled in at sealing, and the record the arbiter verifies against (A3).
pub fn game_record(game: &Game, at_ms: u64, entries: &ArbiterEntries) -> Result<Envelope, String> {
    let play = game.fold().map_err(|e| laws_text::game_error(&e))?;
    let position = play.position();
    let moves = play.check().moves_played();
    let time_used = play
        .clock
        .map_or_else(TimeUsed::default, |clock| time_used(&clock, at_ms));
    // A2f: an offer marked beside the last move is still current.
    let draw_offer = play
        .sheet
        .entries()
        .last()
        .filter(|(_, entry)| entry.draw_offer)
        .map(|(slot, _)| slot.side);
    let setup = &play.setup;
    Ok(Envelope {
        event: setup.event.clone(),
        round: setup.round.clone(),
        board: setup.board.clone(),
        arbiter: entries.arbiter.trim().to_owned(),
        white: setup.white.name.clone(),
        black: setup.black.name.clone(),
        fen: Fen::from_position(&position, EnPassantMode::Legal).to_string(),
        moves,
        time_used,
        sealer: position.turn().into(),
        move_number: position.fullmoves().get(),
        draw_offer,
        resumption: Resumption {
            date: entries.resumption.date.trim().to_owned(),
            time: entries.resumption.time.trim().to_owned(),
            venue: entries.resumption.venue.trim().to_owned(),
        },
        replies_to: None,
    })
}

/// Every legal move in the position of `fen`, as written in `lang`, for the
/// sealer who prefers choosing to writing.
pub fn legal_moves(fen: &str, lang: Lang) -> Vec<String> {
    let Some(position) = fen.parse::<Fen>().ok().and_then(|fen| {
        fen.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
            .ok()
    }) else {
        return Vec::new();
    };
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| write(&position, mv, lang))
        .collect();
    moves.sort();
    moves
}

/// The status of the adjournment's envelope `index` (0, or 1 for an A9c
/// reply): the reply is closed until the sealer arrives.
pub fn envelope_status(adjournment: &Adjournment, index: usize) -> &'static str {
    if index > 0 && adjournment.phase() == Phase::ReplySealed {
        t!(
            "reply sealed (A9c), in the arbiter's keeping",
            "odpowiedź zapieczętowana (A9c), przechowywana przez sędziego"
        )
    } else {
        status(adjournment)
    }
}

/// An envelope's status in the arbiter's words, from the fold's phase.
pub fn status(adjournment: &Adjournment) -> &'static str {
    let annulled = adjournment
        .result()
        .is_some_and(|r| r.outcome == Outcome::Annulled);
    match adjournment.phase() {
        Phase::Playing | Phase::Sealing => t!("not sealed yet", "jeszcze niezapieczętowana"),
        Phase::Sealed => t!(
            "sealed, not yet verified",
            "zapieczętowana, jeszcze niesprawdzona"
        ),
        Phase::Kept | Phase::SetUp => t!(
            "verified, in the arbiter's keeping",
            "sprawdzona, przechowywana przez sędziego"
        ),
        Phase::Resumed => t!(
            "resumed, still closed",
            "partia wznowiona, koperta zamknięta"
        ),
        Phase::Missing => t!("missing", "zaginiona"),
        Phase::Continuing | Phase::ReplySealed | Phase::Readjourned => t!("opened", "otwarta"),
        Phase::Concluded if annulled => t!("annulled", "partia unieważniona"),
        Phase::Concluded if adjournment.archived_unopened() => t!(
            "concluded, archived unopened",
            "partia zakończona, koperta zarchiwizowana nieotwarta"
        ),
        Phase::Concluded => t!("opened, game concluded", "otwarta, partia zakończona"),
    }
}

/// Records one step of the adjournment (the game's fold works out what it
/// does to the clock); a step the Laws refuse is told to the arbiter in a
/// clear sentence naming the article, and nothing changes.
pub fn record_step(state: &AppState, game_id: &str, step: AdjournmentEvent) -> bool {
    record_step_at(state, game_id, step, crate::state::now_ms())
}

/// [`record_step`] at `at_ms`: for a step whose contents were worked out
/// for that moment (the reply envelope's times, A9c).
pub fn record_step_at(state: &AppState, game_id: &str, step: AdjournmentEvent, at_ms: u64) -> bool {
    match state.apply_at(game_id, Event::Adjournment(step), at_ms) {
        Ok(()) => true,
        Err(e) => {
            state.warn(capitalised(&e));
            false
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Milliseconds since the epoch of a `datetime-local` value, read in the
/// tablet's time zone; `None` when empty or not a date.
pub fn local_datetime_ms(text: &str) -> Option<u64> {
    if text.trim().is_empty() {
        return None;
    }
    let ms = js_sys::Date::new(&wasm_bindgen::JsValue::from_str(text.trim())).get_time();
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
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

/// Fresh salt and nonce from the browser's cryptographic generator.
pub fn entropy() -> Result<Entropy, String> {
    let mut bytes = [0u8; 28];
    random_bytes(&mut bytes)?;
    let mut entropy = Entropy {
        salt: [0; 16],
        nonce: [0; 12],
    };
    entropy.salt.copy_from_slice(&bytes[..16]);
    entropy.nonce.copy_from_slice(&bytes[16..]);
    Ok(entropy)
}

fn random_bytes(out: &mut [u8]) -> Result<(), String> {
    let refused = || {
        t!("this browser gives no secure random numbers; the envelope cannot be sealed here", "ta przeglądarka nie daje bezpiecznych liczb losowych; nie można tu zapieczętować koperty").to_owned()
    };
    let crypto = leptos::prelude::window().crypto().map_err(|_| refused())?;
    crypto
        .get_random_values_with_u8_array(out)
        .map_err(|_| refused())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use laws::adjournment::{ClockFinding, MIN_ITERATIONS, Presence, SealedMove, SealingDraft};
    use laws::clock::ClockAction;
    use laws::game::{Play, Player, Setup, Side};
    use laws::scoresheet::Entry;

    fn game_after(moves: &[&str]) -> Game {
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            event: "Club ch.".into(),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1_000);
        for (i, text) in moves.iter().enumerate() {
            game.apply(Event::Recorded(Entry::written(*text)), 2_000 + i as u64)
                .unwrap();
        }
        game
    }

    fn entries() -> ArbiterEntries {
        ArbiterEntries {
            resumption: Resumption {
                date: "2026-11-30".into(),
                time: " 10:00".into(),
                venue: "Hall B".into(),
            },
            arbiter: "Irena Arbiter".into(),
        }
    }

    #[test]
    fn the_envelope_is_filled_in_from_the_game() {
        let game = game_after(&["e4", "e5", "Nf3"]);
        let outside = game_record(&game, 10_000, &entries()).unwrap();
        assert_eq!(outside.moves, ["e4", "e5", "Nf3"]);
        assert_eq!(outside.sealer, Side::Black);
        assert_eq!(outside.move_number, 2);
        assert_eq!(outside.resumption.time, "10:00");
        assert_eq!(outside.white, "Kowalski, Jan");
        // The outside is complete: laws accepts it for sealing.
        assert!(outside.position().is_ok());
    }

    #[test]
    fn the_envelope_records_the_clock_s_time_used_and_a_current_draw_offer() {
        let mut game = game_after(&[]);
        let press = |side| Event::Clock(ClockAction::Press { side });
        let steps = [
            (
                10_000,
                Event::Clock(ClockAction::Start { side: Side::White }),
            ),
            (70_000, Event::Recorded(Entry::written("e4"))),
            (70_000, press(Side::White)),
            (
                190_000,
                Event::Recorded(Entry {
                    draw_offer: true,
                    ..Entry::written("e5")
                }),
            ),
            (190_000, press(Side::Black)),
        ];
        for (at, event) in steps {
            game.apply(event, at).unwrap();
        }
        // White thinks for 30 s more, then is told to seal.
        let outside = game_record(&game, 220_000, &entries()).unwrap();
        assert_eq!(
            outside.time_used,
            TimeUsed {
                white_ms: 90_000,
                black_ms: 120_000
            }
        );
        assert_eq!(outside.draw_offer, Some(Side::Black));
        assert_eq!((outside.sealer, outside.move_number), (Side::White, 2));
    }

    #[test]
    fn the_sealer_chooses_among_the_legal_moves_in_his_language() {
        let game = game_after(&[]);
        let fen = game_record(&game, 0, &entries()).unwrap().fen;
        let english = legal_moves(&fen, Lang::En);
        assert_eq!(english.len(), 20);
        assert!(english.contains(&"Nf3".to_owned()));
        assert!(legal_moves(&fen, Lang::De).contains(&"Sf3".to_owned()));
    }

    #[test]
    fn the_status_follows_the_adjournment() {
        let mut game = game_after(&["e4"]);
        let status_of = |g: &Game| status(&g.fold().unwrap().adjournment);
        assert_eq!(status_of(&game), "not sealed yet");
        game.apply(
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
            3_000,
        )
        .unwrap();
        assert_eq!(status_of(&game), "not sealed yet");
        let outside = game_record(&game, 4_000, &entries()).unwrap();
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write("e5", Lang::En).unwrap();
        let sealed = draft
            .seal(
                outside,
                4_000,
                0,
                PIN,
                MIN_ITERATIONS,
                Entropy {
                    salt: [1; 16],
                    nonce: [2; 12],
                },
            )
            .unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::Sealed {
                envelope: Box::new(sealed),
            }),
            4_000,
        )
        .unwrap();
        assert_eq!(status_of(&game), "sealed, not yet verified");
    }

    const T0: u64 = 1_000_000;
    const MIN: u64 = 60_000;
    const PIN: &str = "2468";

    /// A game with a clock (90 minutes each), White and Black having
    /// played `moves` one minute apart from `T0`; returns when the last was.
    fn timed_game(moves: &[&str]) -> (Game, u64) {
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            time_control: "5400".parse().unwrap(),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1_000);
        let mut at = T0;
        game.apply(Event::Clock(ClockAction::Start { side: Side::White }), at)
            .unwrap();
        for (i, text) in moves.iter().enumerate() {
            at += MIN;
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            game.apply(Event::Recorded(Entry::written(*text)), at)
                .unwrap();
            game.apply(Event::Clock(ClockAction::Press { side }), at)
                .unwrap();
        }
        (game, at)
    }

    /// Records `step` as the app does: one event; the fold runs the clock.
    fn step(game: &mut Game, step: AdjournmentEvent, at: u64) {
        game.apply(Event::Adjournment(step), at).unwrap();
    }

    /// The opened (or stated) move written on the scoresheet, as sealed.
    fn record_sealed_move(game: &mut Game, at: u64) {
        let text = play(game).sealed_entry().unwrap();
        game.apply(Event::Recorded(Entry::written(text)), at)
            .unwrap();
    }

    /// A1a: the arbiter requires the player having the move to seal it,
    /// with the session's nominal end for A1b.
    fn seal_requested(game: &mut Game, now: u64, session_end: Option<u64>) {
        let step = AdjournmentEvent::SealRequested {
            sealer: shakmaty::Position::turn(&play(game).position()).into(),
            session_end_ms: session_end.unwrap_or(0),
        };
        game.apply(Event::Adjournment(step), now).unwrap();
    }

    /// A5, A9: board and clocks set up as recorded on the envelope, then
    /// play resumes with `present` at the board.
    fn resume_as_recorded(game: &mut Game, present: Presence, at: u64) {
        let recorded = sealed_envelope(game, 0).envelope().time_used;
        step(
            game,
            AdjournmentEvent::SetUp {
                time_used: recorded,
            },
            at,
        );
        step(game, AdjournmentEvent::Resumed { present }, at);
    }

    fn play(game: &Game) -> Play {
        game.fold().unwrap()
    }

    /// A1a-A3 as the adjourn screen does it: the sealer stops his clock at
    /// `stop` (charged to the session's end, A1b), seals `text`, the
    /// arbiter verifies.
    fn adjourn(game: &mut Game, now: u64, session_end: Option<u64>, stop: u64, text: &str) {
        seal_requested(game, now, session_end);
        step(game, AdjournmentEvent::Stopped, stop);
        let outside = game_record(game, stop, &entries()).unwrap();
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write(text, Lang::En).unwrap();
        let entropy = Entropy {
            salt: [1; 16],
            nonce: [2; 12],
        };
        let sealed = draft
            .seal(outside, stop, 0, PIN, MIN_ITERATIONS, entropy)
            .unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::Sealed {
                envelope: Box::new(sealed),
            }),
            stop,
        )
        .unwrap();
        let record = game_record(game, stop, &entries()).unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::Verified {
                game: Box::new(record),
            }),
            stop,
        )
        .unwrap();
    }

    fn sealed_envelope(game: &Game, index: usize) -> laws::adjournment::SealedEnvelope {
        play(game).adjournment.envelopes()[index].clone()
    }

    #[test]
    fn a1b_the_sealer_s_time_is_charged_up_to_the_session_s_end() {
        let (mut game, at) = timed_game(&["e4", "e5"]);
        // White thinks 2 minutes, then adjourns 30 minutes before the end.
        let stop = at + 2 * MIN;
        adjourn(&mut game, stop, Some(stop + 30 * MIN), stop, "Nf3");
        let outside = sealed_envelope(&game, 0).envelope().clone();
        assert_eq!(
            outside.time_used,
            TimeUsed {
                white_ms: 3 * MIN + 30 * MIN,
                black_ms: MIN
            }
        );
        // The clock shows it too, and the envelope matches the game (A3).
        let clock = game.clock().unwrap();
        assert_eq!(time_used(&clock, stop + MIN), outside.time_used);
        assert_eq!(clock.remaining(Side::White, stop), 90 * MIN - 33 * MIN);
        let rulings = play(&game).adjournment.rulings().to_vec();
        assert_eq!(rulings[0].article, laws::article::Article::A1b);
        assert_eq!(
            status(&play(&game).adjournment),
            "verified, in the arbiter's keeping"
        );
    }

    #[test]
    fn a5_a12_the_clock_is_set_to_the_times_the_arbiter_sets() {
        let (mut game, at) = timed_game(&["e4"]);
        adjourn(&mut game, at + MIN, None, at + MIN, "e5");
        let recorded = sealed_envelope(&game, 0).envelope().time_used;
        let wrong = TimeUsed {
            white_ms: recorded.white_ms,
            black_ms: recorded.black_ms + 5 * MIN,
        };
        let t = at + 60 * MIN;
        step(&mut game, AdjournmentEvent::SetUp { time_used: wrong }, t);
        assert_eq!(time_used(&game.clock().unwrap(), t), wrong);
        step(
            &mut game,
            AdjournmentEvent::Resumed {
                present: Presence {
                    white: true,
                    black: true,
                },
            },
            t,
        );
        // A12: Black points it out before his first move; it is established.
        step(
            &mut game,
            AdjournmentEvent::ClockErrorPointedOut {
                by: Side::Black,
                finding: ClockFinding::Established {
                    time_used: recorded,
                },
            },
            t,
        );
        let clock = game.clock().unwrap();
        assert_eq!(time_used(&clock, t), recorded);
        assert_eq!(
            clock.remaining(Side::Black, t),
            90 * MIN - recorded.black_ms
        );
        assert_eq!(
            play(&game).adjournment.rulings().last().unwrap().article,
            laws::article::Article::A12
        );
    }

    #[test]
    fn a8_a_sealed_mate_is_recorded_and_no_clock_starts_after_it() {
        let (mut game, at) = timed_game(&["f3", "e5", "g4"]);
        adjourn(&mut game, at + MIN, None, at + MIN, "Qh4");
        let t = at + 60 * MIN;
        resume_as_recorded(
            &mut game,
            Presence {
                white: true,
                black: true,
            },
            t,
        );
        let sealed_move = sealed_envelope(&game, 0).open(PIN).unwrap();
        step(&mut game, AdjournmentEvent::Opened { sealed_move }, t);
        assert_eq!(
            play(&game).adjournment.result().unwrap().article,
            laws::article::Article::Art5_1a
        );
        let log_length = game.log().len();
        record_sealed_move(&mut game, t);
        // One event: the move as sealed; no clock runs after a mate.
        assert_eq!(game.log().len(), log_length + 1);
        assert_eq!(game.clock().unwrap().running_side(), None);
        assert_eq!(play(&game).check().moves_played().last().unwrap(), "Qh4#");
        // Nothing more is recorded or run after the mate.
        assert_eq!(play(&game).sealed_entry(), None);
        assert!(
            game.apply(Event::Recorded(Entry::written("Ke2")), t)
                .is_err()
        );
    }

    #[test]
    fn a1a_the_moment_the_sealer_stopped_his_clock_is_in_the_log() {
        let (mut game, at) = timed_game(&["e4"]);
        seal_requested(&mut game, at + MIN, None);
        assert_eq!(play(&game).adjournment.stopped_ms(), None);
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::Black));
        step(&mut game, AdjournmentEvent::Stopped, at + 3 * MIN);
        assert_eq!(play(&game).adjournment.stopped_ms(), Some(at + 3 * MIN));
        // One event, and the fold stopped the clock (A1a).
        assert!(matches!(
            game.log().last().unwrap().event,
            Event::Adjournment(AdjournmentEvent::Stopped)
        ));
        assert!(game.clock().unwrap().is_paused());
    }

    #[test]
    fn a11a_the_absent_sealer_s_clock_runs_from_the_resumption_until_he_states_his_move() {
        let (mut game, at) = timed_game(&["e4"]);
        adjourn(&mut game, at + MIN, None, at + MIN, "c5");
        let recorded = sealed_envelope(&game, 0).envelope().time_used;
        let t = at + 60 * MIN;
        // Black sealed and is absent; White, present, waits for the opening.
        resume_as_recorded(
            &mut game,
            Presence {
                white: true,
                black: false,
            },
            t,
        );
        // Ten minutes on, the envelope is found missing: Black has the move.
        step(
            &mut game,
            AdjournmentEvent::EnvelopeMissing {
                position_reestablished: true,
                fen: None,
                clocks_set_by_arbiter: None,
            },
            t + 10 * MIN,
        );
        let clock = game.clock().unwrap();
        assert_eq!(clock.running_side(), Some(Side::Black));
        assert_eq!(
            time_used(&clock, t + 10 * MIN),
            TimeUsed {
                black_ms: recorded.black_ms + 10 * MIN,
                ..recorded
            }
        );
        step(
            &mut game,
            AdjournmentEvent::Arrived { side: Side::Black },
            t + 30 * MIN,
        );
        step(
            &mut game,
            AdjournmentEvent::MoveStated {
                sealed_move: SealedMove {
                    text: "c5".into(),
                    lang: Lang::En,
                },
            },
            t + 31 * MIN,
        );
        let clock = game.clock().unwrap();
        assert_eq!(clock.running_side(), Some(Side::White));
        assert_eq!(
            time_used(&clock, t + 31 * MIN).black_ms,
            recorded.black_ms + 31 * MIN
        );
        assert_eq!(
            time_used(&clock, t + 31 * MIN),
            laws::adjournment::time_used(&game.clock().unwrap(), t + 31 * MIN)
        );
        assert_eq!(play(&game).sealed_move_to_record().unwrap().text, "c5");
    }

    #[test]
    fn a9b_a9c_the_clocks_follow_the_replier_and_the_reply_envelope() {
        let (mut game, at) = timed_game(&["e4"]);
        // Black seals c5; at resumption White (the replier) is absent.
        adjourn(&mut game, at + MIN, None, at + MIN, "c5");
        let recorded = sealed_envelope(&game, 0).envelope().time_used;
        let t = at + 60 * MIN;
        resume_as_recorded(
            &mut game,
            Presence {
                white: false,
                black: true,
            },
            t,
        );
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::White));
        // His flag would fall when his 89 minutes left are gone (6.10).
        assert_eq!(play(&game).fallen_flag(t + 88 * MIN), None);
        assert_eq!(play(&game).fallen_flag(t + 90 * MIN), Some(Side::White));
        // A flag the game's clock does not show fallen is refused.
        assert!(
            game.clone()
                .apply(
                    Event::Adjournment(AdjournmentEvent::FlagFell { side: Side::White }),
                    t + 5 * MIN
                )
                .is_err()
        );
        // A9b: White arrives 10 minutes late: his clock stops until opened.
        step(
            &mut game,
            AdjournmentEvent::Arrived { side: Side::White },
            t + 10 * MIN,
        );
        assert_eq!(game.clock().unwrap().running_side(), None);
        assert_eq!(
            time_used(&game.clock().unwrap(), t + 20 * MIN).white_ms,
            recorded.white_ms + 10 * MIN
        );
        let sealed_move = sealed_envelope(&game, 0).open(PIN).unwrap();
        step(
            &mut game,
            AdjournmentEvent::Opened { sealed_move },
            t + 11 * MIN,
        );
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::White));
        assert_eq!(play(&game).sealed_move_to_record().unwrap().text, "c5");
        record_sealed_move(&mut game, t + 11 * MIN);
        assert_eq!(play(&game).sealed_move_to_record(), None);
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::White));
    }

    #[test]
    fn a9c_the_reply_is_sealed_in_a_fresh_envelope_and_opened_on_arrival() {
        let (mut game, at) = timed_game(&["e4"]);
        adjourn(&mut game, at + MIN, None, at + MIN, "c5");
        let t = at + 60 * MIN;
        // Black, the sealer, is absent; White is present (A9a).
        resume_as_recorded(
            &mut game,
            Presence {
                white: true,
                black: false,
            },
            t,
        );
        let sealed_move = sealed_envelope(&game, 0).open(PIN).unwrap();
        step(&mut game, AdjournmentEvent::Opened { sealed_move }, t);
        game.apply(Event::Recorded(Entry::written("c5")), t)
            .unwrap();
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::White));
        // White writes Nf3 and seals it after 3 minutes.
        let at_reply = t + 3 * MIN;
        let outside = play(&game).reply_envelope(at_reply).unwrap();
        assert_eq!(outside.sealer, Side::White);
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write("Nf3", Lang::En).unwrap();
        let reply = draft
            .seal(
                outside,
                at_reply,
                0,
                PIN,
                MIN_ITERATIONS,
                Entropy {
                    salt: [3; 16],
                    nonce: [4; 12],
                },
            )
            .unwrap();
        step(
            &mut game,
            AdjournmentEvent::ReplySealed {
                envelope: Box::new(reply),
            },
            at_reply,
        );
        // The clocks switch: the absent sealer's runs.
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::Black));
        assert_eq!(play(&game).adjournment.envelopes().len(), 2);
        let adjournment = play(&game).adjournment;
        assert_eq!(envelope_status(&adjournment, 0), "opened");
        assert_eq!(
            envelope_status(&adjournment, 1),
            "reply sealed (A9c), in the arbiter's keeping"
        );
        step(
            &mut game,
            AdjournmentEvent::Arrived { side: Side::Black },
            at_reply + MIN,
        );
        let reply_move = sealed_envelope(&game, 1).open(PIN).unwrap();
        step(
            &mut game,
            AdjournmentEvent::Opened {
                sealed_move: reply_move,
            },
            at_reply + MIN,
        );
        assert_eq!(play(&game).sealed_move_to_record().unwrap().text, "Nf3");
        assert_eq!(
            play(&game).adjournment.rulings().last().unwrap().article,
            laws::article::Article::A9c
        );
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::Black));
    }

    #[test]
    fn a13_a_resumed_game_is_adjourned_again_at_the_session_s_end() {
        let (mut game, at) = timed_game(&["e4"]);
        adjourn(&mut game, at + MIN, None, at + MIN, "e5");
        let recorded = sealed_envelope(&game, 0).envelope().time_used;
        let (start, end) = (at + 60 * MIN, at + 100 * MIN);
        step(
            &mut game,
            AdjournmentEvent::SessionAnnounced {
                start_ms: start,
                end_ms: end,
            },
            at + 2 * MIN,
        );
        resume_as_recorded(
            &mut game,
            Presence {
                white: true,
                black: true,
            },
            start,
        );
        let sealed_move = sealed_envelope(&game, 0).open(PIN).unwrap();
        step(&mut game, AdjournmentEvent::Opened { sealed_move }, start);
        game.apply(Event::Recorded(Entry::written("e5")), start)
            .unwrap();
        // White plays Nf3 after 5 minutes; the adjournment counts it (A12).
        game.apply(Event::Recorded(Entry::written("Nf3")), start + 5 * MIN)
            .unwrap();
        game.apply(
            Event::Clock(ClockAction::Press { side: Side::White }),
            start + 5 * MIN,
        )
        .unwrap();
        let correction = AdjournmentEvent::ClockErrorPointedOut {
            by: Side::White,
            finding: ClockFinding::NotEstablished,
        };
        assert!(
            game.clone()
                .apply(Event::Adjournment(correction), start + 6 * MIN)
                .unwrap_err()
                .to_string()
                .contains("A12")
        );
        // The announced finish: sealing is asked, the fold ends the session
        // (A13), and Black seals with the finish as the nominal end.
        adjourn(&mut game, end, None, end, "Nc6");
        let play = play(&game);
        assert_eq!(play.adjournment.session_end_ms(), end);
        assert_eq!(play.earlier_adjournments.len(), 1);
        assert_eq!(
            play.earlier_adjournments[0]
                .rulings()
                .last()
                .unwrap()
                .article,
            laws::article::Article::A13
        );
        let second = play.adjournment.envelopes()[0].envelope().clone();
        assert_eq!((second.sealer, second.move_number), (Side::Black, 2));
        assert_eq!(second.moves, ["e4", "e5", "Nf3"]);
        // Black thought from White's press to the session's end.
        assert_eq!(second.time_used.black_ms, recorded.black_ms + 35 * MIN);
        assert_eq!(
            status(&play.adjournment),
            "verified, in the arbiter's keeping"
        );
    }

    #[test]
    fn refusals_read_as_sentences() {
        assert_eq!(
            capitalised("it is not White's move"),
            "It is not White's move"
        );
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn times_read_as_on_a_scoresheet() {
        assert_eq!(hms(3_723_000), "1:02:03");
        assert_eq!(hms(0), "0:00:00");
        assert_eq!(parse_hms(" 1:02:03 "), Ok(3_723_000));
        assert_eq!(parse_hms("45"), Ok(2_700_000));
        assert_eq!(parse_hms("5:30"), Ok(330_000));
        assert!(parse_hms("1:75:00").unwrap_err().contains("not a time"));
        assert!(parse_hms("").is_err());
    }
}
