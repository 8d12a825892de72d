//! The scoresheet as written: recording, checking, comparing, reconstructing (Article 8).
//!
//! A [`Scoresheet`] is the record as the player wrote it, row by row: the
//! move number, White's entry and Black's entry as raw text, each with an
//! optional clock reading, the draw offer mark `(=)` (8.1, E.12), a dash for
//! a move not written in time trouble (8.4), and the texts struck out by
//! corrections. **Recording never says whether a move is legal**: an
//! electronic scoresheet must not tell a player that (FIDE's rule for
//! electronic scoresheets); only the arbiter's tools do:
//!
//! - [`Scoresheet::check`] replays the sheet: every entry's verdict
//!   ([`notation::read`] in the sheet's language), the first irregularity,
//!   the position after each move.
//! - [`compare`] sets White's and Black's sheets side by side, entry by entry.
//! - [`reconstruct`] (8.5c) searches the games consistent with two
//!   incomplete sheets (each dash any legal move): one, several or none,
//!   with the number of moves made so far (8.6), within a search budget
//!   that is reported honestly when it runs out.
//!
//! ```
//! use laws::notation::NotationLang;
//! use laws::scoresheet::{Entry, Scoresheet, EntryVerdict};
//! use shakmaty::Chess;
//!
//! let start = Chess::default();
//! let mut sheet = Scoresheet::new(NotationLang::De, &start);
//! for text in ["e4", "e5", "Sf3", "Sc6", "Lb5", "Sd4"] {
//!     sheet.record(Entry::written(text));
//! }
//! sheet.record(Entry::dash());
//! let check = sheet.check(&start);
//! assert_eq!(check.first_irregularity, None);
//! assert!(matches!(check.entries[2].verdict, EntryVerdict::Legal { ref san, .. } if san == "Nf3"));
//! assert_eq!(check.entries[6].verdict, EntryVerdict::Dash);
//! // The game so far stops at the dash, in SAN whatever the sheet's language.
//! assert_eq!(check.moves_played(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nd4"]);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Setup, fen::Fen, san::San};

use crate::{
    arbiter_note::ArbiterNote,
    claim::RepetitionKey,
    notation::{self, MoveReading, NotationLang, Note},
    side::Side,
};

/// What is written in one box of the scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Written {
    /// The move as the player wrote it, raw.
    Move(String),
    /// A dash: a move made but not written (8.4).
    Dash,
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::Move(text) => f.write_str(text),
            Written::Dash => f.write_str("—"),
        }
    }
}

/// One box of the scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub written: Written,
    /// The clock reading written beside the move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
    /// The draw offer mark `(=)` beside the move (8.1, E.12).
    #[serde(default)]
    pub draw_offer: bool,
    /// Earlier writings struck out, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Written>,
    /// What a PGN record says the arbiter did after this move (an imported
    /// game's illegal move, time added...): kept to be shown and exported.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<ArbiterNote>,
}

impl Entry {
    /// A written move, no clock, no offer.
    pub fn written(text: impl Into<String>) -> Entry {
        Entry {
            written: Written::Move(text.into()),
            clock_ms: None,
            draw_offer: false,
            corrections: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A dash (8.4).
    pub fn dash() -> Entry {
        Entry {
            written: Written::Dash,
            clock_ms: None,
            draw_offer: false,
            corrections: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// One row: the move number, White's box and Black's box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub number: u32,
    /// Empty in the first row of a game starting with Black to move, and
    /// in no other row.
    pub white: Option<Entry>,
    pub black: Option<Entry>,
}

/// Where an entry stands: move number and side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    pub number: u32,
    pub side: Side,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Side::White => write!(f, "{}.", self.number),
            Side::Black => write!(f, "{}...", self.number),
        }
    }
}

/// An edit that points at a box nobody has written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchEntry(pub Slot);

impl fmt::Display for NoSuchEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nothing is written at move {}", self.0)
    }
}

impl std::error::Error for NoSuchEntry {}

