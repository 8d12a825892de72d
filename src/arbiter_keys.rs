//! The arbiter's key on this tablet, and the arbiters new envelopes are
//! sealed to. The cryptography is the rules core's (`laws::sealing::arbiter_key`);
//! here: which keys to seal to, storage, and the words.
//!
//! New envelopes are sealed to the recipients set in Settings; with none,
//! to this tablet's own arbiter's key; with neither, under a PIN as the
//! first release did, marked as weaker (an arbiter with one tablet at a club
//! can always adjourn). In an event never under a PIN: the envelope goes
//! to the event's database, which every player's account reads, and four
//! to six digits are soon tried.

use laws::adjournment::SealedEnvelope;
use laws::sealing::arbiter_key::{
    ArbiterSecret, Cost, KeyError, KeyFile, MAX_WAIT_MS, Recipient, TabletKey, UnlockError,
};

use leptos::prelude::*;

use crate::platform::random::{entropy, seed};
use crate::state::{AppState, now_ms, store};
use crate::{t, tf};

/// How a new envelope is sealed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealWith {
    /// To these arbiters' public keys: no PIN is asked, none can open it.
    Keys(Vec<Recipient>),
    /// Under a PIN typed at sealing (weaker: the file can be attacked by
    /// trying every PIN).
    Pin,
    /// Not at all: the tablet is in an event and has no arbiter's key.
    NoKeyInEvent,
}

/// The recipients chosen in Settings; else this tablet's own key; else a
/// PIN, except on a tablet `in_event`.
#[must_use]
pub fn seal_with(recipients: &[Recipient], own: Option<&TabletKey>, in_event: bool) -> SealWith {
    if !recipients.is_empty() {
        SealWith::Keys(recipients.to_vec())
    } else if let Some(own) = own {
        SealWith::Keys(vec![own.key().recipient()])
    } else if in_event {
        SealWith::NoKeyInEvent
    } else {
        SealWith::Pin
    }
}

/// Why a tablet in an event with no arbiter's key seals nothing, and what
/// to do.
#[must_use]
pub fn no_key_in_event_text() -> &'static str {
    t!(
        "This tablet is in an event and has no arbiter's key to seal to: an envelope under a PIN would reach the event's database, where anyone with the players' account could try every PIN. Add the chief arbiter's key in Settings (Seal envelopes to), by joining with his join code, or make the arbiter's key on this tablet; then adjourn.",
        "Ten tablet należy do turnieju i nie ma klucza sędziego, dla którego można pieczętować: koperta pod PIN-em trafiłaby do bazy turnieju, gdzie każdy z kontem zawodników mógłby próbować każdego PIN-u. Dodaj klucz sędziego głównego w Ustawieniach (Pieczętuj koperty dla), dołączając jego kodem, albo utwórz klucz sędziego na tym tablecie; potem odłóż partię."
    )
}

/// Adds `recipient` unless his key is already there.
pub fn add_recipient(list: &mut Vec<Recipient>, recipient: Recipient) -> Result<(), String> {
    if recipient.name.trim().is_empty() {
        return Err(t!("Give the arbiter's name.", "Podaj nazwisko sędziego.").into());
    }
    if list.iter().any(|r| r.public_key == recipient.public_key) {
        return Err(tf!(
            "The key {} is already on the list.",
            "Klucz {} już jest na liście.",
            recipient.fingerprint
        ));
    }
    if list.len() >= laws::adjournment::MAX_RECIPIENTS {
        return Err(t!(
            "An envelope is sealed to at most 8 arbiters.",
            "Kopertę pieczętuje się dla najwyżej 8 sędziów."
        )
        .into());
    }
    list.push(recipient);
    Ok(())
}

