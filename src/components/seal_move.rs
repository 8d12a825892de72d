use laws::notation::Lang;
use leptos::prelude::*;

use crate::adjourning::legal_moves;
use crate::components::game_form::lang_label;

/// A1a: the sealer's private screen. He writes his move (hidden as he
/// types, so nobody reads it over his shoulder) or picks it from the legal
/// moves, and may change it until he stops his clock.
#[component]
pub fn SealMove(
    sealer: String,
    lang: Lang,
    fen: String,
    /// The move as written so far; only in memory, never stored.
    written: RwSignal<String>,
    on_stop: Callback<()>,
) -> impl IntoView {
    let choosing = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let fen = StoredValue::new(fen);
    let stop = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if written.get_untracked().trim().is_empty() {
            error.set(Some(
                "Write your move, or choose it from the legal moves, before stopping your clock."
                    .into(),
            ));
        } else {
            on_stop.run(());
        }
    };
    view! {
        <form class="seal-move" on:submit=stop novalidate>
            <h2>{format!("{sealer}: write your sealed move")}</h2>
            <p>"Only you should look at this screen. Your move stays hidden and can be changed until you stop your clock."</p>
            <label class="field">
                <span>{format!("Your sealed move, in {}", lang_label(lang))}</span>
                <input
                    type="password"
                    name="sealed-move"
                    autocomplete="off"
                    prop:value=move || written.get()
                    on:input=move |ev| written.set(event_target_value(&ev))
                />
            </label>
            <button type="button" class="button" aria-expanded=move || choosing.get().to_string()
                on:click=move |_| choosing.update(|open| *open = !*open)>
                {move || if choosing.get() { "Hide the legal moves" } else { "Choose from the legal moves" }}
            </button>
            <Show when=move || choosing.get()>
                <ul class="move-choices" aria-label="Legal moves">
                    {legal_moves(&fen.get_value(), lang).into_iter().map(|mv| {
                        let chosen = mv.clone();
                        view! {
                            <li><button type="button" class="button" on:click=move |_| {
                                written.set(chosen.clone());
                                choosing.set(false);
                            }>{mv}</button></li>
                        }
                    }).collect_view()}
                </ul>
            </Show>
            <Show when=move || !written.get().is_empty() && !choosing.get()>
                <p class="written-note">"A move is written (hidden)."</p>
            </Show>
            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="submit" class="button primary">"Stop my clock: the move is sealed"</button>
        </form>
    }
}
