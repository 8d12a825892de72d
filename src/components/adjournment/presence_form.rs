use laws::adjournment::{AdjournmentEvent, Presence};
use leptos::prelude::*;

use crate::adjournment_view::record_step;
use crate::state::AppState;
use crate::{t, tf};

/// A9: at the agreed time, the arbiter records who is at the board.
#[component]
pub fn PresenceForm(game_id: String, white: String, black: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let white_here = RwSignal::new(false);
    let black_here = RwSignal::new(false);
    let resume = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let present = Presence {
            white: white_here.get_untracked(),
            black: black_here.get_untracked(),
        };
        record_step(&state, &game_id, AdjournmentEvent::Resumed { present });
    };
    let tick = |label: String, value: RwSignal<bool>| {
        view! {
            <label class="check-row">
                <input type="checkbox" prop:checked=move || value.get()
                    on:change=move |ev| value.set(event_target_checked(&ev)) />
                <span>{label}</span>
            </label>
        }
    };
    view! {
        <form class="presence" on:submit=resume novalidate>
            <h2>{t!("Who is at the board? (A9)", "Kto jest przy szachownicy? (A9)")}</h2>
            {tick(tf!("{white} (White) is present", "{white} (białe) jest obecny"), white_here)}
            {tick(tf!("{black} (Black) is present", "{black} (czarne) jest obecny"), black_here)}
            <button type="submit" class="button primary">{t!("Resume play", "Wznów grę")}</button>
        </form>
    }
}
