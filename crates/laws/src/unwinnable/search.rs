//! The helpmate search: both sides cooperate so that White mates. Depth is
//! spent unevenly: moves that look like progress cost nothing, moves that
//! look hopeless cost four plies.

use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square, attacks::bishop_attacks,
    zobrist::Zobrist128,
};

use super::board::{
    KeySet, KeyTable, black_is_mated, dark_corner, destination, has_legal_move, key,
    knight_distance, lands_on_piece, ordered_moves, put_in_order, white_lacks_material,
};
use super::statics::white_cannot_mate;

/// The answer of one stage for White as the intended winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Found {
    /// A helpmate, from the analysed position.
    Mate(Vec<Move>),
    /// Proven impossible.
    Impossible,
}

/// How much a move costs in depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cost {
    Normal,
    /// Free: likely progress towards a mate.
    Reward,
    /// Four plies: likely a dead end.
    Punish,
}

/// Search state: budgets, the line being tried, optional guidance tables.
pub(super) struct Search {
    max_depth: u8,
    /// Per-depth node budget, multiplied by the depth (`u64::MAX`: none).
    pub(super) depth_node_limit: u64,
    /// Node budget across an iterative deepening.
    pub(super) global_node_limit: u64,
    iteration_nodes: u64,
    global_nodes: u64,
    /// Every node counted, over all stages: the work done.
    pub(super) total_nodes: u64,
    /// A branch was cut by a limit, not proven empty.
    pub(super) interrupted: bool,
    pub(super) line: Vec<Move>,
    past_progress: bool,
    /// Position key to the remaining depth it was searched with.
    pub(super) table: Option<KeyTable>,
    /// Moves (as [`move_id`]s, sorted) that lead straight into a statically
    /// dead position from the root.
    pub(super) punishable: Option<Vec<u32>>,
    /// Bishop moves to the mating corner through squares not blocked for good.
    pub(super) bishop_distances: Option<[u8; 64]>,
}

impl Search {
    pub(super) fn new() -> Search {
        Search {
            max_depth: 0,
            depth_node_limit: u64::MAX,
            global_node_limit: 1_000_000,
            iteration_nodes: 0,
            global_nodes: 0,
            total_nodes: 0,
            interrupted: false,
            line: Vec::with_capacity(128),
            past_progress: false,
            table: None,
            punishable: None,
            bishop_distances: None,
        }
    }

    fn reset_iteration(&mut self) {
        self.global_nodes += self.iteration_nodes;
        self.iteration_nodes = 0;
        self.interrupted = false;
    }

    pub(super) fn reset_global_nodes(&mut self) {
        self.global_nodes = 0;
    }

    fn count_node(&mut self) {
        self.iteration_nodes += 1;
        self.total_nodes += 1;
    }

    fn limit_reached(&self) -> bool {
        let depth_limit = self.depth_node_limit != u64::MAX
            && self.iteration_nodes
                > u64::from(self.max_depth).saturating_mul(self.depth_node_limit);
        depth_limit || self.global_nodes + self.iteration_nodes > self.global_node_limit
    }

    /// Plays the moves of a forced stretch (one legal move each), at most 16.
    /// A repetition inside it means the game can only cycle: `interrupted`
    /// is set and the caller must treat the position as unwinnable.
    pub(super) fn play_forced_moves(&mut self, pos: &Chess) -> Chess {
        let mut pos = pos.clone();
        let mut seen: Option<KeySet> = None;
        for _ in 0..16 {
            let moves = pos.legal_moves();
            let [only] = moves.as_slice() else { break };
            let only = *only;
            let seen = seen.get_or_insert_with(|| KeySet::from_iter([key(&pos)]));
            pos.play_unchecked(only);
            self.line.push(only);
            self.count_node();
            if !seen.insert(key(&pos)) {
                self.reset_iteration();
                self.interrupted = true;
                return pos;
            }
        }
        if seen.is_some() {
            self.reset_iteration();
        }
        pos
    }

    /// Searches depth by depth: a mate ends it, a depth finished without
    /// interruption proves there is none, running out of nodes gives `None`.
    pub(super) fn iterative_deepening(
        &mut self,
        pos: &Chess,
        depths: std::ops::RangeInclusive<u8>,
    ) -> Option<Found> {
        for depth in depths {
            self.max_depth = depth;
            self.reset_iteration();
            if let Some(line) = self.helpmate(pos, None, 0) {
                return Some(Found::Mate(line));
            }
            if !self.interrupted {
                return Some(Found::Impossible);
            }
            if self.global_nodes + self.iteration_nodes > self.global_node_limit {
                return None;
            }
        }
        None
    }

