//! Appendix A, article by article: each case file under
//! `tests/cases/adjournment/` walks an adjournment step by step, in a game
//! with its clock, and states the ruling (or the refusal) each step must
//! get and what the game's clock then shows. The format is in crates/laws/README.md,
//! "Case files (tests)".

mod envelope_outside;

use std::path::Path;

use laws::adjournment::*;
use laws::article::Article;
use laws::clock::{ClockAction, Setting};
use laws::game::{Event, Game, GameState, Player, Setup, Side};
use laws::judge::Scenario;
use laws::notation::NotationLang;
use serde::Deserialize;
use serde_json::Value;

const PIN: &str = "2468";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    fen: String,
    sealer_moves: Vec<String>,
    #[serde(default)]
    draw_offer: Option<Side>,
    #[serde(default = "default_times")]
    time_used: TimeUsed,
    /// The game's time control (PGN tag form; per player `white|black`).
    #[serde(default = "default_control")]
    time_control: String,
    sealed_move: SealedMove,
    steps: Vec<Step>,
}

fn default_control() -> String {
    "7200".to_owned()
}

fn default_times() -> TimeUsed {
    TimeUsed {
        white_ms: 3_600_000,
        black_ms: 3_000_000,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    at_ms: u64,
    event: Value,
    #[serde(default)]
    expect: Option<Expect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(default)]
    article: Option<Article>,
    #[serde(default)]
    outcome: Option<Outcome>,
    #[serde(default)]
    exception: Option<Article>,
    /// A substring of the refusal's message.
    #[serde(default)]
    error: Option<String>,
    /// The step gives no ruling.
    #[serde(default)]
    no_ruling: bool,
    #[serde(default)]
    time_used: Option<TimeUsed>,
    #[serde(default)]
    phase: Option<Phase>,
    #[serde(default)]
    archived_unopened: Option<bool>,
}

fn outside(case: &Case) -> Envelope {
    envelope_outside::outside(
        &case.fen,
        &case.sealer_moves,
        case.time_used,
        case.draw_offer,
    )
}

/// Turns a case step into an event: the harness seals, verifies and opens
/// for real where the case writes a shortcut.
fn event(step: &Value, case: &Case, sealed: &SealedEnvelope, play: &GameState, at: u64) -> Event {
    let adjournment = &play.adjournment;
    let mut step = step.clone();
    let step_event = |event| Event::Adjournment(event);
    match step["type"].as_str().unwrap() {
        // A move made on the board after resumption: the player presses.
        "moved" => {
            let by: Side = serde_json::from_value(step["by"].take()).unwrap();
            return Event::Clock(ClockAction::Press { side: by });
        }
        "sealed" if step.get("envelope").is_none() => {
            return step_event(AdjournmentEvent::Sealed {
                envelope: Box::new(sealed.clone()),
            });
        }
        "verified" if step.get("game").is_none() => {
            return step_event(AdjournmentEvent::Verified {
                game: Box::new(outside(case)),
            });
        }
        "set_up" if step.get("time_used").is_none() => {
            return step_event(AdjournmentEvent::SetUp {
                time_used: case.time_used,
            });
        }
        "opened" if step.get("sealed_move").is_none() => {
            let envelope = adjournment.envelopes().last().unwrap_or(sealed);
            return step_event(AdjournmentEvent::Opened {
                sealed_move: envelope.open(PIN).unwrap(),
            });
        }
        "amended" if step.get("envelope").is_none() => {
            // The arbiter corrects the times on the outside and re-seals.
            let mut corrected = adjournment.envelopes()[0].envelope().clone();
            corrected.time_used = serde_json::from_value(step["time_used"].take()).unwrap();
            let entropy = Entropy {
                salt: [7; 16],
                nonce: [8; 12],
            };
            let envelope = adjournment.envelopes()[0]
                .amend(PIN, corrected, entropy)
                .unwrap();
            return step_event(AdjournmentEvent::Amended {
                envelope: Box::new(envelope),
            });
        }
        "reply_sealed" => {
            let reply: SealedMove = serde_json::from_value(step["reply"].take()).unwrap();
            let reply_outside = play.reply_envelope(at).unwrap();
            let entropy = Entropy {
                salt: [5; 16],
                nonce: [6; 12],
            };
            let envelope =
                SealedEnvelope::seal(reply_outside, &reply, PIN, MIN_ITERATIONS, entropy).unwrap();
            return step_event(AdjournmentEvent::ReplySealed {
                envelope: Box::new(envelope),
            });
        }
        _ => {}
    }
    step_event(
        serde_json::from_value(step).unwrap_or_else(|e| panic!("{}: bad event: {e}", case.name)),
    )
}

