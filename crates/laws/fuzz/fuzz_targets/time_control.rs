//! Fuzzes time-control notation and the clock built on a control.
//!
//! Input: the control as typed (PGN tag or human form) up to the first
//! newline; the bytes after it pick the clock's settings, then run it, three
//! bytes per action (which action, how long after the last one).
//!
//! Any text is a control or a typed refusal, never a panic; a control
//! written back as the tag and in the human form reads back the same. On a
//! timed control the clock takes any sequence of actions without a panic,
//! keeps its account (`remaining = allotted + increments + added - used`)
//! at every reading, and a replay of the actions it accepted rebuilds it.

#![no_main]

use laws::clock::{
    AtZero, Clock, ClockAction, ClockSettings, DialDisplay, NextPeriod, Setting, rule_flag_fall,
};
use laws::game::Side;
use laws::time_control::{ClassLimits, TimeControl};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn balanced(side: &DialDisplay) {
    let a = side.account;
    let income = i128::from(a.allotted_ms) + i128::from(a.increments_ms) + i128::from(a.added_ms);
    let shown = i128::from(side.remaining_ms) - i128::from(side.overtime_ms);
    assert_eq!(shown, income - i128::from(a.used_ms), "{side:?}");
}

fn side(byte: u8) -> Side {
    if byte & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (text, script) = data.split_at(split);
    let text = String::from_utf8_lossy(text);
    // Both readers on their own, and the one the app's fields use.
    let tag = text.parse::<TimeControl>();
    let human = TimeControl::from_human(&text);
    let Ok(control) = TimeControl::read(&text) else {
        return;
    };
    assert!(tag.as_ref() == Ok(&control) || human.as_ref() == Ok(&control));
    let written = control.to_string();
    assert_eq!(
        written.parse().as_ref(),
        Ok(&control),
        "{text:?} written as {written:?}"
    );
    let said = control.human();
    assert_eq!(
        TimeControl::from_human(&said).as_ref(),
        Ok(&control),
        "{text:?} said as {said:?}"
    );
    assert_eq!(TimeControl::read(&said).as_ref(), Ok(&control), "{said:?}");
    let json = serde_json::to_string(&control).unwrap();
    assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), control);
    let classes =
        [ClassLimits::SOURCE_TEXT, ClassLimits::FIDE_2018].map(|limits| control.class(&limits));

    let [settings, script @ ..] = script.get(1..).unwrap_or_default() else {
        return;
    };
    let settings = ClockSettings {
        next_period: if settings & 1 == 0 {
            NextPeriod::AtMoveCount
        } else {
            NextPeriod::AtFlag
        },
        at_zero: if settings & 2 == 0 {
            AtZero::Freeze
        } else {
            AtZero::RunOn
        },
        increment_before_first_move: settings & 4 == 0,
    };
    let Ok(mut clock) = Clock::new(&control, settings) else {
        assert!(matches!(
            control,
            TimeControl::Unknown | TimeControl::Untimed
        ));
        return;
    };
    let mut now = 0u64;
    let mut accepted = Vec::new();
    for step in script.chunks_exact(3) {
        let [what, a, b] = [step[0], step[1], step[2]];
        // Up to about 18 hours between two actions, in steps from 1 ms.
        now += u64::from(a) << (b % 24);
        let setting = |x: u8| Setting {
            remaining_ms: u64::from(x) * 60_000,
            moves: u32::from(x % 64),
            period: u32::from(x % 4),
        };
        let action = match what % 8 {
            0 => ClockAction::Start { side: side(a) },
            1..=3 => ClockAction::Press {
                side: side(what >> 3),
            },
            4 => ClockAction::Pause,
            5 => ClockAction::Resume,
            6 => ClockAction::Adjust {
                white: setting(a),
                black: setting(b),
            },
            _ => ClockAction::AddTime {
                side: side(a),
                ms: u64::from(b) * 1000,
            },
        };
        if clock.apply(action, now).is_ok() {
            accepted.push((now, action));
        }
        let reading = clock.display(now);
        balanced(&reading.white);
        balanced(&reading.black);
    }
    assert_eq!(
        Clock::replay(&control, settings, &accepted).as_ref(),
        Ok(&clock)
    );
    // A day later, as a clock left running overnight is read.
    let later = now + 86_400_000;
    let reading = clock.display(later);
    balanced(&reading.white);
    balanced(&reading.black);
    // White can still mate, Black cannot: a flag wins or draws.
    let position: Chess = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    for class in classes.into_iter().flatten() {
        for claimant in [None, Some(Side::White), Some(Side::Black)] {
            let ruling = rule_flag_fall(&clock, later, &position, class, claimant);
            assert!(!ruling.explanation.is_empty());
        }
    }
});
