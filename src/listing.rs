//! What the list of games shows of a game: its players, event, where it
//! stands and when it last changed. Written beside the game's record each
//! time the game is saved, so the list, the first screen, reads it without
//! replaying any game: the games' fold is then no part of the first load.
//! A listing is only a copy: the record is the game, and a listing that is
//! missing or unreadable is made again from it.

use laws::game::{Game, Side};
use serde::{Deserialize, Serialize};

use crate::text::clock_reading::shown_time;
use crate::text::i18n::Worded;
use crate::text::laws_text;
use crate::{t, tf};

/// A game as the list of games shows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Listing {
    pub id: String,
    pub white: String,
    pub black: String,
    pub event: String,
    pub round: String,
    pub board: String,
    pub updated_ms: u64,
    /// Where the game stands, worded in each language when it was saved:
    /// the list may be shown in the other one.
    pub standing: Worded,
    /// The clock's faces when the game was saved, if its clock was at rest.
    #[serde(default)]
    pub resting_clock: Option<RestingClock>,
}

/// What the faces of a clock at rest (not started, paused, stopped) show:
/// a clock opened cold shows them while its screen comes. A running
/// clock's time has moved on since it was saved, and is not kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RestingClock {
    /// Each side's time, as its face shows it.
    pub white: String,
    pub black: String,
    /// The clock placed the other way round: White's half is Black's.
    pub swapped: bool,
}

impl RestingClock {
    fn of(game: &Game) -> Option<RestingClock> {
        let clock = game.clock()?;
        let reading = clock.display(game.updated_ms());
        reading.running.is_none().then(|| RestingClock {
            white: shown_time(reading, Side::White),
            black: shown_time(reading, Side::Black),
            swapped: clock.halves_swapped(),
        })
    }
}

impl Listing {
    /// `game`'s listing, from its folded state.
    #[must_use]
    pub fn of(game: &Game) -> Listing {
        let setup = game.setup();
        Listing {
            id: game.id().to_owned(),
            white: setup.white.name.clone(),
            black: setup.black.name.clone(),
            event: setup.event.clone(),
            round: setup.round.clone(),
            board: setup.board.clone(),
            updated_ms: game.updated_ms(),
            standing: Worded::of(|| standing(game)),
            resting_clock: RestingClock::of(game),
        }
    }

    /// "White – Black".
    #[must_use]
    pub fn title(&self) -> String {
        laws_text::side::pairing(&self.white, &self.black)
    }

    /// The event, round and board, those given.
    #[must_use]
    pub fn details(&self) -> String {
        let round = tf!("round {}", "runda {}", self.round);
        let board = tf!("board {}", "szachownica {}", self.board);
        [
            (self.event.clone(), true),
            (round, !self.round.is_empty()),
            (board, !self.board.is_empty()),
        ]
        .into_iter()
        .filter_map(|(part, given)| (given && !part.is_empty()).then_some(part))
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// Where `game` stands, in a few words (the list, the event's boards).
#[must_use]
pub fn standing(game: &Game) -> String {
    match game.fold() {
        Ok(play) if let Some(result) = laws_text::game::game_over(play) => {
            tf!("Game over: {result}", "Koniec partii: {result}")
        }
        // Adjourned and not yet resumed (or resumed and adjourned again).
        Ok(play) if play.adjournment.adjourned() => {
            tf!(
                "Adjourned: {}",
                "Odłożona: {}",
                laws_text::adjournment::envelope_status(&play.adjournment)
            )
        }
        Ok(play) if play.begun => {
            let next = play.sheet.next_slot();
            tf!(
                "In play: move {}, {} to move",
                "W toku: posunięcie {}, ruch mają {}",
                next.number,
                laws_text::side::side_in_sentence(next.side)
            )
        }
        Ok(_) => t!("Not started", "Nierozpoczęta").to_owned(),
        Err(e) => tf!(
            "Cannot be replayed: {}",
            "Nie da się odtworzyć: {}",
            laws_text::game::game_error(&e)
        ),
    }
}

#[cfg(test)]
mod tests {
    use laws::clock::ClockAction;
    use laws::game::{Event, Player, Setup};
    use laws::scoresheet::Entry;

    use super::*;
    use crate::text::i18n::{UiLang, set_lang};

    fn game() -> Game {
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            event: "Club championship".into(),
            round: "3".into(),
            ..Setup::default()
        };
        Game::new("g1", setup, 1_000)
    }

    #[test]
    fn says_who_plays_where_and_how_the_game_stands_in_each_language() {
        let mut game = game();
        let listing = Listing::of(&game);
        assert_eq!(listing.title(), "Kowalski, Jan – Nowak, Anna");
        assert_eq!(listing.details(), "Club championship, round 3");
        assert_eq!(listing.standing.english, "Not started");
        assert_eq!(listing.standing.polish, "Nierozpoczęta");
        assert_eq!(listing.updated_ms, 1_000);

        game.apply(Event::Recorded(Entry::written("e4")), 2_000)
            .unwrap();
        let listing = Listing::of(&game);
        assert_eq!(listing.standing.english, "In play: move 1, Black to move");
        set_lang(UiLang::Polish);
        assert_eq!(listing.standing.get(), listing.standing.polish);
        assert_eq!(listing.details(), "Club championship, runda 3");
        set_lang(UiLang::English);
        assert_eq!(listing.updated_ms, 2_000);
    }

    /// A clock at rest is listed as its faces show it; a running one, whose
    /// time moves on after the save, and a game without a clock are not.
    #[test]
    fn a_clock_is_listed_only_at_rest() {
        let untimed = Setup {
            time_control: "-".parse().unwrap(),
            ..Setup::default()
        };
        let listing = Listing::of(&Game::new("g2", untimed, 1_000));
        assert_eq!(listing.resting_clock, None, "no clock");
        let mut game = game();
        let resting = RestingClock {
            white: "1:30:30".into(),
            black: "1:30:30".into(),
            swapped: false,
        };
        assert_eq!(Listing::of(&game).resting_clock, Some(resting));
        let start = ClockAction::Start { side: Side::White };
        game.apply(Event::Clock(start), 2_000).unwrap();
        assert_eq!(Listing::of(&game).resting_clock, None, "running");
        game.apply(Event::Clock(ClockAction::Pause), 62_000)
            .unwrap();
        let paused = Listing::of(&game).resting_clock.unwrap();
        assert_eq!(
            (paused.white.as_str(), paused.black.as_str()),
            ("1:29:30", "1:30:30")
        );
    }
}
