//! Review: a game stepped through on its board, move by move.

pub mod replay;
pub mod replay_board;
