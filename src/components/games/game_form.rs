use laws::adjournment::AdjournmentRules;
use laws::game::{Player, Setup};
use laws::ruleset::{Edition, Ruleset};
use laws::time_control::PRESETS;
use leptos::prelude::*;

use crate::components::common::form_error::FormError;
use crate::components::common::notation_select::NotationSelect;
use crate::text::laws_text;
use crate::{t, tf};

/// Reads a FIDE ID as typed: empty is none, otherwise digits only.
pub fn parse_fide_id(text: &str) -> Result<Option<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>()
        .ok()
        .filter(|id| *id > 0)
        .map(Some)
        .ok_or_else(|| {
            tf!(
                "“{text}” is not a FIDE ID: it is a number such as 1503014",
                "„{text}” to nie jest FIDE ID: to liczba, np. 1503014"
            )
        })
}

/// The editions an arbiter can choose, the latest first.
const EDITIONS: [Edition; 3] = [Edition::Fide2014, Edition::Fide2009, Edition::Source];

/// An edition in the arbiter's words.
fn edition_label(edition: Edition) -> &'static str {
    match edition {
        Edition::Source => t!(
            "Until July 2009 (with adjournments; no penalty for an illegal move)",
            "Do lipca 2009 (z odkładaniem partii; bez kary za nieprawidłowe posunięcie)"
        ),
        Edition::Fide2009 => t!(
            "From July 2009 (two minutes to the opponent; the 3rd illegal move loses)",
            "Od lipca 2009 (dwie minuty dla przeciwnika; 3. nieprawidłowe posunięcie przegrywa)"
        ),
        Edition::Fide2014 => t!(
            "From July 2014 (two minutes to the opponent; the 2nd illegal move loses)",
            "Od lipca 2014 (dwie minuty dla przeciwnika; 2. nieprawidłowe posunięcie przegrywa)"
        ),
    }
}

fn fide_id_text(id: Option<u32>) -> String {
    id.map(|id| id.to_string()).unwrap_or_default()
}

/// The flag-fall articles the printings of Appendix A cross-refer to.
const FLAG_ARTICLES: [&str; 2] = ["6.10", "6.9"];

/// A10's limit as the arbiter types it, in whole minutes.
fn parse_late_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(minutes) if (1..=24 * 60).contains(&minutes) => Ok(minutes * 60_000),
        _ => Err(tf!(
            "“{}” is not a late limit: write the minutes, for example 60",
            "„{}” to nie jest limit spóźnienia: wpisz minuty, np. 60",
            text.trim()
        )),
    }
}

