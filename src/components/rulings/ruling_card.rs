use laws::game::Event;
use laws::irregularity::{Effect, Finding, IrregularityRuling};
use leptos::prelude::*;

use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::components::common::diagram::Diagram;
use crate::state::AppState;
use crate::text::laws_text;
use crate::{t, tf};

/// One ruling the arbiter may give: what was found, the article, what
/// becomes of the game, what is done, and the button that carries it out
/// after a confirmation; with `corrects`, as the correction of that
/// earlier ruling.
#[component]
pub fn RulingCard(
    id: String,
    title: String,
    finding: Finding,
    ruling: IrregularityRuling,
    /// Rapidplay (B5): the claimant had touched a piece since.
    #[prop(optional)]
    claimant_touched_piece: bool,
    #[prop(default = None)] corrects: Option<usize>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let confirming = RwSignal::new(false);
    let article = ruling.article;
    let apply = Callback::new({
        move |()| match state.apply(
            &id,
            Event::Ruled {
                finding: finding.clone(),
                claimant_touched_piece,
                corrects,
            },
        ) {
            Ok(()) => state.tell(tf!(
                "Ruling applied (Article {article}).",
                "Decyzja wykonana (artykuł {article})."
            )),
            Err(e) => state.warn(tf!(
                "The ruling was not applied: {e}.",
                "Decyzja nie została wykonana: {e}."
            )),
        }
    });
    let explanation = laws_text::irregularity::explanation(&ruling);
    // 7.1-7.4: the position put back, as the arbiter sets it up.
    let reinstated = ruling.effects.iter().find_map(|effect| match effect {
        Effect::ReinstatePosition { fen, .. } => Some(fen.clone()),
        _ => None,
    });
    let outcome = laws_text::outcome::outcome(ruling.outcome);
    // The confirmation asks, then lists what is done: the card's prose is
    // on the screen behind it.
    let question = match corrects {
        None => tf!(
            "{title}: apply Article {article} ({outcome})? It is written into the game log; until play goes on, a later ruling can correct it.",
            "{title}: zastosować artykuł {article} ({outcome})? Zostanie to zapisane w przebiegu partii; dopóki gra nie zostanie wznowiona, późniejsza decyzja może ją poprawić."
        ),
        Some(number) => tf!(
            "{title}: apply Article {article} ({outcome}) in place of ruling {number}? Both rulings stay in the game log.",
            "{title}: zastosować artykuł {article} ({outcome}) w miejsce decyzji {number}? Obie decyzje pozostaną w przebiegu partii."
        ),
    };
    let effects = move || {
        (!ruling.effects.is_empty()).then(|| view! {
            <ul class="effects">
                {ruling.effects.iter().map(|effect| view! { <li>{laws_text::irregularity::effect(effect)}</li> }).collect_view()}
            </ul>
        })
    };
    let effects_listed = effects.clone();
    let with_diagram = reinstated.is_some();
    let confirmed_position = reinstated.clone();
    view! {
        <li class="ruling-card" class:with-diagram=with_diagram>
            <div class="ruling-text">
                <h3>{title.clone()}</h3>
                <p><strong class="article">{laws_text::article::article(article)}</strong>" — "{outcome}</p>
                <p>{explanation}</p>
                {effects()}
            </div>
            {reinstated.clone().map(|fen| view! { <Diagram fen=fen /> })}
            <button type="button" class="button primary" on:click=move |_| confirming.set(true)>
                {tf!("Rule: {title}", "Orzeknij: {title}")}
            </button>
            <ConfirmDialog open=confirming question=question confirm_label=t!("Apply the ruling", "Zastosuj decyzję") on_confirm=apply>
                <div class="confirm-ruling">
                    {effects_listed.clone()}
                    {confirmed_position.clone().map(|fen| view! { <Diagram fen=fen /> })}
                </div>
            </ConfirmDialog>
        </li>
    }
}
