//! The only code that touches localStorage.
//!
//! One key per record under a versioned prefix (`arbiter/v1/game/<id>`),
//! each record wrapped with its schema version. A record that cannot be read
//! is reported and left where it is — never deleted, never overwritten — and
//! the rest still loads. Writes refuse to replace a newer copy of a game that
//! another tab saved ([`Lineage`]).

mod backend;
mod error;
mod game_record;
pub mod journal;
mod store;
#[cfg(test)]
pub(crate) mod tests;

pub use backend::{Backend, Browser, Memory};
pub use error::StorageError;
pub use game_record::{encode_game, game_of_record};
pub use store::{
    ARCHIVED_PREFIX, Listed, Loaded, PREFIX, Restored, SCHEMA, SYNC_KEY, Settings, Store,
    archived_key, game_key, sync_of, sync_text,
};
