use laws::intervention::Applied;
use leptos::prelude::*;

use crate::text::i18n::local_time;
use crate::text::laws_text;
use crate::{t, tf};

/// The arbiter's rulings in this game, newest first: the last one shown,
/// the earlier ones folded (a long history would push the screen down).
#[component]
pub fn AppliedRulings(rulings: Vec<Applied>) -> impl IntoView {
    let count = rulings.len();
    let item = |applied: Applied| {
        view! {
            <li class="ruling">
                <strong class="article">{laws_text::article::article(applied.ruling.article)}</strong>
                {format!(" ({}): {}", local_time(applied.at_ms), laws_text::irregularity::explanation(&applied.ruling))}
            </li>
        }
    };
    let mut newest_first = rulings.into_iter().rev();
    newest_first.next().map(|last| {
        let earlier = newest_first.map(item).collect_view();
        view! {
            <section class="rulings" aria-label=t!("Rulings given", "Wydane decyzje")>
                <h2>{t!("Rulings given", "Wydane decyzje")}</h2>
                <ol reversed start=count>{item(last)}</ol>
                {(count > 1).then(|| view! {
                    <details class="fold">
                        <summary>{tf!("Earlier rulings ({})", "Wcześniejsze decyzje ({})", count - 1)}</summary>
                        <ol reversed start=count - 1>{earlier}</ol>
                    </details>
                })}
            </section>
        }
    })
}