/// The game the case's adjournment belongs to: from the position before
/// the sealed move, the sealer's clock running and showing the case's times.
fn game(case: &Case) -> Game {
    let outside = outside(case);
    let setup = Setup {
        white: Player::named(&outside.white),
        black: Player::named(&outside.black),
        time_control: case.time_control.parse().unwrap(),
        start_fen: Some(case.fen.clone()),
        ..Setup::default()
    };
    let mut game = Game::new("case", setup, 0);
    let start = Event::Clock(ClockAction::Start {
        side: outside.sealer,
    });
    game.apply(start, 0).unwrap();
    let clock = game.clock().unwrap();
    let showing = |side: Side| Setting {
        remaining_ms: clock
            .account(side, 0)
            .remaining_for_used(case.time_used.of(side)),
        moves: 0,
        period: 1,
    };
    let set = ClockAction::Adjust {
        white: showing(Side::White),
        black: showing(Side::Black),
    };
    game.apply(Event::Clock(set), 0).unwrap();
    game
}

fn run_case(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let case: Case =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entropy = Entropy {
        salt: [3; 16],
        nonce: [4; 12],
    };
    let sealed = SealedEnvelope::seal(
        outside(&case),
        &case.sealed_move,
        PIN,
        MIN_ITERATIONS,
        entropy,
    )
    .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut game = game(&case);
    for (i, step) in case.steps.iter().enumerate() {
        let at = step.at_ms;
        let before = game.fold().unwrap().clone();
        let event = event(&step.event, &case, &sealed, &before, at);
        let name = match &event {
            Event::Adjournment(step) => step.name(),
            _ => "moved",
        };
        let context = format!("{} (step {}, {name})", case.name, i + 1);
        // What a screen is told before it offers the step.
        let accepted = match &event {
            Event::Adjournment(AdjournmentEvent::SealRequested { .. }) => before.may_adjourn(),
            Event::Adjournment(step) => before.adjournment.accepts(step.step()),
            _ => true,
        };
        let result = game.apply(event, at);
        // A step refused by its kind is refused whatever its particulars.
        assert!(
            accepted || result.is_err(),
            "{context}: taken, but `accepts` said no"
        );
        let Some(expect) = &step.expect else {
            result.unwrap_or_else(|e| panic!("{context}: refused: {e}"));
            continue;
        };
        if let Some(message) = &expect.error {
            let error = result.expect_err(&context).to_string();
            assert!(
                error.contains(message.as_str()),
                "{context}: error {error:?} lacks {message:?}"
            );
            continue;
        }
        result.unwrap_or_else(|e| panic!("{context}: refused: {e}"));
        let play = game.fold().unwrap();
        let adjournment = &play.adjournment;
        let ruling = (adjournment.rulings().len() > before.adjournment.rulings().len())
            .then(|| adjournment.rulings().last().unwrap().clone());
        if expect.no_ruling {
            assert_eq!(ruling, None, "{context}");
        }
        if let Some(article) = &expect.article {
            let ruling = ruling
                .as_ref()
                .unwrap_or_else(|| panic!("{context}: no ruling"));
            assert_eq!(ruling.article, *article, "{context}: {ruling:?}");
            assert_eq!(ruling.exception, expect.exception, "{context}: {ruling:?}");
            if let Some(outcome) = expect.outcome {
                assert_eq!(ruling.outcome, outcome, "{context}: {ruling:?}");
            }
            assert!(!ruling.explanation.is_empty(), "{context}");
        }
        if let Some(time_used) = expect.time_used {
            let clock = play.clock.as_ref().unwrap();
            assert_eq!(
                laws::adjournment::time_used(clock, at),
                time_used,
                "{context}"
            );
        }
        if let Some(phase) = expect.phase {
            assert_eq!(adjournment.phase(), phase, "{context}");
        }
        if let Some(archived) = expect.archived_unopened {
            assert_eq!(adjournment.archived_unopened(), archived, "{context}");
        }
    }
    case.steps.len()
}

