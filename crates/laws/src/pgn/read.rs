//! Reading PGN: every game of a file as an [`ImportedGame`], with pgn-reader.
//! Behind the `pgn-import` feature: pgn-reader turns on shakmaty's default
//! features, and with them its 700 KB attack tables, which the web app's
//! first load does without (it imports PGN in its worker).

use std::{io, ops::ControlFlow};

use pgn_reader::{KnownOutcome, Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Move, Position, Rank, Role, Square, attacks,
    san::{San, SanError},
};
use tinystr::TinyAsciiStr;

use super::{
    marked::{MARK, Marked, token_text},
    *,
};
use crate::notation::{self, MoveReading, NotationLang};

impl From<Outcome> for PgnResult {
    fn from(outcome: Outcome) -> PgnResult {
        match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => PgnResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => PgnResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => PgnResult::Draw,
            Outcome::Unknown => PgnResult::Unknown,
        }
    }
}

/// Reads every game of a PGN file (or string as bytes).
///
/// Each game is imported or fails on its own; an I/O or irrecoverable
/// syntax error ends the list with [`ImportError::Unreadable`].
pub fn import<R: io::Read>(source: R) -> Vec<Result<ImportedGame, ImportError>> {
    games(source).collect()
}

/// The games of a PGN file one at a time, as [`import`] reads them, for a
/// file too large to hold every game at once (`laws check`).
pub fn games<R: io::Read>(source: R) -> Games<R> {
    Games {
        reader: Some(Reader::new(Marked::new(source))),
        importer: Importer {
            games: 0,
            san: Vec::new(),
        },
    }
}

/// The iterator of [`games`].
pub struct Games<R> {
    /// `None` after the end of the file or an unreadable part.
    reader: Option<Reader<Marked<R>>>,
    importer: Importer,
}

impl<R: io::Read> Iterator for Games<R> {
    type Item = Result<ImportedGame, ImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.reader.as_mut()?.read_game(&mut self.importer) {
            Ok(Some(game)) => Some(game),
            Ok(None) => {
                self.reader = None;
                None
            }
            Err(e) => {
                self.reader = None;
                Some(Err(ImportError::Unreadable {
                    game: self.importer.games,
                    reason: e.to_string(),
                }))
            }
        }
    }
}

struct Importer {
    games: usize,
    /// The current move's SAN, written out here and copied inline.
    san: Vec<u8>,
}

struct Movetext {
    game: ImportedGame,
    position: Chess,
    /// Comments of the current move collected so far.
    comment: String,
}

