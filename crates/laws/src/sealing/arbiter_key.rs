//! The arbiter's key pair: sealed moves are sealed to his public key
//! ([`SealedEnvelope::seal_to_keys`](crate::adjournment::SealedEnvelope::seal_to_keys)),
//! and only his private key opens them.
//!
//! An X25519 key pair (the KEM of HPKE, RFC 9180) is made from 32 random
//! bytes the caller gives (the app: `crypto.getRandomValues`). The private
//! key never leaves his tablet in the clear: it is stored wrapped
//! ([`KeyFile`]) under a key derived from his PIN by Argon2id, with a limit
//! on tries ([`TabletKey`]). Another tablet gets it only from an explicit
//! export, wrapped under a passphrase of at least
//! [`MIN_PASSPHRASE_LEN`] characters. The public key is shared freely, as a
//! [`Recipient`]: a board tablet needs nothing else to seal for him.
//!
//! ```
//! use laws::adjournment::Entropy;
//! use laws::sealing::arbiter_key::{ArbiterSecret, KeyFile, TabletKey, Cost, UnlockError};
//!
//! let secret = ArbiterSecret::from_seed(&[7; 32]);
//! let entropy = Entropy { salt: [1; 16], nonce: [2; 12] };
//! let file = KeyFile::wrap_with_pin(&secret, "A. Arbiter", "246813", Cost::MIN, entropy).unwrap();
//! let mut on_tablet = TabletKey::new(file).unwrap();
//! assert!(matches!(on_tablet.unlock("111111", 0), Err(UnlockError::WrongPin { .. })));
//! assert_eq!(on_tablet.unlock("246813", 0).unwrap().public_key(), secret.public_key());
//! ```

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use hpke::kem::X25519HkdfSha256;
use hpke::{Deserializable, Kem as _, Serializable};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroizing;

use super::entropy::Entropy;
use crate::encoding::{fingerprint, hex, lower_hex, unhex};

/// The KEM of the envelopes' HPKE suite.
pub(crate) type Kem = X25519HkdfSha256;

/// The format of key files written by this version.
pub const KEY_FILE_VERSION: u32 = 1;
/// The shortest PIN that may wrap the arbiter's key on his tablet.
pub const MIN_KEY_PIN_LEN: usize = 6;
/// The shortest passphrase that may protect an exported key.
pub const MIN_PASSPHRASE_LEN: usize = 12;
/// Wrong PINs allowed before the tablet makes the arbiter wait.
pub const FREE_TRIES: u32 = 3;
/// The first wait, after [`FREE_TRIES`] wrong PINs; it doubles with each
/// further wrong PIN, up to [`MAX_WAIT_MS`].
pub const FIRST_WAIT_MS: u64 = 30_000;
/// The longest wait between two tries.
pub const MAX_WAIT_MS: u64 = 24 * 3_600_000;

const ARGON2ID: &str = "argon2id";
const CIPHER: &str = "aes-256-gcm";

/// An arbiter's X25519 public key: what a board tablet seals to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    #[must_use]
    pub fn from_bytes(bytes: [u8; 32]) -> PublicKey {
        PublicKey(bytes)
    }

    #[must_use]
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The short code the arbiter reads out to whoever adds his key, e.g.
    /// `3F9A-1C2B-77D0-52E1`: the first 64 bits of SHA-256 over the key.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        fingerprint(b"arbiter public key v1\0", &[&self.0])
    }

    /// The key as 64 hex digits.
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hex digits; spaces, dashes and line breaks between them are
    /// allowed (the key as copied from a screen or a printout).
    pub fn from_hex(text: &str) -> Result<PublicKey, KeyError> {
        let digits: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let bytes = unhex(&digits).ok_or(KeyError::NotAKey)?;
        let bytes: [u8; 32] = bytes.try_into().map_err(|_| KeyError::NotAKey)?;
        let key = PublicKey(bytes);
        key.hpke()?;
        Ok(key)
    }

    pub(crate) fn hpke(&self) -> Result<<Kem as hpke::Kem>::PublicKey, KeyError> {
        <Kem as hpke::Kem>::PublicKey::from_bytes(&self.0).map_err(|_| KeyError::NotAKey)
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", self.fingerprint())
    }
}

