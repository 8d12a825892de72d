//! The arbiter's panel of a game: the rulings of Article 7, Appendix B and
//! 10.2 that apply now, each carried out behind a confirmation and written
//! into the game log; and the rulings given so far.

use laws::clock::ClockAction;
use laws::game::result::draw_claim;
use laws::game::{DrawClaim, Event, Game, GameResult, Side};
use laws::irregularity::{Applicable, Finding, actions_now};
use leptos::prelude::*;

use crate::components::clock::clock_sheet_notice::ClockSheetNotice;
use crate::components::rulings::applied_rulings::AppliedRulings;
use crate::components::rulings::finding_form::FindingForm;
use crate::components::rulings::game_end::GameEnd;
use crate::components::rulings::result_button::ResultButton;
use crate::components::rulings::result_form::ResultForm;
use crate::components::rulings::ruling_card::RulingCard;
use crate::components::shell::game_over::GameOver;
use crate::components::shell::game_screen::game_screen;
use crate::route::Route;
use crate::state::{AppState, now_ms};
use crate::text::laws_text;
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
                    <p class="form-error" role="alert">{tf!("This game's log cannot be replayed: {}.", "Zapisu tej partii nie da się odtworzyć: {}.", laws_text::game::game_error(&e))}</p>
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
    let result = laws_text::game::game_over(play);
    let open = result.is_none();
    let over = result.map(|result| {
        view! { <GameOver result /> }
    });
    // What the log shows goes on top; the rest of the list is folded away.
    let (proposed, others): (Vec<_>, Vec<_>) = actions.into_iter().partition(|action| {
        matches!(
            action.finding,
            Finding::IllegalMove { .. } | Finding::FlagSeen | Finding::TimeClaim { .. }
        )
    });
    let claims: Vec<_> = [DrawClaim::Repetition, DrawClaim::FiftyMoves]
        .into_iter()
        .filter_map(|claim| {
            let ruling = draw_claim(play, claim, None).ok().filter(|r| r.valid)?;
            Some((claim, ruling.article))
        })
        .collect();
    let nothing_shown = proposed.is_empty() && claims.is_empty();
    let card = |id: &String, action: Applicable, corrects: Option<usize>| {
        view! {
            <RulingCard id=id.clone() title=laws_text::irregularity::finding(&action.finding) finding=action.finding ruling=action.ruling corrects=corrects />
        }
    };
    let correction = play.correctable().map(|(number, before)| {
        let situation = before.situation(now);
        let cards = actions_now(&situation)
            .into_iter()
            .map(|action| card(&id, action, Some(number)))
            .collect_view();
        view! {
            <details class="fold correct-ruling">
                <summary>{tf!("Correct ruling {number}, given by mistake", "Popraw decyzję {number}, wydaną przez pomyłkę")}</summary>
                <p class="hint">{t!("The ruling you give here takes the place of the last one: the game is as if only this one had been given. Both stay in the game log. Once play goes on (a press, a move written, the clock restarted), the last ruling stands.", "Decyzja wydana tutaj zastępuje ostatnią: partia wygląda tak, jakby wydano tylko ją. Obie pozostają w przebiegu partii. Gdy gra zostanie wznowiona (naciśnięcie zegara, zapisane posunięcie, uruchomiony zegar), ostatnia decyzja pozostaje w mocy.")}</p>
                <ul class="ruling-cards">{cards}</ul>
                <FindingForm id=id.clone() situation=situation corrects=number />
            </details>
        }
    });
    let (clock, sheet, details) = (
        Route::Clock(id.clone()).href(),
        Route::Scoresheet(id.clone()).href(),
        Route::Game(id.clone()).href(),
    );
    let others_count = others.len();
    view! {
        <section class="page arbiter-panel">
            <h1>{tf!("Arbiter: {}", "Sędzia: {}", laws_text::side::pairing(&setup.white.name, &setup.black.name))}</h1>
            {over}
            <GameEnd position=Signal::stored(play.position()) />
            <ClockSheetNotice disagreement=play.disagreement() />
            <Show when=move || running && open>
                <div class="mode-banner" role="alert">
                    <span>{t!("The clock is running. Stop it before you intervene (6.12b).", "Zegar chodzi. Zatrzymaj go przed interwencją (6.12b).")}</span>
                    <button type="button" class="button primary" on:click=stop_clocks.clone()>{t!("Stop the clocks", "Zatrzymaj zegary")}</button>
                </div>
            </Show>
            {open.then(|| view! {
                <section class="found" aria-labelledby="found-title">
                    <h2 id="found-title">{t!("What did you find?", "Co stwierdzono?")}</h2>
                    {nothing_shown.then(|| view! {
                        <p class="hint">{t!("The log shows nothing to rule on. Record how the game ended, or open the list of every ruling.", "Zapis partii nie wskazuje niczego do rozstrzygnięcia. Zapisz, jak zakończyła się partia, albo otwórz listę wszystkich decyzji.")}</p>
                    })}
                    {(!nothing_shown).then(|| view! {
                        <h3>{t!("What the log shows", "Co wynika z zapisu partii")}</h3>
                        <ul class="ruling-cards proposed">
                            {proposed.into_iter().map(|action| card(&id, action, None)).collect_view()}
                            {claims.into_iter().map(|(claim, article)| view! {
                                <li class="ruling-card">
                                    <h3>{tf!("The position is a draw the player to move may claim ({article})", "Pozycja daje zawodnikowi na posunięciu prawo reklamować remis ({article})")}</h3>
                                    <ResultButton id=id.clone() label=tf!("Uphold the claim: draw ({article})", "Uznaj reklamację: remis ({article})")
                                        result=GameResult::DrawClaimed { claim, intended: None } play=play.clone() primary=true />
                                </li>
                            }).collect_view()}
                        </ul>
                    })}
                    <ResultForm id=id.clone() play=play.clone() />
                    <details class="fold all-rulings">
                        <summary>{tf!("Every other ruling that applies now ({others_count})", "Pozostałe decyzje możliwe teraz ({others_count})")}</summary>
                        <ul class="ruling-cards">
                            {others.into_iter().map(|action| card(&id, action, None)).collect_view()}
                        </ul>
                        <FindingForm id=id.clone() situation=situation.clone() />
                    </details>
                </section>
            })}
            {correction}
            <details class="fold recording-duties">
                <summary>{t!("Recording the moves (8.1, 8.4, B3)", "Zapisywanie posunięć (8.1, 8.4, B3)")}</summary>
                <ul>
                    {[Side::White, Side::Black].into_iter().zip(recording).map(|(side, ruling)| view! {
                        <li class="ruling"><strong class="article">{laws_text::article::article(ruling.article)}</strong>": "{laws_text::irregularity::recording_duty(side, &ruling)}</li>
                    }).collect_view()}
                </ul>
            </details>
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
