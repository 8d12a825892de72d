//! One game's movetext as it is read: its tags checked, each move played
//! on its position, the comments after a move read for clocks and a draw
//! offer, and each problem named at its place. Shared by the two readers:
//! pgn-reader's ([`super::import`], a file of any size, with shakmaty's attack
//! tables) and the plain one ([`super::first_game`], one game on a page
//! that goes without them), so both read a game alike.

use std::ops::ControlFlow;

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Move, Position, Rank, Role, Square, attacks,
    san::{San, SanError, SanPlus},
};

use super::*;
use crate::notation::{self, MoveReading, NotationLang};

/// Whether to read on, or the game as read (or why it cannot be).
pub(super) type Flow = ControlFlow<Result<ImportedGame, ImportError>>;

/// A game being read, from its tags on.
pub(super) struct Movetext {
    game: ImportedGame,
    position: Chess,
    /// Comments of the current move collected so far.
    comment: String,
}

impl Movetext {
    /// Game `number` (1-based in its file) with `tags`: its start position
    /// from `FEN` and `Variant`, its result from `Result` until the
    /// movetext ends with one.
    pub(super) fn begin(number: usize, tags: Tags) -> Result<Movetext, ImportError> {
        let game = number;
        let castling = match tags.get("Variant").map(|v| v.trim().to_ascii_lowercase()) {
            None => CastlingMode::Standard,
            Some(v)
                if v.is_empty()
                    || ["standard", "chess", "normal", "from position"].contains(&v.as_str()) =>
            {
                CastlingMode::Standard
            }
            Some(v) if v.contains("960") || v.starts_with("fischer") => CastlingMode::Chess960,
            Some(_) => {
                let variant = tags.get("Variant").unwrap_or_default().to_owned();
                return Err(ImportError::UnsupportedVariant { game, variant });
            }
        };
        let start = match tags.get("FEN") {
            // A FEN tag without `SetUp "1"` is common in real files; it still
            // names the start position.
            Some(fen) => parse_fen(fen, castling).map_err(|reason| ImportError::BadFen {
                game,
                fen: fen.to_owned(),
                reason,
            })?,
            None => Chess::default(),
        };
        let result = tags
            .get("Result")
            .map_or(PgnResult::Unknown, PgnResult::from_tag);
        Ok(Movetext {
            game: ImportedGame {
                number: game,
                tags,
                start: start.clone(),
                moves: Vec::new(),
                result,
            },
            position: start,
            comment: String::new(),
        })
    }

    /// A move in SAN.
    pub(super) fn san(&mut self, san_plus: &SanPlus) -> Flow {
        self.finish_move()?;
        let played = match san_plus.san {
            San::Null => Err(MoveProblem::Null),
            // Lenient: what shakmaty's strict SAN refuses, the scoresheet
            // reader may still read as exactly one move.
            ref san => strict_move(&self.position, san)
                .or_else(|_| read_leniently(&self.position, &san_plus.to_string())),
        };
        match played {
            Ok(mv) => self.play(*san_plus, mv),
            Err(problem) => self.refuse(san_plus.to_string(), problem),
        }
    }

    /// A token that is no SAN (`e2-e4`, `Xz9`), read as the scoresheet
    /// reader reads an entry, at its own place.
    pub(super) fn written(&mut self, written: String) -> Flow {
        self.finish_move()?;
        match read_leniently(&self.position, &written) {
            Ok(mv) => self.play(SanPlus::from_move(self.position.clone(), mv), mv),
            Err(problem) => self.refuse(written, problem),
        }
    }

    /// A comment; one before the first move is about the game, not a move.
    pub(super) fn comment(&mut self, comment: &[u8]) {
        if self.game.moves.is_empty() {
            return;
        }
        if !self.comment.is_empty() {
            self.comment.push(' ');
        }
        match std::str::from_utf8(comment) {
            Ok(text) => self.comment.push_str(text),
            Err(_) => self.comment.push_str(&String::from_utf8_lossy(comment)),
        }
    }