/// A key error in the app's language.
#[must_use]
pub fn key_error_text(error: &KeyError) -> String {
    match error {
        KeyError::PinTooShort { min } => tf!(
            "The key's PIN needs at least {min} digits.",
            "PIN klucza musi mieć co najmniej {min} cyfr."
        ),
        KeyError::PassphraseTooShort { min } => tf!(
            "The passphrase needs at least {min} characters.",
            "Hasło musi mieć co najmniej {min} znaków."
        ),
        KeyError::WrongPin => t!(
            "Wrong PIN: the key stays locked.",
            "Błędny PIN: klucz pozostaje zablokowany."
        )
        .into(),
        KeyError::WrongPassphrase => t!(
            "Wrong passphrase: the key stays locked.",
            "Błędne hasło: klucz pozostaje zablokowany."
        )
        .into(),
        KeyError::NotAKey => t!(
            "This is not an arbiter's public key.",
            "To nie jest klucz publiczny sędziego."
        )
        .into(),
        KeyError::FingerprintMismatch { stated, computed } => tf!(
            "The key's fingerprint is {computed}, not {stated}: the text was altered or mistyped.",
            "Odcisk klucza to {computed}, nie {stated}: tekst zmieniono albo źle przepisano."
        ),
        KeyError::Cost(_) | KeyError::Damaged(_) => tf!(
            "The key file cannot be used: {error}",
            "Nie można użyć pliku klucza: {error}"
        ),
        KeyError::NotPinWrapped => t!(
            "This file is protected by a passphrase: import it with the passphrase.",
            "Ten plik chroni hasło: zaimportuj go z hasłem."
        )
        .into(),
    }
}

/// An unlock refusal in the app's language.
#[must_use]
pub fn unlock_error_text(error: &UnlockError) -> String {
    let seconds = |ms: u64| ms.div_ceil(1000);
    match error {
        UnlockError::Wait { ms } => tf!(
            "Too many wrong PINs: wait {} s before trying again.",
            "Zbyt wiele błędnych PIN-ów: odczekaj {} s przed kolejną próbą.",
            seconds(*ms)
        ),
        UnlockError::WrongPin {
            failures,
            wait_ms: 0,
        } => tf!(
            "Wrong PIN ({failures} in a row): the key stays locked.",
            "Błędny PIN ({failures} z rzędu): klucz pozostaje zablokowany."
        ),
        UnlockError::WrongPin { failures, wait_ms } => tf!(
            "Wrong PIN ({failures} in a row): the key stays locked; the next try must wait {} s.",
            "Błędny PIN ({failures} z rzędu): klucz pozostaje zablokowany; następna próba dopiero za {} s.",
            seconds(*wait_ms)
        ),
        UnlockError::Key(e) => key_error_text(e),
    }
}

impl AppState {
    /// This tablet's arbiter's key, if any.
    #[must_use]
    pub fn arbiter_key(&self) -> Option<TabletKey> {
        store().0.load_arbiter_key().ok().flatten()
    }

    /// The arbiters new envelopes are sealed to (Settings).
    #[must_use]
    pub fn recipients(&self) -> Vec<Recipient> {
        store().0.load_recipients().unwrap_or_default()
    }

    /// How a new envelope is sealed on this tablet now: in an event, to the
    /// chief's deputies too.
    #[must_use]
    pub fn seal_with(&self) -> SealWith {
        let in_event = self.settings.with_untracked(|s| s.event.is_some());
        let mut recipients = self.recipients();
        if in_event {
            let deputies = crate::event::couch::record().with_untracked(|r| r.roster.recipients());
            for deputy in deputies {
                // Sealed to once; past the most an envelope holds, the
                // recipients chosen on this tablet come first.
                let _ = add_recipient(&mut recipients, deputy);
            }
        }
        seal_with(&recipients, self.arbiter_key().as_ref(), in_event)
    }

    fn keep_key(&self, key: &TabletKey) -> Result<(), String> {
        store().0.save_arbiter_key(key).map_err(|e| e.to_string())?;
        self.key_changed.update(|n| *n += 1);
        Ok(())
    }

    /// Makes this tablet's arbiter's key pair, wrapped under `pin`.
    pub fn create_arbiter_key(&self, name: &str, pin: &str) -> Result<Recipient, String> {
        self.require_arbiter()?;
        if name.trim().is_empty() {
            return Err(t!("Give the arbiter's name.", "Podaj nazwisko sędziego.").into());
        }
        let secret = ArbiterSecret::from_seed(&seed()?);
        let file = KeyFile::wrap_with_pin(&secret, name, pin, Cost::DEFAULT, entropy()?)
            .map_err(|e| key_error_text(&e))?;
        let key = TabletKey::new(file).map_err(|e| key_error_text(&e))?;
        self.keep_key(&key)?;
        Ok(key.key().recipient())
    }