impl Serialize for PublicKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PublicKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        let bytes = lower_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("a public key is 64 hex digits"))?;
        Ok(PublicKey(bytes))
    }
}

/// Someone an envelope is sealed to: a name and a public key. This is what
/// the arbiter's tablet shows and exports, and what a board tablet stores in
/// its settings; it holds nothing secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recipient {
    pub name: String,
    pub public_key: PublicKey,
    /// [`PublicKey::fingerprint`], written out for the reader of the file;
    /// [`Recipient::parse`] checks it.
    pub fingerprint: String,
}

impl Recipient {
    #[must_use]
    pub fn new(name: &str, public_key: PublicKey) -> Recipient {
        Recipient {
            name: name.trim().to_owned(),
            fingerprint: public_key.fingerprint(),
            public_key,
        }
    }

    /// Reads a recipient as exported (JSON), or a bare public key in hex
    /// (then named `name_if_bare`). A fingerprint that does not match the key
    /// is refused: the text was altered or mistyped.
    pub fn parse(text: &str, name_if_bare: &str) -> Result<Recipient, KeyError> {
        let text = text.trim();
        if text.starts_with('{') {
            let recipient: Recipient = serde_json::from_str(text).map_err(|_| KeyError::NotAKey)?;
            recipient.public_key.hpke()?;
            if recipient.fingerprint != recipient.public_key.fingerprint() {
                return Err(KeyError::FingerprintMismatch {
                    stated: recipient.fingerprint,
                    computed: recipient.public_key.fingerprint(),
                });
            }
            return Ok(recipient);
        }
        Ok(Recipient::new(name_if_bare, PublicKey::from_hex(text)?))
    }

    /// The recipient as a file (and as text to paste).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a recipient serialises")
    }
}

/// The arbiter's key pair, in memory only: unwrapped from a [`KeyFile`] for
/// one opening, or made from random bytes. Its bytes are wiped when dropped.
#[derive(Clone)]
pub struct ArbiterSecret {
    private: Zeroizing<[u8; 32]>,
    public: PublicKey,
}

impl ArbiterSecret {
    /// A new key pair from 32 random bytes (HPKE's `DeriveKeyPair`).
    #[must_use]
    pub fn from_seed(seed: &[u8; 32]) -> ArbiterSecret {
        let (private, _) = Kem::derive_keypair(seed);
        let bytes: [u8; 32] = private
            .to_bytes()
            .as_slice()
            .try_into()
            .expect("an X25519 private key is 32 bytes");
        ArbiterSecret::from_private(Zeroizing::new(bytes))
            .expect("a derived private key is a private key")
    }

    fn from_private(bytes: Zeroizing<[u8; 32]>) -> Result<ArbiterSecret, KeyError> {
        let private = <Kem as hpke::Kem>::PrivateKey::from_bytes(bytes.as_slice())
            .map_err(|_| KeyError::NotAKey)?;
        let public = Kem::sk_to_pk(&private).to_bytes();
        let public = PublicKey(
            public
                .as_slice()
                .try_into()
                .expect("an X25519 public key is 32 bytes"),
        );
        Ok(ArbiterSecret {
            private: bytes,
            public,
        })
    }

    #[must_use]
    pub fn public_key(&self) -> PublicKey {
        self.public
    }

    pub(crate) fn hpke(&self) -> <Kem as hpke::Kem>::PrivateKey {
        <Kem as hpke::Kem>::PrivateKey::from_bytes(self.private.as_slice())
            .expect("checked when made")
    }
}

impl fmt::Debug for ArbiterSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArbiterSecret(public {})", self.public.fingerprint())
    }
}

/// The cost of Argon2id: memory, passes, lanes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
}

