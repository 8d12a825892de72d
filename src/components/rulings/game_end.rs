use leptos::prelude::*;
use shakmaty::Chess;

use crate::worker::analyser;
use crate::worker::analysis::{Standing, fen, first_look};
use crate::{t, tf};

/// Whether the game has ended on the board (5.1a, 5.2a, 9.6), for the
/// arbiter: told at once when the quick look can, else after the full
/// search in the analyser worker; nothing while play simply goes on.
#[component]
pub fn GameEnd(position: Signal<Chess>) -> impl IntoView {
    let first = Memo::new(move |_| position.with(first_look));
    let full = LocalResource::new(move || {
        let needed = first.get().is_none();
        let fen = position.with(fen);
        async move {
            if needed {
                Some(analyser::analyse(fen).await)
            } else {
                None
            }
        }
    });
    let words = move || match first.get() {
        Some(standing) => standing.words().map(str::to_owned),
        None => Some(match full.get().flatten() {
            None => t!(
                "Checking whether the position is dead (9.6)…",
                "Sprawdzanie, czy pozycja jest martwa (9.6)…"
            )
            .to_owned(),
            Some(Ok(report)) => Standing::of(&report).words()?.to_owned(),
            Some(Err(e)) => tf!(
                "Whether the position is dead is not known: {e}.",
                "Nie wiadomo, czy pozycja jest martwa: {e}."
            ),
        }),
    };
    view! {
        {move || words().map(|text| view! { <p class="game-end" role="status">{text}</p> })}
    }
}
