use laws::clock::{ClockAction, ClockDisplay, Setting};
use laws::game::Side;
use leptos::prelude::*;

use crate::components::clock_face::format_clock;
use crate::components::modal_keys::ModalKeys;
use crate::laws_text;
use crate::{t, tf};

/// Reads a clock time as an arbiter types it: `h:mm:ss`, `m:ss` or seconds,
/// with tenths if wanted (`0:07.5`).
pub fn parse_clock_time(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let bad = || {
        tf!(
            "“{text}” is not a time: write it as h:mm:ss, m:ss or seconds, for example 1:30:00 or 5:00",
            "„{text}” to nie jest czas: zapisz go jako h:mm:ss, m:ss lub w sekundach, np. 1:30:00 albo 5:00"
        )
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let fraction_ms = format!("{fraction:0<3}")
        .parse::<u64>()
        .map_err(|_| bad())?;
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(bad());
    }
    let numbers: Vec<u64> = parts
        .iter()
        .map(|p| p.parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    // Minutes and seconds after a larger unit stay under 60.
    if numbers.iter().skip(1).any(|&n| n >= 60) {
        return Err(bad());
    }
    let seconds = numbers
        .iter()
        .try_fold(0u64, |total, &n| total.checked_mul(60)?.checked_add(n));
    seconds
        .and_then(|s| s.checked_mul(1000))
        .and_then(|ms| ms.checked_add(fraction_ms))
        .ok_or_else(bad)
}

fn parse_count(text: &str, least: u32) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| *n >= least)
        .ok_or_else(|| {
            tf!(
                "“{}” is not a whole number from {least}",
                "„{}” to nie jest liczba całkowita od {least}",
                text.trim()
            )
        })
}

fn time_label(side: Side) -> String {
    tf!("{} time", "Czas {}", laws_text::sides(side))
}

fn moves_label(side: Side) -> String {
    tf!(
        "{} moves made",
        "Wykonane posunięcia {}",
        laws_text::sides(side)
    )
}

fn period_label(side: Side) -> String {
    tf!("{} period", "Okres {}", laws_text::sides(side))
}

/// One side's fields, as typed.
#[derive(Clone, Copy)]
struct SideFields {
    side: Side,
    time: RwSignal<String>,
    moves: RwSignal<String>,
    period: RwSignal<String>,
}

impl SideFields {
    fn new(side: Side, reading: Option<&ClockDisplay>) -> SideFields {
        let dial = reading.map(|r| match side {
            Side::White => r.white,
            Side::Black => r.black,
        });
        SideFields {
            side,
            time: RwSignal::new(
                dial.map(|d| format_clock(d.remaining_ms))
                    .unwrap_or_default(),
            ),
            moves: RwSignal::new(dial.map(|d| d.moves.to_string()).unwrap_or_default()),
            period: RwSignal::new(dial.map(|d| d.period.to_string()).unwrap_or_default()),
        }
    }

    fn setting(&self) -> Result<Setting, String> {
        let side = self.side;
        Ok(Setting {
            remaining_ms: parse_clock_time(&self.time.get_untracked())
                .map_err(|e| format!("{}: {e}", time_label(side)))?,
            moves: parse_count(&self.moves.get_untracked(), 0)
                .map_err(|e| format!("{}: {e}", moves_label(side)))?,
            period: parse_count(&self.period.get_untracked(), 1)
                .map_err(|e| format!("{}: {e}", period_label(side)))?,
        })
    }
}