impl Cost {
    /// For a new key: 64 MiB, 3 passes, one lane. About 0.3 s natively and
    /// 0.9 s in the app's wasm on this project's machines (docs/performance.md).
    pub const DEFAULT: Cost = Cost {
        memory_kib: 65_536,
        iterations: 3,
        parallelism: 1,
    };
    /// The least a key file may ask for (OWASP's smallest Argon2id
    /// setting is 19 MiB, 2 passes; this is below it only for tests).
    pub const MIN: Cost = Cost {
        memory_kib: 8_192,
        iterations: 1,
        parallelism: 1,
    };
    /// The most a key file may ask for: more would hang a tablet.
    pub const MAX: Cost = Cost {
        memory_kib: 262_144,
        iterations: 10,
        parallelism: 4,
    };

    fn allowed(&self) -> bool {
        (Cost::MIN.memory_kib..=Cost::MAX.memory_kib).contains(&self.memory_kib)
            && (Cost::MIN.iterations..=Cost::MAX.iterations).contains(&self.iterations)
            && (Cost::MIN.parallelism..=Cost::MAX.parallelism).contains(&self.parallelism)
            && self.memory_kib >= 8 * self.parallelism
    }
}

/// How the wrapping key is derived from the PIN or passphrase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Argon2Kdf {
    /// Always `argon2id`.
    pub algorithm: String,
    #[serde(flatten)]
    pub cost: Cost,
    /// Hex, 16 bytes.
    pub salt: String,
}

/// What protects a key file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// The arbiter's PIN: the form kept on his tablet, never exported.
    Pin,
    /// A passphrase of at least [`MIN_PASSPHRASE_LEN`] characters: the file
    /// that carries the key to another tablet.
    Passphrase,
}

/// The arbiter's key pair with its private key wrapped (AES-256-GCM under an
/// Argon2id key of his PIN or passphrase). The public part is in the clear.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyFile {
    pub version: u32,
    pub name: String,
    pub public_key: PublicKey,
    pub fingerprint: String,
    pub protected_by: Protection,
    pub kdf: Argon2Kdf,
    /// Always `aes-256-gcm`.
    pub cipher: String,
    /// Hex, 12 bytes.
    pub nonce: String,
    /// Hex: the 32-byte private key, encrypted, with its tag.
    pub wrapped_private_key: String,
}

impl KeyFile {
    /// Wraps `secret` under `pin` (digits only, at least
    /// [`MIN_KEY_PIN_LEN`]): the form kept on the arbiter's tablet.
    pub fn wrap_with_pin(
        secret: &ArbiterSecret,
        name: &str,
        pin: &str,
        cost: Cost,
        entropy: Entropy,
    ) -> Result<KeyFile, KeyError> {
        if pin.len() < MIN_KEY_PIN_LEN || !pin.chars().all(|c| c.is_ascii_digit()) {
            return Err(KeyError::PinTooShort {
                min: MIN_KEY_PIN_LEN,
            });
        }
        KeyFile::wrap(secret, name, Protection::Pin, pin, cost, entropy)
    }

    /// Wraps `secret` under `passphrase` (at least [`MIN_PASSPHRASE_LEN`]
    /// characters): the file that carries the key to another tablet.
    pub fn wrap_with_passphrase(
        secret: &ArbiterSecret,
        name: &str,
        passphrase: &str,
        cost: Cost,
        entropy: Entropy,
    ) -> Result<KeyFile, KeyError> {
        if passphrase.chars().count() < MIN_PASSPHRASE_LEN {
            return Err(KeyError::PassphraseTooShort {
                min: MIN_PASSPHRASE_LEN,
            });
        }
        KeyFile::wrap(
            secret,
            name,
            Protection::Passphrase,
            passphrase,
            cost,
            entropy,
        )
    }

