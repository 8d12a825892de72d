//! One module per screen.

pub mod adjourn;
pub mod arbiter;
pub mod clock;
pub mod edit_game;
pub mod envelopes;
pub mod event;
pub mod event_game;
pub mod game;
pub mod games;
pub mod join_event;
pub mod new_game;
pub mod not_found;
pub mod players_copy;
pub mod resumption;
pub mod review;
pub mod scoresheet;
pub mod settings;
