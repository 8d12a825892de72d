//! Reading and writing moves as the Laws read them (Appendix E, A8).
//!
//! [`read`] takes a move as a player wrote it, in the language he chose
//! ([`NotationLang`]: chosen, never guessed, since a French `R` is the king and an
//! English `R` the rook) and gives exactly one [`MoveReading`]:
//!
//! - [`MoveReading::Legal`]: one legal move fits; with [`Note`]s wherever the
//!   writing was not canonical SAN (wrong check mark, capture not marked...).
//! - [`MoveReading::Ambiguous`]: several legal moves fit (A8a), and only then.
//! - [`MoveReading::Unreadable`]: the text cannot be read as a move: its true
//!   significance cannot be established (A8b).
//! - [`MoveReading::Illegal`]: it reads as a move, but no legal move fits (A8c),
//!   with the reason.
//!
//! [`write()`] writes canonical SAN in each language, [`write_figurine`] with
//! figurines, [`write_tapped`] a move tapped on a recording board, from the
//! board alone. [`play_as_written`] moves the pieces as a move is written,
//! legal or not: what a recording board shows.
//!
//! # What is read
//!
//! - SAN with or without the capture mark (`x`, `:`, `×`), `+`, `#`,
//!   annotations (`!`, `?`, `!!`, `??`, `!?`, `?!`, ignored), a draw offer
//!   (`=` or `(=)` after the move), `e.p.`, a move number (`12.`, `12...`).
//! - Long forms: `e2e4`, `e2-e4`, `Ng1-f3`, `Ng1xf3`, `Ng1f3`.
//! - Castling: `O-O`, `0-0`, `O-O-O`, `0-0-0` (dashes optional, either
//!   letter case, Cyrillic О too), and as the king's move: `Kg1`, `Ke1-g1`.
//! - Promotion: `e8Q`, `e8=Q`, `e8/Q`, `e8(Q)`, `e8=(Q)`.
//! - Figurines ♔♕♖♗♘♙ and ♚♛♜♝♞♟, in any language, for either side.
//! - Piece initials of [`NotationLang`] (English also reads `P` as the pawn); the
//!   Russian king is the two letters `Кр`, the Russian `К` alone the knight;
//!   Cyrillic а, с, е typed for the files a, c, e are read as those files.
//! - The pawn's short capture `ed` / `exd` (file to file).
//! - Coordinate notation, square to square without a letter (`g1f3`,
//!   `e1g1`, `e7e8Q`): the piece on the origin square, whichever it is,
//!   with [`Note::PieceLetterMissing`] when it is not a pawn.
//!
//! # Decisions
//!
//! - **Marks never choose between moves.** Check, mate, capture and e.p.
//!   marks are optional in Appendix E and often wrong on scoresheets; a move
//!   fits by its piece, origin, target and promotion only. A wrong mark on
//!   the one fitting move gives a note, not a different verdict. So `Nf3+`
//!   when Nf3 does not check is legal with [`Note::CheckMarkWithoutCheck`],
//!   and `Nxf3` with f3 empty is legal with
//!   [`Note::CaptureMarkWithoutCapture`]: the significance is clear.
//! - **Ambiguous only when several legal moves fit.** `Nd2` with two knights
//!   able to go there is ambiguous; `Ne4` where the only knight that reaches
//!   e4 is pinned is illegal ("the knight on c3 is pinned"). Over-specified
//!   origins (`Ngf3` with one knight able, `Ng1f3`, `e2e4`) are legal with
//!   [`Note::OriginNotNeeded`]. A pawn reaching the last rank written
//!   without a piece (`e8`) fits four promotions: ambiguous.
//! - **The short pawn capture** `ed` fits every pawn capture from the e-file
//!   to the d-file: legal if there is one, ambiguous if several.
//! - **Letter case.** Every letter is read first as written: an upper-case
//!   piece initial is a piece, a lower-case `a`-`h` a file. Only when that
//!   reading fits no legal move are letters read regardless of case (`nf3`,
//!   `E4`, `e8q`, `bc4` for the bishop when no b-pawn can take on c4), with
//!   [`Note::LetterCase`]; readings needing fewer case changes come first,
//!   and if equally good readings fit different moves, the move is
//!   ambiguous. A reading as written that names a move of the mover's
//!   pieces, only an illegal one (a pinned piece, the king into check),
//!   settles the meaning: the verdict is illegal and no looser reading is
//!   tried. Hence `bxc3` in English is the b-pawn whenever a b-pawn could
//!   take on c3 (illegal if it is pinned), as SAN has it, and the bishop
//!   only when no pawn could.
//! - **A capital initial is the piece** (Appendix E): an upper-case letter
//!   that is a piece initial in any of the languages is never read as a
//!   file, so `Cf3` on an English sheet is unreadable (with a hint that `C`
//!   is a knight in French, Spanish, Italian), not the c-pawn.
//! - **The language is not guessed.** `Sf3` on an English sheet is
//!   unreadable even though a German would mean Nf3. Only look-alikes are
//!   forgiven: on a Russian sheet the Latin `K`, `C`, `p` stand for the
//!   Cyrillic `К`, `С`, `р`, and Cyrillic `а`, `с`, `е` for the files.
//! - **Castling** when not allowed is illegal with the reason (rights lost,
//!   in check, pieces between, passing an attacked square). Castling
//!   written as the king's move (`Kg1`, `Ke1-g1`, `e1g1`) is castling, with
//!   [`Note::CastlingAsKingMove`] (python-chess reads `Kg1` as illegal; an
//!   arbiter reads the king's two steps as castling). The king taking his
//!   own rook (`Kh1`, as in Chess960) is illegal in standard chess.
//! - **Square to square** without a letter (`g1f3`) is the piece on the
//!   origin square, with [`Note::PieceLetterMissing`]: the origin names the
//!   piece as surely as a letter would.
//! - **Check marks** `+`, `†`, `++` (an old double check) all claim check;
//!   `#` and `‡` claim mate.
//! - **A draw offer** written with the move is recorded as
//!   [`Note::DrawOffer`]; the scoresheet acts on it.
//!
//! ```
//! use laws::notation::{read, NotationLang, MoveReading};
//! use shakmaty::Chess;
//!
//! let start = Chess::default();
//! assert!(read(&start, "Sf3", NotationLang::De).is_legal());
//! assert!(matches!(read(&start, "Sf3", NotationLang::En), MoveReading::Unreadable { .. }));
//! assert!(matches!(read(&start, "e5", NotationLang::En), MoveReading::Illegal { .. }));
//! match read(&start, "Ng1-f3+", NotationLang::En) {
//!     MoveReading::Legal { san, notes, .. } => {
//!         assert_eq!(san, "Nf3");
//!         assert_eq!(notes.len(), 2); // origin not needed, check mark without check
//!     }
//!     other => panic!("{other}"),
//! }
//! ```

