//! The first game of a PGN text, read without pgn-reader: a page that shows
//! one game (the players' copy from a QR code) reads it with no attack
//! tables and no worker, so the game is on a phone's screen as soon as the
//! page is. Each token means what it means to [`super::import`]: both
//! hand them to [`Movetext`].

use shakmaty::san::SanPlus;

use super::movetext::{Flow, Movetext};
use super::{ImportError, ImportedGame, PgnResult, Tags};

/// The first game of `text` as [`super::import`] reads it: tags, the
/// mainline (variations skipped), comments with their clocks and draw
/// offers, annotations and the result. `None` when the text holds no game.
///
/// ```
/// use laws::pgn::{PgnResult, first_game};
///
/// let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 { [%clk 1:30:00] } e5 (1... c5) 2. Nf3 {draw offer} 1-0\n";
/// let game = first_game(text).unwrap().unwrap();
/// assert_eq!(game.tag("White"), Some("A"));
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.moves[0].clock_ms, Some(5_400_000));
/// assert!(game.moves[2].draw_offer);
/// assert_eq!(game.result, PgnResult::WhiteWins);
/// assert!(first_game(" \n").is_none());
/// ```
#[must_use]
pub fn first_game(text: &str) -> Option<Result<ImportedGame, ImportError>> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes();
    let tags = match read_tags(&mut rest) {
        Ok(tags) => tags,
        Err(reason) => return Some(Err(ImportError::Unreadable { game: 1, reason })),
    };
    if tags.is_empty() && rest.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let mut movetext = match Movetext::begin(1, tags) {
        Ok(movetext) => movetext,
        Err(e) => return Some(Err(e)),
    };
    Some(match read_movetext(&mut movetext, rest) {
        Flow::Continue(()) => movetext.end(),
        Flow::Break(read) => read,
    })
}

/// The tag pairs at the start of `rest`, which is left at the movetext.
fn read_tags(rest: &mut &[u8]) -> Result<Tags, String> {
    let mut tags = Tags::default();
    loop {
        skip_space_and_escapes(rest);
        let Some((b'[', after)) = rest.split_first() else {
            return Ok(tags);
        };
        let name_len = after
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'"')
            .unwrap_or(after.len());
        let (name, after) = after.split_at(name_len);
        let after = after.trim_ascii_start();
        let Some((b'"', value)) = after.split_first() else {
            return Err(format!(
                "the tag {} has no quoted value",
                String::from_utf8_lossy(name)
            ));
        };
        // The closing quote is the first not escaped by a backslash.
        let mut end = 0;
        while end < value.len() && value[end] != b'"' {
            end += if value[end] == b'\\' { 2 } else { 1 };
        }
        let Some(close) = value.get(end + 1..).and_then(|v| {
            let v = v.trim_ascii_start();
            v.strip_prefix(b"]")
        }) else {
            return Err(format!(
                "the tag {} does not end with \"]",
                String::from_utf8_lossy(name)
            ));
        };
        tags.push(name, &value[..end]);
        *rest = close;
    }
}

/// White space, and lines starting with `%` (PGN's escape), skipped.
fn skip_space_and_escapes(rest: &mut &[u8]) {
    loop {
        *rest = rest.trim_ascii_start();
        if rest.first() != Some(&b'%') {
            return;
        }
        *rest = rest_of_line(rest).1;
    }
}

/// `rest` split after its line.
fn rest_of_line(rest: &[u8]) -> (&[u8], &[u8]) {
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    (&rest[..end], rest.get(end + 1..).unwrap_or_default())
}

/// Hands each token of the movetext to `movetext`, up to the next game's
/// tags or the end of the text.
fn read_movetext(movetext: &mut Movetext, mut rest: &[u8]) -> Flow {
    loop {
        skip_space_and_escapes(&mut rest);
        let Some(&first) = rest.first() else {
            return Flow::Continue(());
        };
        match first {
            // The next game.
            b'[' => return Flow::Continue(()),
            b'{' => {
                let end = rest.iter().position(|&b| b == b'}').unwrap_or(rest.len());
                movetext.comment(&rest[1..end]);
                rest = rest.get(end + 1..).unwrap_or_default();
            }
            b';' => {
                let (line, after) = rest_of_line(&rest[1..]);
                movetext.comment(line.strip_suffix(b"\r").unwrap_or(line));
                rest = after;
            }
            b'(' => rest = skip_variation(rest),
            // A stray closing parenthesis: nothing to read.
            b')' => rest = &rest[1..],
            b'$' => {
                let digits = rest[1..].iter().take_while(|b| b.is_ascii_digit()).count();
                if let Ok(nag) = std::str::from_utf8(&rest[1..=digits])
                    .unwrap_or_default()
                    .parse()
                {
                    movetext.nag(nag);
                }
                rest = &rest[1 + digits..];
            }
            _ => {
                let len = rest
                    .iter()
                    .position(|&b| b.is_ascii_whitespace() || b"{}();[$".contains(&b))
                    .unwrap_or(rest.len());
                let (token, after) = rest.split_at(len);
                rest = after;
                token_read(movetext, token)?;
            }
        }
    }
}

/// One token: a result, a move number, a move with its `!` and `?`.
fn token_read(movetext: &mut Movetext, token: &[u8]) -> Flow {
    let result = match token {
        b"1-0" => Some(PgnResult::WhiteWins),
        b"0-1" => Some(PgnResult::BlackWins),
        b"1/2-1/2" => Some(PgnResult::Draw),
        b"*" => Some(PgnResult::Unknown),
        _ => None,
    };
    if let Some(result) = result {
        movetext.outcome(result);
        return Flow::Continue(());
    }
    // A move number (`12.`, `12...`), alone or before its move (`12.e4`).
    let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = token[digits..].iter().take_while(|&&b| b == b'.').count();
    let token = if digits > 0 && (dots > 0 || digits == token.len()) {
        &token[digits + dots..]
    } else {
        token
    };
    if token.is_empty() {
        return Flow::Continue(());
    }
    let marks = token
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    let (mv, marks) = token.split_at(token.len() - marks);
    if mv.is_empty() {
        return Flow::Continue(());
    }
    // Castling written with zeros, read as pgn-reader reads it.
    let castling: Vec<u8>;
    let mv = if mv.starts_with(b"0-0") {
        castling = mv
            .iter()
            .map(|&b| if b == b'0' { b'O' } else { b })
            .collect();
        &castling[..]
    } else {
        mv
    };
    match SanPlus::from_ascii(mv) {
        Ok(san_plus) => movetext.san(&san_plus)?,
        Err(_) => movetext.written(String::from_utf8_lossy(mv).into_owned())?,
    }
    if let Some(nag) = suffix_nag(marks) {
        movetext.nag(nag);
    }
    Flow::Continue(())
}

/// The glyph of a move's suffix: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
fn suffix_nag(marks: &[u8]) -> Option<u8> {
    match marks {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// `rest`, at an opening parenthesis, after its variation (nested ones and
/// comments in it skipped too).
fn skip_variation(rest: &[u8]) -> &[u8] {
    let mut depth = 0;
    let mut at = 0;
    while at < rest.len() {
        match rest[at] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return &rest[at + 1..];
                }
            }
            b'{' => {
                at += rest[at..]
                    .iter()
                    .position(|&b| b == b'}')
                    .unwrap_or(rest.len() - at);
            }
            _ => {}
        }
        at += 1;
    }
    &[]
}
