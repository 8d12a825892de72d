//! Time controls from `cases/time_control/controls.jsonl`: each line reads
//! `input` (tag or human form) and checks what it states: the tag, the human
//! form, the class under the source text's limits and the 2018 ones, the
//! time for 60 moves, or the error.

use laws::game::Side;
use laws::time_control::{ClassLimits, TimeControl};
use proptest::prelude::*;
use serde_json::Value;

mod clock_strategies;

#[test]
fn time_control_cases() {
    let text = include_str!("cases/time_control/controls.jsonl");
    let mut checked = 0;
    for (number, line) in text.lines().enumerate() {
        let case: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let input = case["input"].as_str().unwrap();
        let at = format!("line {} ({input:?})", number + 1);
        let read = TimeControl::read(input);
        if let Some(error) = case.get("error") {
            let message = read.expect_err(&at).to_string();
            assert!(
                message.contains(error.as_str().unwrap()),
                "{at}: error {message:?}"
            );
            checked += 1;
            continue;
        }
        let control = read.unwrap_or_else(|e| panic!("{at}: {e}"));
        if let Some(tag) = case.get("tag") {
            assert_eq!(control.to_string(), tag.as_str().unwrap(), "{at}: tag");
        }
        if let Some(human) = case.get("human") {
            assert_eq!(control.human(), human.as_str().unwrap(), "{at}: human form");
        }
        for (key, limits) in [
            ("class", ClassLimits::SOURCE_TEXT),
            ("class_2018", ClassLimits::FIDE_2018),
        ] {
            if let Some(class) = case.get(key) {
                assert_eq!(
                    serde_json::json!(control.class(&limits)),
                    *class,
                    "{at}: {key}"
                );
            }
        }
        if let Some(ms) = case.get("game_time_ms") {
            let white = control.schedule(Side::White).expect("timed");
            assert_eq!(
                white.game_time_ms(),
                ms.as_u64().unwrap(),
                "{at}: time for 60 moves"
            );
        }
        // Whatever was read writes back to the same control in both notations.
        assert_eq!(
            control.to_string().parse::<TimeControl>().as_ref(),
            Ok(&control),
            "{at}: tag round trip"
        );
        assert_eq!(
            TimeControl::from_human(&control.human()).as_ref(),
            Ok(&control),
            "{at}: human round trip"
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} cases");
}

proptest! {
    /// Any control, however odd its times, reads back from both notations.
    #[test]
    fn both_notations_round_trip(control in clock_strategies::control()) {
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control.clone()));
        prop_assert_eq!(TimeControl::from_human(&control.human()), Ok(control.clone()));
        prop_assert_eq!(TimeControl::read(&control.human()), Ok(control));
    }
}
