//! Illegal positions and illegal moves: what to reinstate (Articles 7 and 4.3).
