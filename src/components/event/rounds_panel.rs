//! The event's rounds on the event screen: on an arbiter's tablet, the
//! pairing program's file loaded, its round shown as boards and published;
//! on every tablet, the rounds published.

use laws::trf::encoding::Encoding;
use laws::trf::{Pairings, TrfFile};
use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::components::common::pin_dialog::PinDialog;
use crate::components::event::round_changes::RoundChanges;
use crate::components::event::round_players::{ByesList, player_words};
use crate::components::event::round_results_table::RoundResultsTable;
use crate::event::archive::archive;
use crate::event::couch::{publish_round, record};
use crate::event::round::Round;
use crate::platform::files::read_picked_bytes;
use crate::state::AppState;
use crate::{t, tf};

/// What was loaded: the pairing program's file (a player line, `001`,
/// in it), else a plain list of boards.
fn is_trf(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("001"))
}

/// The round read from `text`: the file's round to play (or `round`), or
/// round `round` of event `event` from a plain list.
fn read_round(text: &str, round: Option<u32>, event: &str) -> Result<Round, String> {
    let unreadable =
        |e: laws::trf::TrfError| tf!("This cannot be read: {e}.", "Nie można tego odczytać: {e}.");
    if !is_trf(text) {
        let boards = laws::trf::list::read(text).map_err(unreadable)?;
        let round = round.ok_or_else(|| {
            t!(
                "A list of boards: give the round's number.",
                "Lista szachownic: podaj numer rundy."
            )
            .to_owned()
        })?;
        return Ok(Round::of_list(round, event, boards, 1));
    }
    let file = TrfFile::parse(text).map_err(unreadable)?;
    let round = round.or_else(|| file.round_to_play()).ok_or_else(|| {
        t!(
            "No round in this file is paired and not yet played: choose the round.",
            "Żadna runda w tym pliku nie jest skojarzona i nierozegrana: wybierz rundę."
        )
        .to_owned()
    })?;
    let pairings: Pairings = file.pairings(round).map_err(unreadable)?;
    Ok(Round::of(&file, &pairings, 1))
}

#[component]
pub fn RoundsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    // How the loaded file was written: its results go back out so.
    let encoding = RwSignal::new(Encoding::Utf8);
    let chosen_round = RwSignal::new(String::new());
    let event = RwSignal::new(String::new());
    let read = Memo::new(move |_| {
        let text = text.get();
        if text.trim().is_empty() {
            return None;
        }
        let round = chosen_round.get().trim().parse().ok();
        Some(read_round(&text, round, &event.get()))
    });
    let archive = archive();
    let archived = Memo::new(move |_| archive.with(Vec::len));
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
        let trf = Some(text.get_untracked())
            .filter(|t| is_trf(t))
            .map(|t| (t, encoding.get_untracked()));
        match publish_round(state, round, trf) {
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
        read_picked_bytes(&ev, move |read| match read {
            Ok(bytes) => {
                let (read, written) = Encoding::decode(bytes);
                encoding.set(written);
                text.set(read);
            }
            Err(e) => state.warn(e),
        });
    };
    view! {
        <section class="panel" aria-labelledby="rounds-title">
            <h2 id="rounds-title">{t!("Rounds", "Rundy")}</h2>
            <p>{t!("Load the pairing program's file (TRF) on the chief arbiter's tablet, or paste a list of boards for an event with no pairing program: the round is shown as boards; publish it, and each board tablet sets up its game from it, with no name typed.", "Wczytaj plik programu kojarzącego (TRF) na tablecie sędziego głównego albo wklej listę szachownic, gdy turniej nie ma programu kojarzącego: runda pojawi się jako szachownice; opublikuj ją, a każdy tablet przy szachownicy założy z niej swoją partię bez wpisywania nazwisk.")}</p>
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
            <label class="field">
                <span>{t!("Or paste the file, or a list of boards (board, white, black: one a line)", "Albo wklej plik lub listę szachownic (szachownica, białe, czarne: po jednej w wierszu)")}</span>
                <textarea name="pairings" rows="4" prop:value=move || text.get() on:input=move |ev| { encoding.set(Encoding::Utf8); text.set(event_target_value(&ev)) }></textarea>
            </label>
            <Show when=move || { let t = text.get(); !t.trim().is_empty() && !is_trf(&t) }>
                <Field label=t!("Event (for a list)", "Turniej (dla listy)").to_owned() value=event />
            </Show>
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
            <Show when=move || archived.get() != 0>
                <p class="archived-note">{move || {
                    let count = archived.get();
                    tf!(
                        "{count} game(s) of past rounds, over and in the event's database, are archived on this tablet: kept in the browser's database, out of the page and of its 5 MB of storage. Their results are shown below; each round's PGN and the backup carry their games.",
                        "Zarchiwizowane partie minionych rund, zakończone i zapisane w bazie turnieju ({count}): są w bazie danych przeglądarki, poza stroną i jej 5 MB pamięci. Ich wyniki są poniżej; PGN każdej rundy i kopia zapasowa zawierają te partie."
                    )
                }}</p>
            </Show>
            <For each=move || published.get() key=|r| (r.round, r.version) let:round>
                <details class="fold" open=true>
                    <summary>{tf!("Round {} published: {} boards (version {})", "Runda {} opublikowana: {} szachownic (wersja {})", round.round, round.boards.len(), round.version)}</summary>
                    <RoundResultsTable round=round.clone() />
                    <Show when=move || arbiter_tablet.get()>
                        <RoundChanges round=round.clone() />
                    </Show>
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
