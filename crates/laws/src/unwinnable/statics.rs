//! The static ("semi-static") proof that White can never mate: a fixpoint
//! over where each piece may ever go.
//!
//! Every field is an approximation that is only trustworthy once
//! [`Fixpoint::saturate`] has finished: `reach`, `capturable`, `movable`,
//! `sacrificable` over-approximate (absence proves impossibility); `steady`,
//! `clear` and `attacked` under-approximate (presence proves certainty). The
//! analysis is sound but incomplete: `true` from [`white_cannot_mate`] is a
//! proof, `false` only means "not proven here".
//!
//! Written for White as the intended winner; callers mirror the position to
//! ask about Black.

use shakmaty::{
    Bitboard, Board, Color, EnPassantMode, Position, Role, Square,
    attacks::{
        bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, ray,
        rook_attacks,
    },
};

/// Can static analysis prove that White can never checkmate from `pos`?
pub(super) fn white_cannot_mate<P: Position>(pos: &P) -> bool {
    // En passant rights are a one-move exception the fixpoint does not model.
    if pos.ep_square(EnPassantMode::PseudoLegal).is_some() {
        return false;
    }
    let board = pos.board();
    let base = |assume: Assumption| {
        let mut fixpoint = Fixpoint::new(board.clone(), assume);
        fixpoint.saturate();
        fixpoint
    };

    // With a single white piece left, losing it while it has not moved ends
    // any hope; assume it survives while it stays put.
    let lone_piece = board.white() & !board.kings();
    let first = base(if board.white().count() == 2 {
        Assumption {
            uncapturable_while_steady: lone_piece,
            ..Assumption::default()
        }
    } else {
        Assumption::default()
    });
    if !first.black_could_be_mated() {
        return true;
    }
    let Some(split) = first.first_steady_capturable else {
        return false;
    };

    // Case split on the fate of a piece that cannot move but might be
    // captured: either it is never captured while unmoved, or it is captured
    // before it ever moves. Both cases ruling out mate proves the position.
    for sq in split {
        let never = base(Assumption {
            uncapturable_while_steady: sq.into(),
            ..Assumption::default()
        });
        if never.black_could_be_mated() {
            continue;
        }
        let only_unmoved = base(Assumption {
            capturable_only_while_steady: sq.into(),
            ..Assumption::default()
        });
        if !only_unmoved.black_could_be_mated() {
            return true;
        }
    }

    // Two such pieces: the four combinations of their fates.
    if split.count() == 2 {
        let (Some(a), Some(b)) = (split.first(), split.last()) else {
            return false;
        };
        let combinations = [
            (split, Bitboard::EMPTY),
            (Bitboard::from(a), Bitboard::from(b)),
            (Bitboard::from(b), Bitboard::from(a)),
            (Bitboard::EMPTY, split),
        ];
        return combinations.into_iter().all(|(never, only_unmoved)| {
            !base(Assumption {
                uncapturable_while_steady: never,
                capturable_only_while_steady: only_unmoved,
            })
            .black_could_be_mated()
        });
    }
    false
}

/// A caller's hypothesis used to split cases, not something the fixpoint
/// derives.
#[derive(Debug, Clone, Copy, Default)]
struct Assumption {
    /// Pieces on these squares are never captured while they have not moved.
    uncapturable_while_steady: Bitboard,
    /// Pieces on these squares never move: they can only be captured where
    /// they stand.
    capturable_only_while_steady: Bitboard,
}