/// A player's scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoresheet {
    /// The language the player writes in (Appendix E: his own initials).
    pub lang: NotationLang,
    /// The number of the first row.
    pub first_number: u32,
    /// The game starts with Black to move (a set-up position).
    pub black_starts: bool,
    pub rows: Vec<Row>,
    /// Entries struck out by a ruling that reinstated an earlier position
    /// (7.4), in the order they were written; they stay on the record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub struck_out: Vec<(Slot, Entry)>,
}

impl Scoresheet {
    /// An empty sheet for a game starting at `start`.
    pub fn new(lang: NotationLang, start: &Chess) -> Scoresheet {
        Scoresheet {
            lang,
            first_number: start.fullmoves().get(),
            black_starts: start.turn().is_black(),
            rows: Vec::new(),
            struck_out: Vec::new(),
        }
    }

    /// The entries in the order of play, with their slots.
    pub fn entries(&self) -> impl Iterator<Item = (Slot, &Entry)> {
        self.rows.iter().flat_map(|row| {
            let white = row.white.as_ref().map(|e| {
                (
                    Slot {
                        number: row.number,
                        side: Side::White,
                    },
                    e,
                )
            });
            let black = row.black.as_ref().map(|e| {
                (
                    Slot {
                        number: row.number,
                        side: Side::Black,
                    },
                    e,
                )
            });
            white.into_iter().chain(black)
        })
    }

