//! The rapidplay overrides (Appendix B).
