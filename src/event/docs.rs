//! An event's games as CouchDB documents, one write-once document per
//! logged event, so a database never merges: it only gathers.
//!
//! - `game:<id>`: the game's setup as it was created ([`GameDoc`]).
//! - `game:<id>:event:<000042>`: the log's 43rd entry ([`EventDoc`]): its
//!   time, the event exactly as logged (a sealed move stays sealed), the
//!   hash of the entry before it and its own. Its revision is made from its
//!   hash, so the same entry written by two tablets is one revision, and two
//!   different entries at one place are a CouchDB conflict: a fork.
//! - `game:<id>:fork:<000042>`: the arbiter's choice of the branch that goes
//!   on at a fork ([`ChoiceDoc`]).
//!
//! Each document is signed by the tablet that wrote it (`signed`). What a
//! database holds for a game is judged entry by entry before it is taken
//! ([`reconcile`]): its size, its signature (the game's board's or an
//! arbiter's), its time against this tablet's clock, the hash chain, and
//! the Laws (the fold must take it). An entry that fails is refused and
//! reported, never folded, and the board's own play goes on.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use laws::game::{AppendError, Event, Game, Logged, Sealed, Setup};
use laws::signing::{SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::event::revision::{Meta, Revision};
use crate::event::signed::{Signed, Trust, Unsigned, choice_message, entry_message, setup_message};
use crate::text::laws_text::game::game_error;
use crate::tf;

const GAME_PREFIX: &str = "game:";
const EVENT_INFIX: &str = ":event:";
const CHOICE_INFIX: &str = ":fork:";

/// The largest document a tablet takes, as JSON: an entry is a few hundred
/// bytes; an envelope sealed to a few arbiters a few kilobytes. The
/// server's guard (`couchdb/design.json`) refuses larger ones too.
pub const MAX_DOC_BYTES: usize = 64 * 1024;
/// How far after this tablet's clock an entry may be dated: an entry from
/// the future would hold the board's own presses back until then (a log
/// only goes forward in time), but a tablet's clock set by hand in a hall
/// with no network can be minutes out.
pub const CLOCK_TOLERANCE_MS: u64 = 10 * 60 * 1000;
/// The most histories of one game a tablet keeps apart: two tablets
/// pressing at once make two; a flood of entries at one place makes no more.
pub const MAX_HISTORIES: usize = 8;

/// The id of game `game`'s setup document.
#[must_use]
pub fn game_doc_id(game: &str) -> String {
    format!("{GAME_PREFIX}{game}")
}

/// The id of the document of game `game`'s log entry at `index` (from 0).
#[must_use]
pub fn event_doc_id(game: &str, index: usize) -> String {
    format!("{GAME_PREFIX}{game}{EVENT_INFIX}{index:06}")
}

/// The id of the arbiter's choice at a fork of game `game` at `index`.
#[must_use]
pub fn choice_doc_id(game: &str, index: usize) -> String {
    format!("{GAME_PREFIX}{game}{CHOICE_INFIX}{index:06}")
}

/// What a document id names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocId {
    Game(String),
    Event(String, usize),
    Choice(String, usize),
    /// Not one of ours (the design document, say).
    Other,
}

impl DocId {
    #[must_use]
    pub fn parse(id: &str) -> DocId {
        let Some(rest) = id.strip_prefix(GAME_PREFIX) else {
            return DocId::Other;
        };
        let place = |infix: &str| {
            rest.rsplit_once(infix)
                .filter(|(_, n)| n.len() == 6)
                .and_then(|(game, n)| Some((game.to_owned(), n.parse().ok()?)))
        };
        if let Some((game, index)) = place(EVENT_INFIX) {
            DocId::Event(game, index)
        } else if let Some((game, index)) = place(CHOICE_INFIX) {
            DocId::Choice(game, index)
        } else {
            DocId::Game(rest.to_owned())
        }
    }

    /// The game the document belongs to.
    #[must_use]
    pub fn game(&self) -> Option<&str> {
        match self {
            DocId::Game(game) | DocId::Event(game, _) | DocId::Choice(game, _) => Some(game),
            DocId::Other => None,
        }
    }
}

/// A game's setup as it was created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub game: String,
    pub created_ms: u64,
    pub initial: Setup,
    /// By the board the game belongs to: the key that signs its entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl GameDoc {
    /// `game`'s setup, signed by `board`: the tablet the game belongs to.
    #[must_use]
    pub fn of(game: &Game, board: &SigningKey) -> GameDoc {
        let mut doc = GameDoc {
            id: game_doc_id(game.id()),
            kind: "game".into(),
            game: game.id().to_owned(),
            created_ms: game.created_ms(),
            initial: game.initial().clone(),
            signed: None,
        };
        doc.signed = Some(Signed::by(board, &doc.message()));
        doc
    }

    fn message(&self) -> Vec<u8> {
        let setup = serde_json::to_string(&self.initial).expect("a setup serialises");
        setup_message(&self.game, self.created_ms, &setup)
    }

    /// The board this setup names: the key that signed it.
    pub fn board(&self) -> Result<VerifyingKey, Unsigned> {
        Signed::signer_of(self.signed.as_ref(), &self.message())
    }

    /// Whether this is `game`'s setup (whoever signed it).
    #[must_use]
    pub fn sets_up(&self, game: &Game) -> bool {
        self.game == game.id()
            && self.created_ms == game.created_ms()
            && self.initial == *game.initial()
    }

    /// The game before any event.
    #[must_use]
    pub fn empty_game(&self) -> Game {
        Game::new(&self.game, self.initial.clone(), self.created_ms)
    }
}

/// A game's setup with the board that signed it: the key its entries are
/// checked against, found once when the setup is read. Made only from a
/// setup whose signature holds ([`SignedSetup::read`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedSetup {
    doc: GameDoc,
    board: VerifyingKey,
}

impl SignedSetup {
    /// `doc` with its signer, when it is signed.
    pub fn read(doc: GameDoc) -> Result<SignedSetup, Unsigned> {
        doc.board().map(|board| SignedSetup { doc, board })
    }

    #[must_use]
    pub fn doc(&self) -> &GameDoc {
        &self.doc
    }

    /// The board: the key that signed the setup.
    #[must_use]
    pub fn board(&self) -> VerifyingKey {
        self.board
    }
}

