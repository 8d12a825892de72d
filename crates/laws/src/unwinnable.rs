//! Dead positions and "cannot checkmate by any series of legal moves" (9.6,
//! 6.9/6.10, A8, A10).
//!
//! Article 9.6 ends the game drawn when no series of legal moves can lead to
//! checkmate; 6.9/6.10 turn a loss on time into a draw when the opponent
//! cannot checkmate by any series of legal moves. Material alone misses most
//! such positions (locked pawn chains, bishops shut out by their own pawns),
//! so the question is decided exactly, after Miguel Ambrona's Chess
//! Unwinnability Analyzer (CHA, "Chess Unwinnability Analyzer", FUN 2022):
//!
//! 1. forced moves are played out (a forced cycle can never mate);
//! 2. a short helpmate search (the loser cooperates) finds most mates;
//! 3. a static fixpoint over where every piece may ever go proves most
//!    blocked positions dead;
//! 4. iterative deepening with a transposition table, where moves that look
//!    like progress cost no depth and hopeless ones cost four plies;
//! 5. for positions where one side only has pawn moves, the full closure of
//!    reachable positions; then chains of checks ending in dead positions;
//! 6. finally a deep search guided by the static analysis.
//!
//! Every stage is sound: a mate is a real line of legal moves, "no" is a
//! proof. The work is bounded by a [`Budget`] of search nodes, never by a
//! clock, and running out of it gives [`CanMate::Undetermined`], which is
//! never a verdict. The app runs this off the UI thread (a worker) and may
//! show [`quick_check`] first.
//!
//! ```
//! use laws::unwinnable::{CanMate, Dead, can_checkmate, is_dead};
//! use shakmaty::{CastlingMode, Chess, Color, fen::Fen};
//!
//! // A locked pawn chain: neither king can ever get through.
//! let fen: Fen = "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1".parse()?;
//! let locked: Chess = fen.into_position(CastlingMode::Standard)?;
//! assert_eq!(can_checkmate(&locked, Color::White), CanMate::No);
//! assert_eq!(is_dead(&locked), Dead::Yes);
//!
//! // Material is enough to mate here only because Black helps.
//! let fen: Fen = "8/8/8/8/8/5k2/q7/7K b - - 0 1".parse()?;
//! let queen: Chess = fen.into_position(CastlingMode::Standard)?;
//! assert_eq!(can_checkmate(&queen, Color::Black), CanMate::Yes);
//! assert_eq!(can_checkmate(&queen, Color::White), CanMate::No);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod board;
mod search;
mod statics;

use shakmaty::{Bitboard, Chess, Color, Move, Position};

use search::{Found, Moved, Search};

/// Whether a side can still checkmate by some series of legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CanMate {
    Yes,
    No,
    /// Not decided within the budget: never shown as a verdict.
    Undetermined,
}

impl CanMate {
    /// `Some(true)` for yes, `Some(false)` for no, `None` when undetermined.
    #[must_use]
    pub fn decided(self) -> Option<bool> {
        match self {
            CanMate::Yes => Some(true),
            CanMate::No => Some(false),
            CanMate::Undetermined => None,
        }
    }
}

/// Whether a position is dead (9.6): neither side can ever checkmate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dead {
    Yes,
    No,
    /// Not decided within the budget: never shown as a verdict.
    Undetermined,
}

impl Dead {
    /// `Some(true)` for dead, `Some(false)` for alive, `None` when undetermined.
    #[must_use]
    pub fn decided(self) -> Option<bool> {
        match self {
            Dead::Yes => Some(true),
            Dead::No => Some(false),
            Dead::Undetermined => None,
        }
    }
}

/// How much search one side's question may use, in nodes (moves tried).
/// The static stages are not counted; they are cheap and bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    pub nodes: u64,
}

impl Budget {
    /// Enough to decide every position of the analyser's public test set
    /// (2^24 nodes; its hardest position takes seconds natively).
    pub const DEFAULT: Budget = Budget { nodes: 1 << 24 };

    /// What a ruling at the board can afford to wait for on a tablet: in
    /// the page's wasm a few milliseconds typically, half a second at worst
    /// (`scripts/bench-unwinnable.mjs --at-the-board`); beyond it the answer
    /// is honestly undetermined.
    pub const AT_THE_BOARD: Budget = Budget { nodes: 1 << 16 };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// The answer for one side, with the evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub struct MateVerdict {
    pub can_mate: CanMate,
    /// When `can_mate` is yes: a series of legal moves from the position
    /// that ends with that side checkmating (the other side cooperating).
    pub helpmate: Vec<Move>,
    /// Search nodes used.
    pub nodes: u64,
}

