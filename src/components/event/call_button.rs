//! "Call the arbiter" on a board tablet of an event: open to the players,
//! in recording mode too (no PIN), with where the call stands.

use leptos::prelude::*;

use crate::event::call::Call;
use crate::event::couch::{call_arbiter, record};
use crate::event::sync::of_an_event;
use crate::state::AppState;
use crate::text::i18n::local_hour_minute;
use crate::{t, tf};

/// Where this board's last call stands, in the players' words.
fn standing(call: &Call, who: impl FnOnce() -> String) -> String {
    let at = local_hour_minute(call.at_ms);
    match (&call.answer, call.sent) {
        (Some(answer), _) => tf!(
            "{} is coming (answered at {}).",
            "{} już idzie (odpowiedź o {}).",
            who(),
            local_hour_minute(answer.at_ms)
        ),
        (None, true) => tf!(
            "Arbiter called at {at}: the arbiters' screens show the call until one answers.",
            "Sędzia wezwany o {at}: ekrany sędziów pokazują wezwanie, aż któryś odpowie."
        ),
        (None, false) => tf!(
            "Arbiter called at {at}. Not sent yet: it goes as soon as the network is back.",
            "Sędzia wezwany o {at}. Jeszcze niewysłane: pójdzie, gdy tylko wróci sieć."
        ),
    }
}

#[component]
pub fn CallArbiter(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let in_event = Memo::new(move |_| state.settings.with(|s| s.event.is_some()));
    let shown = of_an_event(&id);
    let record = record();
    let last = Memo::new({
        let id = id.clone();
        move |_| record.with(|r| r.calls.iter().rev().find(|c| c.caller.game == id).cloned())
    });
    let who = move |call: &Call| {
        let by = call.answer.as_ref().map(|a| a.by);
        let link = state.settings.with_untracked(|s| s.event.clone());
        let chief = link.as_ref().and_then(|l| l.chief_key());
        match by {
            Some(by) if Some(by) != chief => crate::event::couch::record().with_untracked(|r| {
                r.roster
                    .deputies
                    .iter()
                    .find(|d| d.signer == by)
                    .map_or_else(|| t!("An arbiter", "Sędzia").to_owned(), |d| d.name.clone())
            }),
            _ => t!("The chief arbiter", "Sędzia główny").to_owned(),
        }
    };
    let call = Callback::new(move |()| {
        if let Err(e) = call_arbiter(state, &id) {
            state.warn(e);
        }
    });
    view! {
        <Show when=move || shown && in_event.get()>
            <div class="call-arbiter" role="status">
                <Show when=move || last.with(|c| c.as_ref().is_none_or(|c| !c.open()))>
                    <button type="button" class="button call" on:click=move |_| call.run(())>{t!("Call the arbiter", "Wezwij sędziego")}</button>
                </Show>
                {move || last.get().map(|c| view! { <p>{standing(&c, || who(&c))}</p> })}
            </div>
        </Show>
    }
}
