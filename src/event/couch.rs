//! A tablet's side of its event's CouchDB database, spoken over CouchDB's
//! documented HTTP API: new log entries pushed in batches (`_bulk_docs`,
//! after `_revs_diff` says what the database lacks), changes pulled with the
//! `_changes` long poll from a checkpoint kept in storage, every pulled
//! entry checked against the hash chain (`docs::reconcile`).
//!
//! In the screens' module (`wasm_split`), not the first load; it runs only
//! on a tablet that joined an event: one on its own makes no request.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use base64::Engine;
use gloo_net::http::{Request, RequestBuilder};
use gloo_timers::future::TimeoutFuture;
use laws::signing::{SigningKey, VerifyingKey};
use leptos::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::event::answer::{Changes, OpenRevision, Reason, Rows};
use crate::event::archive;
use crate::event::call::{
    ANSWER_PREFIX, AnswerDoc, CALL_PREFIX, CallDoc, Caller, answer_call as note_answer, keep_call,
};
use crate::event::docs::{
    ChoiceDoc, DocId, EventDoc, Pulled, SignedSetup, Why, game_doc, game_doc_id, reconcile,
    revision, settle_choice, settle_setup,
};
use crate::event::feed::Broadcast;
use crate::event::revision::{Meta, Revision};
use crate::event::roster::{
    Deputy, OFFER_PREFIX, OfferDoc, ROSTER_PREFIX, Roster, RosterDoc, roster_doc_number,
    settle_roster,
};
use crate::event::round::{ROUND_PREFIX, Round, RoundDoc, round_doc_version, settle_rounds};
use crate::event::round_change::RoundChange;
use crate::event::signed::Trust;
use crate::event::sync::{EventLink, SyncRecord, SyncStatus, backoff_ms, of_an_event};
use crate::platform::next_task::after_paint_within;
use crate::state::{AppState, Save, store};
use crate::storage::{SYNC_KEY, journal, sync_of, sync_text};
use crate::{t, tf};
use laws::trf::encoding::Encoding;

/// Documents per `_bulk_docs` request.
const BATCH: usize = 200;
/// How long the server holds a long poll open when nothing changes.
const LONG_POLL_MS: u32 = 25_000;
/// How often a waiting long poll looks for new entries stored here.
const LOCAL_CHECK_MS: u32 = 200;
/// Changes per page of the feed. A page names most boards of an event in
/// play, and each game it names is read once for the page: a
/// tablet joining 200 boards of 80 moves took 45 s in pages of 1,000, 11 s
/// in pages of 5,000 (a page is about 4 MB of JSON).
const PAGE: usize = 5000;

thread_local! {
    static RUNNING: Cell<bool> = const { Cell::new(false) };
    /// The last page of the changes feed read was full: more follow.
    static MORE: Cell<bool> = const { Cell::new(false) };
    /// Where this tablet stands with its event's database (here, not in
    /// the app's state, so the first load carries none of it).
    static RECORD: ArcRwSignal<SyncRecord> = ArcRwSignal::new(SyncRecord::default());
    /// Where it stands at a glance; `None` while not syncing.
    static STATUS: ArcRwSignal<Option<SyncStatus>> = ArcRwSignal::new(None);
    /// While games taken from the feed wait to be saved (more pages
    /// follow): the checkpoint the record is saved with, the last one with
    /// every game it covers saved. Closed meanwhile, the tablet reads the
    /// pages after it again.
    static SAVED_SINCE: RefCell<Option<Option<Value>>> = const { RefCell::new(None) };
    /// The page of changes after a checkpoint, fetched while the page
    /// before it was taken: (the database's URL, the checkpoint, the page).
    static AHEAD: RefCell<Option<(String, String, Changes)>> = const { RefCell::new(None) };
    /// Each game's setup document as last read, by game, and the database's
    /// URL: the feed names a setup again whenever it changes (a revision
    /// in conflict with it included), so what was read stays good, and a
    /// tablet joining need not ask again for a game whose entries run on
    /// into the next page (a request that would wait behind the page the
    /// server is making meanwhile).
    static SETUPS: RefCell<(String, HashMap<String, SetupDoc>)> =
        RefCell::new((String::new(), HashMap::new()));
}

/// Where this tablet stands with its event, as it changes.
#[must_use]
pub fn status() -> ArcRwSignal<Option<SyncStatus>> {
    STATUS.with(Clone::clone)
}

/// The sync record, as it changes: for the event screen.
#[must_use]
pub fn record() -> ArcRwSignal<SyncRecord> {
    RECORD.with(Clone::clone)
}

/// Joins the event `link` names (checked first), or leaves the event
/// with `None`; what was synced stays on this tablet, and the chief
/// arbiter's key that joining brought leaves the recipients.
pub fn join_event(state: AppState, mut link: Option<EventLink>) -> Result<(), String> {
    state.require_arbiter()?;
    if let Some(link) = &mut link {
        link.validate()?;
        if link.signing_key.is_none() {
            // The same event joined again keeps this tablet's key: the
            // boards it set up stay its own.
            let kept = state.settings.with_untracked(|s| {
                s.event
                    .as_ref()
                    .filter(|e| e.database_url() == link.database_url())
                    .and_then(|e| e.signing_key.clone())
            });
            link.signing_key = Some(match kept {
                Some(key) => key,
                None => new_signing_key()?,
            });
        }
    }
    let joined = link.is_some();
    let brought = state.settings.with_untracked(|s| {
        s.event
            .as_ref()
            .and_then(|e| e.brought_key.clone())
            .filter(|key| link.as_ref().and_then(|l| l.brought_key.as_ref()) != Some(key))
    });
    if let Some(fingerprint) = brought {
        state.remove_recipient(&fingerprint)?;
    }
    state.change_settings(|s| s.event = link)?;
    // Another event's checkpoint means nothing here.
    let fresh = SyncRecord::default();
    save_record(&fresh)?;
    record().set(fresh);
    if !joined {
        status().set(None);
    }
    Ok(())
}

/// A new signing key for this tablet, from the browser's randomness.
fn new_signing_key() -> Result<SigningKey, String> {
    crate::platform::random::seed().map(SigningKey::from_seed)
}

/// The event's link with this tablet's signing key: a link stored before
/// tablets signed gets one now.
fn signed_link(state: AppState) -> Result<Option<EventLink>, String> {
    let link = state.settings.with_untracked(|s| s.event.clone());
    match link {
        Some(link) if link.signing_key.is_none() => {
            let key = new_signing_key()?;
            state.change_settings(|s| {
                if let Some(event) = &mut s.event {
                    event.signing_key = Some(key);
                }
            })?;
            Ok(state.settings.with_untracked(|s| s.event.clone()))
        }
        link => Ok(link),
    }
}

