//! The unit tests' way to set up a position.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// The standard chess position `fen` describes; panics if it is not one.
pub(crate) fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}