/// The state of the fixpoint (see the module documentation for which way
/// each field errs).
pub(super) struct Fixpoint {
    board: Board,
    /// For the piece standing on each square: the squares it may reach.
    reach: [Bitboard; 64],
    /// Pieces that will never move nor be captured.
    pub(super) steady: Bitboard,
    /// Squares no piece will ever stand on.
    clear: Bitboard,
    /// Squares always attacked by White, by Black.
    attacked: [Bitboard; 2],
    /// Pieces that may be captured some day.
    capturable: Bitboard,
    /// Pieces that may leave their square.
    movable: Bitboard,
    /// Squares reachable by non-bishops, per colour.
    reach_non_bishop: [Bitboard; 2],
    /// Squares where a non-king piece of each colour may be offered.
    sacrificable: [Bitboard; 2],
    assume: Assumption,
    /// The first group of pieces found steady and capturable at once: the
    /// candidates for a case split.
    first_steady_capturable: Option<Bitboard>,
    /// Whether some pawn may promote.
    promotable: bool,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Where a pawn may step (not capture), given the squares that block it.
fn pawn_pushes(color: Color, sq: Square, blockers: Bitboard) -> Bitboard {
    let (rank, start, step) = match color {
        Color::White => (sq.rank() as i32, 1, 8),
        Color::Black => (7 - sq.rank() as i32, 1, -8),
    };
    if rank == 7 {
        return Bitboard::EMPTY;
    }
    let one = Square::new((sq as i32 + step) as u32);
    if blockers.contains(one) {
        return Bitboard::EMPTY;
    }
    let mut pushes = Bitboard::from(one);
    if rank == start {
        pushes.add(Square::new((sq as i32 + 2 * step) as u32));
    }
    pushes & !blockers
}

/// Where `role` standing on `sq` may move (pawns: pushes only).
fn moves(role: Role, color: Color, sq: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::King => king_attacks(sq),
        Role::Queen => queen_attacks(sq, blockers),
        Role::Rook => rook_attacks(sq, blockers),
        Role::Bishop => bishop_attacks(sq, blockers),
        Role::Knight => knight_attacks(sq),
        Role::Pawn => pawn_pushes(color, sq, blockers),
    }
}

/// What `role` standing on `sq` attacks (a king also "covers" its square).
pub(super) fn covers(role: Role, color: Color, sq: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::King => king_attacks(sq).with(sq),
        Role::Pawn => pawn_attacks(color, sq),
        _ => moves(role, color, sq, blockers),
    }
}

impl Fixpoint {
    fn new(board: Board, assume: Assumption) -> Fixpoint {
        let occupied = board.occupied();
        let mut reach = [Bitboard::EMPTY; 64];
        for sq in occupied {
            reach[sq as usize] = sq.into();
        }
        let mut fixpoint = Fixpoint {
            board,
            reach,
            steady: occupied,
            clear: !occupied,
            attacked: [Bitboard::EMPTY; 2],
            capturable: Bitboard::EMPTY,
            movable: Bitboard::EMPTY,
            reach_non_bishop: [Bitboard::EMPTY; 2],
            sacrificable: [Bitboard::EMPTY; 2],
            assume,
            first_steady_capturable: None,
            promotable: false,
        };
        fixpoint.update_attacked();
        fixpoint
    }

    /// The plain fixpoint of `board`, with no case assumption.
    pub(super) fn saturated(board: &Board) -> Fixpoint {
        let mut fixpoint = Fixpoint::new(board.clone(), Assumption::default());
        fixpoint.saturate();
        fixpoint
    }

    fn piece(&self, sq: Square) -> (Role, Color) {
        let piece = self
            .board
            .piece_at(sq)
            .expect("only occupied squares are analysed");
        (piece.role, piece.color)
    }

    fn white_count(&self) -> usize {
        self.board.white().count()
    }

    /// Squares attacked by a piece from every square it may ever stand on,
    /// counting only pieces that can never be captured.
    fn update_attacked(&mut self) {
        self.attacked = [Bitboard::EMPTY; 2];
        for sq in self.board.occupied() & !self.capturable {
            let (role, color) = self.piece(sq);
            let mut obstacles = !self.clear;
            if role == Role::Bishop {
                // Friendly bishops that only bishops can ever visit never
                // block each other for good: treat them as transparent.
                obstacles &= !(self.board.by_color(color)
                    & self.board.bishops()
                    & !self.reach_non_bishop[index(color)]
                    & !self.capturable);
            }
            let always = self.reach[sq as usize]
                .into_iter()
                .fold(Bitboard::FULL, |acc, from| {
                    acc & covers(role, color, from, obstacles)
                });
            self.attacked[index(color)] |= always;
        }
    }

    /// Grows every approximation until nothing changes.
    fn saturate(&mut self) {
        loop {
            let mut progress = false;
            for sq in self.board.occupied() {
                self.step(sq, &mut progress);
            }
            self.update_attacked();
            if !progress {
                break;
            }
        }
    }

