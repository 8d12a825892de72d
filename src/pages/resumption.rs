use laws::adjournment::{Phase, Step, TimeUsed, time_used};
use laws::game::Side;
use leptos::prelude::*;
use shakmaty::ByColor;
use shakmaty::Position;

use crate::components::adjournment::arrivals::Arrivals;
use crate::components::adjournment::before_resumption::BeforeResumption;
use crate::components::adjournment::clock_correction::ClockCorrection;
use crate::components::adjournment::draw_offer::DrawOffer;
use crate::components::adjournment::envelope_missing::ReportMissing;
use crate::components::adjournment::fingerprint::Fingerprint;
use crate::components::adjournment::flag_fall::FlagFall;
use crate::components::adjournment::open_envelope::OpenEnvelope;
use crate::components::adjournment::presence_form::PresenceForm;
use crate::components::adjournment::record_sealed_move::RecordSealedMove;
use crate::components::adjournment::rulings::Rulings;
use crate::components::adjournment::seal_reply::SealReply;
use crate::components::adjournment::set_up_board::SetUpBoard;
use crate::components::adjournment::state_move::StateMove;
use crate::components::shell::game_screen::game_screen;
use crate::route::Route;
use crate::state::now_ms;
use crate::text::laws_text;
use crate::text::sentence::sentence;
use crate::{t, tf};
use laws::clock::clock_face;

/// What each clock shows left once set to indicate `used` (A5).
fn time_left(clock: &laws::clock::Clock, used: TimeUsed, now: u64) -> ByColor<u64> {
    ByColor::new_with(|color| {
        clock
            .account(color.into(), now)
            .remaining_for_used(used.of(color.into()))
    })
}

