//! The event's arbiters on the event screen: on the chief's tablet, his
//! deputies and the tablets offering to be one; on any other, this
//! tablet's code and its offer. Every change asks for the arbiter's PIN.

use laws::signing::VerifyingKey;
use leptos::prelude::*;

use crate::components::common::field::Field;
use crate::components::common::pin_dialog::PinDialog;
use crate::event::couch::{change_roster, offer_as_deputy, record};
use crate::event::roster::Deputy;
use crate::state::AppState;
use crate::{t, tf};

/// What the arbiter asked for, done once the PIN is given.
#[derive(Debug, Clone)]
enum Change {
    Add(Deputy),
    Remove(Deputy),
    Offer(String),
}

fn apply(state: AppState, change: Change) {
    let done = match &change {
        Change::Add(deputy) => {
            let deputy = deputy.clone();
            change_roster(state, |r| r.with(deputy))
        }
        Change::Remove(deputy) => change_roster(state, |r| r.without(&deputy.signer)),
        Change::Offer(name) => offer_as_deputy(state, name),
    };
    match (done, change) {
        (Ok(()), Change::Add(deputy)) => state.tell(tf!(
            "{} is a deputy arbiter: every tablet takes his entries once it reads the new list.",
            "{} jest zastępcą sędziego: każdy tablet przyjmuje jego wpisy, gdy odczyta nową listę.",
            deputy.name
        )),
        (Ok(()), Change::Remove(deputy)) => state.tell(tf!(
            "{} is no longer a deputy: his later entries are refused.",
            "{} nie jest już zastępcą: jego dalsze wpisy są odrzucane.",
            deputy.name
        )),
        (Ok(()), Change::Offer(_)) => state.tell(t!(
            "Offered: the chief arbiter adds this tablet after comparing its code.",
            "Zgłoszono: sędzia główny doda ten tablet po porównaniu jego kodu."
        )),
        (Err(e), _) => state.warn(e),
    }
}

#[component]
pub fn ArbitersPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let link = Memo::new(move |_| state.settings.with(|s| s.event.clone()));
    let asking = RwSignal::new(false);
    let pending = RwSignal::new(None::<Change>);
    let ask = Callback::new(move |change: Change| {
        if state.require_arbiter().is_err() {
            pending.set(Some(change));
            asking.set(true);
        } else {
            apply(state, change);
        }
    });
    let unlock = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        if let Some(change) = pending.get_untracked() {
            pending.set(None);
            apply(state, change);
        }
        Ok(())
    });
    view! {
        {move || link.get().map(|link| if link.is_chief() {
            view! { <Deputies ask /> }.into_any()
        } else {
            view! { <OfferPanel own=link.signing_key.as_ref().map(|k| k.verifying_key()) ask /> }.into_any()
        })}
        <PinDialog open=asking title=t!("Change the event's arbiters", "Zmień sędziów turnieju") on_pin=unlock />
    }
}

