//! Fuzzes reading a FEN where the app takes one: a game's starting position
//! (`Setup::start_position`, for a created or imported game) and the
//! position editor loading a position to reinstate (7.4). Any text gives a
//! position or a refusal with its reasons, never a panic; a position shows
//! back as a FEN that reads as the same position, in both readers (the
//! editor refusing only what it checks beyond a game's start: a check no
//! last move can have given, counters that cannot be); a scoresheet starts
//! from it and records its first move.

#![no_main]

use laws::game::Setup;
use laws::irregularity::editor::{PositionEditor, Refusal};
use laws::notation::{self, NotationLang};
use laws::scoresheet::{Entry, EntryVerdict, Scoresheet};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

fn start(fen: &str) -> Result<shakmaty::Chess, laws::game::SetupError> {
    Setup {
        start_fen: Some(fen.to_owned()),
        ..Setup::default()
    }
    .start_position()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let started = start(text);
    if let Err(refused) = &started {
        assert!(!refused.to_string().is_empty());
    }
    let edited = PositionEditor::from_fen(text);
    if let Ok(editor) = &edited {
        // The editor's FEN, legal or not, loads back to the same board.
        let fen = editor.fen();
        let again = PositionEditor::from_fen(&fen).expect("the editor's own FEN loads");
        assert_eq!(&again, editor, "{text:?} shown as {fen:?}");
        let json = serde_json::to_string(editor).unwrap();
        assert_eq!(
            &serde_json::from_str::<PositionEditor>(&json).unwrap(),
            editor
        );
        match editor.validate() {
            Ok(position) => {
                assert_eq!(started.as_ref().ok(), Some(&position), "{text:?}");
                assert_eq!(
                    PositionEditor::from_position(&position).validate(),
                    Ok(position)
                );
            }
            Err(refused) => {
                assert!(
                    !refused.reasons.is_empty(),
                    "{text:?} refused for no reason"
                );
                assert!(!refused.to_string().is_empty());
            }
        }
    }
    let Ok(position) = started else { return };
    // The position as the app writes it reads back the same, in both readers.
    let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
    assert_eq!(
        start(&fen).as_ref(),
        Ok(&position),
        "{text:?} written as {fen:?}"
    );
    let editor = PositionEditor::from_fen(&fen).expect("a written FEN loads in the editor");
    match editor.validate() {
        Ok(back) => assert_eq!(back, position, "{fen:?}"),
        // The editor refuses more than a game's start does: a check no
        // last move can have given, move counters that cannot be.
        Err(refused) => assert!(
            refused.reasons.iter().all(|r| matches!(
                r,
                Refusal::UnexplainedCheck { .. }
                    | Refusal::HalfmoveClockBeyondMoves { .. }
                    | Refusal::HalfmoveClockAfterPawnMove { .. }
            )),
            "{fen:?}: {refused}"
        ),
    }
    // A scoresheet starts from it: its first legal move, then a dash.
    let mut sheet = Scoresheet::new(NotationLang::En, &position);
    if let Some(mv) = position.legal_moves().first() {
        sheet.record(Entry::written(notation::write(&position, mv, NotationLang::En)));
        sheet.record(Entry::dash());
        let check = sheet.check(&position);
        assert_eq!(check.entries.len(), 2, "{fen:?}");
        assert!(
            matches!(check.entries[0].verdict, EntryVerdict::Legal { .. }),
            "{fen:?}: {:?}",
            check.entries[0]
        );
    }
});
