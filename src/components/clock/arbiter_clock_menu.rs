use laws::clock::{ClockAction, ClockCorrection, ClockDisplay, DialDisplay, Setting};
use laws::game::Side;
use laws::intervention::TurnToSettle;
use leptos::prelude::*;

use crate::components::clock::turn_to_settle::SettleTurn;
use crate::components::common::form_error::FormError;
use crate::components::common::modal_keys::ModalKeys;
use crate::text::clock_reading::{dial, format_clock};
use crate::text::laws_text;
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
    tf!("{} time", "Czas {}", laws_text::side::sides(side))
}

fn moves_label(side: Side) -> String {
    tf!(
        "{} moves made",
        "Wykonane posunięcia {}",
        laws_text::side::sides(side)
    )
}

fn period_label(side: Side) -> String {
    tf!("{} period", "Okres {}", laws_text::side::sides(side))
}

/// One side's fields: the clock as it is now, unless the arbiter has typed
/// over a field (`None` until then).
#[derive(Clone, Copy)]
struct SideFields {
    side: Side,
    time: RwSignal<Option<String>>,
    moves: RwSignal<Option<String>>,
    period: RwSignal<Option<String>>,
}

impl SideFields {
    fn new(side: Side) -> SideFields {
        SideFields {
            side,
            time: RwSignal::new(None),
            moves: RwSignal::new(None),
            period: RwSignal::new(None),
        }
    }

    /// Back to the clock as it is: after each change the menu makes.
    fn clear(&self) {
        for typed in [self.time, self.moves, self.period] {
            typed.set(None);
        }
    }

    /// The setting the fields give: what was typed, the clock's own figure
    /// (to the millisecond) elsewhere.
    fn setting(&self, dial: &DialDisplay) -> Result<Setting, String> {
        let side = self.side;
        let typed = |field: RwSignal<Option<String>>| field.get_untracked();
        Ok(Setting {
            remaining_ms: match typed(self.time) {
                Some(text) => {
                    parse_clock_time(&text).map_err(|e| format!("{}: {e}", time_label(side)))?
                }
                None => dial.remaining_ms,
            },
            moves: match typed(self.moves) {
                Some(text) => {
                    parse_count(&text, 0).map_err(|e| format!("{}: {e}", moves_label(side)))?
                }
                None => dial.moves,
            },
            period: match typed(self.period) {
                Some(text) => {
                    parse_count(&text, 1).map_err(|e| format!("{}: {e}", period_label(side)))?
                }
                None => dial.period,
            },
        })
    }
}

