//! What the adjournment tests share: the outside of an envelope.

use laws::adjournment::{Envelope, Resumption, TimeUsed};
use laws::game::Side;

/// An envelope's outside for the position `fen` (the sealer and move
/// number are the FEN's), at round 5, board 2 of a club championship.
pub fn outside(
    fen: &str,
    moves: &[String],
    time_used: TimeUsed,
    draw_offer: Option<Side>,
) -> Envelope {
    let move_number = fen.rsplit(' ').next().unwrap().parse().unwrap();
    let sealer = if fen.split(' ').nth(1) == Some("w") {
        Side::White
    } else {
        Side::Black
    };
    Envelope {
        event: "Club championship".into(),
        round: "5".into(),
        board: "2".into(),
        arbiter: "Irena Arbiter".into(),
        white: "Kowalski, Jan".into(),
        black: "Nowak, Anna".into(),
        fen: fen.to_owned(),
        moves: moves.to_vec(),
        time_used,
        sealer,
        move_number,
        draw_offer,
        resumption: Resumption {
            date: "2026-11-30".into(),
            time: "10:00".into(),
            venue: "Hall B".into(),
        },
        replies_to: None,
    }
}
