//! A board's call for an arbiter, and an arbiter's answer.
//!
//! A board tablet's "Call the arbiter" writes a [`CallDoc`] under its own
//! account (`call:<user>~<time>`, the only document besides its games the
//! server lets a board write), signed by its key. The arbiters' tablets show
//! it, with a sound, until one of them answers: an [`AnswerDoc`], signed
//! by an arbiter's key, which every tablet then shows, the calling board's
//! included. Both are written once; a call made offline waits on the tablet
//! and goes when the network is back.

use laws::signing::{SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::event::docs::{Refused, Why, read_value, refusal, written_once};
use crate::event::signed::{Signed, Trust, Unsigned};

/// The calls' ids: `call:board-07~1764950000000`.
pub const CALL_PREFIX: &str = "call:";
/// The answers' ids: `answer:` and the call's id after its prefix.
pub const ANSWER_PREFIX: &str = "answer:";
/// The most calls a tablet keeps, the oldest answered going first.
pub const MAX_CALLS: usize = 100;

/// The board that calls, as its tablet's game names it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caller {
    pub game: String,
    pub round: String,
    pub board: String,
    pub players: String,
}

/// An arbiter's answer: whose key signed it (the chief's or a deputy's),
/// and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub by: VerifyingKey,
    pub at_ms: u64,
}

/// A call as a tablet holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub id: String,
    pub caller: Caller,
    pub at_ms: u64,
    /// Whether the database has it: a call made offline has not yet.
    #[serde(default)]
    pub sent: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
}

impl Call {
    /// Whether it waits for an arbiter.
    #[must_use]
    pub fn open(&self) -> bool {
        self.answer.is_none()
    }

    /// The account of the tablet that called (the server checked it).
    #[must_use]
    pub fn tablet(&self) -> &str {
        call_parts(&self.id).map_or("", |(user, _)| user)
    }
}

/// Call `user`'s id at `at_ms`.
#[must_use]
pub fn call_id(user: &str, at_ms: u64) -> String {
    format!("{CALL_PREFIX}{}~{at_ms}", user.trim())
}

/// The user and time call id `id` names: [`call_id`] read back.
fn call_parts(id: &str) -> Option<(&str, u64)> {
    let (user, at) = id.strip_prefix(CALL_PREFIX)?.rsplit_once('~')?;
    Some((user, at.parse().ok()?))
}

/// The id of the answer to call `call`.
#[must_use]
pub fn answer_id(call: &str) -> String {
    format!(
        "{ANSWER_PREFIX}{}",
        call.strip_prefix(CALL_PREFIX).unwrap_or(call)
    )
}

/// A call as the database keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub caller: Caller,
    pub at_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

/// What a call's signature covers: every field, in the event `database`.
fn call_message(database: &str, id: &str, caller: &Caller, at_ms: u64) -> Vec<u8> {
    serde_json::to_vec(&("arbiter call v1", database, id, caller, at_ms)).expect("serialises")
}

impl CallDoc {
    /// Board tablet `user`'s call at `at_ms`, signed by its `key`.
    #[must_use]
    pub fn of(caller: Caller, user: &str, at_ms: u64, database: &str, key: &SigningKey) -> CallDoc {
        let id = call_id(user, at_ms);
        CallDoc {
            signed: Some(Signed::by(
                key,
                &call_message(database, &id, &caller, at_ms),
            )),
            id,
            kind: "call".into(),
            caller,
            at_ms,
        }
    }

    /// The document to write: its revision follows from its signature.
    #[must_use]
    pub fn to_value(&self) -> Value {
        written_once(self, self.signed.as_ref())
    }

    /// The call as its tablet holds it, not sent yet.
    #[must_use]
    pub fn call(&self) -> Call {
        Call {
            id: self.id.clone(),
            caller: self.caller.clone(),
            at_ms: self.at_ms,
            sent: false,
            answer: None,
        }
    }

