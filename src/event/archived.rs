//! An archived game's entry: what is kept in sight of a game of a past
//! round once its record is in the journal only (`event::archive`).

use laws::game::{Game, Player};
use laws::signing::VerifyingKey;
use laws::trf::results::GameResult;
use serde::{Deserialize, Serialize};

use crate::listing::standing;
use crate::text::i18n::Worded;

/// What is kept in sight of an archived game: what its round's results
/// show, and the key its board signed its setup with (a late change reads
/// the game whole and is checked against it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Archived {
    pub id: String,
    pub round: String,
    pub board: String,
    pub white: Player,
    pub black: Player,
    pub result: Option<GameResult>,
    /// Where it stands, as the list of games words it.
    pub standing: Worded,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_key: Option<VerifyingKey>,
}

impl Archived {
    #[must_use]
    pub fn of(game: &Game, board_key: Option<VerifyingKey>) -> Archived {
        let setup = game.setup();
        Archived {
            id: game.id().to_owned(),
            round: setup.round.trim().to_owned(),
            board: setup.board.trim().to_owned(),
            white: setup.white.clone(),
            black: setup.black.clone(),
            result: game.fold().ok().and_then(GameResult::of_game),
            standing: Worded::of(|| standing(game)),
            board_key,
        }
    }
}
