use laws::adjournment::AdjournmentRuling;
use leptos::prelude::*;

use crate::text::laws_text;
use crate::{t, tf};

/// Every ruling of the adjournment so far, each naming its article.
#[component]
pub fn Rulings(rulings: Vec<AdjournmentRuling>) -> impl IntoView {
    (!rulings.is_empty()).then(|| {
        view! {
            <section class="rulings" aria-label=t!("Rulings", "Decyzje")>
                <h2>{t!("Rulings", "Decyzje")}</h2>
                <ol>
                    {rulings.into_iter().map(|ruling| {
                        let article = match &ruling.exception {
                            Some(exception) => tf!("{} (exception {exception})", "{} (wyjątek {exception})", laws_text::article::article(ruling.article)),
                            None => laws_text::article::article(ruling.article),
                        };
                        view! {
                            <li class="ruling">
                                <strong class="article">{article}</strong>
                                ": " {laws_text::adjournment::adjournment_explanation(&ruling)}
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}
