use laws::clock::{FlagFall, Ruling, Verdict};
use laws::game::Side;
use laws::time_control::Class;
use leptos::prelude::*;

fn verdict_words(verdict: Verdict) -> String {
    match verdict {
        Verdict::Win { winner } => format!("{winner} wins"),
        Verdict::Draw => "Draw".to_owned(),
        Verdict::PlayOn => "Play on".to_owned(),
        Verdict::ArbiterDecides => "The arbiter decides".to_owned(),
    }
}

/// A ruling from `laws` as the arbiter reads it out: verdict, article, why.
#[component]
fn RulingText(ruling: Ruling) -> impl IntoView {
    view! {
        <p class="ruling">
            <strong>{verdict_words(ruling.verdict)}</strong>
            " (Article " {ruling.article} "): " {ruling.explanation}
        </p>
    }
}

/// Who flagged first, kept on display, and the ruling: at once in standard
/// play, on a player's claim in rapidplay and blitz.
#[component]
pub fn FlagRuling(
    flagged_first: Memo<Option<FlagFall>>,
    class: Option<Class>,
    /// The standard-play ruling on the flag shown.
    ruling: Memo<Option<Ruling>>,
    /// The ruling on the last claim, while the flags are as they were then.
    claim: Signal<Option<Ruling>>,
    on_claim: Callback<Side>,
) -> impl IntoView {
    let on_claim_only = matches!(class, Some(Class::Rapid | Class::Blitz));
    view! {
        {move || flagged_first.get().map(|first| view! {
            <section class="flag-ruling" role="alert" aria-labelledby="flag-title">
                <h2 id="flag-title">
                    {format!("{}'s flag fell first", first.side)}
                    <span class="flag-when">{format!(" (after {} moves, in period {})", first.moves, first.period)}</span>
                </h2>
                {move || ruling.get().map(|ruling| view! { <RulingText ruling=ruling /> })}
                {on_claim_only.then(|| view! {
                    <p>"In rapidplay and blitz a flag counts only when a player claims it."</p>
                    <div class="actions">
                        <button class="button" on:click=move |_| on_claim.run(Side::White)>"White claims"</button>
                        <button class="button" on:click=move |_| on_claim.run(Side::Black)>"Black claims"</button>
                    </div>
                    {move || claim.get().map(|ruling| view! { <RulingText ruling=ruling /> })}
                })}
            </section>
        })}
    }
}
