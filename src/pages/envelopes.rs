use laws::adjournment::{SealedEnvelope, Step};
use leptos::prelude::*;

use crate::adjournment_view::envelope_status;
use crate::components::adjournment::envelope_outside::EnvelopeOutside;
use crate::components::adjournment::fingerprint::Fingerprint;
use crate::components::adjournment::reseal_envelope::ResealEnvelope;
use crate::components::adjournment::sealed_to::SealedTo;
use crate::platform::files::download;
use crate::platform::print::{Printout, print};
use crate::route::Route;
use crate::state::AppState;
use crate::t;
use crate::text::laws_text;

/// One envelope as the screen lists it.
#[derive(Clone, PartialEq)]
struct EnvelopeRow {
    game_id: String,
    title: String,
    status: &'static str,
    sealed: SealedEnvelope,
    /// Unopened, under a PIN, and still the game's: it can be sealed again to keys.
    resealable: bool,
}

/// Every envelope of every game, with its status and resumption; each can be
/// exported for `laws envelope open` or printed (never the sealed move).
#[component]
pub fn Envelopes() -> impl IntoView {
    let state = expect_context::<AppState>();
    let listed = Memo::new(move |_| {
        state.games.with(|games| {
            games
                .iter()
                .filter_map(|game| Some((game, game.fold().ok()?)))
                .flat_map(|(game, play)| {
                    let setup = game.setup();
                    let title = laws_text::side::pairing(&setup.white.name, &setup.black.name);
                    // A game adjourned again (A13) has an envelope per adjournment.
                    let current = &play.adjournment;
                    play.earlier_adjournments
                        .iter()
                        .chain([current])
                        .flat_map(|adjournment| {
                            let is_current = std::ptr::eq(adjournment, current);
                            let title = title.clone();
                            adjournment.envelopes().iter().enumerate().map(
                                move |(index, sealed)| EnvelopeRow {
                                    game_id: game.id().to_owned(),
                                    title: title.clone(),
                                    status: envelope_status(adjournment, index),
                                    sealed: sealed.clone(),
                                    resealable: is_current
                                        && index == 0
                                        && sealed.is_sealed_under_pin()
                                        && adjournment.accepts(Step::Resealed),
                                },
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    // The envelope being printed; the others are hidden from the printout.
    let printing = RwSignal::new(None::<String>);
    view! {
        <section class="page envelopes">
            <h1>{t!("Envelopes", "Koperty")}</h1>
            <Show when=move || listed.with(Vec::is_empty)>
                <p>{t!("No envelopes: no game is adjourned.", "Brak kopert: żadna partia nie jest odłożona.")}</p>
            </Show>
            <ul class="envelope-list">
                <For each=move || listed.get() key=|l| l.sealed.fingerprint().to_owned() let:l>
                    {
                        let code = l.sealed.fingerprint().to_owned();
                        let print_code = code.clone();
                        let class = move || if printing.get().as_deref() == Some(code.as_str()) { "envelope to-print" } else { "envelope" };
                        let export = {
                            let sealed = l.sealed.clone();
                            move |_| {
                                let json = serde_json::to_string_pretty(&sealed).expect("an envelope serialises");
                                let name = format!("envelope-{}.json", sealed.fingerprint());
                                if let Err(e) = download(&name, "application/json", &json) {
                                    state.warn(e);
                                }
                            }
                        };
                        let print = move |_| {
                            printing.set(Some(print_code.clone()));
                            print(Printout::Envelope);
                        };
                        view! {
                            <li class=class>
                                <h2>{l.title.clone()}</h2>
                                <p class="envelope-status">{t!("Status: ", "Stan: ")} <strong>{l.status}</strong></p>
                                <Fingerprint code=l.sealed.fingerprint().to_owned() />
                                {(!l.sealed.is_sealed_under_pin()).then(|| view! { <SealedTo recipients=l.sealed.recipients_as_given() /> })}
                                {(l.sealed.is_sealed_under_pin() && !l.resealable).then(|| view! {
                                    <p class="weaker">{t!("Sealed under a PIN (weaker).", "Zapieczętowana PIN-em (słabiej).")}</p>
                                })}
                                <EnvelopeOutside outside=l.sealed.envelope().clone() />
                                {l.resealable.then(|| view! { <ResealEnvelope game_id=l.game_id.clone() sealed=l.sealed.clone() /> })}
                                <div class="actions no-print">
                                    <button class="button" on:click=export>{t!("Export envelope (.json)", "Eksportuj kopertę (.json)")}</button>
                                    <button class="button" on:click=print>{t!("Print", "Drukuj")}</button>
                                    <a class="button" href=Route::Resume(l.game_id.clone()).href()>{t!("Resumption", "Wznowienie")}</a>
                                </div>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}
