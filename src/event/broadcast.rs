//! The chief arbiter's tablet sends the rounds out live: each round's PGN
//! as an attachment in the event's database (`feed:003/round.pgn`), for a
//! broadcast to poll, and one round pushed to a lichess broadcast round
//! (`POST /api/broadcast/round/{id}/push`, lichess's documented API). Both
//! follow every change, each game held back by the delay the arbiter set;
//! a push that fails waits longer each time, and is shown.

use std::cell::Cell;
use std::collections::BTreeMap;

use gloo_net::http::Request;
use gloo_timers::future::TimeoutFuture;
use laws::game::Game;
use leptos::prelude::*;
use serde_json::Value;

use crate::event::couch::{Couch, encode, record};
use crate::event::feed::{
    Broadcast, FEED_FILE, LICHESS_GAMES, Pushed, feed_doc_id, feed_key, feed_pgn,
};
use crate::event::sync::{EventLink, backoff_ms};
use crate::state::{AppState, now_ms};
use crate::{t, tf};

/// How often the games are looked at for a change.
const TICK_MS: u32 = 500;
/// With a delay, how often what is out is worked out again.
const DELAYED_EVERY_MS: u64 = 5_000;
/// How long lichess asks to wait after "too many requests".
const TOO_MANY_MS: u64 = 60_000;

thread_local! {
    static RUNNING: Cell<bool> = const { Cell::new(false) };
    static STATUS: ArcRwSignal<FeedStatus> = ArcRwSignal::new(FeedStatus::default());
}

/// Where the live feed stands, for the event screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FeedStatus {
    /// Each round's feed as last written to the database: when, and how
    /// many games.
    pub written: BTreeMap<u32, (u64, usize)>,
    /// Why the database did not take the last write.
    pub problem: Option<String>,
    pub lichess: Option<LichessStatus>,
}

/// The last push to lichess.
#[derive(Debug, Clone, PartialEq)]
pub enum LichessStatus {
    Pushed {
        at_ms: u64,
        round: u32,
        pushed: Pushed,
        /// Boards past lichess's limit, not pushed.
        left_out: usize,
    },
    Failed {
        at_ms: u64,
        why: String,
        /// When it is tried again; `None`: once the settings change.
        retry_at_ms: Option<u64>,
    },
}

/// The feed's status, as it changes.
#[must_use]
pub fn status() -> ArcRwSignal<FeedStatus> {
    STATUS.with(Clone::clone)
}

/// Starts the feed on this tablet, once; it stops when the tablet leaves
/// the event, and does nothing but on the chief arbiter's tablet.
pub fn start(state: AppState) {
    if !RUNNING.replace(true) {
        leptos::task::spawn_local(run(state));
    }
}

/// The round's games as its feed shows them: grouped once per look.
fn games_of_round(games: &[Game], round: u32) -> Vec<Game> {
    let round = round.to_string();
    games
        .iter()
        .filter(|g| g.setup().round.trim() == round)
        .cloned()
        .collect()
}

/// What a feed shows: each game's id and how many of its entries are out.
type FeedKey = Vec<(String, usize)>;

/// What was last sent: the feed's key per round (with the database's
/// revision of its document), and lichess's.
#[derive(Default)]
struct Sent {
    feeds: BTreeMap<u32, (FeedKey, Option<String>)>,
    lichess: Option<(Broadcast, FeedKey)>,
    attempt: u32,
    /// When lichess is tried again after it did not answer, or asked to wait.
    retry_at: Option<u64>,
    /// The games as last looked at (their number and entries), when, and
    /// the settings then.
    looked: Option<(usize, usize, u64, Broadcast)>,
}

