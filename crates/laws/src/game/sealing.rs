//! A2: what goes on the envelope when a game is adjourned, as the game's
//! record shows it: the form filled in at sealing, and the record the
//! arbiter verifies the envelope against (A3).

use shakmaty::Position;

use super::GameState;
use crate::adjournment::{Envelope, Resumption, TimeUsed, time_used};
use crate::encoding::fen;

impl GameState {
    /// The envelope's outside at `at_ms`, with the arbiter's name and the
    /// resumption's date, time and venue (A2g) as he writes them.
    #[must_use]
    pub fn envelope_outside(&self, at_ms: u64, arbiter: &str, resumption: &Resumption) -> Envelope {
        let position = self.position();
        let time_used = self
            .clock
            .as_ref()
            .map_or_else(TimeUsed::default, |clock| time_used(clock, at_ms));
        // A2f: an offer marked beside the last move is still current.
        let draw_offer = self
            .sheet
            .entries()
            .last()
            .filter(|(_, entry)| entry.draw_offer)
            .map(|(slot, _)| slot.side);
        let setup = &self.setup;
        Envelope {
            event: setup.event.clone(),
            round: setup.round.clone(),
            board: setup.board.clone(),
            arbiter: arbiter.trim().to_owned(),
            white: setup.white.name.clone(),
            black: setup.black.name.clone(),
            fen: fen(&position),
            moves: self.check().moves_played(),
            time_used,
            sealer: position.turn().into(),
            move_number: position.fullmoves().get(),
            draw_offer,
            resumption: Resumption {
                date: resumption.date.trim().to_owned(),
                time: resumption.time.trim().to_owned(),
                venue: resumption.venue.trim().to_owned(),
            },
            replies_to: None,
        }
    }
}
