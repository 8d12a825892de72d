//! The pairing program's file: every case file under `tests/cases/trf`
//! read into the boards and byes its program printed (`*.boards.json`:
//! `[white, black]` by starting rank in board order, `[player, code]` for
//! each bye), a bad file refused at its line and column (`errors.jsonl`),
//! and a round's results written back changing nothing else.

use laws::side::Side;
use laws::trf::results::{GameResult, Played};
use laws::trf::{ResultCode, TrfFile, engine};
use serde_json::{Value, json};

mod case_files;

fn case_dir() -> String {
    format!("{}/tests/cases/trf", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/{name}", case_dir())).unwrap()
}

#[test]
fn every_case_file_gives_the_boards_and_byes_its_program_printed() {
    let mut files: Vec<String> = std::fs::read_dir(case_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".boards.json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    for name in files {
        let expected: Value = serde_json::from_str(&read(&name)).unwrap();
        let trf = name.replace(".boards.json", ".trf");
        let file = TrfFile::parse(&read(&trf)).unwrap_or_else(|e| panic!("{trf}: {e}"));
        let round = u32::try_from(expected["round"].as_u64().unwrap()).unwrap();
        let pairings = match expected["pairs"].as_str() {
            Some(pairs) => engine::pairings(&file, round, &read(pairs)).unwrap(),
            None => {
                assert_eq!(file.round_to_play(), Some(round), "{trf}");
                file.pairings(round).unwrap()
            }
        };
        let got = json!({
            "boards": pairings.boards.iter().map(|b| json!([b.white, b.black])).collect::<Vec<_>>(),
            "byes": pairings.byes.iter().map(|b| json!([
                b.player,
                b.code.map_or_else(|| "0000".to_owned(), |c| c.as_char().to_string()),
            ])).collect::<Vec<_>>(),
        });
        assert_eq!(got["boards"], expected["boards"], "{trf}");
        assert_eq!(got["byes"], expected["byes"], "{trf}");
        assert!(pairings.boards.iter().zip(1..).all(|(b, n)| b.number == n));
    }
}

#[test]
fn the_engine_s_pairs_and_the_file_s_own_give_the_same_boards() {
    let paired = TrfFile::parse(&read("swiss-round3.trf")).unwrap();
    let before = TrfFile::parse(&read("trfx-dat.trf")).unwrap();
    assert_eq!(before.round_to_play(), None);
    assert_eq!(before.tournament.name, paired.tournament.name);
    let from_engine = engine::pairings(&before, 3, &read("trfx-dat.pairs.txt")).unwrap();
    assert_eq!(from_engine, paired.pairings(3).unwrap());
    // A list that says more pairs than it has, or names a player twice.
    let short = engine::pairings(&before, 3, "5\n1 2\n3 4\n7 6\n8 5\n").unwrap_err();
    assert_eq!(
        short.to_string(),
        "line 1, column 1: the first line says 5 pairs, the list has 4"
    );
    let twice = engine::pairings(&before, 3, "4\n1 2\n3 4\n7 6\n8 1\n").unwrap_err();
    assert_eq!(
        twice.to_string(),
        "line 5, column 3: player 1 is paired twice"
    );
}

#[test]
fn the_tournament_and_its_players_are_read_from_their_columns() {
    let file = TrfFile::parse(&read("swiss-round3.trf")).unwrap();
    let t = &file.tournament;
    assert_eq!(t.name, "Kraków Spring Open");
    assert_eq!(
        (t.city.as_str(), t.start.as_str(), t.end.as_str()),
        ("Kraków", "2026/03/01", "2026/03/05")
    );
    assert_eq!(t.chief_arbiter, "IA Wiśniewski, Piotr");
    assert_eq!(t.deputy_arbiters, ["FA Nowicka, Maria"]);
    assert_eq!(
        t.encoded_time_control.as_deref(),
        Some("40/5400+30:1800+30")
    );
    assert_eq!(t.rounds, Some(5));
    let muller = file.player(3).unwrap();
    assert_eq!(
        (
            muller.name.as_str(),
            muller.title.as_str(),
            muller.sex.as_str(),
            muller.federation.as_str()
        ),
        ("Müller, Hans", "FM", "m", "GER")
    );
    assert_eq!(
        (
            muller.rating,
            muller.fide_id,
            muller.half_points,
            muller.rank
        ),
        (Some(2310), Some(4600003), 3, Some(3))
    );
    assert_eq!(muller.birth, "1988/07/30");
    assert_eq!(muller.round(1).unwrap().result, Some(ResultCode::Draw));
    assert_eq!(file.find("muller,hans", None).map(|p| p.start_rank), None);
    assert_eq!(
        file.find("Müller,Hans", None).map(|p| p.start_rank),
        Some(3)
    );
    assert_eq!(
        file.find("Someone", Some(1100005)).map(|p| p.start_rank),
        Some(5)
    );
}

#[test]
fn a_file_it_cannot_read_is_refused_at_its_line_and_column() {
    for case in case_files::jsonl("trf", "errors.jsonl") {
        let error = TrfFile::parse(case["text"].as_str().unwrap()).unwrap_err();
        assert_eq!(
            error.to_string(),
            case["error"].as_str().unwrap(),
            "{}",
            case["name"]
        );
    }
}

/// Each line's characters that differ, as (line, column) from 1.
fn changes(before: &str, after: &str) -> Vec<(usize, usize)> {
    let (a, b): (Vec<&str>, Vec<&str>) =
        (before.split('\n').collect(), after.split('\n').collect());
    assert_eq!(a.len(), b.len());
    let mut changed = Vec::new();
    for (n, (x, y)) in a.iter().zip(&b).enumerate() {
        let (x, y): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
        for column in 0..x.len().max(y.len()) {
            if x.get(column).unwrap_or(&' ') != y.get(column).unwrap_or(&' ')
                || (column >= x.len()) != (column >= y.len())
            {
                changed.push((n + 1, column + 1));
            }
        }
    }
    changed
}

#[test]
fn a_round_s_results_change_only_its_columns_and_the_points() {
    let text = read("byes-forfeits.trf");
    let file = TrfFile::parse(&text).unwrap();
    let round = file.pairings(3).unwrap();
    let games = [
        Played {
            white: 1,
            black: 6,
            result: Some(GameResult::Won(Side::White)),
        },
        Played {
            white: 7,
            black: 2,
            result: Some(GameResult::Forfeit(Side::White)),
        },
        Played {
            white: 4,
            black: 3,
            result: Some(GameResult::Drawn),
        },
    ];
    let written = file.with_results(3, &games, &round.byes).unwrap();
    let out = written.to_text();
    for (line, column) in changes(&text, &out) {
        // Points, and round 3: its eight columns and the blanks before them.
        assert!(
            (81..=84).contains(&column) || (110..=119).contains(&column),
            "line {line}, column {column}"
        );
    }
    let again = TrfFile::parse(&out).unwrap();
    let code = |rank| {
        again
            .player(rank)
            .unwrap()
            .round(3)
            .unwrap()
            .result
            .map(ResultCode::as_char)
    };
    let points = |rank| again.player(rank).unwrap().half_points;
    assert_eq!(
        [1, 6, 7, 2, 4, 3, 5].map(code),
        [
            Some('1'),
            Some('0'),
            Some('+'),
            Some('-'),
            Some('='),
            Some('='),
            Some('H')
        ]
    );
    // Before: 2.0 1.5 1.0 0.5 0.0 1.5 1.0 0.0 (the bye not yet counted).
    assert_eq!(
        (1..=8).map(points).collect::<Vec<_>>(),
        [6, 3, 3, 2, 1, 3, 4, 0]
    );
    // The player who withdrew is written unpaired, with no code.
    assert_eq!(
        again.player(8).unwrap().round(3),
        Some(&laws::trf::RoundCell::default())
    );
    assert!(out.contains("001    8 w    Dąbrowska, Zofia                  1875 POL     1100008 2010/12/01  0.0    8  0000 - Z  0000 - Z  0000 -  \n"));
    // Written twice, the same.
    assert_eq!(
        again
            .with_results(3, &games, &round.byes)
            .unwrap()
            .to_text(),
        out
    );
}

#[test]
fn results_for_a_round_the_engine_paired_are_written_in_the_file_s_style() {
    let text = read("trfx-dat.trf");
    let file = TrfFile::parse(&text).unwrap();
    let round = engine::pairings(&file, 3, &read("trfx-dat.pairs.txt")).unwrap();
    let games: Vec<Played> = round
        .boards
        .iter()
        .map(|b| Played {
            white: b.white,
            black: b.black,
            result: (b.number != 4).then_some(GameResult::Won(Side::Black)),
        })
        .collect();
    let out = file.with_results(3, &games, &round.byes).unwrap().to_text();
    let again = TrfFile::parse(&out).unwrap();
    assert_eq!(again.pairings(3).unwrap().boards, round.boards);
    let line = out.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert!(line.ends_with("     5 w 1     4 b =     2 w 0"), "{line:?}");
    // The unfinished board: paired, no result, points as they were.
    let eight = out.lines().find(|l| l.starts_with("001    8")).unwrap();
    assert!(eight.ends_with("     5 w  "), "{eight:?}");
    assert_eq!(again.round_to_play(), Some(3));
    assert!(out.contains("DAT 0001 EMAIL player1@example.org\nDAT 0001 GROUP Club B\n"));
    for (_, column) in changes(&text, &out) {
        assert!(
            (81..=84).contains(&column) || (110..=119).contains(&column),
            "column {column}"
        );
    }
}
