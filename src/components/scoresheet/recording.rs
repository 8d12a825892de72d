//! The player's scoresheet in recording mode: the move is tapped on the
//! board or typed, a dash, a draw offer. Nothing here says whether a move
//! is legal (FIDE's rule for electronic scoresheets).

use std::time::Duration;

use laws::clock::ClockAction;
use laws::game::{Event, Game, Side};
use laws::notation;
use laws::scoresheet::{Entry, Written};
use leptos::prelude::*;
use shakmaty::{Setup, Square};

use crate::components::scoresheet::board::Board;
use crate::components::scoresheet::correct_entry::CorrectEntry;
use crate::components::scoresheet::move_list::{Cell, MoveList};
use crate::components::scoresheet::struck_out::{StruckOut, slots, struck_out};
use crate::state::{AppState, now_ms};
use crate::text::clock_reading::format_seconds;
use crate::text::laws_text;
use crate::text::laws_text::notation::lang_label;
use crate::{t, tf};

/// What the recording board shows: every box played as written, legal or
/// not (`Scoresheet::as_written`), so the board never tells a legal move
/// from an illegal one and taps start from the pieces the player sees.
fn shown(game: &Game) -> Setup {
    match game.fold() {
        Ok(play) => play.sheet.as_written(&play.start),
        Err(_) => Setup::default(),
    }
}

/// The next box, with the writer's clock reading when the game's clock
/// runs (one tablet as clock and scoresheet).
fn next_entry(game: &Game, written: Written, draw_offer: bool, now_ms: u64) -> Entry {
    let side = game.scoresheet().next_slot().side;
    Entry {
        written,
        clock_ms: game
            .clock()
            .filter(|clock| clock.is_started())
            .map(|clock| clock.remaining(side, now_ms)),
        draw_offer,
        corrections: Vec::new(),
        notes: Vec::new(),
    }
}

/// The sheet's boxes as written, with the clock reading beside each move.
fn written_cells(game: &Game) -> Vec<Cell> {
    game.scoresheet()
        .entries()
        .map(|(slot, entry)| Cell {
            slot,
            text: box_text(entry),
            detail: entry.clock_ms.map(format_seconds),
            irregular: false,
            first_irregular: false,
        })
        .collect()
}

/// A box as the sheet shows it: the writing, its draw offer and earlier
/// writings, "d4 (=) (was d3)".
pub fn box_text(entry: &Entry) -> String {
    format!(
        "{}{}{}",
        entry.written,
        if entry.draw_offer { " (=)" } else { "" },
        struck_writings(&entry.corrections)
    )
}

/// Earlier writings of a corrected box: " (was Nf6)".
pub fn struck_writings(corrections: &[Written]) -> String {
    corrections
        .iter()
        .map(|old| tf!(" (was {old})", " (było {old})"))
        .collect()
}

