//! Dead positions and "cannot checkmate by any series of legal moves" (9.6, 6.9/6.10).
//!
//! For now only the material check; the full analysis replaces the body of
//! [`can_checkmate`] without changing its contract.

use shakmaty::{Chess, Color, Position};

/// Whether a side can still checkmate by some series of legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CanMate {
    Yes,
    No,
    /// Not decided within the budget: never shown as a verdict.
    Undetermined,
}

/// Can `side` checkmate from `position` by any series of legal moves?
pub fn can_checkmate(position: &Chess, side: Color) -> CanMate {
    if position.has_insufficient_material(side) {
        CanMate::No
    } else {
        CanMate::Yes
    }
}
