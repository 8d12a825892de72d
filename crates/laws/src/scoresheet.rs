//! The scoresheet as written: recording, checking, comparing, reconstructing (Article 8).
