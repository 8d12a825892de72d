//! A board tablet's game of a round follows the chief's changes to it
//! before play.

use laws::game::{Event, Game};
use leptos::prelude::*;

use crate::event::round::Round;
use crate::event::sync::EventLink;
use crate::state::AppState;
use crate::tf;

/// A board tablet's games of `round` follow its changes before play: a
/// game with no move takes its pairing's colours and board number from
/// the round's new version (a details correction in its log). One already
/// begun is left as it is, and the arbiter told.
pub fn follow_round(state: AppState, link: &EventLink, round: &Round) {
    let number = round.round.to_string();
    let games: Vec<Game> = state.games.with_untracked(|games| {
        games
            .iter()
            .filter(|g| link.owns(g.id()) && g.setup().round.trim() == number)
            .cloned()
            .collect()
    });
    for game in games {
        let setup = game.setup();
        let pair = [&setup.white, &setup.black];
        let Some(board) = round.boards.iter().find(|b| {
            let theirs = [&b.white, &b.black];
            pair.iter().all(|p| {
                theirs
                    .iter()
                    .any(|t| t.name == p.name && t.fide_id == p.fide_id)
            })
        }) else {
            continue;
        };
        let Some(ours) = round.setup(board.number) else {
            continue;
        };
        if ours.white == setup.white && ours.board == setup.board {
            continue;
        }
        if game.fold().map_or(true, |play| play.begun) {
            state.warn(tf!(
                "Round {number} changed board {} after its game began: the game is left as it is; the arbiter decides.",
                "Runda {number} zmieniła szachownicę {} po rozpoczęciu partii: partia pozostaje bez zmian; decyduje sędzia.",
                setup.board
            ));
            continue;
        }
        let mut next = setup.clone();
        next.white = ours.white;
        next.black = ours.black;
        next.board = ours.board;
        if let Err(e) = state.apply(game.id(), Event::DetailsEdited(Box::new(next))) {
            state.warn(e);
        }
    }
}