/// The arbiter's choice at game `id`'s fork: the branch whose entry at
/// `index` has hash `chosen` goes on; it is pushed, signed by this tablet,
/// with the next batch.
pub fn choose_branch(state: AppState, id: &str, index: usize, chosen: &str) {
    if let Err(e) = state.require_arbiter() {
        state.warn(e);
        return;
    }
    match signed_link(state) {
        Ok(Some(EventLink {
            signing_key: Some(key),
            ..
        })) => {
            let choice = ChoiceDoc::new(id, index, chosen, crate::state::now_ms(), &key);
            update_record(|record| record.choices.push(choice));
        }
        Ok(_) => {}
        Err(e) => state.warn(e),
    }
}

/// The chief arbiter's new roster: `change` of the one held, signed by this
/// tablet (his), taken here at once and pushed with the next batch.
pub fn change_roster(
    state: AppState,
    change: impl FnOnce(&Roster) -> Roster,
) -> Result<(), String> {
    state.require_arbiter()?;
    let link = joined_link(state)?;
    if !link.is_chief() {
        return Err(t!(
            "Only the chief arbiter's tablet, the one that set the event up, names deputies.",
            "Zastępców wyznacza tylko tablet sędziego głównego, ten, który założył turniej."
        )
        .into());
    }
    let key = link.signing_key.as_ref().ok_or_else(no_key)?;
    // Above every roster in the database, refused ones too.
    let roster = record().with_untracked(|r| {
        let mut roster = change(&r.roster);
        roster.number = roster.number.max(r.refused_above(roster_doc_number) + 1);
        roster
    });
    let doc = RosterDoc::of(roster.clone(), link.database.trim(), key);
    update_record(|record| {
        record.take_roster(roster);
        record.roster_unsent = Some(doc);
    });
    Ok(())
}

/// This tablet offers itself as a deputy arbiter named `name`: its signing
/// key and its arbiter's key (if it has one), pushed with the next batch
/// for the chief arbiter to compare and add.
pub fn offer_as_deputy(state: AppState, name: &str) -> Result<(), String> {
    state.require_arbiter()?;
    let name = name.trim();
    if name.is_empty() {
        return Err(t!("Give the deputy's name.", "Podaj nazwisko zastępcy.").into());
    }
    let link = joined_link(state)?;
    if link.is_chief() {
        return Err(t!(
            "This is the chief arbiter's tablet: its key is every tablet's already.",
            "To tablet sędziego głównego: jego klucz mają już wszystkie tablety."
        )
        .into());
    }
    let key = link.signing_key.as_ref().ok_or_else(no_key)?;
    let deputy = Deputy {
        name: name.to_owned(),
        signer: key.verifying_key(),
        seal_to: state.arbiter_key().map(|k| k.key().recipient().public_key),
    };
    let doc = OfferDoc::of(deputy, link.database.trim(), key);
    update_record(|record| record.offer_unsent = Some(doc));
    Ok(())
}

/// Publishes `round`, read from the pairing program's file `trf` (none for
/// a plain list), as its
/// next version, signed by this tablet: the chief arbiter's, or a
/// deputy's on his roster. Taken here at once (the file kept, to write the
/// results back) and pushed with the next batch.
pub fn publish_round(
    state: AppState,
    mut round: Round,
    trf: Option<(String, Encoding)>,
) -> Result<u32, String> {
    state.require_arbiter()?;
    let link = joined_link(state)?;
    let key = link.signing_key.as_ref().ok_or_else(no_key)?;
    let own = key.verifying_key();
    if !record().with_untracked(|r| r.arbiters(&link).contains(&own)) {
        return Err(t!(
            "Only the chief arbiter's tablet, or a deputy's on his list, publishes a round.",
            "Rundę publikuje tylko tablet sędziego głównego albo zastępcy z jego listy."
        )
        .into());
    }
    // Above every version in the database, refused ones too.
    let number = round.round;
    round.version = record().with_untracked(|r| {
        let refused = r.refused_above(|id| {
            round_doc_version(id)
                .filter(|(of, _)| *of == number)
                .map(|(_, version)| version)
        });
        let held = r.rounds.get(&number).map_or(0, |held| held.version);
        refused.max(held)
    }) + 1;
    let version = round.version;
    let doc = RoundDoc::of(round.clone(), link.database.trim(), key);
    update_record(|record| {
        match trf {
            Some((trf, encoding)) => {
                record.trf.insert(round.round, trf);
                record.trf_encoding.insert(round.round, encoding);
            }
            None => {
                record.trf.remove(&round.round);
                record.trf_encoding.remove(&round.round);
            }
        }
        record.take_round(round);
        record.rounds_unsent.push(doc);
    });
    Ok(version)
}

/// Board game `game`'s call for an arbiter: open to the players (no PIN),
/// taken here at once and pushed with the next batch, or when the network
/// is back.
pub fn call_arbiter(state: AppState, game: &str) -> Result<(), String> {
    let link = joined_link(state)?;
    let key = link.signing_key.as_ref().ok_or_else(no_key)?;
    let setup = state
        .game(game)
        .map(|g| g.setup().clone())
        .ok_or_else(|| tf!("There is no game {game}.", "Nie ma partii {game}."))?;
    let caller = Caller {
        game: game.to_owned(),
        round: setup.round.clone(),
        board: setup.board.clone(),
        players: crate::text::laws_text::side::pairing(&setup.white.name, &setup.black.name),
    };
    let doc = CallDoc::of(
        caller,
        &link.user,
        crate::state::now_ms(),
        link.database.trim(),
        key,
    );
    update_record(|record| {
        keep_call(&mut record.calls, doc.call());
        record.calls_unsent.push(doc);
    });
    Ok(())
}

/// This arbiter's answer to call `call`: every tablet stops calling, and
/// the board sees who is coming.
pub fn answer_call(state: AppState, call: &str) -> Result<(), String> {
    let link = joined_link(state)?;
    let key = link.signing_key.as_ref().ok_or_else(no_key)?;
    let own = key.verifying_key();
    if !record().with_untracked(|r| r.arbiters(&link).contains(&own)) {
        return Err(t!(
            "Only the chief arbiter's tablet, or a deputy's on his list, answers a call.",
            "Na wezwanie odpowiada tylko tablet sędziego głównego albo zastępcy z jego listy."
        )
        .into());
    }
    let doc = AnswerDoc::of(call, crate::state::now_ms(), link.database.trim(), key);
    let answer = crate::event::call::Answer {
        by: own,
        at_ms: doc.at_ms,
    };
    update_record(|record| {
        note_answer(&mut record.calls, call, answer);
        record.answers_unsent.push(doc);
    });
    Ok(())
}

/// The chief arbiter's settings for the live feed: kept on this tablet,
/// the lichess token with them.
pub fn set_broadcast(state: AppState, broadcast: Broadcast) -> Result<(), String> {
    state.require_arbiter()?;
    broadcast.validate()?;
    if !joined_link(state)?.is_chief() {
        return Err(t!(
            "Only the chief arbiter's tablet, the one that set the event up, sends the rounds out live.",
            "Rundy na żywo wysyła tylko tablet sędziego głównego, ten, który założył turniej."
        )
        .into());
    }
    update_record(|record| record.broadcast = Some(broadcast));
    Ok(())
}