    /// Reads a call the database gave. Its account is the server's to
    /// check; its signature must be sound, and by the key that set up the
    /// game it names when `board_of` that game knows it.
    pub fn read(
        id: &str,
        value: &RawValue,
        database: &str,
        board_of: impl Fn(&str) -> Option<VerifyingKey>,
    ) -> Result<Call, Refused> {
        let refuse = refusal(id, value);
        let doc: CallDoc = read_value(value).map_err(&refuse)?;
        let at = call_parts(id).map(|(_, at)| at);
        if doc.id != id || at != Some(doc.at_ms) {
            return Err(refuse(Why::WrongPlace));
        }
        let message = call_message(database, id, &doc.caller, doc.at_ms);
        let signer = Signed::signer_of(doc.signed.as_ref(), &message)
            .map_err(|u| refuse(Why::Unsigned(u)))?;
        if board_of(&doc.caller.game).is_some_and(|board| board != signer) {
            return Err(refuse(Why::Unsigned(Unsigned::Untrusted(signer))));
        }
        Ok(Call {
            sent: true,
            ..doc.call()
        })
    }
}

/// An answer as the database keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub call: String,
    pub at_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

fn answer_message(database: &str, call: &str, at_ms: u64) -> Vec<u8> {
    serde_json::to_vec(&("arbiter answer v1", database, call, at_ms)).expect("serialises")
}

impl AnswerDoc {
    /// An arbiter's answer to call `call` at `at_ms`, signed by his `key`.
    #[must_use]
    pub fn of(call: &str, at_ms: u64, database: &str, key: &SigningKey) -> AnswerDoc {
        AnswerDoc {
            id: answer_id(call),
            kind: "answer".into(),
            call: call.to_owned(),
            at_ms,
            signed: Some(Signed::by(key, &answer_message(database, call, at_ms))),
        }
    }

    /// The document to write: its revision follows from its signature.
    #[must_use]
    pub fn to_value(&self) -> Value {
        written_once(self, self.signed.as_ref())
    }

    /// Reads an answer the database gave: taken when signed by one of the
    /// event's `arbiters`. Returns the call it answers, and the answer.
    pub fn read(
        id: &str,
        value: &RawValue,
        database: &str,
        arbiters: &[VerifyingKey],
    ) -> Result<(String, Answer), Refused> {
        let refuse = refusal(id, value);
        let doc: AnswerDoc = read_value(value).map_err(&refuse)?;
        if doc.id != id || answer_id(&doc.call) != id || !doc.call.starts_with(CALL_PREFIX) {
            return Err(refuse(Why::WrongPlace));
        }
        let trust = Trust {
            board: None,
            arbiters: arbiters.to_vec(),
        };
        let by = Signed::check(
            doc.signed.as_ref(),
            &answer_message(database, &doc.call, doc.at_ms),
            &trust,
        )
        .map_err(|u| refuse(Why::Unsigned(u)))?;
        Ok((
            doc.call,
            Answer {
                by,
                at_ms: doc.at_ms,
            },
        ))
    }
}

/// Keeps `call` in `calls` (once, in the order made), with its answer when
/// either copy has one; over [`MAX_CALLS`], the oldest answered go.
pub fn keep_call(calls: &mut Vec<Call>, call: Call) {
    match calls.iter_mut().find(|held| held.id == call.id) {
        Some(held) => {
            held.sent |= call.sent;
            if held.answer.is_none() {
                held.answer = call.answer;
            }
        }
        None => {
            let at = calls.partition_point(|held| held.at_ms <= call.at_ms);
            calls.insert(at, call);
        }
    }
    while calls.len() > MAX_CALLS {
        match calls.iter().position(|c| !c.open()) {
            Some(oldest) => calls.remove(oldest),
            None => calls.remove(0),
        };
    }
}

