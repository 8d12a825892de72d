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
}
