//! Fuzzes reading a game record as a backup file carries each of its games
//! and the tablet's storage keeps them (JSON): the steps the app's backup
//! import takes (`src/backup.rs`: read, verify the chain, replay the log)
//! and what the screens then derive from it.
//!
//! Any text is a game or a refusal, never a panic. A game writes back to
//! JSON and reads back the same; its log replays or names the event the
//! Laws refuse; a game that replays exports to PGN; an intact chain whose
//! events are in time order is rebuilt identically event by event.

#![no_main]

use laws::game::{Game, Lineage};
use laws::{game_pgn, pgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = serde_json::from_slice::<Game>(data) else {
        return;
    };
    let json = serde_json::to_string(&game).unwrap();
    let again: Game = serde_json::from_str(&json).expect("a written game reads back");
    assert_eq!(again, game);
    assert_eq!(game.lineage(&again), Lineage::Same);
    let intact = game.verify_chain().is_ok();
    let Ok(play) = game.fold() else { return };
    let check = play.check();
    assert_eq!(check.entries.len(), play.sheet.len());
    let _ = play.position();
    if let Some(clock) = &play.clock {
        clock.display(game.updated_ms());
    }
    let export = game_pgn::export(&game).expect("a game that replays exports");
    if let Ok(text) = pgn::export(&export.record) {
        assert_eq!(pgn::import(text.as_bytes()).len(), 1, "{text}");
    }
    let in_order = game.log().windows(2).all(|w| w[0].at_ms <= w[1].at_ms)
        && game
            .log()
            .first()
            .is_none_or(|l| l.at_ms >= game.created_ms());
    if intact && in_order {
        // The same game before its first event: its record with an empty log.
        let mut created = serde_json::to_value(&game).unwrap();
        created["log"] = serde_json::Value::Array(Vec::new());
        let mut rebuilt: Game = serde_json::from_value(created).unwrap();
        for logged in game.log() {
            rebuilt
                .apply(logged.event.clone(), logged.at_ms)
                .expect("an event that replays is accepted again");
        }
        assert_eq!(rebuilt, game);
    }
});
