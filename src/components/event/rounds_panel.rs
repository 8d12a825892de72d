//! The event's rounds on the event screen: on an arbiter's tablet, the
//! pairing program's file loaded, its round shown as boards and published;
//! on every tablet, the rounds published.

use laws::trf::{Pairings, TrfFile};
use leptos::prelude::*;

use crate::components::common::pin_dialog::PinDialog;
use crate::components::event::round_results_table::RoundResultsTable;
use crate::event::couch::{publish_round, record};
use crate::event::round::{Round, RoundBye, RoundPlayer};
use crate::platform::files::read_picked;
use crate::state::AppState;
use crate::{t, tf};

/// A bye's code in words.
fn bye_words(code: &str) -> String {
    match code {
        "H" => t!("half-point bye (H)", "pauza za pół punktu (H)").to_owned(),
        "F" => t!("full-point bye (F)", "pauza za punkt (F)").to_owned(),
        "U" => t!(
            "the pairing-allocated bye (U)",
            "pauza przydzielona przez kojarzenie (U)"
        )
        .to_owned(),
        "Z" => t!(
            "zero-point bye, absent (Z)",
            "pauza bez punktu, nieobecny (Z)"
        )
        .to_owned(),
        "0000" => t!("not paired (0000)", "nieskojarzony (0000)").to_owned(),
        other => other.to_owned(),
    }
}

pub fn player_words(p: &RoundPlayer) -> String {
    let mut words = p.name.clone();
    if !p.title.is_empty() {
        words = format!("{} {words}", p.title);
    }
    if let Some(rating) = p.rating {
        words = format!("{words} ({rating})");
    }
    words
}

/// The round read from `text` (the file's round to play, or `round`).
fn read_round(text: &str, round: Option<u32>) -> Result<Round, String> {
    let file = TrfFile::parse(text).map_err(|e| {
        tf!(
            "The file cannot be read: {e}.",
            "Nie można odczytać pliku: {e}."
        )
    })?;
    let round = round.or_else(|| file.round_to_play()).ok_or_else(|| {
        t!(
            "No round in this file is paired and not yet played: choose the round.",
            "Żadna runda w tym pliku nie jest skojarzona i nierozegrana: wybierz rundę."
        )
        .to_owned()
    })?;
    let pairings: Pairings = file.pairings(round).map_err(|e| {
        tf!(
            "The file cannot be read: {e}.",
            "Nie można odczytać pliku: {e}."
        )
    })?;
    Ok(Round::of(&file, &pairings, 1))
}

