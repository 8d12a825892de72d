//! PGN import and export, with clock comments.
//!
//! **Import** ([`import`]) reads any number of games with pgn-reader and
//! replays each mainline with shakmaty. It is lenient about what real files
//! contain (a UTF-8 byte order mark, variations, comments, NAGs, missing
//! tags, a missing result, over-specified SAN such as `Ngf3`, `0-0` for
//! castling) and exact about what is wrong: a game that cannot be replayed
//! becomes an [`ImportError`] naming the game and the move, and the other
//! games are still read. It never panics. A token that is no move at all
//! (`Xz9`), which pgn-reader alone would skip without a word, is read at its
//! own place like any other entry. [`first_game`] reads the first game of
//! a text as [`import`] does, without pgn-reader: for a page that shows one
//! game and goes without shakmaty's attack tables.
//!
//! **Export** ([`export`]) writes plain data ([`Record`]) as PGN: the Seven
//! Tag Roster, `TimeControl`, `SetUp`/`FEN`, `Termination`, clock comments
//! `[%clk H:MM:SS]` and `[%emt H:MM:SS]` in whole seconds, as lichess writes
//! them, a caller's comment after a move, and the result.
//!
//! A draw offer made with a move (Article 8.1, Appendix E.12: the `(=)` on
//! the scoresheet) is written as the comment `{draw offer}` after that move;
//! [`import`] reads that comment back as [`ImportedMove::draw_offer`]. PGN
//! has no standard mark for it, and `=` in movetext would be read as a
//! promotion by other programs.
//!
//! ```
//! use laws::pgn::{self, Record, RecordMove, PgnResult};
//!
//! let games = pgn::import("[White \"A\"]\n[Black \"B\"]\n\n1. e4 { [%clk 1:30:00] } e5 (1... c5) 2. Nf3 {draw offer} 1-0\n".as_bytes());
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[0].clock_ms, Some(5_400_000));
//! assert!(game.moves[2].draw_offer);
//! assert_eq!(game.result, PgnResult::WhiteWins);
//!
//! let record = Record {
//!     tags: game.tags.to_vec(),
//!     time_control: Some("5400+30".into()),
//!     start_fen: None,
//!     moves: game.moves.iter().map(|m| RecordMove { mv: m.mv, clock_ms: m.clock_ms, emt_ms: None, draw_offer: m.draw_offer, comment: None }).collect(),
//!     result: game.result,
//!     termination: None,
//! };
//! let text = pgn::export(&record).unwrap();
//! assert!(text.contains("1. e4 { [%clk 1:30:00] } 1... e5 2. Nf3 {draw offer} 1-0"));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, fen::Fen, san::SanPlus};

mod first;
#[cfg(feature = "pgn-import")]
mod marked;
mod movetext;
#[cfg(feature = "pgn-import")]
mod read;
mod tags;
pub use first::first_game;
#[cfg(feature = "pgn-import")]
pub use read::{Games, games, import};
pub use tags::Tags;

/// The comment that marks a draw offer made with the move before it.
pub const DRAW_OFFER_COMMENT: &str = "draw offer";

/// The result as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PgnResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// `*`: in progress, abandoned or unknown.
    #[serde(rename = "*")]
    Unknown,
}

