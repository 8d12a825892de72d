//! The pieces the screens are built from, grouped by feature; one
//! component per file.

pub mod adjournment;
pub mod clock;
pub mod common;
pub mod event;
pub mod games;
pub mod review;
pub mod rulings;
pub mod scoresheet;
pub mod shell;
