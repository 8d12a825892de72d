//! Fuzzes `pgn::import`: any bytes give games or typed errors, never a
//! panic; every imported game exports to PGN that imports back to the same
//! start, moves, clocks, draw offers and result.

#![no_main]

use laws::pgn::{self, GameCheck, Record, RecordMove};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in pgn::import(data) {
        let check = GameCheck::of(&game);
        let Ok(game) = game else {
            assert!(check.problem.is_some());
            continue;
        };
        assert!(check.problem.is_none());
        let record = Record {
            tags: game.tags.to_vec(),
            time_control: game.tag("TimeControl").map(str::to_owned),
            start_fen: (game.start != shakmaty::Chess::default())
                .then(|| shakmaty::fen::Fen::from_position(&game.start, shakmaty::EnPassantMode::Legal).to_string()),
            moves: game
                .moves
                .iter()
                .map(|m| RecordMove { comment: None, ..RecordMove::from(m) })
                .collect(),
            result: game.result,
            termination: None,
        };
        let text = pgn::export(&record).expect("an imported game exports");
        let again = pgn::import(text.as_bytes());
        assert_eq!(again.len(), 1, "{text}");
        let again = again.into_iter().next().unwrap().expect("an exported game imports");
        assert_eq!(again.start, game.start);
        assert_eq!(again.result, game.result);
        let moves = |g: &pgn::ImportedGame| {
            g.moves.iter().map(|m| (m.mv, m.clock_ms, m.emt_ms, m.draw_offer)).collect::<Vec<_>>()
        };
        assert_eq!(moves(&again), moves(&game), "{text}");
    }
});