    fn wrap(
        secret: &ArbiterSecret,
        name: &str,
        protected_by: Protection,
        words: &str,
        cost: Cost,
        entropy: Entropy,
    ) -> Result<KeyFile, KeyError> {
        if !cost.allowed() {
            return Err(KeyError::Cost(cost));
        }
        let mut file = KeyFile {
            version: KEY_FILE_VERSION,
            name: name.trim().to_owned(),
            public_key: secret.public,
            fingerprint: secret.public.fingerprint(),
            protected_by,
            kdf: Argon2Kdf {
                algorithm: ARGON2ID.to_owned(),
                cost,
                salt: hex(&entropy.salt),
            },
            cipher: CIPHER.to_owned(),
            nonce: hex(&entropy.nonce),
            wrapped_private_key: String::new(),
        };
        let key = derive(words, &entropy.salt, cost)?;
        let wrapped = Aes256Gcm::new(key.as_slice().into())
            .encrypt(
                Nonce::from_slice(&entropy.nonce),
                Payload {
                    msg: secret.private.as_slice(),
                    aad: &file.associated_data(),
                },
            )
            .expect("AES-GCM encrypts 32 bytes");
        file.wrapped_private_key = hex(&wrapped);
        Ok(file)
    }

    /// The key pair, if `words` (the PIN or passphrase) is the one it was
    /// wrapped under. Takes one Argon2id derivation.
    pub fn unwrap(&self, words: &str) -> Result<ArbiterSecret, KeyError> {
        let damaged = |what: &str| KeyError::Damaged(what.to_owned());
        if self.version != KEY_FILE_VERSION {
            return Err(damaged("unknown version"));
        }
        if self.kdf.algorithm != ARGON2ID || self.cipher != CIPHER {
            return Err(damaged("unknown key derivation or cipher"));
        }
        if !self.kdf.cost.allowed() {
            return Err(KeyError::Cost(self.kdf.cost));
        }
        if self.fingerprint != self.public_key.fingerprint() {
            return Err(KeyError::FingerprintMismatch {
                stated: self.fingerprint.clone(),
                computed: self.public_key.fingerprint(),
            });
        }
        let salt = unhex(&self.kdf.salt)
            .filter(|s| s.len() >= 8)
            .ok_or_else(|| damaged("salt"))?;
        let nonce: [u8; 12] = unhex(&self.nonce)
            .and_then(|n| n.try_into().ok())
            .ok_or_else(|| damaged("nonce"))?;
        let wrapped = unhex(&self.wrapped_private_key).ok_or_else(|| damaged("wrapped key"))?;
        let key = derive(words, &salt, self.kdf.cost)?;
        let private = Aes256Gcm::new(key.as_slice().into())
            .decrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &wrapped,
                    aad: &self.associated_data(),
                },
            )
            .map_err(|_| match self.protected_by {
                Protection::Pin => KeyError::WrongPin,
                Protection::Passphrase => KeyError::WrongPassphrase,
            })?;
        let private = Zeroizing::new(private);
        let bytes: [u8; 32] = private
            .as_slice()
            .try_into()
            .map_err(|_| damaged("the private key is not 32 bytes"))?;
        let secret = ArbiterSecret::from_private(Zeroizing::new(bytes))?;
        if secret.public != self.public_key {
            return Err(damaged("the private key is not the public key's"));
        }
        Ok(secret)
    }

    /// Whom envelopes sealed for this key name.
    #[must_use]
    pub fn recipient(&self) -> Recipient {
        Recipient::new(&self.name, self.public_key)
    }

    /// Everything but the wrapped key, bound to it: changing the name, the
    /// public key or the cost makes unwrapping fail.
    fn associated_data(&self) -> Vec<u8> {
        serde_json::to_vec(&(
            "arbiter key file",
            self.version,
            &self.name,
            &self.public_key,
            self.protected_by,
            &self.kdf,
        ))
        .expect("a key file serialises")
    }
}

fn derive(words: &str, salt: &[u8], cost: Cost) -> Result<Zeroizing<[u8; 32]>, KeyError> {
    let params = argon2::Params::new(cost.memory_kib, cost.iterations, cost.parallelism, Some(32))
        .map_err(|_| KeyError::Cost(cost))?;
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let mut key = Zeroizing::new([0u8; 32]);
    argon
        .hash_password_into(words.as_bytes(), salt, key.as_mut_slice())
        .map_err(|_| KeyError::Damaged("salt".to_owned()))?;
    Ok(key)
}