/// Game `game`'s setup document as its board pushes it, its revision made
/// from its content (the same setup is the same revision on every push).
#[must_use]
pub fn game_doc(game: &Game, board: &SigningKey) -> Value {
    let mut doc = serde_json::to_value(GameDoc::of(game, board)).expect("a game serialises");
    let digest = Sha256::digest(doc.to_string().as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    doc["_rev"] = revision(&hex).into();
    doc
}

/// One entry of a game's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventDoc {
    #[serde(rename = "_id")]
    pub id: String,
    /// `1-` and the hash's first 32 digits: written with `new_edits=false`,
    /// the same entry is the same revision wherever it was written.
    #[serde(rename = "_rev")]
    pub rev: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub game: String,
    pub index: usize,
    pub at_ms: u64,
    pub event: Event,
    /// The hash of the entry before; `None` for the first.
    pub previous: Option<String>,
    pub hash: String,
    /// By the tablet that pushed it: the game's board or an arbiter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl EventDoc {
    /// The document of `game`'s log entry at `index`, signed by `signer`.
    ///
    /// # Panics
    /// When `index` is past the log's end.
    #[must_use]
    pub fn of(game: &Game, index: usize, signer: &SigningKey) -> EventDoc {
        let logged = &game.log()[index];
        let previous = index
            .checked_sub(1)
            .map(|before| game.log()[before].hash.clone());
        EventDoc {
            id: event_doc_id(game.id(), index),
            rev: revision(&logged.hash),
            kind: "event".into(),
            game: game.id().to_owned(),
            index,
            at_ms: logged.at_ms,
            event: logged.event.clone(),
            previous,
            hash: logged.hash.clone(),
            signed: Some(Signed::by(
                signer,
                &entry_message(game.id(), index, &logged.hash),
            )),
        }
    }

    /// Who signed it, when `trust` takes that signer.
    pub fn signer(&self, trust: &Trust) -> Result<VerifyingKey, Unsigned> {
        Signed::check(
            self.signed.as_ref(),
            &entry_message(&self.game, self.index, &self.hash),
            trust,
        )
    }

    /// Reads a revision of document `id` as the database gave it, with
    /// its entry checked to seal onto the hash it names before it.
    pub fn read(id: &str, value: &RawValue) -> Result<(EventDoc, Sealed), Refused> {
        let refuse = refusal(id, value);
        let doc: EventDoc = read_value(value).map_err(&refuse)?;
        if DocId::parse(id) != DocId::Event(doc.game.clone(), doc.index) || doc.id != id {
            return Err(refuse(Why::WrongPlace));
        }
        match Sealed::check(doc.previous.as_deref(), doc.logged()) {
            Some(entry) => Ok((doc, entry)),
            None => Err(refuse(Why::BrokenChain)),
        }
    }

    #[must_use]
    pub fn logged(&self) -> Logged {
        Logged {
            at_ms: self.at_ms,
            event: self.event.clone(),
            hash: self.hash.clone(),
        }
    }
}

/// The revision of the event document whose entry has hash `hash`.
#[must_use]
pub fn revision(hash: &str) -> String {
    format!("1-{}", &hash[..hash.len().min(32)])
}

/// A document of the event's own (a roster, an offer, a round) as it is
/// written, once: its revision follows from its signature, so the same
/// document written twice is one revision.
pub fn written_once(doc: &impl Serialize, signed: Option<&Signed>) -> Value {
    let mut value = serde_json::to_value(doc).expect("a document serialises");
    let signature = signed
        .and_then(|s| serde_json::to_value(s.signature).ok())
        .and_then(|s| s.as_str().map(str::to_owned))
        .unwrap_or_default();
    value["_rev"] = revision(&signature).into();
    value
}

/// How revision `value` of document `id` is refused (its `_rev` read
/// only then).
pub fn refusal<'a>(id: &'a str, value: &'a RawValue) -> impl Fn(Why) -> Refused + 'a {
    move |why| Refused {
        id: id.to_owned(),
        rev: Meta::of(value).rev,
        why,
    }
}

/// A revision read as `T`, unless over [`MAX_DOC_BYTES`] or unreadable.
pub fn read_value<T: serde::de::DeserializeOwned>(value: &RawValue) -> Result<T, Why> {
    let bytes = value.get().len();
    if bytes > MAX_DOC_BYTES {
        return Err(Why::TooLarge { bytes });
    }
    serde_json::from_str(value.get()).map_err(|e| Why::Unreadable(e.to_string()))
}

/// The arbiter's choice at a fork: the branch whose entry at `index` has
/// hash `chosen` goes on; the other stays in the database, readable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub game: String,
    pub index: usize,
    pub chosen: String,
    pub at_ms: u64,
    /// By the arbiter's tablet that chose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl ChoiceDoc {
    #[must_use]
    pub fn new(
        game: &str,
        index: usize,
        chosen: &str,
        at_ms: u64,
        signer: &SigningKey,
    ) -> ChoiceDoc {
        ChoiceDoc {
            id: choice_doc_id(game, index),
            kind: "fork_choice".into(),
            game: game.to_owned(),
            index,
            chosen: chosen.to_owned(),
            at_ms,
            signed: Some(Signed::by(
                signer,
                &choice_message(game, index, chosen, at_ms),
            )),
        }
    }

    /// Who signed it, when `trust` takes that signer.
    pub fn signer(&self, trust: &Trust) -> Result<VerifyingKey, Unsigned> {
        Signed::check(
            self.signed.as_ref(),
            &choice_message(&self.game, self.index, &self.chosen, self.at_ms),
            trust,
        )
    }
}

/// A document revision set aside: never folded, shown to the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    pub id: String,
    pub rev: String,
    pub why: Why,
}

/// Why a revision was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "detail", rename_all = "snake_case")]
pub enum Why {
    /// Not an event document this version can read.
    Unreadable(String),
    /// Its game or place do not match its id.
    WrongPlace,
    /// Its hash does not seal its time and event onto the hash before.
    BrokenChain,
    /// It follows no entry the game has at the place before (or is earlier).
    NoPredecessor,
    /// Larger than [`MAX_DOC_BYTES`].
    TooLarge { bytes: usize },
    /// Dated at `at_ms`, more than [`CLOCK_TOLERANCE_MS`] after this
    /// tablet's clock when it was read.
    Ahead { at_ms: u64 },
    /// The Laws refuse it where it stands, in the arbiter's words.
    Unlawful(String),
    /// One history more than [`MAX_HISTORIES`] at its place.
    TooManyHistories,
    /// A game's setup written twice, differently: neither is taken, except
    /// the one this tablet's copy of the game began from.
    ConflictingSetup,
    /// The arbiter's choice at a fork written twice, differently: neither
    /// is followed.
    ConflictingChoice,
    /// Not signed by a key this tablet takes it from.
    Unsigned(Unsigned),
    /// The event's roster, signed by this key: only the chief arbiter's
    /// names deputies.
    NotByTheChief(VerifyingKey),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = &self.id;
        f.write_str(&match &self.why {
            Why::Unreadable(why) => tf!(
                "{id} is not an event this version can read ({why})",
                "{id} nie jest zdarzeniem, które ta wersja potrafi odczytać ({why})"
            ),
            Why::WrongPlace => tf!(
                "{id} names another game or place than its id",
                "{id} wskazuje inną partię lub miejsce niż jego identyfikator"
            ),
            Why::BrokenChain => tf!(
                "{id} breaks the hash chain: its hash does not seal its event",
                "{id} łamie łańcuch skrótów: jego skrót nie pieczętuje zdarzenia"
            ),
            Why::NoPredecessor => tf!(
                "{id} breaks the hash chain: it follows no event of the game",
                "{id} łamie łańcuch skrótów: nie następuje po żadnym zdarzeniu partii"
            ),
            Why::TooLarge { bytes } => tf!(
                "{id} is too large ({bytes} bytes; at most {MAX_DOC_BYTES})",
                "{id} jest za duży ({bytes} bajtów; najwyżej {MAX_DOC_BYTES})"
            ),
            Why::Ahead { at_ms } => tf!(
                "{id} is dated {}, after this tablet's clock",
                "{id} ma datę {}, późniejszą niż zegar tego tabletu",
                crate::text::i18n::local_time(*at_ms)
            ),
            Why::Unlawful(why) => tf!(
                "{id} is refused by the Laws: {why}",
                "{id} jest niezgodny z Przepisami: {why}"
            ),
            Why::TooManyHistories => tf!(
                "{id} would make more than {MAX_HISTORIES} histories of the game",
                "{id} dałby więcej niż {MAX_HISTORIES} historii partii"
            ),
            Why::ConflictingSetup => tf!(
                "{id} is written twice with different setups: none is taken but the one this tablet's game began from",
                "{id} zapisano dwukrotnie z różnymi ustawieniami: żadne nie jest brane poza tym, od którego zaczęła się partia na tym tablecie"
            ),
            Why::Unsigned(why) => tf!(
                "{id} is refused: {why}",
                "{id} odrzucono: {why}"
            ),
            Why::ConflictingChoice => tf!(
                "{id} is written twice with different choices: neither is followed; choose the history again",
                "{id} zapisano dwukrotnie z różnymi wyborami: żaden nie jest brany pod uwagę; wybierz historię ponownie"
            ),
            Why::NotByTheChief(signer) => tf!(
                "{id} is signed by key {}, not the chief arbiter's: only he names his deputies",
                "{id} podpisał klucz {}, nie sędziego głównego: tylko on wyznacza swoich zastępców",
                signer.fingerprint()
            ),
        })
    }
}

