use laws::game::Side;
use laws::irregularity::{ClockReading, Finding, Situation, rule};
use laws::time_control::Class;
use leptos::prelude::*;
use shakmaty::Square;

use crate::components::rulings::ruling_card::RulingCard;
use crate::text::clock_reading::parse_hms;
use crate::text::laws_text;
use crate::{t, tf};

/// What the arbiter found, when the finding needs details the record
/// cannot give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Displaced,
    IllegalMove,
    NewGameOrdered,
}

/// Squares written as the arbiter types them: "g1 f3", "g1,f3".
fn squares(text: &str) -> Result<Vec<Square>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.to_ascii_lowercase().parse::<Square>().map_err(|_| {
                tf!(
                    "{s:?} is not a square (write them like g1 f3)",
                    "{s:?} to nie jest pole (zapisuj je tak: g1 f3)"
                )
            })
        })
        .collect()
}

/// The times the arbiter gives for the clocks, both or neither.
fn clocks(white: &str, black: &str) -> Result<Option<ClockReading>, String> {
    match (white.trim(), black.trim()) {
        ("", "") => Ok(None),
        (white, black) => Ok(Some(ClockReading {
            white_ms: parse_hms(white)?,
            black_ms: parse_hms(black)?,
        })),
    }
}

/// The finding the form describes, or what is wrong with it.
fn finding(
    kind: Kind,
    ply: &str,
    by: &str,
    touched: &str,
    times: Option<ClockReading>,
) -> Result<Finding, String> {
    Ok(match kind {
        Kind::Displaced => Finding::DisplacementFound {
            ply: ply.trim().parse().map_err(|_| {
                t!(
                    "give the half-move after which the position was last correct",
                    "podaj półruch, po którym pozycja była ostatnio prawidłowa"
                )
                .to_owned()
            })?,
        },
        Kind::IllegalMove => Finding::IllegalMove {
            by: match by {
                "white" => Some(Side::White),
                "black" => Some(Side::Black),
                _ => None,
            },
            offender_unknown: by == "nobody",
            touched: squares(touched)?,
            clocks: times,
        },
        Kind::NewGameOrdered => Finding::ColoursReversed {
            new_game_ordered: true,
        },
    })
}

