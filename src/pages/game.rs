use laws::adjournment::Step;
use laws::game::Event;
use leptos::prelude::*;

use crate::arbiter_keys::{SealWith, no_key_in_event_text};
use crate::{t, tf};

use crate::components::adjournment::adjourn_dialog::AdjournDialog;
use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::components::common::pin_dialog::PinDialog;
use crate::components::shell::game_over::GameOver;
use crate::pages::not_found::MissingGame;
use crate::pages::review::ReviewPage;
use crate::route::Route;
use crate::route::navigate;
use crate::state::{AppState, now_ms};
use crate::text::i18n::local_time;
use crate::text::laws_text;

/// One game: its details and what can be done with it.
#[component]
pub fn GamePage(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game_id = id.clone();
    let game = Memo::new(move |_| state.game(&game_id));
    let confirm_delete = RwSignal::new(false);
    let confirm_adjourn = RwSignal::new(false);
    // Deleting is the arbiter's: behind his PIN while the tablet is locked.
    let asking_pin = RwSignal::new(false);
    let ask_delete = move |_| {
        if state.arbiter_locked() {
            asking_pin.set(true);
        } else {
            confirm_delete.set(true);
        }
    };
    let unlock_to_delete = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        confirm_delete.set(true);
        Ok(())
    });
    view! {
        {move || match game.get() {
            None => view! { <MissingGame id=id.clone() /> }.into_any(),
            // A game read from a PGN record is the players' to look at:
            // nothing to run, adjourn or rule.
            Some(game) if game.setup().record_date.is_some() => view! { <ReviewPage id=id.clone() /> }.into_any(),
            Some(game) => {
                let setup = game.setup().clone();
                let id = game.id().to_owned();
                let delete = Callback::new({
                    let id = id.clone();
                    move |()| match state.delete(&id) {
                        Ok(()) => {
                            state.tell_on(Route::Games, t!("Game deleted.", "Partia usunięta."));
                            navigate(&Route::Games);
                        }
                        Err(e) => state.warn(e),
                    }
                });
                let adjourn = Callback::new({
                    let id = id.clone();
                    let game = game.clone();
                    move |nominal_end: Option<u64>| {
                        let now = now_ms();
                        // A1a: the player having the move seals it; the fold
                        // ends a resumption session whose finish has passed (A13).
                        let requested = game.fold().map_err(|e| laws_text::game::game_error(&e)).and_then(|play| {
                            let request = play.seal_request(nominal_end.unwrap_or(0));
                            state.apply_at(&id, Event::Adjournment(request), now)
                        });
                        match requested {
                            Ok(()) => navigate(&Route::Adjourn(id.clone())),
                            Err(e) => state.warn(e),
                        }
                    }
                });
                let play = game.fold().ok();
                let result = play.and_then(laws_text::game::game_over);
                let adjourn_button = play.is_some_and(|p| p.may_adjourn()).then(|| view! {
                    <button class="button" on:click=move |_| {
                        // Refused before the clock stops: the move could not be sealed.
                        if state.seal_with() == SealWith::NoKeyInEvent {
                            state.warn(no_key_in_event_text());
                        } else {
                            confirm_adjourn.set(true);
                        }
                    }>{t!("Adjourn", "Odłóż partię")}</button>
                });
                // The envelope is being sealed and verified (A1a to A3) on
                // the adjournment's screen; from then on, the resumption's.
                let adjournment = play.map(|p| &p.adjournment);
                let adjournment_link = match adjournment {
                    Some(a) if a.accepts(Step::Sealed) || a.accepts(Step::Verified) => view! {
                        <a class="button primary" href=Route::Adjourn(id.clone()).href()>{t!("Sealing the move", "Zapieczętowanie posunięcia")}</a>
                    }.into_any(),
                    Some(a) if a.envelopes().is_empty() => ().into_any(),
                    Some(_) => view! {
                        <a class="button primary" href=Route::Resume(id.clone()).href()>{t!("Resumption", "Wznowienie")}</a>
                    }.into_any(),
                    None => ().into_any(),
                };
                let fide = |id: Option<u32>| id.map(|id| tf!(" (FIDE ID {id})", " (FIDE ID {id})")).unwrap_or_default();
                view! {
                    <section class="page">
                        <h1>{laws_text::side::pairing(&setup.white.name, &setup.black.name)}</h1>
                        {result.map(|result| view! { <GameOver result review=id.clone() /> })}
                        <dl class="details">
                            <dt>{t!("White", "Białe")}</dt><dd>{setup.white.name.clone()}{fide(setup.white.fide_id)}</dd>
                            <dt>{t!("Black", "Czarne")}</dt><dd>{setup.black.name.clone()}{fide(setup.black.fide_id)}</dd>
                            <dt>{t!("Event", "Turniej")}</dt><dd>{setup.event.clone()}</dd>
                            <dt>{t!("Site", "Miejsce")}</dt><dd>{setup.site.clone()}</dd>
                            <dt>{t!("Round", "Runda")}</dt><dd>{setup.round.clone()}</dd>
                            <dt>{t!("Board", "Szachownica")}</dt><dd>{setup.board.clone()}</dd>
                            <dt>{t!("Time control", "Tempo gry")}</dt><dd>{laws_text::time_control::time_control(&setup.time_control)}</dd>
                            <dt>{t!("Laws", "Przepisy")}</dt><dd>{tf!("Rulings follow {}", "Decyzje według: {}", laws_text::ruleset::edition(setup.ruleset.edition))}</dd>
                            <dt>{t!("Created", "Utworzono")}</dt><dd>{local_time(game.created_ms())}</dd>
                            <dt>{t!("Events in the log", "Zdarzenia w zapisie")}</dt><dd>{game.log().len()}</dd>
                        </dl>
                        <div class="actions">
                            <a class="button primary" href=Route::Clock(id.clone()).href()>{t!("Clock", "Zegar")}</a>
                            <a class="button primary" href=Route::Scoresheet(id.clone()).href()>{t!("Scoresheet", "Blankiet")}</a>
                            <a class="button" href=Route::Review(id.clone()).href()>{t!("Review and PGN", "Przegląd i PGN")}</a>
                            <a class="button" href=Route::Arbiter(id.clone()).href()>{t!("Arbiter's rulings", "Decyzje sędziego")}</a>
                            <a class="button" href=Route::EditGame(id.clone()).href()>{t!("Edit details", "Edytuj dane")}</a>
                            {adjournment_link}
                            {adjourn_button}
                            <button class="button danger" on:click=ask_delete>{t!("Delete game", "Usuń partię")}</button>
                        </div>
                        <AdjournDialog
                            open=confirm_adjourn
                            question=tf!("Adjourn the game {}? The player having the move will seal it (A1a).", "Odłożyć partię {}? Zawodnik mający posunięcie zapieczętuje je (A1a).", laws_text::side::pairing(&setup.white.name, &setup.black.name))
                            on_adjourn=adjourn
                        />
                        <PinDialog open=asking_pin title=t!("Delete the game: the arbiter's PIN", "Usunięcie partii: PIN sędziego") on_pin=unlock_to_delete />
                        <ConfirmDialog
                            open=confirm_delete
                            question=tf!("Delete the game {}? This cannot be undone; export a backup first if unsure.", "Usunąć partię {}? Tego nie da się cofnąć; w razie wątpliwości najpierw wyeksportuj kopię zapasową.", laws_text::side::pairing(&setup.white.name, &setup.black.name))
                            confirm_label=t!("Delete", "Usuń")
                            on_confirm=delete
                        />
                    </section>
                }.into_any()
            }
        }}
    }
}
