//! The moves a scoresheet records, read as far as they can be: what a
//! result claimed from the sheet, the check mode and the PGN export read.

use shakmaty::{Chess, Move, Position};

use crate::game::GameState;
use crate::notation;
use crate::pgn::RecordMove;
use crate::scoresheet::{Slot, Written};

/// One move of a replay: where it stands on the sheet, how it is written
/// in the sheet's language, and the position after it.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub slot: Slot,
    pub text: String,
    pub after: Chess,
}

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
    pub fn of(play: &GameState) -> SheetMoves {
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

    /// Every move read, as a replay shows it: its slot, its text in
    /// `lang`, and the position after it.
    #[must_use]
    pub fn replayed(&self, lang: notation::NotationLang) -> Vec<Replayed> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let slot = Slot {
                    number: pos.fullmoves().get(),
                    side: pos.turn().into(),
                };
                let text = notation::write(&pos, &m.mv, lang);
                pos.play_unchecked(m.mv);
                Replayed {
                    slot,
                    text,
                    after: pos.clone(),
                }
            })
            .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Event, Game, Setup};
    use crate::notation::NotationLang;
    use crate::scoresheet::Entry;
    use crate::side::Side;

    #[test]
    fn a_replay_numbers_writes_and_plays_each_move_read() {
        let mut game = Game::new("g", Setup::default(), 0);
        for (i, text) in ["e4", "e5", "Nf3", "Xx9"].iter().enumerate() {
            game.apply(Event::Recorded(Entry::written(*text)), 1 + i as u64)
                .unwrap();
        }
        let read = SheetMoves::of(game.fold().unwrap());
        let replayed = read.replayed(NotationLang::De);
        let texts: Vec<&str> = replayed.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["e4", "e5", "Sf3"]);
        assert_eq!(
            replayed[1].slot,
            Slot {
                number: 1,
                side: Side::Black
            }
        );
        assert_eq!(replayed.last().unwrap().after, read.end());
        assert_eq!(
            read.stopped_at,
            Some(Slot {
                number: 2,
                side: Side::Black
            })
        );
    }
}
