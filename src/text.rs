//! Everything the app says, in its two languages: the interface's words,
//! the rules core's answers worded, a clock's reading in figures, a
//! message said as a sentence.

pub mod clock_reading;
pub mod i18n;
pub mod laws_text;
pub mod sentence;
