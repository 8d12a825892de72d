//! Reusable pieces of the screens, one component per file.

pub mod confirm_dialog;
pub mod game_form;
pub mod header;
pub mod notice_bar;
pub mod storage_problems;