impl PgnResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Reads a `Result` tag value; anything unrecognised is `*`.
    fn from_tag(value: &str) -> PgnResult {
        match value.trim() {
            "1-0" => PgnResult::WhiteWins,
            "0-1" => PgnResult::BlackWins,
            "1/2-1/2" | "½-½" => PgnResult::Draw,
            _ => PgnResult::Unknown,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One mainline move of an imported game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedMove {
    /// The move in SAN as the file wrote it (an over-specified `Ngf3` stays
    /// so, a check mark too); a token read leniently (`e2-e4`) in its move's
    /// SAN. Kept as read, not as text: writing out every move of a file was
    /// a tenth of the import's time in wasm.
    pub san: SanPlus,
    pub mv: Move,
    /// The clock reading after the move (`[%clk]`).
    pub clock_ms: Option<u64>,
    /// The time the move took (`[%emt]`).
    pub emt_ms: Option<u64>,
    /// A `{draw offer}` comment followed the move.
    pub draw_offer: bool,
    /// Numeric annotation glyphs, e.g. 1 for `!`.
    pub nags: Vec<u8>,
    /// The comments after the move, without clock commands, joined by a space.
    pub comment: Option<String>,
}

/// A game read from a PGN file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedGame {
    /// 1-based position of the game in the file.
    pub number: usize,
    /// All tags in file order, values unescaped.
    pub tags: Tags,
    /// The starting position (standard, or from `FEN`).
    pub start: Chess,
    pub moves: Vec<ImportedMove>,
    /// From the movetext's termination marker, else the `Result` tag.
    pub result: PgnResult,
}

impl ImportedGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The position after the last mainline move.
    pub fn end_position(&self) -> Chess {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }
}

fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Why a mainline move could not be played. The verdicts on the move
/// text are those of [`crate::notation::read`] in English (Appendix A8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum MoveProblem {
    /// No legal move fits the text (A8c).
    Illegal { reason: String },
    /// Several legal moves fit the text (A8a), in SAN.
    Ambiguous { candidates: Vec<String> },
    /// The text cannot be read as a move (A8b).
    Unreadable { reason: String },
    /// A null move (`--`, `Z0`): no move on the board.
    Null,
    /// An unreadable `[%clk]` or `[%emt]` value after the move.
    BadClock { comment: String },
}

impl MoveProblem {
    /// `illegal`, `ambiguous`, `unreadable`, `null` or `bad_clock`.
    pub fn verdict(&self) -> &'static str {
        match self {
            MoveProblem::Illegal { .. } => "illegal",
            MoveProblem::Ambiguous { .. } => "ambiguous",
            MoveProblem::Unreadable { .. } => "unreadable",
            MoveProblem::Null => "null",
            MoveProblem::BadClock { .. } => "bad_clock",
        }
    }
}

impl fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::Illegal { reason } => write!(f, "illegal move: {reason}"),
            MoveProblem::Ambiguous { candidates } => {
                write!(f, "ambiguous move: {}", candidates.join(", "))
            }
            MoveProblem::Unreadable { reason } => write!(f, "unreadable move: {reason}"),
            MoveProblem::Null => f.write_str("null move"),
            MoveProblem::BadClock { comment } => {
                write!(f, "unreadable clock comment {{{comment}}}")
            }
        }
    }
}

/// Why a game (or the rest of the file) could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The `FEN` tag is not a legal starting position.
    BadFen {
        game: usize,
        fen: String,
        reason: String,
    },
    /// The `Variant` tag names a game other than chess or Chess960.
    UnsupportedVariant { game: usize, variant: String },
    /// A mainline move (or its clock comment) is wrong. `position` is the
    /// position before it, so a caller can explain the entry further.
    Move {
        game: usize,
        /// 1-based half-move index in the mainline.
        ply: usize,
        /// The move number as printed (`12` in `12... Nf3`).
        move_number: u32,
        side: Color,
        text: String,
        problem: MoveProblem,
        position: Box<Chess>,
        /// The game's `Result` tag (`*` when absent).
        result: PgnResult,
    },
    /// The file itself cannot be read from here on (I/O error, a tag line
    /// too long); no further games are returned.
    Unreadable { game: usize, reason: String },
}

