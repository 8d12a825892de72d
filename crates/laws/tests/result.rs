//! How a game ends (`laws::game::GameResult`): every case of
//! `tests/cases/result/results.jsonl` plays a game, records its result
//! and checks that the fold ended it, or refused the result and changed
//! nothing.

mod case_files;

use laws::article::Article;
use laws::clock::ClockAction;
use laws::game::{Event, Game, GameResult, Player, Setup, Side};
use laws::irregularity::{Finding, Outcome};
use laws::scoresheet::Entry;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    name: String,
    moves: Vec<String>,
    result: GameResult,
    #[serde(default)]
    outcome: Option<Outcome>,
    #[serde(default)]
    article: Option<Article>,
    /// A part of the refusal's words.
    #[serde(default)]
    refused: Option<String>,
}

/// The game of `moves`, each recorded and pressed 10 s apart, and the
/// time of its last event.
fn played(moves: &[String]) -> (Game, u64) {
    let setup = Setup {
        white: Player::named("White"),
        black: Player::named("Black"),
        ..Setup::default()
    };
    let mut game = Game::new("g", setup, 0);
    game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0)
        .unwrap();
    let mut at = 0;
    for (i, text) in moves.iter().enumerate() {
        at += 10_000;
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        game.apply(Event::Recorded(Entry::written(text.as_str())), at)
            .unwrap();
        game.apply(Event::Clock(ClockAction::Press { side }), at)
            .unwrap();
    }
    (game, at)
}

#[test]
fn every_result_ends_the_game_in_the_fold_or_is_refused() {
    let cases = case_files::jsonl("result", "results.jsonl");
    assert!(cases.len() >= 10);
    for value in cases {
        let case: Case = serde_json::from_value(value).unwrap();
        let name = &case.name;
        let (mut game, last) = played(&case.moves);
        let at = last + 5_000;
        if let Some(words) = &case.refused {
            let before = game.clone();
            let error = game
                .apply(Event::Result(case.result.clone()), at)
                .expect_err(name);
            assert!(error.to_string().contains(words), "{name}: {error}");
            assert_eq!(game, before, "{name}: a refused result changes nothing");
            continue;
        }
        assert_eq!(case.result.article(), case.article, "{name}");
        game.apply(Event::Result(case.result.clone()), at)
            .unwrap_or_else(|e| panic!("{name}: refused: {e}"));
        let play = game.fold().unwrap();
        let outcome = case.outcome.unwrap();
        assert_eq!(play.outcome, Some(outcome), "{name}");
        assert_eq!(play.result.as_ref(), Some(&case.result), "{name}");
        let clock = play.clock.as_ref().unwrap();
        assert!(clock.is_paused(), "{name}: the clock stops");
        for side in [Side::White, Side::Black] {
            assert_eq!(
                clock.remaining(side, at + 60_000),
                clock.remaining(side, at),
                "{name}: {side}'s time stands"
            );
        }
        let to_move = if case.moves.len().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        for refused in [
            Event::Clock(ClockAction::Press { side: to_move }),
            Event::Clock(ClockAction::Resume),
            Event::Recorded(Entry::written("a3")),
            Event::ruled(Finding::FlagSeen),
            Event::Result(GameResult::DrawAgreed),
        ] {
            let error = game.apply(refused.clone(), at + 1_000).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("the game is over: {outcome}"),
                "{name}: {refused:?}"
            );
        }
        let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(back.fold().unwrap().outcome, Some(outcome), "{name}: JSON");
    }
}

#[test]
fn a_result_is_logged_with_its_tag() {
    let json =
        serde_json::to_string(&Event::Result(GameResult::Resigned { by: Side::Black })).unwrap();
    assert_eq!(
        json,
        r#"{"type":"result","result":"resigned","by":"black"}"#
    );
}

#[test]
fn every_kind_of_result_reads_back_and_a_broken_one_is_refused() {
    for result in [
        GameResult::Resigned { by: Side::White },
        GameResult::DrawAgreed,
        GameResult::DrawClaimed {
            claim: laws::game::DrawClaim::FiftyMoves,
            intended: Some("Nf3".into()),
        },
        GameResult::Decided {
            outcome: Outcome::BothLose,
            article: Article::A10,
            reason: "late".into(),
        },
    ] {
        let json = serde_json::to_string(&Event::Result(result.clone())).unwrap();
        assert_eq!(
            serde_json::from_str::<Event>(&json).unwrap(),
            Event::Result(result),
            "{json}"
        );
    }
    let broken = serde_json::from_str::<Event>(r#"{"type":"result","result":"resigned"}"#);
    assert!(
        broken
            .unwrap_err()
            .to_string()
            .contains("a resigned result needs its by")
    );
}