impl Visitor for Importer {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<ImportedGame, ImportError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((lossy_utf8(name.to_vec()), unescape(value.as_bytes())));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let game = self.games;
        let castling = match tag_value(&tags, "Variant").map(|v| v.trim().to_ascii_lowercase()) {
            None => CastlingMode::Standard,
            Some(v)
                if v.is_empty()
                    || ["standard", "chess", "normal", "from position"].contains(&v.as_str()) =>
            {
                CastlingMode::Standard
            }
            Some(v) if v.contains("960") || v.starts_with("fischer") => CastlingMode::Chess960,
            Some(_) => {
                let variant = tag_value(&tags, "Variant").unwrap_or_default().to_owned();
                return ControlFlow::Break(Err(ImportError::UnsupportedVariant { game, variant }));
            }
        };
        let start = match tag_value(&tags, "FEN") {
            // A FEN tag without `SetUp "1"` is common in real files; it still
            // names the start position.
            Some(fen) => match parse_fen(fen, castling) {
                Ok(pos) => pos,
                Err(reason) => {
                    return ControlFlow::Break(Err(ImportError::BadFen {
                        game,
                        fen: fen.to_owned(),
                        reason,
                    }));
                }
            },
            None => Chess::default(),
        };
        let result = tag_value(&tags, "Result").map_or(PgnResult::Unknown, PgnResult::from_tag);
        ControlFlow::Continue(Movetext {
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

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.finish_move(self.games)?;
        self.san.clear();
        san_plus.append_ascii_to(&mut self.san);
        // SAN is ASCII and at most 9 bytes: nothing is replaced or cut.
        let text = TinyAsciiStr::from_utf8_lossy(&self.san, b'?');
        let played = match san_plus.san {
            San::Null => Err(MoveProblem::Null),
            // Lenient: what shakmaty's strict SAN refuses, the scoresheet
            // reader may still read as exactly one move.
            ref san => strict_move(&movetext.position, san)
                .or_else(|_| read_leniently(&movetext.position, &text)),
        };
        movetext.play(self.games, text, played)
    }

    fn nag(&mut self, movetext: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        if let Some(last) = movetext.game.moves.last_mut() {
            last.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        // A token pgn-reader would have skipped: read as the scoresheet
        // reader reads an entry, at its own place.
        if let [MARK, token @ ..] = comment.as_bytes() {
            movetext.finish_move(self.games)?;
            let written = token_text(token);
            let played = read_leniently(&movetext.position, &written);
            // Kept as written when it fits, else in SAN.
            let text = match (&played, TinyAsciiStr::try_from_str(&written)) {
                (_, Ok(text)) => text,
                (Ok(mv), Err(_)) => TinyAsciiStr::from_utf8_lossy(
                    San::from_move(&movetext.position, *mv)
                        .to_string()
                        .as_bytes(),
                    b'?',
                ),
                (Err(problem), Err(_)) => {
                    let problem = problem.clone();
                    return ControlFlow::Break(Err(movetext.error(
                        self.games,
                        movetext.game.moves.len() + 1,
                        written,
                        problem,
                    )));
                }
            };
            return movetext.play(self.games, text, played);
        }
        // A comment before the first move is about the game, not a move.
        if !movetext.game.moves.is_empty() {
            if !movetext.comment.is_empty() {
                movetext.comment.push(' ');
            }
            match std::str::from_utf8(comment.as_bytes()) {
                Ok(text) => movetext.comment.push_str(text),
                Err(_) => movetext
                    .comment
                    .push_str(&String::from_utf8_lossy(comment.as_bytes())),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(
        &mut self,
        movetext: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        movetext.game.result = outcome.into();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut movetext: Self::Movetext) -> Self::Output {
        if let ControlFlow::Break(err) = movetext.finish_move(self.games) {
            return err;
        }
        Ok(movetext.game)
    }
}

impl Movetext {
    /// Plays the move read from `text`, or ends the game with its problem.
    fn play(
        &mut self,
        game: usize,
        text: TinyAsciiStr<16>,
        played: Result<Move, MoveProblem>,
    ) -> ControlFlow<Result<ImportedGame, ImportError>> {
        match played {
            Ok(mv) => {
                self.position.play_unchecked(mv);
                self.game.moves.push(ImportedMove {
                    san: text,
                    mv,
                    clock_ms: None,
                    emt_ms: None,
                    draw_offer: false,
                    nags: Vec::new(),
                    comment: None,
                });
                ControlFlow::Continue(())
            }
            Err(problem) => ControlFlow::Break(Err(self.error(
                game,
                self.game.moves.len() + 1,
                text.to_string(),
                problem,
            ))),
        }
    }

    /// Attaches the collected comments to the last move.
    fn finish_move(&mut self, game: usize) -> ControlFlow<Result<ImportedGame, ImportError>> {
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
                    game,
                    ply,
                    text,
                    MoveProblem::BadClock {
                        comment: comment.trim().to_owned(),
                    },
                )))
            }
        }
    }

    fn error(&self, game: usize, ply: usize, text: String, problem: MoveProblem) -> ImportError {
        ImportError::Move {
            game,
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

/// Decodes `\\` and `\"` in a tag value. (pgn-reader 0.29's own decoding
/// loses the backslash of `\\` when an escaped quote follows it.)
fn unescape(raw: &[u8]) -> String {
    // Most values have no backslash: copied at once.
    if !raw.contains(&b'\\') {
        return lossy_utf8(raw.to_vec());
    }
    let mut bytes = Vec::with_capacity(raw.len());
    let mut iter = raw.iter().copied().peekable();
    while let Some(b) = iter.next() {
        match (b, iter.peek()) {
            (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                bytes.push(next);
                iter.next();
            }
            _ => bytes.push(b),
        }
    }
    lossy_utf8(bytes)
}

/// The bytes as text, invalid UTF-8 replaced, without a copy when valid.
fn lossy_utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|invalid| String::from_utf8_lossy(invalid.as_bytes()).into_owned())
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

    #[test]
    fn tag_values_unescape_backslashes_before_quotes() {
        assert_eq!(unescape(br#"a\\\"b\c"#), r#"a\"b\c"#);
        assert_eq!(unescape(br"end\"), r"end\");
    }
}