impl ImportError {
    /// The 1-based number of the game the error belongs to.
    pub fn game(&self) -> usize {
        match self {
            ImportError::BadFen { game, .. }
            | ImportError::UnsupportedVariant { game, .. }
            | ImportError::Move { game, .. }
            | ImportError::Unreadable { game, .. } => *game,
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::BadFen { game, fen, reason } => {
                write!(f, "game {game}: bad FEN {fen:?}: {reason}")
            }
            ImportError::UnsupportedVariant { game, variant } => {
                write!(f, "game {game}: unsupported variant {variant:?}")
            }
            ImportError::Move {
                game,
                move_number,
                side,
                text,
                problem,
                ..
            } => {
                let dots = if side.is_white() { "." } else { "..." };
                write!(f, "game {game}: move {move_number}{dots} {text}: {problem}")
            }
            ImportError::Unreadable { game, reason } => {
                write!(f, "game {game}: unreadable PGN: {reason}")
            }
        }
    }
}

impl std::error::Error for ImportError {}

fn parse_fen(fen: &str, castling: CastlingMode) -> Result<Chess, String> {
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| e.to_string())?;
    fen.into_position(castling).map_err(|e| e.to_string())
}
/// Writes `H:MM:SS`, whole seconds as a clock shows them, as lichess
/// writes `%clk`: other programs read no fraction.
fn format_clock(ms: u64) -> String {
    crate::clock::clock_face(ms)
}

/// The first problem of a game, for `laws check`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// 1-based half-move of the problem; 0 for the game's tags.
    pub ply: usize,
    /// The move text, or the FEN or variant that is wrong.
    pub text: String,
    /// `illegal`, `ambiguous`, `unreadable` (Appendix A8 c, a, b), `null`,
    /// `bad_clock`, `bad_fen`, `unsupported_variant` or `unreadable_file`.
    pub verdict: String,
    /// Why, in words (for `ambiguous`, the candidate moves).
    pub reason: String,
}

/// The verdict on one game of a file: `laws check` prints one per line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCheck {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// Half-moves replayed without a problem.
    pub plies: usize,
    pub result: PgnResult,
    /// The first problem, if any.
    pub problem: Option<Problem>,
}

impl GameCheck {
    /// Summarises an imported game or its error.
    pub fn of(imported: &Result<ImportedGame, ImportError>) -> GameCheck {
        let (game, plies, result, problem) = match imported {
            Ok(game) => {
                return GameCheck {
                    game: game.number,
                    plies: game.moves.len(),
                    result: game.result,
                    problem: None,
                };
            }
            Err(ImportError::Move {
                game,
                ply,
                text,
                problem,
                result,
                ..
            }) => {
                let reason = match problem {
                    MoveProblem::Illegal { reason } | MoveProblem::Unreadable { reason } => {
                        reason.clone()
                    }
                    MoveProblem::Ambiguous { candidates } => candidates.join(", "),
                    MoveProblem::Null => "a null move is not a move on the board".to_owned(),
                    MoveProblem::BadClock { comment } => {
                        format!("unreadable clock comment {{{comment}}}")
                    }
                };
                (
                    *game,
                    ply - 1,
                    *result,
                    Problem {
                        ply: *ply,
                        text: text.clone(),
                        verdict: problem.verdict().to_owned(),
                        reason,
                    },
                )
            }
            Err(ImportError::BadFen { game, fen, reason }) => (
                *game,
                0,
                PgnResult::Unknown,
                Problem {
                    ply: 0,
                    text: fen.clone(),
                    verdict: "bad_fen".to_owned(),
                    reason: reason.clone(),
                },
            ),
            Err(ImportError::UnsupportedVariant { game, variant }) => (
                *game,
                0,
                PgnResult::Unknown,
                Problem {
                    ply: 0,
                    text: variant.clone(),
                    verdict: "unsupported_variant".to_owned(),
                    reason: "only chess and Chess960 are played".to_owned(),
                },
            ),
            Err(ImportError::Unreadable { game, reason }) => (
                *game,
                0,
                PgnResult::Unknown,
                Problem {
                    ply: 0,
                    text: String::new(),
                    verdict: "unreadable_file".to_owned(),
                    reason: reason.clone(),
                },
            ),
        };
        GameCheck {
            game,
            plies,
            result,
            problem: Some(problem),
        }
    }
}

