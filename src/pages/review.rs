//! A game move by move: board and move list, step and jump (buttons and
//! arrow keys), flip; PGN export and import; the printed scoresheet.

use laws::game::SheetMoves;
use laws::game::{Game, Side};
use laws::game_pgn;
use laws::pgn;
use laws::scoresheet::{Row, Slot};
use leptos::prelude::*;
use shakmaty::Chess;

use crate::components::common::later::Later;
use crate::components::games::game_report::GameReport;
use crate::components::games::pgn_import::PgnImportPanel;
use crate::components::games::players_copy_panel::PlayersCopyPanel;
use crate::components::review::replay::Replay;
use crate::components::review::replay_board::ReplayBoard;
use crate::components::scoresheet::move_list::Cell;
use crate::components::scoresheet::recording::{box_text, struck_writings};
use crate::pages::not_found::MissingGame;
use crate::platform::clipboard;
use crate::platform::files::download;
use crate::platform::print::{Printout, print};
use crate::route::Route;
use crate::state::AppState;
use crate::text::laws_text;
use crate::text::laws_text::notation::lang_label;
use crate::{t, tf};

/// The game as far as its sheet can be read, in the sheet's language,
/// with what was struck out of each box and the arbiter's notes.
fn replay(game: &Game) -> Replay {
    let Ok(play) = game.fold() else {
        return Replay::new(&Chess::default());
    };
    let read = SheetMoves::of(play);
    let notes = game_pgn::arbiter_notes(game).unwrap_or_default();
    let mut replay = Replay::new(&read.start);
    let replayed = read.replayed(play.sheet.lang);
    for (i, ((record, (_, entry)), shown)) in read
        .moves
        .iter()
        .zip(play.sheet.entries())
        .zip(replayed)
        .enumerate()
    {
        let notes = notes
            .iter()
            .filter(|(ply, _)| *ply == i + 1)
            .map(|(_, note)| laws_text::arbiter_note::arbiter_note(note))
            .collect();
        replay.push(shown, record, &struck_writings(&entry.corrections), notes);
    }
    replay.stopped_at = read.stopped_at;
    replay
}