    /// Unlocks this tablet's key with `pin`; every try is counted and saved.
    pub fn unlock_arbiter_key(&self, pin: &str) -> Result<ArbiterSecret, String> {
        let mut key = self.arbiter_key().ok_or_else(|| {
            t!(
                "This tablet has no arbiter's key: make or import one in Settings.",
                "Ten tablet nie ma klucza sędziego: utwórz go albo zaimportuj w Ustawieniach."
            )
            .to_owned()
        })?;
        let result = key.unlock(pin, now_ms());
        self.keep_key(&key)?;
        result.map_err(|e| unlock_error_text(&e))
    }

    /// The key wrapped under `passphrase`, as a file for another tablet.
    pub fn export_arbiter_key(&self, pin: &str, passphrase: &str) -> Result<String, String> {
        self.require_arbiter()?;
        let mut key = self.arbiter_key().ok_or_else(|| {
            t!(
                "This tablet has no arbiter's key.",
                "Ten tablet nie ma klucza sędziego."
            )
            .to_owned()
        })?;
        let result = key.export(pin, passphrase, now_ms(), entropy()?);
        self.keep_key(&key)?;
        let file = result.map_err(|e| unlock_error_text(&e))?;
        Ok(serde_json::to_string_pretty(&file).expect("a key file serialises"))
    }

    /// Takes a key file exported from another tablet (its passphrase), and
    /// keeps it here wrapped under `pin`.
    pub fn import_arbiter_key(
        &self,
        text: &str,
        passphrase: &str,
        pin: &str,
    ) -> Result<Recipient, String> {
        self.require_arbiter()?;
        let file: KeyFile = serde_json::from_str(text.trim()).map_err(|_| {
            t!(
                "This is not an arbiter's key file.",
                "To nie jest plik klucza sędziego."
            )
            .to_owned()
        })?;
        let secret = file.unwrap(passphrase).map_err(|e| key_error_text(&e))?;
        let wrapped = KeyFile::wrap_with_pin(&secret, &file.name, pin, file.kdf.cost, entropy()?)
            .map_err(|e| key_error_text(&e))?;
        let key = TabletKey::new(wrapped).map_err(|e| key_error_text(&e))?;
        self.keep_key(&key)?;
        Ok(key.key().recipient())
    }

    /// Forgets this tablet's key (envelopes sealed only to it no longer open here).
    pub fn remove_arbiter_key(&self) -> Result<(), String> {
        self.require_arbiter()?;
        store().0.remove_arbiter_key().map_err(|e| e.to_string())?;
        self.key_changed.update(|n| *n += 1);
        Ok(())
    }

    /// Adds an arbiter new envelopes are sealed to (his public key as
    /// exported, or its 64 hex digits with `name`).
    pub fn add_recipient(&self, text: &str, name: &str) -> Result<Recipient, String> {
        self.require_arbiter()?;
        let recipient = Recipient::parse(text, name).map_err(|e| key_error_text(&e))?;
        let mut list = self.recipients();
        add_recipient(&mut list, recipient.clone())?;
        self.keep_recipients(&list)?;
        Ok(recipient)
    }

    pub fn remove_recipient(&self, fingerprint: &str) -> Result<(), String> {
        self.require_arbiter()?;
        let mut list = self.recipients();
        list.retain(|r| r.fingerprint != fingerprint);
        self.keep_recipients(&list)
    }

    fn keep_recipients(&self, list: &[Recipient]) -> Result<(), String> {
        store().0.save_recipients(list).map_err(|e| e.to_string())?;
        self.key_changed.update(|n| *n += 1);
        Ok(())
    }

    /// Opens `sealed` with this tablet's key, unlocked by `pin`.
    pub fn open_with_arbiter_key(
        &self,
        sealed: &SealedEnvelope,
        pin: &str,
    ) -> Result<laws::adjournment::SealedMove, String> {
        let secret = self.unlock_arbiter_key(pin)?;
        sealed
            .open_with_key(&secret)
            .map_err(|e| crate::text::laws_text::sealing::open_error(&e))
    }
}

