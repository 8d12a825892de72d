//! Where a tablet stands with its event's database: what it joined, what it
//! pushed, where the changes feed was last read, and what it set aside.
//! Plain data; the HTTP side is `couch`, loaded only on a tablet that joined.

use std::collections::BTreeMap;
use std::fmt;

use laws::game::Game;
use laws::signing::{SigningKey, VerifyingKey};
use laws::trf::encoding::Encoding;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::event::call::{AnswerDoc, Call, CallDoc};
use crate::event::docs::{ChoiceDoc, DocId, Fork, Refused, Why};
use crate::event::feed::Broadcast;
use crate::event::roster::{Deputy, MAX_OFFERS, OfferDoc, Roster, RosterDoc};
use crate::event::round::{Round, RoundDoc};
use crate::event::signed::Unsigned;
use crate::tf;

/// The most refused documents a tablet lists.
pub const MAX_REFUSED: usize = 100;

/// An event: one CouchDB database, and this tablet's account on it. The
/// password stays on this tablet; the join link carries none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventLink {
    /// The server's address, e.g. `https://couch.example.org:6984`.
    pub server: String,
    pub database: String,
    pub user: String,
    pub password: String,
    /// The fingerprint of the chief arbiter's key that joining added to
    /// this tablet's recipients: leaving the event removes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brought_key: Option<String>,
    /// This tablet's own key, made when it joined: it signs every document
    /// the tablet writes to the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signing_key: Option<SigningKey>,
    /// The chief arbiter's signing key, from the join code whose
    /// fingerprint the arbiter confirmed; `None` on the tablet that set
    /// the event up, which is the chief's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chief: Option<VerifyingKey>,
}

impl EventLink {
    /// The chief arbiter's key: the one confirmed on joining, or this
    /// tablet's own on the chief's tablet. It alone signs the roster.
    #[must_use]
    pub fn chief_key(&self) -> Option<VerifyingKey> {
        self.chief
            .or_else(|| self.signing_key.as_ref().map(SigningKey::verifying_key))
    }

    /// Whether this is the chief arbiter's tablet: it set the event up
    /// rather than joining by his code.
    #[must_use]
    pub fn is_chief(&self) -> bool {
        self.chief.is_none()
    }

    /// Whether game `id` is this tablet's to set up in the database: made
    /// here in the event (its id begins with this user and `~`).
    #[must_use]
    pub fn owns(&self, id: &str) -> bool {
        id.split_once('~')
            .is_some_and(|(user, _)| user == self.user.trim())
    }

    /// Whether the password and the games would cross the network readable:
    /// `http://` to anything but this machine.
    #[must_use]
    pub fn in_the_clear(&self) -> bool {
        let Some(rest) = self.server.trim().strip_prefix("http://") else {
            return false;
        };
        let host = rest.split('/').next().unwrap_or_default();
        let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
        let name = if host.starts_with('[') {
            host.split(']')
                .next()
                .unwrap_or_default()
                .trim_start_matches('[')
        } else {
            host.split(':').next().unwrap_or_default()
        };
        !(name.eq_ignore_ascii_case("localhost") || name.starts_with("127.") || name == "::1")
    }

    /// [`EventLink::in_the_clear`]'s warning, when it is.
    #[must_use]
    pub fn clear_text_warning(&self) -> Option<&'static str> {
        self.in_the_clear().then(|| {
            crate::t!(
                "This server is reached over http://: the password and every game cross the network readable by anyone on it. Serve CouchDB over HTTPS (organiser's guide).",
                "Ten serwer jest osiągany przez http://: hasło i wszystkie partie przechodzą przez sieć czytelne dla każdego w niej. Udostępnij CouchDB przez HTTPS (przewodnik organizatora)."
            )
        })
    }
    /// The database's address, without a trailing slash.
    #[must_use]
    pub fn database_url(&self) -> String {
        format!(
            "{}/{}",
            self.server.trim().trim_end_matches('/'),
            self.database.trim()
        )
    }

    /// Checks what could be mistyped on the form.
    pub fn validate(&self) -> Result<(), String> {
        let server = self.server.trim();
        if !(server.starts_with("http://") || server.starts_with("https://")) {
            return Err(tf!(
                "the server's address must start with http:// or https:// (not {server:?})",
                "adres serwera musi zaczynać się od http:// lub https:// (nie {server:?})"
            ));
        }
        // CouchDB's rule for database names.
        let name = self.database.trim();
        let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_$()+-/".contains(c));
        if !valid {
            return Err(tf!(
                "{name:?} is not a database name: lowercase letters, digits and _$()+-/, starting with a letter",
                "{name:?} nie jest nazwą bazy: małe litery, cyfry i _$()+-/, na początku litera"
            ));
        }
        if self.user.trim().is_empty() {
            return Err(tf!("the user is missing", "brak użytkownika"));
        }
        Ok(())
    }
}