#[test]
fn every_case_file_rules_as_stated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/adjournment");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} case files", files.len());
    // Two halves side by side: each case derives keys, slow in a debug build.
    let (first, second) = files.split_at(files.len() / 2);
    let steps: usize = std::thread::scope(|scope| {
        let other = scope.spawn(|| second.iter().map(|f| run_case(f)).sum::<usize>());
        first.iter().map(|f| run_case(f)).sum::<usize>() + other.join().unwrap()
    });
    assert!(steps > files.len());
}

#[test]
fn every_judge_scenario_rules_as_stated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/adjournment/judge");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    for file in files {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let scenario: Scenario = serde_json::from_value(case["scenario"].clone())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let expect = &case["expect"];
        if let Some(message) = expect["error"].as_str() {
            let error = scenario
                .judge()
                .expect_err(&file.display().to_string())
                .to_string();
            assert!(
                error.contains(message),
                "{}: {error:?} lacks {message:?}",
                file.display()
            );
            continue;
        }
        let verdicts = scenario
            .judge()
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let ruling = serde_json::to_value(&verdicts.ruling).unwrap();
        for key in ["article", "outcome", "exception"] {
            assert_eq!(
                ruling.get(key),
                expect.get(key),
                "{}: {key} of {ruling}",
                file.display()
            );
        }
        if let Some(time_used) = expect.get("time_used") {
            assert_eq!(
                &serde_json::to_value(verdicts.time_used).unwrap(),
                time_used,
                "{}: time used",
                file.display()
            );
        }
        if let Some(articles) = expect.get("articles") {
            let given: Vec<&str> = verdicts
                .rulings
                .iter()
                .map(|r| r.article.as_str())
                .collect();
            assert_eq!(
                &serde_json::to_value(&given).unwrap(),
                articles,
                "{}: every step's article",
                file.display()
            );
        }
        if let Some(offer) = expect.get("draw_offer_at_resumption") {
            assert_eq!(
                &serde_json::to_value(verdicts.draw_offer_at_resumption).unwrap(),
                offer,
                "{}: the draw offer at resumption",
                file.display()
            );
        }
    }
}

fn sample_outside() -> Envelope {
    let case = Case {
        name: "sample".into(),
        fen: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".into(),
        sealer_moves: vec!["e4".into(), "e5".into(), "Nf3".into(), "Nc6".into()],
        draw_offer: None,
        time_used: default_times(),
        time_control: default_control(),
        sealed_move: SealedMove {
            text: String::new(),
            lang: NotationLang::En,
        },
        steps: Vec::new(),
    };
    outside(&case)
}

fn sample_sealed() -> SealedEnvelope {
    let sealed_move = SealedMove {
        text: "Bb5".into(),
        lang: NotationLang::En,
    };
    let entropy = Entropy {
        salt: [11; 16],
        nonce: [12; 12],
    };
    SealedEnvelope::seal(sample_outside(), &sealed_move, PIN, MIN_ITERATIONS, entropy).unwrap()
}

#[test]
fn the_right_pin_opens_and_a_wrong_one_is_refused_as_such() {
    let sealed = sample_sealed();
    assert_eq!(sealed.open(PIN).unwrap().text, "Bb5");
    assert_eq!(sealed.open("2469"), Err(OpenError::WrongPin));
    assert!(
        sealed
            .open("")
            .unwrap_err()
            .to_string()
            .starts_with("wrong PIN")
    );
}

#[test]
fn the_sealed_move_is_not_in_the_exported_envelope() {
    let sealed = sample_sealed();
    let json = serde_json::to_string(&sealed).unwrap();
    assert!(!json.contains("Bb5"), "{json}");
    assert!(!json.contains("\"text\""), "{json}");
    // Not in the sealing event the game log stores either.
    let event = AdjournmentEvent::Sealed {
        envelope: Box::new(sealed),
    };
    assert!(!serde_json::to_string(&event).unwrap().contains("Bb5"));
}

