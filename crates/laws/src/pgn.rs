//! PGN import and export, with clock comments.
