//! Appendix A: adjourning, the sealed-move envelope, its keys, and resumption.

pub mod adjourn_dialog;
pub mod arbiter_key_panel;
pub mod arrivals;
pub mod before_resumption;
pub mod clock_correction;
pub mod draw_offer;
pub mod envelope_form;
pub mod envelope_missing;
pub mod envelope_outside;
pub mod fingerprint;
pub mod flag_fall;
pub mod open_envelope;
pub mod presence_form;
pub mod recipients_panel;
pub mod record_sealed_move;
pub mod reseal_envelope;
pub mod rulings;
pub mod seal_move;
pub mod seal_reply;
pub mod sealed_to;
pub mod set_up_board;
pub mod state_move;
pub mod verify_envelope;