    /// A numeric annotation glyph, on the last move.
    pub(super) fn nag(&mut self, nag: u8) {
        if let Some(last) = self.game.moves.last_mut() {
            last.nags.push(nag);
        }
    }

    /// The movetext's result.
    pub(super) fn outcome(&mut self, result: PgnResult) {
        self.game.result = result;
    }

    /// The game, once its movetext has ended.
    pub(super) fn end(mut self) -> Result<ImportedGame, ImportError> {
        if let ControlFlow::Break(err) = self.finish_move() {
            return err;
        }
        Ok(self.game)
    }

    /// Plays `mv`, read as `san`.
    fn play(&mut self, san: SanPlus, mv: Move) -> Flow {
        self.position.play_unchecked(mv);
        self.game.moves.push(ImportedMove {
            san,
            mv,
            clock_ms: None,
            emt_ms: None,
            draw_offer: false,
            nags: Vec::new(),
            comment: None,
        });
        ControlFlow::Continue(())
    }

    /// Ends the game at the move written `text`, with its problem.
    fn refuse(&self, text: String, problem: MoveProblem) -> Flow {
        let ply = self.game.moves.len() + 1;
        ControlFlow::Break(Err(self.error(ply, text, problem)))
    }

    /// Attaches the collected comments to the last move.
    fn finish_move(&mut self) -> Flow {
        // Most moves have no comment: nothing to read, nothing to allocate.
        if self.comment.is_empty() {
            return ControlFlow::Continue(());
        }
        let parsed = Annotations::parse(&self.comment);
        let Some(last) = self.game.moves.last_mut() else {
            self.comment.clear();
            return ControlFlow::Continue(());
        };
        match parsed {
            Ok(notes) => {
                last.clock_ms = notes.clock_ms;
                last.emt_ms = notes.emt_ms;
                last.draw_offer = notes.draw_offer;
                last.comment = (!notes.text.is_empty()).then_some(notes.text);
                // Cleared, not taken: the next move's comments reuse its buffer.
                self.comment.clear();
                ControlFlow::Continue(())
            }
            Err(()) => {
                let comment = std::mem::take(&mut self.comment);
                let ply = self.game.moves.len();
                let text = self.game.moves[ply - 1].san.to_string();
                let mut before = self.game.start.clone();
                for m in &self.game.moves[..ply - 1] {
                    before.play_unchecked(m.mv);
                }
                self.position = before;
                ControlFlow::Break(Err(self.error(
                    ply,
                    text,
                    MoveProblem::BadClock {
                        comment: comment.trim().to_owned(),
                    },
                )))
            }
        }
    }

    fn error(&self, ply: usize, text: String, problem: MoveProblem) -> ImportError {
        ImportError::Move {
            game: self.game.number,
            ply,
            move_number: self.position.fullmoves().get(),
            side: self.position.turn(),
            text,
            problem,
            position: Box::new(self.position.clone()),
            result: self.game.result,
        }
    }
}

/// `san.to_move(position)`, with a shortcut for a move that one piece alone
/// can make, as most are (not castling, not en passant): that piece is found
/// from the squares it could come from, and its move checked for leaving the
/// king attacked, instead of generating the moves to the square (shakmaty's
/// `san_candidates`, the import's largest cost). Anything else, and every
/// refusal, is shakmaty's.
fn strict_move(position: &Chess, san: &San) -> Result<Move, SanError> {
    if let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    {
        let board = position.board();
        let us = position.turn();
        // A pawn's move to the last rank names its promotion, and no other.
        let promotes = role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
        if let Some(king) = board.king_of(us)
            && capture == board.by_color(!us).contains(to)
            && !board.by_color(us).contains(to)
            && promotion.is_some() == promotes
            && promotion.is_none_or(|p| p != Role::Pawn && p != Role::King)
        {
            let occupied = board.occupied();
            let mut from = board.by_piece(role.of(us)) & origins(role, us, to, capture, occupied);
            if let Some(file) = file {
                from &= Bitboard::from_file(file);
            }
            if let Some(rank) = rank {
                from &= Bitboard::from_rank(rank);
            }
            // Legal when no piece of theirs (but one taken on `to`) attacks
            // the king after the move.
            let legal = |from| {
                let king = if role == Role::King { to } else { king };
                let after = occupied.without(from).with(to);
                board.attacks_to(king, !us, after).without(to).is_empty()
            };
            let mut legal_from = from.into_iter().filter(|&from| legal(from));
            if let (Some(from), None) = (legal_from.next(), legal_from.next()) {
                return Ok(Move::Normal {
                    role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion,
                });
            }
        }
    }
    san.to_move(position)
}

