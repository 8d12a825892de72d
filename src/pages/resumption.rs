use laws::adjournment::Phase;
use laws::game::Side;
use leptos::prelude::*;

use crate::adjourning::{hms, move_to_record};
use crate::components::arrivals::Arrivals;
use crate::components::before_resumption::BeforeResumption;
use crate::components::clock_correction::ClockCorrection;
use crate::components::envelope_missing::ReportMissing;
use crate::components::fingerprint::Fingerprint;
use crate::components::game_screen::game_screen;
use crate::components::open_envelope::OpenEnvelope;
use crate::components::presence_form::PresenceForm;
use crate::components::record_sealed_move::RecordSealedMove;
use crate::components::rulings::Rulings;
use crate::components::set_up_board::SetUpBoard;
use crate::components::state_move::StateMove;
use crate::laws_text;
use crate::route::Route;
use crate::state::now_ms;
use crate::{t, tf};

/// The resumption wizard: one step at a time from setting up the board (A5)
/// to the sealed move on the scoresheet, every ruling naming its article.
#[component]
pub fn Resumption(id: String) -> impl IntoView {
    game_screen(id, move |game| {
        let id = game.id().to_owned();
        let setup = game.setup().clone();
        let (white, black) = (setup.white.name.clone(), setup.black.name.clone());
        let title = format!("{white} – {black}");
        let play = match game.fold() {
                    Ok(play) => play,
                    Err(e) => return view! { <section class="page"><h1>{title}</h1><p class="form-error" role="alert">{e.to_string()}</p></section> }.into_any(),
                };
        let adjournment = &play.adjournment;
        let Some(sealed) = adjournment.envelopes().first().cloned() else {
            return view! {
                        <section class="page">
                            <h1>{tf!("Resumption: {title}", "Wznowienie: {title}")}</h1>
                            <p>{t!("No envelope is sealed for this game yet.", "Dla tej partii nie zapieczętowano jeszcze koperty.")}</p>
                            <a class="button primary" href=Route::Adjourn(id.clone()).href()>{t!("Adjournment", "Odłożenie partii")}</a>
                        </section>
                    }.into_any();
        };
        let outside = sealed.envelope().clone();
        let sealer = outside.sealer;
        let sealer_name = format!("{} ({})", outside.name(sealer), laws_text::side(sealer));
        let before = matches!(adjournment.phase(), Phase::Kept | Phase::SetUp)
                    .then(|| view! { <BeforeResumption game_id=id.clone() white=white.clone() black=black.clone() /> });
        let missing = matches!(
            adjournment.phase(),
            Phase::Kept | Phase::SetUp | Phase::Resumed
        )
        .then(|| view! { <ReportMissing game_id=id.clone() /> });
        let correction = matches!(adjournment.phase(), Phase::SetUp | Phase::Resumed | Phase::Missing | Phase::Continuing)
                    .then(|| view! { <ClockCorrection game_id=id.clone() current=adjournment.time_used_at(now_ms()) /> });
        let step = match adjournment.phase() {
                    Phase::Sealed | Phase::Sealing | Phase::Playing => view! {
                        <p>{t!("The arbiter must verify the envelope before play can resume (A3).", "Sędzia musi sprawdzić kopertę, zanim gra zostanie wznowiona (A3).")}</p>
                        <a class="button primary" href=Route::Adjourn(id.clone()).href()>{t!("Verify the envelope", "Sprawdź kopertę")}</a>
                    }.into_any(),
                    Phase::Kept => view! {
                        <SetUpBoard game_id=id.clone() fen=outside.fen.clone() recorded=outside.time_used />
                    }.into_any(),
                    Phase::SetUp => view! {
                        <PresenceForm game_id=id.clone() white=white.clone() black=black.clone() />
                    }.into_any(),
                    Phase::Resumed => {
                        let present = adjournment.present();
                        let open = present.of(outside.replier()).then(|| view! {
                            <OpenEnvelope game_id=id.clone() sealed=sealed.clone() />
                        });
                        view! {
                            {open}
                            <Arrivals game_id=id.clone() present=present white=white.clone() black=black.clone() />
                        }.into_any()
                    }
                    Phase::Missing => {
                        let present = adjournment.present();
                        view! {
                            <StateMove game_id=id.clone() lang=setup.notation sealer=sealer_name.clone() />
                            <Arrivals game_id=id.clone() present=present white=white.clone() black=black.clone() />
                        }.into_any()
                    }
                    phase => {
                        let record = move_to_record(&game).map(|sealed_move| view! {
                            <RecordSealedMove game_id=id.clone() sealed_move=sealed_move sealer=sealer />
                        });
                        let now = now_ms();
                        let clocks = match &play.clock {
                            Some(clock) => {
                                let used = |side: Side| hms(clock.account(side, now).used_ms);
                                let running = clock.running_side().map_or_else(|| t!("No clock is running.", "Żaden zegar nie chodzi.").to_owned(), |side| tf!("{} is running.", "Chodzi {}.", laws_text::clock_of(side)));
                                tf!("Time used: White {}, Black {}. {running}", "Zużyty czas: białe {}, czarne {}. {running}", used(Side::White), used(Side::Black))
                            }
                            None => {
                                let used = adjournment.time_used_at(now);
                                tf!("Time used: White {}, Black {}.", "Zużyty czas: białe {}, czarne {}.", hms(used.white_ms), hms(used.black_ms))
                            }
                        };
                        let present = (phase != Phase::Concluded).then(|| view! {
                            <Arrivals game_id=id.clone() present=adjournment.present() white=white.clone() black=black.clone() />
                        });
                        let result = adjournment.result().map(|ruling| view! {
                            <p class="result" role="status">{tf!("Result — Article {}: {}", "Wynik — artykuł {}: {}", ruling.article, laws_text::adjournment_explanation(ruling))}</p>
                        });
                        view! {
                            {result}
                            {record}
                            <p class="clocks">{clocks}</p>
                            {present}
                        }.into_any()
                    }
                };
        view! {
            <section class="page resumption">
                <h1>{tf!("Resumption: {title}", "Wznowienie: {title}")}</h1>
                <p class="phase">{tf!("The adjournment is {}.", "Stan odłożenia: {}.", laws_text::phase(adjournment.phase()))}</p>
                <Fingerprint code=sealed.fingerprint().to_owned() />
                {step}
                {before}
                {missing}
                {correction}
                <Rulings rulings=adjournment.rulings().to_vec() />
                <div class="actions">
                    <a class="button" href=Route::Game(id.clone()).href()>{t!("Back to the game", "Wróć do partii")}</a>
                    <a class="button" href=Route::Envelopes.href()>{t!("All envelopes", "Wszystkie koperty")}</a>
                </div>
            </section>
        }
        .into_any()
    })
}
