//! The live broadcast on the chief arbiter's event screen: each round's
//! feed address in the database, the delay, and the push to a lichess
//! broadcast round with where it stands. Saving asks for the PIN.

use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::components::common::pin_dialog::PinDialog;
use crate::event::broadcast::{LichessStatus, status};
use crate::event::couch::{record, set_broadcast};
use crate::event::feed::{Broadcast, FEED_FILE, LICHESS, feed_doc_id};
use crate::state::AppState;
use crate::text::i18n::local_hour_minute;
use crate::{t, tf};

fn save(state: AppState, broadcast: Broadcast) {
    match set_broadcast(state, broadcast) {
        Ok(()) => state.tell(t!(
            "Broadcast settings saved: the feed follows them from now on.",
            "Zapisano ustawienia transmisji: od teraz transmisja się do nich stosuje."
        )),
        Err(e) => state.warn(e),
    }
}

#[component]
pub fn BroadcastPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let record = record();
    let held = record.with_untracked(|r| r.broadcast.clone().unwrap_or_default());
    let delay = RwSignal::new(held.delay_minutes.to_string());
    let round = RwSignal::new(held.round.map(|r| r.to_string()).unwrap_or_default());
    let lichess_round = RwSignal::new(held.lichess_round);
    let token = RwSignal::new(held.token);
    let server = RwSignal::new(held.server);
    let rounds = Memo::new({
        let record = record.clone();
        move |_| record.with(|r| r.rounds.keys().copied().collect::<Vec<_>>())
    });
    let database = Memo::new(move |_| {
        state
            .settings
            .with(|s| s.event.as_ref().map(|e| e.database_url()))
            .unwrap_or_default()
    });
    let feed = status();
    let written = Memo::new({
        let feed = feed.clone();
        move |_| feed.with(|f| f.written.clone())
    });
    let problem = Memo::new({
        let feed = feed.clone();
        move |_| feed.with(|f| f.problem.clone())
    });
    let lichess = Memo::new(move |_| feed.with(|f| f.lichess.clone()));
    let form = move || -> Result<Broadcast, String> {
        let delay = delay.get_untracked();
        let delay_minutes = delay.trim().parse().map_err(|_| {
            tf!(
                "The delay is a whole number of minutes (not {delay:?}).",
                "Opóźnienie to całkowita liczba minut (nie {delay:?})."
            )
        })?;
        Ok(Broadcast {
            delay_minutes,
            round: round.get_untracked().parse().ok(),
            lichess_round: lichess_round.get_untracked().trim().to_owned(),
            token: token.get_untracked().trim().to_owned(),
            server: server.get_untracked().trim().to_owned(),
        })
    };
    let asking = RwSignal::new(false);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        // What is mistyped is said before the PIN is asked for.
        match form().and_then(|b| b.validate().map(|()| b)) {
            Err(e) => state.warn(e),
            Ok(_) if state.require_arbiter().is_err() => asking.set(true),
            Ok(broadcast) => save(state, broadcast),
        }
    };
    let unlock = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        match form() {
            Ok(broadcast) => save(state, broadcast),
            Err(e) => state.warn(e),
        }
        Ok(())
    });
    view! {
        <section class="panel broadcast" aria-labelledby="broadcast-title">
            <h2 id="broadcast-title">{t!("Live broadcast", "Transmisja na żywo")}</h2>
            <p>{t!("Each round's games are kept in the event's database as one PGN file, each game as it stood the delay ago; a sealed move is never in it before the envelope is opened. A broadcast polls its address, read with the players' account (it writes nothing).", "Partie każdej rundy są w bazie turnieju jako jeden plik PGN, każda w stanie sprzed opóźnienia; zapieczętowanego posunięcia nie ma w nim przed otwarciem koperty. Transmisja odpytuje jego adres, czytany kontem zawodników (niczego nie zapisuje).")}</p>
            <ul class="feeds">
                <For each=move || rounds.get() key=|r| *r let:number>
                    <li>
                        <span>{tf!("Round {number}: ", "Runda {number}: ")}</span>
                        <code>{move || format!("{}/{}/{FEED_FILE}", database.get(), feed_doc_id(number).replace(':', "%3A"))}</code>
                        {move || written.with(|w| w.get(&number).map(|(at, games)| tf!(" · written at {}, {} game(s)", " · zapisano o {}, partii: {}", local_hour_minute(*at), games)))}
                    </li>
                </For>
            </ul>
            {move || problem.get().map(|why| view! { <p role="alert" class="weaker">{tf!("The feed was not written: {why}.", "Nie zapisano transmisji: {why}.")}</p> })}
            <form class="broadcast-form" on:submit=submit>
                <Field label=t!("Delay (minutes)", "Opóźnienie (minuty)").to_owned() value=delay kind="number" />
                <label class="field">
                    <span>{t!("Round pushed to lichess", "Runda wysyłana do lichess")}</span>
                    <select prop:value=move || round.get() on:change=move |ev| round.set(event_target_value(&ev))>
                        <option value="">{t!("None", "Żadna")}</option>
                        {move || rounds.get().into_iter().map(|r| view! { <option value=r.to_string()>{tf!("Round {r}", "Runda {r}")}</option> }).collect_view()}
                    </select>
                </label>
                <Field label=t!("Lichess broadcast round id", "Identyfikator rundy transmisji lichess").to_owned() value=lichess_round />
                <Field label=t!("Lichess token (study:write)", "Token lichess (study:write)").to_owned() value=token kind="password" />
                <Field label=tf!("Lichess server (empty: {LICHESS})", "Serwer lichess (puste: {LICHESS})") value=server />
                <p class="weaker">{t!("The token is kept on this tablet only, like the event's password, and never goes into the database or a join code: anyone who unlocks this tablet can push with it. Make a token with study:write alone for the event, and revoke it afterwards. Lichess takes 64 games a round: boards past 64 are not pushed.", "Token jest przechowywany tylko na tym tablecie, jak hasło turnieju, i nigdy nie trafia do bazy ani kodu dołączenia: każdy, kto odblokuje ten tablet, może nim wysyłać. Utwórz na turniej token tylko z study:write i unieważnij go po turnieju. Lichess przyjmuje 64 partie na rundę: szachownice powyżej 64 nie są wysyłane.")}</p>
                <div class="actions">
                    <button type="submit" class="button primary">{t!("Save the broadcast settings", "Zapisz ustawienia transmisji")}</button>
                </div>
            </form>
            {move || lichess.get().map(|shown| view! { <p role="status" class="lichess-status">{lichess_words(&shown)}</p> })}
            <PinDialog open=asking title=t!("Change the live broadcast", "Zmień transmisję na żywo") on_pin=unlock />
        </section>
    }
}

