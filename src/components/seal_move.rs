use laws::notation::Lang;
use leptos::prelude::*;

use crate::adjourning::legal_moves;
use crate::components::notation_select::NotationSelect;
use crate::{t, tf};

/// A1a: the sealer's private screen. He writes his move (hidden as he
/// types, so nobody reads it over his shoulder) or picks it from the legal
/// moves, and may change it until he stops his clock.
#[component]
pub fn SealMove(
    sealer: String,
    /// The language he writes in, when he chose one (A1a: as on paper, in
    /// his own notation); the game's until then.
    lang: RwSignal<Option<Lang>>,
    game_lang: Lang,
    fen: String,
    /// The move as written so far; only in memory, never stored.
    written: RwSignal<String>,
    on_stop: Callback<()>,
) -> impl IntoView {
    let choosing = RwSignal::new(false);
    let writing_in = Signal::derive(move || lang.get().unwrap_or(game_lang));
    let error = RwSignal::new(None::<String>);
    let fen = StoredValue::new(fen);
    let stop = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if written.get_untracked().trim().is_empty() {
            error.set(Some(
                t!("Write your move, or choose it from the legal moves, before stopping your clock.", "Zapisz swoje posunięcie albo wybierz je spośród prawidłowych, zanim zatrzymasz zegar.")
                    .into(),
            ));
        } else {
            on_stop.run(());
        }
    };
    view! {
        <form class="seal-move" on:submit=stop novalidate>
            <h2>{tf!("{sealer}: write your sealed move", "{sealer}: zapisz posunięcie do zapieczętowania")}</h2>
            <p>{t!("Only you should look at this screen. Your move stays hidden and can be changed until you stop your clock.", "Na ten ekran patrzysz tylko ty. Twoje posunięcie pozostaje ukryte i możesz je zmienić, dopóki nie zatrzymasz zegara.")}</p>
            <NotationSelect
                label=t!("You write in (piece initials)", "Zapisujesz w języku (litery bierek)").to_owned()
                name="sealer-notation"
                value=writing_in
                on_change=Callback::new(move |chosen| lang.set(Some(chosen)))
            />
            <label class="field">
                <span>{t!("Your sealed move", "Twoje zapieczętowane posunięcie")}</span>
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
                {move || if choosing.get() { t!("Hide the legal moves", "Ukryj prawidłowe posunięcia") } else { t!("Choose from the legal moves", "Wybierz spośród prawidłowych posunięć") }}
            </button>
            <Show when=move || choosing.get()>
                <ul class="move-choices" aria-label=t!("Legal moves", "Prawidłowe posunięcia")>
                    {move || legal_moves(&fen.get_value(), writing_in.get()).into_iter().map(|mv| {
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
                <p class="written-note">{t!("A move is written (hidden).", "Posunięcie jest zapisane (ukryte).")}</p>
            </Show>
            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="submit" class="button primary">{t!("Stop my clock: the move is sealed", "Zatrzymaj mój zegar: posunięcie zapieczętowane")}</button>
        </form>
    }
}