    /// How many boxes are filled (half-moves recorded, dashes included).
    pub fn len(&self) -> usize {
        self.entries().count()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The box the next entry goes into.
    pub fn next_slot(&self) -> Slot {
        match self.rows.last() {
            None if self.black_starts => Slot {
                number: self.first_number,
                side: Side::Black,
            },
            None => Slot {
                number: self.first_number,
                side: Side::White,
            },
            Some(row) if row.black.is_none() => Slot {
                number: row.number,
                side: Side::Black,
            },
            // Saturating, as the position's own move number does (a FEN
            // may start a game at move 4294967295).
            Some(row) => Slot {
                number: row.number.saturating_add(1),
                side: Side::White,
            },
        }
    }

    /// Writes the next entry, whatever it says: recording never judges.
    pub fn record(&mut self, entry: Entry) -> Slot {
        let slot = self.next_slot();
        match slot.side {
            Side::White => self.rows.push(Row {
                number: slot.number,
                white: Some(entry),
                black: None,
            }),
            Side::Black => match self.rows.last_mut() {
                Some(row) if row.number == slot.number => row.black = Some(entry),
                _ => self.rows.push(Row {
                    number: slot.number,
                    white: None,
                    black: Some(entry),
                }),
            },
        }
        slot
    }

    fn entry_mut(&mut self, slot: Slot) -> Result<&mut Entry, NoSuchEntry> {
        let row = self
            .rows
            .iter_mut()
            .find(|r| r.number == slot.number)
            .ok_or(NoSuchEntry(slot))?;
        match slot.side {
            Side::White => row.white.as_mut(),
            Side::Black => row.black.as_mut(),
        }
        .ok_or(NoSuchEntry(slot))
    }

    /// Strikes out an entry and writes another (also how a dash is filled
    /// in when the sheet is brought up to date, 8.4, 8.5).
    pub fn correct(&mut self, slot: Slot, written: Written) -> Result<(), NoSuchEntry> {
        let entry = self.entry_mut(slot)?;
        let old = std::mem::replace(&mut entry.written, written);
        entry.corrections.push(old);
        Ok(())
    }

    /// Strikes out every entry after the first `ply` (7.4: the moves after
    /// the reinstated position no longer stand); the next entry goes into
    /// the box after them. Returns how many were struck out.
    pub fn strike_out_after(&mut self, ply: usize) -> usize {
        let entries: Vec<(Slot, Entry)> = self.entries().map(|(s, e)| (s, e.clone())).collect();
        let mut kept = Scoresheet {
            lang: self.lang,
            first_number: self.first_number,
            black_starts: self.black_starts,
            rows: Vec::new(),
            struck_out: std::mem::take(&mut self.struck_out),
        };
        let mut struck = 0;
        for (index, (slot, entry)) in entries.into_iter().enumerate() {
            if index < ply {
                kept.record(entry);
            } else {
                kept.struck_out.push((slot, entry));
                struck += 1;
            }
        }
        *self = kept;
        struck
    }

    /// Marks `(=)` beside a move: a draw was offered with it.
    pub fn mark_draw_offer(&mut self, slot: Slot) -> Result<(), NoSuchEntry> {
        self.entry_mut(slot)?.draw_offer = true;
        Ok(())
    }

    /// The pieces as the writer sees them: from `start`, every box played
    /// as written ([`notation::play_as_written`]), legal or not; a dash, or
    /// a box naming no piece, leaves them as they were. It is what a
    /// recording board shows, so the board never tells a legal move from an
    /// illegal one. The side to move is the next box's.
    ///
    /// ```
    /// use laws::notation::NotationLang;
    /// use laws::scoresheet::{Entry, Scoresheet};
    /// use shakmaty::{Chess, Role, Square};
    ///
    /// let start = Chess::default();
    /// let mut sheet = Scoresheet::new(NotationLang::En, &start);
    /// // 2. Ke3 is illegal; the board shows the king there all the same.
    /// for text in ["e4", "e5", "Ke3", "Nc6"] {
    ///     sheet.record(Entry::written(text));
    /// }
    /// let shown = sheet.as_written(&start);
    /// assert_eq!(shown.board.piece_at(Square::E3).map(|p| p.role), Some(Role::King));
    /// assert_eq!(shown.board.piece_at(Square::C6).map(|p| p.role), Some(Role::Knight));
    /// ```
    #[must_use]
    pub fn as_written(&self, start: &Chess) -> Setup {
        let mut setup = start.to_setup(EnPassantMode::Legal);
        for (slot, entry) in self.entries() {
            setup.turn = Color::from(slot.side);
            if let Written::Move(text) = &entry.written
                && let Some(after) = notation::play_as_written(&setup, text, self.lang)
            {
                setup = after;
            }
        }
        setup.turn = Color::from(self.next_slot().side);
        setup
    }

    /// Plays the sheet's moves from `start` as far as they are legal: what
    /// [`Scoresheet::check`] finds, without wording each entry (its SAN,
    /// its notes, the position after it). The arbiter's waiting list, the
    /// position on the board and a PGN export ask only this.
    ///
    /// ```
    /// use laws::notation::NotationLang;
    /// use laws::scoresheet::{Entry, Scoresheet};
    /// use shakmaty::Chess;
    ///
    /// let start = Chess::default();
    /// let mut sheet = Scoresheet::new(NotationLang::En, &start);
    /// for text in ["e4", "e5", "Nf3", "Ke6", "Bb5"] {
    ///     sheet.record(Entry::written(text));
    /// }
    /// let replay = sheet.replay(&start);
    /// assert_eq!(replay.moves.len(), 3);
    /// // "Ke6": the king moves one square.
    /// let irregular = replay.irregularity().map(|stop| stop.index);
    /// assert_eq!(irregular, Some(3));
    /// assert_eq!(irregular, sheet.check(&start).first_irregularity);
    /// ```
    pub fn replay(&self, start: &Chess) -> Replay {
        let mut position = start.clone();
        let mut moves = Vec::new();
        for (index, (slot, entry)) in self.entries().enumerate() {
            let mv = match &entry.written {
                Written::Move(text) => notation::read_move(&position, text, self.lang),
                Written::Dash => None,
            };
            let Some(mv) = mv else {
                return Replay {
                    moves,
                    position,
                    stopped: Some(Stop {
                        index,
                        slot,
                        dash: entry.written == Written::Dash,
                    }),
                };
            };
            position.play_unchecked(mv);
            moves.push(mv);
        }
        Replay {
            moves,
            position,
            stopped: None,
        }
    }

    /// Replays the sheet from `start`: see [`SheetCheck`].
    pub fn check(&self, start: &Chess) -> SheetCheck {
        let mut position = Some(start.clone());
        let mut first_irregularity = None;
        let mut entries = Vec::with_capacity(self.len());
        for (i, (slot, entry)) in self.entries().enumerate() {
            let (verdict, played) = match (&entry.written, &position) {
                (Written::Dash, _) => (EntryVerdict::Dash, None),
                (Written::Move(_), None) => (EntryVerdict::Unverified, None),
                (Written::Move(text), Some(pos)) => {
                    let reading = notation::read(pos, text, self.lang);
                    let played = reading.legal_move().copied();
                    (EntryVerdict::of(pos, reading), played)
                }
            };
            position = match (played, position) {
                (Some(mv), Some(mut pos)) => {
                    pos.play_unchecked(mv);
                    Some(pos)
                }
                _ => None,
            };
            if first_irregularity.is_none() && verdict.is_irregular() {
                first_irregularity = Some(i);
            }
            let fen_after = position
                .as_ref()
                .map(|p| Fen::from_position(p, EnPassantMode::Legal).to_string());
            entries.push(EntryCheck {
                slot,
                written: entry.written.clone(),
                verdict,
                fen_after,
            });
        }
        SheetCheck {
            entries,
            first_irregularity,
        }
    }
}

/// The arbiter's verdict on one entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum EntryVerdict {
    /// One legal move fits; its canonical SAN and what was not canonical.
    Legal { san: String, notes: Vec<Note> },
    /// Several legal moves fit (A8a), in SAN.
    Ambiguous { candidates: Vec<String> },
    /// The entry cannot be read as a move (A8b).
    Unreadable { reason: String },
    /// No legal move fits (A8c).
    Illegal { reason: String },
    /// A dash (8.4): a move was made but not written.
    Dash,
    /// After a dash or an irregularity the position is not known, so the
    /// entry cannot be judged.
    Unverified,
}

