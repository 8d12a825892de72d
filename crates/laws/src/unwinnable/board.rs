//! Small facts about a position, seen from White as the intended winner.

use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, File, Move, MoveList, Position, Role, Square,
    attacks, zobrist::Zobrist128,
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
/// budget and heuristics are tuned with this order.
pub(super) fn ordered_moves(pos: &Chess) -> MoveList {
    let mut moves = pos.legal_moves();
    put_in_order(&mut moves);
    moves
}

/// Sorts `moves` into the order of [`ordered_moves`], in place. Called at
/// every node searched. shakmaty generates the moves of a position out of
/// check pawns first, then piece by piece in this order, each by origin and
/// destination: only the pawns' moves need sorting. In check (king moves
/// come first) or with castling (after the king's other moves), the whole
/// list is sorted.
pub(super) fn put_in_order(moves: &mut MoveList) {
    let pawns = moves.iter().take_while(|m| m.role() == Role::Pawn).count();
    let pieces_in_order = moves[pawns..]
        .windows(2)
        .all(|pair| pair[0].role() <= pair[1].role() && !pair[1].is_castle());
    if pieces_in_order {
        moves[..pawns].sort_unstable_by_key(order_key);
    } else {
        sort_by_order_key(moves);
    }
}

/// A move's place in [`ordered_moves`]: piece, origin, destination, then
/// promotion. No two legal moves share one.
fn order_key(m: &Move) -> u32 {
    let role = m.role() as u32;
    let from = m.from().map_or(0, |s| s as u32);
    let promotion = match m.promotion() {
        None | Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        _ => 3,
    };
    (role << 16) | (from << 10) | ((destination(m) as u32) << 4) | promotion
}

/// Sorts a whole list by [`order_key`]: each move's key worked out once,
/// with the move's index in its low byte, the numbers sorted, then the
/// moves swapped into place.
fn sort_by_order_key(moves: &mut MoveList) {
    let mut order = [0u32; 256];
    for (i, m) in moves.iter().enumerate() {
        // At most 218 legal moves: the index fits in the low byte.
        order[i] = (order_key(m) << 8) | i as u32;
    }
    let order = &mut order[..moves.len()];
    order.sort_unstable();
    // Move `order[i]`'s move to place `i`, by swaps: a move sent further
    // along by an earlier swap is found by following the order.
    for i in 0..order.len() {
        let mut from = (order[i] & 0xff) as usize;
        while from < i {
            from = (order[from] & 0xff) as usize;
        }
        moves.swap(i, from);
    }
}

/// Whether the side to move has a legal move, as `!legal_moves().is_empty()`
/// tells, but without generating them all where one shows at once: a piece
/// not pinned with somewhere to go (out of check), a king with a safe
/// square. Most nodes of a search are leaves, where this is all there is to
/// know.
pub(super) fn has_legal_move(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return !pos.legal_moves().is_empty();
    };
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let checkers = board.attacks_to(king, !us, occupied);
    if checkers.is_empty() {
        fn reaches(pieces: Bitboard, ours: Bitboard, moves: impl Fn(Square) -> Bitboard) -> bool {
            pieces.into_iter().any(|from| (moves(from) & !ours).any())
        }
        let free = ours & !board.kings() & !pinned(board, us, king);
        let pawns = free & board.pawns();
        let step = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        if (pawns.shift(step) & !occupied).any()
            || reaches(free & board.knights(), ours, attacks::knight_attacks)
            || reaches(free & board.bishops_and_queens(), ours, |from| {
                attacks::bishop_attacks(from, occupied)
            })
            || reaches(free & board.rooks_and_queens(), ours, |from| {
                attacks::rook_attacks(from, occupied)
            })
            || pawns
                .into_iter()
                .any(|from| attacks::pawn_attacks(us, from).intersects(board.by_color(!us)))
        {
            return true;
        }
    }
    let without_king = occupied.without(king);
    (attacks::king_attacks(king) & !ours)
        .into_iter()
        .any(|to| board.attacks_to(to, !us, without_king).is_empty())
        || !pos.legal_moves().is_empty()
}

/// Pieces standing alone between `king` and a slider of the other side.
fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & board.by_color(!us);
    snipers.into_iter().fold(Bitboard::EMPTY, |pinned, sniper| {
        let between = attacks::between(king, sniper) & board.occupied();
        if between.more_than_one() {
            pinned
        } else {
            pinned | between
        }
    }) & board.by_color(us)
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

    /// The shortcuts answer as the full work does, in every position of the
    /// analyser's test set and every position one or two plies on (checks,
    /// mates, stalemates, pins, castling and en passant among them): whether
    /// a legal move exists, and the moves in order as a full sort puts them.
    #[test]
    fn shortcuts_agree_with_the_full_work() {
        let cases = include_str!("../../tests/cases/unwinnable/positions.txt");
        let mut compared = 0;
        for fen in cases
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split_once(' ').map(|(_, fen)| fen))
        {
            let position: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .or_else(shakmaty::PositionError::ignore_too_much_material)
                .unwrap();
            let mut positions = vec![position];
            for _ in 0..2 {
                let mut next = Vec::new();
                for pos in &positions {
                    for m in pos.legal_moves() {
                        let mut child = pos.clone();
                        child.play_unchecked(m);
                        next.push(child);
                    }
                }
                positions.extend(next);
            }
            for pos in &positions {
                let fen = || shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal);
                let mut moves = pos.legal_moves();
                assert_eq!(has_legal_move(pos), !moves.is_empty(), "{}", fen());
                let mut sorted = moves.clone();
                sorted.sort_by_key(order_key);
                put_in_order(&mut moves);
                assert_eq!(moves, sorted, "{}", fen());
                compared += 1;
            }
        }
        assert!(compared > 500_000, "{compared}");
    }

    /// The moves are put in the order of their places, whatever order they
    /// came in.
    #[test]
    fn moves_are_put_in_order() {
        let promotions = [
            Some(Role::Queen),
            Some(Role::Knight),
            Some(Role::Rook),
            Some(Role::Bishop),
        ];
        let place = |m: &Move| {
            let promotion = promotions.iter().position(|&p| p == m.promotion());
            (m.role(), m.from(), destination(m), promotion)
        };
        // Castling both ways; promotions, with and without a capture; en
        // passant; in check (king moves generated first).
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/3P1N2/r3K3 w - - 0 1",
        ] {
            let pos: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            let mut expected: Vec<Move> = pos.legal_moves().to_vec();
            expected.sort_by_key(place);
            // As shakmaty generates them, then shuffled.
            let mut moves = pos.legal_moves();
            put_in_order(&mut moves);
            assert_eq!(moves.to_vec(), expected, "{fen}");
            for shift in [0, 1, 7, 20] {
                let mut moves = pos.legal_moves();
                let shift = shift % moves.len();
                moves.rotate_left(shift);
                moves.reverse();
                put_in_order(&mut moves);
                assert_eq!(moves.to_vec(), expected);
            }
        }
    }

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
