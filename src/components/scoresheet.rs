//! The scoresheet: the board, the player's recording mode, the arbiter's check.

pub mod board;
pub mod correct_entry;
pub mod move_list;
pub mod recording;
pub mod sheet_check;
pub mod struck_out;
