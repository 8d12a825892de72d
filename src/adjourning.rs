//! What the adjournment screens show, worked out from a game: the outside
//! of the envelope as the game's record shows it, the moves a sealer may
//! choose from, and an envelope's status. Every rule stays in `laws`.

use laws::adjournment::{Adjournment, AdjournmentEvent, Entropy, Envelope, Phase, Resumption};
use laws::game::{Event, Game};
use laws::notation::{Lang, write};
use shakmaty::Position;
use shakmaty::fen::Fen;

use crate::state::AppState;
pub use crate::text::i18n::hms;
use crate::text::laws_text;
use crate::{t, tf};

/// What the arbiter fills in on the envelope (A2g and his name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArbiterEntries {
    pub resumption: Resumption,
    pub arbiter: String,
}

/// The envelope's outside as the game's record shows it at `at_ms` (A2),
/// with what the arbiter wrote.
pub fn game_record(game: &Game, at_ms: u64, entries: &ArbiterEntries) -> Result<Envelope, String> {
    let play = game.fold().map_err(|e| laws_text::game::game_error(&e))?;
    Ok(play.envelope_outside(at_ms, &entries.arbiter, &entries.resumption))
}

/// Every legal move in the position of `fen`, as written in `lang`, for the
/// sealer who prefers choosing to writing.
pub fn legal_moves(fen: &str, lang: Lang) -> Vec<String> {
    let Some(position) = fen.parse::<Fen>().ok().and_then(|fen| {
        fen.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
            .ok()
    }) else {
        return Vec::new();
    };
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| write(&position, mv, lang))
        .collect();
    moves.sort();
    moves
}

/// The status of the adjournment's envelope `index` (0, or 1 for an A9c
/// reply): the reply is closed until the sealer arrives.
pub fn envelope_status(adjournment: &Adjournment, index: usize) -> &'static str {
    if index > 0 && adjournment.phase() == Phase::ReplySealed {
        t!(
            "reply sealed (A9c), in the arbiter's keeping",
            "odpowiedź zapieczętowana (A9c), przechowywana przez sędziego"
        )
    } else {
        laws_text::adjournment::envelope_status(adjournment)
    }
}

/// Records one step of the adjournment (the game's fold works out what it
/// does to the clock); a step the Laws refuse is told to the arbiter in a
/// clear sentence naming the article, and nothing changes.
pub fn record_step(state: &AppState, game_id: &str, step: AdjournmentEvent) -> bool {
    record_step_at(state, game_id, step, crate::state::now_ms())
}