/// The arbiter's controls (pause first): set both clocks (6.13), add time,
/// choose who starts. Opened only after a confirmation, so a player does not
/// open it by accident.
#[component]
pub fn ArbiterClockMenu(
    open: RwSignal<bool>,
    /// The clock when the menu opened, to start the fields from.
    reading: Option<ClockDisplay>,
    started: Signal<bool>,
    starter: RwSignal<Side>,
    /// Records a clock action; `Err` says why the clock refused it.
    act: Callback<ClockAction, Result<(), String>>,
) -> impl IntoView {
    let white = SideFields::new(Side::White, reading.as_ref());
    let black = SideFields::new(Side::Black, reading.as_ref());
    let extra = RwSignal::new("2:00".to_owned());
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<String>);
    let report = move |result: Result<String, String>| match result {
        Ok(text) => {
            error.set(None);
            done.set(Some(text));
        }
        Err(e) => {
            done.set(None);
            error.set(Some(e));
        }
    };
    let set_clocks = move |_| {
        report((|| {
            let action = ClockAction::Adjust {
                white: white.setting()?,
                black: black.setting()?,
            };
            act.run(action)?;
            Ok(t!("Both clocks are set.", "Oba zegary są ustawione.").to_owned())
        })())
    };
    let add_time = move |side: Side| {
        report((|| {
            let ms = parse_clock_time(&extra.get_untracked())
                .map_err(|e| tf!("Time to add: {e}", "Czas do dodania: {e}"))?;
            act.run(ClockAction::AddTime { side, ms })?;
            Ok(tf!(
                "{} added to {} clock.",
                "Dodano {} do zegara {}.",
                format_clock(ms),
                laws_text::sides(side)
            ))
        })())
    };
    let field = |label: String, name: String, value: RwSignal<String>, numeric: bool| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    name=name
                    autocomplete="off"
                    inputmode=if numeric { "numeric" } else { "text" }
                    prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev))
                />
            </label>
        }
    };
    let side_fields = move |fields: SideFields| {
        let side = fields.side;
        let key = side.to_string().to_lowercase();
        view! {
            <fieldset class="side-setting">
                <legend>{laws_text::side(side)}</legend>
                {field(time_label(side), format!("{key}-time"), fields.time, false)}
                {field(moves_label(side), format!("{key}-moves"), fields.moves, true)}
                {field(period_label(side), format!("{key}-period"), fields.period, true)}
            </fieldset>
        }
    };
    let starts_button = move |side: Side| {
        view! {
            <button
                class="button"
                aria-pressed=move || (starter.get() == side).to_string()
                on:click=move |_| starter.set(side)
            >{tf!("{} starts", "Zaczynają {}", laws_text::side_in_sentence(side))}</button>
        }
    };
    view! {
        <div class="dialog-backdrop">
            <div class="dialog arbiter-menu" role="dialog" aria-modal="true" aria-labelledby="arbiter-menu-title">
                <ModalKeys on_escape=Callback::new(move |()| open.set(false)) />
                <h2 id="arbiter-menu-title">{t!("Arbiter's menu", "Menu sędziego")}</h2>
                <section>
                    <h3>{t!("Set the clocks (Article 6.13)", "Ustaw zegary (artykuł 6.13)")}</h3>
                    <div class="side-settings">
                        {side_fields(white)}
                        {side_fields(black)}
                    </div>
                    <button class="button primary" on:click=set_clocks>{t!("Set both clocks", "Ustaw oba zegary")}</button>
                </section>
                <section>
                    <h3>{t!("Add time", "Dodaj czas")}</h3>
                    {field(t!("Time to add", "Czas do dodania").to_owned(), "time-to-add".to_owned(), extra, false)}
                    <div class="actions">
                        <button class="button" on:click=move |_| add_time(Side::White)>{t!("Add to White", "Dodaj białym")}</button>
                        <button class="button" on:click=move |_| add_time(Side::Black)>{t!("Add to Black", "Dodaj czarnym")}</button>
                    </div>
                </section>
                <Show when=move || !started.get()>
                    <section>
                        <h3>{t!("Who starts", "Kto zaczyna")}</h3>
                        <div class="actions">{starts_button(Side::White)}{starts_button(Side::Black)}</div>
                    </section>
                </Show>
                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                {move || done.get().map(|text| view! { <p class="menu-done" role="status">{text}</p> })}
                <div class="actions">
                    <button class="button" on:click=move |_| open.set(false)>{t!("Close", "Zamknij")}</button>
                </div>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::parse_clock_time;

    #[test]
    fn times_are_read_as_clocks_show_them() {
        assert_eq!(parse_clock_time("1:30:00"), Ok(5_400_000));
        assert_eq!(parse_clock_time(" 5:00 "), Ok(300_000));
        assert_eq!(parse_clock_time("45"), Ok(45_000));
        assert_eq!(parse_clock_time("0:07.5"), Ok(7_500));
        assert_eq!(parse_clock_time("0:00.25"), Ok(250));
        assert_eq!(parse_clock_time("90:00"), Ok(5_400_000));
    }

    #[test]
    fn anything_else_is_refused_with_the_expected_form() {
        for bad in [
            "",
            "1:60",
            "1:2:3:4",
            "abc",
            "5:",
            "-5",
            "1.2345",
            "1:30:00 h",
        ] {
            let error = parse_clock_time(bad).unwrap_err();
            assert!(error.contains("h:mm:ss"), "{bad}: {error}");
        }
        assert!(parse_clock_time("99999999999999999999").is_err());
    }
}
