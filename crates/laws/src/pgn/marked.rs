//! The movetext tokens pgn-reader would skip without a word, marked.
//!
//! pgn-reader 0.29 drops a movetext token it cannot read as SAN, a move
//! number, a result or an annotation (`Xz9`, `e2-e4`, `Nf3x`) and tells its
//! visitor nothing, so a problem would be reported at the next move, or not
//! at all. [`Marked`] reads the file in front of it, tokenised as pgn-reader
//! tokenises it, and writes each such token as a comment that starts with
//! [`MARK`] (a byte no UTF-8 text holds): the visitor then sees the token at
//! its own place in the movetext, and pgn-reader's own reading of everything
//! else is unchanged. Inside a variation the marked comment is skipped with
//! the variation, as pgn-reader skips the rest.

use std::io::{self, Read};

use shakmaty::san::SanPlus;

/// The first byte of a comment that holds a skipped token.
pub(super) const MARK: u8 = 0xff;
/// A `}` of a skipped token, written inside its comment (no UTF-8 text
/// holds this byte either).
const BRACE: u8 = 0xfe;
/// A skipped token longer than this is cut: its start names it well enough.
const MAX_TOKEN: usize = 64;

/// A skipped token's text, from its comment's bytes after [`MARK`].
pub(super) fn token_text(marked: &[u8]) -> String {
    let bytes: Vec<u8> = marked
        .iter()
        .map(|&b| if b == BRACE { b'}' } else { b })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Where in the file the next byte is, as pgn-reader would read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before a game or among its tags: white space, `%` lines, tags.
    Head { new_line: bool },
    /// In a tag, before its value.
    Tag,
    /// In a tag's quoted value; `escaped` after a backslash.
    TagValue { escaped: bool },
    /// After a tag's value, up to its `]`.
    TagEnd,
    /// In the movetext, between tokens.
    Movetext,
    /// Just after a line break in the movetext (a `%` line, or the game's end?).
    NewLine,
    /// After a line break and a carriage return.
    NewLineReturn,
    /// A `{` comment; `first` before its first byte.
    Comment { first: bool },
    /// A `;` comment or a `%` line, up to the line break.
    RestOfLine { head: bool },
    /// A token being read (in `token`).
    Token,
}

/// A PGN source, with the tokens pgn-reader would skip marked as comments.
pub(super) struct Marked<R> {
    inner: R,
    state: State,
    /// The start of a token that goes on in the next chunk, held back.
    token: Vec<u8>,
    /// The length of the token being read, when it started in an earlier
    /// chunk (`token` keeps at most [`MAX_TOKEN`] bytes of it).
    token_len: usize,
    /// A chunk read from `inner`.
    input: Vec<u8>,
    /// Bytes ready for pgn-reader, from `output_at` on.
    output: Vec<u8>,
    output_at: usize,
    done: bool,
}

impl<R: Read> Marked<R> {
    pub(super) fn new(inner: R) -> Marked<R> {
        Marked {
            inner,
            state: State::Head { new_line: true },
            token: Vec::new(),
            token_len: 0,
            input: vec![0; 64 * 1024],
            output: Vec::with_capacity(64 * 1024 + 256),
            output_at: 0,
            done: false,
        }
    }

