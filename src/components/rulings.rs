use laws::adjournment::Ruling;
use leptos::prelude::*;

/// Every ruling of the adjournment so far, each naming its article.
#[component]
pub fn Rulings(rulings: Vec<Ruling>) -> impl IntoView {
    (!rulings.is_empty()).then(|| {
        view! {
            <section class="rulings" aria-label="Rulings">
                <h2>"Rulings"</h2>
                <ol>
                    {rulings.into_iter().map(|ruling| {
                        let article = match &ruling.exception {
                            Some(exception) => format!("Article {} (exception {exception})", ruling.article),
                            None => format!("Article {}", ruling.article),
                        };
                        view! {
                            <li class="ruling">
                                <strong class="article">{article}</strong>
                                ": " {ruling.explanation.clone()}
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}
