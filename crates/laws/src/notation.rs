//! Reading and writing moves as the Laws read them (Appendix E).