    /// Reads a chunk from the source and writes it to `output`.
    fn fill(&mut self) -> io::Result<()> {
        self.output.clear();
        self.output_at = 0;
        let n = loop {
            match self.inner.read(&mut self.input) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        if n == 0 {
            self.done = true;
            if self.state == State::Token {
                let token = std::mem::take(&mut self.token);
                self.write_token(&token, self.token_len);
                self.token_len = 0;
            }
            return Ok(());
        }
        let input = std::mem::take(&mut self.input);
        self.scan(&input[..n]);
        self.input = input;
        Ok(())
    }

    /// Reads a chunk and writes it to `output`: copied as it is in runs,
    /// but for the tokens marked and a token held back for the next chunk.
    fn scan(&mut self, chunk: &[u8]) {
        // `chunk[copied..i]` is yet to be copied to `output`.
        let mut copied = 0;
        let mut i = 0;
        if self.state == State::Token {
            // The token held back from the last chunk goes on here.
            let len = chunk
                .iter()
                .position(|&b| is_token_end(b))
                .unwrap_or(chunk.len());
            let room = MAX_TOKEN.saturating_sub(self.token.len());
            self.token.extend_from_slice(&chunk[..len.min(room)]);
            self.token_len += len;
            if len == chunk.len() {
                return;
            }
            let token = std::mem::take(&mut self.token);
            self.write_token(&token, self.token_len);
            self.token = token;
            self.token.clear();
            self.token_len = 0;
            self.state = State::Movetext;
            (copied, i) = (len, len);
        }
        while let Some(&byte) = chunk.get(i) {
            match self.state {
                // Tokens and what separates them, in one loop: most of a
                // movetext.
                State::Movetext if !matches!(byte, b'{' | b';' | b'\n' | b'}') => {
                    while let Some(&byte) = chunk.get(i) {
                        if !is_token_end(byte) {
                            if let Some(len) = plain_token(&chunk[i..]) {
                                i += len;
                                continue;
                            }
                            let end = stop_at(chunk, i, is_token_end);
                            if end == chunk.len() {
                                // Held back: whether it is marked shows in the
                                // next chunk.
                                self.output.extend_from_slice(&chunk[copied..i]);
                                self.token
                                    .extend_from_slice(&chunk[i..end.min(i + MAX_TOKEN)]);
                                self.token_len = end - i;
                                self.state = State::Token;
                                return;
                            }
                            if !read_whole(&chunk[i..end]) {
                                self.output.extend_from_slice(&chunk[copied..i]);
                                self.write_token(&chunk[i..end], end - i);
                                copied = end;
                            }
                            i = end;
                        } else if matches!(byte, b'{' | b';' | b'\n' | b'}') {
                            break;
                        } else {
                            i += 1;
                        }
                    }
                    continue;
                }
                // A plain tag line at once: most of a game's head.
                State::Head { .. } if byte == b'[' => {
                    if let Some(len) = plain_tag_line(&chunk[i..]) {
                        i += len;
                        self.state = State::Head { new_line: true };
                        continue;
                    }
                }
                State::Movetext if byte == b'}' => {
                    // `}` out of a comment is a token of its own.
                    self.output.extend_from_slice(&chunk[copied..i]);
                    self.write_token(b"}", 1);
                    i += 1;
                    copied = i;
                    continue;
                }
                State::Comment { first: true } if byte == MARK => {
                    // A comment of the file's own never starts with the mark.
                    self.output.extend_from_slice(&chunk[copied..i]);
                    self.output.push(BRACE);
                    self.state = State::Comment { first: false };
                    i += 1;
                    copied = i;
                    continue;
                }
                State::Comment { .. } => {
                    i = stop_at(chunk, i, |b| b == b'}');
                    self.state = State::Comment { first: false };
                    if i < chunk.len() {
                        self.state = State::Movetext;
                        i += 1;
                    }
                    continue;
                }
                // Runs up to the byte that changes the state.
                State::Tag => i = stop_at(chunk, i, |b| matches!(b, b'"' | b']' | b'\n')),
                State::TagValue { escaped: false } => {
                    i = stop_at(chunk, i, |b| matches!(b, b'\\' | b'"' | b'\n'));
                }
                State::RestOfLine { .. } => i = stop_at(chunk, i, |b| b == b'\n'),
                _ => {}
            }
            if let Some(&byte) = chunk.get(i)
                && self.step(byte)
            {
                i += 1;
            }
        }
        self.output.extend_from_slice(&chunk[copied..]);
    }

    /// The state after `byte`, where no run is read at once; `false` when
    /// the byte is to be read again in the new state.
    fn step(&mut self, byte: u8) -> bool {
        self.state = match (self.state, byte) {
            (State::Head { .. }, b'\n') => State::Head { new_line: true },
            // White space, and a byte order mark, which pgn-reader skips
            // before a game.
            (State::Head { .. }, b' ' | b'\t' | b'\r' | 0xef | 0xbb | 0xbf) => self.state,
            (State::Head { new_line: true }, b'%') => State::RestOfLine { head: true },
            (State::Head { .. }, b'[') => State::Tag,
            (State::Head { .. }, _) => {
                self.state = State::Movetext;
                return false;
            }
            (State::Tag, b'"') => State::TagValue { escaped: false },
            (State::Tag | State::TagEnd, b']' | b'\n') => State::Head {
                new_line: byte == b'\n',
            },
            (State::Tag, _) => State::Tag,
            (State::TagValue { escaped: true }, _) => State::TagValue { escaped: false },
            (State::TagValue { .. }, b'\\') => State::TagValue { escaped: true },
            (State::TagValue { .. }, b'"') => State::TagEnd,
            (State::TagValue { .. }, b'\n') => State::Head { new_line: true },
            (State::TagValue { .. }, _) => State::TagValue { escaped: false },
            (State::TagEnd, b' ' | b'\t' | b'\r') => State::TagEnd,
            (State::NewLine, b'%') => State::RestOfLine { head: false },
            (State::NewLine, b'[' | b'\n') => {
                self.state = State::Head { new_line: true };
                return false;
            }
            (State::NewLine, b'\r') => State::NewLineReturn,
            (State::NewLineReturn, b'\n') => State::Head { new_line: true },
            (State::TagEnd | State::NewLine | State::NewLineReturn, _) => {
                self.state = State::Movetext;
                return false;
            }
            (State::RestOfLine { head: true }, _) => State::Head { new_line: true },
            (State::RestOfLine { head: false }, _) => State::NewLine,
            (State::Movetext, b'{') => State::Comment { first: true },
            (State::Movetext, b';') => State::RestOfLine { head: false },
            (State::Movetext, b'\n') => State::NewLine,
            (State::Movetext | State::Comment { .. } | State::Token, _) => self.state,
        };
        true
    }

    /// Writes a token of `len` bytes, of which `token` holds the first: as
    /// it is if pgn-reader reads all of it, else marked.
    fn write_token(&mut self, token: &[u8], len: usize) {
        if len == token.len() && read_whole(token) {
            self.output.extend_from_slice(token);
        } else {
            self.output.extend_from_slice(&[b'{', MARK]);
            self.output.extend(
                token
                    .iter()
                    .take(MAX_TOKEN)
                    .map(|&b| if b == b'}' { BRACE } else { b }),
            );
            self.output.extend_from_slice(b"} ");
        }
    }
}

impl<R: Read> Read for Marked<R> {
    // Out of line: pgn-reader's buffer calls this where it runs short, in
    // the check it makes before every token; with the whole scan inlined
    // into that check, reading every token grew (in wasm a pass of
    // twic1599 took 157 million instructions instead of 143, 19 ms
    // instead of 17).
    #[inline(never)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.output_at == self.output.len() && !self.done {
            self.fill()?;
        }
        let ready = &self.output[self.output_at..];
        let n = ready.len().min(buf.len());
        buf[..n].copy_from_slice(&ready[..n]);
        self.output_at += n;
        Ok(n)
    }
}

