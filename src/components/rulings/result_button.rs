use laws::game::{Event, GameResult, GameState};
use leptos::prelude::*;

use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// A result the arbiter may record, behind a confirmation: the game ends
/// with the outcome the core gives `result` in `play`, its clock stops. A
/// result the core refuses is not offered: its reason is shown instead.
#[component]
pub fn ResultButton(
    id: String,
    label: String,
    result: GameResult,
    play: GameState,
    #[prop(optional)] primary: bool,
) -> impl IntoView {
    let outcome = match result.outcome(&play) {
        Ok(outcome) => outcome,
        Err(e) => {
            return view! { <p class="hint" role="status">{laws_text::game::result_error(&e)}</p> }
                .into_any();
        }
    };
    let state = expect_context::<AppState>();
    let confirming = RwSignal::new(false);
    let article = laws_text::game::article_in_brackets(result.article());
    let question = tf!(
        "{label}: record the result, {}{article}? The clock stops; nothing more is pressed, recorded or ruled.",
        "{label}: zapisać wynik: {}{article}? Zegar staje; nic więcej nie zostanie naciśnięte, zapisane ani rozstrzygnięte.",
        laws_text::outcome::outcome(outcome)
    );
    let record = Callback::new(
        move |()| match state.apply(&id, Event::Result(result.clone())) {
            Ok(()) => state.tell(tf!("Result recorded{article}.", "Wynik zapisany{article}.")),
            Err(e) => state.warn(tf!(
                "The result was not recorded: {e}.",
                "Wynik nie został zapisany: {e}."
            )),
        },
    );
    let class = if primary { "button primary" } else { "button" };
    view! {
        <button type="button" class=class on:click=move |_| confirming.set(true)>{label.clone()}</button>
        <ConfirmDialog open=confirming question=question confirm_label=t!("Record the result", "Zapisz wynik") on_confirm=record />
    }
    .into_any()
}