mod as_written;
mod explain;
mod fit;
mod lang;
mod parse;
mod tapped;
mod write;

use core::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

pub use as_written::{identify, play_as_written, position_of};
pub use explain::role_name;
pub use lang::{NotationLang, ParseLangError};
pub use tapped::{write_long, write_tapped};
pub use write::{write, write_figurine};

/// The verdict on a written move: exactly one of the four.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub enum MoveReading {
    /// One legal move fits what was written.
    Legal {
        /// The move.
        mv: Move,
        /// Its canonical SAN, in English, with `+` or `#`.
        san: String,
        /// Where the writing was not canonical.
        notes: Vec<Note>,
    },
    /// Several legal moves fit (A8a), in UCI order.
    Ambiguous {
        /// The legal moves that fit.
        candidates: Vec<Move>,
    },
    /// The text cannot be read as a move (A8b).
    Unreadable {
        /// Why, in words.
        reason: String,
    },
    /// The text reads as a move no legal move fits (A8c).
    Illegal {
        /// Why, in words.
        reason: String,
    },
}

impl MoveReading {
    /// Whether one legal move fits.
    #[must_use]
    pub fn is_legal(&self) -> bool {
        matches!(self, MoveReading::Legal { .. })
    }

    /// The move, when legal.
    #[must_use]
    pub fn legal_move(&self) -> Option<&Move> {
        match self {
            MoveReading::Legal { mv, .. } => Some(mv),
            _ => None,
        }
    }

