//! A game holds its log folded and takes each new event as one step
//! ([`Game::apply`], [`Game::append_logged`]): on the records the app keeps
//! from earlier releases (`tests/records/*.format1.json`, adjourned,
//! resumed and ruled games), stepping event by event leaves the game as a
//! replay of its whole log does, and `apply` takes or refuses every event
//! as a replay of the log with that event at its end does (the way it
//! judged events before it kept its fold).

use std::path::Path;

use laws::clock::{ClockAction, ClockCorrection};
use laws::game::{Event, Game, GameResult, GameState, Side};
use laws::irregularity::Finding;
use laws::scoresheet::{Entry, Slot, Written};

/// The games of the records, read as the core reads a stored game.
fn records() -> Vec<(String, Game)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".format1.json"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    files
        .into_iter()
        .map(|path| {
            let record: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let game: Game = serde_json::from_value(record["data"].clone()).unwrap();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                game,
            )
        })
        .collect()
}

/// The game with none of its events: where stepping starts.
fn unplayed(game: &Game) -> Game {
    Game::new(game.id(), game.initial().clone(), game.created_ms())
}

/// Everything the fold holds, written out: [`GameState`] is compared whole.
fn shown(play: Result<&GameState, laws::game::GameError>) -> String {
    format!("{play:?}")
}

/// The log of `game` replayed from the start, as on reload.
fn replayed(game: &Game) -> String {
    shown(game.fold_each(|_, _| {}).as_ref().map_err(Clone::clone))
}

/// Events of every kind, some of which the Laws take at any point of a
/// game and some of which they refuse.
fn candidates() -> Vec<Event> {
    let mut events = Vec::new();
    for side in [Side::White, Side::Black] {
        events.push(Event::Clock(ClockAction::Start { side }));
        events.push(Event::Clock(ClockAction::Press { side }));
        events.push(Event::Result(GameResult::Resigned { by: side }));
    }
    events.extend([
        Event::Clock(ClockAction::Pause),
        Event::Clock(ClockAction::Resume),
        Event::ClockCorrected {
            correction: ClockCorrection::UndoLastPress,
            reason: "pressed without moving".into(),
        },
        Event::Recorded(Entry::written("e4")),
        Event::Recorded(Entry::written(" ")),
        Event::Recorded(Entry::dash()),
        Event::Corrected {
            slot: Slot {
                number: 1,
                side: Side::White,
            },
            written: Written::Move("d4".into()),
        },
        Event::ruled(Finding::FlagSeen),
        Event::Result(GameResult::DrawAgreed),
    ]);
    events
}

#[test]
fn stepping_each_event_folds_the_game_as_replaying_its_log() {
    for (name, game) in records() {
        let mut after_each = Vec::new();
        game.fold_each(|_, play| after_each.push(format!("{:?}", Ok::<_, ()>(play))))
            .unwrap();
        let mut stepped = unplayed(&game);
        for (n, logged) in game.log().iter().enumerate() {
            stepped.append_logged(logged.clone()).unwrap();
            assert_eq!(
                shown(stepped.fold()),
                after_each[n],
                "{name}, after event {}",
                n + 1
            );
        }
        assert_eq!(stepped, game, "{name}");
        // Read back, the game is folded again: to the same state.
        let read: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(shown(read.fold()), shown(game.fold()), "{name}");
    }
}

#[test]
fn apply_takes_and_refuses_what_a_replay_of_the_log_does() {
    let (mut taken, mut refused) = (0, 0);
    for (name, game) in records() {
        let mut stepped = unplayed(&game);
        for (n, next) in game.log().iter().enumerate() {
            for event in candidates() {
                let mut with_event: Vec<(u64, Event)> = stepped
                    .log()
                    .iter()
                    .map(|l| (l.at_ms, l.event.clone()))
                    .collect();
                with_event.push((next.at_ms, event.clone()));
                let id = game.id();
                let replay =
                    Game::from_events(id, game.initial().clone(), game.created_ms(), with_event);
                let mut applied = stepped.clone();
                match (applied.apply(event.clone(), next.at_ms), replay.fold()) {
                    (Ok(()), Ok(_)) => {
                        // The step, and what it logged after the event (a
                        // game folded the first way logs its clock's part).
                        assert_eq!(
                            shown(applied.fold()),
                            replayed(&applied),
                            "{name} {n} {event:?}"
                        );
                        taken += 1;
                    }
                    (Err(e), Err(replayed_e)) => {
                        assert_eq!(e, replayed_e, "{name} {n} {event:?}");
                        assert_eq!(
                            applied, stepped,
                            "{name} {n} {event:?}: the game is unchanged"
                        );
                        assert_eq!(
                            shown(applied.fold()),
                            shown(stepped.fold()),
                            "{name} {n} {event:?}"
                        );
                        refused += 1;
                    }
                    (by_apply, by_replay) => panic!(
                        "{name}, after event {n}, {event:?}: apply {by_apply:?}, a replay {:?}",
                        by_replay.map(drop)
                    ),
                }
            }
            stepped.append_logged(next.clone()).unwrap();
        }
    }
    assert!(
        taken > 100 && refused > 100,
        "{taken} taken, {refused} refused"
    );
}
