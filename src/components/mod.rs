//! Reusable pieces of the screens, one component per file.

pub mod board;
pub mod confirm_dialog;
pub mod game_form;
pub mod header;
pub mod move_list;
pub mod notice_bar;
pub mod pgn_import;
pub mod pin_dialog;
pub mod recording;
pub mod sheet_check;
pub mod storage_problems;
