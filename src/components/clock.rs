//! The clock's screen: its faces, the arbiter's clock menu, flag rulings.

pub mod arbiter_clock_menu;
pub mod clock_face;
pub mod clock_sheet_notice;
pub mod flag_ruling;
pub mod opening_clock;
pub mod turn_to_settle;
