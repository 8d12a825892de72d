//! The analyser worker: the work too long for the UI thread. `analysis` is
//! what the page and the worker say to each other; `analyser` is the
//! worker as the screens see it; `main.rs` beside them is the worker's own
//! binary.

pub mod analyser;
pub mod analysis;
