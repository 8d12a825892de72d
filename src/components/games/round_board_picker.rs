//! On a board tablet in an event, the new game's board chosen from the
//! round the arbiters published: its setup comes from the round, names
//! and all.

use laws::game::Setup;
use leptos::prelude::*;

use crate::event::couch::record;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// Offers the published rounds' boards; `on_choose` gets the chosen
/// board's setup, or `None` to type the game by hand.
#[component]
pub fn RoundBoardPicker(on_choose: Callback<Option<Setup>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let rounds = Memo::new(move |_| {
        if state.settings.with(|s| s.event.is_none()) {
            return Vec::new();
        }
        record().with(|r| r.rounds.values().rev().cloned().collect::<Vec<_>>())
    });
    // "3/7": round 3, board 7.
    let chosen = RwSignal::new(String::new());
    let choose = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let value = chosen.get_untracked();
        let setup = value.split_once('/').and_then(|(round, board)| {
            let (round, board): (u32, u32) = (round.parse().ok()?, board.parse().ok()?);
            rounds.with_untracked(|rounds| {
                rounds
                    .iter()
                    .find(|r| r.round == round)
                    .and_then(|r| r.setup(board))
            })
        });
        on_choose.run(setup);
    };
    view! {
        <Show when=move || !rounds.with(Vec::is_empty)>
            <form class="panel round-board-picker" on:submit=choose>
                <h2>{t!("From the round's pairings", "Z kojarzenia rundy")}</h2>
                <label class="field">
                    <span>{t!("This tablet's board", "Szachownica tego tabletu")}</span>
                    <select name="round-board" on:change=move |ev| chosen.set(event_target_value(&ev))>
                        <option value="">{t!("Typed by hand", "Wpisana ręcznie")}</option>
                        {move || rounds.get().into_iter().flat_map(|round| {
                            round.boards.into_iter().map(move |b| {
                                let label = tf!(
                                    "Round {}, board {}: {}",
                                    "Runda {}, szachownica {}: {}",
                                    round.round,
                                    b.number,
                                    laws_text::side::pairing(&b.white.name, &b.black.name)
                                );
                                view! { <option value=format!("{}/{}", round.round, b.number)>{label}</option> }
                            })
                        }).collect_view()}
                    </select>
                </label>
                <div class="actions">
                    <button type="submit" class="button">{t!("Use this board", "Użyj tej szachownicy")}</button>
                </div>
            </form>
        </Show>
    }
}