/// A move to export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    pub mv: Move,
    /// The clock reading after the move, for `[%clk]`.
    pub clock_ms: Option<u64>,
    /// The time the move took, for `[%emt]`.
    pub emt_ms: Option<u64>,
    /// The player offered a draw with this move (written `{draw offer}`).
    pub draw_offer: bool,
    /// A comment of the caller's after the move (a `}` in it becomes `)`,
    /// which would end it early).
    pub comment: Option<String>,
}

/// An imported move as a record writes it again: the move, its clock
/// readings, draw offer and comment.
impl From<&ImportedMove> for RecordMove {
    fn from(m: &ImportedMove) -> RecordMove {
        RecordMove {
            mv: m.mv,
            clock_ms: m.clock_ms,
            emt_ms: m.emt_ms,
            draw_offer: m.draw_offer,
            comment: m.comment.clone(),
        }
    }
}

/// A game as plain data, ready to be written as PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Tags in the order to write them after the Seven Tag Roster.
    /// Roster tags given here supply its values; missing ones are written as
    /// `?` (`????.??.??` for the date). `Result`, `TimeControl`, `SetUp`,
    /// `FEN` and `Termination` here are ignored: they come from the fields
    /// below.
    pub tags: Vec<(String, String)>,
    /// The `TimeControl` tag, e.g. `40/5400+30:1800+30` (PGN notation).
    pub time_control: Option<String>,
    /// The start position when it is not the standard one.
    pub start_fen: Option<String>,
    pub moves: Vec<RecordMove>,
    pub result: PgnResult,
    /// Why the game ended, for the `Termination` tag (e.g. `time forfeit`).
    pub termination: Option<String>,
}

/// Why a [`Record`] cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    BadFen {
        fen: String,
        reason: String,
    },
    /// The move at this 1-based ply is not legal in the position before it.
    IllegalMove {
        ply: usize,
        uci: String,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::BadFen { fen, reason } => write!(f, "bad FEN {fen:?}: {reason}"),
            ExportError::IllegalMove { ply, uci } => {
                write!(f, "ply {ply}: {uci} is not a legal move")
            }
        }
    }
}

impl std::error::Error for ExportError {}

const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Tags [`export`] writes from the record's fields, never from its tags.
const DERIVED_TAGS: [&str; 5] = ["Result", "TimeControl", "SetUp", "FEN", "Termination"];