    /// The verdict's name: `legal`, `ambiguous`, `unreadable`, `illegal`.
    #[must_use]
    pub fn verdict(&self) -> &'static str {
        match self {
            MoveReading::Legal { .. } => "legal",
            MoveReading::Ambiguous { .. } => "ambiguous",
            MoveReading::Unreadable { .. } => "unreadable",
            MoveReading::Illegal { .. } => "illegal",
        }
    }
}

impl fmt::Display for MoveReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveReading::Legal { san, .. } => write!(f, "legal: {san}"),
            MoveReading::Ambiguous { candidates } => {
                f.write_str("ambiguous:")?;
                for m in candidates {
                    write!(f, " {}", m.to_uci(CastlingMode::Standard))?;
                }
                Ok(())
            }
            MoveReading::Unreadable { reason } => write!(f, "unreadable: {reason}"),
            MoveReading::Illegal { reason } => write!(f, "illegal: {reason}"),
        }
    }
}

/// How a legal move's writing differs from canonical SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Note {
    /// A capture written without `x` or `:`.
    CaptureNotMarked,
    /// `x` or `:` written, but nothing is captured.
    CaptureMarkWithoutCapture,
    /// The pawn's short capture, `ed` for `exd5`.
    ShortPawnCapture,
    /// More of the origin written than needed (`Ngf3`, `Ng1f3`, `e2e4`).
    OriginNotNeeded,
    /// The origin written otherwise than SAN would (`N1d2` for `Nbd2`, or
    /// a pawn capture without the pawn's file).
    OriginNotCanonical,
    /// Castling written as the king's move (`Kg1`, `Ke1-g1`).
    CastlingAsKingMove,
    /// A piece's move written from square to square without its letter
    /// (`g1f3`, coordinate notation): the piece on the origin square moves.
    PieceLetterMissing,
    /// The move gives check; no `+` was written.
    CheckNotMarked,
    /// The move mates; no `#` was written.
    MateNotMarked,
    /// `+` written, but the move does not give check.
    CheckMarkWithoutCheck,
    /// `#` written, but the move does not mate.
    MateMarkWithoutMate,
    /// `e.p.` written on a move that is not an en passant capture.
    EnPassantMarkWithoutEnPassant,
    /// Letters read regardless of their case (`nf3`, `e8q`).
    LetterCase,
    /// A move number written before the move was ignored.
    MoveNumberIgnored,
    /// A draw offer (`=` or `(=)`) was written with the move.
    DrawOffer,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Note::CaptureNotMarked => "capture not marked",
            Note::CaptureMarkWithoutCapture => "capture mark, but nothing is captured",
            Note::ShortPawnCapture => "short pawn capture (file to file)",
            Note::OriginNotNeeded => "more of the origin written than needed",
            Note::OriginNotCanonical => "origin not written as SAN writes it",
            Note::CastlingAsKingMove => "castling written as a king move",
            Note::PieceLetterMissing => "piece letter missing (square to square)",
            Note::CheckNotMarked => "check not marked",
            Note::MateNotMarked => "checkmate not marked",
            Note::CheckMarkWithoutCheck => "check mark, but no check",
            Note::MateMarkWithoutMate => "mate mark, but no mate",
            Note::EnPassantMarkWithoutEnPassant => "e.p. written, but not an en passant capture",
            Note::LetterCase => "letters read regardless of case",
            Note::MoveNumberIgnored => "move number ignored",
            Note::DrawOffer => "draw offer recorded with the move",
        })
    }
}

/// Reads `text`, a move written by the player to move in `position`, in
/// `lang`. See the [module documentation](self) for what is read and how.
pub fn read(position: &Chess, text: &str, lang: NotationLang) -> MoveReading {
    let written = match parse::parse(text, lang) {
        Ok(written) => written,
        Err(reason) => return MoveReading::Unreadable { reason },
    };
    match settle(position, &written) {
        Settled::One {
            mv,
            pattern,
            penalty,
        } => MoveReading::Legal {
            mv,
            san: write(position, &mv, NotationLang::En),
            notes: fit::notes(position, pattern, &written.marks, mv, penalty),
        },
        Settled::Several(mut candidates) => {
            candidates.sort_by_key(|m| m.to_uci(CastlingMode::Standard).to_string());
            MoveReading::Ambiguous { candidates }
        }
        Settled::NoneFits(pattern) => MoveReading::Illegal {
            reason: explain::explain(position, pattern),
        },
    }
}