/// The chief's `change` to published round `number` before play: the
/// round's next version, the change logged in it; the pairing program's
/// file kept to write the results back.
pub fn change_round(state: AppState, number: u32, change: RoundChange) -> Result<u32, String> {
    let (held, trf) = record().with_untracked(|r| {
        let encoding = r.trf_encoding.get(&number).copied().unwrap_or_default();
        (
            r.rounds.get(&number).cloned(),
            r.trf.get(&number).map(|text| (text.clone(), encoding)),
        )
    });
    let held = held.ok_or_else(|| {
        tf!(
            "Round {number} is not published.",
            "Runda {number} nie jest opublikowana."
        )
    })?;
    let next = held
        .with_change(change, crate::state::now_ms())
        .map_err(|e| e.to_string())?;
    publish_round(state, next, trf)
}

fn joined_link(state: AppState) -> Result<EventLink, String> {
    signed_link(state)?.ok_or_else(|| {
        t!(
            "This tablet is in no event.",
            "Ten tablet nie należy do turnieju."
        )
        .to_owned()
    })
}

fn no_key() -> String {
    t!(
        "this tablet has no signing key",
        "ten tablet nie ma klucza podpisu"
    )
    .to_owned()
}

/// A game's setup document: its id, and its revision as read.
type SetupDoc = (String, Revision);

/// Why a request did not go through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    /// No answer: the network or the server is away.
    Offline,
    /// The server answered no; the reason in the arbiter's words.
    Refused(String),
}

impl Failure {
    fn status(&self) -> SyncStatus {
        match self {
            Failure::Offline => SyncStatus::Offline,
            Failure::Refused(why) => SyncStatus::Refused(why.clone()),
        }
    }
}

/// The event's database, as this tablet's user.
pub(crate) struct Couch {
    pub(crate) url: String,
    auth: String,
}

impl Couch {
    pub(crate) fn new(link: &EventLink) -> Couch {
        let credentials = format!("{}:{}", link.user.trim(), link.password);
        Couch {
            url: link.database_url(),
            auth: format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(credentials)
            ),
        }
    }

    pub(crate) fn at(&self, builder: RequestBuilder) -> RequestBuilder {
        builder
            .header("Authorization", &self.auth)
            .header("Accept", "application/json")
    }

    /// The server's answer to `request`, read as a `T`.
    pub(crate) async fn send<T: DeserializeOwned>(
        &self,
        request: Result<Request, gloo_net::Error>,
    ) -> Result<T, Failure> {
        let response = request
            .map_err(|e| Failure::Refused(e.to_string()))?
            .send()
            .await
            .map_err(|_| Failure::Offline)?;
        let status = response.status();
        // Its bytes, not its text: a page of the changes feed is a
        // megabyte, and text would cross into the wasm converted.
        let body = response.binary().await.map_err(|_| Failure::Offline)?;
        match status {
            200..=299 => serde_json::from_slice(&body).map_err(|_| {
                Failure::Refused(
                    t!(
                        "the server's answer is not a database's",
                        "odpowiedź serwera nie jest odpowiedzią bazy danych"
                    )
                    .into(),
                )
            }),
            401 => Err(Failure::Refused(
                t!("wrong user or password", "zły użytkownik lub hasło").into(),
            )),
            403 => {
                // Read only when refused: an answer is read once.
                let reason = serde_json::from_slice::<Reason>(&body)
                    .unwrap_or_default()
                    .reason;
                Err(Failure::Refused(tf!(
                    "no permission ({reason})",
                    "brak uprawnień ({reason})"
                )))
            }
            404 => Err(Failure::Refused(
                t!(
                    "the server has no such database; the chief arbiter prepares it",
                    "serwer nie ma takiej bazy; przygotowuje ją sędzia główny"
                )
                .into(),
            )),
            _ => Err(Failure::Offline),
        }
    }

    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, Failure> {
        let url = format!("{}{path}", self.url);
        self.send(
            self.at(Request::get(&url))
                .query(query.iter().copied())
                .build(),
        )
        .await
    }

    async fn post<T: DeserializeOwned>(&self, path: &str, body: &Value) -> Result<T, Failure> {
        self.send(
            self.at(Request::post(&format!("{}{path}", self.url)))
                .json(body),
        )
        .await
    }

    async fn put(&self, path: &str, body: &Value) -> Result<Value, Failure> {
        self.send(
            self.at(Request::put(&format!("{}{path}", self.url)))
                .json(body),
        )
        .await
    }
}

/// Starts syncing this tablet with its event, once; it stops when the
/// tablet leaves the event.
pub fn start(state: AppState) {
    if !RUNNING.replace(true) {
        leptos::task::spawn_local(run(state));
    }
}

/// The "prepare this database" action: creates the database if the user
/// may, installs the design document (the server's guard of the log) and
/// gives the board, chief and player roles their access. Needs a server admin.
/// Called from Settings, itself in the screens' module: no split of its own
/// (a split function called from split code is an import nothing resolves
/// in a build that is not split, such as the browser tests').
pub async fn prepare_database(link: EventLink) -> Result<(), String> {
    let couch = Couch::new(&link);
    let words = |f: Failure| match f {
        Failure::Offline => t!("the server does not answer", "serwer nie odpowiada").to_owned(),
        Failure::Refused(why) => why,
    };
    // 412 when it exists already; a refusal shows in the writes below.
    let _ = couch
        .send::<Value>(couch.at(Request::put(&couch.url)).build())
        .await;
    let mut design: Value =
        serde_json::from_str(include_str!("../../couchdb/design.json")).expect("valid JSON");
    if let Ok(old) = couch.get::<Value>("/_design/arbiter", &[]).await {
        design["_rev"] = old["_rev"].clone();
    }
    couch
        .put("/_design/arbiter", &design)
        .await
        .map_err(words)?;
    let security = json!({
        "admins": {"names": [], "roles": []},
        "members": {"names": [], "roles": ["board", "chief", "player"]},
    });
    couch.put("/_security", &security).await.map_err(words)?;
    Ok(())
}

async fn run(state: AppState) {
    // Read here, not at start-up: a tablet on its own never reads it.
    let (kept, ()) = futures::join!(load_record(), archive::load());
    record().set(kept);
    let mut attempt = 0;
    loop {
        // Stopped while catching up (offline, or the event changed): what
        // was taken is saved, with the checkpoint past it.
        save_taken(state);
        let link = signed_link(state).unwrap_or_else(|e| {
            state.warn(e);
            state.settings.with_untracked(|s| s.event.clone())
        });
        let Some(link) = link else {
            status().set(None);
            RUNNING.set(false);
            return;
        };
        status().set(Some(SyncStatus::Connecting));
        match sync_with(&Couch::new(&link), &link, state).await {
            Ok(()) => attempt = 0,
            Err(failure) => {
                status().set(Some(failure.status()));
                back_off(backoff_ms(attempt)).await;
                attempt += 1;
            }
        }
    }
}

