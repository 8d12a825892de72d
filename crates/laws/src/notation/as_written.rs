//! A written move played as written, whatever the rules say: what a
//! recording board shows, since an electronic scoresheet must give no sign
//! of whether a move is legal (FIDE's rules for electronic scoresheets).

use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, FromSetup,
    Move, Piece, Position, PositionError, Rank, Role, Setup, Square, attacks,
};

use super::fit::fits;
use super::parse::{self, MovePattern, Pattern};
use super::{MoveReading, NotationLang, read};

/// The position `setup` holds, when its pieces make one, however it was
/// reached: castling rights and an e.p. square that no longer fit are
/// dropped, a side left in check by an illegal move is kept.
#[must_use]
pub fn position_of(setup: &Setup) -> Option<Chess> {
    Chess::from_setup(setup.clone(), CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

/// `setup` after `text`, written by the side to move in `lang`, is played
/// as written: a legal move as the rules play it; any other move that names
/// a piece moves that piece as written (a pinned piece moves, the capture
/// is made, the king castles into check, a piece goes where it cannot).
/// `None` when the text names no piece at all (unreadable, a pass), or the
/// piece it names is not on the board: the board stays as it is.
///
/// Of several pieces the writing fits, the one that could make the move
/// on this board goes first, then one that could on an empty board, then
/// the lowest square (a8 last).
///
/// ```
/// use laws::notation::{NotationLang, play_as_written};
/// use shakmaty::fen::Fen;
/// use shakmaty::{Color, Role, Setup, Square};
///
/// // Black's knight on e7 is pinned by the rook on e1: written, it moves all the same.
/// let setup: Setup = "4k3/4n3/8/8/8/8/8/4RK2 b - - 0 1".parse::<Fen>().unwrap().into_setup();
/// let after = play_as_written(&setup, "Sd5", NotationLang::De).unwrap();
/// assert_eq!(after.board.piece_at(Square::D5).map(|p| p.role), Some(Role::Knight));
/// assert_eq!(after.turn, Color::White);
/// assert!(play_as_written(&setup, "xyz", NotationLang::De).is_none());
/// ```
#[must_use]
pub fn play_as_written(setup: &Setup, text: &str, lang: NotationLang) -> Option<Setup> {
    if let Some(position) = position_of(setup)
        && let MoveReading::Legal { mv, .. } = read(&position, text, lang)
    {
        return Some(position.play(mv).ok()?.to_setup(EnPassantMode::Legal));
    }
    let written = parse::parse(text, lang).ok()?;
    let turn = setup.turn;
    let (from, to, promotion) = written
        .readings
        .iter()
        .find_map(|(_, pattern)| displacement(&setup.board, turn, pattern))?;
    let mut after = setup.clone();
    let board = &mut after.board;
    let piece = board.remove_piece_at(from)?;
    let mut ep_square = None;
    if piece.role == Role::Pawn {
        if from.file() != to.file() && !board.occupied().contains(to) {
            // Diagonally onto an empty square: the capture en passant.
            let passed = Square::from_coords(to.file(), from.rank());
            if board.piece_at(passed) == Some(Role::Pawn.of(!turn)) {
                board.discard_piece_at(passed);
            }
        }
        if u32::from(from.rank()).abs_diff(u32::from(to.rank())) == 2 {
            ep_square = Some(Square::from_coords(
                from.file(),
                Rank::new((u32::from(from.rank()) + u32::from(to.rank())) / 2),
            ));
        }
    }
    board.set_piece_at(
        to,
        Piece {
            color: piece.color,
            role: promotion.unwrap_or(piece.role),
        },
    );
    if piece.role == Role::King {
        if let Some(side) = castled(from, to, turn) {
            move_rook(board, turn, side);
        }
        after.castling_rights &= !Bitboard::from_rank(turn.relative_rank(Rank::First));
    }
    after.castling_rights &= !(Bitboard::from(from) | Bitboard::from(to));
    after.ep_square = ep_square;
    after.turn = !turn;
    if turn == Color::Black {
        after.fullmoves = after.fullmoves.saturating_add(1);
    }
    Some(after)
}

/// The squares of a written move that is not legal, when the writing
/// names one piece's move on this board: what the board saw, for finding
/// the illegal move afterwards (7.4). Of the pieces the writing fits, the
/// one that could make the move on this board counts first, then one that
/// could on an empty board; `None` when two fit alike or none does.
///
/// ```
/// use laws::notation::{NotationLang, identify};
/// use shakmaty::{Board, Color, Square};
///
/// let board = Board::default();
/// // "Ke3" names White's only king.
/// assert_eq!(identify(&board, Color::White, "Ke3", NotationLang::En), Some((Square::E1, Square::E3, None)));
/// // "Nd4" fits both knights, and neither could go there: nobody can say which moved.
/// assert_eq!(identify(&board, Color::White, "Nd4", NotationLang::En), None);
/// // "Nd2" fits both, but only the one on b1 could go there.
/// assert_eq!(identify(&board, Color::White, "Nd2", NotationLang::En), Some((Square::B1, Square::D2, None)));
/// ```
#[must_use]
pub fn identify(
    board: &Board,
    turn: Color,
    text: &str,
    lang: NotationLang,
) -> Option<(Square, Square, Option<Role>)> {
    let written = parse::parse(text, lang).ok()?;
    let mut fitting: Vec<_> = written
        .readings
        .iter()
        .flat_map(|(_, pattern)| displacements(board, turn, pattern))
        .collect();
    fitting.sort_unstable();
    fitting.dedup();
    match fitting.as_slice() {
        [(_, squares)] => Some(*squares),
        [(best, squares), (next, _), ..] if best < next => Some(*squares),
        _ => None,
    }
}

/// The squares a reading moves a piece between, with the piece it becomes:
/// the piece that could make the move first (see [`reach`]), then the
/// lowest square.
fn displacement(
    board: &Board,
    turn: Color,
    pattern: &Pattern,
) -> Option<(Square, Square, Option<Role>)> {
    displacements(board, turn, pattern)
        .min()
        .map(|(_, squares)| squares)
}

/// Every way a reading moves a piece, each with its [`reach`].
fn displacements(
    board: &Board,
    turn: Color,
    pattern: &Pattern,
) -> impl Iterator<Item = (u8, (Square, Square, Option<Role>))> {
    let moves: Vec<_> = match pattern {
        Pattern::Null => Vec::new(),
        Pattern::Castle(side) => board
            .king_of(turn)
            .map(|from| (0, (from, side.king_to(turn), None)))
            .into_iter()
            .collect(),
        Pattern::Move(p) => {
            let movers = if p.coordinate {
                board.occupied()
            } else {
                board.by_piece(p.role.of(turn))
            };
            movers
                .into_iter()
                .flat_map(|from| Bitboard::FULL.into_iter().map(move |to| (from, to)))
                .filter(|&(from, to)| from != to && fits(pattern, shape(board, p, from, to), turn))
                .map(|(from, to)| (reach(board, from, to), (from, to, p.promotion)))
                .collect()
        }
    };
    moves.into_iter()
}

/// The move of the piece on `from` to `to` as `p` names it.
fn shape(board: &Board, p: &MovePattern, from: Square, to: Square) -> Move {
    Move::Normal {
        role: board.role_at(from).unwrap_or(p.role),
        from,
        capture: board.role_at(to),
        to,
        promotion: p.promotion,
    }
}

/// 0 when the piece on `from` could go to `to` on this board, 1 when it
/// could on an empty one, 2 otherwise.
fn reach(board: &Board, from: Square, to: Square) -> u8 {
    let Some(piece) = board.piece_at(from) else {
        return 2;
    };
    let on = |occupied: Bitboard| {
        if piece.role != Role::Pawn {
            return attacks::attacks(from, piece, occupied).contains(to);
        }
        if from.file() != to.file() {
            return attacks::pawn_attacks(piece.color, from).contains(to)
                && (occupied.is_empty() || occupied.contains(to));
        }
        let step = |sq: Square| sq.offset(if piece.color == Color::White { 8 } else { -8 });
        let one = step(from);
        let free = |sq: Option<Square>| sq.is_some_and(|sq| !occupied.contains(sq));
        one == Some(to) && free(one)
            || from.rank() == piece.color.relative_rank(Rank::Second)
                && free(one)
                && one.and_then(step) == Some(to)
                && free(Some(to))
    };
    if on(board.occupied()) {
        0
    } else if on(Bitboard::EMPTY) {
        1
    } else {
        2
    }
}

/// The side castled on when the king goes from its home square to where
/// castling puts it.
fn castled(from: Square, to: Square, turn: Color) -> Option<CastlingSide> {
    let home = Square::from_coords(File::E, turn.relative_rank(Rank::First));
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|side| from == home && to == side.king_to(turn))
}

/// The rook of `side` from its corner to where castling puts it, when it
/// stands there.
fn move_rook(board: &mut Board, turn: Color, side: CastlingSide) {
    let file = match side {
        CastlingSide::KingSide => File::H,
        CastlingSide::QueenSide => File::A,
    };
    let corner = Square::from_coords(file, turn.relative_rank(Rank::First));
    if board.piece_at(corner) == Some(Role::Rook.of(turn)) {
        board.discard_piece_at(corner);
        board.set_piece_at(side.rook_to(turn), Role::Rook.of(turn));
    }
}
