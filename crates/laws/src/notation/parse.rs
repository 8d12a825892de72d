//! From the characters a player wrote to the moves they may mean.
//!
//! The text is split into its move and the marks around it (check, mate,
//! annotations, draw offer, e.p., a move number). Each character of the
//! move may be read in one or more ways (`b`: the b-file, or, with its case
//! ignored, the English bishop); every combination that makes a move is a
//! [`Pattern`], with a penalty counting the letters read against their case.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::NotationLang;

/// More letters than this are not one move: refuse before enumerating.
const MAX_CHARS: usize = 48;
/// A cap on the combinations of readings of the letters (2^8).
const MAX_COMBINATIONS: usize = 256;

/// What the writer marked around the move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Marks {
    pub check: Option<CheckMark>,
    pub draw_offer: bool,
    pub en_passant: bool,
    pub move_number: bool,
}

/// A written check (`+`) or mate (`#`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum CheckMark {
    Check,
    Mate,
}

/// Where a written move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dest {
    Square(Square),
    /// The short pawn capture `ed`: only the file of the captured piece.
    File(File),
}

/// One reading of a written move, before looking at the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pattern {
    Castle(CastlingSide),
    /// `--` or `Z0`: a pass, which chess does not have.
    Null,
    Move(MovePattern),
}

/// A piece (or pawn) move as written: everything optional but the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MovePattern {
    pub role: Role,
    /// No piece letter, but the whole origin square (`g1f3`, coordinate
    /// notation): the piece standing there, whichever it is.
    pub coordinate: bool,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub capture: bool,
    pub to: Dest,
    pub promotion: Option<Role>,
}

/// What a text may be read as: its marks and its readings, lowest
/// penalty first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Readings {
    pub marks: Marks,
    pub readings: Vec<(u32, Pattern)>,
}

/// A character of the move, as one of the things it may stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    Dash,
    /// `=` or `/` before a promotion piece.
    PromoMark,
    Open,
    Close,
}

/// Splits `text` into its marks and the readings of its move.
///
/// # Errors
///
/// A reason, in words, when no reading makes a move (Appendix A8b).
pub(super) fn parse(text: &str, lang: NotationLang) -> Result<Readings, String> {
    if text.chars().count() > MAX_CHARS {
        return Err(format!(
            "too long to be one move ({} characters)",
            text.chars().count()
        ));
    }
    let mut marks = Marks::default();
    let body = strip_move_number(text, &mut marks);
    let body = strip_marks(body, &mut marks);
    if body.is_empty() {
        return Err(if text.trim().is_empty() {
            "nothing is written".to_owned()
        } else {
            format!("no move in {text:?}, only marks")
        });
    }
    if matches!(body, "--" | "Z0" | "z0") {
        return Ok(Readings {
            marks,
            readings: vec![(0, Pattern::Null)],
        });
    }
    if let Some(side) = castling(body) {
        return Ok(Readings {
            marks,
            readings: vec![(0, Pattern::Castle(side))],
        });
    }
    let alternatives = tokenize(body, lang)?;
    let combinations = alternatives.iter().try_fold(1usize, |n, alts| {
        n.checked_mul(alts.len()).filter(|&n| n <= MAX_COMBINATIONS)
    });
    if combinations.is_none() {
        return Err(format!("too many letters to read {body:?} as one move"));
    }
    let mut readings: Vec<(u32, Pattern)> = Vec::new();
    let mut first_error = None;
    let mut chosen = Vec::with_capacity(alternatives.len());
    enumerate(
        &alternatives,
        0,
        &mut chosen,
        &mut |penalty, toks| match grammar(toks) {
            Ok(pattern) => {
                let pattern = Pattern::Move(pattern);
                if !readings.iter().any(|(_, p)| *p == pattern) {
                    readings.push((penalty, pattern));
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        },
    );
    if readings.is_empty() {
        let why = first_error.unwrap_or("no move");
        return Err(format!("cannot read {body:?} as a move: {why}"));
    }
    readings.sort_by_key(|(penalty, _)| *penalty);
    Ok(Readings { marks, readings })
}

/// `12.`, `12...`, `12…` before the move: the scoresheet's own numbering.
fn strip_move_number<'a>(text: &'a str, marks: &mut Marks) -> &'a str {
    let trimmed = text.trim_start();
    let rest = trimmed.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == trimmed.len() {
        return text;
    }
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() {
        return text;
    }
    marks.move_number = true;
    after.trim_start()
}

