//! The arbiter's check of a scoresheet: every entry's verdict, the first
//! irregularity highlighted, the position after any entry, how the game
//! stands on the board (5.1a, 5.2a, 9.6), what the record says about a
//! claim (9.2, 9.3), also one made by writing the intended move, and
//! corrections of the entries.

use laws::claim::{self, ClaimRuling};
use laws::game::SheetMoves;
use laws::game::{Game, GameState};
use laws::notation::{self, MoveReading};
use laws::scoresheet::{EntryVerdict, Scoresheet, SheetCheck};
use leptos::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::components::common::later::Later;
use crate::components::rulings::game_end::GameEnd;
use crate::components::scoresheet::board::Board;
use crate::components::scoresheet::correct_entry::CorrectEntry;
use crate::components::scoresheet::move_list::{Cell, MoveList};
use crate::components::scoresheet::recording::box_text;
use crate::components::scoresheet::struck_out::{StruckOut, slots, struck_out};
use crate::text::laws_text;
use crate::{t, tf};

/// A verdict in the arbiter's words.
pub fn verdict_words(verdict: &EntryVerdict) -> String {
    match verdict {
        EntryVerdict::Legal { san, notes } if notes.is_empty() => {
            tf!("legal: {san}", "prawidłowe: {san}")
        }
        EntryVerdict::Legal { san, notes } => tf!(
            "legal: {san} ({})",
            "prawidłowe: {san} ({})",
            notes
                .iter()
                .map(|note| laws_text::notation::note(*note))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        EntryVerdict::Ambiguous { candidates } => {
            tf!(
                "ambiguous: could be {}",
                "niejednoznaczne: może to być {}",
                candidates.join(t!(" or ", " lub "))
            )
        }
        EntryVerdict::Unreadable { reason } => {
            laws_text::article::with_reason(t!("unreadable", "nieczytelne"), reason)
        }
        EntryVerdict::Illegal { reason } => {
            laws_text::article::with_reason(t!("illegal", "nieprawidłowe"), reason)
        }
        EntryVerdict::Dash => t!(
            "dash: a move made but not written (8.4)",
            "kreska: posunięcie wykonane, ale niezapisane (8.4)"
        )
        .to_owned(),
        EntryVerdict::Unverified => t!(
            "not checked: the position before it is not known",
            "niesprawdzone: pozycja przed nim nie jest znana"
        )
        .to_owned(),
    }
}

/// The sheet's boxes with their verdicts, each written as on the sheet:
/// its draw offer and earlier writings.
pub fn checked_cells(sheet: &Scoresheet, check: &SheetCheck) -> Vec<Cell> {
    check
        .entries
        .iter()
        .zip(sheet.entries())
        .enumerate()
        .map(|(i, (entry, (_, written)))| Cell {
            slot: entry.slot,
            text: box_text(written),
            detail: Some(verdict_words(&entry.verdict)),
            irregular: entry.verdict.is_irregular(),
            first_irregular: check.first_irregularity == Some(i),
        })
        .collect()
}

/// A ruling in words: the article, for whom, and why.
pub fn ruling_words(name: &str, ruling: &ClaimRuling) -> String {
    tf!(
        "{name} ({}): a claim by {} now would be {}: {}.",
        "{name} ({}): reklamacja {} byłaby teraz {}: {}.",
        ruling.article,
        laws_text::side::sides_plain(ruling.claimant),
        if ruling.valid {
            t!("correct", "słuszna")
        } else {
            t!("incorrect", "niesłuszna")
        },
        laws_text::claim::claim_reason(&ruling.reason)
    )
}

/// What the record says about a claim of a draw (9.2, 9.3) now, or, with
/// `intended`, about one made by writing that move without playing it.
pub fn claims(play: &GameState, intended: &str) -> Vec<String> {
    let read = SheetMoves::of(play);
    let moves = read.plain();
    let mut lines = Vec::new();
    if let Some(slot) = read.stopped_at {
        lines.push(tf!(
            "Judged on the moves before {slot} {}: the sheet cannot be followed from there.",
            "Ocena według posunięć przed {slot} {}: od tego miejsca blankietu nie da się śledzić.",
            laws_text::side::side(slot.side)
        ));
    }
    let intended = intended.trim();
    let intended_move = if intended.is_empty() {
        None
    } else {
        match notation::read(&read.end(), intended, play.sheet.lang) {
            MoveReading::Legal { mv, san, .. } => {
                lines.push(tf!(
                    "With the intended move {san}, written and not played:",
                    "Z zamierzonym posunięciem {san}, zapisanym, ale niewykonanym:"
                ));
                Some(mv)
            }
            other => {
                lines.push(tf!(
                    "The intended move “{intended}” cannot be claimed with: {}.",
                    "Zamierzonym posunięciem „{intended}” nie można reklamować: {}.",
                    reading_words(&other)
                ));
                return lines;
            }
        }
    };
    if let Ok(ruling) = claim::repetition(&read.start, &moves, intended_move.as_ref()) {
        lines.push(ruling_words(
            t!("Threefold repetition", "Trzykrotne powtórzenie pozycji"),
            &ruling,
        ));
    }
    if let Ok(ruling) = claim::fifty_moves(&read.start, &moves, intended_move.as_ref()) {
        lines.push(ruling_words(
            t!("50-move rule", "Zasada 50 posunięć"),
            &ruling,
        ));
    }
    lines
}

/// Why a written move is not one legal move.
fn reading_words(reading: &MoveReading) -> String {
    match reading {
        MoveReading::Legal { san, .. } => tf!("legal: {san}", "prawidłowe: {san}"),
        MoveReading::Ambiguous { candidates } => {
            tf!(
                "it is ambiguous ({} moves fit)",
                "jest niejednoznaczne (pasujące posunięcia: {})",
                candidates.len()
            )
        }
        MoveReading::Unreadable { reason } => laws_text::article::with_reason(
            t!("it cannot be read", "nie da się go odczytać"),
            reason,
        ),
        MoveReading::Illegal { reason } => {
            laws_text::article::with_reason(t!("it is illegal", "jest nieprawidłowe"), reason)
        }
    }
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
    let intended = RwSignal::new(String::new());
    let play = move || game.with(|g| g.as_ref().and_then(|g| g.fold().ok()).cloned());
    let check = Memo::new(move |_| play().map(|p| p.check()));
    // A memo: every box of the list reads it, and a derived signal would
    // judge the whole sheet again for each box.
    let cells = Memo::new(move |_| {
        let sheet = game.with(|g| g.as_ref().map(Game::scoresheet));
        check.with(|c| match (sheet, c) {
            (Some(sheet), Some(c)) => checked_cells(&sheet, c),
            _ => Vec::new(),
        })
    });
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
            Some(tf!(
                "First irregularity: {} {} “{}” — {}.",
                "Pierwsza nieprawidłowość: {} {} „{}” — {}.",
                entry.slot,
                laws_text::side::side(entry.slot.side),
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
                    None => t!("The board shows the position the sheet reaches.", "Szachownica pokazuje pozycję, do której prowadzi blankiet.").to_owned(),
                    Some(_) if unknown_here() => t!("The position after this entry is not known: the board shows the last known one.", "Pozycja po tym zapisie nie jest znana: szachownica pokazuje ostatnią znaną.").to_owned(),
                    Some(i) => check.with(|c| c.as_ref().map(|c| tf!("The board shows the position after {} {}.", "Szachownica pokazuje pozycję po {} {}.", c.entries[i].slot, laws_text::side::side(c.entries[i].slot.side))).unwrap_or_default()),
                }}</p>
                <div class="actions check-board-actions">
                    <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>{t!("Flip board", "Obróć szachownicę")}</button>
                    <button type="button" class="button" on:click=move |_| selected.set(None)>{t!("Show the last position", "Pokaż ostatnią pozycję")}</button>
                </div>
            </div>
            <div class="sheet-side">
                {move || match summary() {
                    Some(text) => view! { <p class="irregularity-summary" role="alert">{text}</p> }.into_any(),
                    None => view! { <p class="all-legal">{t!("Every entry reads as a legal move, dash or not yet judged.", "Każdy zapis to prawidłowe posunięcie, kreska albo jeszcze nieoceniony zapis.")}</p> }.into_any(),
                }}
                <MoveList cells=cells selected=selected on_select=Callback::new(move |i| selected.set(Some(i))) label=t!("Scoresheet with verdicts", "Blankiet z ocenami") />
                // What comes under the sheet, in a task after the sheet's.
                <Later>
                    <GameEnd position=Signal::derive(move || play().map(|p| p.position()).unwrap_or_default()) />
                    <StruckOut entries=Signal::derive(move || game.with(|g| g.as_ref().map(struck_out).unwrap_or_default())) />
                    {move || game.with(|g| g.as_ref().map(|g| g.id().to_owned())).map(|id| view! {
                        <CorrectEntry id=id slots=Signal::derive(move || game.with(|g| g.as_ref().map(slots).unwrap_or_default())) />
                    })}
                    // Folded: the sheet and its correction stay on the screen.
                    <details class="fold claims">
                        <summary>{t!("Claims from the record (9.2, 9.3)", "Reklamacje na podstawie zapisu (9.2, 9.3)")}</summary>
                        <label class="field">
                            <span>{t!("Claim by writing the intended move (9.2, 9.3; optional)", "Reklamacja przez zapisanie zamierzonego posunięcia (9.2, 9.3; nieobowiązkowe)")}</span>
                            <input type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
                                prop:value=move || intended.get() on:input=move |ev| intended.set(event_target_value(&ev)) />
                        </label>
                        <ul>
                            {move || play().map(|p| claims(&p, &intended.get())).unwrap_or_default().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                        </ul>
                    </details>
                </Later>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::scoresheet::recording::tests::game;

    fn play(texts: &[&str]) -> GameState {
        game(texts).fold().unwrap().clone()
    }

    #[test]
    fn the_first_irregularity_is_marked_and_explained() {
        let sheet = play(&["e4", "e5", "Ke3", "Nc6"]);
        let cells = checked_cells(&sheet.sheet, &sheet.check());
        assert!(cells[2].first_irregular && cells[2].irregular);
        assert!(cells[2].detail.as_deref().unwrap().starts_with("illegal: "));
        assert!(!cells[3].first_irregular);
        assert_eq!(cells[0].detail.as_deref(), Some("legal: e4"));
    }

    #[test]
    fn boxes_keep_their_draw_offer_and_earlier_writings() {
        use laws::game::Event;
        use laws::scoresheet::{Entry, Slot, Written};
        let mut g = game(&["e4"]);
        let mut offer = Entry::written("e5");
        offer.draw_offer = true;
        g.apply(Event::Recorded(offer), 0).unwrap();
        g.apply(Event::Recorded(Entry::written("d3")), 0).unwrap();
        let slot = Slot {
            number: 2,
            side: laws::game::Side::White,
        };
        g.apply(
            Event::Corrected {
                slot,
                written: Written::Move("d4".into()),
            },
            0,
        )
        .unwrap();
        let play = g.fold().unwrap();
        let cells = checked_cells(&play.sheet, &play.check());
        assert_eq!(cells[1].text, "e5 (=)");
        assert_eq!(cells[2].text, "d4 (was d3)");
        assert_eq!(cells[2].detail.as_deref(), Some("legal: d4"));
    }

    #[test]
    fn claims_follow_the_record() {
        let lines = claims(
            &play(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]),
            "",
        );
        assert!(
            lines.iter().any(|l| l
                .starts_with("Threefold repetition (9.2): a claim by White now would be correct")),
            "{lines:?}"
        );
        let stopped = claims(&play(&["e4", "—", "Nf3"]), "");
        assert!(
            stopped[0].starts_with("Judged on the moves before 1... Black"),
            "{stopped:?}"
        );
    }

    #[test]
    fn a_claim_can_be_made_by_writing_the_intended_move() {
        // The third occurrence comes only with White's next move, Nf3.
        let sheet = play(&[
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1",
        ]);
        let now = claims(&sheet, "");
        assert!(
            now.iter()
                .any(|l| l.contains("(9.2): a claim by Black now would be correct")),
            "{now:?}"
        );
        let sheet = play(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
        let without = claims(&sheet, "");
        assert!(
            without
                .iter()
                .any(|l| l.contains("(9.2): a claim by Black now would be incorrect")),
            "{without:?}"
        );
        let with = claims(&sheet, "Ng8");
        assert_eq!(
            with[0],
            "With the intended move Ng8, written and not played:"
        );
        assert!(
            with.iter()
                .any(|l| l.contains("(9.2): a claim by Black now would be correct")),
            "{with:?}"
        );
        let illegal = claims(&sheet, "Ke7");
        assert!(
            illegal[0].starts_with("The intended move “Ke7” cannot be claimed with: it is illegal"),
            "{illegal:?}"
        );
    }
}
