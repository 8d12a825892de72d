//! Claims and rules read from the record, driven by `tests/cases/claim/`.

use laws::claim::{self, ClaimRuling};
mod case_files;

use case_files::position;
use serde_json::Value;
use shakmaty::{Chess, Move, Position, san::San};

fn cases(name: &str) -> Vec<Value> {
    case_files::jsonl("claim", name)
}

/// The SAN list replayed; the intended move is read in the final position
/// (an illegal one becomes some pseudo-move the ruling must refuse).
fn moves(start: &Chess, sans: &str) -> (Vec<Move>, Chess) {
    let mut pos = start.clone();
    let moves = sans
        .split_whitespace()
        .map(|s| {
            let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
            mv
        })
        .collect();
    (moves, pos)
}

#[test]
fn claim_cases() {
    let all = cases("claims.jsonl");
    assert!(all.len() >= 10);
    for case in all {
        let name = case["name"].as_str().unwrap();
        let start = position(&case["fen"]);
        let (history, now) = moves(&start, case["moves"].as_str().unwrap_or(""));
        let intended = case["intended"].as_str().map(|text| {
            let san: San = text.parse().unwrap();
            san.to_move(&now).unwrap_or_else(|_| {
                // Not legal here: the king's step as if it were.
                let king = now.board().king_of(now.turn()).unwrap();
                Move::Normal {
                    role: shakmaty::Role::King,
                    from: king,
                    capture: None,
                    to: match san {
                        San::Normal { to, .. } => to,
                        _ => unreachable!("cases write illegal moves as normal moves"),
                    },
                    promotion: None,
                }
            })
        });
        let ruling: ClaimRuling = match case["claim"].as_str().unwrap() {
            "repetition" => claim::repetition(&start, &history, intended.as_ref()),
            "fifty_moves" => claim::fifty_moves(&start, &history, intended.as_ref()),
            other => panic!("unknown claim {other}"),
        }
        .unwrap();
        let json = serde_json::to_value(&ruling).unwrap();
        let article = if case["claim"] == "repetition" {
            "9.2"
        } else {
            "9.3"
        };
        assert_eq!(json["article"], article, "{name}");
        assert_eq!(json["valid"], case["valid"], "{name}");
        assert_eq!(json["reason"], case["reason"], "{name}");
        assert_eq!(json["intended_move"], intended.is_some(), "{name}");
        assert_eq!(
            json["claimant"],
            if now.turn().is_white() {
                "white"
            } else {
                "black"
            },
            "{name}"
        );
    }
}

#[test]
fn ending_cases() {
    for case in cases("endings.jsonl") {
        let ending = claim::ending(&position(&case["fen"]));
        assert_eq!(
            serde_json::to_value(ending).unwrap(),
            case["ending"],
            "{case}"
        );
    }
}

#[test]
fn recording_cases() {
    for case in cases("recording.jsonl") {
        let got = claim::must_record(
            case["remaining_ms"].as_u64().unwrap(),
            case["increment_ms"].as_u64().unwrap(),
        );
        assert_eq!(got, case["must_record"].as_bool().unwrap(), "{case}");
    }
}