/// Strips, from the end, every mark that is not the move itself.
fn strip_marks<'a>(mut body: &'a str, marks: &mut Marks) -> &'a str {
    const ANNOTATIONS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];
    loop {
        body = body.trim();
        if let Some(rest) = body.strip_suffix("(=)") {
            marks.draw_offer = true;
            body = rest;
        } else if let Some(rest) = ANNOTATIONS.iter().find_map(|a| body.strip_suffix(a)) {
            body = rest;
        } else if let Some(rest) = body.strip_suffix('#').or_else(|| body.strip_suffix('‡')) {
            marks.check = marks.check.max(Some(CheckMark::Mate));
            body = rest;
        } else if let Some(rest) = body.strip_suffix('+').or_else(|| body.strip_suffix('†')) {
            marks.check = marks.check.max(Some(CheckMark::Check));
            body = rest;
        } else if let Some(rest) = strip_en_passant(body) {
            marks.en_passant = true;
            body = rest;
        } else if let Some(rest) = body
            .strip_suffix('=')
            .filter(|rest| !rest.trim().is_empty())
        {
            // A bare `=` after the move: the draw offer (Appendix E).
            marks.draw_offer = true;
            body = rest;
        } else {
            return body;
        }
    }
}

/// `e.p.`, `e. p.`, `ep` after a square.
fn strip_en_passant(body: &str) -> Option<&str> {
    let lower = body.to_ascii_lowercase();
    for mark in ["e.p.", "e. p.", "e.p"] {
        if lower.ends_with(mark) {
            let rest = &body[..body.len() - mark.len()];
            return (!rest.trim().is_empty()).then_some(rest);
        }
    }
    // Bare `ep` only right after a rank digit, so no letter of a move is eaten.
    if lower.ends_with("ep") {
        let rest = &body[..body.len() - 2];
        return rest
            .trim_end()
            .ends_with(|c: char| c.is_ascii_digit())
            .then_some(rest);
    }
    None
}