/// Wrong PINs so far, and until when the next try must wait. Kept with the
/// wrapped key, so a reload does not reset it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinTries {
    pub failures: u32,
    pub wait_until_ms: u64,
}

impl PinTries {
    /// The wait after the `failures`-th wrong PIN in a row.
    #[must_use]
    pub fn wait_after(failures: u32) -> u64 {
        if failures < FREE_TRIES {
            return 0;
        }
        let doublings = (failures - FREE_TRIES).min(32);
        FIRST_WAIT_MS
            .saturating_mul(1u64 << doublings)
            .min(MAX_WAIT_MS)
    }

    /// One try of a PIN at `now_ms`; `opens` tells whether it is right
    /// ([`KeyError::WrongPin`] when not). While a wait runs, nothing is
    /// tried. A wrong PIN is counted, and from the [`FREE_TRIES`]-th on each
    /// one makes the next wait, twice as long each time; a right PIN resets
    /// the count. Keep `self` after every try, so a reload does not reset it.
    ///
    /// ```
    /// use laws::sealing::arbiter_key::{FIRST_WAIT_MS, FREE_TRIES, KeyError, PinTries, UnlockError};
    ///
    /// let mut tries = PinTries::default();
    /// let wrong = || Err::<(), _>(KeyError::WrongPin);
    /// for _ in 1..FREE_TRIES {
    ///     assert!(matches!(tries.attempt(0, wrong), Err(UnlockError::WrongPin { wait_ms: 0, .. })));
    /// }
    /// assert!(matches!(tries.attempt(0, wrong), Err(UnlockError::WrongPin { wait_ms: FIRST_WAIT_MS, .. })));
    /// // Even the right PIN waits.
    /// assert!(matches!(tries.attempt(1_000, || Ok(())), Err(UnlockError::Wait { .. })));
    /// assert_eq!(tries.attempt(FIRST_WAIT_MS, || Ok(())), Ok(()));
    /// assert_eq!(tries, PinTries::default());
    /// ```
    pub fn attempt<T>(
        &mut self,
        now_ms: u64,
        opens: impl FnOnce() -> Result<T, KeyError>,
    ) -> Result<T, UnlockError> {
        let wait = self.wait_until_ms.saturating_sub(now_ms);
        if wait > 0 {
            return Err(UnlockError::Wait { ms: wait });
        }
        match opens() {
            Ok(opened) => {
                *self = PinTries::default();
                Ok(opened)
            }
            Err(KeyError::WrongPin) => {
                let failures = self.failures.saturating_add(1);
                let wait_ms = PinTries::wait_after(failures);
                *self = PinTries {
                    failures,
                    wait_until_ms: now_ms.saturating_add(wait_ms),
                };
                Err(UnlockError::WrongPin { failures, wait_ms })
            }
            Err(e) => Err(UnlockError::Key(e)),
        }
    }
}

/// The arbiter's key as his tablet keeps it: wrapped under his PIN, with the
/// count of wrong PINs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TabletKey {
    key: KeyFile,
    #[serde(default)]
    tries: PinTries,
}

impl TabletKey {
    /// Keeps a PIN-wrapped key (a passphrase-wrapped one is for export).
    pub fn new(key: KeyFile) -> Result<TabletKey, KeyError> {
        if key.protected_by != Protection::Pin {
            return Err(KeyError::NotPinWrapped);
        }
        Ok(TabletKey {
            key,
            tries: PinTries::default(),
        })
    }

    #[must_use]
    pub fn key(&self) -> &KeyFile {
        &self.key
    }

    #[must_use]
    pub fn tries(&self) -> PinTries {
        self.tries
    }

