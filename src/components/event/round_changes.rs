//! The chief's changes to a published round before play, on an arbiter's
//! event screen: swap a board's colours, move it to another number, or
//! mark a player absent at the default time; each behind the PIN, each
//! logged in the round with its time.

use laws::trf::results::Absent;
use leptos::prelude::*;

use crate::components::common::pin_dialog::PinDialog;
use crate::event::couch::change_round;
use crate::event::round::Round;
use crate::event::round_change::RoundChange;
use crate::state::AppState;
use crate::text::i18n::local_hour_minute;
use crate::{t, tf};

/// The change the form describes.
fn chosen(kind: &str, board: &str, to: &str) -> Result<RoundChange, String> {
    let board: u32 = board
        .parse()
        .map_err(|_| t!("Choose the board.", "Wybierz szachownicę.").to_owned())?;
    Ok(match kind {
        "swap" => RoundChange::ColoursSwapped { board },
        "move" => RoundChange::BoardMoved {
            board,
            to: to.trim().parse().map_err(|_| {
                tf!(
                    "Give the board number to move it to (not {to:?}).",
                    "Podaj numer szachownicy, na którą ją przenieść (nie {to:?})."
                )
            })?,
        },
        "white" => RoundChange::Forfeit {
            board,
            absent: Absent::White,
        },
        "black" => RoundChange::Forfeit {
            board,
            absent: Absent::Black,
        },
        _ => RoundChange::Forfeit {
            board,
            absent: Absent::Both,
        },
    })
}

#[component]
pub fn RoundChanges(round: Round) -> impl IntoView {
    let state = expect_context::<AppState>();
    let number = round.round;
    let boards: Vec<u32> = round.boards.iter().map(|b| b.number).collect();
    let board = RwSignal::new(String::new());
    let kind = RwSignal::new("swap".to_owned());
    let to = RwSignal::new(String::new());
    let make = move || match chosen(
        &kind.get_untracked(),
        &board.get_untracked(),
        &to.get_untracked(),
    )
    .and_then(|change| change_round(state, number, change).map(|v| (change, v)))
    {
        Ok((change, version)) => state.tell(tf!(
            "Round {number}, version {version}: {change}. Every tablet takes it.",
            "Runda {number}, wersja {version}: {change}. Każdy tablet ją przyjmie."
        )),
        Err(e) => state.warn(e),
    };
    let asking = RwSignal::new(false);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if state.require_arbiter().is_err() {
            asking.set(true);
        } else {
            make();
        }
    };
    let unlock = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        make();
        Ok(())
    });
    let logged = round.changes.clone();
    view! {
        <form class="round-changes" on:submit=submit>
            <h3>{t!("Before play: change a board", "Przed grą: zmień szachownicę")}</h3>
            <label class="field">
                <span>{t!("Board to change", "Szachownica do zmiany")}</span>
                <select prop:value=move || board.get() on:change=move |ev| board.set(event_target_value(&ev))>
                    <option value="">{t!("Choose…", "Wybierz…")}</option>
                    {boards.into_iter().map(|b| view! { <option value=b.to_string()>{tf!("Board {b}", "Szachownica {b}")}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{t!("Change", "Zmiana")}</span>
                <select prop:value=move || kind.get() on:change=move |ev| kind.set(event_target_value(&ev))>
                    <option value="swap">{t!("Swap the colours", "Zamień kolory")}</option>
                    <option value="move">{t!("Move to another board number", "Przenieś na inny numer")}</option>
                    <option value="white">{t!("White absent at the default time (forfeit)", "Białe nieobecne w czasie zwłoki (walkower)")}</option>
                    <option value="black">{t!("Black absent at the default time (forfeit)", "Czarne nieobecne w czasie zwłoki (walkower)")}</option>
                    <option value="both">{t!("Both absent at the default time", "Oboje nieobecni w czasie zwłoki")}</option>
                </select>
            </label>
            <Show when=move || kind.get() == "move">
                <label class="field">
                    <span>{t!("New board number", "Nowy numer szachownicy")}</span>
                    <input inputmode="numeric" autocomplete="off" prop:value=move || to.get() on:input=move |ev| to.set(event_target_value(&ev)) />
                </label>
            </Show>
            <div class="actions">
                <button type="submit" class="button">{t!("Make the change", "Wprowadź zmianę")}</button>
            </div>
            {(!logged.is_empty()).then(|| view! {
                <ul class="round-change-log" aria-label=t!("Changes made", "Wprowadzone zmiany")>
                    {logged.iter().map(|c| view! { <li>{format!("{} · {}", local_hour_minute(c.at_ms), c.change)}</li> }).collect_view()}
                </ul>
            })}
        </form>
        <PinDialog open=asking title=t!("Change the round", "Zmień rundę") on_pin=unlock />
    }
}