impl EntryVerdict {
    fn of(position: &Chess, reading: MoveReading) -> EntryVerdict {
        match reading {
            MoveReading::Legal { san, notes, .. } => EntryVerdict::Legal { san, notes },
            MoveReading::Ambiguous { candidates } => EntryVerdict::Ambiguous {
                candidates: sans(position, &candidates),
            },
            MoveReading::Unreadable { reason } => EntryVerdict::Unreadable { reason },
            MoveReading::Illegal { reason } => EntryVerdict::Illegal { reason },
        }
    }

    /// Ambiguous, unreadable or illegal.
    pub fn is_irregular(&self) -> bool {
        matches!(
            self,
            EntryVerdict::Ambiguous { .. }
                | EntryVerdict::Unreadable { .. }
                | EntryVerdict::Illegal { .. }
        )
    }
}

fn sans(position: &Chess, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|m| San::from_move(position, *m).to_string())
        .collect()
}

/// One entry, judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryCheck {
    pub slot: Slot,
    pub written: Written,
    pub verdict: EntryVerdict,
    /// The position after the move, while it is known.
    pub fen_after: Option<String>,
}

/// A replayed scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[must_use]
pub struct SheetCheck {
    pub entries: Vec<EntryCheck>,
    /// Index into `entries` of the first ambiguous, unreadable or illegal entry.
    pub first_irregularity: Option<usize>,
}

impl SheetCheck {
    /// The moves played, in SAN: the entries up to the first that is not a
    /// legal move (the game so far, as an envelope records it, A2).
    #[must_use]
    pub fn moves_played(&self) -> Vec<String> {
        self.entries
            .iter()
            .map_while(|entry| match &entry.verdict {
                EntryVerdict::Legal { san, .. } => Some(san.clone()),
                _ => None,
            })
            .collect()
    }
}

/// A scoresheet's moves played from its start: see [`Scoresheet::replay`].
#[derive(Debug, Clone)]
#[must_use]
pub struct Replay {
    /// The legal moves, in order, up to the first entry that is not one.
    pub moves: Vec<Move>,
    /// The position after them.
    pub position: Chess,
    /// The entry the replay stopped at, if any.
    pub stopped: Option<Stop>,
}