/// pgn-reader's token ends (its `is_token_end`), looked up.
fn is_token_end(byte: u8) -> bool {
    CLASS[usize::from(byte)] & END != 0
}

/// What a byte can be in the plain shapes of [`plain_san`] and
/// [`plain_token`]: bits of [`CLASS`].
const FILE: u8 = 1;
const RANK: u8 = 2;
const PIECE: u8 = 4;
const DIGIT: u8 = 8;
/// `1` to `9`: a move number's first digit.
const LEADING_DIGIT: u8 = 16;
/// `+` or `#`.
const CHECK: u8 = 32;
/// `x`.
const TAKES: u8 = 64;
/// pgn-reader's token ends ([`is_token_end`]).
const END: u8 = 128;
const CLASS: [u8; 256] = {
    let mut class = [0; 256];
    let mut b = b'a';
    while b <= b'h' {
        class[b as usize] = FILE;
        b += 1;
    }
    let mut b = b'0';
    while b <= b'9' {
        class[b as usize] = DIGIT
            | if b >= b'1' && b <= b'8' { RANK } else { 0 }
            | if b >= b'1' { LEADING_DIGIT } else { 0 };
        b += 1;
    }
    let pieces = b"NBRQK";
    let mut i = 0;
    while i < pieces.len() {
        class[pieces[i] as usize] = PIECE;
        i += 1;
    }
    class[b'+' as usize] = CHECK;
    class[b'#' as usize] = CHECK;
    class[b'x' as usize] = TAKES;
    let ends = b" \t\n\r{}()!?$;.*";
    let mut i = 0;
    while i < ends.len() {
        class[ends[i] as usize] = END;
        i += 1;
    }
    class
};