/// The arbiter's controls (pause first): set both clocks (6.13), add time,
/// take back the last press, swap the sides, choose who starts. Opened only
/// behind the arbiter's PIN (or a confirmation when none is set), so a
/// player does not open it. Its fields show the clock as it is now.
#[component]
pub fn ArbiterClockMenu(
    open: RwSignal<bool>,
    /// The clock now.
    reading: Memo<Option<ClockDisplay>>,
    started: Signal<bool>,
    starter: RwSignal<Side>,
    /// Records a clock action; `Err` says why the clock refused it.
    act: Callback<ClockAction, Result<(), String>>,
    /// Records the arbiter's correction with his reason.
    correct: Callback<(ClockCorrection, String), Result<(), String>>,
    /// Whose move it is, while it waits to be settled after a swap.
    turn: Signal<Option<TurnToSettle>>,
) -> impl IntoView {
    let white = SideFields::new(Side::White);
    let black = SideFields::new(Side::Black);
    let extra = RwSignal::new(Some("2:00".to_owned()));
    let reason = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<String>);
    let report = move |result: Result<String, String>| match result {
        Ok(text) => {
            white.clear();
            black.clear();
            reason.set(None);
            error.set(None);
            done.set(Some(text));
        }
        Err(e) => {
            done.set(None);
            error.set(Some(e));
        }
    };
    let now = move || {
        reading
            .get_untracked()
            .ok_or_else(|| t!("This game has no clock.", "Ta partia nie ma zegara.").to_owned())
    };
    let set_clocks = move |_| {
        report((|| {
            let now = now()?;
            let action = ClockAction::Adjust {
                white: white.setting(&now.white)?,
                black: black.setting(&now.black)?,
            };
            act.run(action)?;
            Ok(t!("Both clocks are set.", "Oba zegary są ustawione.").to_owned())
        })())
    };
    let add_time = move |side: Side| {
        report((|| {
            let ms = parse_clock_time(&extra.get_untracked().unwrap_or_default())
                .map_err(|e| tf!("Time to add: {e}", "Czas do dodania: {e}"))?;
            act.run(ClockAction::AddTime { side, ms })?;
            Ok(tf!(
                "{} added to {} clock.",
                "Dodano {} do zegara {}.",
                format_clock(ms),
                laws_text::side::sides(side)
            ))
        })())
    };
    let correction = move |correction: ClockCorrection| {
        report((|| {
            let reason = match (correction, reason.get_untracked()) {
                (_, Some(typed)) if !typed.trim().is_empty() => typed,
                // Settling the swap just made needs no reason of its own.
                (ClockCorrection::ToMove { .. }, _) => t!(
                    "whose move it is, settled after the halves were swapped",
                    "ustalenie, czyje jest posunięcie, po zamianie połówek"
                )
                .to_owned(),
                (_, typed) => typed.unwrap_or_default(),
            };
            correct.run((correction, reason))?;
            Ok(match correction {
                ClockCorrection::UndoLastPress => t!(
                    "The last press is taken back.",
                    "Ostatnie naciśnięcie zostało cofnięte."
                )
                .to_owned(),
                ClockCorrection::SwapSides => t!(
                    "The sides are swapped: each half now shows the player facing it.",
                    "Strony zamienione: każda połowa pokazuje teraz zawodnika, który przed nią siedzi."
                )
                .to_owned(),
                ClockCorrection::ToMove { side } => tf!(
                    "{} to move: {} runs when the clocks are restarted.",
                    "Na posunięciu {}: po wznowieniu chodzi {}.",
                    laws_text::side::side_in_sentence(side),
                    laws_text::side::clock_of(side)
                ),
            })
        })())
    };
    let field = move |label: String,
                      name: String,
                      typed: RwSignal<Option<String>>,
                      now: Box<dyn Fn(&ClockDisplay) -> String + Send + Sync>,
                      numeric: bool| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    name=name
                    autocomplete="off"
                    inputmode=if numeric { "numeric" } else { "text" }
                    prop:value=move || typed.get().unwrap_or_else(|| reading.with(|r| r.as_ref().map(&now).unwrap_or_default()))
                    on:input=move |ev| typed.set(Some(event_target_value(&ev)))
                />
            </label>
        }
    };
    let typed_field = move |label: String, name: &str, typed: RwSignal<Option<String>>| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    name=name.to_owned()
                    autocomplete="off"
                    prop:value=move || typed.get().unwrap_or_default()
                    on:input=move |ev| typed.set(Some(event_target_value(&ev)))
                />
            </label>
        }
    };
    let side_fields = move |fields: SideFields| {
        let side = fields.side;
        let key = side.to_string().to_lowercase();
        view! {
            <fieldset class="side-setting">
                <legend>{laws_text::side::side(side)}</legend>
                {field(time_label(side), format!("{key}-time"), fields.time, Box::new(move |r| format_clock(dial(*r, side).remaining_ms)), false)}
                {field(moves_label(side), format!("{key}-moves"), fields.moves, Box::new(move |r| dial(*r, side).moves.to_string()), true)}
                {field(period_label(side), format!("{key}-period"), fields.period, Box::new(move |r| dial(*r, side).period.to_string()), true)}
            </fieldset>
        }
    };
    let starts_button = move |side: Side| {
        view! {
            <button
                class="button"
                aria-pressed=move || (starter.get() == side).to_string()
                on:click=move |_| starter.set(side)
            >{tf!("{} starts", "Zaczynają {}", laws_text::side::side_in_sentence(side))}</button>
        }
    };
    view! {
        <div class="dialog-backdrop">
            <div class="dialog arbiter-menu" role="dialog" aria-modal="true" aria-labelledby="arbiter-menu-title">
                <ModalKeys on_escape=Callback::new(move |()| open.set(false)) />
                <h2 id="arbiter-menu-title">{t!("Arbiter's menu", "Menu sędziego")}</h2>
                <section>
                    <h3>{t!("Set the clocks (Article 6.13)", "Ustaw zegary (artykuł 6.13)")}</h3>
                    <p class="hint">{t!("The fields show the clock as it is now; change only what must change.", "Pola pokazują zegar w obecnym stanie; zmień tylko to, co trzeba.")}</p>
                    <div class="side-settings">
                        {side_fields(white)}
                        {side_fields(black)}
                    </div>
                    <button class="button primary" on:click=set_clocks>{t!("Set both clocks", "Ustaw oba zegary")}</button>
                </section>
                <section>
                    <h3>{t!("Add time", "Dodaj czas")}</h3>
                    {typed_field(t!("Time to add", "Czas do dodania").to_owned(), "time-to-add", extra)}
                    <div class="actions">
                        <button class="button" on:click=move |_| add_time(Side::White)>{t!("Add to White", "Dodaj białym")}</button>
                        <button class="button" on:click=move |_| add_time(Side::Black)>{t!("Add to Black", "Dodaj czarnym")}</button>
                    </div>
                </section>
                <Show when=move || started.get()>
                    <section>
                        <h3>{t!("Correct the clock", "Popraw zegar")}</h3>
                        {typed_field(t!("Reason (kept in the game's log)", "Powód (zapisany w dzienniku partii)").to_owned(), "correction-reason", reason)}
                        <div class="actions">
                            <button class="button" on:click=move |_| correction(ClockCorrection::UndoLastPress)>{t!("Undo the last press", "Cofnij ostatnie naciśnięcie")}</button>
                            <button class="button" on:click=move |_| correction(ClockCorrection::SwapSides)>{t!("Swap sides (clock placed the other way round)", "Zamień strony (zegar ustawiony odwrotnie)")}</button>
                        </div>
                    </section>
                </Show>
                <SettleTurn turn=turn on_settle=Callback::new(move |side| correction(ClockCorrection::ToMove { side })) />
                <Show when=move || !started.get()>
                    <section>
                        <h3>{t!("Who starts", "Kto zaczyna")}</h3>
                        <div class="actions">{starts_button(Side::White)}{starts_button(Side::Black)}</div>
                    </section>
                </Show>
                <FormError error=error />
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
