//! Whether a check can have been given: the position editor's test of a
//! position set up by hand (7.4).
//!
//! The side in check is the side to move. Before the last move it was the
//! other side's turn, and a position whose side not to move stands in check
//! cannot arise: so the last move, by the other side, gave the check. A
//! check can have arisen exactly when some move of that side can be taken
//! back to a position where the checked king is not attacked. Taking a move
//! back (a retraction) puts the moved piece back on a square it can have
//! come from, empty now, and perhaps a captured piece back where it was
//! taken:
//!
//! - a piece moved or captured: a king or knight from a square one step or
//!   one jump away, a bishop, rook or queen from along its lines, through
//!   empty squares (the squares between did not change);
//! - a pawn pushed one square, or two from its first move, or captured
//!   diagonally; a pawn captured en passant (the captured pawn back beside
//!   its square, the square it came from empty, as after its two-square
//!   move);
//! - a pawn promoted, by a push or a capture, to the piece now on the last
//!   rank;
//! - castling: the king back on e1/e8 and the rook in its corner, the king
//!   not in check before it nor crossing an attacked square.
//!
//! Every way a check arises is one of these: the moved piece gives it, or
//! it uncovers a line through a square the move emptied (where the piece
//! stood, where a pawn was taken en passant, where the king or rook stood
//! before castling), or both. So a double check needs one piece moving off
//! the other's line as it gives check; two knights, a knight and a pawn, two
//! pawns never can, and two rooks, or a rook and a bishop, only when one of
//! them can have come from a square between the other and the king.
//! Castling gives one check at most (the rook's): the squares it empties are
//! on the edge of the board, where no line passes through them to the other
//! side. A capture puts a piece back on the board only when its side has
//! fewer than 16, and a promotion or en passant a pawn only when that side
//! has fewer than 8.
//!
//! Only one move is taken back: the position before it is not itself
//! tested (that would be a full retrograde analysis).

use shakmaty::{
    Bitboard, Board, Color, File, Rank, Role, Square,
    attacks::{attacks, between},
};

/// Whether a move of the side not to move can have given the check to the
/// king of `turn` on `board`. `en_passant`: the en passant square, when the
/// position has a valid one: the last move was then the two-square move of
/// the pawn that passed over it, and nothing else.
pub(crate) fn check_can_arise(board: &Board, turn: Color, en_passant: Option<Square>) -> bool {
    let Some(king) = board.king_of(turn) else {
        return true;
    };
    let them = !turn;
    if board.attacks_to(king, them, board.occupied()).is_empty() {
        return true;
    }
    let back = Retraction { board, king, them };
    if let Some(ep) = en_passant {
        let to = Square::from_coords(ep.file(), them.relative_rank(Rank::Fourth));
        let from = Square::from_coords(ep.file(), them.relative_rank(Rank::Second));
        return back.quiet(Role::Pawn, from, to, Role::Pawn);
    }
    board.by_color(them).into_iter().any(|to| back.to(to))
}

/// Takes back a move of `them` arriving on a square, to see whether the
/// king of the other side was out of check before it.
struct Retraction<'a> {
    board: &'a Board,
    king: Square,
    them: Color,
}

