use laws::game::Event;
use laws::irregularity::{Finding, Ruling};
use leptos::prelude::*;

use crate::components::confirm_dialog::ConfirmDialog;
use crate::state::AppState;

/// One ruling the arbiter may give: what was found, the article, what
/// becomes of the game, what is done, and the button that carries it out
/// after a confirmation.
#[component]
pub fn RulingCard(
    id: String,
    title: String,
    finding: Finding,
    ruling: Ruling,
    /// Rapidplay (B5): the claimant had touched a piece since.
    #[prop(optional)]
    claimant_touched_piece: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let confirming = RwSignal::new(false);
    let article = ruling.article.clone();
    let apply = Callback::new({
        let article = article.clone();
        move |()| match state.apply(
            &id,
            Event::Ruled {
                finding: finding.clone(),
                claimant_touched_piece,
            },
        ) {
            Ok(()) => state.tell(format!("Ruling applied (Article {article}).")),
            Err(e) => state.warn(format!("The ruling was not applied: {e}.")),
        }
    });
    let question = format!(
        "{title}: apply Article {article}? {} This is written into the game log and cannot be taken back.",
        ruling.explanation
    );
    view! {
        <li class="ruling-card">
            <h3>{title.clone()}</h3>
            <p><strong class="article">{format!("Article {article}")}</strong>" — "{ruling.outcome.to_string()}</p>
            <p>{ruling.explanation.clone()}</p>
            {(!ruling.effects.is_empty()).then(|| view! {
                <ul class="effects">
                    {ruling.effects.iter().map(|effect| view! { <li>{effect.to_string()}</li> }).collect_view()}
                </ul>
            })}
            <button type="button" class="button primary" on:click=move |_| confirming.set(true)>
                {format!("Rule: {title}")}
            </button>
            <ConfirmDialog open=confirming question=question confirm_label="Apply the ruling" on_confirm=apply />
        </li>
    }
}