/// A record's `event`, `round` and `date` in one line: "Club ch. ·
/// Round 4 · 2026.11.30"; what the record leaves out is left out.
#[must_use]
pub fn record_details(event: &str, round: &str, date: &str) -> String {
    let round = (!round.is_empty()).then(|| tf!("Round {}", "Runda {}", round));
    [
        Some(event.to_owned()).filter(|e| !e.is_empty()),
        round,
        Some(date.to_owned()).filter(|d| !d.is_empty() && !d.starts_with('?')),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ")
}

/// The move numbers of the printed sheet's two columns: at least 30 rows
/// each, as on FIDE's paper sheets, more when the game is longer.
pub fn print_columns(first: u32, last: Option<u32>) -> (Vec<u32>, Vec<u32>) {
    let used = last.map_or(0, |last| last + 1 - first);
    let per_column = used.div_ceil(2).max(30);
    let left = (first..first + per_column).collect();
    let right = (first + per_column..first + 2 * per_column).collect();
    (left, right)
}

/// The moves as a report prints them: "1. e4 e5", "2. Nf3 ...".
fn move_lines(cells: &[Cell]) -> Vec<String> {
    cells
        .iter()
        .map(|cell| match cell.slot.side {
            laws::game::Side::White => format!("{} {}", cell.slot, cell.text),
            laws::game::Side::Black
                if cells.first().is_some_and(|first| first.slot == cell.slot) =>
            {
                format!("{} {}", cell.slot, cell.text)
            }
            laws::game::Side::Black => cell.text.clone(),
        })
        .collect()
}

/// A file name from the players' names: letters, digits and dashes.
pub fn pgn_file_name(white: &str, black: &str) -> String {
    let clean = |name: &str| {
        name.split(|c: char| !c.is_alphanumeric())
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-")
    };
    format!("{}-vs-{}.pgn", clean(white), clean(black))
}

/// The game's PGN as "Download PGN" saves it, and where it stops when
/// the sheet cannot be read to the end.
pub fn pgn_text(game: &Game) -> Result<(String, Option<Slot>), String> {
    let export = game_pgn::export(game).map_err(|e| e.to_string())?;
    let text = pgn::export(&export.record).map_err(|e| e.to_string())?;
    Ok((text, export.stopped_at))
}

/// The review's heading for the game of `white` and `black` (also shown
/// while the screen is fetched, so the two read alike).
#[must_use]
pub fn heading(white: &str, black: &str) -> String {
    tf!(
        "Review: {}",
        "Przegląd: {}",
        laws_text::side::pairing(white, black)
    )
}

#[component]
pub fn ReviewPage(
    id: String,
    /// Opened at the players' QR code.
    #[prop(optional)]
    at_qr: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = state.watch(id.clone());
    let exists = Memo::new(move |_| game.with(Option::is_some));
    // A game read from a PGN record: the players' view, without the
    // arbiter's scoresheet and import.
    let record = Memo::new(move |_| {
        game.with(|g| g.as_ref().is_some_and(|g| g.setup().record_date.is_some()))
    });
    view! {
        <section class="page review">
            {move || if exists.get() {
                view! { <GameReview game=game.into() at_qr=at_qr /> }.into_any()
            } else {
                view! { <MissingGame id=id.clone() /> }.into_any()
            }}
            <Show when=move || !record.get()>
                <PgnImportPanel />
            </Show>
        </section>
    }
}

/// The review of `game`: the board tablet's of a stored game, or the
/// `players`' read-only view (no scoresheet, no copy of their own) of a
/// game of the event or of the players' copy, whose `pgn` (the text the
/// link carried) is what it downloads and copies, unchanged.
#[component]
pub fn GameReview(
    game: Signal<Option<Game>>,
    #[prop(optional)] pgn: Option<String>,
    #[prop(optional)] players: bool,
    /// Scrolled to the players' QR code once it is shown.
    #[prop(optional)]
    at_qr: bool,
    /// The move shown (`usize::MAX`: the last) and the board's side, when
    /// the page keeps them (the players' copy, shown first without Review).
    #[prop(optional)]
    ply: Option<RwSignal<usize>>,
    #[prop(optional)] flipped: Option<RwSignal<bool>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let record = Memo::new(move |_| {
        game.with(|g| g.as_ref().is_some_and(|g| g.setup().record_date.is_some()))
    });
    let pgn = StoredValue::new(pgn);
    let pgn_of = move |game: &Game| match pgn.get_value() {
        Some(text) => Ok((text, None)),
        None => pgn_text(game),
    };
    // The board tablet's game, once over: its copy for the players.
    let over = Memo::new(move |_| {
        !players
            && game.with(|g| {
                g.as_ref().is_some_and(|g| {
                    g.setup().record_date.is_none() && g.fold().is_ok_and(|p| p.ended().is_some())
                })
            })
    });
    let ply = ply.unwrap_or_else(|| RwSignal::new(usize::MAX));
    let flipped = flipped.unwrap_or_else(|| RwSignal::new(false));
    let replayed = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref()
                .map_or_else(|| Replay::new(&Chess::default()), replay)
        })
    });

    let export = move |_| {
        let Some(game) = game.get_untracked() else {
            return;
        };
        match pgn_of(&game) {
            Ok((text, stopped)) => {
                let setup = game.setup();
                let name = pgn_file_name(&setup.white.name, &setup.black.name);
                match download(&name, "application/x-chess-pgn", &text) {
                    Ok(()) => state.tell(match stopped {
                        None => tf!("PGN saved as {name}.", "PGN zapisano jako {name}."),
                        Some(slot) => tf!("PGN saved as {name}; it stops before {slot} {}, where the sheet cannot be read.", "PGN zapisano jako {name}; kończy się przed {slot} {}, gdzie blankietu nie da się odczytać.", laws_text::side::side(slot.side)),
                    }),
                    Err(e) => state.warn(e),
                }
            }
            Err(e) => state.warn(tf!("No PGN: {e}.", "Brak PGN: {e}.")),
        }
    };
    let copy = move |_| {
        let Some(game) = game.get_untracked() else {
            return;
        };
        match pgn_of(&game) {
            Ok((text, _)) => leptos::task::spawn_local(async move {
                match clipboard::copy(&text).await {
                    Ok(()) => state.tell(t!(
                        "PGN copied to the clipboard.",
                        "PGN skopiowano do schowka."
                    )),
                    Err(_) => state.warn(t!(
                        "The browser did not allow copying: use “Download PGN” instead.",
                        "Przeglądarka nie pozwoliła skopiować: użyj zamiast tego „Pobierz PGN”."
                    )),
                }
            }),
            Err(e) => state.warn(tf!("No PGN: {e}.", "Brak PGN: {e}.")),
        }
    };
    let game_id = move || game.with(|g| g.as_ref().map(|g| g.id().to_owned()).unwrap_or_default());
    view! {
                    <h1>{move || game.with(|g| g.as_ref().map(|g| heading(&g.setup().white.name, &g.setup().black.name)).unwrap_or_default())}</h1>
                    {move || game.with(|g| {
                        g.as_ref()
                            .and_then(|g| g.fold().ok())
                            .and_then(laws_text::game::game_over)
                            .map(|result| view! { <p class="review-result" role="status">{tf!("Result: {}", "Wynik: {}", result)}</p> })
                    })}
                    <Show when=move || record.get()>
                        <p class="record-details">{move || game.with(|g| g.as_ref().map(|g| record_details(&g.setup().event, &g.setup().round, &game_pgn::date(g))).unwrap_or_default())}</p>
                    </Show>
                    <ReplayBoard replay=replayed ply=ply flipped=flipped>
                        <div class="actions">
                            <button type="button" class="button primary" on:click=export>{t!("Download PGN", "Pobierz PGN")}</button>
                            <button type="button" class="button" on:click=copy>{t!("Copy PGN", "Kopiuj PGN")}</button>
                            <button type="button" class="button" on:click=move |_| print(Printout::Scoresheet)>{t!("Print scoresheet", "Drukuj blankiet")}</button>
                            <button type="button" class="button" on:click=move |_| print(Printout::GameReport)>{t!("Print game report", "Drukuj raport z partii")}</button>
                            <Show when=move || !players && !record.get()>
                                <a class="button" href=move || Route::Scoresheet(game_id()).href()>{t!("Scoresheet", "Blankiet")}</a>
                            </Show>
                        </div>
                    </ReplayBoard>
                    <Show when=move || over.get()>
                        <PlayersCopyPanel game=game at_qr=at_qr />
                    </Show>
                    // The printouts, each in a task of its own after the screen's.
                    <Later>
                        {move || game.get().map(|g| view! { <PrintSheet game=g /> })}
                    </Later>
                    <Later>
                        {move || game.get().map(|g| {
                            let lines = replayed.with(|r| move_lines(&r.cells));
                            view! { <GameReport game=g moves=lines /> }
                        })}
                    </Later>
    }
}