    fn step(&mut self, sq: Square, progress: &mut bool) {
        let (role, color) = self.piece(sq);
        let pawn_captures_count = color == Color::White || self.white_count() > 2;
        for from in self.reach[sq as usize] {
            let mut targets = moves(role, color, from, self.steady);
            if role == Role::Pawn && pawn_captures_count {
                targets |= pawn_attacks(color, from) & self.sacrificable[index(!color)];
            }
            let targets = self.filter(sq, role, color, from, targets);
            self.grow_reach(sq, role, color, targets, progress);
            if (targets & !Bitboard::from(sq)).any() {
                update(&mut self.movable, |v| v.with(sq), progress);
            }
        }

        let reach = self.reach[sq as usize];
        if (reach & !Bitboard::from(sq)).any() {
            update(&mut self.steady, |v| v.without(sq), progress);
        }

        let mut captures = Bitboard::EMPTY;
        if pawn_captures_count {
            let mut victims = self.board.by_color(!color) & !self.board.kings();
            if role == Role::Pawn {
                // A pawn never meets an enemy pawn ahead on its own file.
                victims &= !Bitboard::from(sq.file());
            }
            for victim in victims {
                if reach.intersects(self.reach[victim as usize]) {
                    captures.add(victim);
                }
            }
        }
        self.grow_capturable(captures, progress);

        let visited = reach & !Bitboard::from(sq) & !self.board.kings();
        update(&mut self.steady, |v| v & !visited, progress);
        update(&mut self.clear, |v| v & !reach, progress);
        if role != Role::King {
            let c = index(color);
            update(&mut self.sacrificable[c], |v| v | reach, progress);
        }
        if role == Role::Pawn && reach.intersects(Bitboard::BACKRANKS) {
            // A new piece may go anywhere but onto its own steady pieces or
            // a steady king.
            self.promotable = true;
            let barred = self.steady & (self.board.by_color(color) | self.board.kings());
            self.grow_reach(sq, role, color, !barred, progress);
        }
    }

    fn grow_reach(
        &mut self,
        sq: Square,
        role: Role,
        color: Color,
        targets: Bitboard,
        progress: &mut bool,
    ) {
        let reach = &mut self.reach[sq as usize];
        update(reach, |v| v | targets, progress);
        if role != Role::Bishop {
            let c = index(color);
            update(&mut self.reach_non_bishop[c], |v| v | targets, progress);
        }
    }

    fn grow_capturable(&mut self, captures: Bitboard, progress: &mut bool) {
        let steady_ones = captures & self.steady;
        if steady_ones.any() {
            self.first_steady_capturable = match self.first_steady_capturable {
                None => Some(steady_ones),
                Some(group) if !self.promotable => Some(group | steady_ones),
                kept => kept,
            };
        }
        update(&mut self.capturable, |v| v | captures, progress);
    }

    /// Drops from `targets` the squares the piece from `origin`, now on
    /// `from`, cannot usefully go to.
    fn filter(
        &self,
        origin: Square,
        role: Role,
        color: Color,
        from: Square,
        mut targets: Bitboard,
    ) -> Bitboard {
        targets &= !self.reach[origin as usize];
        targets &= !(self.board.by_color(color) & self.steady);
        if role == Role::King {
            targets &= !self.attacked[index(!color)];
        }
        let white_king = self
            .board
            .king_of(Color::White)
            .map(Bitboard::from)
            .unwrap_or_default();
        let black_king = self
            .board
            .king_of(Color::Black)
            .map(Bitboard::from)
            .unwrap_or_default();
        let unclear = !self.clear;

        if color == Color::Black && white_king.is_subset(self.steady) {
            targets = self.without_checks_on_steady_king(role, from, targets, white_king);
        }

        if color == Color::White && self.white_count() == 2 {
            // Checking the black king from next to it with White's last
            // piece only loses that piece, unless our king can defend it.
            let king_reach = self
                .board
                .king_of(Color::White)
                .map_or(Bitboard::EMPTY, |k| self.reach[k as usize]);
            for t in targets {
                if king_reach.intersects(king_attacks(t)) {
                    let guarded = (self.steady & self.board.black() & !black_king)
                        .into_iter()
                        .any(|attacker| {
                            let (r, c) = self.piece(attacker);
                            covers(r, c, attacker, unclear).contains(t)
                        });
                    if !guarded {
                        continue;
                    }
                }
                if black_king.is_subset(self.steady)
                    && (covers(role, color, t, unclear) & black_king & king_attacks(t)).any()
                {
                    targets.discard(t);
                }
            }
        }

        if role == Role::King {
            targets = self.without_stalemates(color, from, targets);
        }

        for t in targets {
            let way = shakmaty::attacks::between(from, t).with(from).with(t);
            for obstacle in self.board.occupied() & way & !Bitboard::from(origin) & !self.capturable
            {
                let mut real_way = way;
                let (obstacle_role, obstacle_color) = self.piece(obstacle);
                if obstacle_color != color
                    && (obstacle_role != Role::Pawn
                        || role != Role::Pawn
                        || from.file() != t.file())
                {
                    real_way.discard(obstacle);
                }
                if role == Role::Pawn
                    && obstacle_role == Role::Pawn
                    && (self.reach[origin as usize] & !Bitboard::from(t.file())).is_empty()
                {
                    real_way |= ray(origin, obstacle);
                }
                if (self.reach[obstacle as usize] & !real_way).is_empty() {
                    // The obstacle can neither leave the way nor be taken.
                    targets.discard(t);
                }
            }
        }
        if targets.any() {
            targets &= !(self.assume.uncapturable_while_steady & self.steady);
        }
        if self.assume.capturable_only_while_steady.contains(origin) {
            targets = Bitboard::EMPTY;
        }
        targets
    }

