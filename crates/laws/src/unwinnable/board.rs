//! Small facts about a position, seen from White as the intended winner.

use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, File, Move, MoveList, Position, Role, Square,
    zobrist::Zobrist128,
};

/// The identity of a position for transposition tables and repetition
/// (128 bits: a collision could wrongly prune, so keep it negligible).
pub(super) fn key(pos: &Chess) -> u128 {
    pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0
}

/// Position keys are already uniformly random: hash them by folding.
#[derive(Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = (key as u64) ^ ((key >> 64) as u64);
    }
}

type Keyed = std::hash::BuildHasherDefault<KeyHasher>;

/// Positions seen, by key.
pub(super) type KeySet = std::collections::HashSet<u128, Keyed>;

/// Positions searched, by key, with the depth they were searched to.
pub(super) type KeyTable = std::collections::HashMap<u128, u8, Keyed>;

/// Whether Black, to move, is checkmated.
pub(super) fn black_is_mated(pos: &Chess, has_moves: bool) -> bool {
    !has_moves && pos.turn() == Color::Black && pos.checkers().any()
}

/// The legal moves in a fixed order: by piece (pawn to king), origin,
/// destination, then promotion (queen, knight, rook, bishop). The search
/// budget and heuristics are tuned with this order. (Called at every node:
/// each move's key is worked out once, and the keys, with the move's index
/// in their low byte, sorted as plain numbers.)
pub(super) fn ordered_moves(pos: &Chess) -> MoveList {
    in_order(&pos.legal_moves())
}

/// The moves of [`ordered_moves`], given unordered.
pub(super) fn in_order(moves: &MoveList) -> MoveList {
    let mut order = [0u32; 256];
    for (i, m) in moves.iter().enumerate() {
        let role = m.role() as u32;
        let from = m.from().map_or(0, |s| s as u32);
        let promotion = match m.promotion() {
            None | Some(Role::Queen) => 0,
            Some(Role::Knight) => 1,
            Some(Role::Rook) => 2,
            _ => 3,
        };
        let key = (role << 16) | (from << 10) | ((destination(m) as u32) << 4) | promotion;
        // At most 218 legal moves: the index fits in the low byte.
        order[i] = (key << 8) | i as u32;
    }
    let order = &mut order[..moves.len()];
    order.sort_unstable();
    order.iter().map(|k| moves[(k & 0xff) as usize]).collect()
}

/// Where the moving piece lands (for castling, the king's square).
pub(super) fn destination(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                File::G
            } else {
                File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

/// A move that lands on an occupied square (en passant and castling land on
/// empty ones).
pub(super) fn lands_on_piece(pos: &Chess, m: &Move) -> bool {
    !matches!(m, Move::Castle { .. }) && pos.board().occupied().contains(m.to())
}

/// Positions where White cannot mate on material alone, whatever Black has
/// (lone king; a lone knight against nothing that could block; bishops all on
/// one colour with no knights or pawns on the board).
pub(super) fn white_lacks_material(pos: &Chess) -> bool {
    let board = pos.board();
    let white = board.white();
    if white.count() == 1 {
        return true;
    }
    let black = board.black();
    if white.count() == 2
        && (white & board.knights()).any()
        && (black & (board.knights() | board.bishops() | board.rooks() | board.pawns())).is_empty()
    {
        return true;
    }
    let white_bishops = white & board.bishops();
    if white_bishops.any() {
        let colour = if white_bishops.intersects(Bitboard::DARK_SQUARES) {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        if white.count() == white_bishops.count() + 1
            && (board.bishops() & !colour).is_empty()
            && (board.knights() | board.pawns()).is_empty()
        {
            return true;
        }
    }
    false
}

pub(super) fn only_pawns_and_bishops(pos: &Chess) -> bool {
    let board = pos.board();
    (board.knights() | board.rooks() | board.queens()).is_empty()
}

/// White pawns with a black pawn or the black king right in front.
pub(super) fn blocked_pawns(pos: &Chess) -> usize {
    let board = pos.board();
    let white_pawns = board.white() & board.pawns();
    let stoppers = board.black() & (board.pawns() | board.kings());
    (white_pawns.shift(8) & stoppers).count()
}

/// Whether the files of the pawns differ between the colours (a pawn with no
/// enemy pawn on its file may run), not counting pawns about to promote.
pub(super) fn has_lonely_pawns(pos: &Chess) -> bool {
    let board = pos.board();
    let files = |pawns: Bitboard| {
        pawns
            .into_iter()
            .fold(0u8, |acc, s| acc | (1 << s.file() as u8))
    };
    let white = board.white() & board.pawns() & !Bitboard::from(shakmaty::Rank::Seventh);
    let black = board.black() & board.pawns() & !Bitboard::from(shakmaty::Rank::Second);
    files(white) != files(black)
}

/// Whether White's bishops (or else Black's) point the mating net at the
/// dark corner h8 rather than the light corner a8.
pub(super) fn dark_corner(pos: &Chess) -> bool {
    let board = pos.board();
    let white_bishops = board.white() & board.bishops();
    let black_bishops = board.black() & board.bishops();
    white_bishops.intersects(Bitboard::DARK_SQUARES)
        || (white_bishops.is_empty() && black_bishops.intersects(Bitboard::LIGHT_SQUARES))
}

/// Knight moves between two squares on an empty board.
pub(super) fn knight_distance(a: Square, b: Square) -> u32 {
    let (df, dr) = (a.file().distance(b.file()), a.rank().distance(b.rank()));
    let (short, long) = if df < dr { (df, dr) } else { (dr, df) };
    let corner = |s: Square| matches!(s, Square::A1 | Square::H1 | Square::A8 | Square::H8);
    if (short, long) == (1, 1) && (corner(a) || corner(b)) {
        return 4;
    }
    if short % 2 == long % 2 {
        match (short, long) {
            (0, 0) => 0,
            (0, 2) | (0, 4) | (2, 4) | (1, 1) | (1, 3) | (3, 3) => 2,
            (7, 7) => 6,
            _ => 4,
        }
    } else {
        match (short, long) {
            (_, 7) | (5, 6) => 5,
            (1, 2) => 1,
            _ => 3,
        }
    }
}

/// The colour-mirror of a position (board flipped, colours swapped): Black's
/// chances in `pos` are White's in the mirror.
pub(super) fn mirror(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.mirror();
    // The mirror is exactly as legal as the original, which may have been
    // admitted despite too much material or an impossible check.
    setup
        .position(shakmaty::CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .ok()
}

/// A move of the mirrored position, back in the original.
pub(super) fn unmirror(m: &Move) -> Move {
    match *m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Move::Normal {
            role,
            from: from.flip_vertical(),
            capture,
            to: to.flip_vertical(),
            promotion,
        },
        Move::EnPassant { from, to } => Move::EnPassant {
            from: from.flip_vertical(),
            to: to.flip_vertical(),
        },
        Move::Castle { king, rook } => Move::Castle {
            king: king.flip_vertical(),
            rook: rook.flip_vertical(),
        },
        Move::Put { role, to } => Move::Put {
            role,
            to: to.flip_vertical(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_distances() {
        assert_eq!(knight_distance(Square::A1, Square::A1), 0);
        assert_eq!(knight_distance(Square::G1, Square::F3), 1);
        assert_eq!(knight_distance(Square::A1, Square::B2), 4);
        assert_eq!(knight_distance(Square::A1, Square::H8), 6);
        assert_eq!(knight_distance(Square::C3, Square::D4), 2);
        assert_eq!(knight_distance(Square::A1, Square::A8), 5);
    }
}
