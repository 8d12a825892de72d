//! `laws time-control`: a time control's periods and class as JSON.

use laws::game::Side;
use laws::time_control::{ClassLimits, PRESETS, TimeControl};

#[derive(clap::Args)]
pub struct Args {
    /// The PGN TimeControl tag ("40/5400+30:1800+30", "300+2", "-", "?") or
    /// the human form ("90'/40 + 30' + 30\"").
    #[arg(required_unless_present = "presets")]
    control: Option<String>,
    /// Which Laws set the rapidplay limits (Appendix B1).
    #[arg(long, value_enum, default_value_t = Limits::SourceText)]
    limits: Limits,
    /// List the presets instead, one per line.
    #[arg(long, conflicts_with = "control")]
    presets: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Limits {
    /// Rapidplay is 15 to 60 minutes (the source text).
    SourceText,
    /// Rapidplay is more than 10 and less than 60 minutes (2018 Laws).
    Fide2018,
}

impl Limits {
    pub fn get(self) -> ClassLimits {
        match self {
            Limits::SourceText => ClassLimits::SOURCE_TEXT,
            Limits::Fide2018 => ClassLimits::FIDE_2018,
        }
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let limits = args.limits.get();
    if args.presets {
        for preset in PRESETS {
            println!(
                "{}",
                describe(&preset.control(), &limits, Some(preset.name))
            );
        }
        return Ok(());
    }
    let text = args.control.unwrap_or_default();
    let control = TimeControl::read(&text).map_err(|e| format!("'{text}': {e}"))?;
    println!("{}", describe(&control, &limits, None));
    Ok(())
}

fn describe(control: &TimeControl, limits: &ClassLimits, name: Option<&str>) -> serde_json::Value {
    let schedule = |side| control.schedule(side);
    let mut out = serde_json::json!({
        "time_control": control,
        "human": control.human(),
        "white": schedule(Side::White),
        "black": schedule(Side::Black),
        "game_time_ms": {
            "white": schedule(Side::White).map(|s| s.game_time_ms()),
            "black": schedule(Side::Black).map(|s| s.game_time_ms()),
        },
        "class": control.class(limits),
    });
    if let Some(name) = name {
        out["name"] = name.into();
    }
    out
}
