//! The arbiter's panel of a game: the rulings of Article 7, Appendix B and
//! 10.2 that apply now, each carried out behind a confirmation and written
//! into the game log; and the rulings given so far.

use laws::clock::ClockAction;
use laws::game::{Event, Game, Side};
use laws::irregularity::actions_now;
use leptos::prelude::*;

use crate::components::applied_rulings::AppliedRulings;
use crate::components::finding_form::FindingForm;
use crate::components::game_end::GameEnd;
use crate::components::game_over::GameOver;
use crate::components::game_screen::game_screen;
use crate::components::ruling_card::RulingCard;
use crate::laws_text;
use crate::route::Route;
use crate::state::{AppState, now_ms};
use crate::{t, tf};

#[component]
pub fn ArbiterPage(id: String) -> impl IntoView {
    game_screen(id, |game| view! { <ArbiterPanel game=game /> }.into_any())
}

#[component]
fn ArbiterPanel(game: Game) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = game.id().to_owned();
    let setup = game.setup().clone();
    let play = match game.fold() {
        Ok(play) => play,
        Err(e) => {
            return view! {
                <section class="page">
                    <h1>{t!("Arbiter", "Sędzia")}</h1>
                    <p class="form-error" role="alert">{tf!("This game's log cannot be replayed: {e}.", "Zapisu tej partii nie da się odtworzyć: {e}.")}</p>
                </section>
            }
            .into_any();
        }
    };
    let running = play
        .clock
        .as_ref()
        .is_some_and(|c| c.running_side().is_some());
    let now = now_ms();
    let situation = play.situation(now);
    let recording = [Side::White, Side::Black].map(|side| play.recording(side, now));
    let actions = actions_now(&situation);
    let stop_clocks = {
        let id = id.clone();
        move |_| {
            if let Err(e) = state.apply(&id, Event::Clock(ClockAction::Pause)) {
                state.warn(tf!(
                    "The clocks were not stopped: {e}.",
                    "Zegary nie zostały zatrzymane: {e}."
                ));
            }
        }
    };
    let result = laws_text::game_over(&play);
    let open = result.is_none();
    let over = result.map(|result| {
        view! { <GameOver result /> }
    });
    let (clock, sheet, details) = (
        Route::Clock(id.clone()).href(),
        Route::Scoresheet(id.clone()).href(),
        Route::Game(id.clone()).href(),
    );
    view! {
        <section class="page arbiter-panel">
            <h1>{tf!("Arbiter: {} – {}", "Sędzia: {} – {}", setup.white.name, setup.black.name)}</h1>
            <p class="hint">{t!("What the Laws require for what you found. Each ruling asks for confirmation, is carried out on the game and is kept in its log.", "Czego wymagają Przepisy w stwierdzonej sytuacji. Każda decyzja wymaga potwierdzenia, zostaje wykonana w partii i zapisana w jej przebiegu.")}</p>
            {over}
            <GameEnd position=Signal::stored(play.position()) />
            <Show when=move || running && open>
                <div class="mode-banner" role="alert">
                    <span>{t!("The clock is running. Stop it before you intervene (6.12b).", "Zegar chodzi. Zatrzymaj go przed interwencją (6.12b).")}</span>
                    <button type="button" class="button primary" on:click=stop_clocks.clone()>{t!("Stop the clocks", "Zatrzymaj zegary")}</button>
                </div>
            </Show>
            <Show when=move || open>
                <h2>{t!("Rulings that apply now", "Decyzje możliwe teraz")}</h2>
                <ul class="ruling-cards">
                    {actions.clone().into_iter().map(|action| view! {
                        <RulingCard id=id.clone() title=laws_text::finding(&action.finding) finding=action.finding ruling=action.ruling />
                    }).collect_view()}
                </ul>
                <FindingForm id=id.clone() situation=situation.clone() />
            </Show>
            <section class="rulings" aria-labelledby="recording-title">
                <h2 id="recording-title">{t!("Recording the moves", "Zapisywanie posunięć")}</h2>
                <ul>
                    {[Side::White, Side::Black].into_iter().zip(recording).map(|(side, ruling)| view! {
                        <li class="ruling"><strong class="article">{laws_text::article(ruling.article)}</strong>": "{laws_text::recording_duty(side, &ruling)}</li>
                    }).collect_view()}
                </ul>
            </section>
            <AppliedRulings rulings=play.rulings.clone() />
            <div class="actions">
                <a class="button" href=clock>{t!("Clock", "Zegar")}</a>
                <a class="button" href=sheet>{t!("Scoresheet", "Blankiet")}</a>
                <a class="button" href=details>{t!("Game details", "Dane partii")}</a>
            </div>
        </section>
    }
    .into_any()
}
