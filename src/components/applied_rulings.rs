use laws::intervention::Applied;
use leptos::prelude::*;

use crate::pages::games::local_time;

/// The arbiter's rulings in this game, newest first.
#[component]
pub fn AppliedRulings(rulings: Vec<Applied>) -> impl IntoView {
    (!rulings.is_empty()).then(|| {
        view! {
            <section class="rulings" aria-label="Rulings given">
                <h2>"Rulings given"</h2>
                <ol reversed>
                    {rulings.into_iter().rev().map(|applied| view! {
                        <li class="ruling">
                            <strong class="article">{format!("Article {}", applied.ruling.article)}</strong>
                            {format!(" ({}): {}", local_time(applied.at_ms), applied.ruling.explanation)}
                        </li>
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}
