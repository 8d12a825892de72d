//! Time controls: periods, move counts, increments and delays (Article 6, Appendix B1).
