//! Why a written move is illegal (Appendix A8c), in words an arbiter can
//! read out: the move as written is looked for among the moves the pieces
//! could make if the king's safety did not count, then among the other
//! side's moves, then in what the board holds.

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square, attacks,
};

use super::fit::fits;
use super::parse::{Dest, MovePattern, Pattern};

/// Whether `pattern` is a move one of the mover's pieces could make if
/// his king's safety did not count.
pub(super) fn on_the_board(position: &Chess, pattern: &Pattern) -> bool {
    let turn = position.turn();
    match pattern {
        Pattern::Castle(_) | Pattern::Null => true,
        Pattern::Move(_) => pseudo_moves(position, turn)
            .into_iter()
            .any(|m| fits(pattern, m, turn)),
    }
}

/// The reason `pattern`, which fits no legal move, is illegal.
pub(super) fn explain(position: &Chess, pattern: &Pattern) -> String {
    if position.legal_moves().is_empty() {
        let end = if position.is_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        return format!(
            "{} has no legal move: the game is over by {end}",
            colour(position.turn())
        );
    }
    match pattern {
        Pattern::Castle(side) => castling(position, *side),
        Pattern::Move(p) => piece_move(position, p, pattern),
        Pattern::Null => "a null move (a pass) is not a move in chess".to_owned(),
    }
}

fn castling(position: &Chess, side: CastlingSide) -> String {
    let turn = position.turn();
    let castles = position.castles();
    let name = side_name(side);
    if !castles.has(turn, side) {
        format!(
            "{} may no longer castle {name}: the king or that rook has moved",
            colour(turn)
        )
    } else if position.is_check() {
        format!("{} may not castle out of check", colour(turn))
    } else if (castles.path(turn, side) & position.board().occupied()).any() {
        format!(
            "{} may not castle {name}: a piece stands between the king and the rook",
            colour(turn)
        )
    } else {
        format!(
            "{} may not castle {name}: the king would pass through or land on an attacked square",
            colour(turn)
        )
    }
}

fn piece_move(position: &Chess, p: &MovePattern, pattern: &Pattern) -> String {
    let board = position.board();
    let turn = position.turn();
    let us = colour(turn);
    // Coordinate notation (`g1f3`) names no piece: whichever stands there.
    let noun = if p.coordinate {
        "piece"
    } else {
        role_name(p.role)
    };
    let what = format!("{} {noun}", us.to_lowercase());

    // Castling written as the king's move, Kg1 or Ke1-g1.
    if p.role == Role::King
        && let Some(side) = castling_by_king(position, p)
    {
        return castling(position, side);
    }
    match p.promotion {
        Some(Role::King | Role::Pawn) => {
            return format!(
                "a pawn may not become a {}",
                role_name(p.promotion.unwrap_or(Role::Pawn))
            );
        }
        Some(_) if p.role != Role::Pawn => return "only a pawn is promoted".to_owned(),
        Some(_) if matches!(p.to, Dest::Square(sq) if sq.rank() != turn.relative_rank(Rank::Eighth)) =>
        {
            return "a pawn is promoted only on the last rank".to_owned();
        }
        _ => {}
    }
    let ours: Vec<Move> = pseudo_moves(position, turn)
        .into_iter()
        .filter(|&m| fits(pattern, m, turn))
        .collect();
    if let Some(m) = ours.first() {
        let from = m.from().map_or_else(String::new, |sq| sq.to_string());
        return if m.role() == Role::King {
            format!("the king would be in check on {}", m.to())
        } else if position.is_check() {
            format!(
                "{us} is in check, and {} {from}-{} does not parry it",
                role_name(m.role()),
                m.to()
            )
        } else if m.is_en_passant() {
            format!(
                "the en passant capture {from}-{} would expose the king to check",
                m.to()
            )
        } else {
            format!(
                "the {} on {from} is pinned: moving it would expose the king to check",
                role_name(m.role())
            )
        };
    }
    if pseudo_moves(position, !turn)
        .into_iter()
        .any(|m| fits(pattern, m, !turn))
    {
        return format!(
            "it is {us}'s move, and that is a move for {}",
            colour(!turn)
        );
    }
    let own = if p.coordinate {
        board.by_color(turn)
    } else {
        board.by_piece(p.role.of(turn))
    };
    if own.is_empty() {
        return format!("{us} has no {noun}");
    }
    if let (Some(file), Some(rank)) = (p.from_file, p.from_rank) {
        let from = Square::from_coords(file, rank);
        if !own.contains(from) {
            return format!("there is no {what} on {from}");
        }
    }
    match p.to {
        Dest::Square(to) if board.by_color(turn).contains(to) => {
            format!("{to} is occupied by a {} piece", us.to_lowercase())
        }
        Dest::Square(to) => blocked(board, own, p, to)
            .unwrap_or_else(|| format!("no {what}{} can move to {to}", origin(p))),
        Dest::File(file) => format!("no {what}{} can capture on the {file}-file", origin(p)),
    }
}