/// The squares a piece of `role` (of `us`) could reach `to` from on this
/// board: a piece by its attacks, a pawn by its capture or its step (two
/// from its starting rank, over an empty square).
fn origins(role: Role, us: Color, to: Square, capture: bool, occupied: Bitboard) -> Bitboard {
    if role != Role::Pawn {
        return attacks::attacks(to, role.of(us), occupied);
    }
    if capture {
        return attacks::pawn_attacks(!us, to);
    }
    let back = us.fold_wb(-8, 8);
    let Some(step) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    match step.offset(back) {
        Some(start) if !occupied.contains(step) && to.rank() == us.relative_rank(Rank::Fourth) => {
            Bitboard::from_square(start)
        }
        _ => Bitboard::from_square(step),
    }
}

/// Reads a move the way an arbiter reads a scoresheet entry (English).
fn read_leniently(position: &Chess, text: &str) -> Result<Move, MoveProblem> {
    match notation::read(position, text, NotationLang::En) {
        MoveReading::Legal { mv, .. } => Ok(mv),
        MoveReading::Ambiguous { candidates } => Err(MoveProblem::Ambiguous {
            candidates: candidates
                .iter()
                .map(|m| San::from_move(position, *m).to_string())
                .collect(),
        }),
        MoveReading::Unreadable { reason } => Err(MoveProblem::Unreadable { reason }),
        MoveReading::Illegal { reason } => Err(MoveProblem::Illegal { reason }),
    }
}

/// What the comments after a move say.
struct Annotations {
    clock_ms: Option<u64>,
    emt_ms: Option<u64>,
    draw_offer: bool,
    /// The rest of the comment text.
    text: String,
}

impl Annotations {
    fn parse(comment: &str) -> Result<Annotations, ()> {
        let mut notes = Annotations {
            clock_ms: None,
            emt_ms: None,
            draw_offer: false,
            text: String::new(),
        };
        let mut rest = comment;
        let mut plain = String::new();
        // Leading white space makes no word: a comment holding only
        // commands (`{ [%clk 0:03:00] }`, on every move of many files)
        // allocates nothing.
        let mut push_plain = |piece: &str| {
            plain.push_str(if plain.is_empty() {
                piece.trim_start()
            } else {
                piece
            });
        };
        // Commands look like `[%name value]`; other commands (%eval, %csl)
        // are dropped, plain text is kept.
        while let Some(start) = command_start(rest) {
            push_plain(&rest[..start]);
            let Some(len) = rest[start..].find(']') else {
                rest = &rest[start..];
                break;
            };
            let command = &rest[start + 2..start + len];
            let (name, value) = command
                .split_once(char::is_whitespace)
                .unwrap_or((command, ""));
            match name {
                "clk" => notes.clock_ms = Some(parse_clock(value)?),
                "emt" => notes.emt_ms = Some(parse_clock(value)?),
                _ => {}
            }
            rest = &rest[start + len + 1..];
        }
        push_plain(rest);
        let mut text = plain.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(stripped) = strip_draw_offer(&text) {
            notes.draw_offer = true;
            text = stripped;
        }
        notes.text = text;
        Ok(notes)
    }
}

/// Where the next `[%` command starts. (`str::find` would set up a
/// substring search for every comment, costlier than this scan.)
fn command_start(text: &str) -> Option<usize> {
    text.as_bytes().windows(2).position(|pair| pair == b"[%")
}

