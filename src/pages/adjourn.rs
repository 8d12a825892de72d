use laws::adjournment::{AdjournmentEvent, Phase};
use laws::game::Side;
use leptos::prelude::*;

use crate::adjournment_view::record_step_at;
use crate::components::adjournment::envelope_form::EnvelopeForm;
use crate::components::adjournment::envelope_outside::EnvelopeOutside;
use crate::components::adjournment::fingerprint::Fingerprint;
use crate::components::adjournment::seal_move::SealMove;
use crate::components::adjournment::verify_envelope::VerifyEnvelope;
use crate::components::shell::game_screen::game_screen;
use crate::route::Route;
use crate::state::{AppState, now_ms};
use crate::text::i18n::local_time;
use crate::text::laws_text;
use crate::text::sentence::sentence;
use crate::{t, tf};

/// Adjourning a game: the sealer writes his move, the arbiter fills in and
/// seals the envelope, then verifies it (Appendix A1–A3).
#[component]
pub fn AdjournPage(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    // The sealed move lives here, in memory, until it is encrypted.
    let written = RwSignal::new(String::new());
    let sealer_lang = RwSignal::new(None::<laws::notation::NotationLang>);
    let stopped_ms = RwSignal::new(None::<u64>);
    // Leaving the page would lose the move written and not yet sealed.
    let leaving = window_event_listener(leptos::ev::beforeunload, move |e| {
        if !written.get_untracked().is_empty() {
            e.prevent_default();
            e.set_return_value("");
        }
    });
    on_cleanup(move || leaving.remove());
    game_screen(id, move |game| {
        let id = game.id().to_owned();
        let setup = game.setup().clone();
        let title = laws_text::side::pairing(&setup.white.name, &setup.black.name);
        let play = match game.fold() {
                    Ok(play) => play,
                    Err(e) => return view! { <section class="page"><h1>{title}</h1><p class="form-error" role="alert">{sentence(&laws_text::game::game_error(&e))}</p></section> }.into_any(),
                };
        let adjournment = play.adjournment.clone();
        let body = match adjournment.phase() {
            Phase::Playing => view! {
                <p>{t!("This game is not adjourned. Adjourn it from the game's page.", "Ta partia nie jest odłożona. Odłóż ją na stronie partii.")}</p>
            }
            .into_any(),
            Phase::Sealing => match stopped_ms.get() {
                None => {
                    let side = adjournment.sealer();
                    let name = match side {
                        Side::White => &setup.white.name,
                        Side::Black => &setup.black.name,
                    };
                    let sealer = format!("{name} ({})", laws_text::side::side(side));
                    // A1a: he stopped his clock, but the page was left before
                    // the envelope was sealed, and his move (never stored
                    // unsealed) with it. The moment he sealed stays.
                    let stopped_before = adjournment.stopped_ms();
                    let lost = stopped_before.map(|at| view! {
                        <p class="form-error" role="alert">{tf!(
                            "{sealer} stopped his clock at {}, but the page was left before the envelope was sealed, so the move he wrote was not kept. He sealed it when he stopped his clock (A1a): in the arbiter's presence he writes that same move again; the clock is not charged again.",
                            "{sealer} zatrzymał zegar o {}, ale strona została opuszczona przed zapieczętowaniem koperty, więc zapisane posunięcie nie zostało zachowane. Zapieczętował je, zatrzymując zegar (A1a): w obecności sędziego zapisuje to samo posunięcie ponownie; czas nie jest liczony ponownie.",
                            local_time(at)
                        )}</p>
                    });
                    let on_stop = Callback::new({
                        let id = id.clone();
                        move |()| {
                            if let Some(at) = stopped_before {
                                stopped_ms.set(Some(at));
                                return;
                            }
                            let now = now_ms();
                            // Stopping his clock stops the game's clock too
                            // (A1a), charged to the session's end (A1b).
                            if !record_step_at(&state, &id, AdjournmentEvent::Stopped, now) {
                                return;
                            }
                            stopped_ms.set(Some(now));
                        }
                    });
                    view! { {lost} <SealMove sealer=sealer lang=sealer_lang game_lang=setup.notation written=written on_stop=on_stop /> }.into_any()
                }
                Some(at) => {
                    view! { <EnvelopeForm game_id=id.clone() written=written lang=sealer_lang.get_untracked().unwrap_or(setup.notation) stopped_ms=at /> }
                        .into_any()
                }
            },
            Phase::Sealed => {
                let sealed = adjournment.envelopes()[0].clone();
                view! {
                    <Fingerprint code=sealed.fingerprint().to_owned() />
                    <VerifyEnvelope game_id=id.clone() sealed=sealed />
                }
                .into_any()
            }
            phase => {
                let sealed = adjournment.envelopes().first().cloned();
                view! {
                            <p class="phase">{tf!("The adjournment is {}.", "Stan odłożenia: {}.", laws_text::adjournment::phase(phase))}</p>
                            {sealed.map(|sealed| view! {
                                <Fingerprint code=sealed.fingerprint().to_owned() />
                                <EnvelopeOutside outside=sealed.envelope().clone() />
                            })}
                            <div class="actions">
                                <a class="button primary" href=Route::Resume(id.clone()).href()>{t!("Resumption", "Wznowienie")}</a>
                                <a class="button" href=Route::Envelopes.href()>{t!("All envelopes", "Wszystkie koperty")}</a>
                            </div>
                        }.into_any()
            }
        };
        view! {
            <section class="page adjourn">
                <h1>{tf!("Adjournment: {title}", "Odłożenie partii: {title}")}</h1>
                {body}
                <a class="button" href=Route::Game(id.clone()).href()>{t!("Back to the game", "Wróć do partii")}</a>
            </section>
        }
        .into_any()
    })
}
