//! The arbiter's rulings and results: findings, proposed rulings, results recorded.

pub mod applied_rulings;
pub mod finding_form;
pub mod game_end;
pub mod result_button;
pub mod result_form;
pub mod ruling_card;
