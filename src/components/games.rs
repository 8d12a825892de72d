//! A game as a whole: its form, PGN import, the report and the players' copy.

pub mod game_form;
pub mod game_report;
pub mod pgn_import;
pub mod players_copy_panel;
pub mod round_board_picker;