/// Waits `ms` before trying again, or less: until the browser says the
/// network is back, so that what waits (a call for an arbiter) goes then.
async fn back_off(ms: u32) {
    const STEP_MS: u32 = 250;
    let online = || leptos::prelude::window().navigator().on_line();
    let offline_at_first = !online();
    for _ in 0..ms.div_ceil(STEP_MS) {
        TimeoutFuture::new(STEP_MS).await;
        if offline_at_first && online() {
            return;
        }
    }
}

/// Pushes and pulls until the link changes or a request fails.
async fn sync_with(couch: &Couch, link: &EventLink, state: AppState) -> Result<(), Failure> {
    // The database's state and its arbiters' documents, read at once.
    let (info, arbiters) = futures::join!(couch.get::<Value>("", &[]), read_arbiters(couch, link));
    let info = info?;
    let instance = info["instance_start_time"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    update_record(|record| {
        record.meet(
            &format!("{}#{instance}", link.database_url()),
            &info["update_seq"],
        );
    });
    // The roster before any game: its deputies' entries are taken.
    if let Some(docs) = arbiters? {
        settle_arbiters(link, state, docs);
    }
    while state
        .settings
        .with_untracked(|s| s.event.as_ref() == Some(link))
    {
        push_arbiters(couch, state).await?;
        // A refused write is kept for the next try, and the tablet still
        // reads the event.
        let mut pushed = push(couch, link, state).await;
        // A call goes even when a game of this tablet's is refused.
        if !matches!(pushed, Err(Failure::Offline))
            && let Err(offline) = push_calls(couch, state).await
        {
            pushed = Err(offline);
        }
        match &pushed {
            Err(Failure::Offline) => return Err(Failure::Offline),
            Err(refused) => status().set(Some(refused.status())),
            Ok(()) if read_here() => show_status(state),
            Ok(()) => {}
        }
        // What the server refused waits for the next try without ending
        // the long poll; after a push that went through, whatever waits
        // was stored during it and ends the poll at once (the server may
        // answer that push with no change to wake it: a revision it did
        // not keep).
        let unsent = if pushed.is_ok() { 0 } else { waiting(state) };
        pull(couch, link, state, unsent).await?;
        if pushed.is_ok() && read_here() {
            show_status(state);
        }
    }
    Ok(())
}

/// Whether the event has been read here: a tablet that has just joined (or
/// met the database anew) is not synced before its first page.
fn read_here() -> bool {
    record().with_untracked(|r| r.since.is_some())
}

/// The archived games `ids` need nothing more in the record: nothing of
/// theirs waits, and the board's key is in the archive's entry.
fn forget_archived(ids: &std::collections::BTreeSet<String>) {
    if !ids.is_empty() {
        update_record(|record| {
            record.pushed.retain(|id, _| !ids.contains(id));
            record.boards.retain(|id, _| !ids.contains(id));
        });
    }
}

fn update_record(change: impl FnOnce(&mut SyncRecord)) {
    let record = record();
    record.update(change);
    // The record only saves work: the database holds what was pushed.
    let _ = record.with_untracked(save_record);
}

/// The sync record: localStorage's copy where there is one (an older
/// build's, or one the journal refused, newer than the journal's), else
/// the journal's; a fresh start if neither can be read.
async fn load_record() -> SyncRecord {
    if let Some(kept) = store().0.load_sync() {
        return kept;
    }
    journal::read(&[SYNC_KEY.to_owned()])
        .await
        .ok()
        .and_then(|texts| texts.into_iter().next().flatten())
        .and_then(|text| sync_of(&text))
        .unwrap_or_default()
}

/// Keeps the sync record in the journal, out of localStorage (it grows
/// with the event's rounds); in localStorage while the journal refuses.
fn save_record(record: &SyncRecord) -> Result<(), String> {
    let saved_since = SAVED_SINCE.with_borrow(Clone::clone);
    let as_saved;
    let record = match saved_since {
        Some(since) => {
            as_saved = SyncRecord {
                since,
                ..record.clone()
            };
            &as_saved
        }
        None => record,
    };
    let (store, _) = store();
    if journal::refused() {
        return store.save_sync(record).map_err(|e| e.to_string());
    }
    journal::write(SYNC_KEY, Some(&sync_text(record)));
    store.forget_sync();
    Ok(())
}

/// Saves the games taken while more pages followed, then the record with
/// its checkpoint past them.
fn save_taken(state: AppState) {
    state.save_taken(None);
    if SAVED_SINCE.take().is_some() {
        let _ = record().with_untracked(save_record);
    }
}

/// Changes the record for one game of a page of changes, saved with the
/// page's checkpoint: written once a page, not once a game (a tablet
/// joining reads hundreds). Lost with the page, it is worked out again
/// when the page is read again.
fn update_record_unsaved(change: impl FnOnce(&mut SyncRecord)) {
    record().update(change);
}

fn waiting(state: AppState) -> usize {
    record().with_untracked(|record| state.games.with_untracked(|games| record.waiting(games)))
}

fn show_status(state: AppState) {
    let forks = record().with_untracked(|r| r.forks.len());
    let waiting = waiting(state);
    status().set(Some(if forks > 0 {
        SyncStatus::Fork(forks)
    } else if MORE.get() {
        SyncStatus::CatchingUp
    } else if waiting > 0 {
        SyncStatus::Waiting(waiting)
    } else {
        SyncStatus::Synced
    }));
}

fn choice_doc(choice: &ChoiceDoc) -> Value {
    let mut doc = serde_json::to_value(choice).expect("a choice serialises");
    doc["_rev"] = revision(&choice.chosen).into();
    doc
}

/// Sends the chief's new roster, the rounds published here and this
/// tablet's offer to be a deputy. One the server refuses (a board's
/// account may not write them) is dropped and the reason shown: it does
/// not hold the games back.
async fn push_arbiters(couch: &Couch, state: AppState) -> Result<(), Failure> {
    let (roster, offer, rounds) = record().with_untracked(|r| {
        (
            r.roster_unsent.clone(),
            r.offer_unsent.clone(),
            r.rounds_unsent.clone(),
        )
    });
    let docs: Vec<Value> = roster
        .iter()
        .map(RosterDoc::to_value)
        .chain(offer.iter().map(OfferDoc::to_value))
        .chain(rounds.iter().map(RoundDoc::to_value))
        .collect();
    if docs.is_empty() {
        return Ok(());
    }
    if let Some(why) = write_once(couch, docs).await? {
        state.warn(tf!(
            "The database refused the arbiters' list, a round or the offer to be a deputy: {why}. An arbiter's account has the chief role (organiser's guide).",
            "Baza odrzuciła listę sędziów, rundę albo zgłoszenie zastępcy: {why}. Konto sędziego ma rolę chief (przewodnik organizatora)."
        ));
    }
    update_record(|record| {
        if record.roster_unsent == roster {
            record.roster_unsent = None;
        }
        if record.offer_unsent == offer {
            record.offer_unsent = None;
        }
        record.rounds_unsent.retain(|doc| !rounds.contains(doc));
    });
    Ok(())
}

/// Writes documents of the event's own (written once), for a push that
/// drops them either way: the server's reason when it refuses one.
async fn write_once(couch: &Couch, docs: Vec<Value>) -> Result<Option<String>, Failure> {
    match couch
        .post::<Value>("/_bulk_docs", &json!({"docs": docs, "new_edits": false}))
        .await
    {
        Err(Failure::Offline) => Err(Failure::Offline),
        Err(Failure::Refused(why)) => Ok(Some(why)),
        Ok(rows) => Ok(rows.as_array().and_then(|rows| {
            rows.iter()
                .find_map(|row| row.get("error").and(row["reason"].as_str()))
                .map(str::to_owned)
        })),
    }
}

/// Sends this tablet's calls and answers, after its games (a call names
/// one). A call the server refuses is dropped with the reason shown, not
/// left to look as if it waited for an answer.
async fn push_calls(couch: &Couch, state: AppState) -> Result<(), Failure> {
    let (calls, answers) =
        record().with_untracked(|r| (r.calls_unsent.clone(), r.answers_unsent.clone()));
    let docs: Vec<Value> = calls
        .iter()
        .map(CallDoc::to_value)
        .chain(answers.iter().map(AnswerDoc::to_value))
        .collect();
    if docs.is_empty() {
        return Ok(());
    }
    let refusal = write_once(couch, docs).await?;
    if let Some(why) = &refusal {
        state.warn(tf!(
            "The database refused the call for an arbiter or its answer: {why}. Fetch an arbiter in person; the organiser's guide has the accounts' roles.",
            "Baza odrzuciła wezwanie sędziego albo odpowiedź: {why}. Przywołaj sędziego osobiście; role kont są w przewodniku organizatora."
        ));
    }
    update_record(|record| {
        record.calls_unsent.retain(|doc| !calls.contains(doc));
        record.answers_unsent.retain(|doc| !answers.contains(doc));
        let sent = |id: &String| calls.iter().any(|doc| doc.id == *id);
        if refusal.is_some() {
            record.calls.retain(|call| !sent(&call.id));
        } else {
            for call in record.calls.iter_mut().filter(|call| sent(&call.id)) {
                call.sent = true;
            }
        }
    });
    Ok(())
}

/// Reads the calls and answers named `ids` (from the changes feed): calls
/// first, so that an answer read with its call is taken.
async fn take_calls(couch: &Couch, link: &EventLink, ids: Vec<String>) -> Result<(), Failure> {
    if ids.is_empty() {
        return Ok(());
    }
    let rows: Rows = couch
        .post("/_all_docs?include_docs=true", &json!({ "keys": ids }))
        .await?;
    let database = link.database.trim();
    let (boards, arbiters) = record().with_untracked(|r| (r.boards.clone(), r.arbiters(link)));
    let mut calls = Vec::new();
    let mut answers = Vec::new();
    let mut refused = Vec::new();
    for row in rows.rows {
        let (id, Some(doc)) = (row.id.as_str(), row.doc.as_deref()) else {
            continue;
        };
        if id.starts_with(CALL_PREFIX) {
            match CallDoc::read(id, doc, database, |game| boards.get(game).copied()) {
                Ok(call) => calls.push(call),
                Err(r) => refused.push(r),
            }
        } else {
            match AnswerDoc::read(id, doc, database, &arbiters) {
                Ok(answer) => answers.push(answer),
                Err(r) => refused.push(r),
            }
        }
    }
    update_record(|record| {
        for call in calls {
            keep_call(&mut record.calls, call);
        }
        for (call, answer) in answers {
            note_answer(&mut record.calls, &call, answer);
        }
        record.refuse(refused);
    });
    Ok(())
}

/// Reads the chief's rosters, taking the newest he signed, on his tablet
/// the offers to be a deputy, and the rounds the arbiters published.
async fn take_arbiters(couch: &Couch, link: &EventLink, state: AppState) -> Result<(), Failure> {
    if let Some(docs) = read_arbiters(couch, link).await? {
        settle_arbiters(link, state, docs);
    }
    Ok(())
}

/// The documents naming the event's arbiters, each kind by its prefix.
struct ArbiterDocs {
    rosters: Vec<(String, Vec<Revision>)>,
    offers: Vec<(String, Vec<Revision>)>,
    rounds: Vec<(String, Vec<Revision>)>,
}

/// Reads the rosters, the offers (on the chief's tablet) and the rounds,
/// all at once: what they mean is settled in that order after. `None` for
/// an event with no chief's key.
async fn read_arbiters(couch: &Couch, link: &EventLink) -> Result<Option<ArbiterDocs>, Failure> {
    if link.chief_key().is_none() {
        return Ok(None);
    }
    let by_prefix = |prefix: &'static str| {
        let end = format!("{prefix}\u{fff0}");
        async move { documents(couch, prefix, &end).await }
    };
    let offers = async {
        if link.is_chief() {
            by_prefix(OFFER_PREFIX).await
        } else {
            Ok(Vec::new())
        }
    };
    let (rosters, offers, rounds) =
        futures::try_join!(by_prefix(ROSTER_PREFIX), offers, by_prefix(ROUND_PREFIX))?;
    Ok(Some(ArbiterDocs {
        rosters,
        offers,
        rounds,
    }))
}