/// Notes `answer` to call `call`, if held and not answered yet.
pub fn answer_call(calls: &mut [Call], call: &str, answer: Answer) {
    if let Some(held) = calls.iter_mut().find(|held| held.id == call)
        && held.answer.is_none()
    {
        held.answer = Some(answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::revision;

    const DB: &str = "open-2026";

    fn caller() -> Caller {
        Caller {
            game: "board-07~m1-ab12".into(),
            round: "3".into(),
            board: "7".into(),
            players: "Müller, Hans – Lewandowski, Piotr".into(),
        }
    }

    #[test]
    fn a_call_is_read_back_signed_by_its_board_and_refused_altered_or_by_another() {
        let board = SigningKey::from_seed([1; 32]);
        let other = SigningKey::from_seed([2; 32]);
        let doc = CallDoc::of(caller(), "board-07", 1_000, DB, &board);
        assert_eq!(doc.id, "call:board-07~1000");
        let value = doc.to_value();
        let call = CallDoc::read(&doc.id, &revision::of(&value), DB, |_| {
            Some(board.verifying_key())
        })
        .unwrap();
        assert_eq!(
            (call.caller, call.sent, call.answer),
            (caller(), true, None)
        );
        // Before the game's setup is read, any sound signature does.
        assert!(CallDoc::read(&doc.id, &revision::of(&value), DB, |_| None).is_ok());

        let mut altered = value.clone();
        altered["board"] = "1".into();
        let why = |r: Result<Call, Refused>| r.unwrap_err().why;
        assert_eq!(
            why(CallDoc::read(&doc.id, &revision::of(&altered), DB, |_| {
                None
            })),
            Why::Unsigned(Unsigned::Invalid)
        );
        assert_eq!(
            why(CallDoc::read(
                &doc.id,
                &revision::of(&value),
                "another-event",
                |_| None
            )),
            Why::Unsigned(Unsigned::Invalid)
        );
        let forged = CallDoc::of(caller(), "board-09", 1_000, DB, &other);
        assert_eq!(
            why(CallDoc::read(
                &forged.id,
                &revision::of(&forged.to_value()),
                DB,
                |_| Some(board.verifying_key())
            )),
            Why::Unsigned(Unsigned::Untrusted(other.verifying_key()))
        );
        assert_eq!(
            why(CallDoc::read(
                "call:board-07~2000",
                &revision::of(&value),
                DB,
                |_| None
            )),
            Why::WrongPlace
        );
    }

    #[test]
    fn an_answer_is_taken_only_from_an_arbiter() {
        let chief = SigningKey::from_seed([3; 32]);
        let board = SigningKey::from_seed([4; 32]);
        let arbiters = [chief.verifying_key()];
        let doc = AnswerDoc::of("call:board-07~1000", 2_000, DB, &chief);
        assert_eq!(doc.id, "answer:board-07~1000");
        let (call, answer) =
            AnswerDoc::read(&doc.id, &revision::of(&doc.to_value()), DB, &arbiters).unwrap();
        assert_eq!(call, "call:board-07~1000");
        assert_eq!(answer.by, chief.verifying_key());
        assert_eq!(answer.at_ms, 2_000);

        let by_board = AnswerDoc::of("call:board-07~1000", 2_000, DB, &board);
        assert_eq!(
            AnswerDoc::read(
                &by_board.id,
                &revision::of(&by_board.to_value()),
                DB,
                &arbiters
            )
            .unwrap_err()
            .why,
            Why::Unsigned(Unsigned::Untrusted(board.verifying_key()))
        );
        let mut elsewhere = doc.to_value();
        elsewhere["call"] = "call:board-08~1000".into();
        assert_eq!(
            AnswerDoc::read(&doc.id, &revision::of(&elsewhere), DB, &arbiters)
                .unwrap_err()
                .why,
            Why::WrongPlace
        );
    }

    #[test]
    fn calls_are_kept_once_in_order_and_the_oldest_answered_go_first() {
        let key = SigningKey::from_seed([1; 32]);
        let call = |at| CallDoc::of(caller(), "board-07", at, DB, &key).call();
        let mut calls = Vec::new();
        keep_call(&mut calls, call(2));
        keep_call(&mut calls, call(1));
        keep_call(
            &mut calls,
            Call {
                sent: true,
                ..call(2)
            },
        );
        assert_eq!(
            calls.iter().map(|c| (c.at_ms, c.sent)).collect::<Vec<_>>(),
            [(1, false), (2, true)]
        );
        let answer = Answer {
            by: key.verifying_key(),
            at_ms: 5,
        };
        answer_call(&mut calls, &call_id("board-07", 2), answer.clone());
        assert!(calls[0].open() && !calls[1].open());
        for at in 10..(9 + MAX_CALLS as u64) {
            keep_call(&mut calls, call(at));
        }
        assert_eq!(calls.len(), MAX_CALLS);
        assert!(calls.iter().all(Call::open), "the answered call went first");
        assert_eq!(calls[0].at_ms, 1);
    }
}
