//! A finished game in a link for the players: its PGN, deflated and written
//! in base64url in the URL's fragment (`#/pgn/<data>`), which a browser
//! never sends to a server, so the game reaches no server's logs. The board
//! tablet shows the link as a QR code; a phone that scans it opens Review.
//!
//! The deflate stream is zlib's: six bytes more than raw deflate (a header
//! and an Adler-32 of the text), so an altered or mistyped link is refused
//! instead of showing another game.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use laws::game::Game;
use laws::pgn::ImportedGame;
use laws::{game_pgn, pgn};

use crate::platform::qr::Qr;
use crate::tf;

/// The route's first part: `#/pgn/<data>`.
pub const ROUTE: &str = "pgn";

/// The largest PGN a link may unpack to: a long game with every comment is
/// a few kilobytes; more is no game of ours.
const MAX_PGN_BYTES: usize = 64 * 1024;

/// Why a game link cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Characters base64url does not have.
    NotBase64,
    /// The data is cut short or altered: it does not unpack, or its
    /// checksum differs.
    Damaged,
    /// It unpacks to more than any game's PGN.
    TooLarge,
    /// It unpacks to bytes that are not text.
    NotText,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            LinkError::NotBase64 => tf!(
                "the link has characters a game link never has: it was mistyped or altered",
                "link ma znaki, których link do partii nigdy nie ma: przepisano go błędnie albo zmieniono"
            ),
            LinkError::Damaged => tf!(
                "the link is cut short or altered: scan the QR code again or ask for the link again",
                "link jest ucięty albo zmieniony: zeskanuj kod QR jeszcze raz albo poproś o link ponownie"
            ),
            LinkError::TooLarge => tf!(
                "the link holds more than a game: it is not one of Arbiter's",
                "link zawiera więcej niż partię: nie pochodzi z Arbitra"
            ),
            LinkError::NotText => tf!(
                "the link does not hold a PGN text",
                "link nie zawiera tekstu PGN"
            ),
        })
    }
}

/// `pgn` as the fragment's data: deflated (zlib, best compression), then
/// base64url without padding (only `A–Z a–z 0–9 - _`: nothing a URL or the
/// router escapes).
///
/// ```
/// use arbiter::game_link::{decode, encode};
/// let pgn = "[White \"Kowalski, Jan\"]\n\n1. e4 e5 *\n";
/// assert_eq!(decode(&encode(pgn)).unwrap(), pgn);
/// ```
#[must_use]
pub fn encode(pgn: &str) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(
        pgn.as_bytes(),
        10,
    ))
}

/// The PGN in a fragment's `data`, exactly as [`encode`] was given it.
pub fn decode(data: &str) -> Result<String, LinkError> {
    let packed = URL_SAFE_NO_PAD.decode(data.trim()).map_err(|e| match e {
        // A length base64 never has: a character lost at the end.
        base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidLastSymbol(..) => {
            LinkError::Damaged
        }
        _ => LinkError::NotBase64,
    })?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_PGN_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            _ => LinkError::Damaged,
        })?;
    String::from_utf8(bytes).map_err(|_| LinkError::NotText)
}

/// The whole link: the app's address (`https://host/path/`, without its
/// fragment) and the game.
#[must_use]
pub fn url(app: &str, pgn: &str) -> String {
    format!("{app}#/{ROUTE}/{}", encode(pgn))
}

/// The game in a link's `pgn`, read on the page ([`pgn::first_game`]),
/// with no worker and no attack tables to fetch, so a phone shows it as
/// soon as the page is there.
pub fn read(pgn: &str) -> Result<ImportedGame, String> {
    match pgn::first_game(pgn) {
        None => Err(tf!("the link holds no game", "link nie zawiera partii")),
        Some(read) => read.map_err(|e| e.to_string()),
    }
}

/// The game `read` from a link, as game `id` kept from `now_ms`.
pub fn game(read: &ImportedGame, id: &str, now_ms: u64) -> Result<Game, String> {
    game_pgn::import(read, id, now_ms).map_err(|e| e.to_string())
}

/// The largest QR version the players' copy aims for: 117 modules a side,
/// at least 6 CSS px each on a 1180×820 tablet, which a phone reads from
/// the screen at arm's length.
pub const MAX_VERSION: u8 = 25;

/// What a finished game's QR code holds for its players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayersCopy {
    /// The PGN in the link: the board tablet's export, or that export
    /// without its clock readings when those make the code too dense.
    pub pgn: String,
    /// The clock readings (`%clk`, `%emt`) are in `pgn`.
    pub clocks: bool,
    pub url: String,
    pub qr: Qr,
}

