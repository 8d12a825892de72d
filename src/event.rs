//! An event: tablets in sync through the event's CouchDB database.

pub mod answer;
pub mod archive;
pub mod archived;
pub mod broadcast;
pub mod call;
pub mod couch;
pub mod docs;
pub mod feed;
pub mod join_code;
pub mod revision;
pub mod roster;
pub mod round;
pub mod round_change;
pub mod round_follow;
pub mod round_results;
pub mod signed;
pub mod start;
pub mod sync;