/// The scoresheet as printed: the game's details, then two columns of
/// moves as written, as on FIDE's paper sheets. Shown only when printing.
#[component]
fn PrintSheet(game: Game) -> impl IntoView {
    let setup = game.setup().clone();
    // The result PGN would write (1-0, 0-1, 1/2-1/2), else a line to fill in.
    let result = game_pgn::export(&game)
        .ok()
        .map(|export| export.record.result)
        .filter(|result| *result != pgn::PgnResult::Unknown)
        .map_or_else(|| "______".to_owned(), |result| result.as_str().to_owned());
    let sheet = game.scoresheet();
    let (left, right) = print_columns(sheet.first_number, sheet.rows.last().map(|r| r.number));
    // A box as the paper shows it: the moves struck out (7.4) crossed
    // out, then what stands.
    let cell = |number: u32, side: Side, entry: Option<&laws::scoresheet::Entry>| {
        let struck: Vec<String> = sheet
            .struck_out
            .iter()
            .filter(|(slot, _)| slot.number == number && slot.side == side)
            .map(|(_, entry)| box_text(entry))
            .collect();
        view! {
            <td>
                {struck.into_iter().map(|text| view! { <s>{text}</s>" " }).collect_view()}
                {entry.map(box_text)}
            </td>
        }
    };
    let column = |numbers: Vec<u32>| {
        let rows = numbers
            .into_iter()
            .map(|n| {
                let row: Option<&Row> = sheet.rows.iter().find(|r| r.number == n);
                view! {
                    <tr>
                        <th>{n}</th>
                        {cell(n, Side::White, row.and_then(|r| r.white.as_ref()))}
                        {cell(n, Side::Black, row.and_then(|r| r.black.as_ref()))}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="print-column">
                <colgroup><col class="print-number" /><col /><col /></colgroup>
                <thead><tr><th>{t!("No.", "Nr")}</th><th>{t!("White", "Białe")}</th><th>{t!("Black", "Czarne")}</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        }
    };
    view! {
        <section class="printout print-sheet" aria-label=t!("Printed scoresheet", "Blankiet do druku")>
            <h2>{t!("Scoresheet", "Blankiet")}</h2>
            <dl class="print-details">
                <dt>{t!("Event", "Turniej")}</dt><dd>{setup.event.clone()}</dd>
                <dt>{t!("Round", "Runda")}</dt><dd>{setup.round.clone()}</dd>
                <dt>{t!("Board", "Szachownica")}</dt><dd>{setup.board.clone()}</dd>
                <dt>{t!("Date", "Data")}</dt><dd>{game_pgn::date(&game)}</dd>
                <dt>{t!("Time control", "Tempo gry")}</dt><dd>{laws_text::time_control::time_control(&setup.time_control)}</dd>
                <dt>{t!("Notation", "Zapis")}</dt><dd>{lang_label(setup.notation)}</dd>
            </dl>
            // Each player's FIDE ID on his name's line, as on the paper form.
            <dl class="print-players">
                <dt>{t!("White", "Białe")}</dt><dd>{setup.white.name.clone()}</dd>
                <dt>{t!("FIDE ID", "FIDE ID")}</dt><dd>{setup.white.fide_id.map(|id| id.to_string())}</dd>
                <dt>{t!("Black", "Czarne")}</dt><dd>{setup.black.name.clone()}</dd>
                <dt>{t!("FIDE ID", "FIDE ID")}</dt><dd>{setup.black.fide_id.map(|id| id.to_string())}</dd>
            </dl>
            <div class="print-columns">
                {column(left)}
                {column(right)}
            </div>
            <p class="print-sign">{t!("Signature of White ____________    Signature of Black ____________    Result ", "Podpis białych ____________    Podpis czarnych ____________    Wynik ")}{result}</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A players' link shows the record's replay first, then Review's of
    /// the game made of it: box for box the same, notes and clocks too.
    #[test]
    fn a_links_record_replays_as_review_shows_the_game_made_of_it() {
        let pgn = "[White \"Kowalski, Jan\"]\n[Black \"Nowak, Anna\"]\n[Result \"1-0\"]\n\n\
            1. e4 { [%clk 1:29:55] } e5 { draw offer } 2. Qh5 { Arbiter: 0:02:00 added to Black } \
            Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
        let read = crate::game_link::read(pgn).unwrap();
        let first = Replay::of_record(
            &SheetMoves::imported(&read),
            game_pgn::setup(&read).notation,
        );
        let game = crate::game_link::game(&read, "g", 0).unwrap();
        assert_eq!(first, replay(&game));
        assert_eq!(first.cells.len(), 7);
        assert!(
            first.cells[2]
                .detail
                .as_deref()
                .is_some_and(|d| d.contains("added to"))
        );
        assert!(first.cells[1].text.ends_with("(=)"));
    }

    #[test]
    fn the_printed_sheet_has_two_columns_of_thirty_rows_or_more() {
        let (left, right) = print_columns(1, Some(12));
        assert_eq!((left[0], left[29], right[0], right[29]), (1, 30, 31, 60));
        let (left, right) = print_columns(1, Some(75));
        assert_eq!((left.len(), right.len(), right[37]), (38, 38, 76));
        let (left, _) = print_columns(30, None);
        assert_eq!(left[0], 30);
    }

    #[test]
    fn pgn_file_names_keep_letters_and_digits() {
        assert_eq!(
            pgn_file_name("Kowalski, Jan", "Nowak, Anna"),
            "Kowalski-Jan-vs-Nowak-Anna.pgn"
        );
        assert_eq!(pgn_file_name("Ünal/Ç", "?"), "Ünal-Ç-vs-.pgn");
    }
}