/// Where the push to lichess stands, in words.
fn lichess_words(shown: &LichessStatus) -> String {
    match shown {
        LichessStatus::Pushed {
            at_ms,
            round,
            pushed,
            left_out,
        } => {
            let mut words = tf!(
                "Round {round} pushed to lichess at {}: {} game(s) taken.",
                "Runda {round} wysłana do lichess o {}: przyjęto partii: {}.",
                local_hour_minute(*at_ms),
                pushed.taken
            );
            for refused in &pushed.refused {
                words.push_str(&tf!(" Refused: {refused}.", " Odrzucono: {refused}."));
            }
            if *left_out > 0 {
                words.push_str(&tf!(
                    " {left_out} board(s) past 64 not pushed.",
                    " Szachownic powyżej 64 niewysłanych: {left_out}."
                ));
            }
            words
        }
        LichessStatus::Failed {
            at_ms,
            why,
            retry_at_ms,
        } => match retry_at_ms {
            Some(retry) => tf!(
                "Not pushed at {}: {why}. Trying again at {}.",
                "Nie wysłano o {}: {why}. Ponowna próba o {}.",
                local_hour_minute(*at_ms),
                local_hour_minute(*retry)
            ),
            None => tf!(
                "Not pushed at {}: {why}. Tried again at the next move or when the settings change.",
                "Nie wysłano o {}: {why}. Ponowna próba przy następnym posunięciu lub zmianie ustawień.",
                local_hour_minute(*at_ms)
            ),
        },
    }
}
