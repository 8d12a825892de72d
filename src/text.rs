//! Everything the app says, in its two languages: the interface's words,
//! the rules core's answers worded, a clock's reading in figures.

pub mod clock_reading;
pub mod i18n;
pub mod laws_text;