/// [`record_step`] at `at_ms`: for a step whose contents were worked out
/// for that moment (the reply envelope's times, A9c).
pub fn record_step_at(state: &AppState, game_id: &str, step: AdjournmentEvent, at_ms: u64) -> bool {
    match state.apply_at(game_id, Event::Adjournment(step), at_ms) {
        Ok(()) => true,
        Err(e) => {
            state.warn(capitalised(&e));
            false
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Milliseconds since the epoch of a `datetime-local` value, read in the
/// tablet's time zone; `None` when empty or not a date.
pub fn local_datetime_ms(text: &str) -> Option<u64> {
    if text.trim().is_empty() {
        return None;
    }
    let ms = js_sys::Date::new(&wasm_bindgen::JsValue::from_str(text.trim())).get_time();
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
}

/// Reads a time used as the arbiter types it: `h:mm:ss`, `mm:ss` or minutes.
pub fn parse_hms(text: &str) -> Result<u64, String> {
    let bad = || {
        tf!(
            "“{}” is not a time: write it as h:mm:ss, for example 1:05:30",
            "„{}” to nie jest czas: zapisz go jako h:mm:ss, np. 1:05:30",
            text.trim()
        )
    };
    let parts: Vec<u64> = text
        .trim()
        .split(':')
        .map(|part| part.trim().parse::<u64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let seconds = match parts.as_slice() {
        [m] => m * 60,
        [m, s] if *s < 60 => m * 60 + s,
        [h, m, s] if *m < 60 && *s < 60 => h * 3600 + m * 60 + s,
        _ => return Err(bad()),
    };
    Ok(seconds * 1000)
}

/// Fresh salt and nonce from the browser's cryptographic generator.
pub fn entropy() -> Result<Entropy, String> {
    let mut bytes = [0u8; 28];
    random_bytes(&mut bytes)?;
    let mut entropy = Entropy {
        salt: [0; 16],
        nonce: [0; 12],
    };
    entropy.salt.copy_from_slice(&bytes[..16]);
    entropy.nonce.copy_from_slice(&bytes[16..]);
    Ok(entropy)
}

/// 32 fresh bytes from the browser's cryptographic generator: a new key
/// pair, or an envelope sealed to keys.
pub fn seed() -> Result<[u8; 32], String> {
    let mut bytes = [0u8; 32];
    random_bytes(&mut bytes)?;
    Ok(bytes)
}

fn random_bytes(out: &mut [u8]) -> Result<(), String> {
    let refused = || {
        t!("this browser gives no secure random numbers; the envelope cannot be sealed here", "ta przeglądarka nie daje bezpiecznych liczb losowych; nie można tu zapieczętować koperty").to_owned()
    };
    let crypto = leptos::prelude::window().crypto().map_err(|_| refused())?;
    crypto
        .get_random_values_with_u8_array(out)
        .map_err(|_| refused())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use laws::adjournment::{MIN_ITERATIONS, SealingDraft};
    use laws::game::{Player, Setup, Side};
    use laws::scoresheet::Entry;

    const PIN: &str = "2468";

    fn game_after(moves: &[&str]) -> Game {
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            event: "Club ch.".into(),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1_000);
        for (i, text) in moves.iter().enumerate() {
            game.apply(Event::Recorded(Entry::written(*text)), 2_000 + i as u64)
                .unwrap();
        }
        game
    }

    fn entries() -> ArbiterEntries {
        ArbiterEntries {
            resumption: Resumption {
                date: "2026-11-30".into(),
                time: " 10:00".into(),
                venue: "Hall B".into(),
            },
            arbiter: "Irena Arbiter".into(),
        }
    }

    #[test]
    fn the_envelope_is_filled_in_from_the_game() {
        let game = game_after(&["e4", "e5", "Nf3"]);
        let outside = game_record(&game, 10_000, &entries()).unwrap();
        assert_eq!(outside.moves, ["e4", "e5", "Nf3"]);
        assert_eq!(outside.sealer, Side::Black);
        assert_eq!(outside.move_number, 2);
        assert_eq!(outside.resumption.time, "10:00");
        assert_eq!(outside.white, "Kowalski, Jan");
        // The outside is complete: laws accepts it for sealing.
        assert!(outside.position().is_ok());
    }

    #[test]
    fn the_sealer_chooses_among_the_legal_moves_in_his_language() {
        let game = game_after(&[]);
        let fen = game_record(&game, 0, &entries()).unwrap().fen;
        let english = legal_moves(&fen, Lang::En);
        assert_eq!(english.len(), 20);
        assert!(english.contains(&"Nf3".to_owned()));
        assert!(legal_moves(&fen, Lang::De).contains(&"Sf3".to_owned()));
    }

    #[test]
    fn the_status_follows_the_adjournment() {
        let mut game = game_after(&["e4"]);
        let status_of =
            |g: &Game| laws_text::adjournment::envelope_status(&g.fold().unwrap().adjournment);
        assert_eq!(status_of(&game), "not sealed yet");
        game.apply(
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
            3_000,
        )
        .unwrap();
        assert_eq!(status_of(&game), "not sealed yet");
        let outside = game_record(&game, 4_000, &entries()).unwrap();
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write("e5", Lang::En).unwrap();
        let sealed = draft
            .seal(
                outside,
                4_000,
                0,
                PIN,
                MIN_ITERATIONS,
                Entropy {
                    salt: [1; 16],
                    nonce: [2; 12],
                },
            )
            .unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::Sealed {
                envelope: Box::new(sealed),
            }),
            4_000,
        )
        .unwrap();
        assert_eq!(status_of(&game), "sealed, not yet verified");
    }

    #[test]
    fn refusals_read_as_sentences() {
        assert_eq!(
            capitalised("it is not White's move"),
            "It is not White's move"
        );
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn times_read_as_on_a_scoresheet() {
        assert_eq!(hms(3_723_000), "1:02:03");
        assert_eq!(hms(0), "0:00:00");
        assert_eq!(parse_hms(" 1:02:03 "), Ok(3_723_000));
        assert_eq!(parse_hms("45"), Ok(2_700_000));
        assert_eq!(parse_hms("5:30"), Ok(330_000));
        assert!(parse_hms("1:75:00").unwrap_err().contains("not a time"));
        assert!(parse_hms("").is_err());
    }
}
