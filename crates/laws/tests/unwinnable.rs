//! The Chess Unwinnability Analyzer's public test set, decided in full.
//!
//! Case file: `cases/unwinnable/positions.txt`, one position a line:
//! `WB`, `W-`, `-B` or `--` (who can still checkmate) then a FEN.

use laws::unwinnable::{Budget, CanMate, Dead, analyse, quick_check, verdict};
use shakmaty::{CastlingMode, Chess, Color, Position, PositionError, fen::Fen};

struct Case {
    line: usize,
    fen: String,
    white: bool,
    black: bool,
}

fn cases() -> Vec<Case> {
    let text = include_str!("cases/unwinnable/positions.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let (expected, fen) = l
                .split_once(' ')
                .unwrap_or_else(|| panic!("line {}: no FEN", i + 1));
            assert!(
                matches!(expected, "WB" | "W-" | "-B" | "--"),
                "line {}: bad label {expected}",
                i + 1
            );
            Case {
                line: i + 1,
                fen: fen.to_owned(),
                white: expected.starts_with('W'),
                black: expected.ends_with('B'),
            }
        })
        .collect()
}

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    fen.into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `line` and checks it ends with `side` checkmating.
fn assert_mates(pos: &Chess, line: &[shakmaty::Move], side: Color, case: &Case) {
    let mut pos = pos.clone();
    for m in line {
        assert!(
            pos.is_legal(*m),
            "line {}: helpmate move {m:?} illegal",
            case.line
        );
        pos.play_unchecked(*m);
    }
    assert!(
        pos.is_checkmate() && pos.turn() == !side,
        "line {}: helpmate does not mate",
        case.line
    );
}

fn expect(can: bool) -> CanMate {
    if can { CanMate::Yes } else { CanMate::No }
}

/// Decides every `of`-th position starting at `shard`; the shards run in
/// parallel and together cover the whole set.
fn decide_shard(shard: usize, of: usize) {
    let cases = cases();
    assert_eq!(cases.len(), 3414, "the analyser's test set is complete");
    let mut wrong = Vec::new();
    for case in cases.iter().skip(shard).step_by(of) {
        let pos = position(&case.fen);
        for (side, can) in [(Color::White, case.white), (Color::Black, case.black)] {
            let v = verdict(&pos, side, Budget::DEFAULT);
            if v.can_mate != expect(can) {
                wrong.push(format!(
                    "line {} {side:?}: {:?}, expected {can} ({})",
                    case.line, v.can_mate, case.fen
                ));
            }
            if v.can_mate == CanMate::Yes {
                assert_mates(&pos, &v.helpmate, side, case);
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} answers differ from the analyser's:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn test_set_part_1_of_4_is_decided_as_the_analyser_does() {
    decide_shard(0, 4);
}

#[test]
fn test_set_part_2_of_4_is_decided_as_the_analyser_does() {
    decide_shard(1, 4);
}

#[test]
fn test_set_part_3_of_4_is_decided_as_the_analyser_does() {
    decide_shard(2, 4);
}

#[test]
fn test_set_part_4_of_4_is_decided_as_the_analyser_does() {
    decide_shard(3, 4);
}

#[test]
fn the_quick_check_never_contradicts_the_test_set() {
    for case in cases() {
        let pos = position(&case.fen);
        for (side, can) in [(Color::White, case.white), (Color::Black, case.black)] {
            let quick = quick_check(&pos, side);
            assert!(
                quick == CanMate::Undetermined || quick == expect(can),
                "line {} {side:?}: quick {quick:?}",
                case.line
            );
        }
    }
}

#[test]
fn a_tiny_budget_answers_undetermined_never_a_wrong_verdict() {
    // A position that needs a long search to prove anything.
    let case = cases()
        .into_iter()
        .find(|c| c.fen.starts_with("8/8/8/8/8/5k2/q7/7K"))
        .expect("in the set");
    let pos = position(&case.fen);
    let report = analyse(&pos, Budget { nodes: 0 });
    for side in [Color::White, Color::Black] {
        let answer = report.can_mate(side);
        let can = if side == Color::White {
            case.white
        } else {
            case.black
        };
        assert!(
            answer == CanMate::Undetermined || answer == expect(can),
            "{side:?}: {answer:?}"
        );
    }
}

#[test]
fn dead_means_neither_side_can_mate() {
    let locked = position("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
    assert_eq!(analyse(&locked, Budget::DEFAULT).dead(), Dead::Yes);
    let start = Chess::default();
    assert_eq!(analyse(&start, Budget::DEFAULT).dead(), Dead::No);
}

mod random_games {
    use super::*;
    use proptest::prelude::*;

    /// The position after playing, from the start, the moves picked by `picks`.
    fn play(picks: &[u8]) -> Chess {
        let mut pos = Chess::default();
        for &pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(pick) % moves.len()]);
        }
        pos
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// On positions from random games: the quick check never contradicts
        /// the full analysis, and every helpmate found really mates.
        #[test]
        fn the_quick_check_agrees_and_helpmates_mate(picks in proptest::collection::vec(any::<u8>(), 0..300)) {
            let pos = play(&picks);
            for side in [Color::White, Color::Black] {
                let full = verdict(&pos, side, Budget::DEFAULT);
                let quick = quick_check(&pos, side);
                prop_assert!(quick == CanMate::Undetermined || quick == full.can_mate, "{side:?}: quick {quick:?}, full {:?}", full.can_mate);
                if full.can_mate == CanMate::Yes {
                    let mut end = pos.clone();
                    for m in &full.helpmate {
                        prop_assert!(end.is_legal(*m));
                        end.play_unchecked(*m);
                    }
                    prop_assert!(end.is_checkmate() && end.turn() == !side);
                }
            }
        }
    }
}
