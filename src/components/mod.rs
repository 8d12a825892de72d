//! Reusable pieces of the screens, one component per file.

pub mod arbiter_clock_menu;
pub mod board;
pub mod clock_face;
pub mod confirm_dialog;
pub mod flag_ruling;
pub mod game_form;
pub mod header;
pub mod move_list;
pub mod notice_bar;
pub mod pin_dialog;
pub mod recording;
pub mod sheet_check;
pub mod storage_problems;
