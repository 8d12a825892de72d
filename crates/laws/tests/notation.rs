//! Data-driven tests of reading and writing moves: every file under
//! `tests/cases/notation/` is a list of facts.
//!
//! ```text
//! # a comment
//! fen <FEN>                   the position for the cases below (or `fen start`)
//! lang <code>                 the writer's language (en until changed)
//! <text> => legal <uci> <san> [| note note ...]   the notes, exactly
//! <text> => ambiguous <uci> <uci> ...             the candidates, exactly
//! <text> => illegal <words>                       words the reason contains
//! <text> => unreadable <words>
//! write <uci> => <san>        canonical SAN in the current language
//! figurine <uci> => <san>     canonical SAN with figurines
//! played <text> => <board>    the board (FEN's first field) after the move
//!                             played as written, or `unchanged`
//! ```

use std::fs;
use std::path::Path;

use laws::notation::{self, MoveReading, NotationLang};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, fen::Fen, uci::UciMove};

struct Context {
    position: Chess,
    lang: NotationLang,
}

fn uci(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn parse_move(position: &Chess, text: &str) -> Result<Move, String> {
    let uci: UciMove = text.parse().map_err(|e| format!("bad uci {text:?}: {e}"))?;
    uci.to_move(position)
        .map_err(|e| format!("{text} not legal here: {e}"))
}

/// Checks one line; `Err` says what differs.
fn check(ctx: &mut Context, line: &str) -> Result<(), String> {
    if let Some(fen) = line.strip_prefix("fen ") {
        ctx.position = if fen.trim() == "start" {
            Chess::default()
        } else {
            let fen: Fen = fen.trim().parse().map_err(|e| format!("bad fen: {e}"))?;
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("bad position: {e}"))?
        };
        return Ok(());
    }
    if let Some(code) = line.strip_prefix("lang ") {
        ctx.lang = code.parse().map_err(|e| format!("{e}"))?;
        return Ok(());
    }
    let (text, expected) = line.split_once(" => ").ok_or("no ` => `")?;
    let expected = expected.trim();
    if let Some(m) = text.strip_prefix("write ") {
        let got = notation::write(
            &ctx.position,
            &parse_move(&ctx.position, m.trim())?,
            ctx.lang,
        );
        return (got == expected)
            .then_some(())
            .ok_or(format!("wrote {got}"));
    }
    if let Some(m) = text.strip_prefix("figurine ") {
        let got = notation::write_figurine(&ctx.position, &parse_move(&ctx.position, m.trim())?);
        return (got == expected)
            .then_some(())
            .ok_or(format!("wrote {got}"));
    }
    if let Some(text) = text.strip_prefix("played ") {
        let setup = ctx.position.to_setup(EnPassantMode::Legal);
        let got = notation::play_as_written(&setup, text.trim(), ctx.lang)
            .map_or_else(|| "unchanged".to_owned(), |after| after.board.to_string());
        return (got == expected)
            .then_some(())
            .ok_or(format!("played {got}"));
    }
    let reading = notation::read(&ctx.position, text.trim(), ctx.lang);
    // The replay's reading gives the same move, or none, as the full one.
    let replayed = notation::read_move(&ctx.position, text.trim(), ctx.lang);
    if replayed.as_ref() != reading.legal_move() {
        return Err(format!("read_move gave {replayed:?}, read {reading}"));
    }
    let (verdict, rest) = expected.split_once(' ').unwrap_or((expected, ""));
    let ok = match (&reading, verdict) {
        (MoveReading::Legal { mv, san, notes }, "legal") => {
            let (moves, want_notes) = rest.split_once('|').unwrap_or((rest, ""));
            let mut words = moves.split_whitespace();
            let got_notes: Vec<String> = notes
                .iter()
                .map(|n| {
                    serde_json::to_value(n)
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_owned()
                })
                .collect();
            let want_notes: Vec<&str> = want_notes.split_whitespace().collect();
            words.next() == Some(uci(mv).as_str())
                && words.next() == Some(san.as_str())
                && got_notes == want_notes
        }
        (MoveReading::Ambiguous { candidates }, "ambiguous") => {
            candidates.iter().map(uci).collect::<Vec<_>>()
                == rest.split_whitespace().collect::<Vec<_>>()
        }
        (MoveReading::Illegal { reason }, "illegal")
        | (MoveReading::Unreadable { reason }, "unreadable") => reason.contains(rest),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        let notes = match &reading {
            MoveReading::Legal { notes, .. } => format!(" notes {notes:?}"),
            _ => String::new(),
        };
        Err(format!("got {reading}{notes}"))
    }
}

