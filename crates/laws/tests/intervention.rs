//! The arbiter's panel, as the game log sees it: every case of
//! `tests/cases/intervention/panel.jsonl` plays a game (the clock started
//! at 0, each move recorded and pressed after its thinking time), asks
//! whether the finding is among the rulings offered now, applies it as
//! `Event::Ruled`, and checks what the game became.

mod case_files;

use laws::clock::ClockAction;
use laws::game::{Event, Game, Player, Setup, Side};
use laws::irregularity::{Finding, actions_now};
use laws::ruleset::Ruleset;
use laws::scoresheet::Entry;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
struct Case {
    name: String,
    #[serde(default = "standard")]
    control: String,
    #[serde(default)]
    ruleset: Option<Ruleset>,
    #[serde(default)]
    moves: Vec<String>,
    /// Seconds each move took; 10 for each when left out.
    #[serde(default)]
    think_s: Vec<u64>,
    /// When the arbiter rules, in seconds after the last press.
    #[serde(default)]
    then_s: u64,
    finding: Finding,
    #[serde(default)]
    claimant_touched_piece: bool,
    /// Whether the panel lists the finding among the rulings that apply now.
    offered: bool,
    expect: Value,
}

fn standard() -> String {
    "5400+30".to_owned()
}

/// The game of `case`, and the time of its last event.
fn play(case: &Case) -> (Game, u64) {
    let setup = Setup {
        white: Player::named("White"),
        black: Player::named("Black"),
        time_control: case.control.parse().unwrap(),
        ruleset: case.ruleset.clone().unwrap_or_default(),
        ..Setup::default()
    };
    let mut game = Game::new("g", setup, 0);
    game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0)
        .unwrap();
    let mut at = 0;
    for (i, text) in case.moves.iter().enumerate() {
        at += 1000 * case.think_s.get(i).copied().unwrap_or(10);
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        game.apply(Event::Recorded(Entry::written(text.as_str())), at)
            .unwrap();
        game.apply(Event::Clock(ClockAction::Press { side }), at)
            .unwrap();
    }
    (game, at + 1000 * case.then_s)
}

/// `actual` has everything `expected` has: objects may leave keys out,
/// arrays match element for element, `~text` is a part of a string.
#[test]
fn every_article_is_reachable_from_the_panel_and_carried_out() {
    let cases = case_files::jsonl("intervention", "panel.jsonl");
    assert!(cases.len() >= 15);
    for value in cases {
        let case: Case = serde_json::from_value(value).unwrap();
        let (mut game, at) = play(&case);
        let offered = actions_now(&game.fold().unwrap().situation(at))
            .iter()
            .any(|a| a.finding == case.finding);
        assert_eq!(offered, case.offered, "{}: offered", case.name);
        let event = Event::Ruled {
            finding: case.finding.clone(),
            claimant_touched_piece: case.claimant_touched_piece,
            corrects: None,
        };
        game.apply(event, at)
            .unwrap_or_else(|e| panic!("{}: refused: {e}", case.name));
        let play = game.fold().unwrap();
        let ruling = &play.rulings.last().unwrap().ruling;
        let clock = play.clock.as_ref().unwrap();
        let actual = json!({
            "article": ruling.article,
            "outcome": ruling.outcome,
            "effects": ruling.effects,
            "explanation": ruling.explanation,
            "plies": play.sheet.len(),
            "struck_out": play.sheet.struck_out.len(),
            "white_ms": clock.remaining(Side::White, at),
            "black_ms": clock.remaining(Side::Black, at),
            "over": play.outcome.is_some(),
        });
        if let Err(e) = case_files::contains(&actual, &case.expect) {
            panic!(
                "{}: {e}\n  actual   {actual}\n  expected {}",
                case.name, case.expect
            );
        }
    }
}