    /// Black must not give check to a White king that can never move: the
    /// checker could never be dealt with. Direct and discovered checks.
    fn without_checks_on_steady_king(
        &self,
        role: Role,
        from: Square,
        mut targets: Bitboard,
        white_king: Bitboard,
    ) -> Bitboard {
        let unclear = !self.clear;
        for t in targets {
            if covers(role, Color::Black, t, unclear).intersects(white_king)
                && !self.sacrificable[0].contains(t)
            {
                targets.discard(t);
            }
        }
        let Some(king_sq) = white_king.first() else {
            return targets;
        };
        let blockers = unclear.without(from);
        let checkers =
            self.board.black() & self.steady & !Bitboard::from(from) & ray(king_sq, from);
        for t in targets {
            let discovers = checkers.into_iter().any(|checker| {
                let (r, _) = self.piece(checker);
                covers(r, Color::Black, checker, blockers.with(t)).intersects(white_king)
            });
            if discovers {
                targets.discard(t);
            }
        }
        targets
    }

    /// A king move that would leave an opponent with only king moves at
    /// most one free square is a stalemate, unless it uncovers a check.
    fn without_stalemates(&self, color: Color, from: Square, mut targets: Bitboard) -> Bitboard {
        let theirs = self.board.by_color(!color);
        let Some(their_king) = self.board.king_of(!color) else {
            return targets;
        };
        if (theirs & self.movable).without(their_king).any() {
            return targets;
        }
        let region = self.reach[their_king as usize]
            | (king_attacks(their_king) & !self.attacked[index(color)] & !self.steady);
        let ours = self.board.by_color(color);
        let diagonal = ours & self.board.bishops_and_queens();
        let straight = ours & self.board.rooks_and_queens();
        for t in targets {
            let covered = king_attacks(t).with(t);
            if !king_attacks(their_king).intersects(covered) {
                continue;
            }
            let blockers = !self.clear | Bitboard::from(t);
            let diagonals = bishop_attacks(from, blockers) & !blockers;
            if diagonal
                .into_iter()
                .any(|s| self.reach[s as usize].intersects(diagonals))
            {
                continue;
            }
            let lines = rook_attacks(from, blockers) & !blockers;
            if straight
                .into_iter()
                .any(|s| self.reach[s as usize].intersects(lines))
            {
                continue;
            }
            if (region & !covered).count() <= 1 {
                targets.discard(t);
            }
        }
        targets
    }

