//! The arbiter's lock in front of a screen: with a PIN set and the tablet
//! locked, the screen is not built at all, whatever link or typed address
//! led to it; the PIN opens it in place.

use leptos::prelude::*;

use crate::components::common::pin_field::PinField;
use crate::state::AppState;
use crate::t;

/// `children` once the arbiter's screens are open (or no PIN is set).
#[component]
pub fn ArbiterGate(children: ChildrenFn) -> impl IntoView {
    let state = expect_context::<AppState>();
    let locked = Memo::new(move |_| state.arbiter_locked());
    let pin = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let unlock = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match state.unlock_arbiter(&pin.get_untracked()) {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(e)),
        }
        pin.set(String::new());
    };
    move || {
        if locked.get() {
            view! {
                <section class="page arbiter-gate">
                    <h1>{t!("For the arbiter", "Dla sędziego")}</h1>
                    <p>{t!("This screen is the arbiter's: give the arbiter's PIN to open it. The tablet locks again when the clock starts or resumes, in recording mode and when the page is opened afresh.", "Ten ekran należy do sędziego: podaj PIN sędziego, by go otworzyć. Tablet blokuje się znów, gdy zegar rusza lub jest wznawiany, w trybie zapisu i po ponownym otwarciu strony.")}</p>
                    <form class="pin-gate" on:submit=unlock>
                        <PinField pin error />
                        <div class="actions">
                            <button type="submit" class="button primary">{t!("Unlock", "Odblokuj")}</button>
                            <button type="button" class="button" on:click=move |_| {
                                let _ = web_sys::window().map(|w| w.history().map(|h| h.back()));
                            }>{t!("Back", "Wstecz")}</button>
                        </div>
                    </form>
                </section>
            }
            .into_any()
        } else {
            children().into_any()
        }
    }
}