fn settle_arbiters(link: &EventLink, state: AppState, docs: ArbiterDocs) {
    let Some(chief) = link.chief_key() else {
        return;
    };
    let database = link.database.trim();
    let known = record().with_untracked(|r| r.roster.clone());
    let revisions = docs
        .rosters
        .iter()
        .flat_map(|(id, revs)| revs.iter().map(move |rev| (id.as_str(), &**rev)));
    let (roster, mut refused) = settle_roster(&known, revisions, database, &chief);
    let mut offers = Vec::new();
    for (id, revs) in &docs.offers {
        for rev in revs {
            match OfferDoc::read(id, rev, database) {
                Ok(deputy) => offers.push(deputy),
                Err(r) => refused.push(r),
            }
        }
    }
    update_record(|record| {
        if let Some(roster) = roster {
            record.take_roster(roster);
        }
        for deputy in offers {
            record.offer(deputy);
        }
        record.refuse(refused);
    });
    // Rounds once the roster is known: a deputy may publish one.
    let (held, arbiters) = record().with_untracked(|r| (r.rounds.clone(), r.arbiters(link)));
    let revisions = docs
        .rounds
        .iter()
        .flat_map(|(id, revs)| revs.iter().map(move |rev| (id.as_str(), &**rev)));
    let (taken, refused) = settle_rounds(&held, revisions, database, &arbiters);
    for round in &taken {
        crate::event::round_follow::follow_round(state, link, round);
    }
    update_record(|record| {
        for round in taken {
            record.take_round(round);
        }
        record.refuse(refused);
    });
}

