//! Pieces every feature uses: dialogs, fields, the PIN, diagrams, QR codes,
//! the settings' groups.

pub mod arbiter_gate;
pub mod confirm_dialog;
pub mod diagram;
pub mod field;
pub mod form_error;
pub mod later;
pub mod modal_keys;
pub mod notation_select;
pub mod pin_dialog;
pub mod pin_field;
pub mod qr_code;
pub mod settings_group;