/// The length of the token `rest` starts with, when it has a plain shape
/// of [`plain_san`] and its end is in `rest`: read in one pass, as most
/// tokens of a movetext are.
fn plain_token(rest: &[u8]) -> Option<usize> {
    // Past the chunk, no class: the end is not known here.
    plain_shape(|at| rest.get(at).map_or(0, |&b| CLASS[usize::from(b)]))
}

/// The length of a plain shape, up to a token end, from the class of the
/// byte at each place.
fn plain_shape(class: impl Fn(usize) -> u8) -> Option<usize> {
    let square = |at: usize| class(at) == FILE && class(at + 1) & RANK != 0;
    let body = match class(0) {
        // A move number, as long as it does not start with 0 (`0` alone is
        // skipped by pgn-reader).
        c if c & LEADING_DIGIT != 0 => {
            let digits = (1..).find(|&at| class(at) & DIGIT == 0)?;
            return (class(digits) == END).then_some(digits);
        }
        FILE if square(0) => 2,
        FILE | PIECE if class(1) == TAKES && square(2) => 4,
        PIECE if square(1) => 3,
        _ => return None,
    };
    let len = if class(body) == CHECK { body + 1 } else { body };
    (class(len) == END).then_some(len)
}

/// The length of a tag line `rest` starts with, up to its line break, when
/// it is the plain `[Name "value"]` (no backslash in the value, nothing
/// after it but white space) and ends in `rest`.
fn plain_tag_line(rest: &[u8]) -> Option<usize> {
    let quote = stop_at(rest, 1, |b| matches!(b, b'"' | b']' | b'\n'));
    let value_end = stop_at(rest, quote + 1, |b| matches!(b, b'\\' | b'"' | b'\n'));
    let bracket = stop_at(rest, value_end + 1, |b| !matches!(b, b' ' | b'\t' | b'\r'));
    let line_end = stop_at(rest, bracket + 1, |b| !matches!(b, b' ' | b'\t' | b'\r'));
    (rest.get(quote) == Some(&b'"')
        && rest.get(value_end) == Some(&b'"')
        && rest.get(bracket) == Some(&b']')
        && rest.get(line_end) == Some(&b'\n'))
    .then_some(line_end + 1)
}

/// Where the run from `from` stops: at the first byte `stop` is true for,
/// else at the end (generic: inlined at each use).
fn stop_at(chunk: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    chunk
        .get(from..)
        .and_then(|run| run.iter().position(|&b| stop(b)))
        .map_or(chunk.len(), |n| from + n)
}

/// The common shapes (`e4`, `Nf3`, `exd5`, `Qxh7+`, a move number), which
/// pgn-reader reads whole: known without parsing.
fn plain_san(token: &[u8]) -> bool {
    // The token ends where it ends.
    plain_shape(|at| token.get(at).map_or(END, |&b| CLASS[usize::from(b)])) == Some(token.len())
}