/// Every revision of every document whose id is from `start` to `end`.
async fn documents(
    couch: &Couch,
    start: &str,
    end: &str,
) -> Result<Vec<(String, Vec<Revision>)>, Failure> {
    let start = serde_json::to_string(start).expect("a string");
    let end = serde_json::to_string(end).expect("a string");
    let rows: Rows = couch
        .get(
            "/_all_docs",
            &[
                ("include_docs", "true"),
                ("conflicts", "true"),
                ("startkey", &start),
                ("endkey", &end),
            ],
        )
        .await?;
    let mut out = Vec::new();
    for row in rows.rows {
        if let Some(doc) = row.doc {
            let revisions = revisions(couch, &row.id, doc).await?;
            out.push((row.id, revisions));
        }
    }
    Ok(out)
}

/// Sends what the database lacks, in batches; a batch refused stays
/// waiting for the next try.
async fn push(couch: &Couch, link: &EventLink, state: AppState) -> Result<(), Failure> {
    let Some(key) = &link.signing_key else {
        return Err(Failure::Refused(
            t!(
                "this tablet has no signing key",
                "ten tablet nie ma klucza do podpisu"
            )
            .into(),
        ));
    };
    let (docs, pushed) = record().with_untracked(|record| {
        let mut docs: Vec<Value> = record.choices.iter().map(choice_doc).collect();
        let mut pushed = Vec::new();
        state.games.with_untracked(|games| {
            for game in games.iter().filter(|g| of_an_event(g.id())) {
                let from = record.pushed.get(game.id()).copied();
                // Another board's game is set up by its board alone.
                if from.is_none() && link.owns(game.id()) {
                    docs.push(game_doc(game, key));
                }
                for index in from.unwrap_or(0)..game.log().len() {
                    docs.push(
                        serde_json::to_value(EventDoc::of(game, index, key)).expect("serialises"),
                    );
                }
                pushed.push((game.id().to_owned(), game.log().len()));
            }
        });
        (docs, pushed)
    });
    for batch in docs.chunks(BATCH) {
        let mut asked = serde_json::Map::new();
        for doc in batch {
            asked.insert(
                doc["_id"].as_str().unwrap_or_default().to_owned(),
                json!([doc["_rev"]]),
            );
        }
        let missing: Value = couch.post("/_revs_diff", &Value::Object(asked)).await?;
        let send: Vec<&Value> = batch
            .iter()
            .filter(|doc| {
                missing
                    .get(doc["_id"].as_str().unwrap_or_default())
                    .is_some()
            })
            .collect();
        if send.is_empty() {
            continue;
        }
        let answer: Value = couch
            .post("/_bulk_docs", &json!({"docs": send, "new_edits": false}))
            .await?;
        if let Some(refusal) = answer
            .as_array()
            .and_then(|rows| rows.iter().find(|row| row.get("error").is_some()))
        {
            let reason = refusal["reason"].as_str().unwrap_or_default();
            return Err(Failure::Refused(tf!(
                "no permission to write ({reason})",
                "brak uprawnień do zapisu ({reason})"
            )));
        }
    }
    let choices = record().with_untracked(|r| r.choices.len());
    let own = key.verifying_key();
    update_record(|record| {
        record.choices.drain(..choices.min(record.choices.len()));
        for (id, len) in pushed {
            if !record.pushed.contains_key(&id) && link.owns(&id) {
                record.boards.entry(id.clone()).or_insert(own);
            }
            record.pushed.insert(id, len);
        }
    });
    Ok(())
}

/// Reads the changes feed from the checkpoint and takes in every game it
/// names; the long poll ends early when an entry is stored here (more
/// than the `unsent` the server refused).
async fn pull(
    couch: &Couch,
    link: &EventLink,
    state: AppState,
    unsent: usize,
) -> Result<(), Failure> {
    let since = record().with_untracked(|r| r.since.as_ref().map_or_else(|| "0".to_owned(), seq));
    // Read from the start (joined again, or the database went back): no
    // setup remembered from before is taken on trust.
    if since == "0" {
        SETUPS.with_borrow_mut(|(_, setups)| setups.clear());
    }
    let ahead = AHEAD
        .take()
        .filter(|(url, from, _)| *url == couch.url && *from == since);
    let changes = match ahead {
        Some((_, _, page)) => page,
        None => match long_poll(couch, state, unsent, &since).await? {
            Some(changes) => changes,
            // Stopped for an entry stored here: push it first.
            None => return Ok(()),
        },
    };
    // A full page: more are waiting, and the next is fetched while this
    // one is taken (a tablet joining waits for the network and its own
    // reading at once, not in turn).
    let full = changes.results.len() >= PAGE;
    // Said before the page is taken: the event screen draws no board from
    // a page that more follow.
    MORE.set(full);
    if full {
        status().set(Some(SyncStatus::CatchingUp));
    }
    let next_since = seq(&changes.last_seq);
    let limit = PAGE.to_string();
    let next = async {
        if !full {
            return None;
        }
        let query = [
            ("since", next_since.as_str()),
            ("limit", limit.as_str()),
            ("include_docs", "true"),
            ("conflicts", "true"),
        ];
        couch.get("/_changes", &query).await.ok()
    };
    let take = async {
        // The browser's turn first: the next page's request, made above,
        // goes out only then, not after the whole page is taken.
        TimeoutFuture::new(0).await;
        take_changes(couch, link, state, changes).await
    };
    let (next, taken) = futures::future::join(next, take).await;
    if let Some(page) = next {
        AHEAD.set(Some((couch.url.clone(), next_since, page)));
    }
    taken
}

/// A checkpoint of the changes feed as its URL gives it (a number on
/// some servers, a string on CouchDB).
fn seq(value: &Value) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned)
}