/// Game `id`'s setup from every revision of its document, as the database
/// gave them. Only a revision signed by the board it names counts. Of
/// those: the one setup they agree on; or, when they differ, the one this
/// tablet's copy (`local`, whose board is `board` when known) began from,
/// else none. A revision is never taken for being CouchDB's winning one: a
/// second first revision written with `new_edits=false` can win.
#[must_use]
pub fn settle_setup(
    id: &str,
    revisions: &[Revision],
    local: Option<&Game>,
    board: Option<VerifyingKey>,
) -> (Option<SignedSetup>, Vec<Refused>) {
    let (read, mut refused) = signed_revisions(id, revisions, |doc: &GameDoc| {
        (doc.id == id).then(|| SignedSetup::read(doc.clone()))
    });
    let first = read.first().map(|(_, setup)| setup.clone());
    // A board this tablet knows is never replaced, even by a setup that
    // stands alone (the original removed from the database).
    let of_the_board = |setup: &SignedSetup| board.is_none_or(|b| setup.board == b);
    if read.iter().all(|(_, setup)| Some(setup) == first.as_ref())
        && first.as_ref().is_none_or(of_the_board)
    {
        return (first, refused);
    }
    // Another board signing the same setup is another setup: only the
    // board this tablet knows, or a single candidate, is taken.
    let began =
        |setup: &SignedSetup| local.is_some_and(|l| setup.doc.sets_up(l)) && of_the_board(setup);
    let candidates: Vec<&SignedSetup> = read
        .iter()
        .map(|(_, setup)| setup)
        .filter(|s| began(s))
        .collect();
    let kept = match candidates.as_slice() {
        [one, rest @ ..] if rest.iter().all(|s| s == one) => Some((*one).clone()),
        _ => None,
    };
    for (rev, setup) in read {
        if Some(&setup) != kept.as_ref() {
            refused.push(Refused {
                id: id.to_owned(),
                rev,
                why: Why::ConflictingSetup,
            });
        }
    }
    (kept, refused)
}

/// Every revision of document `id` read as a `T`, then as what `signed`
/// makes of it, each with its revision, when `signed` says it is the
/// document `id` names (`Some`) and signed as it must be (`Ok`); the
/// others refused with the reason.
fn signed_revisions<T: serde::de::DeserializeOwned, S>(
    id: &str,
    revisions: &[Revision],
    signed: impl Fn(&T) -> Option<Result<S, Unsigned>>,
) -> (Vec<(String, S)>, Vec<Refused>) {
    let mut read = Vec::new();
    let mut refused = Vec::new();
    for value in revisions {
        let why = match read_value::<T>(value) {
            Ok(doc) => match signed(&doc) {
                Some(Ok(signed)) => {
                    read.push((Meta::of(value).rev, signed));
                    continue;
                }
                Some(Err(unsigned)) => Why::Unsigned(unsigned),
                None => Why::WrongPlace,
            },
            Err(why) => why,
        };
        refused.push(refusal(id, value)(why));
    }
    (read, refused)
}

/// The arbiter's choice in document `id`, from every revision the database
/// gave: of those signed by a key `trust` takes, the one hash they agree
/// on, else none (each revision refused).
#[must_use]
pub fn settle_choice(
    id: &str,
    revisions: &[Revision],
    trust: &Trust,
) -> (Option<String>, Vec<Refused>) {
    let (chosen, mut refused) = signed_revisions(id, revisions, |doc: &ChoiceDoc| {
        (doc.id == id).then(|| doc.signer(trust).map(|_| doc.chosen.clone()))
    });
    match chosen.first() {
        Some((_, first)) if chosen.iter().all(|(_, c)| c == first) => {
            (Some(first.clone()), refused)
        }
        None => (None, refused),
        _ => {
            refused.extend(chosen.into_iter().map(|(rev, _)| Refused {
                id: id.to_owned(),
                rev,
                why: Why::ConflictingChoice,
            }));
            (None, refused)
        }
    }
}

/// What the database holds for one game: its setup (when pulled), every
/// revision of its event documents by place, and the arbiter's choices.
#[derive(Debug, Clone, Default)]
pub struct Pulled {
    pub game: Option<SignedSetup>,
    /// Event documents' revisions, as the database gave them, by id.
    pub events: BTreeMap<String, Vec<Revision>>,
    /// The chosen entry's hash at each fork the arbiter settled.
    pub choices: BTreeMap<usize, String>,
    /// How many entries, from the first, the database was known to hold
    /// before (a pull of the changed documents alone brings only those
    /// after).
    pub known: usize,
}

/// Two or more histories of one game, each readable in full.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fork {
    /// The place (from 0) where the histories part.
    pub index: usize,
    pub branches: Vec<Game>,
}

/// What a tablet keeps after reading a game from the database.
#[derive(Debug, Clone, Default)]
pub struct Reconciled {
    /// The game to keep: the local copy with what the database adds to it,
    /// or the branch the arbiter chose. `None` when the database holds no
    /// setup and the tablet no copy.
    pub game: Option<Game>,
    pub fork: Option<Fork>,
    /// Histories the arbiter's choices left behind, the local one among
    /// them if it lost: kept readable, never dropped.
    pub set_aside: Vec<Game>,
    pub refused: Vec<Refused>,
    /// How many of the kept game's entries, from the first, the database
    /// holds exactly as this tablet would push them; `None` when it lacks
    /// the game's setup. A tablet that took a game from the database need
    /// not offer it back.
    pub held: Option<usize>,
}