/// What this tablet keeps about its sync.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SyncRecord {
    /// The changes feed's checkpoint (`last_seq`, as the server gave it).
    pub since: Option<Value>,
    /// The database instance the checkpoint belongs to: another one (the
    /// server started again empty) means pushing everything again.
    pub instance: Option<String>,
    /// Per game, how many of its log's entries the database has taken.
    pub pushed: BTreeMap<String, usize>,
    /// Documents refused: never folded, shown until the arbiter sees them
    /// (the first [`MAX_REFUSED`]).
    pub refused: Vec<Refused>,
    /// Games whose histories part, by game id.
    pub forks: BTreeMap<String, Fork>,
    /// Histories a choice at a fork left behind, kept readable.
    pub set_aside: Vec<Game>,
    /// The arbiter's choices at forks, waiting to be pushed.
    pub choices: Vec<ChoiceDoc>,
    /// Each game's board: the key that signed the setup this tablet took
    /// or pushed. A second setup signed by another key is not taken.
    pub boards: BTreeMap<String, VerifyingKey>,
    /// The chief's deputies: the highest-numbered roster he signed.
    pub roster: Roster,
    /// Tablets that offered to be deputies, for the chief to compare and
    /// add (the first [`MAX_OFFERS`]).
    pub offers: Vec<Deputy>,
    /// The chief's new roster, waiting to be pushed.
    pub roster_unsent: Option<RosterDoc>,
    /// This tablet's offer to be a deputy, waiting to be pushed.
    pub offer_unsent: Option<OfferDoc>,
    /// Games to read whole from the database again: a new roster trusts
    /// entries refused in them, or entries came before what they follow.
    pub read_again: Vec<String>,
    /// The event's rounds as published: each one's highest version.
    pub rounds: BTreeMap<u32, Round>,
    /// Rounds this tablet published, waiting to be pushed.
    pub rounds_unsent: Vec<RoundDoc>,
    /// The pairing program's file each round was published from, on the
    /// tablet that published it: the round's results are written back
    /// into it.
    pub trf: BTreeMap<u32, String>,
    /// How each of those files was written (none: UTF-8).
    pub trf_encoding: BTreeMap<u32, Encoding>,
    /// The boards' calls for an arbiter, as far as this tablet knows them,
    /// its own included.
    pub calls: Vec<Call>,
    /// This tablet's calls, waiting to be pushed.
    pub calls_unsent: Vec<CallDoc>,
    /// This tablet's answers to calls, waiting to be pushed.
    pub answers_unsent: Vec<AnswerDoc>,
    /// Where the chief's tablet sends the rounds live, with the lichess
    /// token: on this tablet only.
    pub broadcast: Option<Broadcast>,
}

/// Whether game `id` is a game of an event (made on a tablet in one: its
/// id names the user, [`crate::state`]). A game made before the tablet
/// joined stays on the tablet: the event's database never gets it, nor an
/// envelope it holds sealed under a PIN.
#[must_use]
pub fn of_an_event(id: &str) -> bool {
    id.contains('~')
}