#[component]
pub fn RoundsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let chosen_round = RwSignal::new(String::new());
    let read = Memo::new(move |_| {
        let text = text.get();
        if text.trim().is_empty() {
            return None;
        }
        let round = chosen_round.get().trim().parse().ok();
        Some(read_round(&text, round))
    });
    let published =
        Memo::new(move |_| record().with(|r| r.rounds.values().cloned().collect::<Vec<_>>()));
    // The load and publish controls on an arbiter's tablet only.
    let arbiter_tablet = Memo::new(move |_| {
        state.settings.with(|s| {
            s.event.as_ref().is_some_and(|link| {
                let own = link.signing_key.as_ref().map(|k| k.verifying_key());
                own.is_some_and(|own| record().with(|r| r.arbiters(link).contains(&own)))
            })
        })
    });
    let asking = RwSignal::new(false);
    let publish_now = move || {
        let Some(Ok(round)) = read.get_untracked() else {
            return;
        };
        let number = round.round;
        match publish_round(state, round, text.get_untracked()) {
            Ok(version) => {
                state.tell(if version == 1 {
                    tf!(
                        "Round {number} published: each board tablet now sets up its game from it.",
                        "Runda {number} opublikowana: każdy tablet przy szachownicy zakłada z niej swoją partię."
                    )
                } else {
                    tf!(
                        "Round {number} published again (version {version}): it replaces the one before.",
                        "Runda {number} opublikowana ponownie (wersja {version}): zastępuje poprzednią."
                    )
                });
                text.set(String::new());
            }
            Err(e) => state.warn(e),
        }
    };
    let publish = move |_| {
        if state.require_arbiter().is_err() {
            asking.set(true);
        } else {
            publish_now();
        }
    };
    let unlock = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        publish_now();
        Ok(())
    });
    let pick = move |ev: leptos::ev::Event| {
        read_picked(&ev, move |read| match read {
            Ok(read) => text.set(read),
            Err(e) => state.warn(e),
        });
    };
    view! {
        <section class="panel" aria-labelledby="rounds-title">
            <h2 id="rounds-title">{t!("Rounds", "Rundy")}</h2>
            <p>{t!("Load the pairing program's file (TRF) on the chief arbiter's tablet: its round to play is shown as boards; publish it, and each board tablet sets up its game from it, with no name typed.", "Wczytaj plik programu kojarzącego (TRF) na tablecie sędziego głównego: jego runda do rozegrania pojawi się jako szachownice; opublikuj ją, a każdy tablet przy szachownicy założy z niej swoją partię bez wpisywania nazwisk.")}</p>
            <Show when=move || arbiter_tablet.get()>
            <div class="actions">
                <label class="button">
                    {t!("Load the pairing program's file", "Wczytaj plik programu kojarzącego")}
                    <input class="visually-hidden" type="file" accept=".trf,.trfx,.txt,text/plain" on:change=pick />
                </label>
                <label class="field">
                    <span>{t!("Round (empty: the one to play)", "Runda (puste: ta do rozegrania)")}</span>
                    <input name="trf-round" inputmode="numeric" autocomplete="off" prop:value=move || chosen_round.get() on:input=move |ev| chosen_round.set(event_target_value(&ev)) />
                </label>
            </div>
            {move || read.get().map(|read| match read {
                Err(e) => view! { <p class="form-error" role="alert">{e}</p> }.into_any(),
                Ok(round) => view! {
                    <RoundTable round=round.clone() />
                    <button type="button" class="button primary" on:click=publish>
                        {tf!("Publish round {}", "Opublikuj rundę {}", round.round)}
                    </button>
                }.into_any(),
            })}
            </Show>
            <For each=move || published.get() key=|r| (r.round, r.version) let:round>
                <details class="fold" open=true>
                    <summary>{tf!("Round {} published: {} boards (version {})", "Runda {} opublikowana: {} szachownic (wersja {})", round.round, round.boards.len(), round.version)}</summary>
                    <RoundResultsTable round=round.clone() />
                </details>
            </For>
            <PinDialog open=asking title=t!("Publish the round", "Opublikuj rundę") on_pin=unlock />
        </section>
    }
}

/// A round's boards and byes.
#[component]
fn RoundTable(round: Round) -> impl IntoView {
    let title = tf!(
        "Round {}: {}",
        "Runda {}: {}",
        round.round,
        round.event.clone()
    );
    view! {
        <table class="round-boards">
            <caption>{title}</caption>
            <thead><tr>
                <th>{t!("Board", "Szachownica")}</th>
                <th>{t!("White", "Białe")}</th>
                <th>{t!("Black", "Czarne")}</th>
            </tr></thead>
            <tbody>
                {round.boards.iter().map(|b| view! {
                    <tr>
                        <td>{b.number}</td>
                        <td>{player_words(&b.white)}</td>
                        <td>{player_words(&b.black)}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
        <ByesList byes=round.byes.clone() />
    }
}

/// The round's players with no board, and why.
#[component]
pub fn ByesList(byes: Vec<RoundBye>) -> impl IntoView {
    (!byes.is_empty()).then(|| {
        view! {
            <ul class="round-byes">
                {byes.iter().map(|b| view! {
                    <li>{format!("{}: {}", player_words(&b.player), bye_words(&b.code))}</li>
                }).collect_view()}
            </ul>
        }
    })
}
