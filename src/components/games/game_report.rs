use laws::game::Game;
use leptos::prelude::*;

use crate::text::i18n::local_time;
use crate::text::laws_text;
use crate::worker::analysis::first_look;
use crate::{t, tf};

/// How the game stands for the report: the ruling that ended it, the
/// adjournment's result, the end on the board, or still in play.
fn result(game: &Game) -> String {
    let Ok(play) = game.fold() else {
        return t!(
            "The game's log cannot be replayed.",
            "Zapisu partii nie da się odtworzyć."
        )
        .to_owned();
    };
    if let Some(result) = laws_text::game::game_over(play) {
        return result;
    }
    first_look(&play.position())
        .and_then(|standing| standing.words())
        .map_or_else(
            || {
                t!(
                    "No result yet: the game is in play.",
                    "Brak wyniku: partia trwa."
                )
                .to_owned()
            },
            str::to_owned,
        )
}

/// The game report as printed: the game's details, its result, the moves
/// and every ruling given. Shown only on paper.
#[component]
pub fn GameReport(game: Game, moves: Vec<String>) -> impl IntoView {
    let setup = game.setup().clone();
    let play = game.fold().ok();
    let rulings = play.as_ref().map(|p| p.rulings.clone()).unwrap_or_default();
    let adjournment = play
        .as_ref()
        .map(|p| p.adjournment.rulings().to_vec())
        .unwrap_or_default();
    let none = (rulings.is_empty() && adjournment.is_empty())
        .then(|| view! { <p>{t!("No rulings were given.", "Nie wydano żadnych decyzji.")}</p> });
    view! {
        <section class="printout game-report" aria-label=t!("Game report", "Raport z partii")>
            <h2>{tf!("Game report: {}", "Raport z partii: {}", laws_text::side::pairing(&setup.white.name, &setup.black.name))}</h2>
            <dl class="report-details">
                <dt>{t!("White", "Białe")}</dt><dd>{setup.white.name.clone()}</dd>
                <dt>{t!("Black", "Czarne")}</dt><dd>{setup.black.name.clone()}</dd>
                <dt>{t!("Event", "Turniej")}</dt><dd>{setup.event.clone()}</dd>
                <dt>{t!("Site", "Miejsce")}</dt><dd>{setup.site.clone()}</dd>
                <dt>{t!("Round", "Runda")}</dt><dd>{setup.round.clone()}</dd>
                <dt>{t!("Board", "Szachownica")}</dt><dd>{setup.board.clone()}</dd>
                <dt>{t!("Time control", "Tempo gry")}</dt><dd>{laws_text::time_control::time_control(&setup.time_control)}</dd>
                <dt>{t!("Laws", "Przepisy")}</dt><dd>{laws_text::ruleset::edition(setup.ruleset.edition)}</dd>
                <dt>{t!("Created", "Utworzono")}</dt><dd>{local_time(game.created_ms())}</dd>
                <dt>{t!("Result", "Wynik")}</dt><dd class="report-result">{result(&game)}</dd>
            </dl>
            <h3>{t!("Moves", "Posunięcia")}</h3>
            <p class="report-moves">{moves.join(" ")}</p>
            <h3>{t!("Rulings given", "Wydane decyzje")}</h3>
            {none}
            <ol class="report-rulings">
                {rulings.into_iter().map(|applied| view! {
                    <li>
                        <strong>{laws_text::article::article(applied.ruling.article)}</strong>
                        {format!(" ({}) — {}: {}", local_time(applied.at_ms), laws_text::irregularity::finding(&applied.finding), laws_text::irregularity::explanation(&applied.ruling))}
                    </li>
                }).collect_view()}
                {adjournment.into_iter().map(|ruling| view! {
                    <li>
                        <strong>{laws_text::article::article(ruling.article)}</strong>
                        {format!(": {}", laws_text::adjournment::adjournment_explanation(&ruling))}
                    </li>
                }).collect_view()}
            </ol>
            <p class="print-sign">{t!("Arbiter's signature ____________", "Podpis sędziego ____________")}</p>
        </section>
    }
}
