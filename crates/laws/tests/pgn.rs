//! PGN import and export: real games from the pgn-reader crate's benches
//! (GPL-3.0, in `tests/data/`) and the case files in `tests/cases/pgn/`.

use laws::pgn::{self, GameCheck, ImportError, ImportedGame, PgnResult, Record, RecordMove};
use shakmaty::Position;

const TWIC: &[u8] = include_bytes!("data/twic1599_1000k.pgn");
const LICHESS: &[u8] = include_bytes!("data/lichess_db_1000k.pgn");

fn record_of(game: &ImportedGame) -> Record {
    Record {
        tags: game.tags.to_vec(),
        time_control: game.tag("TimeControl").map(str::to_owned),
        start_fen: game.tag("FEN").map(str::to_owned),
        moves: game
            .moves
            .iter()
            .map(|m| RecordMove {
                comment: None,
                ..RecordMove::from(m)
            })
            .collect(),
        result: game.result,
        termination: game.tag("Termination").map(str::to_owned),
    }
}

/// Every game imports, and its export imports back to the same moves,
/// clocks and result.
fn round_trip(file: &[u8], expected_games: usize) {
    let games = pgn::import(file);
    assert_eq!(games.len(), expected_games);
    let mut text = String::new();
    for (i, game) in games.iter().enumerate() {
        assert_eq!(GameCheck::of(game).problem, None);
        let game = game.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.number, i + 1);
        text.push_str(&pgn::export(&record_of(game)).unwrap());
    }
    let again = pgn::import(text.as_bytes());
    assert_eq!(again.len(), expected_games);
    for (before, after) in games.iter().zip(&again) {
        let (before, after) = (before.as_ref().unwrap(), after.as_ref().unwrap());
        assert_eq!(before.start, after.start, "game {}", before.number);
        assert_eq!(before.result, after.result, "game {}", before.number);
        assert_eq!(
            before.moves.len(),
            after.moves.len(),
            "game {}",
            before.number
        );
        for (b, a) in before.moves.iter().zip(&after.moves) {
            assert_eq!(
                (&b.mv, b.clock_ms, b.emt_ms),
                (&a.mv, a.clock_ms, a.emt_ms),
                "game {}",
                before.number
            );
        }
        for name in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "TimeControl",
            "Termination",
        ] {
            assert_eq!(
                before.tag(name),
                after
                    .tag(name)
                    .filter(|v| before.tag(name).is_some() || *v != "?")
            );
        }
    }
}

#[test]
fn over_the_board_games_round_trip() {
    round_trip(TWIC, 1110);
}

#[test]
fn online_games_with_clocks_round_trip() {
    round_trip(LICHESS, 438);
    let first = pgn::import(LICHESS).remove(0).unwrap();
    assert_eq!(first.moves[0].clock_ms, Some(300_000));
    assert_eq!(first.moves[2].clock_ms, Some(301_000));
    assert_eq!(first.result, PgnResult::BlackWins);
}

/// Each `cases/pgn/NAME.pgn` imports to what `NAME.expect` says, one line
/// per game: `ok PLIES RESULT` or the error as displayed.
#[test]
fn import_cases() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/pgn");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let expected = std::fs::read_to_string(path.with_extension("expect")).unwrap();
        let got: Vec<String> = pgn::import(std::fs::read(&path).unwrap().as_slice())
            .iter()
            .map(|game| match game {
                Ok(game) => format!("ok {} {}", game.moves.len(), game.result),
                Err(e) => e.to_string(),
            })
            .collect();
        assert_eq!(
            got,
            expected.lines().collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn a_token_read_leniently_keeps_its_moves_san_and_an_error_its_own_text() {
    let games = pgn::import("1. e2-e4 e7-e5 2. Ng1-f3 *\n\n1. e2-e4 Xz9 *\n".as_bytes());
    let read = games[0].as_ref().unwrap();
    let sans: Vec<String> = read.moves.iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    match &games[1] {
        Err(ImportError::Move { ply: 2, text, .. }) => assert_eq!(text, "Xz9"),
        other => panic!("expected the second move refused, got {other:?}"),
    }
}

#[test]
fn lenient_import_keeps_what_matters() {
    let games = pgn::import(
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/cases/pgn/lenient.pgn"
        ))
        .unwrap()
        .as_slice(),
    );
    let game = games[0].as_ref().unwrap();
    let first = &game.moves[0];
    assert_eq!(
        (first.san.to_string().as_str(), first.clock_ms, first.emt_ms),
        ("e4", Some(5_400_000), Some(5_000))
    );
    assert_eq!(first.nags, vec![1]);
    assert_eq!(first.comment.as_deref(), Some("Best by test"));
    // The variation's moves are not in the mainline.
    assert_eq!(game.moves[1].san.to_string(), "e5");
    assert_eq!(game.moves[2].san.to_string(), "Ngf3");
    assert!(game.moves[6].draw_offer);
    assert_eq!(game.moves[6].comment, None);
    assert!(!game.moves[5].draw_offer);
}

