//! Who wrote a document of the event, and whether a tablet takes it.
//!
//! Every document a tablet writes is signed by its own key ([`Signed`]).
//! A game's setup names its board: the key that signed it. An entry or a
//! choice at a fork is taken only when signed by that board or by one of
//! the event's arbiters ([`Trust`]), whose key each tablet confirmed aloud
//! when it joined. The server's guard keeps honest tablets apart; the
//! signatures hold where the server is wrong, compromised or replaced.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use laws::signing::{Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::tf;

/// How many good signatures [`CHECKED`] keeps before starting again.
const CHECKED_KEPT: usize = 4096;

thread_local! {
    /// Signatures found good, each with its signer and message: a game's
    /// setup is checked again at every page of the feed that names the
    /// game, and a tablet joining reads hundreds of pages' worth of games
    /// (each check is a curve multiplication).
    static CHECKED: RefCell<HashMap<Signature, (VerifyingKey, Vec<u8>)>> =
        RefCell::new(HashMap::new());
}

/// A document's signer and signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signed {
    pub signer: VerifyingKey,
    pub signature: Signature,
}

impl Signed {
    /// `message` signed by `key`.
    #[must_use]
    pub fn by(key: &SigningKey, message: &[u8]) -> Signed {
        Signed {
            signer: key.verifying_key(),
            signature: key.sign(message),
        }
    }

    /// Whose signature over `message` `signed` is, whoever that is: a
    /// game's setup is signed by the board it names.
    pub fn signer_of(signed: Option<&Signed>, message: &[u8]) -> Result<VerifyingKey, Unsigned> {
        let signed = signed.ok_or(Unsigned::Missing)?;
        let checked = CHECKED.with_borrow(|checked| {
            checked
                .get(&signed.signature)
                .is_some_and(|(signer, checked)| *signer == signed.signer && checked == message)
        });
        if !checked {
            signed
                .signer
                .verify(message, &signed.signature)
                .map_err(|_| Unsigned::Invalid)?;
            CHECKED.with_borrow_mut(|checked| {
                if checked.len() >= CHECKED_KEPT {
                    checked.clear();
                }
                checked.insert(signed.signature, (signed.signer, message.to_vec()));
            });
        }
        Ok(signed.signer)
    }

    /// Whose signature over `message` `signed` is, when it is one `trust`
    /// takes.
    pub fn check(
        signed: Option<&Signed>,
        message: &[u8],
        trust: &Trust,
    ) -> Result<VerifyingKey, Unsigned> {
        let signer = Signed::signer_of(signed, message)?;
        if trust.allows(&signer) {
            Ok(signer)
        } else {
            Err(Unsigned::Untrusted(signer))
        }
    }
}

/// The keys a tablet takes one game's documents from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trust {
    /// The key the game's setup names; none before its setup is read.
    pub board: Option<VerifyingKey>,
    /// The event's arbiters: the chief arbiter's key, confirmed on joining,
    /// and his deputies' from the roster he signed.
    pub arbiters: Vec<VerifyingKey>,
}

impl Trust {
    #[must_use]
    pub fn allows(&self, signer: &VerifyingKey) -> bool {
        self.board.as_ref() == Some(signer) || self.arbiters.contains(signer)
    }

    /// The same arbiters for game whose setup is signed by `board`.
    #[must_use]
    pub fn for_board(&self, board: Option<VerifyingKey>) -> Trust {
        Trust {
            board,
            arbiters: self.arbiters.clone(),
        }
    }
}

/// Why a signed document is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "signer", rename_all = "snake_case")]
pub enum Unsigned {
    /// It carries no signature (written by hand, or before signatures).
    Missing,
    /// The signature is not its signer's over this document.
    Invalid,
    /// Signed by a key that is neither the game's board's nor an arbiter's.
    Untrusted(VerifyingKey),
}

impl fmt::Display for Unsigned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Unsigned::Missing => tf!("it is not signed", "nie jest podpisany"),
            Unsigned::Invalid => tf!(
                "its signature does not match it (altered after signing)",
                "jego podpis do niego nie pasuje (zmieniony po podpisaniu)"
            ),
            Unsigned::Untrusted(signer) => tf!(
                "it is signed by key {}, neither the board's nor an arbiter's of the event",
                "podpisał go klucz {}, ani tej szachownicy, ani sędziego zawodów",
                signer.fingerprint()
            ),
        })
    }
}

/// What the board signs for game `game`'s setup: its content, as written.
#[must_use]
pub fn setup_message(game: &str, created_ms: u64, setup_json: &str) -> Vec<u8> {
    format!("arbiter game setup v1\0{game}\0{created_ms}\0{setup_json}").into_bytes()
}

/// What is signed for game `game`'s entry at `index` whose chain hash is
/// `hash`: the hash covers its time, its event and the entry before; the
/// game and the place keep it from being replayed elsewhere.
#[must_use]
pub fn entry_message(game: &str, index: usize, hash: &str) -> Vec<u8> {
    format!("arbiter event entry v1\0{game}\0{index}\0{hash}").into_bytes()
}

/// What is signed for the arbiter's choice at game `game`'s fork at `index`.
#[must_use]
pub fn choice_message(game: &str, index: usize, chosen: &str, at_ms: u64) -> Vec<u8> {
    format!("arbiter fork choice v1\0{game}\0{index}\0{chosen}\0{at_ms}").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_taken_only_signed_by_its_board_or_an_arbiter() {
        let board = SigningKey::from_seed([1; 32]);
        let chief = SigningKey::from_seed([2; 32]);
        let other = SigningKey::from_seed([3; 32]);
        let trust = Trust {
            board: Some(board.verifying_key()),
            arbiters: vec![chief.verifying_key()],
        };
        let message = entry_message("board1~a-0000", 4, "ab12");
        for key in [&board, &chief] {
            let signed = Signed::by(key, &message);
            assert_eq!(
                Signed::check(Some(&signed), &message, &trust),
                Ok(key.verifying_key())
            );
            // The same signature elsewhere in the game, or in another game.
            for elsewhere in [
                entry_message("board1~a-0000", 5, "ab12"),
                entry_message("board2~a-0000", 4, "ab12"),
            ] {
                assert_eq!(
                    Signed::check(Some(&signed), &elsewhere, &trust),
                    Err(Unsigned::Invalid)
                );
            }
        }
        let by_other = Signed::by(&other, &message);
        assert_eq!(
            Signed::check(Some(&by_other), &message, &trust),
            Err(Unsigned::Untrusted(other.verifying_key()))
        );
        assert_eq!(
            Signed::signer_of(Some(&by_other), &message),
            Ok(other.verifying_key()),
            "a setup names its own board"
        );
        assert_eq!(
            Signed::check(None, &message, &trust),
            Err(Unsigned::Missing)
        );
        // A signature found good before is good only for its own signer
        // and message.
        let signed = Signed::by(&board, &message);
        assert!(Signed::signer_of(Some(&signed), &message).is_ok());
        let elsewhere = entry_message("board1~a-0000", 5, "ab12");
        assert_eq!(
            Signed::signer_of(Some(&signed), &elsewhere),
            Err(Unsigned::Invalid)
        );
        let claimed = Signed {
            signer: chief.verifying_key(),
            ..signed
        };
        assert_eq!(
            Signed::signer_of(Some(&claimed), &message),
            Err(Unsigned::Invalid)
        );
        let words = Unsigned::Untrusted(other.verifying_key()).to_string();
        assert!(
            words.contains(&other.verifying_key().fingerprint()),
            "{words}"
        );
    }
}