/// Removes the draw offer mark from a comment, if it is there.
fn strip_draw_offer(text: &str) -> Option<String> {
    if text.len() < DRAW_OFFER_COMMENT.len() {
        return None;
    }
    let at = text.to_ascii_lowercase().find(DRAW_OFFER_COMMENT)?;
    let rest = format!("{} {}", &text[..at], &text[at + DRAW_OFFER_COMMENT.len()..]);
    Some(rest.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Reads `H:MM:SS`, `MM:SS` or `SS`, each with an optional decimal fraction.
fn parse_clock(value: &str) -> Result<u64, ()> {
    let value = value.trim();
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let mut seconds: u64 = 0;
    for (index, field) in whole.split(':').enumerate() {
        if index == 3 {
            return Err(());
        }
        if field.is_empty() || field.len() > 9 || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        seconds = seconds
            .checked_mul(60)
            .ok_or(())?
            .checked_add(field.parse().map_err(|_| ())?)
            .ok_or(())?;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    let millis = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0, |acc, b| acc * 10 + u64::from(b - b'0'));
    seconds
        .checked_mul(1000)
        .and_then(|ms| ms.checked_add(millis))
        .ok_or(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut finds the move shakmaty finds, for every SAN of a move
    /// (each role, target, file and rank given or not, capture or not, a
    /// promotion or not) in the positions of real games, and refuses
    /// nothing shakmaty accepts.
    #[cfg(feature = "pgn-import")]
    #[test]
    fn strict_move_is_shakmatys_to_move() {
        let text = include_bytes!("../../tests/data/lichess_db_1000k.pgn");
        let mut compared = 0;
        for game in import(&text[..60_000]).into_iter().flatten() {
            let mut position = game.start.clone();
            for (ply, m) in game.moves.iter().enumerate() {
                if ply % 3 != 0 {
                    position.play_unchecked(m.mv);
                    continue;
                }
                let from = m.mv.from().unwrap();
                for role in Role::ALL {
                    let promotions: &[Option<Role>] = if role == Role::Pawn {
                        &[
                            None,
                            Some(Role::Queen),
                            Some(Role::Knight),
                            Some(Role::King),
                        ]
                    } else {
                        &[None, Some(Role::Queen)]
                    };
                    for to in Square::ALL {
                        // The origin's file or rank, or a file beside the
                        // target's (a pawn's capture).
                        let beside = |d| to.file().offset(d).map(|f| (Some(f), None));
                        let given = [
                            Some((None, None)),
                            Some((Some(from.file()), None)),
                            Some((None, Some(from.rank()))),
                            beside(-1),
                            beside(1),
                        ];
                        for (file, rank) in given.into_iter().flatten() {
                            for (capture, &promotion) in [false, true]
                                .into_iter()
                                .flat_map(|c| promotions.iter().map(move |p| (c, p)))
                            {
                                let san = San::Normal {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                };
                                assert_eq!(
                                    strict_move(&position, &san),
                                    san.to_move(&position),
                                    "{san} in {:?}",
                                    position.board()
                                );
                                compared += 1;
                            }
                        }
                    }
                }
                position.play_unchecked(m.mv);
            }
        }
        assert!(compared > 2_000_000, "{compared}");
    }

    #[test]
    fn clock_values_round_trip() {
        for ms in [0, 59_000, 5_400_000, 3_723_000, 36_000_000] {
            assert_eq!(parse_clock(&format_clock(ms)), Ok(ms), "{ms}");
        }
        assert_eq!(parse_clock("0:05"), Ok(5_000));
        assert_eq!(parse_clock("1:00:00.25"), Ok(3_600_250));
        assert_eq!(parse_clock("1:x:00"), Err(()));
        assert_eq!(parse_clock(""), Err(()));
        assert_eq!(parse_clock("1:2:3:4"), Err(()));
    }

    #[test]
    fn comments_keep_text_and_drop_commands() {
        let notes = Annotations::parse("good [%eval 0.3] [%clk 0:01:00] idea Draw offer").unwrap();
        assert_eq!(notes.clock_ms, Some(60_000));
        assert!(notes.draw_offer);
        assert_eq!(notes.text, "good idea");
    }
}