    /// `known`: the key of `pos` when worked out from its parent's.
    fn helpmate(&mut self, pos: &Chess, known: Option<u128>, depth: u8) -> Option<Vec<Move>> {
        let left = self.max_depth.saturating_sub(depth);
        let here = self
            .table
            .as_ref()
            .map(|_| known.unwrap_or_else(|| key(pos)));
        if let (Some(table), Some(here)) = (&self.table, here)
            && table.get(&here).is_some_and(|&searched| searched >= left)
        {
            return None;
        }
        // A leaf needs to know only whether there is a move: most nodes are
        // leaves. The checks are the same as below, in the same order.
        if depth >= self.max_depth || self.line.len() >= 128 {
            if !has_legal_move(pos) {
                return black_is_mated(pos, false).then(|| self.line.clone());
            }
            if !white_lacks_material(pos) {
                self.interrupted = true;
            }
            return None;
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return black_is_mated(pos, false).then(|| self.line.clone());
        }
        if white_lacks_material(pos) {
            return None;
        }
        if let (Some(table), Some(here)) = (&mut self.table, here) {
            table.insert(here, left);
        }
        put_in_order(&mut moves);
        let corner = dark_corner(pos);
        for &m in &moves {
            self.count_node();
            if self.limit_reached() {
                self.interrupted = true;
                return None;
            }
            let cost = self.cost(pos, &m, corner);
            let next_depth = match cost {
                Cost::Reward => depth,
                Cost::Punish => depth + 4,
                Cost::Normal => depth + u8::from(!self.past_progress),
            };
            // The child's key from this one's where shakmaty can update it
            // (most moves), instead of hashing the whole board again.
            let next_key = here.and_then(|here| {
                pos.update_zobrist_hash(Zobrist128(here), m, EnPassantMode::Legal)
                    .map(|key| key.0)
            });
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.line.push(m);
            let saved = self.past_progress;
            self.past_progress = cost == Cost::Reward;
            if let Some(line) = self.helpmate(&next, next_key, next_depth) {
                return Some(line);
            }
            self.past_progress = saved;
            self.line.pop();
        }
        None
    }

    fn cost(&self, pos: &Chess, m: &Move, dark_corner: bool) -> Cost {
        let (from, to) = (m.from().unwrap_or(m.to()), destination(m));
        if let Some(punishable) = &self.punishable
            && punishable.binary_search(&move_id(m)).is_ok()
        {
            return Cost::Punish;
        }
        let role = m.role();
        let capture = lands_on_piece(pos, m);
        let closer =
            target(pos.turn(), role, dark_corner).is_some_and(|t| approaches(role, from, to, t));
        match pos.turn() {
            Color::White => {
                if role == Role::Pawn || capture || closer {
                    return Cost::Reward;
                }
                if let Some(distances) = &self.bishop_distances
                    && role == Role::Bishop
                {
                    let (before, after) = (distances[from as usize], distances[to as usize]);
                    if before > 200 {
                        return Cost::Normal;
                    }
                    if (before <= 1 && before < after) || (before > 2 && before > after) {
                        return Cost::Reward;
                    }
                }
                Cost::Normal
            }
            Color::Black => {
                if let Some(distances) = &self.bishop_distances {
                    let board = pos.board();
                    if board.occupied().count() > 5
                        && capture
                        && (role == Role::Pawn || board.role_at(to) == Some(Role::Pawn))
                    {
                        return Cost::Reward;
                    }
                    if role == Role::Bishop && distances[from as usize] > distances[to as usize] {
                        return Cost::Reward;
                    }
                }
                if closer {
                    Cost::Reward
                } else if capture {
                    Cost::Punish
                } else {
                    Cost::Normal
                }
            }
        }
    }
}

/// Where a king or knight of the side to move should head for the mating net
/// (kings: near the corner; knights: squares covering it).
fn target(turn: Color, role: Role, dark_corner: bool) -> Option<Square> {
    let square = match (turn, role) {
        (Color::White, Role::King) => Square::G7,
        (Color::White, Role::Knight) => Square::E5,
        (Color::Black, Role::King) => Square::H8,
        (Color::Black, Role::Knight) => Square::G8,
        _ => return None,
    };
    Some(if dark_corner {
        square
    } else {
        square.flip_horizontal()
    })
}

fn approaches(role: Role, from: Square, to: Square, target: Square) -> bool {
    match role {
        Role::King => to.distance(target) < from.distance(target),
        Role::Knight => knight_distance(to, target) < knight_distance(from, target),
        _ => false,
    }
}

/// Bishop moves from each square to the mating corner, moving only through
/// squares that are not `steady` (255: unreachable).
pub(super) fn bishop_distances(pos: &Chess, steady: Bitboard) -> [u8; 64] {
    let corner = if dark_corner(pos) {
        Bitboard::from(Square::H8) | Bitboard::from(Square::G8) | Bitboard::from(Square::H7)
    } else {
        Bitboard::from(Square::A8) | Bitboard::from(Square::B8) | Bitboard::from(Square::A7)
    };
    let mut distances = [u8::MAX; 64];
    let mut visited = Bitboard::EMPTY;
    let mut frontier = corner;
    let mut d = 0u8;
    while frontier.any() {
        for s in frontier {
            distances[s as usize] = d;
        }
        visited |= frontier;
        d += 1;
        let next = frontier.into_iter().fold(Bitboard::EMPTY, |acc, s| {
            acc | (bishop_attacks(s, steady) & !steady)
        });
        frontier = next & !visited;
    }
    distances
}