impl SyncRecord {
    /// Documents the database does not have yet: entries of the event's
    /// `games`, a new game's setup, the arbiter's choices at forks.
    #[must_use]
    pub fn waiting(&self, games: &[Game]) -> usize {
        self.choices.len()
            + usize::from(self.roster_unsent.is_some())
            + usize::from(self.offer_unsent.is_some())
            + self.rounds_unsent.len()
            + self.calls_unsent.len()
            + self.answers_unsent.len()
            + games
                .iter()
                .filter(|g| of_an_event(g.id()))
                .map(|g| {
                    let pushed = self.pushed.get(g.id()).copied();
                    // A game never pushed also waits for its setup document.
                    g.log().len().saturating_sub(pushed.unwrap_or(0))
                        + usize::from(pushed.is_none())
                })
                .sum::<usize>()
    }

    /// The database at `instance` is not the one the checkpoint was read
    /// from, or its sequence went back: start again, pushing everything
    /// (the database keeps nothing twice: it is asked what it lacks).
    pub fn meet(&mut self, instance: &str, update_seq: &Value) {
        let went_back = self
            .since
            .as_ref()
            .is_some_and(|since| seq_number(update_seq) < seq_number(since));
        if self.instance.as_deref() != Some(instance) || went_back {
            self.since = None;
            self.pushed.clear();
            self.instance = Some(instance.to_owned());
        }
    }

    /// Notes refusals not noted yet, up to [`MAX_REFUSED`]: a flood of bad
    /// documents cannot fill the tablet (they stay refused, unlisted).
    /// Returns how many it noted that are refused for good (not those that
    /// follow what has not come yet): what to tell the arbiter, once.
    pub fn refuse(&mut self, refused: Vec<Refused>) -> usize {
        let mut told = 0;
        for r in refused {
            if self.refused.len() < MAX_REFUSED && !self.refused.contains(&r) {
                told += usize::from(r.why != Why::NoPredecessor);
                self.refused.push(r);
            }
        }
        told
    }

    /// Game `game` has been read with nothing missing: its entries once
    /// refused for following no event it then held (read before what
    /// they follow came) are no longer listed. Any still refused for
    /// another reason are listed again by the read that found it.
    pub fn complete(&mut self, game: &str) {
        self.refused
            .retain(|r| r.why != Why::NoPredecessor || DocId::parse(&r.id).game() != Some(game));
    }

    /// The highest number that `number` reads in a refused document's id
    /// (a roster's number, a round's version), 0 if none: a new document
    /// is numbered above it, since one written once cannot be written
    /// again under an id the database holds.
    #[must_use]
    pub fn refused_above(&self, number: impl Fn(&str) -> Option<u32>) -> u32 {
        self.refused
            .iter()
            .filter_map(|r| number(&r.id))
            .max()
            .unwrap_or(0)
    }

    /// The keys taken in every game: the chief arbiter's and his
    /// deputies'.
    #[must_use]
    pub fn arbiters(&self, link: &EventLink) -> Vec<VerifyingKey> {
        link.chief_key()
            .into_iter()
            .chain(self.roster.signers())
            .collect()
    }

    /// Takes the chief's `roster` if it is newer than the one held. The
    /// documents refused for being signed by a deputy it names are no
    /// longer listed, and their games are to be read again.
    pub fn take_roster(&mut self, roster: Roster) {
        if roster.number <= self.roster.number {
            return;
        }
        let read_again = &mut self.read_again;
        self.refused.retain(|r| match &r.why {
            Why::Unsigned(Unsigned::Untrusted(signer)) if roster.names(signer) => {
                if let Some(game) = DocId::parse(&r.id).game()
                    && !read_again.iter().any(|g| g == game)
                {
                    read_again.push(game.to_owned());
                }
                false
            }
            _ => true,
        });
        self.roster = roster;
    }

    /// Takes `round` if it is a newer version of its round than the one
    /// held.
    pub fn take_round(&mut self, round: Round) {
        if self
            .rounds
            .get(&round.round)
            .is_none_or(|held| round.version > held.version)
        {
            self.rounds.insert(round.round, round);
        }
    }

    /// Notes a tablet's offer to be a deputy, once, up to [`MAX_OFFERS`].
    pub fn offer(&mut self, deputy: Deputy) {
        if self.offers.len() < MAX_OFFERS && !self.offers.contains(&deputy) {
            self.offers.push(deputy);
        }
    }