#[test]
fn an_error_carries_the_position_before_the_move() {
    let games = pgn::import("1. e4 e5 2. Ke3 *".as_bytes());
    match &games[0] {
        Err(ImportError::Move {
            ply,
            text,
            position,
            ..
        }) => {
            assert_eq!((*ply, text.as_str()), (3, "Ke3"));
            assert_eq!(position.fullmoves().get(), 2);
        }
        other => panic!("{other:?}"),
    }
}

mod properties {
    use laws::pgn::{self, GameCheck, PgnResult, Record, RecordMove};
    use proptest::prelude::*;
    use shakmaty::{Chess, Position};

    /// A random legal game: each byte picks one of the legal moves.
    fn game(choices: &[(u8, Option<u32>, bool)]) -> Vec<RecordMove> {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for &(choice, clock_s, draw_offer) in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(choice) % legal.len()];
            pos.play_unchecked(mv);
            // PGN clocks are whole seconds.
            let clock_ms = clock_s.map(|s| u64::from(s) * 1000);
            moves.push(RecordMove {
                mv,
                clock_ms,
                emt_ms: clock_s.map(|s| u64::from(s / 7) * 1000),
                draw_offer,
                comment: None,
            });
        }
        moves
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn exported_games_import_back(choices in prop::collection::vec((any::<u8>(), prop::option::of(0u32..400_000), prop::bool::weighted(0.1)), 0..120), white in "[ -~]{0,20}") {
            let moves = game(&choices);
            let record = Record {
                tags: vec![("White".into(), white.clone())],
                time_control: Some("40/5400+30:1800+30".into()),
                start_fen: None,
                moves: moves.clone(),
                result: PgnResult::Draw,
                termination: Some("normal".into()),
            };
            let text = pgn::export(&record).unwrap();
            prop_assert!(text.lines().all(|l| l.len() <= 79 || l.starts_with('[')));
            let games = pgn::import(text.as_bytes());
            prop_assert_eq!(games.len(), 1);
            let game = games[0].as_ref().unwrap();
            prop_assert_eq!(game.tag("White"), Some(white.as_str()));
            prop_assert_eq!(game.result, PgnResult::Draw);
            prop_assert_eq!(game.tag("TimeControl"), Some("40/5400+30:1800+30"));
            prop_assert_eq!(game.tag("Termination"), Some("normal"));
            let got: Vec<RecordMove> = game.moves.iter().map(|m| RecordMove { comment: None, ..RecordMove::from(m) }).collect();
            prop_assert_eq!(got, moves);
        }

        #[test]
        fn any_bytes_give_games_or_errors(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            for game in pgn::import(bytes.as_slice()) {
                prop_assert_eq!(GameCheck::of(&game).problem.is_some(), game.is_err());
            }
        }

        #[test]
        fn mangled_pgn_text_never_panics(cut in 0usize..3000, junk in "[ -~\n]{0,30}") {
            let text = String::from_utf8_lossy(&super::LICHESS[..3000]);
            let (head, tail) = text.split_at(text.floor_char_boundary(cut));
            let mangled = format!("{head}{junk}{tail}");
            for game in pgn::import(mangled.as_bytes()) {
                // A problem is found exactly where the import found one.
                prop_assert_eq!(GameCheck::of(&game).problem.is_some(), game.is_err());
            }
        }
    }
}

/// The games of a file, each with its own text (a game starts at its
/// `[Event` line).
fn texts_of_games(file: &[u8]) -> Vec<&str> {
    let text = std::str::from_utf8(file).unwrap();
    let mut starts: Vec<usize> = text
        .match_indices("\n[Event ")
        .map(|(at, _)| at + 1)
        .collect();
    starts.insert(0, 0);
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

/// The page's reader, with no pgn-reader, reads a game as `import` does:
/// every real game of both files from its own text, each as the board
/// tablet exports it, and the first game of every case file.
#[test]
fn first_game_reads_a_game_as_import_does() {
    let same = |text: &str| {
        assert_eq!(
            pgn::first_game(text),
            pgn::import(text.as_bytes()).into_iter().next(),
            "{text}"
        );
    };
    let mut compared = 0;
    for file in [TWIC, LICHESS] {
        for text in texts_of_games(file) {
            same(text);
            if let Some(Ok(game)) = pgn::import(text.as_bytes()).into_iter().next() {
                same(&pgn::export(&record_of(&game)).unwrap());
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 1110 + 438);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/pgn");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            same(&text);
        }
    }
}