#[component]
pub fn RecordingSheet(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = state.watch(id.clone());
    let flipped = RwSignal::new(false);
    let typed = RwSignal::new(String::new());
    let offer = RwSignal::new(false);
    let now = RwSignal::new(now_ms());
    let tick = set_interval_with_handle(move || now.set(now_ms()), Duration::from_millis(250)).ok();
    on_cleanup(move || {
        if let Some(tick) = tick {
            tick.clear();
        }
    });

    let record = {
        let id = id.clone();
        move |written: Written| {
            let Some(game) = game.get_untracked() else {
                return;
            };
            let entry = next_entry(&game, written, offer.get_untracked(), now_ms());
            match state.apply(&id, Event::Recorded(entry)) {
                Ok(()) => {
                    offer.set(false);
                    typed.set(String::new());
                }
                Err(e) => state.warn(tf!("Not written: {e}.", "Nie zapisano: {e}.")),
            }
        }
    };
    let on_move = Callback::new({
        let record = record.clone();
        move |(from, to): (Square, Square)| {
            let Some(game) = game.get_untracked() else {
                return;
            };
            let text = notation::write_tapped(&shown(&game).board, from, to, game.setup().notation);
            record(Written::Move(text));
        }
    });
    let write_typed = {
        let record = record.clone();
        move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            let text = typed.get_untracked();
            if text.trim().is_empty() {
                state.warn(t!(
                    "Nothing is written: type the move, or use the dash.",
                    "Nic nie zapisano: wpisz posunięcie albo użyj kreski."
                ));
            } else {
                record(Written::Move(text.trim().to_owned()));
            }
        }
    };
    let press = {
        let id = id.clone();
        move |side: Side| {
            if let Err(e) = state.apply(&id, Event::Clock(ClockAction::Press { side })) {
                state.warn(tf!(
                    "The clock was not pressed: {e}.",
                    "Zegar nie został naciśnięty: {e}."
                ));
            }
        }
    };

    let position = Signal::derive(move || {
        game.with(|g| g.as_ref().map(|g| shown(g).board).unwrap_or_default())
    });
    // A memo: every box of the list reads it (see `SheetCheckView`).
    let cells =
        Memo::new(move |_| game.with(|g| g.as_ref().map(written_cells).unwrap_or_default()));
    let next = move || game.with(|g| g.as_ref().map(|g| g.scoresheet().next_slot()));
    let lang = move || game.with(|g| g.as_ref().map(|g| g.setup().notation).unwrap_or_default());
    let clock = move || {
        game.with(|g| g.as_ref().and_then(Game::clock).cloned())
            .filter(|c| c.is_started())
    };

    // Everything the player needs while writing stays in view on a tablet
    // either way round (style/scoresheet.css): the board, the last moves,
    // the entry, dash and draw offer, the press reminder. Correcting a box
    // and flipping the board are folded into one row below.
    view! {
        <div class="sheet-layout">
            <div class="sheet-board">
                <Board position=position flipped=flipped on_move=on_move />
            </div>
            <div class="sheet-side">
                {move || clock().map(|clock| {
                    let at = now.get();
                    let running = clock.running_side();
                    view! {
                        <div class="sheet-clock" role="group" aria-label=t!("Clock", "Zegar")>
                            <span class="dial" class:running=running == Some(Side::White)>{t!("White ", "Białe ")} {format_seconds(clock.remaining(Side::White, at))}</span>
                            <span class="dial" class:running=running == Some(Side::Black)>{t!("Black ", "Czarne ")} {format_seconds(clock.remaining(Side::Black, at))}</span>
                            {running.map(|side| {
                                let press = press.clone();
                                view! {
                                    <button type="button" class="button primary press" on:click=move |_| press(side)>
                                        {tf!("Press the clock: {} has moved", "Naciśnij zegar: {} wykonały posunięcie", laws_text::side::side(side))}
                                    </button>
                                }
                            })}
                        </div>
                    }
                })}
                <MoveList cells=cells selected=Signal::derive(|| None) label=t!("Scoresheet", "Blankiet") />
                <div class="sheet-entry">
                    <StruckOut entries=Signal::derive(move || game.with(|g| g.as_ref().map(struck_out).unwrap_or_default())) />
                    <p class="next-box">{move || next().map(|slot| tf!("Next box: {slot} {}", "Następne pole: {slot} {}", laws_text::side::side(slot.side)))}</p>
                    <form class="type-move" on:submit=write_typed>
                        <label class="field">
                            <span>{move || tf!("Type the move (notation: {})", "Wpisz posunięcie (zapis: {})", lang_label(lang()))}</span>
                            <input type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
                                prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev)) />
                        </label>
                        <button type="submit" class="button primary">{t!("Write move", "Zapisz posunięcie")}</button>
                    </form>
                    <div class="actions entry-actions">
                        <button type="button" class="button" on:click={
                            let record = record.clone();
                            move |_| record(Written::Dash)
                        }>{t!("Dash (move not written)", "Kreska (posunięcie niezapisane)")}</button>
                        <button type="button" class="button" class:on=move || offer.get() aria-pressed=move || offer.get().to_string()
                            on:click=move |_| offer.update(|o| *o = !*o)>{t!("Draw offer (=) with this move", "Propozycja remisu (=) z tym posunięciem")}</button>
                    </div>
                    <div class="actions more-actions">
                        <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>{t!("Flip board", "Obróć szachownicę")}</button>
                        <details class="correct-details">
                            <summary class="button">{t!("Correct a box", "Popraw pole")}</summary>
                            <CorrectEntry id=id.clone() slots=Signal::derive(move || game.with(|g| g.as_ref().map(slots).unwrap_or_default())) />
                        </details>
                    </div>
                </div>
            </div>
        </div>
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use laws::game::{Player, Setup};
    use laws::notation::NotationLang;
    use shakmaty::{Color, Role};

    #[test]
    fn clock_readings_read_as_on_a_clock() {
        assert_eq!(format_seconds(5_395_000), "1:29:55");
        assert_eq!(format_seconds(247_900), "4:07");
        assert_eq!(format_seconds(0), "0:00");
    }

    /// A game whose sheet holds `texts`, for the sheet's tests.
    pub(crate) fn game(texts: &[&str]) -> Game {
        let setup = Setup {
            white: Player::named("A"),
            black: Player::named("B"),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 0);
        for text in texts {
            game.apply(Event::Recorded(Entry::written(*text)), 0)
                .unwrap();
        }
        game
    }

    #[test]
    fn the_board_shows_what_was_written_even_when_it_is_not_legal() {
        // 4... Nxd4 with the knight pinned: it moves, and the capture is made.
        let board = shown(&game(&[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "Bb4", "c3", "Bc5", "d4", "Nxd4",
        ]))
        .board;
        let knight = board.piece_at(Square::D4);
        assert_eq!(
            knight.map(|p| (p.color, p.role)),
            Some((Color::Black, Role::Knight))
        );
        assert_eq!(board.piece_at(Square::C6), None);
        // Later boxes still move pieces: White castles, the king and rook go.
        let board = shown(&game(&[
            "e4", "e5", "Ke3", "Nc6", "Ng1-f3", "a6", "Bc4", "a5", "O-O",
        ]))
        .board;
        assert_eq!(board.piece_at(Square::G1).map(|p| p.role), Some(Role::King));
        assert_eq!(
            board.piece_at(Square::F3).map(|p| p.role),
            Some(Role::Knight)
        );
        // A box that names no piece leaves the board.
        let before = shown(&game(&["e4"])).board;
        assert_eq!(shown(&game(&["e4", "zz"])).board, before);
    }

    #[test]
    fn taps_after_an_illegal_entry_start_from_the_board_shown() {
        let g = game(&[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "Bb4", "c3", "Bc5", "d4", "Nxd4",
        ]);
        let text =
            notation::write_tapped(&shown(&g).board, Square::F3, Square::D4, NotationLang::En);
        assert_eq!(text, "Nf3xd4");
    }

    #[test]
    fn each_move_carries_the_writers_clock_once_the_clock_runs() {
        let mut g = game(&[]);
        let before = next_entry(&g, Written::Move("e4".into()), false, 1000);
        assert_eq!(before.clock_ms, None);
        g.apply(Event::Clock(ClockAction::Start { side: Side::White }), 1000)
            .unwrap();
        let entry = next_entry(&g, Written::Move("e4".into()), true, 11_000);
        // 90 minutes and the 30-second increment, ten seconds of them used.
        assert_eq!(entry.clock_ms, Some(5_420_000));
        assert!(entry.draw_offer);
    }

    #[test]
    fn cells_show_the_writing_the_offer_and_the_clock() {
        let mut g = game(&["e4"]);
        let mut entry = Entry::written("e2-e5");
        entry.draw_offer = true;
        entry.clock_ms = Some(60_000);
        g.apply(Event::Recorded(entry), 0).unwrap();
        let cells = written_cells(&g);
        assert_eq!(cells[1].text, "e2-e5 (=)");
        assert_eq!(cells[1].detail.as_deref(), Some("1:00"));
        assert!(!cells[1].irregular);
    }
}