/// The longest wait, in hours, for the Settings text.
#[must_use]
pub fn max_wait_hours() -> u64 {
    MAX_WAIT_MS / 3_600_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use laws::adjournment::Entropy;

    fn key(seed: u8, name: &str) -> TabletKey {
        let secret = ArbiterSecret::from_seed(&[seed; 32]);
        let entropy = Entropy {
            salt: [1; 16],
            nonce: [2; 12],
        };
        TabletKey::new(KeyFile::wrap_with_pin(&secret, name, "246813", Cost::MIN, entropy).unwrap())
            .unwrap()
    }

    #[test]
    fn recipients_first_then_the_tablets_own_key_then_a_pin_but_never_in_an_event() {
        let own = key(1, "Own");
        let chief = key(2, "Chief").key().recipient();
        for in_event in [false, true] {
            assert_eq!(
                seal_with(std::slice::from_ref(&chief), Some(&own), in_event),
                SealWith::Keys(vec![chief.clone()])
            );
            assert_eq!(
                seal_with(&[], Some(&own), in_event),
                SealWith::Keys(vec![own.key().recipient()])
            );
        }
        assert_eq!(seal_with(&[], None, false), SealWith::Pin);
        assert_eq!(seal_with(&[], None, true), SealWith::NoKeyInEvent);
    }

    /// The backup (Settings) carries every game, envelopes included, and
    /// nothing of the arbiter's key: neither its record nor its wrapped
    /// private key, salt or PIN.
    #[test]
    fn a_backup_never_holds_the_arbiters_key() {
        use laws::adjournment::{AdjournmentEvent, Resumption, SealingDraft};
        use laws::game::{Event, Game, Player, Setup, Side};
        use laws::scoresheet::Entry;

        use crate::adjournment_view::{ArbiterEntries, game_record};
        use crate::storage::{Memory, Store};

        let store = Store::new(Memory::default());
        let own = key(1, "Chief");
        store.save_arbiter_key(&own).unwrap();
        store.save_recipients(&[own.key().recipient()]).unwrap();
        assert_eq!(store.load_recipients().unwrap(), [own.key().recipient()]);

        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1_000);
        game.apply(Event::Recorded(Entry::written("e4")), 2_000)
            .unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
            3_000,
        )
        .unwrap();
        let entries = ArbiterEntries {
            resumption: Resumption {
                date: "2026-11-30".into(),
                time: "10:00".into(),
                venue: "Hall B".into(),
            },
            arbiter: "Chief".into(),
        };
        let outside = game_record(&game, 3_000, &entries).unwrap();
        let mut draft = SealingDraft::new(&outside).unwrap();
        draft
            .write("Nc6", laws::notation::NotationLang::En)
            .unwrap();
        let SealWith::Keys(recipients) =
            seal_with(&store.load_recipients().unwrap(), Some(&own), false)
        else {
            panic!("sealed to keys");
        };
        let sealed = draft
            .seal_to_keys(outside, 3_000, 0, &recipients, [4; 32])
            .unwrap();
        game.apply(
            Event::Adjournment(AdjournmentEvent::Sealed {
                envelope: Box::new(sealed.clone()),
            }),
            3_000,
        )
        .unwrap();
        store.save_game(&game).unwrap();

        let backup = crate::backup::export(&store.load_games().games, 5_000);
        assert!(backup.contains(sealed.fingerprint()));
        let stored_key =
            serde_json::to_string(&store.load_arbiter_key().unwrap().unwrap()).unwrap();
        assert!(stored_key.contains(&own.key().wrapped_private_key));
        for secret in [
            own.key().wrapped_private_key.as_str(),
            own.key().kdf.salt.as_str(),
            "arbiter/v1/arbiter-key",
            "arbiter/v1/recipients",
            "wrapped_private_key",
            "246813",
            "Nc6",
        ] {
            assert!(!backup.contains(secret), "{secret} in the backup");
        }
        // The backup reads back, its envelope sealed to the key.
        let games = crate::backup::parse(&backup).unwrap();
        let play = games[0].fold().unwrap();
        assert_eq!(play.adjournment.envelopes()[0], sealed);
    }

    #[test]
    fn a_recipient_is_added_once_and_named() {
        let chief = key(2, "Chief").key().recipient();
        let mut list = Vec::new();
        add_recipient(&mut list, chief.clone()).unwrap();
        assert!(add_recipient(&mut list, chief.clone()).is_err());
        let mut nameless = key(3, "").key().recipient();
        nameless.name = " ".into();
        assert!(add_recipient(&mut list, nameless).is_err());
        assert_eq!(list, [chief]);
    }
}