impl Retraction<'_> {
    fn us(&self) -> Color {
        !self.them
    }

    /// Some move of `them` that ended on `to` can be taken back.
    fn to(&self, to: Square) -> bool {
        let Some(piece) = self.board.piece_at(to) else {
            return false;
        };
        let empty = !self.board.occupied();
        match piece.role {
            Role::Pawn => self.pawn_to(to),
            role => {
                // Every piece but the pawn moves back the way it moved.
                let moved = (attacks(to, piece, self.board.occupied()) & empty)
                    .into_iter()
                    .any(|from| self.moved(role, from, to, role));
                moved
                    || (role != Role::King && self.promoted_on(to, role))
                    || (role == Role::King && self.castled_to(to))
            }
        }
    }

    /// `to`'s rank, counted from `them`'s side.
    fn rank(&self, sq: Square) -> Rank {
        match self.them {
            Color::White => sq.rank(),
            Color::Black => sq.rank().flip_vertical(),
        }
    }

    /// The square `ranks` forward (for `them`) and `files` aside of `sq`.
    fn step(&self, sq: Square, files: i32, ranks: i32) -> Option<Square> {
        let forward = match self.them {
            Color::White => ranks,
            Color::Black => -ranks,
        };
        Some(Square::from_coords(
            sq.file().offset(files)?,
            sq.rank().offset(forward)?,
        ))
    }

    fn empty(&self, sq: Square) -> bool {
        !self.board.occupied().contains(sq)
    }

    /// Whether a captured piece can be put back: its side has fewer than 16.
    fn can_uncapture(&self) -> bool {
        self.board.by_color(self.us()).count() < 16
    }

    /// A pawn of `them` on `to`: pushed, pushed two squares, or capturing,
    /// en passant too.
    fn pawn_to(&self, to: Square) -> bool {
        let rank = self.rank(to);
        if rank < Rank::Third || rank == Rank::Eighth {
            return false;
        }
        let behind = self.step(to, 0, -1).expect("a pawn beyond its second rank");
        if self.empty(behind) && self.quiet(Role::Pawn, behind, to, Role::Pawn) {
            return true;
        }
        if rank == Rank::Fourth {
            let start = self.step(to, 0, -2).expect("a pawn on its fourth rank");
            if self.empty(behind)
                && self.empty(start)
                && self.quiet(Role::Pawn, start, to, Role::Pawn)
            {
                return true;
            }
        }
        [-1, 1].into_iter().any(|files| {
            let Some(from) = self.step(to, files, -1) else {
                return false;
            };
            self.empty(from)
                && (self.capture(Role::Pawn, from, to, Role::Pawn)
                    || (rank == Rank::Sixth && self.en_passant(from, to)))
        })
    }

    /// A piece of `role` on the last rank: a pawn promoted to it, pushing
    /// or capturing.
    fn promoted_on(&self, to: Square, role: Role) -> bool {
        let pawns = self.board.by_piece(Role::Pawn.of(self.them)).count();
        if self.rank(to) != Rank::Eighth || role == Role::King || pawns >= 8 {
            return false;
        }
        [0, -1, 1].into_iter().any(|files| {
            let Some(from) = self.step(to, files, -1) else {
                return false;
            };
            self.empty(from)
                && if files == 0 {
                    self.quiet(Role::Pawn, from, to, role)
                } else {
                    self.capture(Role::Pawn, from, to, role)
                }
        })
    }

    /// The king on g1/c1 (g8/c8) with the rook beside it: castled, the
    /// king not in check before it nor crossing an attacked square.
    fn castled_to(&self, to: Square) -> bool {
        let back = self.them.backrank();
        let king_from = Square::from_coords(File::E, back);
        let (rook_from, rook_to, crossed) = match to {
            sq if sq == Square::from_coords(File::G, back) => (File::H, File::F, File::F),
            sq if sq == Square::from_coords(File::C, back) => (File::A, File::D, File::D),
            _ => return false,
        };
        let [rook_from, rook_to, crossed] =
            [rook_from, rook_to, crossed].map(|file| Square::from_coords(file, back));
        let path = between(king_from, rook_from)
            .with(king_from)
            .with(rook_from);
        if self.board.piece_at(rook_to) != Some(Role::Rook.of(self.them))
            || (path & self.board.occupied()) != Bitboard::from(to).with(rook_to)
        {
            return false;
        }
        let mut before = self.board.clone();
        before.discard_piece_at(to);
        before.discard_piece_at(rook_to);
        before.set_piece_at(king_from, Role::King.of(self.them));
        before.set_piece_at(rook_from, Role::Rook.of(self.them));
        let attacked = |sq| before.attacks_to(sq, self.us(), before.occupied()).any();
        !attacked(king_from) && !attacked(crossed) && self.unchecked(&before)
    }

    /// A pawn on `from` took en passant, arriving on `to`: the captured
    /// pawn stood beside `from`, and the square it came from is empty.
    fn en_passant(&self, from: Square, to: Square) -> bool {
        let taken = Square::from_coords(to.file(), from.rank());
        let came_from = self.step(to, 0, 1).expect("a pawn on its sixth rank");
        let their_pawns = self.board.by_piece(Role::Pawn.of(self.us())).count();
        if !self.empty(taken) || !self.empty(came_from) || their_pawns >= 8 || !self.can_uncapture()
        {
            return false;
        }
        let mut before = self.board.clone();
        before.discard_piece_at(to);
        before.set_piece_at(from, Role::Pawn.of(self.them));
        before.set_piece_at(taken, Role::Pawn.of(self.us()));
        self.unchecked(&before)
    }

    /// A move from `from` to `to`, capturing or not: the capture, which
    /// puts a piece back in the way, whenever one can be put back.
    fn moved(&self, role: Role, from: Square, to: Square, now: Role) -> bool {
        if self.can_uncapture() {
            self.capture(role, from, to, now)
        } else {
            self.quiet(role, from, to, now)
        }
    }

    /// `role` moved from `from` to the empty `to`, where `now` stands.
    fn quiet(&self, role: Role, from: Square, to: Square, now: Role) -> bool {
        self.board.piece_at(to) == Some(now.of(self.them))
            && self.unchecked(&self.before(role, from, to, false))
    }

    /// `role` captured on `to` from `from`, where `now` stands.
    fn capture(&self, role: Role, from: Square, to: Square, now: Role) -> bool {
        self.board.piece_at(to) == Some(now.of(self.them))
            && self.can_uncapture()
            && self.unchecked(&self.before(role, from, to, true))
    }

    /// The board before `role` went from `from` to `to`, with a piece of
    /// the other side put back on `to` when it was a capture (which piece
    /// does not matter here: it only stands in the way).
    fn before(&self, role: Role, from: Square, to: Square, captured: bool) -> Board {
        let mut before = self.board.clone();
        before.discard_piece_at(to);
        before.set_piece_at(from, role.of(self.them));
        if captured {
            before.set_piece_at(to, Role::Knight.of(self.us()));
        }
        before
    }

    /// Whether the king was out of check on `before`.
    fn unchecked(&self, before: &Board) -> bool {
        before
            .attacks_to(self.king, self.them, before.occupied())
            .is_empty()
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, fen::Fen};

    use crate::irregularity::editor::PositionEditor;

    fn arises(fen: &str) -> bool {
        let setup = fen.parse::<Fen>().unwrap().into_setup();
        super::check_can_arise(&setup.board, setup.turn, setup.ep_square)
    }

    #[test]
    fn each_way_of_giving_check_is_found() {
        // Rook e1 uncovered by Bxc6 (only a capture blocks the queen's line).
        assert!(arises("4k3/8/2B5/8/Q7/8/8/4R1K1 b - - 0 1"));
        // g7-g8=N, uncovering the bishop on f8.
        assert!(arises("5BN1/8/7k/8/8/8/8/6K1 b - - 0 1"));
        // exd6 e.p.: the pawn from e5 uncovers the rook, the pawn taken on
        // d5 the bishop; with d7 taken, it cannot have come from there.
        assert!(arises("8/8/3Pk3/8/2B5/3P4/8/4R1K1 b - - 0 1"));
        assert!(!arises("8/3p4/3Pk3/8/2B5/3P4/8/4R1K1 b - - 0 1"));
        // O-O-O, the rook's check along the rank; not with b1 taken.
        assert!(arises("8/8/8/8/8/8/3P4/2KR3k b - - 0 1"));
        assert!(!arises("8/8/8/8/8/8/3P4/1NKR3k b - - 0 1"));
        // The same with the king on e1 attacked before castling: no.
        assert!(!arises("8/8/8/8/8/4r3/3P4/2KR3k b - - 0 1"));
        // A pawn's check with every square it can have come from taken.
        assert!(!arises("k7/1P6/PPP5/8/8/8/8/4K3 b - - 0 1"));
        // The position in the issue: no move gives both checks.
        assert!(!arises("4r3/8/8/8/8/8/8/r3K2k w - - 0 1"));
        // With an en passant square, only the two-square move, and d2-d4
        // cannot have uncovered the bishop: the pawn on d2 gave check.
        // Without it, Bb2-c1 can have.
        assert!(!arises("8/8/8/8/3Pp3/4k3/8/2B1K3 b - d3 0 1"));
        assert!(arises("8/8/8/8/3Pp3/4k3/8/2B1K3 b - - 0 1"));
    }

    /// Every position of a game played by legal moves is accepted: the
    /// retractions never miss a way of giving check. Random games from the
    /// start and from positions rich in promotions and en passant.
    #[test]
    fn no_position_of_a_game_is_refused() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pPp2ppp/8/3pP3/3Pp3/8/PpP2PPP/R3K2R w KQkq d6 0 20",
            "4k3/PPP5/8/8/8/8/5ppp/3K4 w - - 0 40",
            "r3k2r/8/8/1pPpPpP1/1PpPpPp1/8/8/R3K2R w KQkq - 0 30",
            "q3k2r/1b3n2/8/3N4/8/8/1B3Q2/R3K2R w KQk - 0 20",
            "3rk3/2p5/2n1b3/3P4/3p4/2N1B3/2P5/3RK3 w - - 0 25",
            "r6k/1P3P2/8/2Pp2P1/8/8/1p3p2/R2K4 w - d6 0 30",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut positions, mut checks, mut doubles) = (0, 0, 0);
        for start in starts {
            let start: Chess = start
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            for _ in 0..1200 {
                let mut position = start.clone();
                for _ in 0..200 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Prefer double checks, then checks: the positions tested.
                    let checkers = |m: &shakmaty::Move| {
                        let mut after = position.clone();
                        after.play_unchecked(*m);
                        after.checkers().count()
                    };
                    let doubling: Vec<_> = moves.iter().filter(|m| checkers(m) > 1).collect();
                    let checking: Vec<_> = moves.iter().filter(|m| checkers(m) > 0).collect();
                    let mv = if !doubling.is_empty() && next() % 4 != 0 {
                        *doubling[next() as usize % doubling.len()]
                    } else if !checking.is_empty() && next() % 2 == 0 {
                        *checking[next() as usize % checking.len()]
                    } else {
                        moves[next() as usize % moves.len()]
                    };
                    position.play_unchecked(mv);
                    positions += 1;
                    checks += usize::from(position.is_check());
                    doubles += usize::from(position.checkers().count() > 1);
                    let fen = Fen::from_position(&position, EnPassantMode::Legal);
                    let checked = PositionEditor::from_position(&position).validate();
                    assert!(checked.is_ok(), "{fen} after {mv} refused: {checked:?}");
                }
            }
        }
        assert!(
            positions > 1_000_000 && checks > 200_000 && doubles > 1_000,
            "{positions} positions, {checks} checks, {doubles} double checks"
        );
    }
}
