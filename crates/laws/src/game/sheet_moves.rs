//! The moves a scoresheet records, read as far as they can be: what a
//! result claimed from the sheet, the check mode and the PGN export read.

use shakmaty::{Chess, Move, Position};

use crate::game::GameState;
use crate::notation;
use crate::pgn::{ImportedGame, RecordMove};
use crate::scoresheet::Slot;

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
        let replay = play.sheet.replay(&play.start);
        let moves = replay
            .moves
            .iter()
            .zip(play.sheet.entries())
            .map(|(&mv, (_, entry))| RecordMove {
                mv,
                clock_ms: entry.clock_ms,
                emt_ms: None,
                draw_offer: entry.draw_offer,
                comment: None,
            })
            .collect();
        SheetMoves {
            start: play.start.clone(),
            moves,
            stopped_at: replay.stopped.map(|stop| stop.slot),
        }
    }

    /// The moves of a game read from PGN, without making it a game: what a
    /// players' link shows while the rest of Review comes. Replayed in the
    /// notation of [`crate::game_pgn::setup`], it reads as the sheet of the
    /// game made of it does.
    ///
    /// ```
    /// use laws::game::SheetMoves;
    /// use laws::game_pgn;
    /// use laws::pgn::first_game;
    ///
    /// let read = first_game("1. e4 { [%clk 1:29:55] } e5 2. Nf3 *").unwrap().unwrap();
    /// let moves = SheetMoves::imported(&read);
    /// assert_eq!(moves.moves[0].clock_ms, Some(5_395_000));
    /// let lang = game_pgn::setup(&read).notation;
    /// let texts: Vec<String> = moves.replayed(lang).into_iter().map(|m| m.text).collect();
    /// assert_eq!(texts, ["e4", "e5", "Nf3"]);
    /// ```
    #[must_use]
    pub fn imported(game: &ImportedGame) -> SheetMoves {
        SheetMoves {
            start: game.start.clone(),
            moves: game.moves.iter().map(RecordMove::from).collect(),
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

    /// A players' link shows the imported moves first, then the game made
    /// of them: both replays must read alike, slot for slot.
    #[test]
    fn an_imported_games_moves_replay_as_the_game_made_of_them() {
        use crate::game_pgn;
        let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20\"]\n\n\
            20... O-O { [%clk 0:10:00] } 21. Rxa8 { draw offer } Rxa8 22. O-O 1/2-1/2";
        let read = crate::pgn::first_game(pgn).unwrap().unwrap();
        let quick = SheetMoves::imported(&read);
        let game = game_pgn::import(&read, "g", 0).unwrap();
        let made = SheetMoves::of(game.fold().unwrap());
        let lang = game.fold().unwrap().sheet.lang;
        assert_eq!(lang, game_pgn::setup(&read).notation);
        let slots = |r: &[Replayed]| {
            r.iter()
                .map(|m| (m.slot, m.text.clone(), m.after.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(slots(&quick.replayed(lang)), slots(&made.replayed(lang)));
        assert_eq!(quick.replayed(lang)[0].slot.side, Side::Black);
        assert_eq!(quick.replayed(lang)[0].text, "O-O");
        assert_eq!(quick.moves[0].clock_ms, Some(600_000));
        assert!(quick.moves[1].draw_offer);
        assert_eq!(quick.end(), made.end());
        assert_eq!(made.stopped_at, None);
    }

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
