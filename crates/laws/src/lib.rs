//! The FIDE Laws of Chess as a pure rules core.
//!
//! A game is its setup plus an append-only log of timestamped events
//! ([`game`]); everything an arbiter sees — position, clocks, scoresheet,
//! envelopes, rulings — is derived by folding that log. This crate never
//! reads a clock, a random source or storage: time comes in as milliseconds,
//! randomness as bytes, so every verdict is reproducible in a test.
//!
//! One module per part of the Laws:
//!
//! | module | Laws |
//! | --- | --- |
//! | [`notation`] | Appendix E: reading and writing moves |
//! | [`time_control`], [`clock`] | Article 6, Appendix B1 |
//! | [`scoresheet`] | Article 8 |
//! | [`pgn`] | import and export |
//! | [`game_pgn`] | a game to PGN and back |
//! | [`arbiter_note`] | what the arbiter did between moves, as a record keeps it |
//! | [`envelope`] | A2: the envelope's outside |
//! | [`sealing`] | A1a, A3, A7: the arbiter's PIN and key pair, the sealed move locked in its envelope |
//! | [`game`] | setup, events, the fold |
//! | [`claim`] | the duty to record (8.4), draw claims (9.2, 9.3), checkmate and stalemate |
//! | [`adjournment`] | Appendix A |
//! | [`judge`] | a resumption scenario walked through a game (`laws judge`) |
//! | [`irregularity`] | Articles 7 and 4.3 |
//! | [`rapidplay`] | Appendix B |
//! | [`unwinnable`] | 9.6, 6.9/6.10 |
//! | [`ruleset`] | what differs between editions and competitions |
//! | [`trf`] | the pairing program's file (FIDE Handbook C.04 Annex 2): rounds in, results out |
//!
//! Below them all, the words they share: [`side`], [`article`], [`outcome`], [`ruling`],
//! [`touch_move`], [`board_move`] (and, inside the crate, `encoding` and `calendar`). No
//! two modules import each other (`scripts/module-cycles.mjs`).

pub mod adjournment;
pub mod arbiter_note;
pub mod article;
pub mod board_move;
mod calendar;
pub mod claim;
pub mod clock;
pub mod encoding;
pub mod envelope;
pub mod game;
pub mod game_pgn;
// The arbiter's rulings carried out on a game: part of the game's fold.
pub use game::intervention;
pub mod irregularity;
pub mod judge;
pub mod notation;
pub mod outcome;
pub mod pgn;
pub mod rapidplay;
pub mod ruleset;
pub mod ruling;
pub mod scoresheet;
pub mod sealing;
pub mod side;
pub mod signing;
#[cfg(test)]
mod test_position;
pub mod time_control;
pub mod touch_move;
pub mod trf;
pub mod unwinnable;