/// Where a replay stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop {
    /// The entry's index among the sheet's entries.
    pub index: usize,
    pub slot: Slot,
    /// A dash (8.4); else an ambiguous, unreadable or illegal entry.
    pub dash: bool,
}

impl Replay {
    /// The first ambiguous, unreadable or illegal entry, the one
    /// [`SheetCheck::first_irregularity`] names: after a dash none is judged.
    #[must_use]
    pub fn irregularity(&self) -> Option<Stop> {
        self.stopped.filter(|stop| !stop.dash)
    }
}

/// How the two sheets agree on one half-move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "agreement", rename_all = "snake_case")]
pub enum Agreement {
    /// Both entries read as the same legal move.
    Same { san: String },
    /// The entries are different moves, or one of them is not a legal move.
    Differ,
    /// Only one sheet has the move; the other has a dash or nothing.
    OneSheet { san: String, sheet: Side },
    /// Neither sheet has the move written.
    Neither,
    /// After a difference the position is unknown: the texts are compared
    /// as written (`same_text`).
    Unverified { same_text: bool },
}

/// One half-move of [`compare`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyComparison {
    /// 1-based half-move.
    pub ply: usize,
    /// What White's sheet has (None: nothing written that far).
    pub white_sheet: Option<Written>,
    pub black_sheet: Option<Written>,
    #[serde(flatten)]
    pub agreement: Agreement,
}

/// White's and Black's sheets side by side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[must_use]
pub struct Comparison {
    pub plies: Vec<PlyComparison>,
    /// 1-based half-move of the first `Differ` or unequal `Unverified`.
    pub first_difference: Option<usize>,
}

/// What one sheet allows at a half-move: `None` is "any legal move" (a
/// dash, or the sheet ends before it).
fn allowed(
    position: &Chess,
    sheet: &Scoresheet,
    entry: Option<&Entry>,
) -> Option<Result<Vec<Move>, ()>> {
    match entry.map(|e| &e.written) {
        None | Some(Written::Dash) => None,
        Some(Written::Move(text)) => Some(match notation::read(position, text, sheet.lang) {
            MoveReading::Legal { mv, .. } => Ok(vec![mv]),
            MoveReading::Ambiguous { candidates } => Ok(candidates),
            MoveReading::Unreadable { .. } | MoveReading::Illegal { .. } => Err(()),
        }),
    }
}

/// Compares White's and Black's sheets of the same game entry by entry,
/// each read in its own language, from `start`.
pub fn compare(white: &Scoresheet, black: &Scoresheet, start: &Chess) -> Comparison {
    let (ws, bs): (Vec<&Entry>, Vec<&Entry>) = (
        white.entries().map(|(_, e)| e).collect(),
        black.entries().map(|(_, e)| e).collect(),
    );
    let mut position = Some(start.clone());
    let mut plies = Vec::new();
    let mut first_difference = None;
    for i in 0..ws.len().max(bs.len()) {
        let (w, b) = (ws.get(i).copied(), bs.get(i).copied());
        let (agreement, played) = match &position {
            None => (
                Agreement::Unverified {
                    same_text: w.map(|e| &e.written) == b.map(|e| &e.written),
                },
                None,
            ),
            Some(pos) => {
                let one = |sheet: &Scoresheet, e: Option<&Entry>| match allowed(pos, sheet, e) {
                    None => Ok(None),
                    Some(Ok(moves)) if moves.len() == 1 => Ok(Some(moves[0])),
                    Some(_) => Err(()),
                };
                let san = |mv: Move| San::from_move(pos, mv).to_string();
                match (one(white, w), one(black, b)) {
                    (Ok(Some(a)), Ok(Some(c))) if a == c => {
                        (Agreement::Same { san: san(a) }, Some(a))
                    }
                    (Ok(Some(a)), Ok(None)) => (
                        Agreement::OneSheet {
                            san: san(a),
                            sheet: Side::White,
                        },
                        Some(a),
                    ),
                    (Ok(None), Ok(Some(c))) => (
                        Agreement::OneSheet {
                            san: san(c),
                            sheet: Side::Black,
                        },
                        Some(c),
                    ),
                    (Ok(None), Ok(None)) => (Agreement::Neither, None),
                    _ => (Agreement::Differ, None),
                }
            }
        };
        position = match (played, position) {
            (Some(mv), Some(mut pos)) => {
                pos.play_unchecked(mv);
                Some(pos)
            }
            _ => None,
        };
        let differs = matches!(
            agreement,
            Agreement::Differ | Agreement::Unverified { same_text: false }
        );
        if differs && first_difference.is_none() {
            first_difference = Some(i + 1);
        }
        plies.push(PlyComparison {
            ply: i + 1,
            white_sheet: w.map(|e| e.written.clone()),
            black_sheet: b.map(|e| e.written.clone()),
            agreement,
        });
    }
    Comparison {
        plies,
        first_difference,
    }
}

