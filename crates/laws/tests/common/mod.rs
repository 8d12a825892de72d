//! Strategies shared by the property tests.

use laws::time_control::{Period, Schedule, TimeControl, Timing};
use proptest::prelude::*;

/// A player's periods: 1 to 3 periods of up to 10 minutes, up to 4 moves
/// each (so that random games cross them), any timing.
pub fn schedule() -> impl Strategy<Value = Schedule> {
    let timing = prop_oneof![
        Just(Timing::None),
        (0u64..10_000).prop_map(|ms| Timing::Increment { ms }),
        (0u64..10_000).prop_map(|ms| Timing::Bronstein { ms }),
        (0u64..10_000).prop_map(|ms| Timing::Delay { ms }),
    ];
    let period = (0u64..600_000, 1u32..5, timing).prop_map(|(time_ms, moves, timing)| Period {
        time_ms,
        moves: Some(moves),
        timing,
    });
    (prop::collection::vec(period, 1..4), any::<bool>()).prop_filter_map(
        "valid periods",
        |(mut periods, repeat)| {
            if !repeat {
                periods.last_mut().unwrap().moves = None;
            }
            Schedule::new(periods).ok()
        },
    )
}

pub fn control() -> impl Strategy<Value = TimeControl> {
    (schedule(), prop::option::of(schedule()))
        .prop_map(|(white, black)| TimeControl::Timed { white, black })
//! What the case-file tests share: reading JSON lines and FEN positions.
// Each test crate uses only some of these.
#![allow(dead_code)]

use serde_json::Value;
use shakmaty::{CastlingMode, Chess, fen::Fen};

/// The JSON lines of `tests/cases/<dir>/<name>`, blank lines skipped.
pub fn jsonl(dir: &str, name: &str) -> Vec<Value> {
    let path = format!("{}/tests/cases/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// The position of a FEN string value; the standard start when absent.
pub fn position(fen: &Value) -> Chess {
    match fen.as_str() {
        Some(fen) => fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => Chess::default(),
    }
}

/// An array of strings.
pub fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}
//! What the adjournment tests share: the outside of an envelope.

use laws::adjournment::{Envelope, Resumption, TimeUsed};
use laws::game::Side;

/// An envelope's outside for the position `fen` (the sealer and move
/// number are the FEN's), at round 5, board 2 of a club championship.
pub fn outside(
    fen: &str,
    moves: &[String],
    time_used: TimeUsed,
    draw_offer: Option<Side>,
) -> Envelope {
    let move_number = fen.rsplit(' ').next().unwrap().parse().unwrap();
    let sealer = if fen.split(' ').nth(1) == Some("w") {
        Side::White
    } else {
        Side::Black
    };
    Envelope {
        event: "Club championship".into(),
        round: "5".into(),
        board: "2".into(),
        arbiter: "Irena Arbiter".into(),
        white: "Kowalski, Jan".into(),
        black: "Nowak, Anna".into(),
        fen: fen.to_owned(),
        moves: moves.to_vec(),
        time_used,
        sealer,
        move_number,
        draw_offer,
        resumption: Resumption {
            date: "2026-11-30".into(),
            time: "10:00".into(),
            venue: "Hall B".into(),
        },
        replies_to: None,
    }
}
