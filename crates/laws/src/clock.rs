//! The chess clock as a pure state machine: time comes in as milliseconds (Article 6).