/// Both sides' answers: what an arbiter needs for 9.6 and 6.9/6.10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[must_use]
pub struct Report {
    pub white_can_mate: CanMate,
    pub black_can_mate: CanMate,
    /// Search nodes used for both questions.
    pub nodes: u64,
}

impl Report {
    /// Dead when neither side can mate; alive as soon as one side can.
    #[must_use]
    pub fn dead(&self) -> Dead {
        match (self.white_can_mate, self.black_can_mate) {
            (CanMate::Yes, _) | (_, CanMate::Yes) => Dead::No,
            (CanMate::No, CanMate::No) => Dead::Yes,
            _ => Dead::Undetermined,
        }
    }

    /// The answer for `side`.
    #[must_use]
    pub fn can_mate(&self, side: Color) -> CanMate {
        match side {
            Color::White => self.white_can_mate,
            Color::Black => self.black_can_mate,
        }
    }
}

/// Can `side` checkmate from `position` by any series of legal moves?
/// Decided with the [default budget](Budget::DEFAULT).
#[must_use]
pub fn can_checkmate(position: &Chess, side: Color) -> CanMate {
    verdict(position, side, Budget::DEFAULT).can_mate
}

/// Is `position` dead (9.6)? Decided with the [default budget](Budget::DEFAULT).
#[must_use]
pub fn is_dead(position: &Chess) -> Dead {
    analyse(position, Budget::DEFAULT).dead()
}

/// Both sides' chances, each within `budget`. White's question is settled
/// first; when White can mate, the position is alive whatever Black can do,
/// but Black's answer is still worked out (6.9/6.10 need it).
pub fn analyse(position: &Chess, budget: Budget) -> Report {
    let white = verdict(position, Color::White, budget);
    let black = verdict(position, Color::Black, budget);
    Report {
        white_can_mate: white.can_mate,
        black_can_mate: black.can_mate,
        nodes: white.nodes + black.nodes,
    }
}

/// The full analysis for `side`, within `budget`.
pub fn verdict(position: &Chess, side: Color, budget: Budget) -> MateVerdict {
    let Some(pos) = as_white(position, side) else {
        return MateVerdict {
            can_mate: CanMate::Undetermined,
            helpmate: Vec::new(),
            nodes: 0,
        };
    };
    let mut search = Search::new();
    let found = full_analysis(&pos, &mut search, budget);
    let (can_mate, helpmate) = match found {
        Some(Found::Mate(line)) => (CanMate::Yes, from_white(&line, side)),
        Some(Found::Impossible) => (CanMate::No, Vec::new()),
        None => (CanMate::Undetermined, Vec::new()),
    };
    MateVerdict {
        can_mate,
        helpmate,
        nodes: search.total_nodes,
    }
}

/// A fast, sound first look for `side` (microseconds on typical positions):
/// `No` only with a proof, `Yes` only with a mate found in a tiny search,
/// otherwise `Undetermined` (run [`verdict`] for the answer).
#[must_use]
pub fn quick_check(position: &Chess, side: Color) -> CanMate {
    let Some(pos) = as_white(position, side) else {
        return CanMate::Undetermined;
    };
    if quickly_unwinnable(&pos) {
        return CanMate::No;
    }
    let mut search = Search::new();
    let pos = search.play_forced_moves(&pos);
    if search.interrupted {
        return CanMate::No;
    }
    search.depth_node_limit = 1000;
    match search.iterative_deepening(&pos, 1..=1) {
        Some(Found::Mate(_)) => CanMate::Yes,
        Some(Found::Impossible) => CanMate::No,
        None => CanMate::Undetermined,
    }
}

/// [`quick_check`] for both sides: dead only with a proof for each, alive as
/// soon as one side's mate is found, otherwise undetermined (run
/// [`analyse`] for the answer).
///
/// ```
/// use laws::unwinnable::{Dead, quick_dead};
/// use shakmaty::Chess;
///
/// assert_eq!(quick_dead(&Chess::default()), Dead::No);
/// ```
#[must_use]
pub fn quick_dead(position: &Chess) -> Dead {
    Report {
        white_can_mate: quick_check(position, Color::White),
        black_can_mate: quick_check(position, Color::Black),
        nodes: 0,
    }
    .dead()
}

/// The position as seen by White as the intended winner.
fn as_white(position: &Chess, side: Color) -> Option<Chess> {
    match side {
        Color::White => Some(position.clone()),
        Color::Black => board::mirror(position),
    }
}