impl PlayersCopy {
    /// The copy of `game` for a link to the app at `app`: its whole PGN
    /// export when its code is at most [`MAX_VERSION`]; else the same
    /// export without clock readings (the moves, tags, result and the
    /// arbiter's notes always stay).
    pub fn of(game: &Game, app: &str) -> Result<PlayersCopy, String> {
        let mut record = game_pgn::export(game).map_err(|e| e.to_string())?.record;
        let full = pgn::export(&record).map_err(|e| e.to_string())?;
        let copy = |pgn: String, clocks: bool| -> Result<PlayersCopy, String> {
            let url = url(app, &pgn);
            Ok(PlayersCopy {
                qr: Qr::of(&url)?,
                pgn,
                clocks,
                url,
            })
        };
        let whole = copy(full, true);
        if whole.as_ref().is_ok_and(|c| c.qr.version <= MAX_VERSION) {
            return whole;
        }
        let has_clocks = record
            .moves
            .iter()
            .any(|m| m.clock_ms.is_some() || m.emt_ms.is_some());
        if !has_clocks {
            return whole;
        }
        for m in &mut record.moves {
            m.clock_ms = None;
            m.emt_ms = None;
        }
        copy(pgn::export(&record).map_err(|e| e.to_string())?, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = "[Event \"Club championship\"]\n[White \"Kowalski, Jan\"]\n[Black \"Nowak, Anna\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 1:29:55] } e5 { [%clk 1:29:40] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

    #[test]
    fn a_game_comes_back_exactly_as_it_went() {
        for pgn in [PGN, "", "[White \"Żółć, Łucja\"]\n\n*\n"] {
            let data = encode(pgn);
            assert!(
                data.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{data}"
            );
            assert_eq!(decode(&data).as_deref(), Ok(pgn));
        }
        assert!(
            url("https://arbiter.example.org/", PGN)
                .starts_with("https://arbiter.example.org/#/pgn/")
        );
    }

    #[test]
    fn a_cut_altered_or_foreign_link_is_refused() {
        let data = encode(PGN);
        for cut in [1, 2, 5, data.len() / 2] {
            assert!(
                matches!(
                    decode(&data[..data.len() - cut]),
                    Err(LinkError::Damaged | LinkError::NotBase64)
                ),
                "cut by {cut}"
            );
        }
        // One character changed in the middle: the checksum finds it.
        let mid = data.len() / 2;
        let other = if &data[mid..=mid] == "A" { "B" } else { "A" };
        let altered = format!("{}{other}{}", &data[..mid], &data[mid + 1..]);
        assert!(decode(&altered).is_err());
        assert_eq!(decode("e4 e5!"), Err(LinkError::NotBase64));
        assert_eq!(decode(""), Err(LinkError::Damaged));
        let not_text = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(
            &[0xff, 0xfe, 0],
            10,
        ));
        assert_eq!(decode(&not_text), Err(LinkError::NotText));
        let huge = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(
            &vec![b' '; MAX_PGN_BYTES + 1],
            10,
        ));
        assert_eq!(decode(&huge), Err(LinkError::TooLarge));
        // A damaged link tells the player what to do about it.
        assert!(
            LinkError::Damaged
                .to_string()
                .contains("scan the QR code again")
        );
    }

    /// Issue 20's measure: a real 80-move game with a clock reading for
    /// every move, exported as the board tablet does: with its clocks the
    /// code is too dense, so they are left out; the rest is the export.
    #[cfg(feature = "worker")]
    #[test]
    fn an_eighty_move_game_fits_one_qr_code_without_its_clock_readings() {
        let app = "https://arbiter.example.org/";
        let game = crate::storage::tests::eighty_move_game();
        let (export, _) = crate::pages::review::pgn_text(&game).unwrap();
        let whole = Qr::of(&url(app, &export)).unwrap();
        let copy = PlayersCopy::of(&game, app).unwrap();
        eprintln!(
            "with clocks: PGN {} bytes, link {}, QR version {} ({} modules); without: PGN {} bytes, link {}, QR version {} ({} modules)",
            export.len(),
            url(app, &export).len(),
            whole.version,
            whole.modules,
            copy.pgn.len(),
            copy.url.len(),
            copy.qr.version,
            copy.qr.modules
        );
        assert!(whole.version > MAX_VERSION);
        assert!(!copy.clocks && copy.qr.version <= MAX_VERSION);
        assert_eq!(export.matches("%clk").count(), 160);
        assert!(!copy.pgn.contains("%clk"));
        // Only the clock comments went (and the black move numbers they
        // called for): the moves, tags and result stay.
        let words = |text: &str| {
            let mut words = Vec::new();
            let mut clock = false;
            for word in text.split_whitespace() {
                match word {
                    "[%clk" => clock = true,
                    _ if clock => clock = !word.ends_with(']'),
                    "{" | "}" => {}
                    _ if word.ends_with("...") => {}
                    _ => words.push(word.to_owned()),
                }
            }
            words
        };
        assert_eq!(words(&export), words(&copy.pgn));
        assert_eq!(
            decode(copy.url.split_once("#/pgn/").unwrap().1).unwrap(),
            copy.pgn
        );
    }

    #[test]
    fn a_short_game_keeps_its_clocks() {
        use laws::clock::ClockAction;
        use laws::game::{Event, Player, Setup, Side};
        use laws::scoresheet::Entry;
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1_764_000_000_000);
        let mut at = game.created_ms();
        game.apply(Event::Clock(ClockAction::Start { side: Side::White }), at)
            .unwrap();
        for (san, side) in [("e4", Side::White), ("e5", Side::Black)] {
            at += 5_000;
            let clock = game.clock().unwrap().remaining(side, at);
            let entry = Entry {
                clock_ms: Some(clock),
                ..Entry::written(san)
            };
            game.apply(Event::Recorded(entry), at).unwrap();
            game.apply(Event::Clock(ClockAction::Press { side }), at)
                .unwrap();
        }
        let copy = PlayersCopy::of(&game, "http://localhost/").unwrap();
        assert!(copy.clocks && copy.pgn.contains("%clk"));
        assert_eq!(copy.pgn, crate::pages::review::pgn_text(&game).unwrap().0);
        // The phone reads it back on the page to the same game's PGN.
        let data = copy.url.split_once("#/pgn/").unwrap().1;
        let back = super::game(
            &read(&decode(data).unwrap()).unwrap(),
            "h",
            game.created_ms(),
        )
        .unwrap();
        assert_eq!(crate::pages::review::pgn_text(&back).unwrap().0, copy.pgn);
        assert_eq!(read("  "), Err("the link holds no game".to_owned()));
    }
}
