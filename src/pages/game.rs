use laws::adjournment::Phase;
use laws::game::Event;
use leptos::prelude::*;

use crate::adjourning::adjourn_steps;

use crate::app::navigate;
use crate::components::adjourn_dialog::AdjournDialog;
use crate::components::confirm_dialog::ConfirmDialog;
use crate::pages::games::local_time;
use crate::pages::not_found::MissingGame;
use crate::route::Route;
use crate::state::{AppState, now_ms};

/// One game: its details and what can be done with it.
#[component]
pub fn GamePage(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game_id = id.clone();
    let game = Memo::new(move |_| state.game(&game_id));
    let confirm_delete = RwSignal::new(false);
    let confirm_adjourn = RwSignal::new(false);
    view! {
        {move || match game.get() {
            None => view! { <MissingGame id=id.clone() /> }.into_any(),
            Some(game) => {
                let setup = game.setup().clone();
                let id = game.id().to_owned();
                let delete = Callback::new({
                    let id = id.clone();
                    move |()| match state.delete(&id) {
                        Ok(()) => {
                            state.tell("Game deleted.");
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
                        let requested = game.fold().map_err(|e| e.to_string()).and_then(|play| {
                            adjourn_steps(&play, now, nominal_end)
                                .into_iter()
                                .try_for_each(|step| state.apply_at(&id, Event::Adjournment(step), now))
                        });
                        match requested {
                            Ok(()) => navigate(&Route::Adjourn(id.clone())),
                            Err(e) => state.warn(e),
                        }
                    }
                });
                let adjournment = game.fold().map(|play| play.adjournment).ok();
                let adjournment_link = match adjournment.as_ref().map(|a| (a.phase(), a.may_adjourn_again())) {
                    Some((Phase::Playing, _)) => view! {
                        <button class="button" on:click=move |_| confirm_adjourn.set(true)>"Adjourn"</button>
                    }.into_any(),
                    // A13: a resumed game may be adjourned again.
                    Some((_, true)) => view! {
                        <a class="button primary" href=Route::Resume(id.clone()).href()>"Resumption"</a>
                        <button class="button" on:click=move |_| confirm_adjourn.set(true)>"Adjourn"</button>
                    }.into_any(),
                    Some((Phase::Sealing | Phase::Sealed, _)) => view! {
                        <a class="button primary" href=Route::Adjourn(id.clone()).href()>"Sealing the move"</a>
                    }.into_any(),
                    Some(_) => view! {
                        <a class="button primary" href=Route::Resume(id.clone()).href()>"Resumption"</a>
                    }.into_any(),
                    None => ().into_any(),
                };
                let fide = |id: Option<u32>| id.map(|id| format!(" (FIDE ID {id})")).unwrap_or_default();
                view! {
                    <section class="page">
                        <h1>{format!("{} – {}", setup.white.name, setup.black.name)}</h1>
                        <dl class="details">
                            <dt>"White"</dt><dd>{setup.white.name.clone()}{fide(setup.white.fide_id)}</dd>
                            <dt>"Black"</dt><dd>{setup.black.name.clone()}{fide(setup.black.fide_id)}</dd>
                            <dt>"Event"</dt><dd>{setup.event.clone()}</dd>
                            <dt>"Site"</dt><dd>{setup.site.clone()}</dd>
                            <dt>"Round"</dt><dd>{setup.round.clone()}</dd>
                            <dt>"Board"</dt><dd>{setup.board.clone()}</dd>
                            <dt>"Time control"</dt><dd>{setup.time_control.human()}</dd>
                            <dt>"Laws"</dt><dd>{format!("Rulings follow {}", setup.ruleset.edition)}</dd>
                            <dt>"Created"</dt><dd>{local_time(game.created_ms())}</dd>
                            <dt>"Events in the log"</dt><dd>{game.log().len()}</dd>
                        </dl>
                        <div class="actions">
                            <a class="button primary" href=Route::Clock(id.clone()).href()>"Clock"</a>
                            <a class="button primary" href=Route::Scoresheet(id.clone()).href()>"Scoresheet"</a>
                            <a class="button" href=Route::Review(id.clone()).href()>"Review and PGN"</a>
                            <a class="button" href=Route::Arbiter(id.clone()).href()>"Arbiter's rulings"</a>
                            <a class="button" href=Route::EditGame(id.clone()).href()>"Edit details"</a>
                            {adjournment_link}
                            <button class="button danger" on:click=move |_| confirm_delete.set(true)>"Delete game"</button>
                        </div>
                        <AdjournDialog
                            open=confirm_adjourn
                            question=format!("Adjourn the game {} – {}? The player having the move will seal it (A1a).", setup.white.name, setup.black.name)
                            on_adjourn=adjourn
                        />
                        <ConfirmDialog
                            open=confirm_delete
                            question=format!("Delete the game {} – {}? This cannot be undone; export a backup first if unsure.", setup.white.name, setup.black.name)
                            confirm_label="Delete"
                            on_confirm=delete
                        />
                    </section>
                }.into_any()
            }
        }}
    }
}
