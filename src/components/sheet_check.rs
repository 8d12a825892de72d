//! The arbiter's check of a scoresheet: every entry's verdict, the first
//! irregularity highlighted, the position after any entry, and what the
//! record says about claims (9.2, 9.3) and the end of the game (5.1a, 5.2a).

use laws::claim::{self, Ending, Ruling};
use laws::game::{Game, Play};
use laws::game_pgn::SheetMoves;
use laws::scoresheet::{SheetCheck, Verdict};
use leptos::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::components::board::Board;
use crate::components::game_end::GameEnd;
use crate::components::move_list::{Cell, MoveList};
use crate::components::struck_out::{StruckOut, struck_out};

/// A verdict in the arbiter's words.
pub fn verdict_words(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Legal { san, notes } if notes.is_empty() => format!("legal: {san}"),
        Verdict::Legal { san, notes } => format!(
            "legal: {san} ({})",
            notes
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Verdict::Ambiguous { candidates } => {
            format!("ambiguous: could be {}", candidates.join(" or "))
        }
        Verdict::Unreadable { reason } => format!("unreadable: {reason}"),
        Verdict::Illegal { reason } => format!("illegal: {reason}"),
        Verdict::Dash => "dash: a move made but not written (8.4)".to_owned(),
        Verdict::Unverified => "not checked: the position before it is not known".to_owned(),
    }
}

/// The sheet's boxes with their verdicts.
pub fn checked_cells(check: &SheetCheck) -> Vec<Cell> {
    check
        .entries
        .iter()
        .enumerate()
        .map(|(i, entry)| Cell {
            slot: entry.slot,
            text: entry.written.to_string(),
            detail: Some(verdict_words(&entry.verdict)),
            irregular: entry.verdict.is_irregular(),
            first_irregular: check.first_irregularity == Some(i),
        })
        .collect()
}

/// A ruling in words: the article, for whom, and why.
pub fn ruling_words(name: &str, ruling: &Ruling) -> String {
    format!(
        "{name} ({}): a claim by {} now would be {}: {}.",
        ruling.article,
        ruling.claimant,
        if ruling.valid { "correct" } else { "incorrect" },
        ruling.reason
    )
}

/// What the record says about claims and the end of the game.
pub fn claims(play: &Play) -> Vec<String> {
    let read = SheetMoves::of(play);
    let moves = read.plain();
    let mut lines = Vec::new();
    if let Some(slot) = read.stopped_at {
        lines.push(format!(
            "Judged on the moves before {slot} {}: the sheet cannot be followed from there.",
            slot.side
        ));
    }
    match claim::ending(&read.end()) {
        Some(Ending::Checkmate { winner }) => {
            lines.push(format!("Checkmate (5.1a): {winner} has won."))
        }
        Some(Ending::Stalemate) => lines.push("Stalemate (5.2a): the game is drawn.".to_owned()),
        None => {}
    }
    if let Ok(ruling) = claim::repetition(&read.start, &moves, None) {
        lines.push(ruling_words("Threefold repetition", &ruling));
    }
    if let Ok(ruling) = claim::fifty_moves(&read.start, &moves, None) {
        lines.push(ruling_words("50-move rule", &ruling));
    }
    lines
}

fn position(fen: &str) -> Option<Chess> {
    fen.parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()
}

#[component]
pub fn SheetCheckView(game: Memo<Option<Game>>) -> impl IntoView {
    let flipped = RwSignal::new(false);
    let selected = RwSignal::new(None::<usize>);
    let play = move || game.with(|g| g.as_ref().and_then(|g| g.fold().ok()));
    let check = Memo::new(move |_| play().map(|p| p.check()));
    let cells =
        Signal::derive(move || check.with(|c| c.as_ref().map(checked_cells).unwrap_or_default()));
    let fen_at = move |i: usize| {
        check.with(|c| c.as_ref().and_then(|c| c.entries.get(i)?.fen_after.clone()))
    };
    let board = Signal::derive(move || {
        selected
            .get()
            .and_then(fen_at)
            .and_then(|fen| position(&fen))
            .or_else(|| play().map(|p| p.position()))
            .unwrap_or_default()
            .board()
            .clone()
    });
    let unknown_here = move || selected.get().is_some_and(|i| fen_at(i).is_none());
    let summary = move || {
        check.with(|c| {
            let c = c.as_ref()?;
            let i = c.first_irregularity?;
            let entry = &c.entries[i];
            Some(format!(
                "First irregularity: {} {} “{}” — {}.",
                entry.slot,
                entry.slot.side,
                entry.written,
                verdict_words(&entry.verdict)
            ))
        })
    };
    view! {
        <div class="sheet-layout">
            <div class="sheet-board">
                <Board position=board flipped=flipped />
                <p class="board-caption" aria-live="polite">{move || match selected.get() {
                    None => "The board shows the position the sheet reaches.".to_owned(),
                    Some(_) if unknown_here() => "The position after this entry is not known: the board shows the last known one.".to_owned(),
                    Some(i) => check.with(|c| c.as_ref().map(|c| format!("The board shows the position after {} {}.", c.entries[i].slot, c.entries[i].slot.side)).unwrap_or_default()),
                }}</p>
                <div class="actions">
                    <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>"Flip board"</button>
                    <button type="button" class="button" on:click=move |_| selected.set(None)>"Show the last position"</button>
                </div>
            </div>
            <div class="sheet-side">
                {move || match summary() {
                    Some(text) => view! { <p class="irregularity-summary" role="alert">{text}</p> }.into_any(),
                    None => view! { <p class="all-legal">"Every entry reads as a legal move, dash or not yet judged."</p> }.into_any(),
                }}
                <MoveList cells=cells selected=selected on_select=Callback::new(move |i| selected.set(Some(i))) label="Scoresheet with verdicts" />
                <GameEnd position=Signal::derive(move || play().map(|p| p.position()).unwrap_or_default()) />
                <StruckOut entries=Signal::derive(move || game.with(|g| g.as_ref().map(struck_out).unwrap_or_default())) />
                <section class="panel claims" aria-labelledby="claims-title">
                    <h2 id="claims-title">"Claims from the record"</h2>
                    <ul>
                        {move || play().map(|p| claims(&p)).unwrap_or_default().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                    </ul>
                </section>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::recording::tests::game;

    fn play(texts: &[&str]) -> Play {
        game(texts).fold().unwrap()
    }

    #[test]
    fn the_first_irregularity_is_marked_and_explained() {
        let cells = checked_cells(&play(&["e4", "e5", "Ke3", "Nc6"]).check());
        assert!(cells[2].first_irregular && cells[2].irregular);
        assert!(cells[2].detail.as_deref().unwrap().starts_with("illegal: "));
        assert!(!cells[3].first_irregular);
        assert_eq!(cells[0].detail.as_deref(), Some("legal: e4"));
    }

    #[test]
    fn claims_follow_the_record() {
        let lines = claims(&play(&[
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8",
        ]));
        assert!(
            lines.iter().any(|l| l
                .starts_with("Threefold repetition (9.2): a claim by White now would be correct")),
            "{lines:?}"
        );
        let mate = claims(&play(&["f3", "e5", "g4", "Qh4#"]));
        assert_eq!(mate[0], "Checkmate (5.1a): Black has won.");
        let stopped = claims(&play(&["e4", "—", "Nf3"]));
        assert!(
            stopped[0].starts_with("Judged on the moves before 1... Black"),
            "{stopped:?}"
        );
    }
}
