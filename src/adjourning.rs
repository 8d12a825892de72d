//! What the adjournment screens show, worked out from a game: the outside
//! of the envelope as the game's record shows it, the moves a sealer may
//! choose from, and an envelope's status. Every rule stays in `laws`.

use laws::adjournment::SealedMove;
use laws::adjournment::{
    Adjournment, AdjournmentEvent, Entropy, Envelope, Outcome, Phase, Resumption, TimeUsed,
};
use laws::clock::{Clock, ClockAction};
use laws::game::{Event, Game, Side};
use laws::notation::{Lang, write};
use laws::scoresheet::Verdict;
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use crate::state::AppState;
use crate::{t, tf};

/// What the arbiter fills in on the envelope (A2g and his name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArbiterEntries {
    pub resumption: Resumption,
    pub arbiter: String,
}

/// The envelope's outside as the game's record shows it at `at_ms`: the
/// form filled in at sealing, and the record the arbiter verifies against (A3).
pub fn game_record(game: &Game, at_ms: u64, entries: &ArbiterEntries) -> Result<Envelope, String> {
    let play = game.fold().map_err(|e| e.to_string())?;
    let position = play.position();
    let moves = play
        .check()
        .entries
        .into_iter()
        .map_while(|entry| match entry.verdict {
            Verdict::Legal { san, .. } => Some(san),
            _ => None,
        })
        .collect();
    let time_used = play.clock.map_or_else(TimeUsed::default, |clock| TimeUsed {
        white_ms: clock.account(Side::White, at_ms).used_ms,
        black_ms: clock.account(Side::Black, at_ms).used_ms,
    });
    // A2f: an offer marked beside the last move is still current.
    let draw_offer = play
        .sheet
        .entries()
        .last()
        .filter(|(_, entry)| entry.draw_offer)
        .map(|(slot, _)| slot.side);
    let setup = &play.setup;
    Ok(Envelope {
        event: setup.event.clone(),
        round: setup.round.clone(),
        board: setup.board.clone(),
        arbiter: entries.arbiter.trim().to_owned(),
        white: setup.white.name.clone(),
        black: setup.black.name.clone(),
        fen: Fen::from_position(&position, EnPassantMode::Legal).to_string(),
        moves,
        time_used,
        sealer: position.turn().into(),
        move_number: position.fullmoves().get(),
        draw_offer,
        resumption: Resumption {
            date: entries.resumption.date.trim().to_owned(),
            time: entries.resumption.time.trim().to_owned(),
            venue: entries.resumption.venue.trim().to_owned(),
        },
        replies_to: None,
    })
}

/// The side having the move, who must seal it (A1a).
pub fn side_to_move(game: &Game) -> Result<Side, String> {
    let play = game.fold().map_err(|e| e.to_string())?;
    Ok(play.position().turn().into())
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

/// An envelope's status in the arbiter's words, from the fold's phase.
pub fn status(adjournment: &Adjournment) -> &'static str {
    let annulled = adjournment
        .result()
        .is_some_and(|r| r.outcome == Outcome::Annulled);
    match adjournment.phase() {
        Phase::Playing | Phase::Sealing => t!("not sealed yet", "jeszcze niezapieczętowana"),
        Phase::Sealed => t!(
            "sealed, not yet verified",
            "zapieczętowana, jeszcze niesprawdzona"
        ),
        Phase::Kept | Phase::SetUp => t!(
            "verified, in the arbiter's keeping",
            "sprawdzona, przechowywana przez sędziego"
        ),
        Phase::Resumed => t!(
            "resumed, still closed",
            "partia wznowiona, koperta zamknięta"
        ),
        Phase::Missing => t!("missing", "zaginiona"),
        Phase::Continuing | Phase::ReplySealed | Phase::Readjourned => t!("opened", "otwarta"),
        Phase::Concluded if annulled => t!("annulled", "partia unieważniona"),
        Phase::Concluded if adjournment.archived_unopened() => t!(
            "concluded, archived unopened",
            "partia zakończona, koperta zarchiwizowana nieotwarta"
        ),
        Phase::Concluded => t!("opened, game concluded", "otwarta, partia zakończona"),
    }
}

