//! Scoresheets checked, compared and reconstructed, driven by
//! `tests/cases/scoresheet/`. In the case files a sheet is its language and
//! its entries in order, `-` for a dash.

use laws::scoresheet::{self, Budget, Entry, Found, Scoresheet};
mod case_files;

use case_files::{position, strings};
use serde_json::Value;
use shakmaty::{Chess, EnPassantMode, fen::Fen};

fn cases(name: &str) -> Vec<Value> {
    case_files::jsonl("scoresheet", name)
}

fn sheet(lang: &Value, entries: &Value, start: &Chess) -> Scoresheet {
    let mut sheet = Scoresheet::new(serde_json::from_value(lang.clone()).unwrap(), start);
    for text in entries.as_array().unwrap() {
        sheet.record(match text.as_str().unwrap() {
            "-" => Entry::dash(),
            text => Entry::written(text),
        });
    }
    sheet
}

#[test]
fn check_cases() {
    for case in cases("check.jsonl") {
        let name = &case["name"];
        let start = position(&case["fen"]);
        let check = sheet(&case["lang"], &case["entries"], &start).check(&start);
        let json = serde_json::to_value(&check).unwrap();
        let verdicts: Vec<&str> = json["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["verdict"]["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, strings(&case["verdicts"]), "{name}");
        assert_eq!(
            json["first_irregularity"], case["first_irregularity"],
            "{name}"
        );
        if case["sans"].is_array() {
            let sans: Vec<&str> = json["entries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["verdict"]["san"].as_str().unwrap())
                .collect();
            assert_eq!(sans, strings(&case["sans"]), "{name}");
        }
        // The replay that words nothing stops where the check does.
        let replay = sheet(&case["lang"], &case["entries"], &start).replay(&start);
        assert_eq!(
            replay.irregularity().map(|stop| stop.index),
            check.first_irregularity,
            "{name}"
        );
        let legal = check
            .entries
            .iter()
            .take_while(|e| matches!(e.verdict, scoresheet::EntryVerdict::Legal { .. }));
        assert_eq!(replay.moves.len(), legal.clone().count(), "{name}");
        let fen = Fen::from_position(&replay.position, EnPassantMode::Legal).to_string();
        let last = legal.last().and_then(|e| e.fen_after.clone());
        assert_eq!(
            fen,
            last.unwrap_or_else(|| Fen::from_position(&start, EnPassantMode::Legal).to_string()),
            "{name}"
        );
        // The position is known after every legal move of an unbroken replay.
        for entry in &check.entries {
            assert_eq!(
                entry.fen_after.is_some(),
                matches!(entry.verdict, scoresheet::EntryVerdict::Legal { .. }),
                "{name}"
            );
        }
    }
}

#[test]
fn compare_cases() {
    for case in cases("compare.jsonl") {
        let name = &case["name"];
        let start = Chess::default();
        let white = sheet(&case["white"]["lang"], &case["white"]["entries"], &start);
        let black = sheet(&case["black"]["lang"], &case["black"]["entries"], &start);
        let json = serde_json::to_value(scoresheet::compare(&white, &black, &start)).unwrap();
        let agreements: Vec<&str> = json["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["agreement"].as_str().unwrap())
            .collect();
        assert_eq!(agreements, strings(&case["agreements"]), "{name}");
        assert_eq!(json["first_difference"], case["first_difference"], "{name}");
    }
}

#[test]
fn reconstruct_cases() {
    for case in cases("reconstruct.jsonl") {
        let name = &case["name"];
        let start = Chess::default();
        let a = sheet(&case["a"]["lang"], &case["a"]["entries"], &start);
        let b = sheet(&case["b"]["lang"], &case["b"]["entries"], &start);
        let board = case["on_board"]
            .as_str()
            .map(|_| position(&case["on_board"]));
        let mut budget = Budget::default();
        if let Some(n) = case["max_games"].as_u64() {
            budget.max_games = n as usize;
        }
        if let Some(n) = case["max_nodes"].as_u64() {
            budget.max_nodes = n;
        }
        let got = scoresheet::reconstruct(&start, &a, &b, board.as_ref(), budget);
        let json = serde_json::to_value(&got).unwrap();
        assert_eq!(json["found"], case["found"], "{name}: {json}");
        for field in ["plies", "white_moves", "black_moves"] {
            assert_eq!(json[field], case[field], "{name}: {field}");
        }
        if case["games"].is_array() {
            let games: Vec<Value> = got
                .games
                .iter()
                .map(|g| serde_json::to_value(&g.moves).unwrap())
                .collect();
            assert_eq!(Value::from(games), case["games"], "{name}");
        }
        match got.found {
            Found::Several => assert!(
                got.games.len() > 1 && got.games.len() <= budget.max_games,
                "{name}"
            ),
            Found::TooMany => assert_eq!(got.games.len(), budget.max_games, "{name}"),
            Found::Undecided => assert!(got.nodes > budget.max_nodes, "{name}"),
            _ => {}
        }
    }
}

mod properties {
    use laws::notation::{self, NotationLang};
    use laws::scoresheet::{self, Agreement, Budget, Entry, EntryVerdict, Found, Scoresheet};
    use proptest::prelude::*;
    use shakmaty::{Chess, Position};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// A random legal game written by both players, each in his own
        /// language, one of them skipping moves in time trouble: each sheet
        /// checks clean, the sheets agree, and the reconstruction finds
        /// exactly that game.
        #[test]
        fn two_sheets_of_one_game(choices in prop::collection::vec(any::<u8>(), 1..40), langs in (0..8usize, 0..8usize), dashes in prop::collection::vec(any::<bool>(), 40)) {
            let (la, lb) = (NotationLang::ALL[langs.0], NotationLang::ALL[langs.1]);
            let start = Chess::default();
            let (mut a, mut b) = (Scoresheet::new(la, &start), Scoresheet::new(lb, &start));
            let mut full_b = Scoresheet::new(lb, &start);
            let mut pos = start.clone();
            let mut sans = Vec::new();
            for (i, choice) in choices.iter().enumerate() {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[usize::from(*choice) % legal.len()];
                sans.push(notation::write(&pos, &mv, NotationLang::En).trim_end_matches(['+', '#']).to_owned());
                a.record(Entry::written(notation::write(&pos, &mv, la)));
                full_b.record(Entry::written(notation::write(&pos, &mv, lb)));
                b.record(if dashes[i] { Entry::dash() } else { Entry::written(notation::write(&pos, &mv, lb)) });
                pos.play_unchecked(mv);
            }
            let check = a.check(&start);
            prop_assert_eq!(check.first_irregularity, None);
            let all_legal = check.entries.iter().all(|e| matches!(e.verdict, EntryVerdict::Legal { .. }));
            prop_assert!(all_legal);
            let comparison = scoresheet::compare(&a, &full_b, &start);
            prop_assert_eq!(comparison.first_difference, None);
            let all_same = comparison.plies.iter().all(|p| matches!(p.agreement, Agreement::Same { .. }));
            prop_assert!(all_same);
            let found = scoresheet::reconstruct(&start, &a, &b, None, Budget::default());
            prop_assert_eq!(found.found, Found::Unique);
            let got: Vec<String> = found.games[0].moves.iter().map(|s| s.trim_end_matches(['+', '#']).to_owned()).collect();
            prop_assert_eq!(got, sans);
            prop_assert_eq!(found.plies, a.len());
        }
    }
}