/// Whether pgn-reader reads all of a token (made of no token end) as move
/// numbers, results, a NAG, castling with zeros or SAN, as its
/// `read_movetext` does, leaving nothing it skips unreported.
fn read_whole(token: &[u8]) -> bool {
    if plain_san(token) {
        return true;
    }
    let mut rest = token;
    while let [first, after @ ..] = rest {
        rest = match first {
            b'0' => match dash(after) {
                Some(r) if r.starts_with(b"1") => &r[1..],
                Some([b'0', r @ ..]) => {
                    // `0-0`, `0-0-0`, then a check or mate mark.
                    let r = dash(r).map_or(r, |r| r.strip_prefix(b"0").unwrap_or(r));
                    r.strip_prefix(b"+")
                        .or_else(|| r.strip_prefix(b"#"))
                        .unwrap_or(r)
                }
                _ => return false,
            },
            b'1' => match dash(after) {
                Some([b'0', r @ ..]) => r,
                Some(_) => return false,
                None => match after.strip_prefix(b"/2") {
                    Some(r) => match dash(r).and_then(|r| r.strip_prefix(b"1/2")) {
                        Some(r) => r,
                        None => return false,
                    },
                    None => skip_digits(after),
                },
            },
            b'2'..=b'9' => skip_digits(after),
            b'$' => {
                return !after.is_empty()
                    && after.len() <= 3
                    && after.iter().all(u8::is_ascii_digit)
                    && after.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')) <= 255;
            }
            0xc2 => match after
                .strip_prefix(b"\xbd")
                .and_then(dash)
                .and_then(|r| r.strip_prefix("½".as_bytes()))
            {
                Some(r) => r,
                None => return false,
            },
            _ => match SanPlus::from_ascii_prefix(rest) {
                Ok((_, n)) if n == rest.len() => &[],
                _ => return false,
            },
        };
    }
    true
}

/// After a dash as pgn-reader reads one (`-`, `–` or `—`).
fn dash(bytes: &[u8]) -> Option<&[u8]> {
    ["-", "–", "—"]
        .into_iter()
        .find_map(|d| bytes.strip_prefix(d.as_bytes()))
}