/// `h:mm:ss`, as an arbiter writes a time used.
pub fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The sealed move once opened (A9) or stated (A11a), while the scoresheet
/// does not have it yet and it was played on the board.
pub fn move_to_record(game: &Game) -> Option<SealedMove> {
    let play = game.fold().ok()?;
    let adjournment = &play.adjournment;
    let before = adjournment
        .envelopes()
        .first()?
        .envelope()
        .position()
        .ok()?;
    let after = adjournment.position()?;
    let fen = |p: &shakmaty::Chess| Fen::from_position(p, EnPassantMode::Legal).to_string();
    if fen(after) == fen(&before) || fen(&play.position()) != fen(&before) {
        return None;
    }
    game.log()
        .iter()
        .rev()
        .find_map(|logged| match &logged.event {
            Event::Adjournment(
                AdjournmentEvent::Opened { sealed_move }
                | AdjournmentEvent::MoveStated { sealed_move },
            ) => Some(sealed_move.clone()),
            _ => None,
        })
}

/// The next clock action once the sealed move is on the board, until the
/// replier's clock runs (the sealer's was stopped at sealing); `None` then.
pub fn next_clock_action(clock: &Clock, sealer: Side) -> Option<ClockAction> {
    if !clock.is_started() {
        Some(ClockAction::Start {
            side: sealer.opponent(),
        })
    } else if clock.is_paused() {
        Some(ClockAction::Resume)
    } else if clock.running_side() == Some(sealer) {
        Some(ClockAction::Press { side: sealer })
    } else {
        None
    }
}

/// Records one step of the adjournment; a step the Laws refuse is told to
/// the arbiter in a clear sentence naming the article, and nothing changes.
pub fn record_step(state: &AppState, game_id: &str, step: AdjournmentEvent) -> bool {
    match state.apply(game_id, Event::Adjournment(step)) {
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
    use laws::game::{Player, Setup};
    use laws::scoresheet::Entry;

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
        assert_eq!(side_to_move(&game), Ok(Side::Black));
    }

    #[test]
    fn the_envelope_records_the_clock_s_time_used_and_a_current_draw_offer() {
        let mut game = game_after(&[]);
        let press = |side| Event::Clock(ClockAction::Press { side });
        let steps = [
            (
                10_000,
                Event::Clock(ClockAction::Start { side: Side::White }),
            ),
            (70_000, Event::Recorded(Entry::written("e4"))),
            (70_000, press(Side::White)),
            (
                190_000,
                Event::Recorded(Entry {
                    draw_offer: true,
                    ..Entry::written("e5")
                }),
            ),
            (190_000, press(Side::Black)),
        ];
        for (at, event) in steps {
            game.apply(event, at).unwrap();
        }
        // White thinks for 30 s more, then is told to seal.
        let outside = game_record(&game, 220_000, &entries()).unwrap();
        assert_eq!(
            outside.time_used,
            TimeUsed {
                white_ms: 90_000,
                black_ms: 120_000
            }
        );
        assert_eq!(outside.draw_offer, Some(Side::Black));
        assert_eq!((outside.sealer, outside.move_number), (Side::White, 2));
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
        let status_of = |g: &Game| status(&g.fold().unwrap().adjournment);
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
    }

    #[test]
    fn the_replier_s_clock_runs_after_the_sealed_move() {
        let mut game = game_after(&[]);
        let next = |g: &Game| next_clock_action(&g.clock().unwrap(), Side::White);
        assert_eq!(next(&game), Some(ClockAction::Start { side: Side::Black }));
        let mut at = 5_000;
        for action in [ClockAction::Start { side: Side::White }, ClockAction::Pause] {
            game.apply(Event::Clock(action), at).unwrap();
            at += 1_000;
        }
        while let Some(action) = next(&game) {
            game.apply(Event::Clock(action), at).unwrap();
        }
        assert_eq!(game.clock().unwrap().running_side(), Some(Side::Black));
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
