//! The moves a scoresheet records, read as far as they can be: what a
//! result claimed from the sheet, the check mode and the PGN export read.

use shakmaty::{Chess, Move, Position};

use crate::game::Play;
use crate::notation;
use crate::pgn::RecordMove;
use crate::scoresheet::{Slot, Written};

/// The moves a scoresheet records, as far as they can be read.
#[derive(Debug, Clone)]
pub struct SheetMoves {
    pub start: Chess,
    pub moves: Vec<RecordMove>,
    /// The first entry that is not a legal move (dash, ambiguous,
    /// unreadable, illegal): the moves stop before it.
    pub stopped_at: Option<Slot>,
}

impl SheetMoves {
    /// Reads `play`'s sheet from its start position.
    #[must_use]
    pub fn of(play: &Play) -> SheetMoves {
        let mut pos = play.start.clone();
        let mut moves = Vec::new();
        for (slot, entry) in play.sheet.entries() {
            let mv = match &entry.written {
                Written::Move(text) => notation::read(&pos, text, play.sheet.lang)
                    .legal_move()
                    .copied(),
                Written::Dash => None,
            };
            let Some(mv) = mv else {
                return SheetMoves {
                    start: play.start.clone(),
                    moves,
                    stopped_at: Some(slot),
                };
            };
            pos.play_unchecked(mv);
            moves.push(RecordMove {
                mv,
                clock_ms: entry.clock_ms,
                emt_ms: None,
                draw_offer: entry.draw_offer,
                comment: None,
            });
        }
        SheetMoves {
            start: play.start.clone(),
            moves,
            stopped_at: None,
        }
    }

    /// The moves alone, for [`crate::claim`]'s rulings.
    #[must_use]
    pub fn plain(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The position after every move read.
    #[must_use]
    pub fn end(&self) -> Chess {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }
}