/// Takes into `local` (this tablet's copy, if any) what the database holds,
/// judged at `now_ms` by this tablet's clock, from the game's board (the
/// key its setup names) and `arbiters`.
///
/// Every revision is judged ([`EventDoc::read`], then its signer, its
/// time, then the Laws as it would be folded); those that fail are refused. Entries that
/// seal onto one history make it grow; two different entries at one place
/// are a fork, settled by the arbiter's choice when there is one, else
/// reported with every branch (at most [`MAX_HISTORIES`]). This copy's own
/// entries are never judged again: nothing pulled takes them away.
#[must_use]
pub fn reconcile(
    local: Option<&Game>,
    pulled: &Pulled,
    now_ms: u64,
    arbiters: &[VerifyingKey],
) -> Reconciled {
    let mut out = Reconciled::default();
    let trust = Trust {
        board: pulled.game.as_ref().map(SignedSetup::board),
        arbiters: arbiters.to_vec(),
    };
    let Some(root) = pulled
        .game
        .as_ref()
        .map(|setup| setup.doc.empty_game())
        .or_else(|| local.map(|g| Game::new(g.id(), g.initial().clone(), g.created_ms())))
    else {
        return out;
    };
    if local.is_some_and(|l| l.initial() != root.initial() || l.created_ms() != root.created_ms()) {
        // Another game under the same id: nothing of it is taken.
        out.game = local.cloned();
        return out;
    }
    // Every sealed entry by place: the local log's and the database's.
    let mut places: BTreeMap<usize, Vec<Sealed>> = BTreeMap::new();
    let mut add = |index: usize, entry: Sealed| {
        let at = places.entry(index).or_default();
        if !at.iter().any(|p| p.logged().hash == entry.logged().hash) {
            at.push(entry);
        }
    };
    let local_log = local.map(Game::log).unwrap_or_default();
    let own = Places(local_log);
    let mut read: Vec<EventDoc> = Vec::new();
    // Each readable revision's entry, checked as it was read, by its place
    // and hash: a hash seals no place, so a copy of an entry written at
    // another place is another document.
    let mut sealed: HashMap<(usize, String), Sealed> = HashMap::new();
    for (id, revisions) in &pulled.events {
        for value in revisions {
            match EventDoc::read(id, value) {
                Ok((doc, entry)) => {
                    sealed.insert((doc.index, doc.hash.clone()), entry);
                    read.push(doc);
                }
                Err(refused) => out.refused.push(refused),
            }
        }
    }
    // What the database holds (read here once, not again for `held`).
    let in_database: HashSet<(usize, String)> = sealed.keys().cloned().collect();
    // When the database adds only to this copy's end (as the feed brings a
    // game, page after page), every history goes through this copy: grown
    // from it, not from the setup, its entries are not hashed and folded
    // again at each page.
    let start = match local {
        Some(local)
            if in_database
                .iter()
                .all(|(index, hash)| *index >= local_log.len() || own.holds(*index, hash))
                && pulled
                    .choices
                    .range(..local_log.len())
                    .all(|(index, chosen)| local_log[*index].hash == *chosen) =>
        {
            local.clone()
        }
        _ => {
            for (index, logged) in local_log.iter().enumerate() {
                let onto = index
                    .checked_sub(1)
                    .map(|before| local_log[before].hash.as_str());
                if let Some(entry) = Sealed::check(onto, logged.clone()) {
                    add(index, entry);
                }
            }
            root.clone()
        }
    };
    let (signed, unsigned) = vouched(read, own, &trust);
    out.refused.extend(unsigned);
    let mut from_db: Vec<EventDoc> = Vec::new();
    for doc in signed {
        if doc.at_ms > now_ms + CLOCK_TOLERANCE_MS && !own.holds(doc.index, &doc.hash) {
            out.refused.push(Refused {
                id: doc.id,
                rev: doc.rev,
                why: Why::Ahead { at_ms: doc.at_ms },
            });
        } else {
            if let Some(entry) = sealed.remove(&(doc.index, doc.hash.clone())) {
                add(doc.index, entry);
            }
            from_db.push(doc);
        }
    }
    let mut grown = Vec::new();
    let mut put_aside = Vec::new();
    let mut growth = Growth {
        places: &places,
        choices: &pulled.choices,
        own,
        histories: 1,
        not_taken: HashMap::new(),
    };
    growth.grow(start, &mut grown, &mut put_aside);
    // An entry on no history was refused by the Laws or the limit, or
    // follows nothing the game has.
    let placed = |doc: &EventDoc| {
        grown
            .iter()
            .chain(&put_aside)
            .any(|g| Places(g.log()).holds(doc.index, &doc.hash))
    };
    for doc in &from_db {
        if !placed(doc) {
            out.refused.push(Refused {
                id: doc.id.clone(),
                rev: doc.rev.clone(),
                why: growth
                    .not_taken
                    .get(&doc.hash)
                    .cloned()
                    .unwrap_or(Why::NoPredecessor),
            });
        }
    }
    let continues_local = |g: &Game| local.is_none_or(|l| starts_with(g, l));
    out.game = match grown.iter().position(continues_local) {
        Some(at) if grown.len() == 1 => Some(grown.remove(at)),
        // The fork is after the local head: keep the local copy, or what
        // every branch shares.
        _ if grown.len() > 1 && grown.iter().filter(|g| continues_local(g)).count() > 1 => {
            local.cloned().or_else(|| {
                let mut shared = root.clone();
                for logged in &grown[0].log()[..shared_len(&grown)] {
                    let _ = shared.append_logged(logged.clone());
                }
                Some(shared)
            })
        }
        Some(at) => Some(grown[at].clone()),
        None => {
            // The arbiter chose a history this copy is not on.
            if let Some(local) = local {
                put_aside.retain(|g| !starts_with(g, local));
                put_aside.push(local.clone());
            }
            grown.first().cloned()
        }
    };
    if grown.len() > 1 {
        out.fork = Some(Fork {
            index: shared_len(&grown),
            branches: grown,
        });
    }
    out.set_aside = put_aside;
    out.held = out
        .game
        .as_ref()
        .filter(|game| {
            pulled
                .game
                .as_ref()
                .is_some_and(|setup| setup.doc.sets_up(game))
        })
        .map(|game| {
            let known = pulled.known.min(game.log().len());
            known
                + game.log()[known..]
                    .iter()
                    .zip(known..)
                    .take_while(|(logged, index)| {
                        in_database.contains(&(*index, logged.hash.clone()))
                    })
                    .count()
        });
    out
}

/// The entries of `docs` written by a key `trust` takes, and the others
/// refused. A signature covers its entry and, through the chain hash it
/// signs, every entry before it: the board or the arbiter signs only what
/// his tablet took. So the newest entries are checked first, and one
/// signature vouches for all it follows: a tablet joining checks about one
/// signature per game, not one per entry. `own`: this copy's entries.
fn vouched(mut docs: Vec<EventDoc>, own: Places, trust: &Trust) -> (Vec<EventDoc>, Vec<Refused>) {
    docs.sort_by_key(|d| std::cmp::Reverse(d.index));
    let before: HashMap<String, Option<String>> = docs
        .iter()
        .map(|d| (d.hash.clone(), d.previous.clone()))
        .collect();
    let mut vouched: HashSet<String> = HashSet::new();
    let mut why: HashMap<String, Unsigned> = HashMap::new();
    for doc in &docs {
        if own.holds(doc.index, &doc.hash) || vouched.contains(&doc.hash) {
            continue;
        }
        match doc.signer(trust) {
            Ok(_) => {
                // Back along the chain, each entry one place before.
                let mut at = Some((doc.index, doc.hash.clone()));
                while let Some((index, hash)) = at.filter(|(index, hash)| {
                    !own.holds(*index, hash) && vouched.insert(hash.clone())
                }) {
                    at = before
                        .get(&hash)
                        .cloned()
                        .flatten()
                        .zip(index.checked_sub(1))
                        .map(|(hash, index)| (index, hash));
                }
            }
            Err(unsigned) => {
                why.insert(doc.hash.clone(), unsigned);
            }
        }
    }
    let (taken, left): (Vec<EventDoc>, Vec<EventDoc>) = docs
        .into_iter()
        .partition(|d| own.holds(d.index, &d.hash) || vouched.contains(&d.hash));
    let refused = left
        .into_iter()
        .map(|d| Refused {
            why: Why::Unsigned(why.get(&d.hash).copied().unwrap_or(Unsigned::Missing)),
            id: d.id,
            rev: d.rev,
        })
        .collect();
    (taken, refused)
}

/// A game's entries: this copy's own, or a history's. Looked up, not
/// hashed into a set: a tablet joining asks it of every entry of every
/// game at each page of the feed, and most are at their place or not there.
#[derive(Clone, Copy)]
struct Places<'a>(&'a [Logged]);

impl Places<'_> {
    /// Whether an entry has hash `hash`, looked for at place `index` first.
    /// A hash does not seal its place: a copy elsewhere is the same entry.
    fn holds(self, index: usize, hash: &str) -> bool {
        if self.0.get(index).is_some_and(|logged| logged.hash == hash) {
            return true;
        }
        // Elsewhere, as is asked of every new entry: hashes differ in their
        // first bytes, compared as one word before the whole text (a call
        // to compare each was most of a join's lookups).
        let word = |hash: &str| {
            hash.as_bytes()
                .first_chunk()
                .map(|b| u64::from_ne_bytes(*b))
        };
        let sought = word(hash);
        self.0
            .iter()
            .any(|logged| word(&logged.hash) == sought && logged.hash == hash)
    }
}

