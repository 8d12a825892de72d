//! Appendix A at the board: the game's clock through an adjournment, as the
//! fold runs it from one event per step: the sealer stops it (A1a) and is
//! charged to the session's end (A1b), the times set (A5, A11a, A12), whose
//! clock runs (A9a/b/c, A11a), a session's end (A13), a sealed mate.

use laws::adjournment::{
    AdjournmentEvent, ClockFinding, Entropy, Envelope, MIN_ITERATIONS, Phase, Presence, Resumption,
    SealedMove, SealingDraft, TimeUsed, time_used,
};
use laws::article::Article;
use laws::clock::ClockAction;
use laws::game::{Event, Game, GameResult, GameState, Player, Setup, Side};
use laws::notation::NotationLang;
use laws::scoresheet::Entry;

/// The players of every game here.
fn players(setup: Setup) -> Setup {
    Setup {
        white: Player::named("Kowalski, Jan"),
        black: Player::named("Nowak, Anna"),
        ..setup
    }
}

/// The game's record on the envelope at `at`, as the arbiter fills it in.
fn record(game: &Game, at: u64) -> Envelope {
    let resumption = Resumption {
        date: "2026-11-30".into(),
        time: " 10:00".into(),
        venue: "Hall B".into(),
    };
    play(game).envelope_outside(at, "Irena Arbiter", &resumption)
}

#[test]
fn the_envelope_records_the_clock_s_time_used_and_a_current_draw_offer() {
    let mut game = Game::new("g", players(Setup::default()), 1_000);
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
    let outside = record(&game, 220_000);
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

const T0: u64 = 1_000_000;
const MIN: u64 = 60_000;
const PIN: &str = "2468";

/// A game with a clock (90 minutes each), White and Black having
/// played `moves` one minute apart from `T0`; returns when the last was.
fn timed_game(moves: &[&str]) -> (Game, u64) {
    let setup = Setup {
        time_control: "5400".parse().unwrap(),
        ..Setup::default()
    };
    let mut game = Game::new("g", players(setup), 1_000);
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

fn play(game: &Game) -> &GameState {
    game.fold().unwrap()
}

/// A1a-A3 as the adjourn screen does it: the sealer stops his clock at
/// `stop` (charged to the session's end, A1b), seals `text`, the
/// arbiter verifies.
fn adjourn(game: &mut Game, now: u64, session_end: Option<u64>, stop: u64, text: &str) {
    seal_requested(game, now, session_end);
    step(game, AdjournmentEvent::Stopped, stop);
    let outside = record(game, stop);
    let mut draft = SealingDraft::new(&outside).unwrap();
    draft.write(text, NotationLang::En).unwrap();
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
    let record = record(game, stop);
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
    assert_eq!(time_used(clock, stop + MIN), outside.time_used);
    assert_eq!(clock.remaining(Side::White, stop), 90 * MIN - 33 * MIN);
    let rulings = play(&game).adjournment.rulings().to_vec();
    assert_eq!(rulings[0].article, Article::A1b);
    assert_eq!(play(&game).adjournment.phase(), Phase::Kept);
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
    assert_eq!(time_used(game.clock().unwrap(), t), wrong);
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
    assert_eq!(time_used(clock, t), recorded);
    assert_eq!(
        clock.remaining(Side::Black, t),
        90 * MIN - recorded.black_ms
    );
    assert_eq!(
        play(&game).adjournment.rulings().last().unwrap().article,
        Article::A12
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
        Article::Art5_1a
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
        time_used(clock, t + 10 * MIN),
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
                lang: NotationLang::En,
            },
        },
        t + 31 * MIN,
    );
    let clock = game.clock().unwrap();
    assert_eq!(clock.running_side(), Some(Side::White));
    assert_eq!(
        time_used(clock, t + 31 * MIN).black_ms,
        recorded.black_ms + 31 * MIN
    );
    assert_eq!(
        time_used(clock, t + 31 * MIN),
        laws::adjournment::time_used(game.clock().unwrap(), t + 31 * MIN)
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
    assert_eq!(play(&game).flag_watched(t + 88 * MIN), Some(Side::White));
    assert_eq!(play(&game).fallen_flag(t + 88 * MIN), None);
    assert_eq!(play(&game).fallen_flag(t + 90 * MIN), Some(Side::White));
    // Over by another way (Black resigns before White comes), no flag is
    // watched any more.
    let mut resigned = game.clone();
    resigned
        .apply(
            Event::Result(GameResult::Resigned { by: Side::Black }),
            t + MIN,
        )
        .unwrap();
    assert_eq!(play(&resigned).flag_watched(t + 90 * MIN), None);
    assert_eq!(play(&resigned).fallen_flag(t + 90 * MIN), None);
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
        time_used(game.clock().unwrap(), t + 20 * MIN).white_ms,
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
    draft.write("Nf3", NotationLang::En).unwrap();
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
    assert_eq!(play(&game).adjournment.phase(), Phase::ReplySealed);
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
        Article::A9c
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
        Article::A13
    );
    let second = play.adjournment.envelopes()[0].envelope().clone();
    assert_eq!((second.sealer, second.move_number), (Side::Black, 2));
    assert_eq!(second.moves, ["e4", "e5", "Nf3"]);
    // Black thought from White's press to the session's end.
    assert_eq!(second.time_used.black_ms, recorded.black_ms + 35 * MIN);
    assert_eq!(play.adjournment.phase(), Phase::Kept);
}