    /// Keeps a history left behind, once.
    pub fn set_aside(&mut self, game: Game) {
        if !self
            .set_aside
            .iter()
            .any(|g| g.id() == game.id() && g.head() == game.head())
        {
            self.set_aside.push(game);
        }
    }
}

/// The number a sequence starts with: CouchDB 1 and PouchDB give numbers,
/// CouchDB 2 and later `"<number>-<opaque>"`.
fn seq_number(seq: &Value) -> u64 {
    match seq {
        Value::Number(n) => n.as_u64().unwrap_or(0),
        Value::String(s) => s
            .split('-')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0),
        _ => 0,
    }
}

/// Where a tablet in an event stands, at a glance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyncStatus {
    /// Not yet in touch with the server.
    Connecting,
    Synced,
    /// Entries stored here that the database has not taken yet.
    Waiting(usize),
    /// No answer from the server: everything is kept for the next try.
    Offline,
    /// The server refused this tablet: wrong password, no permission, no database.
    Refused(String),
    /// Games whose histories part, for the arbiter to choose.
    Fork(usize),
    /// A full page of the changes feed read, more to come: a tablet
    /// joining, or back after a while away.
    CatchingUp,
}

impl SyncStatus {
    /// The status as the header shows it, with the `waiting` documents
    /// stored here that the database has not taken (counted live: the
    /// status changes only when the sync speaks to the server).
    #[must_use]
    pub fn shown(&self, waiting: usize) -> String {
        match self {
            SyncStatus::Synced | SyncStatus::Waiting(_) if waiting > 0 => {
                SyncStatus::Waiting(waiting).to_string()
            }
            SyncStatus::Waiting(_) => SyncStatus::Synced.to_string(),
            SyncStatus::Offline if waiting > 0 => tf!(
                "Offline: {waiting} {} kept here, sent when the server answers",
                "Offline: zdarzenia zachowane tutaj ({waiting}{}), wysłane, gdy serwer odpowie",
                events(waiting)
            ),
            SyncStatus::Refused(_) if waiting > 0 => tf!(
                "{self}; {waiting} {} kept for the next try",
                "{self}; zdarzenia zachowane do następnej próby: {waiting}{}",
                events(waiting)
            ),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for SyncStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            SyncStatus::Connecting => tf!("Connecting…", "Łączenie…"),
            SyncStatus::Synced => tf!("Synced", "Zsynchronizowano"),
            SyncStatus::Waiting(n) => {
                tf!("{n} {} waiting", "zdarzenia czekające: {n}{}", events(*n))
            }
            SyncStatus::Offline => tf!(
                "Offline: kept here, sent when the server answers",
                "Offline: zachowane tutaj, wysłane, gdy serwer odpowie"
            ),
            SyncStatus::Refused(why) => tf!("Refused: {why}", "Odmowa: {why}"),
            SyncStatus::Fork(n) => tf!(
                "Fork to resolve in {n} {}",
                "Rozwidlenie do rozstrzygnięcia w partiach: {n}{}",
                counted(*n, ["game", "games"])
            ),
            SyncStatus::CatchingUp => tf!(
                "Reading the event's changes…",
                "Wczytywanie zmian turnieju…"
            ),
        })
    }
}

/// [`counted`] events.
fn events(n: usize) -> &'static str {
    counted(n, ["event", "events"])
}