/// Every leaf of `value`, as a JSON pointer.
fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| leaves(v, format!("{at}/{k}"), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| leaves(v, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

fn altered(value: &Value) -> Value {
    match value {
        Value::String(s) if s == "white" => Value::from("black"),
        Value::String(s) if s == "black" => Value::from("white"),
        Value::String(s) if s.chars().all(|c| c.is_ascii_hexdigit()) && !s.is_empty() => {
            // Still hex, one digit changed: only the fingerprint can tell.
            let flipped = if s.starts_with('0') { "1" } else { "0" };
            Value::from(format!("{flipped}{}", &s[1..]))
        }
        Value::String(s) => Value::from(format!("{s}.")),
        Value::Number(n) => Value::from(n.as_u64().unwrap() + 1),
        Value::Null => Value::from("black"),
        other => panic!("unexpected leaf {other}"),
    }
}

#[test]
fn altering_any_field_is_detected_and_a_forged_fingerprint_does_not_open_it() {
    let sealed = sample_sealed();
    let original = serde_json::to_value(&sealed).unwrap();
    let mut pointers = Vec::new();
    leaves(&original, String::new(), &mut pointers);
    assert!(pointers.len() >= 25, "{pointers:?}");
    for pointer in pointers {
        let mut value = original.clone();
        let leaf = value.pointer_mut(&pointer).unwrap();
        *leaf = altered(leaf);
        let tampered: SealedEnvelope = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{pointer}: the alteration should still read: {e}"));
        let Err(OpenError::Tampered { computed, .. }) = tampered.open(PIN) else {
            panic!("{pointer}: alteration not detected");
        };
        if pointer == "/fingerprint" {
            continue;
        }
        // Someone who also rewrites the fingerprint still cannot open it: the
        // outside is bound to the ciphertext.
        value["fingerprint"] = Value::from(computed);
        let forged: SealedEnvelope = serde_json::from_value(value).unwrap();
        assert!(forged.check_fingerprint().is_ok());
        assert!(
            forged.open(PIN).is_err(),
            "{pointer}: a forged envelope opened"
        );
    }
}

#[test]
fn a_missing_or_added_field_is_detected() {
    let sealed = sample_sealed();
    let mut value = serde_json::to_value(&sealed).unwrap();
    value["envelope"]["replies_to"] = Value::from("AAAA-BBBB-CCCC");
    let added: SealedEnvelope = serde_json::from_value(value).unwrap();
    assert!(matches!(added.open(PIN), Err(OpenError::Tampered { .. })));
    let mut value = serde_json::to_value(&sealed).unwrap();
    value["envelope"]["moves"].as_array_mut().unwrap().pop();
    let shortened: SealedEnvelope = serde_json::from_value(value).unwrap();
    assert!(
        shortened
            .open(PIN)
            .unwrap_err()
            .to_string()
            .contains("tampered")
    );
}

#[test]
fn the_printed_fingerprint_is_checked_loosely() {
    let sealed = sample_sealed();
    let code = sealed.fingerprint().to_owned();
    assert_eq!(code.len(), 14, "{code}");
    assert!(sealed.has_fingerprint(&code.to_lowercase().replace('-', " ")));
    assert!(!sealed.has_fingerprint("0000-0000-0000"));
}

#[test]
fn sealing_refuses_a_short_pin_too_few_rounds_and_an_empty_move() {
    let entropy = Entropy {
        salt: [1; 16],
        nonce: [2; 12],
    };
    let mv = SealedMove {
        text: "Bb5".into(),
        lang: NotationLang::En,
    };
    let seal = |pin: &str, rounds: u32, mv: &SealedMove| {
        SealedEnvelope::seal(sample_outside(), mv, pin, rounds, entropy)
    };
    assert_eq!(
        seal("123", MIN_ITERATIONS, &mv),
        Err(SealError::PinTooShort { min: MIN_PIN_LEN })
    );
    assert_eq!(
        seal(PIN, 1000, &mv),
        Err(SealError::Iterations { given: 1000 })
    );
    let blank = SealedMove {
        text: " ".into(),
        lang: NotationLang::En,
    };
    assert_eq!(
        seal(PIN, MIN_ITERATIONS, &blank),
        Err(SealError::NothingWritten)
    );
    let mut outside = sample_outside();
    outside.sealer = Side::Black;
    let wrong = SealedEnvelope::seal(outside, &mv, PIN, MIN_ITERATIONS, entropy);
    assert_eq!(
        wrong,
        Err(SealError::Envelope(EnvelopeError::SealerNotToMove {
            sealer: Side::Black
        }))
    );
}

#[test]
fn amending_reseals_the_same_move_under_a_new_fingerprint() {
    let sealed = sample_sealed();
    let mut corrected = sealed.envelope().clone();
    corrected.time_used.black_ms += 60_000;
    let entropy = Entropy {
        salt: [21; 16],
        nonce: [22; 12],
    };
    assert!(matches!(
        sealed.amend("0000", corrected.clone(), entropy),
        Err(AmendError::Open(OpenError::WrongPin))
    ));
    let amended = sealed.amend(PIN, corrected, entropy).unwrap();
    assert_ne!(amended.fingerprint(), sealed.fingerprint());
    assert_eq!(amended.open(PIN).unwrap().text, "Bb5");
}

#[test]
fn a1a_the_draft_changes_until_the_clock_is_stopped() {
    let outside = sample_outside();
    let mut draft = SealingDraft::new(&outside).unwrap();
    let entropy = Entropy {
        salt: [1; 16],
        nonce: [2; 12],
    };
    assert_eq!(
        draft
            .clone()
            .seal(outside.clone(), 0, 0, PIN, MIN_ITERATIONS, entropy),
        Err(SealError::NothingWritten)
    );
    draft.write("Bc4", NotationLang::En).unwrap();
    draft.write("Lb5", NotationLang::De).unwrap();
    assert_eq!(
        draft.written().unwrap(),
        &SealedMove {
            text: "Lb5".into(),
            lang: NotationLang::De
        }
    );
    let position = outside.position().unwrap();
    let bishop = shakmaty::san::San::from_ascii(b"Bb5")
        .unwrap()
        .to_move(&position)
        .unwrap();
    draft.choose(&bishop, NotationLang::En).unwrap();
    assert_eq!(draft.written().unwrap().text, "Bb5");
    let sealed = draft
        .seal(outside, 0, 0, PIN, MIN_ITERATIONS, entropy)
        .unwrap();
    assert_eq!(sealed.open(PIN).unwrap().text, "Bb5");
}

#[test]
fn a1a_a_move_made_on_the_board_is_the_sealed_move() {
    let outside = sample_outside();
    let position = outside.position().unwrap();
    let mut draft = SealingDraft::new(&outside).unwrap();
    draft.write("d4", NotationLang::En).unwrap();
    let played = shakmaty::san::San::from_ascii(b"Bc4")
        .unwrap()
        .to_move(&position)
        .unwrap();
    draft.played_on_board(&played, NotationLang::En).unwrap();
    assert_eq!(
        draft.write("d4", NotationLang::En),
        Err(SealingError::MadeOnBoard)
    );
    assert_eq!(draft.written().unwrap().text, "Bc4");
    let illegal = shakmaty::Move::Normal {
        role: shakmaty::Role::King,
        from: shakmaty::Square::E1,
        to: shakmaty::Square::E3,
        capture: None,
        promotion: None,
    };
    assert_eq!(
        SealingDraft::new(&outside)
            .unwrap()
            .choose(&illegal, NotationLang::En),
        Err(SealingError::NotLegalOnBoard)
    );
}

#[test]
fn a1b_adjourning_early_charges_the_sealer_to_the_session_end() {
    let outside = sample_outside();
    let mut draft = SealingDraft::new(&outside).unwrap();
    draft.write("Bb5", NotationLang::En).unwrap();
    let entropy = Entropy {
        salt: [1; 16],
        nonce: [2; 12],
    };
    // White stops his clock 15 minutes before the nominal end.
    let sealed = draft
        .seal(
            outside.clone(),
            1_000_000,
            1_900_000,
            PIN,
            MIN_ITERATIONS,
            entropy,
        )
        .unwrap();
    let charged = sealed.envelope().time_used;
    assert_eq!(
        charged.of(Side::White),
        outside.time_used.white_ms + 900_000
    );
    assert_eq!(charged.of(Side::Black), outside.time_used.black_ms);
}

#[test]
fn the_envelope_must_be_filled_in() {
    let mut outside = sample_outside();
    outside.black = " ".into();
    assert_eq!(
        outside.position(),
        Err(EnvelopeError::MissingName(Side::Black))
    );
    let mut outside = sample_outside();
    outside.move_number = 4;
    assert_eq!(
        outside.position(),
        Err(EnvelopeError::WrongMoveNumber {
            on_envelope: 4,
            in_position: 3
        })
    );
    let mut outside = sample_outside();
    outside.resumption.venue.clear();
    assert!(
        outside
            .position()
            .unwrap_err()
            .to_string()
            .starts_with("A2g")
    );
    let mut outside = sample_outside();
    outside.fen = "not a position".into();
    assert!(
        outside
            .position()
            .unwrap_err()
            .to_string()
            .starts_with("A2b")
    );
    let mut outside = sample_outside();
    outside.fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 40".into();
    outside.sealer = Side::Black;
    outside.move_number = 40;
    assert_eq!(outside.position(), Err(EnvelopeError::GameOver));
}

#[test]
fn the_events_survive_the_game_log_round_trip() {
    let sealed = sample_sealed();
    let events = vec![
        AdjournmentEvent::SealRequested {
            sealer: Side::White,
            session_end_ms: 5,
        },
        AdjournmentEvent::Sealed {
            envelope: Box::new(sealed),
        },
        AdjournmentEvent::ClockErrorPointedOut {
            by: Side::Black,
            finding: ClockFinding::NotEstablished,
        },
        AdjournmentEvent::EnvelopeMissing {
            position_reestablished: true,
            fen: None,
            clocks_set_by_arbiter: None,
        },
        AdjournmentEvent::SessionEnded,
    ];
    let json = serde_json::to_string(&events).unwrap();
    assert!(json.contains(r#""type":"seal_requested""#), "{json}");
    let back: Vec<AdjournmentEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
}

#[test]
fn a_move_chosen_on_the_board_is_written_in_the_players_language() {
    let outside = sample_outside();
    let position = outside.position().unwrap();
    let bishop = shakmaty::san::San::from_ascii(b"Bb5")
        .unwrap()
        .to_move(&position)
        .unwrap();
    let mut draft = SealingDraft::new(&outside).unwrap();
    draft.choose(&bishop, NotationLang::Pl).unwrap();
    assert_eq!(
        draft.written().unwrap(),
        &SealedMove {
            text: "Gb5".into(),
            lang: NotationLang::Pl
        }
    );
    // And it reads back as the same move: the A9a ruling, not A8.
    let judgment = judge_sealed_move(
        &position,
        draft.written().unwrap(),
        &AdjournmentRules::default(),
        Article::A9a,
    );
    assert_eq!(
        judgment.verdict,
        SealedMoveVerdict::Legal {
            san: "Bb5".into(),
            notes: Vec::new()
        }
    );
}

proptest::proptest! {
    // Each case derives keys three times (slow in a debug build): few cases.
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]

    #[test]
    fn any_move_text_round_trips_and_only_its_pin_opens_it(
        text in "\\PC{1,24}",
        pin in "[0-9A-Za-z]{4,10}",
        other in "[0-9A-Za-z]{4,10}",
        salt in proptest::array::uniform16(proptest::prelude::any::<u8>()),
    ) {
        proptest::prop_assume!(!text.trim().is_empty() && pin != other);
        let sealed_move = SealedMove { text, lang: NotationLang::Ru };
        let entropy = Entropy { salt, nonce: [salt[0]; 12] };
        let sealed = SealedEnvelope::seal(sample_outside(), &sealed_move, &pin, MIN_ITERATIONS, entropy).unwrap();
        proptest::prop_assert_eq!(sealed.open(&pin).unwrap(), sealed_move);
        proptest::prop_assert_eq!(sealed.open(&other), Err(OpenError::WrongPin));
        let back: SealedEnvelope = serde_json::from_str(&serde_json::to_string(&sealed).unwrap()).unwrap();
        proptest::prop_assert_eq!(back, sealed);
    }
}

/// Which steps each phase of a plain adjournment accepts, as the screens
/// ask before offering them (A1a to A9a, then A9c).
#[test]
fn each_phase_accepts_the_steps_appendix_a_allows_then() {
    use laws::adjournment::Step as S;
    const ALL: [S; 24] = [
        S::SealRequested,
        S::Stopped,
        S::Sealed,
        S::Amended,
        S::Resealed,
        S::Verified,
        S::DrawOffered,
        S::DrawDeclined,
        S::DrawAccepted,
        S::DrawAgreed,
        S::Resigned,
        S::SessionAnnounced,
        S::SetUp,
        S::Resumed,
        S::Arrived,
        S::Opened,
        S::ReplySealed,
        S::Moved,
        S::ClockErrorPointedOut,
        S::FlagFell,
        S::Forfeited,
        S::EnvelopeMissing,
        S::MoveStated,
        S::SessionEnded,
    ];
    let sealed = sample_sealed();
    let outside = sealed.envelope().clone();
    let sealer = outside.sealer;
    let accepted = |adjournment: &Adjournment| -> Vec<S> {
        ALL.into_iter()
            .filter(|step| adjournment.accepts(*step))
            .collect()
    };
    let mut adjournment = Adjournment::new(AdjournmentRules::default());
    let take = |event: AdjournmentEvent, adjournment: &mut Adjournment| {
        let step = event.step();
        assert!(
            adjournment.accepts(step),
            "{step:?} in {:?}",
            adjournment.phase()
        );
        adjournment.apply(event, 1_000, None).unwrap();
    };
    let walk: [(AdjournmentEvent, &[S]); 6] = [
        (
            AdjournmentEvent::SealRequested {
                sealer,
                session_end_ms: 0,
            },
            &[S::Stopped, S::Sealed],
        ),
        (
            AdjournmentEvent::Sealed {
                envelope: Box::new(sealed.clone()),
            },
            // A3 before anything else; A4, A6, A11 already.
            &[
                S::Amended,
                S::Resealed,
                S::Verified,
                S::DrawOffered,
                S::DrawAgreed,
                S::Resigned,
                S::SessionAnnounced,
                S::EnvelopeMissing,
            ],
        ),
        (
            AdjournmentEvent::Verified {
                game: Box::new(outside.clone()),
            },
            &[
                S::Resealed,
                S::DrawOffered,
                S::DrawAgreed,
                S::Resigned,
                S::SessionAnnounced,
                S::SetUp,
                S::EnvelopeMissing,
            ],
        ),
        (
            AdjournmentEvent::DrawOffered {
                by: sealer.opponent(),
            },
            // The offer stands (A4): answered, not offered again.
            &[
                S::Resealed,
                S::DrawDeclined,
                S::DrawAccepted,
                S::DrawAgreed,
                S::Resigned,
                S::SessionAnnounced,
                S::SetUp,
                S::EnvelopeMissing,
            ],
        ),
        (
            AdjournmentEvent::DrawDeclined { by: sealer },
            &[
                S::Resealed,
                S::DrawOffered,
                S::DrawAgreed,
                S::Resigned,
                S::SessionAnnounced,
                S::SetUp,
                S::EnvelopeMissing,
            ],
        ),
        (
            AdjournmentEvent::SetUp {
                time_used: outside.time_used,
            },
            &[
                S::Resealed,
                S::DrawOffered,
                S::DrawAgreed,
                S::Resigned,
                S::SessionAnnounced,
                S::Resumed,
                S::ClockErrorPointedOut,
                S::EnvelopeMissing,
            ],
        ),
    ];
    for (event, then) in walk {
        let name = event.name();
        take(event, &mut adjournment);
        assert_eq!(accepted(&adjournment), then, "after {name}");
    }
    // A9b: the replier is absent: the envelope stays closed (A7) until he comes.
    take(
        AdjournmentEvent::Resumed {
            present: Presence::default(),
        },
        &mut adjournment,
    );
    let closed = accepted(&adjournment);
    assert!(!closed.contains(&S::Opened), "{closed:?}");
    assert!(closed.contains(&S::Arrived) && closed.contains(&S::Forfeited));
    assert!(!closed.contains(&S::DrawAgreed), "A6 is before resumption");
    take(
        AdjournmentEvent::Arrived {
            side: sealer.opponent(),
        },
        &mut adjournment,
    );
    assert!(adjournment.accepts(S::Opened));
    take(
        AdjournmentEvent::Opened {
            sealed_move: sealed.open(PIN).unwrap(),
        },
        &mut adjournment,
    );
    // A9c: the sealer is absent, so the replier may seal his reply.
    let opened = accepted(&adjournment);
    assert!(
        opened.contains(&S::ReplySealed) && opened.contains(&S::Moved),
        "{opened:?}"
    );
    assert!(
        !opened.contains(&S::Opened) && !opened.contains(&S::DrawOffered),
        "{opened:?}"
    );
    take(AdjournmentEvent::Arrived { side: sealer }, &mut adjournment);
    assert!(
        !adjournment.accepts(S::ReplySealed),
        "the sealer is here: the reply is made on the board"
    );
}
