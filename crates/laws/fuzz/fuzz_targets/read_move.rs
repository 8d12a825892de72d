//! Fuzzes `notation::read`: any bytes, in any position reached by a game,
//! in any language, give one sound verdict, and a legal move written back
//! in that language reads as the same move.
//!
//! Input: byte 0 picks the language, byte 1 the number of plies (mod 64),
//! then one byte per ply picks a legal move; the rest is the written text.

#![no_main]

use laws::notation::{self, NotationLang, MoveReading};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

fuzz_target!(|data: &[u8]| {
    let [lang, plies, rest @ ..] = data else { return };
    let lang = NotationLang::ALL[usize::from(*lang) % NotationLang::ALL.len()];
    let plies = usize::from(*plies % 64).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let mut position = Chess::default();
    for &c in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[usize::from(c) % moves.len()]);
    }
    let text = String::from_utf8_lossy(text);
    let legal = position.legal_moves();
    match notation::read(&position, &text, lang) {
        MoveReading::Legal { mv, san, .. } => {
            assert!(legal.contains(&mv), "{text:?} read as illegal {mv:?}");
            assert_eq!(san, notation::write(&position, &mv, NotationLang::En));
            let written = notation::write(&position, &mv, lang);
            let again = notation::read(&position, &written, lang);
            assert_eq!(again.legal_move(), Some(&mv), "{written:?} in {lang}: {again}");
        }
        MoveReading::Ambiguous { candidates } => {
            assert!(candidates.len() >= 2, "{text:?}: {candidates:?}");
            assert!(candidates.iter().all(|c| legal.contains(c)));
        }
        MoveReading::Unreadable { reason } | MoveReading::Illegal { reason } => {
            assert!(!reason.is_empty());
        }
    }
});
