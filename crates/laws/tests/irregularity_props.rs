//! Properties of the irregularity rulings over random games.

use laws::game::Side;
use laws::irregularity::editor::PositionEditor;
use laws::irregularity::replay::Wing;
use laws::irregularity::replay::{BoardMove, IllegalReason, find_illegal_move, why_illegal};
use laws::irregularity::touch_move::{Requirement, touch_move};
use proptest::prelude::*;
use shakmaty::{Chess, Color, EnPassantMode, Position, Role, Square, fen::Fen, uci::UciMove};

/// A random legal game of up to `plies` half-moves, chosen by `picks`.
fn play(picks: &[u16]) -> (Vec<Chess>, Vec<BoardMove>) {
    let mut position = Chess::default();
    let mut positions = vec![position.clone()];
    let mut record = Vec::new();
    for pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[*pick as usize % moves.len()];
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = UciMove::from_standard(m)
        else {
            unreachable!("chess moves are normal UCI moves")
        };
        record.push(BoardMove {
            from,
            to,
            promotion,
        });
        position.play_unchecked(m);
        positions.push(position.clone());
    }
    (positions, record)
}

fn fen(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

proptest! {
    /// Spoiling one half-move of a legal game with a move from an empty
    /// square: the replay stops exactly there, with the position before it.
    #[test]
    fn the_first_illegal_move_is_where_the_record_was_spoiled(
        picks in prop::collection::vec(any::<u16>(), 1..60),
        at in any::<prop::sample::Index>(),
    ) {
        let (positions, mut record) = play(&picks);
        prop_assume!(!record.is_empty());
        let ply = at.index(record.len());
        let empty = Square::ALL
            .into_iter()
            .find(|sq| positions[ply].board().piece_at(*sq).is_none())
            .unwrap();
        record[ply].from = empty;
        let record: Vec<Option<BoardMove>> = record.into_iter().map(Some).collect();
        let found = find_illegal_move(&Chess::default(), &record, &[]).unwrap();
        prop_assert_eq!(found.ply, ply);
        prop_assert_eq!(found.fen, fen(&positions[ply]));
        prop_assert_eq!(found.illegal.unwrap().ply, ply + 1);
    }

    /// Every position of a legal game can be set up by hand again.
    #[test]
    fn the_editor_accepts_every_reachable_position(picks in prop::collection::vec(any::<u16>(), 0..80)) {
        let (positions, _) = play(&picks);
        let last = positions.last().unwrap();
        let editor = PositionEditor::from_position(last);
        let back = editor.validate().unwrap();
        prop_assert_eq!(fen(&back), fen(last));
        let reloaded = PositionEditor::from_fen(&editor.fen()).unwrap();
        prop_assert_eq!(reloaded, editor);
    }

    /// What 4.3 allows is legal, and never empty while a legal move exists.
    #[test]
    fn touch_move_allows_only_legal_moves(
        picks in prop::collection::vec(any::<u16>(), 0..60),
        touched in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
    ) {
        let (positions, _) = play(&picks);
        let position = positions.last().unwrap();
        let occupied: Vec<Square> = position.board().occupied().into_iter().collect();
        let touched: Vec<Square> = touched.iter().map(|i| occupied[i.index(occupied.len())]).collect();
        let ruling = touch_move(position, &touched).unwrap();
        let legal: Vec<BoardMove> = position
            .legal_moves()
            .iter()
            .map(|m| match UciMove::from_standard(*m) {
                UciMove::Normal { from, to, promotion } => BoardMove { from, to, promotion },
                _ => unreachable!(),
            })
            .collect();
        prop_assert!(ruling.allowed.iter().all(|m| legal.contains(m)));
        prop_assert_eq!(ruling.allowed.is_empty(), legal.is_empty());
        if let Requirement::MovePiece { square } = ruling.requirement {
            prop_assert!(touched.contains(&square));
            prop_assert!(ruling.allowed.iter().all(|m| m.from == square));
        }
    }

    /// Any board move that is not legal gets a reason, and the reasons
    /// about the squares agree with the board.
    #[test]
    fn every_illegal_board_move_has_a_reason(
        picks in prop::collection::vec(any::<u16>(), 0..60),
        from in 0u32..64,
        to in 0u32..64,
        promotion in prop::option::of(prop::sample::select(Role::ALL.to_vec())),
    ) {
        let (positions, _) = play(&picks);
        let position = positions.last().unwrap();
        let mv = BoardMove { from: Square::new(from), to: Square::new(to), promotion };
        let uci = UciMove::Normal { from: mv.from, to: mv.to, promotion };
        prop_assume!(uci.to_move(position).is_err());
        let reason = why_illegal(position, mv);
        prop_assert!(!reason.to_string().is_empty());
        let board = position.board();
        match reason {
            IllegalReason::NoPiece { from } => prop_assert!(board.piece_at(from).is_none()),
            IllegalReason::OpponentsPiece { from } => {
                prop_assert_eq!(board.color_at(from), Some(!position.turn()))
            }
            IllegalReason::OwnPieceOnTarget { to } => {
                prop_assert_eq!(board.color_at(to), Some(position.turn()))
            }
            IllegalReason::CheckNotAnswered => prop_assert!(position.is_check()),
            _ => {}
        }
    }

    /// Whatever is set up by hand is either accepted or refused with at
    /// least one reason, never refused in silence.
    #[test]
    fn a_refusal_always_says_why(
        pieces in prop::collection::vec((0u32..64, prop::sample::select(Role::ALL.to_vec()), any::<bool>()), 0..8),
        kings in (0u32..64, 0u32..64),
        black_to_move in any::<bool>(),
        rights in prop::collection::vec(any::<bool>(), 4),
        ep in prop::option::of(0u32..64),
    ) {
        let mut editor = PositionEditor::empty();
        // Kings first, so that most boards get as far as the finer reasons.
        editor.put(Square::new(kings.0), Role::King.of(Color::White));
        editor.put(Square::new(kings.1), Role::King.of(Color::Black));
        for (sq, role, white) in pieces {
            editor.put(Square::new(sq), role.of(if white { Color::White } else { Color::Black }));
        }
        editor.set_turn(if black_to_move { Side::Black } else { Side::White });
        for ((side, wing), allowed) in [
            (Side::White, Wing::KingSide),
            (Side::White, Wing::QueenSide),
            (Side::Black, Wing::KingSide),
            (Side::Black, Wing::QueenSide),
        ]
        .into_iter()
        .zip(rights)
        {
            editor.set_castling(side, wing, allowed);
        }
        editor.set_ep_square(ep.map(Square::new));
        if let Err(refused) = editor.validate() {
            prop_assert!(!refused.reasons.is_empty(), "{}", editor.fen());
        }
    }
}
