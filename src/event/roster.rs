//! The event's arbiters besides the chief: his deputies, in a roster only
//! he signs.
//!
//! A deputy's tablet, joined by the chief's code, offers itself
//! ([`OfferDoc`]): its signing key, and the key envelopes are sealed to,
//! signed by itself. The chief arbiter reads the offer's code aloud against
//! the deputy's screen and adds him: a new [`Roster`], numbered, signed by
//! the key every tablet confirmed when it joined ([`RosterDoc`]). Tablets
//! take the highest-numbered roster he signed: its deputies' documents are
//! taken in every game, and envelopes are sealed to them too.

use laws::sealing::arbiter_key::{PublicKey, Recipient};
use laws::signing::{SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::event::docs::{Refused, Why, read_value, refusal, written_once};
use crate::event::signed::{Signed, Unsigned};

/// The roster documents' ids: `roster:000003` is the third.
pub const ROSTER_PREFIX: &str = "roster:";
/// The offers' ids: `deputy:` and the offering key's fingerprint.
pub const OFFER_PREFIX: &str = "deputy:";
/// The most offers a tablet keeps: a flood of them cannot fill it.
pub const MAX_OFFERS: usize = 50;

/// An arbiter of the event besides the chief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deputy {
    pub name: String,
    /// His tablet's key: it signs what he does in any game.
    pub signer: VerifyingKey,
    /// His arbiter's key, when his tablet has one: envelopes are sealed to
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal_to: Option<PublicKey>,
}

impl Deputy {
    /// What his signature covers, each field's length first so that no
    /// two deputies read the same.
    fn message(&self) -> String {
        let seal_to = self
            .seal_to
            .as_ref()
            .map(PublicKey::to_hex)
            .unwrap_or_default();
        format!(
            "{}\0{}\0{}\0{}",
            self.name.len(),
            self.name,
            self.signer.to_hex(),
            seal_to
        )
    }
}

/// The chief arbiter's list of deputies; a higher `number` replaces it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    pub number: u32,
    pub deputies: Vec<Deputy>,
}

impl Roster {
    /// The deputies' signing keys.
    pub fn signers(&self) -> impl Iterator<Item = VerifyingKey> + '_ {
        self.deputies.iter().map(|d| d.signer)
    }

    /// Whether `signer` is a deputy's key.
    #[must_use]
    pub fn names(&self, signer: &VerifyingKey) -> bool {
        self.deputies.iter().any(|d| d.signer == *signer)
    }

    /// The next roster, with `deputy` in it (in place of any with his key).
    #[must_use]
    pub fn with(&self, deputy: Deputy) -> Roster {
        let mut next = self.without(&deputy.signer);
        next.deputies.push(deputy);
        next
    }

    /// The next roster, without the deputy whose key is `signer`.
    #[must_use]
    pub fn without(&self, signer: &VerifyingKey) -> Roster {
        Roster {
            number: self.number + 1,
            deputies: self
                .deputies
                .iter()
                .filter(|d| d.signer != *signer)
                .cloned()
                .collect(),
        }
    }

    /// Whom envelopes are sealed to besides the tablet's own recipients.
    #[must_use]
    pub fn recipients(&self) -> Vec<Recipient> {
        self.deputies
            .iter()
            .filter_map(|d| Some(Recipient::new(&d.name, d.seal_to?)))
            .collect()
    }
}

/// What the chief signs for `roster` of the event in `database`: another
/// event's roster is not this one's.
#[must_use]
pub fn roster_message(database: &str, roster: &Roster) -> Vec<u8> {
    let mut message = format!("arbiter event roster v1\0{database}\0{}", roster.number);
    for deputy in &roster.deputies {
        message.push_str("\0\0");
        message.push_str(&deputy.message());
    }
    message.into_bytes()
}

/// What a tablet signs to offer itself as `deputy` of the event in
/// `database`.
#[must_use]
pub fn offer_message(database: &str, deputy: &Deputy) -> Vec<u8> {
    format!("arbiter deputy offer v1\0{database}\0{}", deputy.message()).into_bytes()
}

/// The id of roster number `number`.
#[must_use]
pub fn roster_doc_id(number: u32) -> String {
    format!("{ROSTER_PREFIX}{number:06}")
}

/// The number a roster document's id names.
#[must_use]
pub fn roster_doc_number(id: &str) -> Option<u32> {
    id.strip_prefix(ROSTER_PREFIX)?.parse().ok()
}