/// Writes a game as PGN (one game, ending with a blank line).
pub fn export(record: &Record) -> Result<String, ExportError> {
    let start = match &record.start_fen {
        Some(fen) => {
            parse_fen(fen, CastlingMode::Chess960).map_err(|reason| ExportError::BadFen {
                fen: fen.clone(),
                reason,
            })?
        }
        None => Chess::default(),
    };
    let mut out = String::new();
    for (name, default) in ROSTER {
        write_tag(
            &mut out,
            name,
            tag_value(&record.tags, name).unwrap_or(default),
        );
    }
    write_tag(&mut out, "Result", record.result.as_str());
    if let Some(time_control) = &record.time_control {
        write_tag(&mut out, "TimeControl", time_control);
    }
    if record.start_fen.is_some() {
        write_tag(&mut out, "SetUp", "1");
        write_tag(
            &mut out,
            "FEN",
            &Fen::from_position(&start, EnPassantMode::Legal).to_string(),
        );
    }
    for (name, value) in &record.tags {
        if !ROSTER.iter().any(|(r, _)| r == name) && !DERIVED_TAGS.contains(&name.as_str()) {
            write_tag(&mut out, name, value);
        }
    }
    if let Some(termination) = &record.termination {
        write_tag(&mut out, "Termination", termination);
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(record.moves.len() * 2 + 1);
    let mut pos = start;
    let mut need_number = true;
    for (i, m) in record.moves.iter().enumerate() {
        if !pos.is_legal(m.mv) {
            return Err(ExportError::IllegalMove {
                ply: i + 1,
                uci: m.mv.to_uci(pos.castles().mode()).to_string(),
            });
        }
        let number = pos.fullmoves();
        match pos.turn() {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if need_number => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string());
        let mut comment = Vec::new();
        if let Some(ms) = m.clock_ms {
            comment.push(format!("[%clk {}]", format_clock(ms)));
        }
        if let Some(ms) = m.emt_ms {
            comment.push(format!("[%emt {}]", format_clock(ms)));
        }
        need_number = !comment.is_empty() || m.draw_offer || m.comment.is_some();
        if !comment.is_empty() {
            tokens.push(format!("{{ {} }}", comment.join(" ")));
        }
        if m.draw_offer {
            tokens.push(format!("{{{DRAW_OFFER_COMMENT}}}"));
        }
        if let Some(text) = &m.comment {
            // Word by word, so that a long comment wraps like movetext.
            let text = format!("{{{}}}", text.replace('}', ")"));
            tokens.extend(text.split_whitespace().map(str::to_owned));
        }
    }
    tokens.push(record.result.as_str().to_owned());
    wrap(&mut out, &tokens);
    out.push_str("\n\n");
    Ok(out)
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    // A line break would end the tag early; PGN tags are one line.
    let escaped = escaped.replace(['\n', '\r'], " ");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Joins movetext tokens into lines of at most 79 characters (PGN export format).
fn wrap(out: &mut String, tokens: &[String]) {
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(token);
        line_len += token.len();
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::san::San;

    use super::*;

    #[test]
    fn export_writes_the_roster_then_the_derived_tags() {
        let mut pos = Chess::default();
        let moves: Vec<RecordMove> = ["f3", "e5", "g4", "Qh4"]
            .iter()
            .map(|san| {
                let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(mv);
                RecordMove {
                    mv,
                    clock_ms: None,
                    emt_ms: None,
                    draw_offer: false,
                    comment: None,
                }
            })
            .collect();
        let record = Record {
            tags: vec![
                ("Annotator".into(), "Arbiter \"A\"".into()),
                ("White".into(), "Fool".into()),
                ("Result".into(), "1-0".into()),
            ],
            time_control: Some("40/5400+30:1800+30".into()),
            start_fen: None,
            moves,
            result: PgnResult::BlackWins,
            termination: Some("normal".into()),
        };
        assert_eq!(
            export(&record).unwrap(),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Fool\"]\n[Black \"?\"]\n\
             [Result \"0-1\"]\n[TimeControl \"40/5400+30:1800+30\"]\n[Annotator \"Arbiter \\\"A\\\"\"]\n\
             [Termination \"normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
        );
    }

    #[test]
    fn an_illegal_move_is_not_exported() {
        let e4 = "e4"
            .parse::<San>()
            .unwrap()
            .to_move(&Chess::default())
            .unwrap();
        let record = Record {
            tags: Vec::new(),
            time_control: None,
            start_fen: None,
            moves: vec![
                RecordMove {
                    mv: e4,
                    clock_ms: None,
                    emt_ms: None,
                    draw_offer: false,
                    comment: None,
                };
                2
            ],
            result: PgnResult::Unknown,
            termination: None,
        };
        assert_eq!(
            export(&record),
            Err(ExportError::IllegalMove {
                ply: 2,
                uci: "e2e4".into()
            })
        );
    }

    #[test]
    fn clocks_are_written_in_whole_seconds_as_lichess_writes_them() {
        assert_eq!(format_clock(5_506_253), "1:31:46");
        assert_eq!(format_clock(59_900), "0:00:59");
    }

    #[test]
    fn long_movetext_is_wrapped() {
        let tokens: Vec<String> = (0..40).map(|i| format!("tok{i}")).collect();
        let mut out = String::new();
        wrap(&mut out, &tokens);
        assert!(out.lines().all(|l| l.len() <= 79));
        assert_eq!(out.split_whitespace().count(), 40);
    }
}