/// `O-O`, `0-0`, `O-O-O`, `0-0-0`, in any case, with or without dashes.
fn castling(body: &str) -> Option<CastlingSide> {
    let mut zeros = 0;
    for c in body.chars() {
        match c {
            // Latin O, digit zero, Cyrillic O.
            'O' | 'o' | '0' | 'О' | 'о' => zeros += 1,
            '-' | '–' | '—' | '‐' | '−' => {}
            c if c.is_whitespace() => {}
            _ => return None,
        }
    }
    match zeros {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Each character of the move as the tokens it may stand for, with the
/// penalty of each reading (1 for a letter read against its case).
fn tokenize(body: &str, lang: NotationLang) -> Result<Vec<Vec<(u32, Tok)>>, String> {
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // The Russian king is two letters, Кр; К alone is the knight. Latin
        // K and p, which look the same, are read as the Cyrillic letters.
        if lang == NotationLang::Ru
            && matches!(c, 'К' | 'к' | 'K' | 'k')
            && matches!(chars.get(i + 1), Some('р' | 'Р' | 'p' | 'P'))
        {
            let penalty = u32::from(c.is_lowercase()) + u32::from(chars[i + 1].is_uppercase());
            out.push(vec![(penalty, Tok::Piece(Role::King))]);
            i += 2;
            continue;
        }
        if c.is_whitespace() {
            // Spaces only around punctuation: "Ng1 - f3", never "e4 e5".
            let punct = |c: Option<&char>| c.is_some_and(|c| !c.is_alphanumeric());
            let prev = chars[..i].iter().rev().find(|c| !c.is_whitespace());
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if punct(prev) || punct(next) {
                i += 1;
                continue;
            }
            return Err(format!("{body:?} is more than one word"));
        }
        // A capital X where the piece's initial stands names no piece in
        // any language: which piece moves cannot be established (A8b), even
        // when a pawn could capture there. Only a lower-case x is a capture
        // mark before the square.
        if out.is_empty() && matches!(c, 'X' | 'Х') {
            return Err(format!(
                "{c:?} is not a piece initial in {lang}: which piece moves cannot be established"
            ));
        }
        let alts = readings_of(c, lang);
        if alts.is_empty() {
            return Err(unexpected(c, lang));
        }
        out.push(alts);
        i += 1;
    }
    Ok(out)
}

/// The ways one character may be read, lowest penalty first.
fn readings_of(c: char, lang: NotationLang) -> Vec<(u32, Tok)> {
    let mut alts = Vec::new();
    if let Some(role) = figurine(c) {
        alts.push((0, Tok::Piece(role)));
    }
    if let Some(role) = piece_initial(c, lang) {
        alts.push((0, Tok::Piece(role)));
    }
    if let Some(file) = file_letter(c) {
        alts.push((0, Tok::File(file)));
    }
    if let Some(rank) = Rank::from_char(c) {
        alts.push((0, Tok::Rank(rank)));
    }
    match c {
        'x' | '×' | ':' | 'х' => alts.push((0, Tok::Capture)),
        // After a piece or an origin (`NXe4`, `eXd5`) a capital X can only be
        // the capture mark, read against its case.
        'X' | 'Х' => alts.push((1, Tok::Capture)),
        '-' | '–' | '—' | '‐' | '−' => alts.push((0, Tok::Dash)),
        '=' | '/' => alts.push((0, Tok::PromoMark)),
        '(' => alts.push((0, Tok::Open)),
        ')' => alts.push((0, Tok::Close)),
        _ => {}
    }
    // Against its case: a lower-case initial; an upper-case file, unless the
    // capital is a piece initial in any language (a French `C` on an English
    // sheet is a wrong language, not the c-file).
    if c.is_uppercase() {
        if NotationLang::ALL
            .into_iter()
            .all(|l| piece_initial(c, l).is_none())
            && let Some(file) = c.to_lowercase().next().and_then(file_letter)
        {
            alts.push((1, Tok::File(file)));
        }
    } else if c.is_lowercase()
        && let Some(role) = c.to_uppercase().next().and_then(|u| piece_initial(u, lang))
    {
        alts.push((1, Tok::Piece(role)));
    }
    alts
}

/// A file letter, also in Cyrillic look-alikes (а, с, е) typed on a Russian
/// keyboard.
fn file_letter(c: char) -> Option<File> {
    match c {
        'а' => Some(File::A),
        'с' => Some(File::C),
        'е' => Some(File::E),
        c if c.is_ascii_lowercase() => File::from_char(c),
        _ => None,
    }
}

/// The piece named by a one-letter initial of `lang` (the two-letter Кр is
/// handled by the tokenizer). English also names the pawn `P`; in Russian
/// the Latin C and K, which look the same, are the Cyrillic С and К.
fn piece_initial(c: char, lang: NotationLang) -> Option<Role> {
    let c = match (lang, c) {
        (NotationLang::En, 'P') => return Some(Role::Pawn),
        (NotationLang::Ru, 'C') => 'С',
        (NotationLang::Ru, 'K') => 'К',
        _ => c,
    };
    let mut buf = [0; 4];
    let c = &*c.encode_utf8(&mut buf);
    [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]
    .into_iter()
    .find(|&role| lang.initial(role) == c)
}

/// ♔♕♖♗♘♙ and ♚♛♜♝♞♟: the piece, whichever colour is drawn.
fn figurine(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}

/// Why a character cannot be read, naming the languages it is an initial in.
fn unexpected(c: char, lang: NotationLang) -> String {
    let upper = c.to_uppercase().next().unwrap_or(c);
    let elsewhere: Vec<&str> = NotationLang::ALL
        .into_iter()
        .filter(|&other| other != lang && piece_initial(upper, other).is_some())
        .map(NotationLang::code)
        .collect();
    if elsewhere.is_empty() {
        format!("unexpected character {c:?}")
    } else {
        format!(
            "{c:?} is not a piece initial in {lang} (it is in {})",
            elsewhere.join(", ")
        )
    }
}

/// Calls `visit` with every combination of the alternatives.
fn enumerate(
    alternatives: &[Vec<(u32, Tok)>],
    penalty: u32,
    chosen: &mut Vec<Tok>,
    visit: &mut impl FnMut(u32, &[Tok]),
) {
    match alternatives.split_first() {
        None => visit(penalty, chosen),
        Some((alts, rest)) => {
            for &(p, tok) in alts {
                chosen.push(tok);
                enumerate(rest, penalty + p, chosen, visit);
                chosen.pop();
            }
        }
    }
}

/// `[piece] [origin] [x|:|-] target [promotion]`, or the pawn's `ed`.
fn grammar(toks: &[Tok]) -> Result<MovePattern, &'static str> {
    let (role, lettered, mut t) = match toks {
        [Tok::Piece(role), rest @ ..] => (*role, true, rest),
        _ => (Role::Pawn, false, toks),
    };
    let promotion = match t {
        [
            rest @ ..,
            Tok::PromoMark,
            Tok::Open,
            Tok::Piece(p),
            Tok::Close,
        ]
        | [
            rest @ ..,
            Tok::PromoMark | Tok::Open,
            Tok::Piece(p),
            Tok::Close,
        ]
        | [rest @ .., Tok::PromoMark, Tok::Piece(p)]
        | [rest @ .., Tok::Open, Tok::Piece(p)] => {
            t = rest;
            Some(*p)
        }
        [.., Tok::Rank(_), Tok::Piece(p)] => {
            t = &t[..t.len() - 1];
            Some(*p)
        }
        _ => None,
    };
    let to = match t {
        [rest @ .., Tok::File(f), Tok::Rank(r)] => {
            t = rest;
            Dest::Square(Square::from_coords(*f, *r))
        }
        [rest @ .., Tok::File(f)] if role == Role::Pawn => {
            t = rest;
            Dest::File(*f)
        }
        [.., Tok::Piece(_)] => return Err("a piece letter where a square should be"),
        _ => return Err("no square to move to"),
    };
    let capture = match t {
        [rest @ .., Tok::Dash, Tok::Capture] | [rest @ .., Tok::Capture] => {
            t = rest;
            true
        }
        [rest @ .., Tok::Dash] => {
            t = rest;
            false
        }
        _ => false,
    };
    let (from_file, from_rank) = match *t {
        [] => (None, None),
        [Tok::File(f)] => (Some(f), None),
        [Tok::Rank(r)] => (None, Some(r)),
        [Tok::File(f), Tok::Rank(r)] => (Some(f), Some(r)),
        _ => return Err("the origin is not a square, a file or a rank"),
    };
    if let Dest::File(_) = to
        && (from_file.is_none() || from_rank.is_some())
    {
        return Err("no square to move to");
    }
    Ok(MovePattern {
        role,
        coordinate: !lettered && from_file.is_some() && from_rank.is_some(),
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only(text: &str, lang: NotationLang) -> Pattern {
        let written = parse(text, lang).unwrap();
        assert_eq!(written.readings[0].0, 0, "{text}: {written:?}");
        written.readings[0].1
    }

    fn mv(
        role: Role,
        from: (Option<File>, Option<Rank>),
        capture: bool,
        to: Dest,
        promotion: Option<Role>,
    ) -> Pattern {
        Pattern::Move(MovePattern {
            role,
            coordinate: false,
            from_file: from.0,
            from_rank: from.1,
            capture,
            to,
            promotion,
        })
    }

    #[test]
    fn long_and_short_forms_read_alike() {
        let nf3 = mv(
            Role::Knight,
            (None, None),
            false,
            Dest::Square(Square::F3),
            None,
        );
        assert_eq!(only("Nf3", NotationLang::En), nf3);
        assert_eq!(only("Sf3", NotationLang::De), nf3);
        assert_eq!(only("Кf3", NotationLang::Ru), nf3);
        assert_eq!(only("♞f3", NotationLang::Fr), nf3);
        let long = mv(
            Role::Knight,
            (Some(File::G), Some(Rank::First)),
            true,
            Dest::Square(Square::F3),
            None,
        );
        assert_eq!(only("Ng1xf3", NotationLang::En), long);
        assert_eq!(only("Ng1:f3", NotationLang::En), long);
    }

    #[test]
    fn promotion_in_every_written_style() {
        let e8q = mv(
            Role::Pawn,
            (None, None),
            false,
            Dest::Square(Square::E8),
            Some(Role::Queen),
        );
        for text in ["e8Q", "e8=Q", "e8/Q", "e8(Q)", "e8=(Q)", "e8 = Q"] {
            assert_eq!(only(text, NotationLang::En), e8q, "{text}");
        }
        assert_eq!(only("e8Ф", NotationLang::Ru), e8q);
    }

    #[test]
    fn marks_are_stripped_in_any_order() {
        let w = parse("12... exd6 e.p.+!? (=)", NotationLang::En).unwrap();
        assert_eq!(
            w.marks,
            Marks {
                check: Some(CheckMark::Check),
                draw_offer: true,
                en_passant: true,
                move_number: true
            }
        );
        assert_eq!(
            w.readings[0].1,
            mv(
                Role::Pawn,
                (Some(File::E), None),
                true,
                Dest::Square(Square::D6),
                None
            )
        );
    }

    #[test]
    fn castling_in_letters_and_digits() {
        for (text, side) in [
            ("O-O", CastlingSide::KingSide),
            ("0-0", CastlingSide::KingSide),
            ("o-o", CastlingSide::KingSide),
            ("O-O-O", CastlingSide::QueenSide),
            ("0-0-0#", CastlingSide::QueenSide),
        ] {
            assert_eq!(
                only(text, NotationLang::En),
                Pattern::Castle(side),
                "{text}"
            );
        }
    }

    #[test]
    fn a_lower_case_b_is_first_the_file() {
        let w = parse("bxc3", NotationLang::En).unwrap();
        assert_eq!(
            w.readings,
            vec![
                (
                    0,
                    mv(
                        Role::Pawn,
                        (Some(File::B), None),
                        true,
                        Dest::Square(Square::C3),
                        None
                    )
                ),
                (
                    1,
                    mv(
                        Role::Bishop,
                        (None, None),
                        true,
                        Dest::Square(Square::C3),
                        None
                    )
                ),
            ]
        );
    }

    #[test]
    fn unreadable_texts_say_why() {
        assert_eq!(
            parse("", NotationLang::En).unwrap_err(),
            "nothing is written"
        );
        assert!(
            parse("Sf3", NotationLang::En)
                .unwrap_err()
                .contains("in de, pl")
        );
        assert!(
            parse("e4 e5", NotationLang::En)
                .unwrap_err()
                .contains("more than one word")
        );
        assert!(
            parse("Nf", NotationLang::En)
                .unwrap_err()
                .contains("no square")
        );
        assert!(
            parse("+!", NotationLang::En)
                .unwrap_err()
                .contains("only marks")
        );
        assert!(
            parse(&"a".repeat(60), NotationLang::En)
                .unwrap_err()
                .contains("too long")
        );
    }
}