/// A roster as the database keeps it: written once, by the chief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub roster: Roster,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl RosterDoc {
    /// `roster` of the event in `database`, signed by the chief's `key`.
    #[must_use]
    pub fn of(roster: Roster, database: &str, key: &SigningKey) -> RosterDoc {
        RosterDoc {
            id: roster_doc_id(roster.number),
            kind: "roster".into(),
            signed: Some(Signed::by(key, &roster_message(database, &roster))),
            roster,
        }
    }

    /// The document to write: its revision follows from its signature.
    #[must_use]
    pub fn to_value(&self) -> Value {
        written_once(self, self.signed.as_ref())
    }

    /// Reads a revision of a roster the database gave, taken only when
    /// signed by `chief` for the event in `database`.
    pub fn read(
        id: &str,
        value: &RawValue,
        database: &str,
        chief: &VerifyingKey,
    ) -> Result<Roster, Refused> {
        let refuse = refusal(id, value);
        let doc: RosterDoc = read_value(value).map_err(&refuse)?;
        if doc.id != id || roster_doc_id(doc.roster.number) != id {
            return Err(refuse(Why::WrongPlace));
        }
        let signer = Signed::signer_of(doc.signed.as_ref(), &roster_message(database, &doc.roster))
            .map_err(|u| refuse(Why::Unsigned(u)))?;
        if signer != *chief {
            return Err(refuse(Why::NotByTheChief(signer)));
        }
        Ok(doc.roster)
    }
}

/// A tablet's offer to be a deputy: written once, signed by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub deputy: Deputy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl OfferDoc {
    /// `deputy`'s offer for the event in `database`, signed by his tablet's
    /// `key` (the one named in it).
    #[must_use]
    pub fn of(deputy: Deputy, database: &str, key: &SigningKey) -> OfferDoc {
        OfferDoc {
            id: format!("{OFFER_PREFIX}{}", deputy.signer.fingerprint()),
            kind: "deputy".into(),
            signed: Some(Signed::by(key, &offer_message(database, &deputy))),
            deputy,
        }
    }

    #[must_use]
    pub fn to_value(&self) -> Value {
        written_once(self, self.signed.as_ref())
    }

    /// Reads a revision of an offer: taken when signed by the key it
    /// offers, for the event in `database`. Whose key it is, the chief
    /// learns by comparing its code aloud.
    pub fn read(id: &str, value: &RawValue, database: &str) -> Result<Deputy, Refused> {
        let refuse = refusal(id, value);
        let doc: OfferDoc = read_value(value).map_err(&refuse)?;
        if doc.id != id || format!("{OFFER_PREFIX}{}", doc.deputy.signer.fingerprint()) != id {
            return Err(refuse(Why::WrongPlace));
        }
        let signer = Signed::signer_of(doc.signed.as_ref(), &offer_message(database, &doc.deputy))
            .map_err(|u| refuse(Why::Unsigned(u)))?;
        if signer != doc.deputy.signer {
            return Err(refuse(Why::Unsigned(Unsigned::Untrusted(signer))));
        }
        Ok(doc.deputy)
    }
}

