use laws::notation::NotationLang;
use leptos::prelude::*;

use crate::components::common::form_error::FormError;
use crate::components::common::notation_select::NotationSelect;
use crate::text::laws_text::notation::lang_label;
use crate::{t, tf};

/// A1a: the sealer's private screen. He writes his move (in plain view:
/// only he looks at this screen), never picking it from a list of legal
/// moves (which would tell him which are legal), then reads back exactly what he wrote, the text alone and never what it
/// means, and confirms it by stopping his clock (a typo sealed would lose
/// under A8).
#[component]
pub fn SealMove(
    sealer: String,
    /// The language he writes in, when he chose one (A1a: as on paper, in
    /// his own notation); the game's until then.
    lang: RwSignal<Option<NotationLang>>,
    game_lang: NotationLang,
    /// The move as written so far; only in memory, never stored.
    written: RwSignal<String>,
    on_stop: Callback<()>,
) -> impl IntoView {
    let reading_back = RwSignal::new(false);
    let writing_in = Signal::derive(move || lang.get().unwrap_or(game_lang));
    let error = RwSignal::new(None::<String>);
    let read_back = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if written.get_untracked().trim().is_empty() {
            error.set(Some(
                t!(
                    "Write your move before stopping your clock.",
                    "Zapisz swoje posunięcie, zanim zatrzymasz zegar."
                )
                .into(),
            ));
        } else {
            error.set(None);
            reading_back.set(true);
        }
    };
    let writing = move || {
        view! {
            <form class="seal-move" on:submit=read_back novalidate>
                <h2>{tf!("{sealer}: write your sealed move", "{sealer}: zapisz posunięcie do zapieczętowania")}</h2>
                <p>{t!("Only you should look at this screen. You can change your move until you stop your clock.", "Na ten ekran patrzysz tylko ty. Możesz zmienić posunięcie, dopóki nie zatrzymasz zegara.")}</p>
                <NotationSelect
                    label=t!("You write in (piece initials)", "Zapisujesz w języku (litery bierek)").to_owned()
                    name="sealer-notation"
                    value=writing_in
                    on_change=Callback::new(move |chosen| lang.set(Some(chosen)))
                />
                <label class="field">
                    <span>{t!("Your sealed move", "Twoje zapieczętowane posunięcie")}</span>
                    <input
                        type="text"
                        name="sealed-move"
                        autocomplete="off"
                        autocapitalize="off"
                        spellcheck="false"
                        prop:value=move || written.get()
                        on:input=move |ev| written.set(event_target_value(&ev))
                    />
                </label>
                <FormError error=error />
                <div class="seal-actions">
                    <button type="submit" class="button primary">{t!("Read my move back before sealing", "Odczytaj moje posunięcie przed zapieczętowaniem")}</button>
                </div>
            </form>
        }
    };
    let confirming = move || {
        view! {
            <section class="seal-move read-back" aria-labelledby="read-back-title">
                <h2 id="read-back-title">{t!("Is this exactly what you wrote?", "Czy to dokładnie to, co zapisałeś?")}</h2>
                <p>{t!("This text goes into the envelope as it stands, letter for letter, and is opened at resumption. Nothing here says whether it is a legal move.", "Ten tekst trafia do koperty dokładnie tak, litera po literze, i zostanie otwarty przy wznowieniu. Nic tutaj nie mówi, czy to prawidłowe posunięcie.")}</p>
                <p class="sealed-text" aria-label=t!("Your sealed move", "Twoje zapieczętowane posunięcie")>{move || written.get().trim().to_owned()}</p>
                <p class="hint">{move || tf!("Written in: {}", "Zapis w języku: {}", lang_label(writing_in.get()))}</p>
                <div class="seal-actions">
                    <button type="button" class="button" on:click=move |_| reading_back.set(false)>{t!("Change it", "Zmień je")}</button>
                    <button type="button" class="button primary" on:click=move |_| on_stop.run(())>{t!("Stop my clock: the move is sealed", "Zatrzymaj mój zegar: posunięcie zapieczętowane")}</button>
                </div>
            </section>
        }
    };
    move || {
        if reading_back.get() {
            confirming().into_any()
        } else {
            writing().into_any()
        }
    }
}