    /// After saturation: is there a square where the black king could stand
    /// mated, with a White piece able to give the check and every flight
    /// square taken by black pieces or covered by the white king?
    fn black_could_be_mated(&self) -> bool {
        let (Some(white_king), Some(black_king)) = (
            self.board.king_of(Color::White),
            self.board.king_of(Color::Black),
        ) else {
            return false;
        };
        let white_king_reach = self.reach[white_king as usize];
        let region = self.reach[black_king as usize];
        let (checkers, checked) = self.checkers_of(region);
        if checkers.is_empty() {
            return false;
        }
        for mate_sq in checked {
            let flights = king_attacks(mate_sq) & region & !checked;
            let (blockers, blockable) = self.blockers_of(flights);
            let n = blockers.count().min(blockable.count());
            let mated = subsets(blockable, n).any(|filled| {
                let open = flights & !filled;
                if open.is_empty() {
                    return true;
                }
                let near = open
                    .into_iter()
                    .fold(Bitboard::EMPTY, |acc, s| acc | king_attacks(s))
                    & !(king_attacks(mate_sq).with(mate_sq));
                (near & white_king_reach)
                    .into_iter()
                    .any(|k| king_attacks(k).is_superset(open))
            });
            if mated {
                return true;
            }
        }
        false
    }

    /// White non-king pieces that may ever attack `region`, and the part of
    /// `region` they may attack.
    fn checkers_of(&self, region: Bitboard) -> (Bitboard, Bitboard) {
        let mut checkers = Bitboard::EMPTY;
        let mut checked = Bitboard::EMPTY;
        for sq in self.board.white() & !self.board.kings() {
            let reach = self.reach[sq as usize];
            if reach == Bitboard::from(sq) {
                continue;
            }
            let (role, _) = self.piece(sq);
            for t in reach {
                let hit = region & covers(role, Color::White, t, !self.clear);
                if hit.any() {
                    checkers.add(sq);
                    checked |= hit;
                }
            }
        }
        (checkers, checked)
    }

    /// Black non-king pieces that may ever stand in `region`, and where.
    fn blockers_of(&self, region: Bitboard) -> (Bitboard, Bitboard) {
        let mut blockers = Bitboard::EMPTY;
        let mut blockable = Bitboard::EMPTY;
        for sq in self.board.black() & !self.board.kings() {
            let hit = region & self.reach[sq as usize];
            if hit.any() {
                blockers.add(sq);
                blockable |= hit;
            }
        }
        (blockers, blockable)
    }
}

fn update(field: &mut Bitboard, change: impl FnOnce(Bitboard) -> Bitboard, progress: &mut bool) {
    let value = change(*field);
    if *field != value {
        *field = value;
        *progress = true;
    }
}

/// Every subset of `squares` with exactly `n` elements.
fn subsets(squares: Bitboard, n: usize) -> impl Iterator<Item = Bitboard> {
    let all: Vec<Square> = squares.into_iter().collect();
    let k = all.len();
    // Masks over the indices of `all`, in increasing order (Gosper's hack).
    let first = (n <= k).then(|| if n == 0 { 0u64 } else { (1u64 << n) - 1 });
    std::iter::successors(first, move |&mask| {
        if n == 0 {
            return None;
        }
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        let next = (((ripple ^ mask) >> 2) / low) | ripple;
        (next < (1u64 << k)).then_some(next)
    })
    .map(move |mask| {
        all.iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .fold(Bitboard::EMPTY, |acc, (_, &sq)| acc.with(sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn locked_pawns_and_a_shut_out_bishop_cannot_mate() {
        assert!(white_cannot_mate(&pos(
            "8/1p6/kPp3p1/2P3p1/1pP3Pb/1P4p1/6P1/7K w - - 0 1"
        )));
        assert!(white_cannot_mate(&pos(
            "4K3/8/8/8/8/p1p2p1p/P1pppp1P/bnrqkrnb w - - 0 1"
        )));
    }

    #[test]
    fn open_positions_are_not_claimed() {
        assert!(!white_cannot_mate(&pos(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        )));
        assert!(!white_cannot_mate(&pos(
            "4K3/8/8/8/8/p1p2p2/P1pppp2/bnrqkrnb w - - 0 1"
        )));
    }

    #[test]
    fn subsets_have_the_asked_size() {
        let squares =
            Bitboard::from(Square::A1) | Bitboard::from(Square::C3) | Bitboard::from(Square::H8);
        assert_eq!(subsets(squares, 2).count(), 3);
        assert_eq!(subsets(squares, 0).count(), 1);
        assert!(subsets(squares, 2).all(|s| s.count() == 2 && s.is_subset(squares)));
    }
}