/// Of the rosters' revisions `revisions` (id and document), the
/// highest-numbered one the chief signed, if above `known`'s number; the
/// others refused. A roster cannot be rolled back: a lower number is not
/// taken, whoever signed it.
pub fn settle_roster<'a>(
    known: &Roster,
    revisions: impl IntoIterator<Item = (&'a str, &'a RawValue)>,
    database: &str,
    chief: &VerifyingKey,
) -> (Option<Roster>, Vec<Refused>) {
    let mut best: Option<Roster> = None;
    let mut refused = Vec::new();
    for (id, value) in revisions {
        match RosterDoc::read(id, value, database, chief) {
            Ok(roster) => {
                if roster.number > best.as_ref().map_or(known.number, |b| b.number) {
                    best = Some(roster);
                }
            }
            Err(r) => refused.push(r),
        }
    }
    (best, refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::revision::{self, Revision};

    const DB: &str = "open-2026";

    fn key(n: u8) -> SigningKey {
        SigningKey::from_seed([n; 32])
    }

    fn deputy(n: u8) -> Deputy {
        Deputy {
            name: format!("Deputy {n}"),
            signer: key(n).verifying_key(),
            seal_to: None,
        }
    }

    fn stored(doc: &RosterDoc) -> (String, Revision) {
        (doc.id.clone(), revision::of(&doc.to_value()))
    }

    #[test]
    fn the_highest_roster_the_chief_signed_is_taken_and_none_below_what_is_known() {
        let chief = key(1);
        let first = Roster::default().with(deputy(2));
        let second = first.with(deputy(3));
        let docs = [
            stored(&RosterDoc::of(first.clone(), DB, &chief)),
            stored(&RosterDoc::of(second.clone(), DB, &chief)),
        ];
        let revs = || docs.iter().map(|(id, v)| (id.as_str(), &**v));
        let cv = chief.verifying_key();
        assert_eq!(
            settle_roster(&Roster::default(), revs(), DB, &cv),
            (Some(second.clone()), vec![])
        );
        assert_eq!(settle_roster(&second, revs(), DB, &cv), (None, vec![]));
        // A deputy removed: the next number goes on without him.
        let third = second.without(&deputy(2).signer);
        assert_eq!(third.number, 3);
        assert_eq!(third.signers().collect::<Vec<_>>(), [deputy(3).signer]);
    }

    #[test]
    fn a_roster_signed_by_anyone_else_altered_or_of_another_event_is_refused() {
        let chief = key(1).verifying_key();
        let roster = Roster::default().with(deputy(2));
        let by_deputy = stored(&RosterDoc::of(roster.clone(), DB, &key(2)));
        let other_event = stored(&RosterDoc::of(roster.clone(), "other", &key(1)));
        let signed = RosterDoc::of(roster, DB, &key(1));
        let mut altered = signed.to_value();
        altered["deputies"][0]["name"] = "Someone else".into();
        let mut unsigned = signed.to_value();
        unsigned.as_object_mut().unwrap().remove("signed");
        let (altered, unsigned) = (revision::of(&altered), revision::of(&unsigned));
        let revs = [
            (by_deputy.0.as_str(), &*by_deputy.1),
            (other_event.0.as_str(), &*other_event.1),
            (signed.id.as_str(), &*altered),
            (signed.id.as_str(), &*unsigned),
        ];
        let (taken, refused) = settle_roster(&Roster::default(), revs, DB, &chief);
        assert_eq!(taken, None);
        let why: Vec<Why> = refused.into_iter().map(|r| r.why).collect();
        assert_eq!(
            why,
            [
                Why::NotByTheChief(key(2).verifying_key()),
                Why::Unsigned(Unsigned::Invalid),
                Why::Unsigned(Unsigned::Invalid),
                Why::Unsigned(Unsigned::Missing),
            ]
        );
        // Under another number's id: refused for its place.
        let doc = RosterDoc::of(Roster::default().with(deputy(2)), DB, &key(1));
        assert_eq!(
            RosterDoc::read("roster:000002", &revision::of(&doc.to_value()), DB, &chief)
                .map_err(|r| r.why),
            Err(Why::WrongPlace)
        );
    }

    #[test]
    fn an_offer_is_taken_only_signed_by_the_key_it_offers() {
        let offer = OfferDoc::of(deputy(2), DB, &key(2));
        assert_eq!(
            OfferDoc::read(&offer.id, &revision::of(&offer.to_value()), DB),
            Ok(deputy(2))
        );
        let forged = OfferDoc::of(deputy(2), DB, &key(3));
        assert_eq!(
            OfferDoc::read(&forged.id, &revision::of(&forged.to_value()), DB).map_err(|r| r.why),
            Err(Why::Unsigned(Unsigned::Untrusted(key(3).verifying_key())))
        );
        assert_eq!(
            OfferDoc::read(&offer.id, &revision::of(&offer.to_value()), "other").map_err(|r| r.why),
            Err(Why::Unsigned(Unsigned::Invalid))
        );
    }

    #[test]
    fn deputies_with_an_arbiters_key_are_sealed_to() {
        let secret = laws::sealing::arbiter_key::ArbiterSecret::from_seed(&[9; 32]);
        let with_key = Deputy {
            seal_to: Some(secret.public_key()),
            ..deputy(2)
        };
        let roster = Roster::default().with(with_key).with(deputy(3));
        assert_eq!(
            roster.recipients(),
            [Recipient::new("Deputy 2", secret.public_key())]
        );
        // The key sealed to is part of what the chief signs.
        let other = Roster::default().with(deputy(2)).with(deputy(3));
        assert_ne!(roster_message(DB, &roster), roster_message(DB, &other));
    }
}