/// How far [`reconstruct`] may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// More consistent games than this is "too many".
    pub max_games: usize,
    /// Positions visited before the search gives up undecided.
    pub max_nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_games: 20,
            max_nodes: 2_000_000,
        }
    }
}

/// What the reconstruction found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Found {
    /// Exactly one game fits both sheets.
    Unique,
    /// Several (at most `max_games`), all listed.
    Several,
    /// No game fits both sheets (and the board, if given).
    None,
    /// More than `max_games` fit; the first ones are listed.
    TooMany,
    /// The search budget ran out before the answer was known.
    Undecided,
}

/// A game consistent with both sheets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReconstructedGame {
    /// The moves in SAN (English).
    pub moves: Vec<String>,
    /// The position reached.
    pub fen: String,
}

/// The answer of [`reconstruct`] (8.5c, 8.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[must_use]
pub struct Reconstruction {
    pub found: Found,
    pub games: Vec<ReconstructedGame>,
    /// Half-moves made so far: the longer sheet's count, dashes included.
    pub plies: usize,
    /// Moves completed by White and by Black (8.6: the move count that
    /// decides the time control period).
    pub white_moves: usize,
    pub black_moves: usize,
    /// Positions visited.
    pub nodes: u64,
}

/// Reconstructs the game from two incomplete sheets (8.5c): every game from
/// `start` whose moves fit both sheets, where a dash (or the end of a
/// shorter sheet) fits any legal move and an ambiguous entry each of its
/// candidates. With `on_board`, the game must end in that position (the
/// arbiter records it first): same pieces, side to move, castling and en
/// passant rights.
pub fn reconstruct(
    start: &Chess,
    first: &Scoresheet,
    second: &Scoresheet,
    on_board: Option<&Chess>,
    budget: Budget,
) -> Reconstruction {
    let sheets = [first, second];
    let entries: [Vec<&Entry>; 2] = sheets.map(|s| s.entries().map(|(_, e)| e).collect());
    let plies = entries[0].len().max(entries[1].len());
    let mut search = Search {
        sheets,
        entries,
        plies,
        target: on_board.map(RepetitionKey::of),
        budget,
        nodes: 0,
        games: Vec::new(),
        line: Vec::new(),
        stopped: None,
    };
    search.visit(start.clone());
    let found = match (search.stopped, search.games.len()) {
        (Some(why), _) => why,
        (None, 0) => Found::None,
        (None, 1) => Found::Unique,
        (None, _) => Found::Several,
    };
    let white_first = !start.turn().is_black();
    let white_moves = if white_first {
        plies.div_ceil(2)
    } else {
        plies / 2
    };
    Reconstruction {
        found,
        games: search.games,
        plies,
        white_moves,
        black_moves: plies - white_moves,
        nodes: search.nodes,
    }
}