/// "The way is blocked", when a queen, rook or bishop that fits the
/// written origin would reach `to` on an empty board.
fn blocked(board: &Board, own: Bitboard, p: &MovePattern, to: Square) -> Option<String> {
    own.into_iter()
        .filter(|from| {
            p.from_file.is_none_or(|f| f == from.file())
                && p.from_rank.is_none_or(|r| r == from.rank())
        })
        .find_map(|from| {
            let piece = board.piece_at(from)?;
            let slider = matches!(piece.role, Role::Queen | Role::Rook | Role::Bishop);
            (slider && attacks::attacks(from, piece, Bitboard::EMPTY).contains(to)).then(|| {
                format!(
                    "the {} on {from} cannot reach {to}: the way is blocked",
                    role_name(piece.role)
                )
            })
        })
}

/// The side castled on when `p` is the king's two-square move from its
/// starting square.
fn castling_by_king(position: &Chess, p: &MovePattern) -> Option<CastlingSide> {
    let turn = position.turn();
    let king = position.board().king_of(turn)?;
    let home = Square::from_coords(File::E, turn.relative_rank(Rank::First));
    let Dest::Square(to) = p.to else { return None };
    let origin_fits = p.from_file.is_none_or(|f| f == home.file())
        && p.from_rank.is_none_or(|r| r == home.rank());
    if king != home || !origin_fits {
        return None;
    }
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|side| side.king_to(turn) == to)
}

/// The moves `color`'s pieces could make if its own king did not count
/// (castling aside): where a legal move fails to fit, these tell why.
fn pseudo_moves(position: &Chess, color: Color) -> Vec<Move> {
    let board: &Board = position.board();
    let occupied = board.occupied();
    let own = board.by_color(color);
    let theirs = board.by_color(!color);
    let mut moves = Vec::new();
    for from in own {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        if piece.role != Role::Pawn {
            for to in attacks::attacks(from, piece, occupied) & !own {
                moves.push(Move::Normal {
                    role: piece.role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                });
            }
            continue;
        }
        let forward = if color == Color::White { 8 } else { -8 };
        let mut targets = Bitboard::EMPTY;
        if let Some(one) = from.offset(forward).filter(|sq| !occupied.contains(*sq)) {
            targets.add(one);
            if from.rank() == color.relative_rank(Rank::Second)
                && let Some(two) = one.offset(forward).filter(|sq| !occupied.contains(*sq))
            {
                targets.add(two);
            }
        }
        for to in attacks::pawn_attacks(color, from) {
            if theirs.contains(to) {
                targets.add(to);
            } else if position.maybe_ep_square() == Some(to) {
                moves.push(Move::EnPassant { from, to });
            }
        }
        for to in targets {
            let promotions: &[Option<Role>] = if to.rank() == color.relative_rank(Rank::Eighth) {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                ]
            } else {
                &[None]
            };
            for &promotion in promotions {
                moves.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion,
                });
            }
        }
    }
    moves
}

fn origin(p: &MovePattern) -> String {
    match (p.from_file, p.from_rank) {
        (Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (Some(f), None) => format!(" on the {f}-file"),
        (None, Some(r)) => format!(" on rank {r}"),
        (None, None) => String::new(),
    }
}

fn colour(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// The piece's name in English.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
