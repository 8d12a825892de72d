//! The parameters that differ between editions of the Laws and between competitions.
