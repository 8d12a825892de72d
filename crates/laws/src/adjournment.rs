//! Adjourned games and sealed-move envelopes (Appendix A).
