//! A game as Review steps through it: the board before the first move and
//! after each, and each move's box as the list of moves shows it.

use laws::arbiter_note;
use laws::game::{Replayed, SheetMoves};
use laws::notation::NotationLang;
use laws::pgn::RecordMove;
use laws::scoresheet::Slot;
use shakmaty::{Board, Chess, Position};

use crate::components::scoresheet::move_list::Cell;
use crate::text::clock_reading::format_seconds;
use crate::text::laws_text;

/// The boards and boxes of a replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The start, then the board after each move.
    pub boards: Vec<Board>,
    pub cells: Vec<Cell>,
    /// The first box that is not a legal move: the moves stop before it.
    pub stopped_at: Option<Slot>,
}

impl Replay {
    /// A replay from `start`, with no move yet.
    #[must_use]
    pub fn new(start: &Chess) -> Replay {
        Replay {
            boards: vec![start.board().clone()],
            cells: Vec::new(),
            stopped_at: None,
        }
    }

    /// The `moves` of a record read from PGN, in `lang`, with the arbiter's
    /// notes their comments carry: what a players' link shows while the
    /// rest of Review comes, as Review shows the game made of them.
    #[must_use]
    pub fn of_record(moves: &SheetMoves, lang: NotationLang) -> Replay {
        let mut replay = Replay::new(&moves.start);
        for (shown, record) in moves.replayed(lang).into_iter().zip(&moves.moves) {
            let notes = record
                .comment
                .as_deref()
                .map(arbiter_note::read)
                .unwrap_or_default()
                .iter()
                .map(laws_text::arbiter_note::arbiter_note)
                .collect();
            replay.push(shown, record, "", notes);
        }
        replay.stopped_at = moves.stopped_at;
        replay
    }

    /// Adds the move `shown`, recorded as `record`: its text (a draw offer
    /// marked "(=)", then what was `struck` out of its box) and, under it,
    /// the clock reading and the arbiter's `notes`.
    pub fn push(&mut self, shown: Replayed, record: &RecordMove, struck: &str, notes: Vec<String>) {
        let detail: Vec<String> = record
            .clock_ms
            .map(format_seconds)
            .into_iter()
            .chain(notes)
            .collect();
        self.cells.push(Cell {
            slot: shown.slot,
            text: format!(
                "{}{}{struck}",
                shown.text,
                if record.draw_offer { " (=)" } else { "" },
            ),
            detail: (!detail.is_empty()).then(|| detail.join("; ")),
            irregular: false,
            first_irregular: false,
        });
        self.boards.push(shown.after.board().clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_has_its_box_and_the_board_after_it() {
        let read = laws::pgn::first_game(
            "1. e4 { [%clk 1:29:55] } e5 { draw offer } 2. Nf3 { Arbiter: 0:02:00 added to Black } *",
        )
        .unwrap()
        .unwrap();
        let moves = SheetMoves::imported(&read);
        let replay = Replay::of_record(&moves, laws::game_pgn::setup(&read).notation);
        assert_eq!(replay.boards.len(), 4);
        assert_eq!(replay.boards[0], Board::default());
        assert_eq!(&replay.boards[3], moves.end().board());
        let boxes: Vec<(String, Option<String>)> = replay
            .cells
            .iter()
            .map(|c| (c.text.clone(), c.detail.clone()))
            .collect();
        assert_eq!(
            boxes,
            [
                ("e4".to_owned(), Some("1:29:55".to_owned())),
                ("e5 (=)".to_owned(), None),
                ("Nf3".to_owned(), Some("0:02:00 added to Black".to_owned())),
            ]
        );
        assert_eq!(replay.cells[1].slot.to_string(), "1...");
    }
}