/// The resumption wizard: one step at a time from setting up the board (A5)
/// to the sealed move on the scoresheet, every ruling naming its article.
#[component]
pub fn Resumption(id: String) -> impl IntoView {
    game_screen(id, move |game| {
        let id = game.id().to_owned();
        let setup = game.setup().clone();
        let (white, black) = (setup.white.name.clone(), setup.black.name.clone());
        let title = laws_text::side::pairing(&white, &black);
        let play = match game.fold() {
                    Ok(play) => play,
                    Err(e) => return view! { <section class="page"><h1>{title}</h1><p class="form-error" role="alert">{sentence(&laws_text::game::game_error(&e))}</p></section> }.into_any(),
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
        let sealer_name = format!(
            "{} ({})",
            outside.name(sealer),
            laws_text::side::side(sealer)
        );
        let before = adjournment.accepts(Step::DrawAgreed)
                    .then(|| view! { <BeforeResumption game_id=id.clone() white=white.clone() black=black.clone() /> });
        let missing = adjournment
            .accepts(Step::EnvelopeMissing)
            .then(|| view! { <ReportMissing game_id=id.clone() fen=outside.fen.clone() /> });
        // What the game's clock shows now (the recorded times without one).
        let shown = |now: u64| match &play.clock {
            Some(clock) => time_used(clock, now),
            None => outside.time_used,
        };
        let correction = adjournment
            .accepts(Step::ClockErrorPointedOut)
            .then(|| view! { <ClockCorrection game_id=id.clone() current=shown(now_ms()) /> });
        let step = match adjournment.phase() {
                    Phase::Sealed | Phase::Sealing | Phase::Playing => view! {
                        <p>{t!("The arbiter must verify the envelope before play can resume (A3).", "Sędzia musi sprawdzić kopertę, zanim gra zostanie wznowiona (A3).")}</p>
                        <a class="button primary" href=Route::Adjourn(id.clone()).href()>{t!("Verify the envelope", "Sprawdź kopertę")}</a>
                    }.into_any(),
                    Phase::Kept => view! {
                        <SetUpBoard game_id=id.clone() fen=outside.fen.clone() recorded=outside.time_used left=play.clock.as_ref().map(|clock| time_left(clock, outside.time_used, now_ms())) />
                    }.into_any(),
                    Phase::SetUp => view! {
                        <PresenceForm game_id=id.clone() white=white.clone() black=black.clone() />
                    }.into_any(),
                    Phase::Resumed => {
                        let present = adjournment.present();
                        let open = adjournment.accepts(Step::Opened).then(|| view! {
                            <OpenEnvelope game_id=id.clone() sealed=sealed.clone() />
                        });
                        view! {
                            {open}
                            <Arrivals game_id=id.clone() present=present white=white.clone() black=black.clone() />
                        }.into_any()
                    }
                    // A11: found missing before play resumed.
                    Phase::Missing if adjournment.accepts(Step::Resumed) => view! {
                        <PresenceForm game_id=id.clone() white=white.clone() black=black.clone() />
                    }.into_any(),
                    Phase::Missing => {
                        let present = adjournment.present();
                        view! {
                            <StateMove game_id=id.clone() lang=setup.notation sealer=sealer_name.clone() />
                            <Arrivals game_id=id.clone() present=present white=white.clone() black=black.clone() />
                        }.into_any()
                    }
                    phase => {
                        let present = adjournment.present();
                        // Whoever is to move on the scoresheet made the move opened last.
                        let mover: Side = play.position().turn().into();
                        let record = play.sealed_move_to_record().cloned();
                        // The sealed move goes on the scoresheet before anything is replied.
                        let seal_reply = (adjournment.accepts(Step::ReplySealed) && record.is_none())
                        .then(|| {
                            let replier = sealer.opponent();
                            view! {
                                <SealReply game_id=id.clone() replier=format!("{} ({})", outside.name(replier), laws_text::side::side(replier)) lang=setup.notation />
                            }
                        });
                        let open_reply = (phase == Phase::ReplySealed && adjournment.accepts(Step::Opened))
                            .then(|| adjournment.envelopes().get(1).cloned())
                            .flatten()
                            .map(|reply| view! {
                                <Fingerprint code=reply.fingerprint().to_owned() />
                                <OpenEnvelope game_id=id.clone() sealed=reply />
                            });
                        let ends_game = adjournment.result().is_some();
                        let record = record.map(|sealed_move| view! {
                            <RecordSealedMove game_id=id.clone() sealed_move=sealed_move sealer=mover ends_game=ends_game />
                        });
                        let now = now_ms();
                        let left = play.clock.as_ref().map(|clock| view! {
                            <p class="clocks-left">{tf!(
                                "Left on the clocks: White {}, Black {}.",
                                "Pozostało na zegarach: białe {}, czarne {}.",
                                clock_face(clock.remaining(Side::White, now)),
                                clock_face(clock.remaining(Side::Black, now))
                            )}</p>
                        });
                        let clocks = match &play.clock {
                            Some(clock) => {
                                let used = time_used(clock, now);
                                let running = clock.running_side().map_or_else(|| t!("No clock is running.", "Żaden zegar nie chodzi.").to_owned(), |side| tf!("{} is running.", "Chodzi {}.", laws_text::side::clock_of(side)));
                                tf!("Time used: White {}, Black {}. {running}", "Zużyty czas: białe {}, czarne {}. {running}", clock_face(used.white_ms), clock_face(used.black_ms))
                            }
                            None => {
                                let used = shown(now);
                                tf!("Time used: White {}, Black {}.", "Zużyty czas: białe {}, czarne {}.", clock_face(used.white_ms), clock_face(used.black_ms))
                            }
                        };
                        // After A6 nobody is awaited; after a result at the board an
                        // arrival still decides A10's exceptions.
                        let arrivals = adjournment.resumed_ms().is_some().then(|| view! {
                            <Arrivals game_id=id.clone() present=present white=white.clone() black=black.clone() />
                        });
                        let readjourned = (phase == Phase::Readjourned).then(|| view! {
                            <p>{t!("The session is over: the player having the move seals it. Adjourn the game again from the game's page (A13).", "Sesja się skończyła: zawodnik mający posunięcie je pieczętuje. Odłóż partię ponownie na stronie partii (A13).")}</p>
                        });
                        let result = adjournment.result().map(|ruling| view! {
                            <p class="result" role="status">{tf!("Result — Article {}: {}", "Wynik — artykuł {}: {}", ruling.article, laws_text::adjournment::adjournment_explanation(ruling))}</p>
                        });
                        view! {
                            {result}
                            {readjourned}
                            {open_reply}
                            {record}
                            <p class="clocks">{clocks}</p>
                            {left}
                            {seal_reply}
                            {arrivals}
                        }.into_any()
                    }
                };
        let flag = play
            .flag_watched(now_ms())
            .map(|side| view! { <FlagFall game_id=id.clone() side=side /> });
        let offer = adjournment
            .draw_offer()
            .filter(|_| adjournment.accepts(Step::DrawAccepted));
        let offerer = adjournment.draw_offerer();
        let draw = (offer.is_some() || offerer.is_some()).then(|| view! {
            <DrawOffer game_id=id.clone() offer=offer offerer=offerer white=white.clone() black=black.clone() />
        });
        view! {
            <section class="page resumption">
                <h1>{tf!("Resumption: {title}", "Wznowienie: {title}")}</h1>
                <p class="phase">{tf!("The adjournment is {}.", "Stan odłożenia: {}.", laws_text::adjournment::phase(adjournment.phase()))}</p>
                <Fingerprint code=sealed.fingerprint().to_owned() />
                {step}
                {flag}
                {draw}
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
