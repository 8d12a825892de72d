use laws::clock::{FlagFall, FlagRuling, FlagVerdict};
use laws::game::Side;
use laws::time_control::Class;
use leptos::prelude::*;

use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::text::i18n::lang;
use crate::text::laws_text;
use crate::{t, tf};

fn verdict_words(verdict: FlagVerdict) -> String {
    match verdict {
        FlagVerdict::Win { winner } => tf!(
            "{} wins",
            "Wygrywają {}",
            laws_text::side::side_in_sentence(winner)
        ),
        FlagVerdict::Draw => t!("Draw", "Remis").to_owned(),
        FlagVerdict::PlayOn => t!("Play on", "Gra toczy się dalej").to_owned(),
        FlagVerdict::ArbiterDecides => t!("The arbiter decides", "Decyduje sędzia").to_owned(),
    }
}

/// A ruling from `laws` as the arbiter reads it out: verdict, article, why.
#[component]
fn RulingText(ruling: FlagRuling) -> impl IntoView {
    view! {
        <p class="ruling">
            <strong>{verdict_words(ruling.verdict)}</strong>
            {tf!(" (Article {}): ", " (artykuł {}): ", ruling.article)} {laws_text::article::article_text(ruling.article, &ruling.explanation)}
        </p>
    }
}

/// Who flagged first, kept on display, and the ruling: at once in standard
/// play, where the arbiter confirms it (6.9) and the game ends, or on a
/// player's claim in rapidplay and blitz (B6-B8), logged as the claim.
#[component]
pub fn FlagRuling(
    flagged_first: Memo<Option<FlagFall>>,
    class: Option<Class>,
    /// The standard-play ruling on the flag shown.
    ruling: Memo<Option<FlagRuling>>,
    /// The ruling on the last claim, while the flags are as they were then.
    claim: Signal<Option<FlagRuling>>,
    on_claim: Callback<Side>,
    /// Whether the game has ended: nothing more to confirm or claim.
    over: Signal<bool>,
    /// The arbiter confirms the standard-play ruling.
    on_confirm: Callback<()>,
) -> impl IntoView {
    let on_claim_only = class.is_some_and(Class::flag_on_claim_only);
    let confirming = RwSignal::new(false);
    let decided = move || {
        ruling.with(|r| {
            r.as_ref()
                .is_some_and(|r| matches!(r.verdict, FlagVerdict::Win { .. } | FlagVerdict::Draw))
        })
    };
    view! {
        {move || flagged_first.get().map(|first| view! {
            <section class="flag-ruling" role="alert" aria-labelledby="flag-title">
                <h2 id="flag-title">
                    {tf!("{}'s flag fell first", "Chorągiewka {} opadła pierwsza", laws_text::side::sides_plain(first.side))}
                    <span class="flag-when">{tf!(" (after {} {}, in period {})", " (po {} {}, w okresie {})", first.moves, lang().plural(u64::from(first.moves), ["move", "moves"], ["posunięciu", "posunięciach", "posunięciach"]), first.period)}</span>
                </h2>
                {move || ruling.get().map(|ruling| view! { <RulingText ruling=ruling /> })}
                <Show when=move || decided() && !over.get()>
                    <div class="actions">
                        <button class="button primary" on:click=move |_| confirming.set(true)>
                            {t!("Confirm the result (6.9)", "Potwierdź wynik (6.9)")}
                        </button>
                    </div>
                </Show>
                <ConfirmDialog
                    open=confirming
                    question=t!("Confirm the flag ruling (6.9)? The game ends with it: the clock stops and nothing more is pressed or recorded. It is written into the game log.", "Potwierdzić decyzję o opadnięciu chorągiewki (6.9)? Partia się nią kończy: zegar staje i nic więcej nie zostanie naciśnięte ani zapisane. Zostanie to zapisane w przebiegu partii.").to_owned()
                    confirm_label=t!("Confirm the result", "Potwierdź wynik")
                    on_confirm=on_confirm
                />
                {on_claim_only.then(|| view! {
                    <p>{t!("In rapidplay and blitz a flag counts only when a player claims it.", "W szachach szybkich i błyskawicznych opadnięcie chorągiewki liczy się tylko wtedy, gdy zawodnik je zareklamuje.")}</p>
                    <Show when=move || !over.get()>
                    <div class="actions">
                        <button class="button" on:click=move |_| on_claim.run(Side::White)>{t!("White claims", "Białe reklamują")}</button>
                        <button class="button" on:click=move |_| on_claim.run(Side::Black)>{t!("Black claims", "Czarne reklamują")}</button>
                    </div>
                    </Show>
                    {move || claim.get().map(|ruling| view! { <RulingText ruling=ruling /> })}
                })}
            </section>
        })}
    }
}