fn skip_digits(bytes: &[u8]) -> &[u8] {
    let n = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    &bytes[n..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(text: &str) -> String {
        let mut out = Vec::new();
        Marked::new(text.as_bytes()).read_to_end(&mut out).unwrap();
        String::from_utf8_lossy(&out)
            .replace('\u{fffd}', "#")
            .to_string()
    }

    #[test]
    fn what_pgn_reader_reads_is_left_alone() {
        for text in [
            "[Event \"Xz9 {a}\"]\n\n1. e4 e5 2. Nf3!? $1 {x} (2. f4 g5) 0-0 0-0-0+ O-O 1/2-1/2\n",
            "1.e4 c5 12...Nxd4 -- Z0 e8=Q# ½-½ 1-0 0-1 *\n% escaped Xz9\n; Xz9\n",
            "\u{feff}[A \"b\\\"] Xz9\"] [C \"d\"]\n1. e4\n\n[E \"]\"]\n1. d4",
        ] {
            assert_eq!(marked(text), text);
        }
    }

    #[test]
    fn tokens_pgn_reader_would_skip_are_marked() {
        assert_eq!(marked("1. e4 Xz9 e5"), "1. e4 {#Xz9}  e5");
        assert_eq!(marked("Xz9 1. e4"), "{#Xz9}  1. e4");
        // In a variation too: pgn-reader skips the mark with the variation.
        assert_eq!(marked("1. e4 (1. d4 Xz9)"), "1. e4 (1. d4 {#Xz9} )");
        assert_eq!(
            marked("1. e2-e4 Nf3x} 0 1-"),
            "1. {#e2-e4}  {#Nf3x} {##}  {#0}  {#1-} "
        );
        assert_eq!(marked("1. e4 {c} Xz9"), "1. e4 {c} {#Xz9} ");
        // A comment of the file's own starting with the mark's byte is told apart.
        let mut out = Vec::new();
        Marked::new(&b"1. e4 {\xff}"[..])
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"1. e4 {\xfe}");
    }

    #[test]
    fn the_plain_shapes_are_what_pgn_reader_reads_whole() {
        let bytes = b"abcdefgh0123456789NBRQKx+#";
        for a in bytes {
            for b in bytes {
                for c in bytes {
                    for token in [
                        &[*a][..],
                        &[*a, *b][..],
                        &[*a, *b, *c][..],
                        &[*a, b'x', *b, *c][..],
                    ] {
                        if plain_san(token) && !token[0].is_ascii_digit() {
                            assert!(
                                matches!(SanPlus::from_ascii_prefix(token), Ok((_, n)) if n == token.len()),
                                "{}",
                                String::from_utf8_lossy(token)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_plain_shapes_are_read_whole_either_way() {
        for token in ["e4", "Nf3", "exd5", "Qxh7+", "Kb1#", "12", "1", "100"] {
            assert!(plain_san(token.as_bytes()), "{token}");
        }
        for token in ["0", "05", "e9", "Nf", "xe4", "Xe4", "12+", "Px4"] {
            assert!(!plain_san(token.as_bytes()), "{token}");
        }
    }

    /// A reader giving one byte at a time: no token, no tag line is ever
    /// whole in a chunk, so each is read byte by byte.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    /// The text marked at once and trickled in, which must be the same.
    fn whole_and_trickled(text: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut whole = Vec::new();
        Marked::new(text).read_to_end(&mut whole).unwrap();
        let mut trickled = Vec::new();
        Marked::new(Trickle(text))
            .read_to_end(&mut trickled)
            .unwrap();
        (whole, trickled)
    }

    #[test]
    fn a_token_across_chunks_is_read_whole() {
        let text = "[A \"b\"]\n\n1. e4 {c} Xz9 Nf3x e2-e4 12...Nxd4 (1... Xz9) 1-0";
        let (whole, trickled) = whole_and_trickled(text.as_bytes());
        assert_eq!(trickled, whole);
        assert_eq!(whole.iter().filter(|&&b| b == MARK).count(), 4);
    }

    /// The plain tokens and tag lines, read in one pass each, are marked as
    /// the byte-by-byte reading marks them, in real files and odd ones.
    #[test]
    fn plain_tokens_and_tag_lines_read_at_once_as_byte_by_byte() {
        for text in [
            &include_bytes!("../../tests/data/twic1599_1000k.pgn")[..200_000],
            &include_bytes!("../../tests/data/lichess_db_1000k.pgn")[..200_000],
            b"[A \"b\\\"c\"] [D \"e\"]\n[F \"g\"] x\n[H \"i\"]\t\r\n[J \"k\n\n\
              1. e4+ Nf3# exd5 Qxh7 12 0 05 e9 Nf Xe4 12+ Px4 e4x 1-0 1/2-1/2 0-1\n\n\
              [E \"]\"]\n1.d4 10... Kxe1+ bxc8=Q e8 Nbd7 *",
        ] {
            let (whole, trickled) = whole_and_trickled(text);
            assert_eq!(
                String::from_utf8_lossy(&whole),
                String::from_utf8_lossy(&trickled)
            );
        }
    }

    #[test]
    fn plain_tokens_end_where_pgn_reader_ends_them() {
        assert_eq!(plain_token(b"Nf3 "), Some(3));
        assert_eq!(plain_token(b"exd5+."), Some(5));
        assert_eq!(plain_token(b"12."), Some(2));
        // Not plain, or its end is not in the chunk: read the long way.
        for rest in [&b"Nf3"[..], b"e4x ", b"0 ", b"12+ ", b"Nbd7 ", b"e8=Q "] {
            assert_eq!(plain_token(rest), None, "{}", String::from_utf8_lossy(rest));
        }
        assert_eq!(plain_tag_line(b"[A \"b\"] \r\n["), Some(10));
        for rest in [
            &b"[A \"b\"]"[..],
            b"[A \"b\\\"\"]\n",
            b"[A \"b\"] [C \"d\"]\n",
        ] {
            assert_eq!(
                plain_tag_line(rest),
                None,
                "{}",
                String::from_utf8_lossy(rest)
            );
        }
    }

    #[test]
    fn the_marked_text_is_given_back() {
        assert_eq!(token_text(&[b'N', BRACE]), "N}");
    }
}
