use laws::clock::ClockAction;
use laws::game::{Event, GameResult as Ended, Player, Setup};
use laws::side::Side;
use laws::trf::results::GameResult;

use super::*;

fn link() -> EventLink {
    EventLink {
        server: "http://127.0.0.1:5984".into(),
        database: "open".into(),
        user: "board7".into(),
        password: "secret".into(),
        brought_key: None,
        signing_key: None,
        chief: None,
    }
}

/// Game `id` of round `round`, begun, and resigned by Black when `over`.
fn game(id: &str, round: u32, over: bool) -> Game {
    let setup = Setup {
        white: Player::named("White"),
        black: Player::named("Black"),
        round: round.to_string(),
        board: "3".into(),
        ..Setup::default()
    };
    let mut game = Game::new(id, setup, 1_000);
    game.apply(
        Event::Clock(ClockAction::Start { side: Side::White }),
        2_000,
    )
    .unwrap();
    if over {
        game.apply(Event::Result(Ended::Resigned { by: Side::Black }), 3_000)
            .unwrap();
    }
    game
}

/// The record of a tablet that pulled every entry of `games`.
fn pulled(games: &[Game]) -> SyncRecord {
    let mut record = SyncRecord::default();
    for game in games {
        record.pushed.insert(game.id().into(), game.log().len());
    }
    record
}

#[test]
fn only_a_past_round_s_finished_game_of_another_board_all_pulled_is_archived() {
    let games = [
        game("board1~a", 1, true),
        // Not over, of this tablet's board, not a game of the event.
        game("board2~b", 1, false),
        game("board7~c", 1, true),
        game("d", 1, true),
        // Over, but of the latest round.
        game("board3~e", 2, true),
        // Over, with an entry not yet in the database.
        game("board4~f", 1, true),
        // At a fork; to be read again.
        game("board5~g", 1, true),
        game("board6~h", 1, true),
    ];
    let mut record = pulled(&games);
    *record.pushed.get_mut("board4~f").unwrap() -= 1;
    record.forks.insert(
        "board5~g".into(),
        crate::event::docs::Fork {
            index: 1,
            branches: Vec::new(),
        },
    );
    record.read_again.push("board6~h".into());
    assert_eq!(latest_round(&games, &record), Some(2));
    assert_eq!(to_archive(&games, &link(), &record), ["board1~a"]);
}

#[test]
fn a_round_published_makes_the_one_before_it_past() {
    let games = [game("board1~a", 1, true)];
    let mut record = pulled(&games);
    assert!(to_archive(&games, &link(), &record).is_empty());
    let round = crate::event::round::tests::swiss_round3();
    record.rounds.insert(round.round, round);
    assert_eq!(to_archive(&games, &link(), &record), ["board1~a"]);
}

#[test]
fn an_entry_keeps_what_the_round_s_results_show() {
    let entry = Archived::of(&game("board1~a", 1, true), None);
    assert_eq!(entry.result, Some(GameResult::WonUnrated(Side::White)));
    assert_eq!((entry.round.as_str(), entry.board.as_str()), ("1", "3"));
    assert!(entry.standing.english.starts_with("Game over"), "{entry:?}");
    let text = serde_json::to_string(&entry).unwrap();
    assert_eq!(serde_json::from_str::<Archived>(&text).unwrap(), entry);
}
