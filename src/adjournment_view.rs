//! The adjournment screens' view model: the outside of the envelope as the
//! game's record shows it, an envelope's status, and recording a step with
//! its refusal told as a sentence. Every rule stays in `laws`.

use laws::adjournment::{Adjournment, AdjournmentEvent, Envelope, Phase, Resumption};
use laws::game::{Event, Game};

use crate::state::AppState;
use crate::t;
use crate::text::laws_text;

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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use laws::adjournment::{Entropy, MIN_ITERATIONS, SealingDraft};
    use laws::game::{Player, Setup, Side};
    use laws::notation::NotationLang;
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

    /// Seals `text` in `game`, adjourned (its seal requested), at `at_ms`.
    pub(crate) fn seal(game: &mut Game, at_ms: u64, text: &str) {
        let outside = game_record(game, at_ms, &entries()).unwrap();
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft.write(text, NotationLang::En).unwrap();
        let sealed = draft
            .seal(
                outside,
                at_ms,
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
            at_ms,
        )
        .unwrap();
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
        seal(&mut game, 4_000, "e5");
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
}