/// A move by origin, destination and promotion only: the same move
/// anywhere in the tree.
fn move_id(m: &Move) -> u32 {
    let from = m.from().unwrap_or(m.to()) as u32;
    let promotion = m.promotion().map_or(0, |r| r as u32);
    (from << 9) | ((destination(m) as u32) << 3) | promotion
}

/// Root moves that land in a statically dead position, sorted.
pub(super) fn punishable_moves(pos: &Chess) -> Vec<u32> {
    let mut moves: Vec<u32> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            white_cannot_mate(&next)
        })
        .map(|m| move_id(&m))
        .collect();
    moves.sort_unstable();
    moves
}

/// Whether each side showed a non-pawn move within `max_nodes` of a blind
/// depth-first walk.
pub(super) fn non_pawn_moves_seen(pos: &Chess, max_nodes: u64) -> [bool; 2] {
    fn walk(pos: &Chess, seen: &mut [bool; 2], nodes: &mut u64, max_nodes: u64) -> bool {
        for m in ordered_moves(pos) {
            if m.role() != Role::Pawn {
                seen[usize::from(pos.turn() == Color::Black)] = true;
            }
            *nodes += 1;
            if *nodes >= max_nodes || seen.iter().all(|&s| s) {
                return true;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            if walk(&next, seen, nodes, max_nodes) {
                return true;
            }
        }
        false
    }
    let mut seen = [false; 2];
    walk(pos, &mut seen, &mut 0, max_nodes);
    seen
}

/// Follows every chain of checks (and every first move); any quiet position
/// met on the way must be statically dead. `None`: inconclusive.
pub(super) fn check_chains(pos: &Chess) -> Option<Found> {
    fn walk(pos: &Chess, visited: &mut KeySet, line: &mut Vec<Move>, depth: u32) -> Option<Found> {
        if depth > 16 {
            return None;
        }
        visited.insert(key(pos));
        let moves = ordered_moves(pos);
        if moves.is_empty() {
            return Some(if black_is_mated(pos, false) {
                Found::Mate(line.clone())
            } else {
                Found::Impossible
            });
        }
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if visited.contains(&key(&next)) {
                continue;
            }
            if next.checkers().any() || depth == 0 {
                line.push(m);
                match walk(&next, visited, line, depth + 1)? {
                    Found::Mate(mate) => return Some(Found::Mate(mate)),
                    Found::Impossible => {
                        line.pop();
                        continue;
                    }
                }
            }
            if !white_cannot_mate(&next) {
                return None;
            }
        }
        Some(Found::Impossible)
    }
    walk(pos, &mut KeySet::default(), &mut Vec::new(), 0)
}

/// Whether no position reachable from `pos` is Black checkmated, by listing
/// them all; gives up (false) beyond 3000 positions.
pub(super) fn closure_has_no_mate(pos: &Chess) -> bool {
    let mut seen = KeySet::from_iter([key(pos)]);
    let mut layer = vec![pos.clone()];
    while !layer.is_empty() {
        let mut next_layer = Vec::new();
        for pos in &layer {
            if white_lacks_material(pos) {
                continue;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                if black_is_mated(pos, false) {
                    return false;
                }
                continue;
            }
            for m in moves {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if seen.insert(key(&next)) {
                    if seen.len() > 3000 {
                        return false;
                    }
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    true
}

/// Which kinds of piece moved somewhere in a [`all_lines_dead`] tree.
#[derive(Debug, Default)]
pub(super) struct Moved {
    pub(super) king: [bool; 2],
    pub(super) queen_rook_knight: bool,
    /// Some line played two pawn moves.
    pub(super) two_pawn_moves_in_a_line: bool,
}

/// Whether every line of `depth` plies ends where White cannot mate
/// (material, stalemate, White mated); a line still open counts as alive.
pub(super) fn all_lines_dead(pos: &Chess, depth: u8, pawn_moved: bool, moved: &mut Moved) -> bool {
    if white_lacks_material(pos) {
        return true;
    }
    let moves = ordered_moves(pos);
    if moves.is_empty() {
        return !black_is_mated(pos, false);
    }
    if depth == 0 {
        return false;
    }
    for m in moves {
        match m.role() {
            Role::King => moved.king[usize::from(pos.turn() == Color::Black)] = true,
            Role::Pawn => moved.two_pawn_moves_in_a_line |= pawn_moved,
            Role::Bishop => {}
            _ => moved.queen_rook_knight = true,
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        if !all_lines_dead(
            &next,
            depth - 1,
            pawn_moved || m.role() == Role::Pawn,
            moved,
        ) {
            return false;
        }
    }
    true
}
