//! A benchmark harness, the rules core for Node: the PGN check `scripts/compare-speed.mjs`
//! times against chess.js and chessops (the same [`summary`] runs natively
//! in `src/bin/native.rs`, so both sides do identical work through the one
//! import path the app and `laws check` use), and the unwinnability
//! analysis `scripts/bench-unwinnable.mjs` times.

#[cfg(feature = "pgn")]
use laws::pgn::{self, GameCheck};
use laws::unwinnable::Budget;
use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

/// What a file holds: its games, the half-moves replayed and the games
/// with a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub games: usize,
    pub plies: usize,
    pub errors: usize,
}

/// Imports every game of a PGN file, replays and checks its mainline.
#[cfg(feature = "pgn")]
pub fn summary(pgn: &[u8]) -> Summary {
    let mut total = Summary {
        games: 0,
        plies: 0,
        errors: 0,
    };
    for game in pgn::games(pgn) {
        let check = GameCheck::of(&game);
        total.games += 1;
        total.plies += check.plies;
        total.errors += usize::from(check.problem.is_some());
    }
    total
}

/// [`summary`] as JSON: `{"games":1110,"plies":101487,"errors":0}`.
///
/// Takes the file's bytes (JavaScript: `new TextEncoder().encode(text)`):
/// copied into wasm memory at once, where a string would be written into it
/// by wasm-bindgen's JavaScript character by character.
#[cfg(feature = "pgn")]
#[wasm_bindgen]
pub fn check_pgn(pgn: &[u8]) -> String {
    serde_json::to_string(&summary(pgn)).expect("a summary is plain numbers")
}

/// Who can still checkmate in the position `fen`, as the app's analyser
/// worker decides it (default budget), in JSON:
/// `{"white_can_mate":"no","black_can_mate":"no","nodes":120}`, or
/// `{"error":"..."}`. What `scripts/bench-unwinnable.mjs` times in wasm.
#[wasm_bindgen]
pub fn unwinnable(fen: &str) -> String {
    analysed(fen, Budget::DEFAULT)
}

/// [`unwinnable`] within the budget of a ruling at the board
/// ([`Budget::AT_THE_BOARD`]), as the page itself rules on a flag fall or a
/// sealed move: what it cannot decide within it is `"undetermined"`.
#[wasm_bindgen]
pub fn at_the_board(fen: &str) -> String {
    analysed(fen, Budget::AT_THE_BOARD)
}

fn analysed(fen: &str, budget: Budget) -> String {
    let position = fen
        .parse::<shakmaty::fen::Fen>()
        .map_err(|e| e.to_string())
        .and_then(|fen| {
            fen.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .or_else(shakmaty::PositionError::ignore_too_much_material)
                .map_err(|e| e.to_string())
        });
    match position {
        Ok(position) => serde_json::to_string(&laws::unwinnable::analyse(&position, budget))
            .expect("a report is plain values"),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_who_can_mate_or_why_not() {
        assert_eq!(
            unwinnable("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1")
                .split(",\"nodes\"")
                .next(),
            Some(r#"{"white_can_mate":"no","black_can_mate":"no""#)
        );
        assert!(unwinnable("junk").starts_with(r#"{"error":"#));
    }

    #[cfg(feature = "pgn")]
    #[test]
    fn counts_games_plies_and_problems() {
        let pgn = "1. e4 e5 2. Nf3 1-0\n\n1. e4 e5 2. Ke3 *\n";
        assert_eq!(
            summary(pgn.as_bytes()),
            Summary {
                games: 2,
                plies: 5,
                errors: 1
            }
        );
    }
}