/// Findings with details: a displacement found later (the last correct
/// half-move), an illegal move with its player (as the scoresheet shows
/// it, until the arbiter says otherwise), the pieces touched for the
/// replacing move (4.3) and the clocks' times when the log cannot give
/// them, a new game ordered for reversed colours. The ruling is shown
/// before it can be applied; `corrects` names the ruling it corrects.
#[component]
pub fn FindingForm(
    id: String,
    situation: Situation,
    #[prop(optional)] corrects: Option<usize>,
) -> impl IntoView {
    let kind = RwSignal::new(Kind::IllegalMove);
    let plies = situation.moves.len();
    let ply = RwSignal::new(plies.saturating_sub(1).to_string());
    let shown_by = match situation.illegal_move_by() {
        Some(Side::White) => "white",
        Some(Side::Black) => "black",
        None => "nobody",
    };
    let by = RwSignal::new(shown_by.to_owned());
    let touched = RwSignal::new(String::new());
    let white_time = RwSignal::new(String::new());
    let black_time = RwSignal::new(String::new());
    let piece_touched = RwSignal::new(false);
    let rapidplay = situation.class() != Class::Standard;
    let timed = situation.now.is_some();
    // The log has no readings it can match to the moves: the arbiter gives the times.
    let unmatched = timed && situation.clocks.is_empty();
    let preview = move || {
        let times = clocks(&white_time.get(), &black_time.get())?;
        let finding = finding(kind.get(), &ply.get(), &by.get(), &touched.get(), times)?;
        let situation = Situation {
            claimant_touched_piece: piece_touched.get(),
            ..situation.clone()
        };
        let ruling = rule(&finding, &situation)
            .map_err(|e| laws_text::irregularity::irregularity_error(&e))?;
        Ok::<_, String>((laws_text::irregularity::finding(&finding), finding, ruling))
    };
    view! {
        <section class="finding-form" aria-labelledby="finding-form-title">
            <h2 id="finding-form-title">{t!("A finding with details", "Ustalenie ze szczegółami")}</h2>
            <label class="field">
                <span>{t!("What did you find?", "Co stwierdzono?")}</span>
                <select on:change=move |ev| kind.set(match event_target_value(&ev).as_str() {
                    "displaced" => Kind::Displaced,
                    "new-game" => Kind::NewGameOrdered,
                    _ => Kind::IllegalMove,
                })>
                    <option value="illegal" selected>{t!("An illegal move: who made it, pieces touched (7.4, 4.3)", "Nieprawidłowe posunięcie: kto je wykonał, dotknięte bierki (7.4, 4.3)")}</option>
                    <option value="displaced">{t!("Pieces found displaced earlier in the game (7.4)", "Bierki przesunięte wcześniej w partii (7.4)")}</option>
                    <option value="new-game">{t!("Colours reversed: I order a new game (7.2)", "Zamienione kolory: zarządzam nową partię (7.2)")}</option>
                </select>
            </label>
            <Show when=move || kind.get() == Kind::Displaced>
                <label class="field">
                    <span>{tf!("The position was last correct after half-move (0 to {plies})", "Pozycja była ostatnio prawidłowa po półruchu (od 0 do {plies})")}</span>
                    <input type="number" min="0" max=plies inputmode="numeric"
                        prop:value=move || ply.get() on:input=move |ev| ply.set(event_target_value(&ev)) />
                </label>
            </Show>
            <Show when=move || kind.get() == Kind::IllegalMove>
                <label class="field">
                    <span>{t!("Who made it", "Kto je wykonał")}</span>
                    <select on:change=move |ev| by.set(event_target_value(&ev))>
                        <option value="white" selected=shown_by == "white">{t!("White", "Białe")}</option>
                        <option value="black" selected=shown_by == "black">{t!("Black", "Czarne")}</option>
                        <option value="nobody" selected=shown_by == "nobody">{t!("Nobody can say", "Nie można ustalić")}</option>
                    </select>
                </label>
                <Show when=move || unmatched>
                    <p class="hint" role="status">{t!("The clock's presses cannot be matched to the moves on the scoresheet: give the times the clocks are set to (6.13).", "Naciśnięć zegara nie da się przyporządkować posunięciom z blankietu: podaj czasy, na które nastawia się zegary (6.13).")}</p>
                    <label class="field">
                        <span>{t!("White's time (h:mm:ss)", "Czas białych (g:mm:ss)")}</span>
                        <input type="text" inputmode="numeric" autocomplete="off" placeholder="1:30:00"
                            prop:value=move || white_time.get() on:input=move |ev| white_time.set(event_target_value(&ev)) />
                    </label>
                    <label class="field">
                        <span>{t!("Black's time (h:mm:ss)", "Czas czarnych (g:mm:ss)")}</span>
                        <input type="text" inputmode="numeric" autocomplete="off" placeholder="1:30:00"
                            prop:value=move || black_time.get() on:input=move |ev| black_time.set(event_target_value(&ev)) />
                    </label>
                </Show>
                <label class="field">
                    <span>{t!("Pieces the player touched for the replacing move (squares, e.g. g1 f3; optional)", "Bierki dotknięte przez zawodnika przy posunięciu zastępującym (pola, np. g1 f3; nieobowiązkowe)")}</span>
                    <input type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
                        prop:value=move || touched.get() on:input=move |ev| touched.set(event_target_value(&ev)) />
                </label>
            </Show>
            <Show when=move || rapidplay && kind.get() != Kind::NewGameOrdered>
                <label class="check-row">
                    <input type="checkbox" prop:checked=move || piece_touched.get()
                        on:change=move |ev| piece_touched.set(event_target_checked(&ev)) />
                    <span>{t!("The claimant has touched a piece since (B5)", "Reklamujący dotknął od tego czasu bierki (B5)")}</span>
                </label>
            </Show>
            {move || match preview() {
                Ok((title, finding, ruling)) => view! {
                    <ul class="ruling-cards">
                        <RulingCard id=id.clone() title=title finding=finding ruling=ruling claimant_touched_piece=piece_touched.get_untracked() corrects=corrects />
                    </ul>
                }.into_any(),
                Err(why) => view! { <p class="hint" role="status">{tf!("No ruling: {why}.", "Brak decyzji: {why}.")}</p> }.into_any(),
            }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touched_squares_are_read_or_refused_with_the_reason() {
        assert_eq!(squares("G1, f3"), Ok(vec![Square::G1, Square::F3]));
        assert_eq!(squares(""), Ok(vec![]));
        assert!(
            squares("g9")
                .unwrap_err()
                .contains("\"g9\" is not a square")
        );
    }

    #[test]
    fn the_form_describes_the_finding() {
        assert_eq!(
            finding(Kind::Displaced, " 12 ", "", "", None),
            Ok(Finding::DisplacementFound { ply: 12 })
        );
        assert!(finding(Kind::Displaced, "x", "", "", None).is_err());
        assert_eq!(
            finding(Kind::IllegalMove, "", "black", "e7", None),
            Ok(Finding::IllegalMove {
                by: Some(Side::Black),
                offender_unknown: false,
                touched: vec![Square::E7],
                clocks: None,
            })
        );
        assert_eq!(
            clocks("1:20:00", "45"),
            Ok(Some(ClockReading {
                white_ms: 4_800_000,
                black_ms: 2_700_000
            }))
        );
        assert_eq!(clocks(" ", ""), Ok(None));
        assert!(clocks("1:20:00", "").is_err());
    }
}
