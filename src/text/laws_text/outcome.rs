//! What a ruling decides for the game, in words.

use laws::outcome::Outcome;

use crate::t;

/// An outcome as a ruling states it: "White wins".
#[must_use]
pub fn outcome(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Continue => t!("the game continues", "partia toczy się dalej"),
        Outcome::WhiteWins => t!("White wins", "wygrywają białe"),
        Outcome::BlackWins => t!("Black wins", "wygrywają czarne"),
        Outcome::Draw => t!("the game is drawn", "partia kończy się remisem"),
        Outcome::NewGame => t!(
            "the game is cancelled and a new game played",
            "partia zostaje anulowana i rozgrywa się nową"
        ),
        Outcome::Postponed => t!("the decision is postponed", "decyzja zostaje odłożona"),
        Outcome::BothLose => t!("both players lose", "obaj zawodnicy przegrywają"),
        Outcome::Annulled => t!(
            "the game is annulled and a new game played",
            "partia zostaje anulowana i rozgrywa się nową"
        ),
    }
}
