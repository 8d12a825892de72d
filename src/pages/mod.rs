//! One module per screen.

pub mod clock;
pub mod edit_game;
pub mod game;
pub mod games;
pub mod new_game;
pub mod not_found;
pub mod review;
pub mod scoresheet;
pub mod settings;
