use laws::game::Event;
use laws::scoresheet::{Slot, Written};
use leptos::prelude::*;

use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// What was written to replace a box: a dash (`-`, `—`) or a move.
fn writing(text: &str) -> Option<Written> {
    match text.trim() {
        "" => None,
        "-" | "—" => Some(Written::Dash),
        text => Some(Written::Move(text.to_owned())),
    }
}

/// Corrects a box of the scoresheet (8.1, 8.5): the new writing replaces
/// the old one, which stays on the record, struck out.
#[component]
pub fn CorrectEntry(id: String, slots: Signal<Vec<Slot>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(id);
    // Index into `slots`; the last box unless another is chosen.
    let chosen = RwSignal::new(None::<usize>);
    let text = RwSignal::new(String::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let slots = slots.get_untracked();
        let Some(slot) = chosen
            .get_untracked()
            .or(slots.len().checked_sub(1))
            .and_then(|i| slots.get(i).copied())
        else {
            state.warn(t!(
                "Nothing is written yet: there is no box to correct.",
                "Nic jeszcze nie zapisano: nie ma pola do poprawienia."
            ));
            return;
        };
        let Some(written) = writing(&text.get_untracked()) else {
            state.warn(t!(
                "Write the move (or a dash) that replaces the box.",
                "Wpisz posunięcie (lub kreskę), które zastąpi pole."
            ));
            return;
        };
        match state.apply(&id.get_value(), Event::Corrected { slot, written }) {
            Ok(()) => {
                text.set(String::new());
                state.tell(tf!(
                    "{slot} corrected; the old writing stays, struck out.",
                    "Poprawiono {slot}; poprzedni zapis pozostaje, skreślony."
                ));
            }
            Err(e) => state.warn(tf!("Not corrected: {e}.", "Nie poprawiono: {e}.")),
        }
    };
    view! {
        <Show when=move || slots.with(|s| !s.is_empty())>
            <form class="correct-entry" on:submit=submit>
                <label class="field">
                    <span>{t!("Box to correct", "Pole do poprawienia")}</span>
                    <select on:change=move |ev| chosen.set(event_target_value(&ev).parse().ok())>
                        {move || {
                            let slots = slots.get();
                            let last = slots.len().saturating_sub(1);
                            slots.into_iter().enumerate().map(|(i, slot)| view! {
                                <option value=i.to_string() selected=move || chosen.get().unwrap_or(last) == i>
                                    {format!("{slot} {}", laws_text::side::side(slot.side))}
                                </option>
                            }).collect_view()
                        }}
                    </select>
                </label>
                <label class="field">
                    <span>{t!("Write instead (a move, or - for a dash)", "Zapisz zamiast (posunięcie albo - jako kreskę)")}</span>
                    <input type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
                        prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
                </label>
                <button type="submit" class="button">{t!("Correct the box", "Popraw pole")}</button>
            </form>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_is_a_move_or_a_dash_never_nothing() {
        assert_eq!(writing(" Nf3 "), Some(Written::Move("Nf3".into())));
        assert_eq!(writing("—"), Some(Written::Dash));
        assert_eq!(writing("-"), Some(Written::Dash));
        assert_eq!(writing("  "), None);
    }
}
