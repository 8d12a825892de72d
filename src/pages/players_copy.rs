//! The players' copy of a finished game, opened from its QR code or link
//! on a phone: the PGN the link carries, read on the page (no worker to
//! fetch). Its board and moves are shown at once, from this screen's own
//! small module; Review (the result, the printouts, keeping the game)
//! comes after in its own, and takes their place at the same move.
//! Nothing is stored unless the player keeps the game.

pub mod review;

use std::pin::Pin;

use laws::game::SheetMoves;
use laws::game_pgn;
use laws::pgn::{ImportedGame, PgnResult};
use leptos::prelude::*;
use leptos::reactive::computed::ScopedFuture;
use leptos::wasm_split::SplitLoaderError;

use crate::components::review::replay::Replay;
use crate::components::review::replay_board::ReplayBoard;
use crate::game_link;
use crate::pages::review::{heading, record_details};
use crate::platform::next_task::after_paint;
use crate::route::Route;
use crate::{t, tf};

/// Why Review did not take the place of the board and moves shown first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotReviewed {
    /// Its module did not come: the phone lost the network.
    NotFetched,
    /// The link's game cannot be made a game of this app.
    NotAGame(String),
}

impl From<SplitLoaderError> for NotReviewed {
    fn from(_: SplitLoaderError) -> NotReviewed {
        NotReviewed::NotFetched
    }
}

/// Review of the link's game, once its module has come
/// ([`review::players_copy_review`]). The shell gives it to this screen:
/// were this screen's module to call another's itself, the analyser
/// worker, which links every screen's code, would import that module too,
/// and could not start.
pub type OpenReview = fn(
    String,
    ImportedGame,
    RwSignal<usize>,
    RwSignal<bool>,
) -> Pin<Box<dyn Future<Output = Result<AnyView, NotReviewed>> + Send>>;

#[component]
pub fn PlayersCopyPage(data: String, open_review: OpenReview) -> impl IntoView {
    let pgn = game_link::decode(&data).map_err(|e| e.to_string());
    let read = pgn.clone().and_then(|text| game_link::read(&text));
    let shown = match (pgn, read) {
        (Ok(pgn), Ok(read)) => view! { <FromTheLink pgn=pgn read=read open_review=open_review /> }.into_any(),
        (Err(e), _) | (_, Err(e)) => view! {
            <h1>{t!("A game from a QR code", "Partia z kodu QR")}</h1>
            <p class="form-error" role="alert">{tf!("This game cannot be shown: {e}. Nothing was stored on this device.", "Nie można pokazać tej partii: {e}. Na tym urządzeniu nic nie zapisano.")}</p>
            <a class="button" href=Route::Games.href()>{t!("Games", "Partie")}</a>
        }
        .into_any(),
    };
    view! { <section class="page review players-copy-page">{shown}</section> }
}

/// The game `read` from the link's `pgn`: its board and moves at once,
/// then, once they are painted, Review (`open_review`).
#[component]
fn FromTheLink(pgn: String, read: ImportedGame, open_review: OpenReview) -> impl IntoView {
    let ply = RwSignal::new(usize::MAX);
    let flipped = RwSignal::new(false);
    let setup = game_pgn::setup(&read);
    let title = heading(&setup.white.name, &setup.black.name);
    let details = record_details(
        &setup.event,
        &setup.round,
        setup.record_date.as_deref().unwrap_or_default(),
    );
    let replay = Signal::stored(Replay::of_record(
        &SheetMoves::imported(&read),
        setup.notation,
    ));
    // A record with a result: the line where Review words it is kept free,
    // so that nothing moves under the player's finger when Review comes.
    let result_line = read.result != PgnResult::Unknown;
    let first = move || {
        view! {
            <h1>{title.clone()}</h1>
            {result_line.then(|| view! { <p class="review-result" aria-hidden="true">"\u{a0}"</p> })}
            <p class="record-details">{details.clone()}</p>
            <ReplayBoard replay=replay ply=ply flipped=flipped />
        }
    };
    // What comes in their place: Review, or why it did not come. Shown once
    // (a view is taken out of the signal as it is shown), and the board
    // shown first goes with all it holds, its arrow keys' listener too.
    let came = RwSignal::new_local(None::<Result<AnyView, NotReviewed>>);
    leptos::task::spawn_local(ScopedFuture::new_untracked(async move {
        after_paint().await;
        let reviewed = open_review(pgn, read, ply, flipped).await;
        // The player may have left the screen meanwhile.
        let _ = came.try_set(Some(reviewed));
    }));
    move || {
        came.track();
        match came.try_update_untracked(Option::take).flatten() {
            None => first().into_any(),
            Some(Ok(review)) => review,
            Some(Err(why)) => {
                let why = match why {
                    NotReviewed::NotFetched => t!(
                        "The rest of Review (the result, printing, keeping the game) did not come: open the link again once the phone is online.",
                        "Reszta przeglądu (wynik, drukowanie, zachowanie partii) nie dotarła: otwórz link ponownie, gdy telefon będzie w sieci."
                    )
                    .to_owned(),
                    NotReviewed::NotAGame(e) => tf!(
                        "This game cannot be kept or printed: {e}. Nothing was stored on this device.",
                        "Tej partii nie można zachować ani wydrukować: {e}. Na tym urządzeniu nic nie zapisano."
                    ),
                };
                view! {
                    {first()}
                    <p class="form-error" role="alert">{why}</p>
                }
                .into_any()
            }
        }
    }
}