/// Histories of a game grown from the entries at each place, each entry
/// checked once, when read ([`Sealed`]), not again at each history it
/// could grow.
struct Growth<'a> {
    places: &'a BTreeMap<usize, Vec<Sealed>>,
    /// The arbiter's choice at each place he settled.
    choices: &'a BTreeMap<usize, String>,
    /// This copy's own entries: taken as they are.
    own: Places<'a>,
    /// Histories started so far, the first included.
    histories: usize,
    /// Entries not taken on some history, by hash, and why.
    not_taken: HashMap<String, Why>,
}

impl Growth<'_> {
    /// Grows `game` along every entry that seals onto its head; at a place
    /// the arbiter settled only the chosen entry goes on, the others into
    /// `aside`.
    fn grow(&mut self, mut game: Game, ends: &mut Vec<Game>, aside: &mut Vec<Game>) {
        loop {
            let index = game.log().len();
            let mut next: Vec<&Sealed> = self
                .places
                .get(&index)
                .map(|at| {
                    at.iter()
                        .filter(|p| p.previous() == game.head())
                        .filter(|p| p.logged().at_ms >= game.updated_ms())
                        .collect()
                })
                .unwrap_or_default();
            // This copy's entry first, then by time: the histories kept
            // under the limit are the same on every tablet.
            next.sort_by(|a, b| {
                let (a, b) = (a.logged(), b.logged());
                (!self.own.holds(index, &a.hash), a.at_ms, &a.hash).cmp(&(
                    !self.own.holds(index, &b.hash),
                    b.at_ms,
                    &b.hash,
                ))
            });
            if let Some(chosen) = self.choices.get(&index)
                && next.iter().any(|l| &l.logged().hash == chosen)
            {
                for other in next.iter().filter(|l| &l.logged().hash != chosen) {
                    if let Some(branch) = self.branch(&game, other) {
                        self.grow(branch, aside, &mut Vec::new());
                    }
                }
                next.retain(|l| &l.logged().hash == chosen);
            }
            match next.as_slice() {
                [] => break,
                [only] => {
                    if !self.take(&mut game, only) {
                        break;
                    }
                }
                many => {
                    let mut went_on = false;
                    for entry in many {
                        let branch = if went_on {
                            self.branch(&game, entry)
                        } else {
                            let mut first = game.clone();
                            self.take(&mut first, entry).then_some(first)
                        };
                        if let Some(branch) = branch {
                            went_on = true;
                            self.grow(branch, ends, aside);
                        }
                    }
                    if went_on {
                        return;
                    }
                    break;
                }
            }
        }
        ends.push(game);
    }

    /// A new history: `game` with `entry`, when the Laws and the limit
    /// allow it.
    fn branch(&mut self, game: &Game, entry: &Sealed) -> Option<Game> {
        if self.histories >= MAX_HISTORIES {
            self.not_taken
                .entry(entry.logged().hash.clone())
                .or_insert(Why::TooManyHistories);
            return None;
        }
        let mut branch = game.clone();
        self.take(&mut branch, entry).then(|| {
            self.histories += 1;
            branch
        })
    }

    /// Appends `entry` to `game` if the chain and the Laws take it.
    fn take(&mut self, game: &mut Game, entry: &Sealed) -> bool {
        if self.own.holds(game.log().len(), &entry.logged().hash) {
            return game.append_sealed(entry).is_ok();
        }
        match game.append_judged(entry) {
            Ok(()) => true,
            Err(AppendError::Refused(e)) => {
                self.not_taken
                    .entry(entry.logged().hash.clone())
                    .or_insert_with(|| Why::Unlawful(game_error(&e)));
                false
            }
            Err(AppendError::Chain(_)) => false,
        }
    }
}

/// Whether `game`'s log begins with all of `prefix`'s.
fn starts_with(game: &Game, prefix: &Game) -> bool {
    prefix.log().len() <= game.log().len()
        && prefix
            .head()
            .is_none_or(|head| game.log()[prefix.log().len() - 1].hash == head)
}

/// How many entries every one of `games` shares.
fn shared_len(games: &[Game]) -> usize {
    let shortest = games.iter().map(|g| g.log().len()).min().unwrap_or(0);
    (0..shortest)
        .find(|&i| {
            games
                .iter()
                .any(|g| g.log()[i].hash != games[0].log()[i].hash)
        })
        .unwrap_or(shortest)
}

#[cfg(test)]
mod tests {
    use laws::game::Player;
    use serde_json::json;

    use super::*;
    use crate::event::revision;

    /// This tablet's clock when it reads the database.
    const NOW: u64 = 1_000_000;

    /// The board tablet's key, which signs its game's setup and entries.
    fn board_key() -> SigningKey {
        SigningKey::from_seed([1; 32])
    }

    /// The chief arbiter's key, confirmed on joining.
    fn chief_key() -> SigningKey {
        SigningKey::from_seed([2; 32])
    }

    fn arbiters() -> Vec<VerifyingKey> {
        vec![chief_key().verifying_key()]
    }