/// The move `text` names in `position`, when [`read`] finds it legal:
/// the same verdict, without writing the move's SAN and notes or wording
/// why an entry is irregular. What a replay of a scoresheet needs.
///
/// ```
/// use laws::notation::{read_move, NotationLang};
/// use shakmaty::{Chess, Square};
///
/// let start = Chess::default();
/// assert_eq!(read_move(&start, "Sf3", NotationLang::De).map(|m| m.to()), Some(Square::F3));
/// assert_eq!(read_move(&start, "e5", NotationLang::En), None);
/// ```
#[must_use]
pub fn read_move(position: &Chess, text: &str, lang: NotationLang) -> Option<Move> {
    match settle(position, &parse::parse(text, lang).ok()?) {
        Settled::One { mv, .. } => Some(mv),
        Settled::Several(_) | Settled::NoneFits(_) => None,
    }
}

/// Which legal moves a text's readings fit.
enum Settled<'a> {
    /// One move, by this reading, at this penalty.
    One {
        mv: Move,
        pattern: &'a parse::Pattern,
        penalty: u32,
    },
    /// Several (A8a).
    Several(Vec<Move>),
    /// None (A8c): the reading that says why.
    NoneFits(&'a parse::Pattern),
}

fn settle<'a>(position: &Chess, written: &'a parse::Readings) -> Settled<'a> {
    let legals = position.legal_moves();
    let turn = position.turn();
    // Readings come lowest penalty first; the first group any legal move
    // fits decides.
    for group in written.readings.chunk_by(|a, b| a.0 == b.0) {
        let mut found: Vec<(Move, &parse::Pattern)> = Vec::new();
        for (_, pattern) in group {
            for &m in &legals {
                if fit::fits(pattern, m, turn) && !found.iter().any(|(f, _)| *f == m) {
                    found.push((m, pattern));
                }
            }
        }
        match found.as_slice() {
            // A reading that names a move of the mover's pieces, only not a
            // legal one (a pinned piece, the king into check), settles what
            // was meant: no looser reading is tried.
            [] => {
                if let Some((_, pattern)) = group
                    .iter()
                    .find(|(_, p)| explain::on_the_board(position, p))
                {
                    return Settled::NoneFits(pattern);
                }
            }
            [(mv, pattern)] => {
                return Settled::One {
                    mv: *mv,
                    pattern,
                    penalty: group[0].0,
                };
            }
            _ => return Settled::Several(found.iter().map(|(m, _)| *m).collect()),
        }
    }
    Settled::NoneFits(&written.readings[0].1)
}

/// The squares of a move written from square to square (`Ng1-f3`, `e2e4`,
/// `Ke1-e3`, `e7-e8Q`), legal or not: what the board saw, for finding an
/// illegal move afterwards (7.4). `None` for any shorter form, which does
/// not say where the piece came from.
///
/// ```
/// use laws::notation::{squares, NotationLang};
/// use shakmaty::{Role, Square};
///
/// assert_eq!(squares("Ke1-e3", NotationLang::En), Some((Square::E1, Square::E3, None)));
/// assert_eq!(squares("e7e8=D", NotationLang::De), Some((Square::E7, Square::E8, Some(Role::Queen))));
/// assert_eq!(squares("Nf3", NotationLang::En), None);
/// ```
#[must_use]
pub fn squares(text: &str, lang: NotationLang) -> Option<(Square, Square, Option<Role>)> {
    let written = parse::parse(text, lang).ok()?;
    written
        .readings
        .iter()
        .find_map(|(_, pattern)| match pattern {
            parse::Pattern::Move(parse::MovePattern {
                from_file: Some(file),
                from_rank: Some(rank),
                to: parse::Dest::Square(to),
                promotion,
                ..
            }) => Some((Square::from_coords(*file, *rank), *to, *promotion)),
            _ => None,
        })
}
