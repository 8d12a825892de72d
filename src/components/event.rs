//! An event: joining it, its join code, where the tablet stands.

pub mod arbiters_panel;
pub mod broadcast_panel;
pub mod call_button;
pub mod calls_panel;
pub mod event_panel;
pub mod join_code_panel;
pub mod round_changes;
pub mod round_players;
pub mod round_results_table;
pub mod rounds_panel;
pub mod sync_status;
