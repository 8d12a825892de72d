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
    /// The token being read.
    token: Vec<u8>,
    /// Its length, when longer than what `token` keeps.
    token_len: usize,
    /// Bytes read from `inner`, not yet handled.
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
                self.end_token();
            }
            return Ok(());
        }
        let input = std::mem::take(&mut self.input);
        for &byte in &input[..n] {
            self.push(byte);
        }
        self.input = input;
        Ok(())
    }

    fn push(&mut self, byte: u8) {
        match self.state {
            State::Head { new_line } => match byte {
                b' ' | b'\t' | b'\r' => self.output.push(byte),
                b'\n' => {
                    self.output.push(byte);
                    self.state = State::Head { new_line: true };
                }
                b'%' if new_line => {
                    self.output.push(byte);
                    self.state = State::RestOfLine { head: true };
                }
                b'[' => {
                    self.output.push(byte);
                    self.state = State::Tag;
                }
                // A byte order mark: pgn-reader skips it before a game.
                0xef | 0xbb | 0xbf => self.output.push(byte),
                _ => {
                    self.state = State::Movetext;
                    self.push(byte);
                }
            },
            State::Tag => {
                self.output.push(byte);
                self.state = match byte {
                    b'"' => State::TagValue { escaped: false },
                    b']' | b'\n' => State::Head { new_line: byte == b'\n' },
                    _ => State::Tag,
                };
            }
            State::TagValue { escaped } => {
                self.output.push(byte);
                self.state = match byte {
                    _ if escaped => State::TagValue { escaped: false },
                    b'\\' => State::TagValue { escaped: true },
                    b'"' => State::TagEnd,
                    b'\n' => State::Head { new_line: true },
                    _ => State::TagValue { escaped: false },
                };
            }
            State::TagEnd => match byte {
                b' ' | b'\t' | b'\r' => self.output.push(byte),
                b']' | b'\n' => {
                    self.output.push(byte);
                    self.state = State::Head { new_line: byte == b'\n' };
                }
                _ => {
                    self.state = State::Movetext;
                    self.push(byte);
                }
            },
            State::Comment { first } => {
                // A comment of the file's own never starts with the mark.
                self.output.push(if first && byte == MARK { BRACE } else { byte });
                self.state = if byte == b'}' {
                    State::Movetext
                } else {
                    State::Comment { first: false }
                };
            }
            State::RestOfLine { head } => {
                if byte == b'\n' {
                    self.state = if head { State::Head { new_line: false } } else { State::Movetext };
                    self.push(byte);
                } else {
                    self.output.push(byte);
                }
            }
            State::NewLine => match byte {
                b'%' => {
                    self.output.push(byte);
                    self.state = State::RestOfLine { head: false };
                }
                b'[' | b'\n' => {
                    self.state = State::Head { new_line: true };
                    self.push(byte);
                }
                b'\r' => {
                    self.output.push(byte);
                    self.state = State::NewLineReturn;
                }
                _ => {
                    self.state = State::Movetext;
                    self.push(byte);
                }
            },
            State::NewLineReturn => {
                self.state = if byte == b'\n' { State::Head { new_line: false } } else { State::Movetext };
                self.push(byte);
            }
            State::Token if is_token_end(byte) => {
                self.end_token();
                self.state = State::Movetext;
                self.push(byte);
            }
            State::Token => {
                self.token_len += 1;
                if self.token.len() < MAX_TOKEN {
                    self.token.push(byte);
                }
            }
            State::Movetext => match byte {
                b'{' => {
                    self.output.push(byte);
                    self.state = State::Comment { first: true };
                }
                b';' => {
                    self.output.push(byte);
                    self.state = State::RestOfLine { head: false };
                }
                b'\n' => {
                    self.output.push(byte);
                    self.state = State::NewLine;
                }
                // `}` out of a comment is a token of its own.
                b'}' => {
                    self.token.push(byte);
                    self.token_len = 1;
                    self.end_token();
                }
                _ if is_token_end(byte) => self.output.push(byte),
                _ => {
                    self.token.push(byte);
                    self.token_len = 1;
                    self.state = State::Token;
                }
            },
        }
    }

    /// Writes the token read: as it is if pgn-reader reads all of it, else
    /// marked.
    fn end_token(&mut self) {
        if self.token_len == self.token.len() && read_whole(&self.token) {
            self.output.extend_from_slice(&self.token);
        } else {
            self.output.extend_from_slice(&[b'{', MARK]);
            self.output
                .extend(self.token.iter().map(|&b| if b == b'}' { BRACE } else { b }));
            self.output.extend_from_slice(b"} ");
        }
        self.token.clear();
        self.token_len = 0;
    }
}

impl<R: Read> Read for Marked<R> {
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

/// pgn-reader's token ends (its `is_token_end`).
fn is_token_end(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b'!' | b'?' | b'$' | b';' | b'.' | b'*'
    )
}

/// Whether pgn-reader reads all of a token (made of no token end) as move
/// numbers, results, a NAG, castling with zeros or SAN, as its
/// `read_movetext` does, leaving nothing it skips unreported.
fn read_whole(token: &[u8]) -> bool {
    let mut rest = token;
    while let [first, after @ ..] = rest {
        rest = match first {
            b'0' => match dash(after) {
                Some(r) if r.starts_with(b"1") => &r[1..],
                Some([b'0', r @ ..]) => {
                    // `0-0`, `0-0-0`, then a check or mate mark.
                    let r = dash(r).map_or(r, |r| r.strip_prefix(b"0").unwrap_or(r));
                    r.strip_prefix(b"+").or_else(|| r.strip_prefix(b"#")).unwrap_or(r)
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
            b'$' => return !after.is_empty() && after.len() <= 3 && after.iter().all(u8::is_ascii_digit) && after.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')) <= 255,
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
        assert_eq!(marked("1. e2-e4 Nf3x} 0 1-"), "1. {#e2-e4}  {#Nf3x} {##}  {#0}  {#1-} ");
        assert_eq!(marked("1. e4 {c} Xz9"), "1. e4 {c} {#Xz9} ");
        // A comment of the file's own starting with the mark's byte is told apart.
        let mut out = Vec::new();
        Marked::new(&b"1. e4 {\xff}"[..]).read_to_end(&mut out).unwrap();
        assert_eq!(out, b"1. e4 {\xfe}");
    }

    #[test]
    fn the_marked_text_is_given_back() {
        assert_eq!(token_text(&[b'N', BRACE]), "N}");
    }
}
