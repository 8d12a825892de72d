//! Past rounds out of the way: a tablet in an event keeps every board's
//! game it pulls, and a 9-round Swiss of 200 boards is 1,800 games, far more
//! than localStorage's 5 MB and than a tablet wants in its memory. A game
//! of a round before the event's latest, over, pushed, and not of this
//! tablet's own board is archived: its record stays in the journal
//! (IndexedDB, whose quota is a share of the disk) and nowhere else, and a
//! small entry there ([`Archived`]) keeps what the rounds' results show.
//! The game is read back when asked for (a round's PGN, the backup), and
//! comes back into play, read whole from the database, if its board
//! changes it again.

use std::collections::BTreeSet;

use laws::game::Game;
use laws::signing::VerifyingKey;
use leptos::prelude::*;

use crate::event::archived::Archived;
use crate::event::sync::{EventLink, SyncRecord, of_an_event};
use crate::state::{AppState, store};
use crate::storage::{ARCHIVED_PREFIX, archived_key, game_key, game_of_record, journal};

/// The event's latest round: the highest published, or played in a game.
#[must_use]
pub fn latest_round(games: &[Game], record: &SyncRecord) -> Option<u32> {
    let played = games
        .iter()
        .filter(|g| of_an_event(g.id()))
        .filter_map(|g| g.setup().round.trim().parse::<u32>().ok());
    record.rounds.keys().copied().chain(played).max()
}

/// The games of `games` to archive: of the event, of a round before its
/// latest, over (the Laws' result, no adjournment left open), every entry
/// in the database, not at a fork or waiting to be read again, and not of
/// this tablet's own board.
#[must_use]
pub fn to_archive(games: &[Game], link: &EventLink, record: &SyncRecord) -> Vec<String> {
    let Some(latest) = latest_round(games, record) else {
        return Vec::new();
    };
    games
        .iter()
        .filter(|game| {
            let id = game.id();
            of_an_event(id)
                && !link.owns(id)
                && game
                    .setup()
                    .round
                    .trim()
                    .parse::<u32>()
                    .is_ok_and(|round| round < latest)
                && game.fold().is_ok_and(|play| play.ended().is_some())
                && record.pushed.get(id) == Some(&game.log().len())
                && !record.forks.contains_key(id)
                && !record.read_again.iter().any(|g| g == id)
        })
        .map(|game| game.id().to_owned())
        .collect()
}

thread_local! {
    static ARCHIVE: ArcRwSignal<Vec<Archived>> = ArcRwSignal::new(Vec::new());
}

/// The archived games' entries, as far as read: for the rounds' results.
#[must_use]
pub fn archive() -> ArcRwSignal<Vec<Archived>> {
    ARCHIVE.with(Clone::clone)
}

/// Reads the archive's entries into [`archive`].
pub async fn load() {
    archive().set(entries().await);
}

/// The archive's entries in the journal. One whose game is in localStorage
/// again (brought back, and the entry's removal lost with the page) is
/// removed; one this build cannot read stays, unused.
async fn entries() -> Vec<Archived> {
    let Ok(entries) = journal::read_prefixed(ARCHIVED_PREFIX).await else {
        return Vec::new();
    };
    let (store, _) = store();
    let mut archived = Vec::with_capacity(entries.len());
    for (key, text) in entries {
        match serde_json::from_str::<Archived>(&text) {
            Ok(entry) if matches!(store.game_text(&entry.id), Ok(None)) => archived.push(entry),
            Ok(_) => journal::write(&key, None),
            Err(_) => {}
        }
    }
    archived
}

/// Every archived game, read back (for the backup: it carries them all,
/// whether or not this tablet is still in the event), and those that
/// cannot be read.
pub async fn every_game() -> (Vec<Game>, Vec<String>) {
    let ids: Vec<String> = entries().await.into_iter().map(|e| e.id).collect();
    read_games(&ids).await
}

/// Archives what [`to_archive`] names, by `record`: each entry is written
/// to the journal and, once it and the game's record are on the disk, the
/// game leaves localStorage and the page. A game whose record the journal
/// does not hold as localStorage does (the journal refused, or the game
/// changed meanwhile) stays where it is. Returns the games archived, which
/// the sync record need no longer follow.
pub async fn archive_past(
    state: AppState,
    link: &EventLink,
    record: &ArcRwSignal<SyncRecord>,
) -> BTreeSet<String> {
    let ids = record.with_untracked(|r| state.games.with_untracked(|g| to_archive(g, link, r)));
    if ids.is_empty() {
        return BTreeSet::new();
    }
    // A game taken while catching up is saved first: what leaves is the
    // game as shown. One that cannot be, or is held in the page for
    // storage full, stays.
    let mut ids: BTreeSet<String> = ids.into_iter().collect();
    let unsaved = state.save_taken(Some(&ids));
    let held = state.unsaved.get_untracked();
    ids.retain(|id| !unsaved.contains(id) && !held.contains(id));
    let entries: Vec<Archived> = ids
        .iter()
        .filter_map(|id| {
            let game = state.game(id)?;
            let key = record.with_untracked(|r| r.boards.get(id).copied());
            Some(Archived::of(&game, key))
        })
        .collect();
    for entry in &entries {
        let text = serde_json::to_string(entry).expect("an entry serialises");
        journal::write(&archived_key(&entry.id), Some(&text));
    }
    journal::written().await;
    let keys: Vec<String> = entries.iter().map(|e| game_key(&e.id)).collect();
    let kept = match journal::read(&keys).await {
        // Refused, the entries may not be there: nothing leaves.
        Ok(kept) if !journal::refused() => kept,
        _ => return BTreeSet::new(),
    };
    let (store, _) = store();
    let mut moved = Vec::new();
    for (entry, kept) in entries.into_iter().zip(kept) {
        let stored = store.game_text(&entry.id).ok().flatten();
        if kept.is_some() && kept == stored && store.unload_game(&entry.id).is_ok() {
            moved.push(entry);
        } else {
            journal::write(&archived_key(&entry.id), None);
        }
    }
    let gone: BTreeSet<String> = moved.iter().map(|e| e.id.clone()).collect();
    state.let_go(&gone);
    archive().update(|archive| {
        archive.retain(|e| !gone.contains(&e.id));
        archive.extend(moved);
    });
    gone
}

/// Game `id` is in play again (a late change read it whole): its entry
/// goes.
pub fn bring_back(id: &str) {
    if archive().with_untracked(|a| a.iter().any(|e| e.id == id)) {
        archive().update(|a| a.retain(|e| e.id != id));
        journal::write(&archived_key(id), None);
    }
}

/// The board key game `id`'s archive entry kept, if it is archived.
#[must_use]
pub fn board_key(id: &str) -> Option<VerifyingKey> {
    archive().with_untracked(|a| a.iter().find(|e| e.id == id).and_then(|e| e.board_key))
}

/// The archived games `ids`, read back from the journal; those that cannot
/// be read are named.
pub async fn read_games(ids: &[String]) -> (Vec<Game>, Vec<String>) {
    let keys: Vec<String> = ids.iter().map(|id| game_key(id)).collect();
    let texts = journal::read(&keys).await.unwrap_or_default();
    let mut games = Vec::new();
    let mut unread = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        match texts
            .get(index)
            .cloned()
            .flatten()
            .map(|text| game_of_record(id, &text))
        {
            Some(Ok(game)) => games.push(game),
            _ => unread.push(id.clone()),
        }
    }
    (games, unread)
}

#[cfg(test)]
mod tests;