/// The game's details, for creating and for correcting a game.
#[component]
pub fn GameForm(
    initial: Setup,
    /// The game has begun: the core keeps its time control
    /// (`SetupError::LockedAfterStart`), so the form does not offer it.
    #[prop(optional)]
    time_control_locked: bool,
    /// Set up from the event's round: the players, event, round and board
    /// are the pairing program's, not typed.
    #[prop(optional)]
    from_round: bool,
    submit_label: &'static str,
    on_submit: Callback<Setup, Result<(), String>>,
) -> impl IntoView {
    let event = RwSignal::new(initial.event.clone());
    let site = RwSignal::new(initial.site.clone());
    let round = RwSignal::new(initial.round.clone());
    let board = RwSignal::new(initial.board.clone());
    let white = RwSignal::new(initial.white.name.clone());
    let white_id = RwSignal::new(fide_id_text(initial.white.fide_id));
    let black = RwSignal::new(initial.black.name.clone());
    let black_id = RwSignal::new(fide_id_text(initial.black.fide_id));
    let time_control = RwSignal::new(initial.time_control.to_string());
    let notation = RwSignal::new(initial.notation);
    let edition = RwSignal::new(initial.ruleset.edition);
    let late_limit = RwSignal::new((initial.adjournment.late_limit_ms / 60_000).to_string());
    let flag_article = RwSignal::new(initial.adjournment.flag_article.clone());
    let error = RwSignal::new(None::<String>);
    let initial_fen = initial.start_fen.clone();
    // A control set outside the presets (an imported game) stays selectable.
    let custom_control =
        (!PRESETS.iter().any(|p| p.control() == initial.time_control)).then(|| {
            (
                initial.time_control.to_string(),
                laws_text::time_control::time_control(&initial.time_control),
            )
        });
    let initial = StoredValue::new(initial);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let setup = (|| {
            Ok::<_, String>(Setup {
                event: event.get_untracked(),
                site: site.get_untracked(),
                round: round.get_untracked(),
                board: board.get_untracked(),
                white: Player {
                    name: white.get_untracked(),
                    fide_id: parse_fide_id(&white_id.get_untracked())?,
                },
                black: Player {
                    name: black.get_untracked(),
                    fide_id: parse_fide_id(&black_id.get_untracked())?,
                },
                time_control: time_control
                    .get_untracked()
                    .parse()
                    .map_err(|e| tf!("time control: {e}", "tempo gry: {e}"))?,
                notation: notation.get_untracked(),
                start_fen: initial_fen.clone(),
                // A competition's own parameters stay while its edition does.
                ruleset: match initial.with_value(|i| i.ruleset.clone()) {
                    same if same.edition == edition.get_untracked() => same,
                    _ => Ruleset::of(edition.get_untracked()),
                },
                adjournment: AdjournmentRules {
                    late_limit_ms: parse_late_limit(&late_limit.get_untracked())?,
                    flag_article: flag_article.get_untracked(),
                },
                ..initial.get_value()
            })
        })();
        error.set(setup.and_then(|setup| on_submit.run(setup)).err());
    };

    let text_field =
        move |label: &'static str, name: &'static str, value: RwSignal<String>, required: bool| {
            view! {
                <label class="field">
                    <span>{label}</span>
                    <input
                        name=name
                        required=required
                        readonly=from_round
                        autocomplete="off"
                        prop:value=move || value.get()
                        on:input=move |ev| value.set(event_target_value(&ev))
                    />
                </label>
            }
        };

    view! {
        <form class="game-form" on:submit=submit novalidate>
            // Two columns on a tablet held sideways: the whole form on one screen.
            <div class="form-columns">
            <div class="form-column">
            <fieldset>
                <legend>{t!("Players", "Zawodnicy")}</legend>
                {from_round.then(|| view! {
                    <p class="field-note">{t!(
                        "From the round's pairings: the players, event, round and board are the pairing program's.",
                        "Z kojarzenia rundy: zawodnicy, turniej, runda i szachownica pochodzą z programu kojarzącego."
                    )}</p>
                })}
                <div class="field-pair">
                    {text_field(t!("White", "Białe"), "white", white, true)}
                    {text_field(t!("White's FIDE ID (optional)", "FIDE ID białych (nieobowiązkowe)"), "white-fide-id", white_id, false)}
                </div>
                <div class="field-pair">
                    {text_field(t!("Black", "Czarne"), "black", black, true)}
                    {text_field(t!("Black's FIDE ID (optional)", "FIDE ID czarnych (nieobowiązkowe)"), "black-fide-id", black_id, false)}
                </div>
            </fieldset>
            <fieldset>
                <legend>{t!("Event", "Turniej")}</legend>
                <div class="field-pair">
                    {text_field(t!("Event", "Turniej"), "event", event, false)}
                    {text_field(t!("Site", "Miejsce"), "site", site, false)}
                </div>
                <div class="field-pair">
                    {text_field(t!("Round", "Runda"), "round", round, false)}
                    {text_field(t!("Board", "Szachownica"), "board", board, false)}
                </div>
            </fieldset>
            </div>
            <div class="form-column">
            <fieldset>
                <legend>{t!("Time control", "Tempo gry")}</legend>
                <label class="field">
                    <span>{t!("Time control", "Tempo gry")}</span>
                    <select name="time-control" disabled=time_control_locked on:change=move |ev| time_control.set(event_target_value(&ev))>
                        {custom_control.map(|(tag, name)| view! { <option value=tag.clone() selected=true>{name}</option> })}
                        {PRESETS.iter().map(|preset| view! {
                            <option value=preset.tag selected=move || time_control.get() == preset.tag>{laws_text::time_control::preset(preset)}</option>
                        }).collect_view()}
                    </select>
                </label>
                {time_control_locked.then(|| view! {
                    <p class="field-note">{t!(
                        "The game has begun: its time control stays. A running clock is changed in the arbiter's menu on the clock screen (6.13).",
                        "Partia się rozpoczęła: tempo gry pozostaje. Czas na zegarze zmienia się w menu sędziego na ekranie zegara (6.13)."
                    )}</p>
                })}
            </fieldset>
            <fieldset>
                <legend>{t!("Laws of Chess", "Przepisy gry w szachy")}</legend>
                <label class="field">
                    <span>{t!("Edition of the Laws the rulings follow", "Wydanie Przepisów, według którego zapadają decyzje")}</span>
                    <select name="edition" on:change=move |ev| {
                        if let Some(chosen) = EDITIONS.get(event_target_value(&ev).parse::<usize>().unwrap_or(0)) {
                            edition.set(*chosen);
                        }
                    }>
                        {EDITIONS.iter().enumerate().map(|(i, e)| {
                            let e = *e;
                            view! { <option value=i.to_string() selected=move || edition.get() == e>{edition_label(e)}</option> }
                        }).collect_view()}
                    </select>
                </label>
                // Set once per competition, if ever: folded.
                <details class="fold">
                    <summary>{t!("Adjourned games (Appendix A)", "Partie odłożone (Załącznik A)")}</summary>
                    <label class="field">
                        <span>{t!("Adjourned games: a player more than this many minutes late for the resumption loses (A10)", "Partie odłożone: zawodnik spóźniony na wznowienie o więcej minut niż tyle przegrywa (A10)")}</span>
                        <input
                            name="late-limit"
                            inputmode="numeric"
                            autocomplete="off"
                            prop:value=move || late_limit.get()
                            on:input=move |ev| late_limit.set(event_target_value(&ev))
                        />
                    </label>
                    <label class="field">
                        <span>{t!("Adjourned games: the flag-fall article this printing of Appendix A refers to", "Partie odłożone: artykuł o przekroczeniu czasu, do którego odsyła ten druk Załącznika A")}</span>
                        <select name="flag-article" on:change=move |ev| flag_article.set(event_target_value(&ev))>
                            {FLAG_ARTICLES.iter().map(|article| view! {
                                <option value=*article selected=move || flag_article.get() == *article>{*article}</option>
                            }).collect_view()}
                        </select>
                    </label>
                </details>
            </fieldset>
            <fieldset>
                <legend>{t!("Scoresheet", "Blankiet")}</legend>
                <NotationSelect
                    label=t!("Language of the moves (piece initials)", "Język zapisu posunięć (litery bierek)").to_owned()
                    name="notation"
                    value=notation.into()
                    on_change=Callback::new(move |lang| notation.set(lang))
                />
            </fieldset>
            </div>
            </div>
            <FormError error=error />
            <button class="button primary" type="submit">{submit_label}</button>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_late_limit_is_whole_minutes() {
        assert_eq!(parse_late_limit(" 30 "), Ok(1_800_000));
        assert_eq!(parse_late_limit("60"), Ok(3_600_000));
        assert!(parse_late_limit("0").is_err());
        assert!(
            parse_late_limit("half an hour")
                .unwrap_err()
                .contains("not a late limit")
        );
    }

    #[test]
    fn fide_ids_are_optional_numbers() {
        assert_eq!(parse_fide_id("  "), Ok(None));
        assert_eq!(parse_fide_id(" 1503014 "), Ok(Some(1_503_014)));
        assert!(
            parse_fide_id("15O3014")
                .unwrap_err()
                .contains("not a FIDE ID")
        );
        assert!(parse_fide_id("0").is_err());
    }
}
