//! What frames every screen: the header, notices, the game-over banner, a game's screen.

pub mod game_over;
pub mod game_screen;
pub mod header;
pub mod missing_game;
pub mod notice_bar;
pub mod storage_problems;
pub mod update_notice;
