//! Reusable pieces of the screens, one component per file.

pub mod arrivals;
pub mod before_resumption;
pub mod clock_correction;
pub mod confirm_dialog;
pub mod envelope_form;
pub mod envelope_missing;
pub mod envelope_outside;
pub mod field;
pub mod fingerprint;
pub mod game_form;
pub mod game_screen;
pub mod header;
pub mod notice_bar;
pub mod open_envelope;
pub mod presence_form;
pub mod record_sealed_move;
pub mod rulings;
pub mod seal_move;
pub mod set_up_board;
pub mod state_move;
pub mod storage_problems;
pub mod verify_envelope;
