use laws::intervention::Applied;
use leptos::prelude::*;

use crate::t;
use crate::text::i18n::local_time;
use crate::text::laws_text;

/// The arbiter's rulings in this game, newest first.
#[component]
pub fn AppliedRulings(rulings: Vec<Applied>) -> impl IntoView {
    (!rulings.is_empty()).then(|| {
        view! {
            <section class="rulings" aria-label=t!("Rulings given", "Wydane decyzje")>
                <h2>{t!("Rulings given", "Wydane decyzje")}</h2>
                <ol reversed>
                    {rulings.into_iter().rev().map(|applied| view! {
                        <li class="ruling">
                            <strong class="article">{laws_text::article::article(applied.ruling.article)}</strong>
                            {format!(" ({}): {}", local_time(applied.at_ms), laws_text::irregularity::explanation(&applied.ruling))}
                        </li>
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}