fn from_white(line: &[Move], side: Color) -> Vec<Move> {
    match side {
        Color::White => line.to_vec(),
        Color::Black => line.iter().map(board::unmirror).collect(),
    }
}

/// The stages from cheap to expensive, for White as the intended winner.
fn full_analysis(pos: &Chess, search: &mut Search, budget: Budget) -> Option<Found> {
    let pos = search.play_forced_moves(pos);
    if search.interrupted {
        return Some(Found::Impossible);
    }

    // Depth one, with free "progress" moves: catches the obvious mates.
    search.depth_node_limit = 1000;
    search.global_node_limit = budget.nodes.min(1_000_000);
    search.reset_global_nodes();
    if let Some(found) = search.iterative_deepening(&pos, 1..=1) {
        return Some(found);
    }

    // Static analysis pays off early mostly without queens, rooks, knights.
    let board = pos.board();
    let heavy = (board.queens() | board.rooks() | board.knights()).any();
    if !heavy && statics::white_cannot_mate(&pos) {
        return Some(Found::Impossible);
    }

    search.depth_node_limit = 7000;
    search.table = Some(board::KeyTable::with_capacity_and_hasher(
        1_000,
        Default::default(),
    ));
    search.reset_global_nodes();
    if let Some(found) = search.iterative_deepening(&pos, 2..=128) {
        return Some(found);
    }

    if heavy && statics::white_cannot_mate(&pos) {
        return Some(Found::Impossible);
    }

    // A side that only ever moves pawns: few positions, list them all.
    let seen = search::non_pawn_moves_seen(&pos, 1_000);
    if seen.iter().any(|&s| !s) && search::closure_has_no_mate(&pos) {
        return Some(Found::Impossible);
    }

    if let Some(found) = search::check_chains(&pos) {
        return Some(match found {
            Found::Mate(line) => Found::Mate([search.line.as_slice(), &line].concat()),
            Found::Impossible => Found::Impossible,
        });
    }

    // The deep search, guided by what the fixpoint knows.
    let fixpoint = statics::Fixpoint::saturated(pos.board());
    search.bishop_distances = Some(search::bishop_distances(&pos, fixpoint.steady));
    search.punishable = Some(search::punishable_moves(&pos));
    search.depth_node_limit = u64::MAX;
    search.global_node_limit = budget.nodes;
    search.table = Some(board::KeyTable::with_capacity_and_hasher(
        1 << 16,
        Default::default(),
    ));
    search.reset_global_nodes();
    search.iterative_deepening(&pos, 2..=128)
}

/// The quick, sound but incomplete proof that White cannot mate: short
/// full-width searches, and on blocked pawn structures the static analysis,
/// check chains and the closure of reachable positions.
fn quickly_unwinnable(pos: &Chess) -> bool {
    let mut search = Search::new();
    let pos = search.play_forced_moves(pos);
    if search.interrupted {
        return true;
    }
    let legal = pos.legal_moves().len();
    if legal == 0 {
        return !board::black_is_mated(&pos, false);
    }
    let only_pawns_and_bishops = board::only_pawns_and_bishops(&pos);
    let pawns = pos.board().pawns().count();
    let mut moved = Moved::default();
    if search::all_lines_dead(
        &pos,
        if only_pawns_and_bishops { 7 } else { 4 },
        false,
        &mut moved,
    ) {
        return true;
    }

    // Little can change: no heavy piece moved and enough pawns face each other.
    let low_entropy = !moved.queen_rook_knight
        && board::blocked_pawns(&pos) >= (pawns / 2).saturating_sub(2).max(1);
    if only_pawns_and_bishops
        && low_entropy
        && moved.king != [true, true]
        && legal <= 8
        && search::all_lines_dead(&pos, 15, false, &mut moved)
    {
        return true;
    }

    let blocked = low_entropy && !board::has_lonely_pawns(&pos);
    if blocked && statics::white_cannot_mate(&pos) {
        return true;
    }
    if pos.checkers().any()
        && blocked
        && pawns >= 6
        && only_pawns_and_bishops
        && search::check_chains(&pos) == Some(Found::Impossible)
    {
        return true;
    }
    if blocked
        && only_pawns_and_bishops
        && pawns >= 10
        && pos.board().bishops() == Bitboard::EMPTY
        && !moved.two_pawn_moves_in_a_line
    {
        return search::closure_has_no_mate(&pos);
    }
    false
}