async fn run(state: AppState) {
    let mut sent = Sent::default();
    loop {
        TimeoutFuture::new(TICK_MS).await;
        let Some(link) = state.settings.with_untracked(|s| s.event.clone()) else {
            RUNNING.set(false);
            return;
        };
        if !link.is_chief() {
            continue;
        }
        let broadcast = record().with_untracked(|r| r.broadcast.clone().unwrap_or_default());
        let now = now_ms();
        // Nothing changed and nothing comes out with time: nothing to do.
        let size = state.games.with_untracked(|games| {
            (
                games.len(),
                games.iter().map(|g| g.log().len()).sum::<usize>(),
            )
        });
        let due = sent
            .looked
            .as_ref()
            .is_none_or(|(count, entries, at, settings)| {
                (*count, *entries) != size
                    || (broadcast.delay_minutes > 0 && now >= at + DELAYED_EVERY_MS)
                    || *settings != broadcast
            });
        let retry_due = sent.retry_at.is_some_and(|at| now >= at);
        if !due && !retry_due {
            continue;
        }
        sent.looked = Some((size.0, size.1, now, broadcast.clone()));
        let cutoff = now.saturating_sub(broadcast.delay_ms());
        write_feeds(&link, state, &mut sent, cutoff).await;
        if broadcast.pushes() && sent.retry_at.is_none_or(|at| now >= at) {
            push_to_lichess(state, &broadcast, &mut sent, cutoff, now).await;
        } else if !broadcast.pushes() {
            STATUS.with(|s| s.update(|s| s.lichess = None));
        }
    }
}

/// Writes each round's feed whose games changed since it was written.
async fn write_feeds(link: &EventLink, state: AppState, sent: &mut Sent, cutoff: u64) {
    let couch = Couch::new(link);
    let rounds = record().with_untracked(|r| r.rounds.clone());
    for (number, round) in rounds {
        let games = state
            .games
            .with_untracked(|games| games_of_round(games, number));
        let key = feed_key(&round, &games, cutoff);
        let held = sent.feeds.get(&number);
        if held.is_some_and(|(k, _)| *k == key) {
            continue;
        }
        let (text, count) = feed_pgn(&round, &games, cutoff, usize::MAX);
        let rev = held.and_then(|(_, rev)| rev.clone());
        match put_feed(&couch, number, rev, &text).await {
            Ok(rev) => {
                sent.feeds.insert(number, (key, Some(rev)));
                STATUS.with(|s| {
                    s.update(|s| {
                        s.written.insert(number, (now_ms(), count));
                        s.problem = None;
                    });
                });
            }
            Err(why) => {
                STATUS.with(|s| s.update(|s| s.problem = Some(why)));
                return;
            }
        }
    }
}

/// The feed document's revision in the database, if it has one.
async fn current_rev(couch: &Couch, id: &str) -> Result<Option<String>, String> {
    let url = format!("{}/{}", couch.url, encode(id));
    let response = couch
        .at(Request::get(&url))
        .send()
        .await
        .map_err(|_| offline())?;
    match response.status() {
        200 => {
            let doc: Value = response.json().await.map_err(|e| e.to_string())?;
            Ok(doc["_rev"].as_str().map(str::to_owned))
        }
        404 => Ok(None),
        status => Err(refused(status, response.json().await.ok())),
    }
}

/// Writes round `number`'s PGN as its feed document's attachment; the
/// revision it was written as. A stale revision is read again once.
async fn put_feed(
    couch: &Couch,
    number: u32,
    rev: Option<String>,
    text: &str,
) -> Result<String, String> {
    let id = feed_doc_id(number);
    let mut rev = match rev {
        Some(rev) => Some(rev),
        None => current_rev(couch, &id).await?,
    };
    for _ in 0..2 {
        let url = format!("{}/{}/{FEED_FILE}", couch.url, encode(&id));
        let request = couch
            .at(Request::put(&url))
            .query(rev.iter().map(|rev| ("rev", rev.as_str())))
            .header("Content-Type", "application/x-chess-pgn")
            .body(text.to_owned())
            .map_err(|e| e.to_string())?;
        let response = request.send().await.map_err(|_| offline())?;
        match response.status() {
            200..=299 => {
                let answer: Value = response.json().await.map_err(|e| e.to_string())?;
                return Ok(answer["rev"].as_str().unwrap_or_default().to_owned());
            }
            409 => rev = current_rev(couch, &id).await?,
            status => return Err(refused(status, response.json().await.ok())),
        }
    }
    Err(t!(
        "the feed's document changed under this tablet twice: it is written again at the next move",
        "dokument transmisji zmienił się dwa razy w trakcie zapisu: zostanie zapisany przy następnym posunięciu"
    )
    .into())
}

fn offline() -> String {
    t!("the server does not answer", "serwer nie odpowiada").into()
}

