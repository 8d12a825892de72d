//! Scoresheets checked, compared and reconstructed, driven by
//! `tests/cases/scoresheet/`. In the case files a sheet is its language and
//! its entries in order, `-` for a dash.

use laws::scoresheet::{self, Budget, Entry, Found, Scoresheet};
use serde_json::Value;
use shakmaty::{CastlingMode, Chess, fen::Fen};

fn cases(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/cases/scoresheet/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

fn position(fen: &Value) -> Chess {
    match fen.as_str() {
        Some(fen) => fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
        None => Chess::default(),
    }
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

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
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
        // The position is known after every legal move of an unbroken replay.
        for entry in &check.entries {
            assert_eq!(
                entry.fen_after.is_some(),
                matches!(entry.verdict, scoresheet::Verdict::Legal { .. }),
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