struct Search<'a> {
    sheets: [&'a Scoresheet; 2],
    entries: [Vec<&'a Entry>; 2],
    plies: usize,
    target: Option<RepetitionKey>,
    budget: Budget,
    nodes: u64,
    games: Vec<ReconstructedGame>,
    /// The moves of the current branch, in SAN.
    line: Vec<String>,
    stopped: Option<Found>,
}

impl Search<'_> {
    fn visit(&mut self, position: Chess) {
        if self.stopped.is_some() {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.budget.max_nodes {
            self.stopped = Some(Found::Undecided);
            return;
        }
        let ply = self.line.len();
        if ply == self.plies {
            if self
                .target
                .as_ref()
                .is_none_or(|t| *t == RepetitionKey::of(&position))
            {
                if self.games.len() == self.budget.max_games {
                    self.stopped = Some(Found::TooMany);
                    return;
                }
                let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
                self.games.push(ReconstructedGame {
                    moves: self.line.clone(),
                    fen,
                });
            }
            return;
        }
        let mut candidates: Option<Vec<Move>> = None;
        for (sheet, entries) in self.sheets.iter().zip(&self.entries) {
            match allowed(&position, sheet, entries.get(ply).copied()) {
                None => {}
                Some(Err(())) => return,
                Some(Ok(moves)) => {
                    candidates = Some(match candidates {
                        None => moves,
                        Some(before) => before.into_iter().filter(|m| moves.contains(m)).collect(),
                    });
                }
            }
        }
        let moves = candidates.unwrap_or_else(|| position.legal_moves().into_iter().collect());
        for mv in moves {
            let mut next = position.clone();
            self.line.push(San::from_move(&next, mv).to_string());
            next.play_unchecked(mv);
            self.visit(next);
            self.line.pop();
            if self.stopped.is_some() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_follow_the_move_numbers_from_a_black_start() {
        let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40".parse().unwrap();
        let start: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        let mut sheet = Scoresheet::new(NotationLang::En, &start);
        assert_eq!(
            sheet.record(Entry::written("Kd7")),
            Slot {
                number: 40,
                side: Side::Black
            }
        );
        assert_eq!(
            sheet.record(Entry::written("e4")),
            Slot {
                number: 41,
                side: Side::White
            }
        );
        assert_eq!(sheet.rows[0].white, None);
        assert_eq!(sheet.len(), 2);
        assert_eq!(sheet.check(&start).first_irregularity, None);
    }

    #[test]
    fn striking_out_moves_keeps_them_and_reopens_their_boxes() {
        let start = Chess::default();
        let mut sheet = Scoresheet::new(NotationLang::En, &start);
        for text in ["e4", "e5", "Bf1-b5", "Nc6", "Nf3"] {
            sheet.record(Entry::written(text));
        }
        assert_eq!(sheet.strike_out_after(2), 3);
        assert_eq!(sheet.len(), 2);
        let struck: Vec<String> = sheet
            .struck_out
            .iter()
            .map(|(slot, e)| format!("{slot} {}", e.written))
            .collect();
        assert_eq!(struck, ["2. Bf1-b5", "2... Nc6", "3. Nf3"]);
        assert_eq!(
            sheet.record(Entry::written("Bc4")),
            Slot {
                number: 2,
                side: Side::White
            }
        );
        assert_eq!(sheet.check(&start).first_irregularity, None);
    }

    #[test]
    fn corrections_keep_what_was_struck_out() {
        let start = Chess::default();
        let mut sheet = Scoresheet::new(NotationLang::En, &start);
        let slot = sheet.record(Entry::dash());
        sheet.correct(slot, Written::Move("e4".into())).unwrap();
        sheet.mark_draw_offer(slot).unwrap();
        let entry = sheet.entries().next().unwrap().1;
        assert_eq!(entry.corrections, vec![Written::Dash]);
        assert!(entry.draw_offer);
        let black = Slot {
            number: 1,
            side: Side::Black,
        };
        assert_eq!(sheet.correct(black, Written::Dash), Err(NoSuchEntry(black)));
    }
}