    /// How long the arbiter must still wait before the next try.
    #[must_use]
    pub fn wait_ms(&self, now_ms: u64) -> u64 {
        self.tries.wait_until_ms.saturating_sub(now_ms)
    }

    /// Unwraps the key with `pin` at `now_ms`. A wrong PIN is counted (save
    /// the record after every try); from the [`FREE_TRIES`]-th on, each one
    /// makes the next wait, twice as long each time. A right PIN resets it.
    pub fn unlock(&mut self, pin: &str, now_ms: u64) -> Result<ArbiterSecret, UnlockError> {
        let key = &self.key;
        self.tries.attempt(now_ms, || key.unwrap(pin))
    }

    /// The key re-wrapped under a passphrase, for another tablet. Needs the
    /// PIN (counted as any try).
    pub fn export(
        &mut self,
        pin: &str,
        passphrase: &str,
        now_ms: u64,
        entropy: Entropy,
    ) -> Result<KeyFile, UnlockError> {
        if passphrase.chars().count() < MIN_PASSPHRASE_LEN {
            return Err(UnlockError::Key(KeyError::PassphraseTooShort {
                min: MIN_PASSPHRASE_LEN,
            }));
        }
        let secret = self.unlock(pin, now_ms)?;
        KeyFile::wrap_with_passphrase(
            &secret,
            &self.key.name,
            passphrase,
            self.key.kdf.cost,
            entropy,
        )
        .map_err(UnlockError::Key)
    }
}

/// Why a key could not be made, read or unwrapped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    PinTooShort {
        min: usize,
    },
    PassphraseTooShort {
        min: usize,
    },
    WrongPin,
    WrongPassphrase,
    /// Not a public key (64 hex digits of an X25519 key) or key file.
    NotAKey,
    FingerprintMismatch {
        stated: String,
        computed: String,
    },
    /// An Argon2id cost outside [`Cost::MIN`]..[`Cost::MAX`].
    Cost(Cost),
    /// A key file for export, not the PIN-wrapped form a tablet keeps.
    NotPinWrapped,
    Damaged(String),
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::PinTooShort { min } => {
                write!(f, "the key's PIN must have at least {min} digits")
            }
            KeyError::PassphraseTooShort { min } => {
                write!(f, "the passphrase must have at least {min} characters")
            }
            KeyError::WrongPin => f.write_str("wrong PIN: the key stays locked"),
            KeyError::WrongPassphrase => f.write_str("wrong passphrase: the key stays locked"),
            KeyError::NotAKey => f.write_str("not an arbiter's public key"),
            KeyError::FingerprintMismatch { stated, computed } => write!(
                f,
                "the key's fingerprint is {computed}, not {stated}: the text was altered or mistyped"
            ),
            KeyError::Cost(cost) => write!(
                f,
                "an Argon2id cost of {} KiB, {} passes, {} lanes is outside what is allowed",
                cost.memory_kib, cost.iterations, cost.parallelism
            ),
            KeyError::NotPinWrapped => {
                f.write_str("this key file is protected by a passphrase, not by a PIN")
            }
            KeyError::Damaged(what) => write!(f, "the key file is damaged: {what}"),
        }
    }
}

impl std::error::Error for KeyError {}

/// Why the tablet's key did not unlock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnlockError {
    /// Too many wrong PINs: try again in `ms`.
    Wait {
        ms: u64,
    },
    /// Wrong PIN, the `failures`-th in a row; the next try waits `wait_ms`.
    WrongPin {
        failures: u32,
        wait_ms: u64,
    },
    Key(KeyError),
}

impl fmt::Display for UnlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnlockError::Wait { ms } => write!(
                f,
                "too many wrong PINs: wait {} s before the next try",
                ms.div_ceil(1000)
            ),
            UnlockError::WrongPin { failures, wait_ms } => {
                write!(f, "wrong PIN ({failures} in a row)")?;
                if *wait_ms > 0 {
                    write!(f, "; wait {} s before the next try", wait_ms.div_ceil(1000))?;
                }
                Ok(())
            }
            UnlockError::Key(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UnlockError {}