/// The chief's deputies, and the tablets that offered to be one.
#[component]
fn Deputies(ask: Callback<Change>) -> impl IntoView {
    let record = record();
    let deputies = Memo::new({
        let record = record.clone();
        move |_| record.with(|r| r.roster.deputies.clone())
    });
    let offers = Memo::new(move |_| {
        record.with(|r| {
            r.offers
                .iter()
                .filter(|d| !r.roster.names(&d.signer))
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="panel" aria-labelledby="deputies-title">
            <h2 id="deputies-title">{t!("Deputy arbiters", "Zastępcy sędziego")}</h2>
            <p>{t!("A deputy's entries are taken in every game, and envelopes are sealed to his key. His tablet joins by the join code with an account of role chief, then offers itself from its event screen; add it here once its code matches his screen.", "Wpisy zastępcy są przyjmowane w każdej partii, a koperty pieczętowane także dla jego klucza. Jego tablet dołącza kodem dołączenia z kontem o roli chief, potem zgłasza się ze swojego ekranu turnieju; dodaj go tutaj, gdy jego kod zgadza się z jego ekranem.")}</p>
            <Show when=move || deputies.with(Vec::is_empty)>
                <p>{t!("No deputies: only this tablet's entries are taken in every game.", "Brak zastępców: tylko wpisy z tego tabletu są przyjmowane w każdej partii.")}</p>
            </Show>
            <ul class="deputies">
                <For each=move || deputies.get() key=|d| d.signer let:deputy>
                    <li>
                        <span>{deputy.name.clone()}</span>
                        <span class="key-code">{deputy.signer.fingerprint()}</span>
                        <button type="button" class="button danger" on:click=move |_| ask.run(Change::Remove(deputy.clone()))>
                            {t!("Remove", "Usuń")}
                        </button>
                    </li>
                </For>
            </ul>
            <Show when=move || !offers.with(Vec::is_empty)>
                <h3>{t!("Offered as deputies", "Zgłoszeni zastępcy")}</h3>
                <ul class="deputies">
                    <For each=move || offers.get() key=|d| (d.signer, d.name.clone()) let:deputy>
                        <Offered deputy ask />
                    </For>
                </ul>
            </Show>
        </section>
    }
}

/// A tablet's offer: added once the chief ticks that its code is the one
/// on the deputy's screen.
#[component]
fn Offered(deputy: Deputy, ask: Callback<Change>) -> impl IntoView {
    let matches = RwSignal::new(false);
    let code = deputy.signer.fingerprint();
    view! {
        <li>
            <span>{deputy.name.clone()}</span>
            <span class="key-code">{code.clone()}</span>
            <label class="check-row">
                <input type="checkbox" prop:checked=move || matches.get() on:change=move |ev| matches.set(event_target_checked(&ev)) />
                {tf!("{}'s screen shows {code}", "Ekran ({}) pokazuje {code}", deputy.name)}
            </label>
            <button type="button" class="button primary" prop:disabled=move || !matches.get() on:click=move |_| ask.run(Change::Add(deputy.clone()))>
                {t!("Add as deputy", "Dodaj jako zastępcę")}
            </button>
        </li>
    }
}

/// This tablet's code, and its offer to be a deputy.
#[component]
fn OfferPanel(own: Option<VerifyingKey>, ask: Callback<Change>) -> impl IntoView {
    let record = record();
    let named = Memo::new({
        let record = record.clone();
        move |_| own.is_some_and(|own| record.with(|r| r.roster.names(&own)))
    });
    let waiting = Memo::new(move |_| record.with(|r| r.offer_unsent.is_some()));
    let name = RwSignal::new(String::new());
    let offer = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        ask.run(Change::Offer(name.get_untracked()));
    };
    own.map(|own| view! {
        <section class="panel" aria-labelledby="deputy-title">
            <h2 id="deputy-title">{t!("This tablet as a deputy arbiter", "Ten tablet jako zastępca sędziego")}</h2>
            <p>{t!("This tablet's code: the chief arbiter compares it with his screen before adding it.", "Kod tego tabletu: sędzia główny porównuje go ze swoim ekranem, zanim go doda.")}</p>
            <p class="key-code" data-testid="deputy-code">{own.fingerprint()}</p>
            <Show
                when=move || named.get()
                fallback=move || view! {
                    <form class="event-form" on:submit=offer>
                        <Field label=t!("Deputy's name", "Nazwisko zastępcy").to_owned() value=name />
                        <div class="actions">
                            <button type="submit" class="button">{t!("Offer this tablet as a deputy", "Zgłoś ten tablet jako zastępcę")}</button>
                        </div>
                    </form>
                    <Show when=move || waiting.get()>
                        <p role="status">{t!("The offer waits to be sent to the database.", "Zgłoszenie czeka na wysłanie do bazy.")}</p>
                    </Show>
                }
            >
                <p role="status">{t!("This tablet is a deputy arbiter of the event: its entries are taken in every game.", "Ten tablet jest zastępcą sędziego w turnieju: jego wpisy są przyjmowane w każdej partii.")}</p>
            </Show>
        </section>
    })
}