/// The changes after `since`, waiting for one when there is none; `None`
/// when the wait was stopped for an entry stored here.
async fn long_poll(
    couch: &Couch,
    state: AppState,
    unsent: usize,
    since: &str,
) -> Result<Option<Changes>, Failure> {
    let controller = web_sys::AbortController::new().ok();
    let done = Rc::new(Cell::new(false));
    if let Some(controller) = controller.clone() {
        let done = done.clone();
        leptos::task::spawn_local(async move {
            while !done.get() {
                TimeoutFuture::new(LOCAL_CHECK_MS).await;
                if waiting(state) > unsent && !done.get() {
                    controller.abort();
                    return;
                }
            }
        });
    }
    let timeout = LONG_POLL_MS.to_string();
    let limit = PAGE.to_string();
    let url = format!("{}/_changes", couch.url);
    let request = couch
        .at(Request::get(&url))
        .query([
            ("feed", "longpoll"),
            ("since", since),
            ("timeout", timeout.as_str()),
            ("limit", &limit),
            // The documents come with the feed: a game's new entries need
            // no second request (a tablet joining reads every game so).
            ("include_docs", "true"),
            ("conflicts", "true"),
        ])
        .abort_signal(controller.as_ref().map(|c| c.signal()).as_ref())
        .build();
    let answer = couch.send(request).await;
    done.set(true);
    match answer {
        Ok(changes) => Ok(Some(changes)),
        Err(Failure::Offline) if controller.as_ref().is_some_and(|c| c.signal().aborted()) => {
            Ok(None)
        }
        Err(failure) => Err(failure),
    }
}

/// Takes in every game, call and arbiters' document a page of the
/// changes feed names, then moves the checkpoint past it.
async fn take_changes(
    couch: &Couch,
    link: &EventLink,
    state: AppState,
    changes: Changes,
) -> Result<(), Failure> {
    let mut games: Vec<String> = Vec::new();
    // Each game's documents the feed brought, by game.
    let mut fed: HashMap<String, Vec<(String, Revision)>> = HashMap::new();
    let mut calls: Vec<String> = Vec::new();
    let mut arbiters_changed = false;
    for change in changes.results {
        let id = change.id.as_str();
        if id.starts_with(CALL_PREFIX) || id.starts_with(ANSWER_PREFIX) {
            calls.push(id.to_owned());
        }
        arbiters_changed |= [ROSTER_PREFIX, OFFER_PREFIX, ROUND_PREFIX]
            .iter()
            .any(|prefix| id.starts_with(prefix));
        let doc_id = DocId::parse(id);
        if let DocId::Game(game) = &doc_id {
            let setup = change.doc.as_ref().filter(|_| !change.deleted);
            remember_setup(couch, game, setup.map(|doc| (id.to_owned(), doc.clone())));
        }
        if let Some(game) = doc_id.game() {
            if !games.iter().any(|g| g == game) {
                games.push(game.to_owned());
            }
            if let Some(doc) = change.doc.filter(|_| !change.deleted) {
                fed.entry(game.to_owned())
                    .or_default()
                    .push((id.to_owned(), doc));
            }
        }
    }
    // The roster first: its deputies' entries in these games are taken.
    if arbiters_changed {
        take_arbiters(couch, link, state).await?;
    }
    let (again, forks) = record().with_untracked(|r| {
        let forks: HashSet<String> = r.forks.keys().cloned().collect();
        (r.read_again.clone(), forks)
    });
    for game in &again {
        if !games.contains(game) {
            games.push(game.clone());
        }
    }
    // A game read again, or at a fork (its choices may be older than
    // the checkpoint), is read whole; every other from what changed.
    let whole = |game: &String| again.contains(game) || forks.contains(game);
    let mut setups = setups(couch, games.iter().filter(|g| !whole(g)), &fed).await?;
    // This tablet's own key and the arbiters' (the chief's, on his own
    // tablet, from its seed), worked out once a page, not once a game (a
    // curve multiplication each); the roster was taken above.
    let own = link.signing_key.as_ref().map(SigningKey::verifying_key);
    let arbiters = record().with_untracked(|r| r.arbiters(link));
    let mut incomplete = Vec::new();
    for game in games {
        let mut read = Read::Whole;
        if !whole(&game) {
            let mut docs = Vec::new();
            for (id, doc) in setups
                .remove(&game)
                .into_iter()
                .chain(fed.remove(&game).into_iter().flatten())
            {
                let revisions = revisions(couch, &id, doc).await?;
                docs.push((id, revisions));
            }
            read = take_game(link, own, &arbiters, state, &game, docs, Read::Changed);
        }
        if read == Read::Whole {
            let start = game_doc_id(&game);
            let docs = documents(couch, &start, &format!("{start}:\u{fff0}")).await?;
            if take_game(link, own, &arbiters, state, &game, docs, Read::Whole) == Read::Incomplete
            {
                incomplete.push(game);
            }
        }
    }
    // After the games: a call is checked against its game's board.
    take_calls(couch, link, calls).await?;
    if MORE.get() {
        // The checkpoint saved stays the last one every game it covers was
        // saved at.
        if state.any_taken() && SAVED_SINCE.with_borrow(Option::is_none) {
            SAVED_SINCE.set(Some(record().with_untracked(|r| r.since.clone())));
        }
    } else {
        if state.any_taken() {
            // The boards are shown first: saving every game the catch-up
            // took is a write each (of 200 boards, a few tenths of a
            // second the chief need not wait for).
            show_status(state);
            after_paint_within(100).await;
        }
        // Every game taken meanwhile is saved, then the checkpoint past
        // them (below).
        state.save_taken(None);
        SAVED_SINCE.set(None);
    }
    let last_seq = changes.last_seq;
    update_record(|record| {
        record.since = Some(last_seq);
        record.read_again.retain(|g| !again.contains(g));
        for game in incomplete {
            if !record.read_again.contains(&game) {
                record.read_again.push(game);
            }
        }
    });
    // A tablet joining takes round after round: each past one leaves
    // localStorage before the next fills it.
    let archived = archive::archive_past(state, link, &record()).await;
    forget_archived(&archived);
    Ok(())
}

/// The setup documents of `games` the feed did not bring, by game: the
/// board's key a game's entries are checked against. As last read
/// ([`SETUPS`]), the others in one request.
async fn setups(
    couch: &Couch,
    games: impl Iterator<Item = &String>,
    fed: &HashMap<String, Vec<(String, Revision)>>,
) -> Result<HashMap<String, SetupDoc>, Failure> {
    let mut out = HashMap::new();
    let keys: Vec<String> = games
        .filter(|game| {
            let id = game_doc_id(game);
            !fed.get(*game)
                .is_some_and(|docs| docs.iter().any(|(doc_id, _)| *doc_id == id))
        })
        .filter(|game| match remembered_setup(couch, game) {
            Some(setup) => {
                out.insert((*game).clone(), setup);
                false
            }
            None => true,
        })
        .map(|game| game_doc_id(game))
        .collect();
    if keys.is_empty() {
        return Ok(out);
    }
    let rows: Rows = couch
        .post(
            "/_all_docs?include_docs=true&conflicts=true",
            &json!({ "keys": keys }),
        )
        .await?;
    for row in rows.rows {
        if let DocId::Game(game) = DocId::parse(&row.id)
            && let Some(doc) = row.doc
        {
            remember_setup(couch, &game, Some((row.id.clone(), doc.clone())));
            out.insert(game, (row.id, doc));
        }
    }
    Ok(out)
}