#[test]
fn case_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/notation");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut cases = 0;
    for file in &files {
        let mut ctx = Context {
            position: Chess::default(),
            lang: NotationLang::En,
        };
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            cases += 1;
            if let Err(e) = check(&mut ctx, line) {
                let name = file.file_name().unwrap().to_string_lossy();
                failures.push(format!("{name}:{}: {line}\n    {e}", n + 1));
            }
        }
    }
    assert!(cases > 100, "only {cases} cases found in {}", dir.display());
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A position reached by a random game of up to `plies` moves.
fn playout(choices: &[u16]) -> Chess {
    let mut position = Chess::default();
    for &c in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(c) % moves.len()];
        position = position.play(m).expect("legal");
    }
    position
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever is written, in every language and figurines, reads back
        /// as that move with nothing to note.
        #[test]
        fn written_moves_read_back(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
            let position = playout(&choices);
            for m in position.legal_moves() {
                let san = notation::write(&position, &m, NotationLang::En);
                for lang in NotationLang::ALL {
                    let text = notation::write(&position, &m, lang);
                    prop_assert_eq!(
                        notation::read(&position, &text, lang),
                        MoveReading::Legal { mv: m, san: san.clone(), notes: vec![] },
                        "{} in {}", text, lang
                    );
                }
                let figurine = notation::write_figurine(&position, &m);
                prop_assert!(notation::read(&position, &figurine, NotationLang::Pl).is_legal(), "{}", figurine);
            }
        }

        /// The long form from-to (UCI with the promotion piece in capitals)
        /// always reads as the move.
        #[test]
        fn long_forms_read_as_the_move(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
            let position = playout(&choices);
            for m in position.legal_moves() {
                let uci = uci(&m);
                let text = format!("{}{}", &uci[..4], uci[4..].to_uppercase());
                let reading = notation::read(&position, &text, NotationLang::En);
                prop_assert_eq!(reading.legal_move(), Some(&m), "{} gave {}", text, reading);
            }
        }

        /// Any text at all: one verdict, and never a move that is not legal.
        #[test]
        fn any_text_gets_a_sound_verdict(
            choices in proptest::collection::vec(any::<u16>(), 0..40),
            text in "[a-hKQRBNx1-8=+#:()O0 -]{0,12}|\\PC{0,12}",
            lang in proptest::sample::select(NotationLang::ALL.to_vec()),
        ) {
            let position = playout(&choices);
            let legal = position.legal_moves();
            let reading = notation::read(&position, &text, lang);
            let replayed = notation::read_move(&position, &text, lang);
            prop_assert_eq!(replayed.as_ref(), reading.legal_move());
            match reading {
                MoveReading::Legal { mv, .. } => prop_assert!(legal.contains(&mv)),
                MoveReading::Ambiguous { candidates } => {
                    prop_assert!(candidates.len() >= 2);
                    for (i, c) in candidates.iter().enumerate() {
                        prop_assert!(legal.contains(c));
                        prop_assert!(!candidates[i + 1..].contains(c));
                    }
                }
                MoveReading::Unreadable { reason } | MoveReading::Illegal { reason } => {
                    prop_assert!(!reason.is_empty());
                }
            }
        }
    }
}
