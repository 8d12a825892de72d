//! `laws clock`: replays a clock log (JSON lines on stdin), printing the clock after each line.

use std::io::BufRead;

use laws::clock::{AtZero, Clock, ClockAction, ClockSettings, NextPeriod, rule_flag_fall};
use laws::game::Side;
use laws::time_control::TimeControl;
use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use crate::input::{Input, Unknown};
use crate::time_control::Limits;

#[derive(clap::Args)]
pub struct Args {
    /// The time control (PGN tag or human form).
    #[arg(long)]
    control: String,
    /// When the next period's time is added.
    #[arg(long, value_enum, default_value_t = NextPeriodArg::AtMoveCount)]
    next_period: NextPeriodArg,
    /// What the clock does at zero.
    #[arg(long, value_enum, default_value_t = AtZeroArg::Freeze)]
    at_zero: AtZeroArg,
    /// Add the Fischer increment after each move instead of before it.
    #[arg(long)]
    increment_after_move: bool,
    /// Which Laws set the rapidplay limits, for flag rulings.
    #[arg(long, value_enum, default_value_t = Limits::SourceText)]
    limits: Limits,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum NextPeriodArg {
    AtMoveCount,
    AtFlag,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum AtZeroArg {
    Freeze,
    RunOn,
}

/// A request for the arbiter's flag ruling at a line's time.
#[derive(Serialize, Deserialize)]
struct RulingRequest {
    /// The position on the board; the initial position when absent.
    #[serde(default)]
    fen: Option<String>,
    /// Who claims (rapidplay and blitz).
    #[serde(default)]
    claimant: Option<Side>,
}

pub fn run(args: Args) -> Result<(), String> {
    let control =
        TimeControl::read(&args.control).map_err(|e| format!("'{}': {e}", args.control))?;
    let settings = ClockSettings {
        next_period: match args.next_period {
            NextPeriodArg::AtMoveCount => NextPeriod::AtMoveCount,
            NextPeriodArg::AtFlag => NextPeriod::AtFlag,
        },
        at_zero: match args.at_zero {
            AtZeroArg::Freeze => AtZero::Freeze,
            AtZeroArg::RunOn => AtZero::RunOn,
        },
        increment_before_first_move: !args.increment_after_move,
    };
    let class = control.class(&args.limits.get());
    let mut clock = Clock::new(&control, settings).map_err(|e| e.to_string())?;
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let out = step(&mut clock, &line, number + 1, class)?;
        println!("{out}");
    }
    Ok(())
}

/// One line: `{"at_ms": N, "action": ...}` applies an action, `{"at_ms": N}`
/// reads the clock, `{"at_ms": N, "ruling": {"fen": ..., "claimant": ...}}`
/// asks for the flag ruling. A field it does not know stops the replay: it
/// could change the clock, and so the ruling.
fn step(
    clock: &mut Clock,
    line: &str,
    number: usize,
    class: Option<laws::time_control::Class>,
) -> Result<serde_json::Value, String> {
    let source = format!("line {number}");
    let err = |e: String| format!("{source}: {e}");
    let mut value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| err(format!("not JSON: {e}")))?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| err("expected a JSON object".to_owned()))?;
    let at_ms = object
        .remove("at_ms")
        .and_then(|v| v.as_u64())
        .ok_or_else(|| err("missing \"at_ms\" (milliseconds, a whole number)".to_owned()))?;
    if at_ms < clock.last_action_ms() {
        return Err(err(format!(
            "{at_ms} ms is earlier than the last action at {} ms",
            clock.last_action_ms()
        )));
    }
    let mut out = serde_json::json!({ "at_ms": at_ms });
    if let Some(request) = object.remove("ruling") {
        if let Some(other) = object.keys().next() {
            return Err(err(format!(
                "a ruling line has only \"at_ms\" and \"ruling\", not `{other}`: ask for the ruling on a line of its own"
            )));
        }
        let request: RulingRequest = Input {
            source: &format!("{source}: ruling"),
            what: "a ruling request",
            unknown: Unknown::Refuse,
        }
        .read_value(&request)?;
        let position = match request.fen {
            Some(fen) => fen
                .parse::<Fen>()
                .map_err(|e| err(format!("bad FEN: {e}")))?
                .into_position::<Chess>(CastlingMode::Standard)
                .map_err(|e| err(format!("bad position: {e}")))?,
            None => Chess::default(),
        };
        let class = class
            .ok_or_else(|| err("the time control is unknown: no class to rule by".to_owned()))?;
        out["ruling"] = serde_json::json!(rule_flag_fall(
            clock,
            at_ms,
            &position,
            class,
            request.claimant
        ));
    } else if object.contains_key("action") {
        let action: ClockAction = Input {
            source: &source,
            what: "a clock action",
            unknown: Unknown::Refuse,
        }
        .read_value(&value)?;
        let moves_before = clock.times().len();
        clock.apply(action, at_ms).map_err(|e| err(e.to_string()))?;
        // Echo the action as it was given: {"at_ms", "action", "side"...}.
        if let serde_json::Value::Object(fields) = serde_json::json!(action) {
            out.as_object_mut().expect("an object").extend(fields);
        }
        if let Some(time) = clock.times().get(moves_before) {
            out["move"] = serde_json::json!(time);
        }
    } else if let Some(other) = object.keys().next() {
        return Err(err(format!(
            "unknown field `{other}`: expected \"action\" or \"ruling\" besides \"at_ms\""
        )));
    }
    out["clock"] = serde_json::json!(clock.display(at_ms));
    Ok(out)
}