/// Keeps game `game`'s setup document as read from `couch`'s database;
/// `None` forgets it (deleted).
fn remember_setup(couch: &Couch, game: &str, setup: Option<SetupDoc>) {
    SETUPS.with_borrow_mut(|(url, setups)| {
        if *url != couch.url {
            *url = couch.url.clone();
            setups.clear();
        }
        match setup {
            Some(setup) => setups.insert(game.to_owned(), setup),
            None => setups.remove(game),
        };
    });
}

/// Game `game`'s setup document as last read from `couch`'s database.
fn remembered_setup(couch: &Couch, game: &str) -> Option<SetupDoc> {
    SETUPS.with_borrow(|(url, setups)| {
        (*url == couch.url)
            .then(|| setups.get(game).cloned())
            .flatten()
    })
}

/// How a game's documents were read, or are to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Read {
    /// Taken, from what changed since the checkpoint (and the setup).
    Changed,
    /// Every document of the game: what changed left a gap, or has
    /// entries whose setup the database lacks.
    Whole,
    /// Read whole, with entries that follow nothing the game has yet (a
    /// gap before them, or no setup): read whole again at each pull until
    /// what they follow comes, since a feed naming only that would not
    /// bring them back.
    Incomplete,
}

/// Keeps what the hash chain allows of game `id`'s documents `docs`, read
/// as `read` says: [`Read::Changed`] or [`Read::Whole`]; `own` is this
/// tablet's signing key's public half. Returns
/// `Read::Whole`, taking nothing, when what changed is not enough, and
/// [`Read::Incomplete`] when the whole game is not yet. `arbiters`: the
/// keys taken in every game.
fn take_game(
    link: &EventLink,
    own: Option<VerifyingKey>,
    arbiters: &[VerifyingKey],
    state: AppState,
    id: &str,
    docs: Vec<(String, Vec<Revision>)>,
    read: Read,
) -> Read {
    // The copy held is judged where it is, not copied: a game of an event
    // is taken at every page of the feed naming it.
    let (mut out, pulled, settled, board, no_local) = state.games.with_untracked(|games| {
        let local = games.iter().find(|g| g.id() == id);
        let mut pulled = Pulled::default();
        // A game made here (under this tablet's user, held before any pull
        // named its board) is this tablet's board's whatever the database says.
        let known_board = record()
            .with_untracked(|r| r.boards.get(id).copied())
            .or(own.filter(|_| link.owns(id) && local.is_some()))
            .or_else(|| archive::board_key(id));
        let mut settled = Vec::new();
        // Choices are judged once the setup has named the board.
        let mut choice_docs = Vec::new();
        for (doc_id, revisions) in docs {
            match DocId::parse(&doc_id) {
                DocId::Game(game) if game == id => {
                    let (setup, refused) = settle_setup(&doc_id, &revisions, local, known_board);
                    pulled.game = setup;
                    settled.extend(refused);
                }
                DocId::Event(game, _) if game == id => {
                    pulled.events.insert(doc_id, revisions);
                }
                DocId::Choice(game, index) if game == id => {
                    choice_docs.push((doc_id, index, revisions));
                }
                _ => {}
            }
        }
        let board = pulled.game.as_ref().map(SignedSetup::board);
        let trust = Trust {
            board,
            arbiters: arbiters.to_vec(),
        };
        for (doc_id, index, revisions) in choice_docs {
            let (chosen, refused) = settle_choice(&doc_id, &revisions, &trust);
            if let Some(chosen) = chosen {
                pulled.choices.insert(index, chosen);
            }
            settled.extend(refused);
        }
        pulled.known = match read {
            Read::Changed => record().with_untracked(|r| r.pushed.get(id).copied().unwrap_or(0)),
            _ => 0,
        };
        let out = reconcile(local, &pulled, crate::state::now_ms(), arbiters);
        (out, pulled, settled, board, local.is_none())
    });
    let no_setup = pulled.game.is_none() && !pulled.events.is_empty();
    let gap = out.refused.iter().any(|r| r.why == Why::NoPredecessor);
    if read == Read::Changed && (no_setup || gap) {
        return Read::Whole;
    }
    out.refused.extend(settled);
    let taken_setup = out
        .game
        .as_ref()
        .zip(pulled.game.as_ref())
        .is_some_and(|(game, setup)| setup.doc().sets_up(game));
    if let Some(game) = out.game {
        // Saved once the last page is taken, and its boards shown: a tablet
        // joining finds each game on most pages of the feed.
        let save = if MORE.get() || state.any_taken() {
            Save::Later
        } else {
            Save::Now
        };
        match state.take_from_event(game, save) {
            // An archived game changed again is in play again.
            Ok(()) => archive::bring_back(id),
            Err(e) => state.warn(e),
        }
    }
    let mut refused = 0;
    update_record_unsaved(|record| {
        // The setup's board, once a game grew from it here.
        if let Some(board) = board
            && taken_setup
        {
            record.boards.entry(id.to_owned()).or_insert(board);
        }
        if let Some(held) = out.held {
            let pushed = record.pushed.entry(id.to_owned()).or_default();
            *pushed = (*pushed).max(held);
        }
        match out.fork {
            Some(fork) => {
                record.forks.insert(id.to_owned(), fork);
            }
            None => {
                record.forks.remove(id);
            }
        }
        for game in out.set_aside {
            record.set_aside(game);
        }
        if !gap {
            record.complete(id);
        }
        // Told once, when first listed: a game read again (whole, at every
        // pull until what its entries follow comes) brings the same
        // refusals, and the arbiter's own notices would be hidden by them.
        refused = record.refuse(out.refused);
    });
    if refused > 0 {
        state.warn(tf!(
            "Game {id}: {refused} document(s) from the database refused and not used; the event screen lists why.",
            "Partia {id}: odrzucono dokumenty z bazy ({refused}), nieużyte; powody są na ekranie zawodów."
        ));
    }
    if gap || (no_setup && no_local) {
        Read::Incomplete
    } else {
        read
    }
}

/// Every revision of document `doc_id` the database keeps: `doc` as
/// `_all_docs` gave it (with `conflicts=true`), and its conflicting ones.
async fn revisions(couch: &Couch, doc_id: &str, doc: Revision) -> Result<Vec<Revision>, Failure> {
    // Read for its conflicts only when it may have some: one document in
    // tens of thousands has.
    let conflicts = if doc.get().contains("\"_conflicts\"") {
        Meta::of(&doc).conflicts
    } else {
        Vec::new()
    };
    let mut revisions = vec![doc];
    if !conflicts.is_empty() {
        let open = serde_json::to_string(&conflicts).expect("a list");
        let others: Vec<OpenRevision> = couch
            .get(&format!("/{}", encode(doc_id)), &[("open_revs", &open)])
            .await?;
        revisions.extend(others.into_iter().filter_map(|r| r.ok));
    }
    Ok(revisions)
}

/// A document id in a URL's path.
pub(crate) fn encode(id: &str) -> String {
    js_sys::encode_uri_component(id).into()
}