/// The English noun for a count of `n`; nothing in Polish, whose
/// sentences put the count last.
fn counted(n: usize, english: [&'static str; 2]) -> &'static str {
    crate::text::i18n::lang().plural(n as u64, english, [""; 3])
}

/// Milliseconds to wait before try `attempt` (from 0) after a failure:
/// doubling from one second, at most 16.
#[must_use]
pub fn backoff_ms(attempt: u32) -> u32 {
    1000 << attempt.min(4)
}

#[cfg(test)]
mod tests {
    use laws::game::{Event, Player, Setup};
    use serde_json::json;

    use super::*;

    fn game(id: &str, events: u64) -> Game {
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            ..Setup::default()
        };
        let mut g = Game::new(id, setup, 1_000);
        for n in 0..events {
            let setup = Setup {
                round: n.to_string(),
                ..g.setup().clone()
            };
            g.apply(Event::DetailsEdited(Box::new(setup)), 2_000 + n)
                .unwrap();
        }
        g
    }

    #[test]
    fn a_new_roster_or_round_is_numbered_above_what_the_database_refused() {
        let mut record = SyncRecord::default();
        for id in ["round:003:0002", "round:004:0009", "roster:000004"] {
            record.refuse(vec![Refused {
                id: id.into(),
                rev: "1-ab".into(),
                why: Why::BrokenChain,
            }]);
        }
        let round_3 = |id: &str| {
            crate::event::round::round_doc_version(id)
                .filter(|(round, _)| *round == 3)
                .map(|(_, version)| version)
        };
        assert_eq!(record.refused_above(round_3), 2);
        assert_eq!(
            record.refused_above(crate::event::roster::roster_doc_number),
            4
        );
        assert_eq!(SyncRecord::default().refused_above(round_3), 0);
    }

    #[test]
    fn what_waits_is_every_entry_of_the_event_not_pushed_and_each_new_setup() {
        // A game made before joining (no user in its id) never waits.
        let games = [game("board1~a", 3), game("board2~b", 2), game("c", 4)];
        let mut record = SyncRecord::default();
        assert_eq!(record.waiting(&games), 3 + 1 + 2 + 1);
        record.pushed.insert("board1~a".into(), 3);
        record.pushed.insert("board2~b".into(), 1);
        assert_eq!(record.waiting(&games), 1);
        let link = EventLink {
            user: "board1".into(),
            ..EventLink::default()
        };
        assert!(link.owns("board1~a") && !link.owns("board2~b") && !link.owns("c"));
    }

    #[test]
    fn the_header_counts_what_waits_and_keeps_it_through_a_refusal() {
        assert_eq!(SyncStatus::Synced.shown(0), "Synced");
        assert_eq!(SyncStatus::Synced.shown(3), "3 events waiting");
        assert_eq!(SyncStatus::Synced.shown(1), "1 event waiting");
        assert_eq!(SyncStatus::Waiting(3).shown(0), "Synced");
        assert_eq!(
            SyncStatus::Offline.shown(2),
            "Offline: 2 events kept here, sent when the server answers"
        );
        assert_eq!(
            SyncStatus::Refused("no permission (x)".into()).shown(4),
            "Refused: no permission (x); 4 events kept for the next try"
        );
        assert_eq!(SyncStatus::Fork(1).shown(4), "Fork to resolve in 1 game");
        assert_eq!(
            SyncStatus::CatchingUp.shown(2),
            "Reading the event's changes…"
        );
        assert_eq!(
            SyncStatus::Fork(2).to_string(),
            "Fork to resolve in 2 games"
        );
    }

    #[test]
    fn another_database_or_a_sequence_gone_back_starts_again() {
        let mut record = SyncRecord::default();
        record.meet("i1", &json!(0));
        record.since = Some(json!(42));
        record.pushed.insert("a".into(), 3);
        record.meet("i1", &json!(50));
        assert_eq!(record.pushed.len(), 1, "the same database, further on");
        record.meet("i1", &json!(2));
        assert!(record.pushed.is_empty() && record.since.is_none());
        record.since = Some(json!("42-g1AAAA"));
        record.pushed.insert("a".into(), 3);
        record.meet("i2", &json!("60-g1AAAB"));
        assert!(record.pushed.is_empty() && record.since.is_none());
    }

    #[test]
    fn refusals_are_listed_once_and_at_most_the_limit() {
        let refusal = |n: usize| Refused {
            id: format!("game:g:event:{n:06}"),
            rev: "1-x".into(),
            why: crate::event::docs::Why::BrokenChain,
        };
        let mut record = SyncRecord::default();
        assert_eq!(record.refuse(vec![refusal(0), refusal(0)]), 1);
        assert_eq!(record.refuse(vec![refusal(0)]), 0, "told once");
        assert_eq!(record.refused.len(), 1);
        assert_eq!(
            record.refuse((0..MAX_REFUSED * 2).map(refusal).collect()),
            MAX_REFUSED - 1
        );
        assert_eq!(record.refused.len(), MAX_REFUSED);
        assert_eq!(record.refused[0], refusal(0));
        assert_eq!(
            record.refuse(vec![refusal(MAX_REFUSED * 3)]),
            0,
            "unlisted, not told"
        );
    }

    #[test]
    fn a_game_read_complete_no_longer_lists_entries_that_came_before_what_they_follow() {
        let refusal = |game: &str, n: usize, why: Why| Refused {
            id: format!("game:{game}:event:{n:06}"),
            rev: "1-x".into(),
            why,
        };
        let mut record = SyncRecord::default();
        record.refuse(vec![
            refusal("a", 5, Why::NoPredecessor),
            refusal("a", 6, Why::BrokenChain),
            refusal("b", 5, Why::NoPredecessor),
        ]);
        record.complete("a");
        assert_eq!(
            record.refused,
            [
                refusal("a", 6, Why::BrokenChain),
                refusal("b", 5, Why::NoPredecessor)
            ]
        );
    }

    #[test]
    fn a_link_names_a_server_and_a_valid_database() {
        let link = EventLink {
            server: "http://127.0.0.1:5984/".into(),
            database: "open-2026".into(),
            user: "board".into(),
            password: "x".into(),
            ..EventLink::default()
        };
        assert_eq!(link.validate(), Ok(()));
        assert_eq!(link.database_url(), "http://127.0.0.1:5984/open-2026");
        for bad in [
            EventLink {
                server: "127.0.0.1".into(),
                ..link.clone()
            },
            EventLink {
                database: "Open".into(),
                ..link.clone()
            },
            EventLink {
                user: " ".into(),
                ..link.clone()
            },
        ] {
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_http_beyond_this_machine_is_in_the_clear() {
        let on = |server: &str| EventLink {
            server: server.into(),
            ..EventLink::default()
        };
        for clear in [
            "http://couch.local:5984",
            "http://192.168.1.10:5984/",
            "http://localhost.evil.org",
        ] {
            assert!(on(clear).in_the_clear(), "{clear}");
            assert!(on(clear).clear_text_warning().is_some());
        }
        for safe in [
            "https://couch.example.org",
            "http://127.0.0.1:5984",
            "http://localhost:5984/",
            "http://[::1]:5984",
        ] {
            assert!(!on(safe).in_the_clear(), "{safe}");
        }
    }

    #[test]
    fn a_deputy_on_a_newer_roster_is_taken_in_every_game_and_his_refused_entries_read_again() {
        let chief = SigningKey::from_seed([1; 32]);
        let deputy = SigningKey::from_seed([2; 32]).verifying_key();
        let link = EventLink {
            chief: Some(chief.verifying_key()),
            ..EventLink::default()
        };
        let by_deputy = |id: &str| Refused {
            id: id.into(),
            rev: "1-a".into(),
            why: Why::Unsigned(Unsigned::Untrusted(deputy)),
        };
        let mut record = SyncRecord::default();
        record.refuse(vec![
            by_deputy("game:b1~x-0001:event:000004"),
            by_deputy("game:b1~x-0001:event:000005"),
            Refused {
                why: Why::BrokenChain,
                ..by_deputy("game:b2~x-0002:event:000001")
            },
        ]);
        assert_eq!(record.arbiters(&link), [chief.verifying_key()]);
        let roster = Roster::default().with(Deputy {
            name: "Deputy".into(),
            signer: deputy,
            seal_to: None,
        });
        record.take_roster(roster.clone());
        assert_eq!(record.read_again, ["b1~x-0001"]);
        assert_eq!(record.refused.len(), 1);
        assert_eq!(record.arbiters(&link), [chief.verifying_key(), deputy]);
        // The same roster again, or an older one: nothing changes.
        record.read_again.clear();
        record.take_roster(roster.clone());
        record.take_roster(Roster::default());
        assert_eq!(record.roster, roster);
        assert!(record.read_again.is_empty());
    }

    #[test]
    fn backoff_doubles_up_to_sixteen_seconds() {
        let waits: Vec<u32> = (0..7).map(backoff_ms).collect();
        assert_eq!(waits, [1000, 2000, 4000, 8000, 16000, 16000, 16000]);
    }
}
