//! The boards' calls on an arbiter's event screen: each with its board and
//! time, and a sound every few seconds, until an arbiter answers.

use leptos::prelude::*;

use crate::event::couch::{answer_call, record};
use crate::platform::alerts::beep;
use crate::state::AppState;
use crate::text::i18n::local_hour_minute;
use crate::{t, tf};

/// How often an unanswered call sounds again.
const RING_MS: u64 = 4_000;

#[component]
pub fn CallsPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let record = record();
    // Only the event's arbiters answer: the chief's tablet and his deputies'.
    let arbiter = Memo::new({
        let record = record.clone();
        move |_| {
            let link = state.settings.with(|s| s.event.clone());
            link.is_some_and(|link| {
                let own = link.signing_key.as_ref().map(|k| k.verifying_key());
                record.with(|r| own.is_some_and(|own| r.arbiters(&link).contains(&own)))
            })
        }
    });
    let open = Memo::new(move |_| {
        record.with(|r| {
            r.calls
                .iter()
                .filter(|c| c.open())
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let ring = set_interval_with_handle(
        move || {
            if arbiter.get_untracked() && !open.with_untracked(Vec::is_empty) {
                beep(880.0, 250.0);
            }
        },
        std::time::Duration::from_millis(RING_MS),
    )
    .ok();
    on_cleanup(move || {
        if let Some(ring) = ring {
            ring.clear();
        }
    });
    // The first sound at once, not a tick later.
    Effect::new(move |before: Option<usize>| {
        let calls = open.with(Vec::len);
        if arbiter.get() && calls > before.unwrap_or(0) {
            beep(880.0, 250.0);
        }
        calls
    });
    let answer = move |id: String| match answer_call(state, &id) {
        Ok(()) => state.tell(t!(
            "Answered: the board's tablet shows that you are coming.",
            "Odpowiedziano: tablet szachownicy pokazuje, że idziesz."
        )),
        Err(e) => state.warn(e),
    };
    view! {
        <Show when=move || arbiter.get() && !open.with(Vec::is_empty)>
            <section class="panel calls" role="alert" aria-labelledby="calls-title">
                <h2 id="calls-title">{t!("Boards calling an arbiter", "Szachownice wzywają sędziego")}</h2>
                <ul>
                    <For each=move || open.get() key=|call| call.id.clone() let:call>
                        {
                            let id = call.id.clone();
                            let account = call.tablet().to_owned();
                            let c = &call.caller;
                            view! {
                                <li data-call=call.id.clone()>
                                    <p>
                                        <strong>{tf!("Board {}, round {}", "Szachownica {}, runda {}", c.board, c.round)}</strong>
                                        {format!(" · {} · ", c.players)}
                                        {tf!("called at {}", "wezwanie o {}", local_hour_minute(call.at_ms))}
                                        {tf!(" · tablet {account}", " · tablet {account}")}
                                    </p>
                                    <button type="button" class="button primary" on:click=move |_| answer(id.clone())>{t!("Answer: I am coming", "Odpowiedz: idę")}</button>
                                </li>
                            }
                        }
                    </For>
                </ul>
            </section>
        </Show>
    }
}