    fn game() -> Game {
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            round: "3".into(),
            board: "7".into(),
            ..Setup::default()
        };
        Game::new("m3k-9f2a", setup, 1_000)
    }

    /// The arbiter corrects the round: an event of any game.
    fn edit(game: &mut Game, round: &str, at_ms: u64) {
        let setup = Setup {
            round: round.into(),
            ..game.setup().clone()
        };
        game.apply(Event::DetailsEdited(Box::new(setup)), at_ms)
            .unwrap();
    }

    /// `game` with `events` corrections.
    fn played(events: u64) -> Game {
        let mut g = game();
        for n in 0..events {
            edit(&mut g, &n.to_string(), 2_000 + 1_000 * n);
        }
        g
    }

    /// `values` as the database would give them.
    fn raws(values: impl IntoIterator<Item = impl std::borrow::Borrow<Value>>) -> Vec<Revision> {
        values
            .into_iter()
            .map(|v| revision::of(v.borrow()))
            .collect()
    }

    #[test]
    fn an_entry_is_held_at_its_place_or_elsewhere_never_for_its_first_bytes_alone() {
        let game = played(3);
        let log = game.log();
        let own = Places(log);
        assert!(own.holds(2, &log[2].hash));
        // A copy written at another place, or past the log's end.
        assert!(own.holds(0, &log[2].hash));
        assert!(own.holds(9, &log[1].hash));
        // The same first bytes, another hash.
        let mut near = log[2].hash.clone();
        near.replace_range(40..41, if &near[40..41] == "0" { "1" } else { "0" });
        assert!(!own.holds(2, &near));
        assert!(!own.holds(9, &near));
        assert!(!own.holds(0, "short"));
    }

    /// `game`'s setup as its board signed it.
    fn signed_setup(game: &Game) -> SignedSetup {
        SignedSetup::read(GameDoc::of(game, &board_key())).unwrap()
    }

    fn pulled(games: &[&Game]) -> Pulled {
        let mut pulled = Pulled {
            game: Some(signed_setup(games[0])),
            ..Pulled::default()
        };
        for game in games {
            for index in 0..game.log().len() {
                let doc = revision::of(&EventDoc::of(game, index, &board_key()));
                let revisions = pulled
                    .events
                    .entry(event_doc_id(game.id(), index))
                    .or_default();
                if !revisions.iter().any(|r| r.get() == doc.get()) {
                    revisions.push(doc);
                }
            }
        }
        pulled
    }

    #[test]
    fn ids_name_the_game_and_the_place() {
        assert_eq!(event_doc_id("m3k-9f2a", 42), "game:m3k-9f2a:event:000042");
        for id in ["m3k-9f2a", "odd:id:event:x"] {
            assert_eq!(DocId::parse(&game_doc_id(id)), DocId::Game(id.into()));
            assert_eq!(
                DocId::parse(&event_doc_id(id, 7)),
                DocId::Event(id.into(), 7)
            );
            assert_eq!(
                DocId::parse(&choice_doc_id(id, 7)),
                DocId::Choice(id.into(), 7)
            );
        }
        assert_eq!(DocId::parse("_design/arbiter"), DocId::Other);
    }

    #[test]
    fn the_same_entry_is_the_same_revision_and_reads_back() {
        let g = played(3);
        let doc = EventDoc::of(&g, 2, &board_key());
        assert_eq!(doc.previous.as_deref(), Some(g.log()[1].hash.as_str()));
        assert_eq!(doc.rev, format!("1-{}", &g.log()[2].hash[..32]));
        let value = serde_json::to_value(&doc).unwrap();
        assert_eq!(value["type"], "event");
        assert_eq!(
            EventDoc::read(&doc.id, &revision::of(&value)).map(|(read, _)| read),
            Ok(doc)
        );
    }

    #[test]
    fn a_tablet_with_nothing_takes_the_whole_game() {
        let board = played(5);
        let out = reconcile(None, &pulled(&[&board]), NOW, &arbiters());
        assert_eq!(out.game, Some(board));
        assert!(out.fork.is_none() && out.refused.is_empty() && out.set_aside.is_empty());
    }

    /// `pulled` with only the entries from `from` on: what the changes
    /// feed brings a tablet that read the ones before.
    fn changed_since(game: &Game, from: usize) -> Pulled {
        let mut pulled = pulled(&[game]);
        pulled
            .events
            .retain(|id, _| matches!(DocId::parse(id), DocId::Event(_, index) if index >= from));
        pulled
    }

    #[test]
    fn a_copy_grows_from_the_changed_entries_alone() {
        let board = played(6);
        let out = reconcile(
            Some(&played(3)),
            &changed_since(&board, 3),
            NOW,
            &arbiters(),
        );
        assert_eq!(out.game, Some(board.clone()));
        assert!(out.refused.is_empty());
        assert_eq!(out.held, Some(0), "the entries before not known held");
        let known = Pulled {
            known: 3,
            ..changed_since(&board, 3)
        };
        assert_eq!(
            reconcile(Some(&played(3)), &known, NOW, &arbiters()).held,
            Some(6)
        );
    }

    #[test]
    fn a_copy_of_an_entry_written_at_a_later_place_hides_nothing() {
        // A hash seals the entry before, the time and the event, not the
        // place: entry 1 copied to place 3 reads as a document of its own.
        let game = played(4);
        let mut pulled = pulled(&[&game]);
        let mut copy = serde_json::to_value(EventDoc::of(&game, 1, &board_key())).unwrap();
        copy["index"] = json!(3);
        copy["_id"] = json!(event_doc_id(game.id(), 3));
        pulled
            .events
            .get_mut(&event_doc_id(game.id(), 3))
            .unwrap()
            .extend(raws([copy]));
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(game));
        assert_eq!(out.held, Some(4));
        // The copy is the entry taken at place 1: nothing to list.
        assert!(out.refused.is_empty(), "{:?}", out.refused);
    }

    #[test]
    fn changed_entries_after_a_gap_follow_nothing_the_copy_has() {
        let out = reconcile(
            Some(&played(3)),
            &changed_since(&played(6), 4),
            NOW,
            &arbiters(),
        );
        assert_eq!(out.game, Some(played(3)));
        assert_eq!(out.refused.len(), 2);
        assert!(out.refused.iter().all(|r| r.why == Why::NoPredecessor));
    }

    #[test]
    fn what_the_database_holds_of_a_game_needs_no_pushing() {
        let held =
            |local: &Game, pulled: &Pulled| reconcile(Some(local), pulled, NOW, &arbiters()).held;
        let mut pulled = pulled(&[&played(3)]);
        assert_eq!(held(&played(5), &pulled), Some(3), "a copy ahead");
        assert_eq!(
            held(&played(2), &pulled),
            Some(3),
            "a copy behind takes the rest"
        );
        let mut forged = serde_json::to_value(EventDoc::of(&played(3), 1, &board_key())).unwrap();
        forged["at_ms"] = json!(9_999);
        pulled
            .events
            .insert(event_doc_id("m3k-9f2a", 1), raws(vec![forged]));
        assert_eq!(held(&played(3), &pulled), Some(1));
        let mut other = GameDoc::of(&played(3), &board_key());
        other.created_ms += 1;
        // Its board named as if it had signed it (the signature no longer
        // holds): another game is refused before any signature counts.
        pulled.game = Some(SignedSetup {
            doc: other,
            board: board_key().verifying_key(),
        });
        assert_eq!(held(&played(3), &pulled), None, "another game under its id");
        pulled.game = None;
        assert_eq!(held(&played(3), &pulled), None);
    }

    #[test]
    fn a_copy_behind_catches_up_and_one_ahead_keeps_its_own() {
        let board = played(6);
        let behind = played(2);
        assert_eq!(
            reconcile(Some(&behind), &pulled(&[&board]), NOW, &arbiters()).game,
            Some(board.clone())
        );
        let ahead = played(8);
        let out = reconcile(Some(&ahead), &pulled(&[&board]), NOW, &arbiters());
        assert_eq!(out.game, Some(ahead));
        assert!(out.fork.is_none());
    }

    #[test]
    fn an_altered_event_is_refused_and_never_folded() {
        let board = played(4);
        let mut pulled = pulled(&[&played(2)]);
        let mut forged = serde_json::to_value(EventDoc::of(&board, 2, &board_key())).unwrap();
        forged["at_ms"] = json!(9_999);
        let id = event_doc_id(board.id(), 2);
        pulled.events.insert(id.clone(), raws(vec![forged]));
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(played(2)));
        assert_eq!(out.refused.len(), 1);
        assert_eq!(out.refused[0].id, id);
        assert_eq!(out.refused[0].why, Why::BrokenChain);
    }

    #[test]
    fn an_entry_following_nothing_and_junk_are_refused() {
        let board = played(4);
        let mut pulled = pulled(&[&played(1)]);
        // Well sealed, but after an entry the database does not have.
        let orphan = event_doc_id(board.id(), 3);
        pulled.events.insert(
            orphan.clone(),
            raws(vec![
                serde_json::to_value(EventDoc::of(&board, 3, &board_key())).unwrap(),
            ]),
        );
        let junk = event_doc_id(board.id(), 1);
        pulled.events.insert(
            junk.clone(),
            raws(vec![json!({"_rev": "1-x", "type": "event"})]),
        );
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(played(1)));
        let whys: Vec<(&str, &Why)> = out
            .refused
            .iter()
            .map(|r| (r.id.as_str(), &r.why))
            .collect();
        assert!(whys.contains(&(orphan.as_str(), &Why::NoPredecessor)));
        assert!(matches!(
            whys.iter().find(|(id, _)| *id == junk),
            Some((_, Why::Unreadable(_)))
        ));
    }

    /// `game` with `event` sealed onto its head at `at_ms`, as a forger
    /// with the chain's rule would write it.
    fn forged(game: &Game, event: Event, at_ms: u64) -> Value {
        let mut next = game.clone();
        next.append_logged(Logged::sealed(game.head(), at_ms, event))
            .unwrap();
        serde_json::to_value(EventDoc::of(&next, game.log().len(), &board_key())).unwrap()
    }

    fn whys(out: &Reconciled) -> Vec<&Why> {
        out.refused.iter().map(|r| &r.why).collect()
    }

    #[test]
    fn an_entry_from_the_future_or_refused_by_the_laws_is_refused_and_play_goes_on() {
        let board = played(2);
        let correction = |reason: &str| Event::ClockCorrected {
            correction: laws::clock::ClockCorrection::SwapSides,
            reason: reason.into(),
        };
        let ten_years = 10 * 365 * 24 * 3_600_000;
        for (doc, why) in [
            (
                forged(&board, correction("forged"), NOW + ten_years),
                Why::Ahead {
                    at_ms: NOW + ten_years,
                },
            ),
            (
                forged(&board, correction(" "), 5_000),
                Why::Unlawful("give the reason for the correction".into()),
            ),
        ] {
            let mut pulled = pulled(&[&board]);
            pulled
                .events
                .insert(event_doc_id(board.id(), 2), raws(vec![doc]));
            let out = reconcile(Some(&board), &pulled, NOW, &arbiters());
            assert_eq!(whys(&out), [&why]);
            let mut game = out.game.unwrap();
            assert_eq!(game, board);
            // The board's own next entry is taken as ever.
            edit(&mut game, "next", 6_000);
            assert_eq!(game.log().len(), 3);
        }
        // Within the tolerance, an entry is taken.
        let mut pulled = pulled(&[&board]);
        let soon = NOW + CLOCK_TOLERANCE_MS;
        pulled.events.insert(
            event_doc_id(board.id(), 2),
            raws(vec![forged(
                &board,
                correction("clock the wrong way round"),
                soon,
            )]),
        );
        let out = reconcile(Some(&board), &pulled, NOW, &arbiters());
        assert!(out.refused.is_empty());
        assert_eq!(out.game.unwrap().log().len(), 3);
    }

    #[test]
    fn a_document_too_large_is_refused_unread() {
        let board = played(2);
        let mut doc = serde_json::to_value(EventDoc::of(&board, 1, &board_key())).unwrap();
        doc["padding"] = json!("x".repeat(MAX_DOC_BYTES));
        let mut pulled = pulled(&[&played(1)]);
        pulled
            .events
            .insert(event_doc_id(board.id(), 1), raws(vec![doc]));
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(played(1)));
        assert!(matches!(whys(&out)[..], [Why::TooLarge { bytes }] if *bytes > MAX_DOC_BYTES));
    }

    #[test]
    fn a_flood_of_entries_at_one_place_makes_at_most_the_limit_of_histories() {
        let board = played(2);
        let flood: Vec<Value> = (0..20)
            .map(|n| {
                let mut other = board.clone();
                edit(&mut other, &format!("forged {n}"), 10_000 + n);
                serde_json::to_value(EventDoc::of(&other, 2, &board_key())).unwrap()
            })
            .collect();
        let mut own = board.clone();
        edit(&mut own, "own", 10_500);
        let mut pulled = pulled(&[&board]);
        pulled
            .events
            .insert(event_doc_id(board.id(), 2), raws(flood));
        let out = reconcile(Some(&own), &pulled, NOW, &arbiters());
        assert_eq!(whys(&out), [&Why::TooManyHistories; 20 + 1 - MAX_HISTORIES]);
        let fork = out.fork.unwrap();
        assert_eq!(fork.branches.len(), MAX_HISTORIES);
        assert!(fork.branches.contains(&own), "this copy's history is kept");
        assert_eq!(out.game, Some(own));
    }

    /// `doc` as the database gives it, under revision `rev`.
    fn revision_of(doc: impl Serialize, rev: &str) -> Value {
        let mut value = serde_json::to_value(doc).unwrap();
        value["_rev"] = json!(rev);
        value
    }

    #[test]
    fn a_second_setup_or_choice_is_never_taken_for_being_the_winning_revision() {
        let board = played(2);
        let id = game_doc_id(board.id());
        let ours = game_doc(&board, &board_key());
        let other = Game::new(
            board.id(),
            Setup {
                white: Player::named("Forger, Felix"),
                ..board.initial().clone()
            },
            board.created_ms(),
        );
        // Validly signed by the forger's own key: a setup names its board.
        let forger = SigningKey::from_seed([3; 32]);
        let forged = revision_of(GameDoc::of(&other, &forger), "1-fff");
        // The same setup twice (two tablets pushed it) is one setup.
        assert_eq!(
            settle_setup(&id, &raws([ours.clone(), ours.clone()]), None, None),
            (Some(signed_setup(&board)), vec![])
        );
        // Whichever revision the database puts first, the tablet keeps the
        // setup its game began from and lists the other.
        for revisions in [
            [ours.clone(), forged.clone()],
            [forged.clone(), ours.clone()],
        ] {
            let (setup, refused) = settle_setup(&id, &raws(&revisions), Some(&board), None);
            assert_eq!(setup, Some(signed_setup(&board)));
            assert_eq!(refused.len(), 1);
            assert_eq!(
                (refused[0].rev.as_str(), &refused[0].why),
                ("1-fff", &Why::ConflictingSetup)
            );
            // A tablet without the game takes neither.
            let (setup, refused) = settle_setup(&id, &raws(&revisions), None, None);
            assert_eq!(setup, None);
            assert_eq!(refused.len(), 2);
        }
        // The same setup signed by another board: the tablet that knows the
        // game's board keeps its own; one that does not, neither.
        let resigned = revision_of(GameDoc::of(&board, &forger), "1-eee");
        let both = [resigned.clone(), ours.clone()];
        let known = Some(board_key().verifying_key());
        assert_eq!(
            settle_setup(&id, &raws(&both), Some(&board), known).0,
            Some(signed_setup(&board))
        );
        assert_eq!(settle_setup(&id, &raws(&both), Some(&board), None).0, None);
        // Alone in the database (the board's own removed), it is still not
        // the board this tablet knows.
        let (setup, refused) = settle_setup(
            &id,
            &raws(std::slice::from_ref(&resigned)),
            Some(&board),
            known,
        );
        assert_eq!(setup, None);
        assert_eq!(refused[0].why, Why::ConflictingSetup);
        // A setup unsigned, or altered after signing, is never taken, even
        // alone.
        let mut unsigned = serde_json::to_value(GameDoc::of(&board, &board_key())).unwrap();
        unsigned.as_object_mut().unwrap().remove("signed");
        let mut altered = ours.clone();
        altered["initial"]["white"]["name"] = json!("Forger, Felix");
        for (doc, why) in [(unsigned, Unsigned::Missing), (altered, Unsigned::Invalid)] {
            let (setup, refused) = settle_setup(&id, &raws(&[doc]), Some(&board), None);
            assert_eq!(setup, None);
            assert_eq!(refused[0].why, Why::Unsigned(why));
        }

        let choice = choice_doc_id(board.id(), 2);
        let trust = Trust {
            board: Some(board_key().verifying_key()),
            arbiters: arbiters(),
        };
        let chose = |rev: &str, hash: &str, key: &SigningKey| {
            revision_of(ChoiceDoc::new(board.id(), 2, hash, 5_000, key), rev)
        };
        assert_eq!(
            settle_choice(&choice, &raws(&[chose("1-a", "aa", &chief_key())]), &trust),
            (Some("aa".to_owned()), vec![])
        );
        let (chosen, refused) = settle_choice(
            &choice,
            &raws(&[
                chose("1-a", "aa", &board_key()),
                chose("1-b", "bb", &chief_key()),
            ]),
            &trust,
        );
        assert_eq!(chosen, None);
        assert!(refused.iter().all(|r| r.why == Why::ConflictingChoice) && refused.len() == 2);
        // A second choice by a key of neither the board nor an arbiter is
        // refused, and the arbiter's choice stands.
        let (chosen, refused) = settle_choice(
            &choice,
            &raws([
                chose("1-f", "ff", &forger),
                chose("1-a", "aa", &chief_key()),
            ]),
            &trust,
        );
        assert_eq!(chosen, Some("aa".to_owned()));
        assert_eq!(
            (refused[0].rev.as_str(), &refused[0].why),
            (
                "1-f",
                &Why::Unsigned(Unsigned::Untrusted(forger.verifying_key()))
            )
        );
    }

    #[test]
    fn an_entry_is_taken_signed_by_the_board_or_an_arbiter_and_refused_signed_by_anyone_else() {
        let board = played(2);
        let correction = || Event::ClockCorrected {
            correction: laws::clock::ClockCorrection::SwapSides,
            reason: "the clock was the wrong way round".into(),
        };
        let forger = SigningKey::from_seed([3; 32]);
        let mut next = board.clone();
        next.append_logged(Logged::sealed(board.head(), 5_000, correction()))
            .unwrap();
        let signed_by =
            |key: &SigningKey| serde_json::to_value(EventDoc::of(&next, 2, key)).unwrap();
        let mut unsigned = signed_by(&board_key());
        unsigned.as_object_mut().unwrap().remove("signed");
        // Signed over another place: replayed from elsewhere.
        let mut replayed = signed_by(&board_key());
        replayed["signed"] = serde_json::to_value(Signed::by(
            &board_key(),
            &entry_message(board.id(), 3, &next.log()[2].hash),
        ))
        .unwrap();
        for (doc, why) in [
            (
                signed_by(&forger),
                Some(Unsigned::Untrusted(forger.verifying_key())),
            ),
            (unsigned, Some(Unsigned::Missing)),
            (replayed, Some(Unsigned::Invalid)),
            (signed_by(&board_key()), None),
            (signed_by(&chief_key()), None),
        ] {
            let mut pulled = pulled(&[&board]);
            pulled
                .events
                .insert(event_doc_id(board.id(), 2), raws(vec![doc]));
            let out = reconcile(Some(&board), &pulled, NOW, &arbiters());
            match why {
                Some(why) => {
                    assert_eq!(whys(&out), [&Why::Unsigned(why)]);
                    assert_eq!(out.game, Some(board.clone()), "never folded");
                }
                None => {
                    assert!(out.refused.is_empty(), "{:?}", out.refused);
                    assert_eq!(out.game, Some(next.clone()));
                }
            }
        }
        // A tablet that knows no arbiter takes the board's entries only.
        let mut pulled = pulled(&[&board]);
        pulled.events.insert(
            event_doc_id(board.id(), 2),
            raws(vec![signed_by(&chief_key())]),
        );
        assert_eq!(reconcile(None, &pulled, NOW, &[]).game, Some(board));
    }

    #[test]
    fn one_signature_vouches_for_the_entries_it_follows_and_no_further() {
        let board = played(5);
        let mut pulled = pulled(&[&board]);
        let strip = |pulled: &mut Pulled, index: usize| {
            let id = event_doc_id(board.id(), index);
            for doc in pulled.events.get_mut(&id).unwrap() {
                let mut value: Value = serde_json::from_str(doc.get()).unwrap();
                value.as_object_mut().unwrap().remove("signed");
                *doc = revision::of(&value);
            }
        };
        // Signatures lost on all but the newest entry: it covers them all.
        for index in 0..4 {
            strip(&mut pulled, index);
        }
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert!(out.refused.is_empty(), "{:?}", out.refused);
        assert_eq!(out.game, Some(board.clone()));
        // Unsigned entries after the newest signed one: refused, each.
        strip(&mut pulled, 4);
        strip(&mut pulled, 3);
        pulled.events.insert(
            event_doc_id(board.id(), 2),
            raws(vec![
                serde_json::to_value(EventDoc::of(&board, 2, &board_key())).unwrap(),
            ]),
        );
        let out = reconcile(None, &pulled, NOW, &arbiters());
        assert_eq!(whys(&out), [&Why::Unsigned(Unsigned::Missing); 2]);
        assert_eq!(out.game.unwrap().log().len(), 3);
    }

    /// Two tablets pressed at the same place: both histories.
    fn forked() -> (Game, Game) {
        let mut a = played(2);
        let mut b = a.clone();
        edit(&mut a, "a", 10_000);
        edit(&mut a, "aa", 11_000);
        edit(&mut b, "b", 10_500);
        (a, b)
    }

    #[test]
    fn two_entries_at_one_place_are_a_fork_with_both_histories() {
        let (a, b) = forked();
        let out = reconcile(Some(&a), &pulled(&[&a, &b]), NOW, &arbiters());
        assert_eq!(out.game, Some(a.clone()));
        let fork = out.fork.unwrap();
        assert_eq!(fork.index, 2);
        assert_eq!(fork.branches.len(), 2);
        assert!(fork.branches.contains(&a) && fork.branches.contains(&b));
        assert!(out.refused.is_empty());
        // A tablet with no copy keeps what the branches share.
        let fresh = reconcile(None, &pulled(&[&a, &b]), NOW, &arbiters());
        assert!(fresh.fork.is_some());
        assert_eq!(fresh.game, Some(played(2)));
    }

    #[test]
    fn the_arbiter_s_choice_settles_a_fork_and_the_other_history_is_kept() {
        let (a, b) = forked();
        let mut pulled = pulled(&[&a, &b]);
        pulled.choices.insert(2, b.log()[2].hash.clone());
        let out = reconcile(Some(&a), &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(b.clone()));
        assert!(out.fork.is_none());
        assert_eq!(out.set_aside, vec![a.clone()]);
        // The tablet that was on the chosen branch keeps it and the other.
        let out = reconcile(Some(&b), &pulled, NOW, &arbiters());
        assert_eq!(out.game, Some(b));
        assert_eq!(out.set_aside, vec![a]);
        assert!(out.refused.is_empty());
    }

    #[test]
    fn a_copy_grown_at_its_end_still_sees_a_fork_before_it() {
        let (a, b) = forked();
        let mut ahead = a.clone();
        edit(&mut ahead, "aaa", 12_000);
        // The feed brings only what follows the copy: grown from it.
        let mut new = pulled(&[&ahead]);
        new.events.retain(
            |id, _| matches!(DocId::parse(id), DocId::Event(_, index) if index >= a.log().len()),
        );
        let out = reconcile(Some(&a), &new, NOW, &arbiters());
        assert_eq!(out.game, Some(ahead.clone()));
        assert!(out.fork.is_none() && out.refused.is_empty());
        // With another tablet's entry before the copy's end, the histories
        // part there as when grown from the setup.
        let out = reconcile(Some(&a), &pulled(&[&ahead, &b]), NOW, &arbiters());
        let fork = out.fork.unwrap();
        assert_eq!(fork.index, 2);
        assert!(fork.branches.contains(&ahead) && fork.branches.contains(&b));
    }

    #[test]
    fn another_game_under_the_same_id_is_not_taken() {
        let board = played(3);
        let mut other = GameDoc::of(&board, &board_key());
        other.created_ms += 1;
        let mut pulled = pulled(&[&board]);
        // Its board named as if it had signed it (the signature no longer
        // holds): another game is refused before any signature counts.
        pulled.game = Some(SignedSetup {
            doc: other,
            board: board_key().verifying_key(),
        });
        let mine = played(1);
        assert_eq!(
            reconcile(Some(&mine), &pulled, NOW, &arbiters()).game,
            Some(mine)
        );
    }
}
