use laws::article::Article;
use laws::game::result::draw_claim;
use laws::game::{DrawClaim, GameResult, GameState, Side};
use laws::irregularity::Outcome;
use leptos::prelude::*;

use crate::components::rulings::result_button::ResultButton;
use crate::text::laws_text;
use crate::{t, tf};

/// The outcomes an arbiter's decision may give, as the select names them.
const DECIDED: [(&str, Outcome); 4] = [
    ("white_wins", Outcome::WhiteWins),
    ("black_wins", Outcome::BlackWins),
    ("draw", Outcome::Draw),
    ("both_lose", Outcome::BothLose),
];

/// The draw claim the select names.
fn claim_of(value: &str) -> DrawClaim {
    match value {
        "fifty_moves" => DrawClaim::FiftyMoves,
        _ => DrawClaim::Repetition,
    }
}

/// Recording how the game ended: a resignation (5.1b), a draw agreed
/// (9.1), a draw claim (9.2, 9.3) upheld when the scoresheet shows it is
/// correct, the arbiter's decision with its article and reason.
#[component]
pub fn ResultForm(id: String, play: GameState) -> impl IntoView {
    let claim = RwSignal::new(DrawClaim::Repetition);
    let intended = RwSignal::new(String::new());
    let decided = RwSignal::new(Outcome::WhiteWins);
    let article = RwSignal::new(Article::Art6_9);
    let reason = RwSignal::new(String::new());
    let resign = |by: Side| {
        view! {
            <ResultButton id=id.clone() label=tf!("{} resigns (5.1b)", "{} poddają partię (5.1b)", laws_text::side::side(by))
                result=GameResult::Resigned { by } play=play.clone() />
        }
    };
    let claim_id = id.clone();
    let claim_play = play.clone();
    let claim_preview = move || {
        let text = intended.get();
        let text = Some(text.trim()).filter(|t| !t.is_empty());
        match draw_claim(&claim_play, claim.get(), text) {
            Ok(ruling) if ruling.valid => {
                let result = GameResult::DrawClaimed {
                    claim: claim.get(),
                    intended: text.map(str::to_owned),
                };
                view! {
                    <p>{laws_text::claim::claim_reason(&ruling.reason)}</p>
                    <ResultButton id=claim_id.clone() label=tf!("Uphold the claim: draw ({})", "Uznaj reklamację: remis ({})", ruling.article)
                        result=result play=claim_play.clone() primary=true />
                }
                .into_any()
            }
            Ok(ruling) => view! {
                <p class="hint" role="status">{tf!("The claim is not correct: {}.", "Reklamacja jest niesłuszna: {}.", laws_text::claim::claim_reason(&ruling.reason))}</p>
            }
            .into_any(),
            Err(e) => view! {
                <p class="hint" role="status">{laws_text::game::result_error(&e)}</p>
            }
            .into_any(),
        }
    };
    let decide_id = id.clone();
    let decide_play = play.clone();
    let decision = move || {
        let reason = reason.get();
        if reason.trim().is_empty() {
            return view! {
                <p class="hint">{t!("Write the reason to record the decision.", "Wpisz uzasadnienie, aby zapisać decyzję.")}</p>
            }
            .into_any();
        }
        let result = GameResult::Decided {
            outcome: decided.get(),
            article: article.get(),
            reason: reason.trim().to_owned(),
        };
        view! {
            <ResultButton id=decide_id.clone() label=tf!("Record the decision: {}", "Zapisz decyzję: {}", laws_text::outcome::outcome(decided.get()))
                result=result play=decide_play.clone() primary=true />
        }
        .into_any()
    };
    view! {
        <section class="result-form" aria-labelledby="result-title">
            <h3 id="result-title">{t!("How the game ended", "Jak zakończyła się partia")}</h3>
            <div class="actions">
                {resign(Side::White)}
                {resign(Side::Black)}
                <ResultButton id=id.clone() label=t!("Draw agreed (9.1)", "Remis uzgodniony (9.1)").to_owned()
                    result=GameResult::DrawAgreed play=play.clone() />
            </div>
            <details class="fold">
                <summary>{t!("A draw claimed (9.2, 9.3)", "Reklamacja remisu (9.2, 9.3)")}</summary>
                <label class="field">
                    <span>{t!("The claim", "Reklamacja")}</span>
                    <select on:change=move |ev| claim.set(claim_of(&event_target_value(&ev)))>
                        <option value="repetition" selected>{t!("Threefold repetition (9.2)", "Trzykrotne powtórzenie pozycji (9.2)")}</option>
                        <option value="fifty_moves">{t!("50-move rule (9.3)", "Zasada 50 posunięć (9.3)")}</option>
                    </select>
                </label>
                <label class="field">
                    <span>{t!("The intended move, written and not played (optional)", "Zamierzone posunięcie, zapisane i niewykonane (nieobowiązkowe)")}</span>
                    <input type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
                        prop:value=move || intended.get() on:input=move |ev| intended.set(event_target_value(&ev)) />
                </label>
                {claim_preview}
            </details>
            <details class="fold">
                <summary>{t!("The arbiter's decision of the result", "Decyzja sędziego o wyniku")}</summary>
                <label class="field">
                    <span>{t!("Result", "Wynik")}</span>
                    <select on:change=move |ev| {
                        let value = event_target_value(&ev);
                        if let Some((_, outcome)) = DECIDED.iter().find(|(name, _)| *name == value) {
                            decided.set(*outcome);
                        }
                    }>
                        {DECIDED.iter().map(|(value, outcome)| view! {
                            <option value=*value selected=*outcome == Outcome::WhiteWins>{laws_text::outcome::outcome(*outcome)}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{t!("Article", "Artykuł")}</span>
                    <select on:change=move |ev| {
                        if let Ok(chosen) = event_target_value(&ev).parse::<Article>() {
                            article.set(chosen);
                        }
                    }>
                        {Article::ALL.iter().map(|a| view! {
                            <option value=a.as_str() selected=*a == Article::Art6_9>{a.as_str()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{t!("Reason", "Uzasadnienie")}</span>
                    <input type="text" autocomplete="off"
                        prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev)) />
                </label>
                {decision}
            </details>
        </section>
    }
}