fn refused(status: u16, body: Option<Value>) -> String {
    let reason = body
        .as_ref()
        .and_then(|b| b["reason"].as_str().or(b["error"].as_str()))
        .unwrap_or_default()
        .to_owned();
    tf!(
        "the server refused it ({status} {reason})",
        "serwer odmówił ({status} {reason})"
    )
}

/// Pushes the chosen round's first [`LICHESS_GAMES`] boards when what is
/// out changed, or the settings did.
async fn push_to_lichess(
    state: AppState,
    broadcast: &Broadcast,
    sent: &mut Sent,
    cutoff: u64,
    now: u64,
) {
    let Some(number) = broadcast.round else {
        return;
    };
    let Some(round) = record().with_untracked(|r| r.rounds.get(&number).cloned()) else {
        return;
    };
    let games = state
        .games
        .with_untracked(|games| games_of_round(games, number));
    let limited = crate::event::round::Round {
        boards: round.boards.iter().take(LICHESS_GAMES).cloned().collect(),
        ..round.clone()
    };
    let key = feed_key(&limited, &games, cutoff);
    if sent
        .lichess
        .as_ref()
        .is_some_and(|(b, k)| b == broadcast && *k == key)
    {
        return;
    }
    let (text, _) = feed_pgn(&round, &games, cutoff, LICHESS_GAMES);
    let left_out = round.boards.len().saturating_sub(LICHESS_GAMES);
    let failed = |why: String, retry_at_ms: Option<u64>| LichessStatus::Failed {
        at_ms: now,
        why,
        retry_at_ms,
    };
    let answer = Request::post(&broadcast.push_url())
        .header(
            "Authorization",
            &format!("Bearer {}", broadcast.token.trim()),
        )
        .header("Content-Type", "text/plain")
        .body(text)
        .map_err(|e| e.to_string());
    let shown = match answer {
        Err(why) => {
            sent.lichess = Some((broadcast.clone(), key));
            failed(why, None)
        }
        Ok(request) => match request.send().await {
            Err(_) => {
                // Offline or unreachable: longer each time.
                let wait = u64::from(backoff_ms(sent.attempt));
                sent.attempt += 1;
                sent.retry_at = Some(now + wait);
                failed(
                    t!(
                        "lichess does not answer (no network?)",
                        "lichess nie odpowiada (brak sieci?)"
                    )
                    .into(),
                    Some(now + wait),
                )
            }
            Ok(response) => {
                let status = response.status();
                let body: Option<Value> = response.json().await.ok();
                match status {
                    200..=299 => {
                        sent.attempt = 0;
                        sent.retry_at = None;
                        sent.lichess = Some((broadcast.clone(), key));
                        LichessStatus::Pushed {
                            at_ms: now,
                            round: number,
                            pushed: Pushed::read(&body.unwrap_or_default()),
                            left_out,
                        }
                    }
                    429 => {
                        sent.retry_at = Some(now + TOO_MANY_MS);
                        failed(
                            t!(
                                "lichess asks to wait: too many pushes",
                                "lichess prosi o przerwę: za dużo wysyłek"
                            )
                            .into(),
                            Some(now + TOO_MANY_MS),
                        )
                    }
                    status => {
                        // Refused: not tried again until the settings or
                        // the games change.
                        sent.retry_at = None;
                        sent.lichess = Some((broadcast.clone(), key));
                        failed(lichess_refusal(status, body.as_ref()), None)
                    }
                }
            }
        },
    };
    STATUS.with(|s| s.update(|s| s.lichess = Some(shown)));
}

/// A refusal from lichess in the arbiter's words.
fn lichess_refusal(status: u16, body: Option<&Value>) -> String {
    let error = body
        .and_then(|b| b["error"].as_str())
        .unwrap_or_default()
        .to_owned();
    match status {
        401 => t!(
            "lichess refused the token: make one with study:write and give it again",
            "lichess odrzucił token: utwórz nowy z uprawnieniem study:write i podaj go ponownie"
        )
        .into(),
        403 => t!(
            "lichess refused: the token's account is not a contributor to this broadcast",
            "lichess odmówił: konto tokenu nie współtworzy tej transmisji"
        )
        .into(),
        404 => t!(
            "lichess has no broadcast round with this id",
            "lichess nie ma rundy transmisji o tym identyfikatorze"
        )
        .into(),
        _ => tf!(
            "lichess refused the push ({status} {error})",
            "lichess odrzucił wysyłkę ({status} {error})"
        ),
    }
}
