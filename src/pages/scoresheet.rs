//! A game's scoresheet: the player's recording mode, locked until the
//! arbiter's PIN is given, or the arbiter's check of it.

use leptos::prelude::*;

use crate::components::common::pin_dialog::PinDialog;
use crate::components::event::call_button::CallArbiter;
use crate::components::scoresheet::recording::RecordingSheet;
use crate::components::scoresheet::sheet_check::SheetCheckView;
use crate::components::shell::game_over::GameOver;
use crate::pages::not_found::MissingGame;
use crate::route::Route;
use crate::state::AppState;
use crate::t;
use crate::text::laws_text;

#[component]
pub fn ScoresheetPage(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = state.watch(id.clone());
    let recording = Memo::new({
        let id = id.clone();
        move |_| {
            state
                .settings
                .with(|s| s.locked_sheet.as_deref() == Some(id.as_str()))
        }
    });
    // Only whether the game exists picks the view: a new entry must not
    // rebuild the sheet (and lose what is being typed).
    let exists = Memo::new(move |_| game.with(Option::is_some));
    let result = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.fold().ok())
                .and_then(laws_text::game::game_over)
        })
    });
    let asking_pin = RwSignal::new(false);
    let unlock = Callback::new(move |pin: String| {
        state.unlock_sheet(&pin)?;
        state.tell(t!(
            "Recording mode left: arbiter check.",
            "Opuszczono tryb zapisu: kontrola sędziego."
        ));
        Ok(())
    });
    let lock = {
        let id = id.clone();
        move |_| match state.lock_sheet(&id) {
            Ok(()) => state.tell(t!(
                "Recording mode: hand the tablet to the player.",
                "Tryb zapisu: przekaż tablet zawodnikowi."
            )),
            Err(e) => state.warn(e),
        }
    };
    let title = move || {
        game.with(|g| {
            g.as_ref()
                .map(|g| laws_text::side::pairing(&g.setup().white.name, &g.setup().black.name))
                .unwrap_or_default()
        })
    };
    let review = Route::Review(id.clone()).href();
    let details = Route::Game(id.clone()).href();
    let calling = id.clone();
    view! {
        <section class="page scoresheet" class:recording=move || recording.get()>
            <h1>{title}</h1>
            {move || if recording.get() {
                view! {
                    <div class="mode-banner recording" role="status">
                        <span><strong>{t!("Recording mode", "Tryb zapisu")}</strong>{t!(" — moves are written as entered, never judged. Leaving needs the arbiter's PIN.", " — posunięcia zapisuje się tak, jak je wpisano, bez oceny. Wyjście wymaga PIN-u sędziego.")}</span>
                        <button type="button" class="button" on:click=move |_| asking_pin.set(true)>{t!("Leave recording mode (arbiter)", "Wyjdź z trybu zapisu (sędzia)")}</button>
                        <CallArbiter id=calling.clone() />
                    </div>
                }.into_any()
            } else {
                view! {
                    <div class="mode-banner check" role="status">
                        <span><strong>{t!("Arbiter check", "Kontrola sędziego")}</strong>{t!(" — each entry with its verdict.", " — każdy zapis z oceną.")}</span>
                        // Over, the game takes no more moves: nothing to hand over.
                        {result.with(Option::is_none).then(|| view! {
                            <button type="button" class="button primary" on:click=lock.clone()>{t!("Recording mode (hand to the player)", "Tryb zapisu (przekaż zawodnikowi)")}</button>
                        })}
                        <a class="button" href=review.clone()>{t!("Review and PGN", "Przegląd i PGN")}</a>
                        <a class="button" href=details.clone()>{t!("Game details", "Dane partii")}</a>
                    </div>
                }.into_any()
            }}
            {move || result.get().map(|result| view! { <GameOver result /> })}
            {move || match (exists.get(), recording.get()) {
                (false, _) => view! { <MissingGame id=id.clone() /> }.into_any(),
                (true, true) => view! { <RecordingSheet id=id.clone() /> }.into_any(),
                (true, false) => view! { <SheetCheckView game=game /> }.into_any(),
            }}
            <PinDialog open=asking_pin title=t!("Leave recording mode", "Wyjście z trybu zapisu") on_pin=unlock />
        </section>
    }
}
