//! The sealed move: written and changeable until the clock is stopped (A1),
//! then secret and tamper-evident until the envelope is opened (A3, A7).
//!
//! The move is encrypted with AES-256-GCM; the plain outside of the
//! envelope is the associated data, so altering any field of it makes
//! opening fail. The key comes one of two ways:
//!
//! - **sealed to the arbiters' public keys** ([`SealedEnvelope::seal_to_keys`],
//!   the `"seal": {"hpke": ...}` form): a fresh random content key encrypts
//!   the move, and HPKE (RFC 9180: DHKEM X25519 HKDF-SHA256, HKDF-SHA256,
//!   AES-256-GCM) wraps that content key for each recipient, who opens it
//!   alone with his private key. The file holds nothing derived from a PIN:
//!   no guess at a PIN can open it;
//! - **under a PIN** ([`SealedEnvelope::seal`], the `"kdf"` form of the first
//!   release): the key is PBKDF2-HMAC-SHA256 of the arbiter's PIN. Still
//!   opened, and re-sealed to a key on request, but weak: anyone with the
//!   file can try every PIN.
//!
//! The fingerprint, a short code from SHA-256 over every field including the
//! ciphertext, is shown and printed at sealing: a recomputed code that
//! differs tells "tampered" apart from "wrong PIN" or "not your key", which
//! AES-GCM alone cannot.

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use shakmaty::{Chess, Move, Position};

use hpke::aead::AesGcm256;
use hpke::kdf::HkdfSha256;
use hpke::{Deserializable, OpModeR, OpModeS, Serializable};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use zeroize::Zeroizing;

use super::arbiter_key::{ArbiterSecret, Kem, PublicKey, Recipient};
use crate::encoding::{hex, unhex};
use crate::envelope::{Envelope, EnvelopeError};
use crate::notation::{NotationLang, write};

/// PBKDF2 rounds for a new envelope: about a tenth of a second in wasm on a tablet.
pub const DEFAULT_ITERATIONS: u32 = 150_000;
/// Fewer rounds than this make a PIN too easy to try exhaustively.
pub const MIN_ITERATIONS: u32 = 10_000;
/// More than this is not an envelope we made (and would hang the tablet).
pub const MAX_ITERATIONS: u32 = 10_000_000;
/// The shortest PIN accepted.
pub const MIN_PIN_LEN: usize = 4;

/// What the sealer wrote: the only secret on the envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedMove {
    /// The move as written, in the sealer's notation.
    pub text: String,
    /// The language of the notation (`en`, `de`, `pl`... in JSON).
    pub lang: NotationLang,
}

pub use super::entropy::Entropy;

/// A1a: the move being sealed. The text can be changed until the player stops
/// his clock, which [`seal`](SealingDraft::seal)s it; sealing consumes the
/// draft, so nothing can change afterwards. The draft is never logged.
///
/// ```
/// use laws::adjournment::{Entropy, SealingDraft, MIN_ITERATIONS};
/// use laws::notation::NotationLang;
/// # use laws::adjournment::{Envelope, Resumption, TimeUsed};
/// # use laws::game::Side;
/// # let outside = Envelope {
/// #     event: "Club ch.".into(), round: "3".into(), board: "1".into(), arbiter: "A. Arbiter".into(),
/// #     white: "White".into(), black: "Black".into(),
/// #     fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
/// #     moves: vec!["e4".into()], time_used: TimeUsed { white_ms: 1000, black_ms: 0 },
/// #     sealer: Side::Black, move_number: 1, draw_offer: None,
/// #     resumption: Resumption { date: "2026-11-30".into(), time: "10:00".into(), venue: "Hall".into() },
/// #     replies_to: None,
/// # };
/// let mut draft = SealingDraft::new(&outside).unwrap();
/// draft.write("e5", NotationLang::En).unwrap();
/// draft.write("c5", NotationLang::En).unwrap(); // changed his mind: allowed until the clock stops
/// let entropy = Entropy { salt: [7; 16], nonce: [9; 12] };
/// let sealed = draft.seal(outside, 5_000, 5_000, "2468", MIN_ITERATIONS, entropy).unwrap();
/// assert_eq!(sealed.open("2468").unwrap().text, "c5");
/// assert!(!serde_json::to_string(&sealed).unwrap().contains("c5"));
/// ```
#[derive(Debug, Clone)]
pub struct SealingDraft {
    position: Chess,
    written: Option<SealedMove>,
    made_on_board: bool,
}

impl SealingDraft {
    /// Starts sealing in the position before the sealed move (A2b).
    pub fn new(outside: &Envelope) -> Result<SealingDraft, EnvelopeError> {
        Ok(SealingDraft {
            position: outside.position()?,
            written: None,
            made_on_board: false,
        })
    }

    /// The player writes (or rewrites) his move, as on paper, in his language.
    pub fn write(&mut self, text: &str, lang: NotationLang) -> Result<(), SealingError> {
        if self.made_on_board {
            return Err(SealingError::MadeOnBoard);
        }
        self.written = Some(SealedMove {
            text: text.to_owned(),
            lang,
        });
        Ok(())
    }

    /// The player chooses the move on a board: it is written for him in
    /// unambiguous notation (SAN in his language).
    pub fn choose(&mut self, mv: &Move, lang: NotationLang) -> Result<(), SealingError> {
        if !self.position.is_legal(*mv) {
            return Err(SealingError::NotLegalOnBoard);
        }
        let written = write(&self.position, mv, lang);
        self.write(&written, lang)
    }

    /// A1a: after being told to seal, the player made a move on the
    /// chessboard: that same move is his sealed move and can no longer change.
    pub fn played_on_board(&mut self, mv: &Move, lang: NotationLang) -> Result<(), SealingError> {
        self.choose(mv, lang)?;
        self.made_on_board = true;
        Ok(())
    }

    /// The move as written so far (shown only to the sealer).
    #[must_use]
    pub fn written(&self) -> Option<&SealedMove> {
        self.written.as_ref()
    }

    /// The player stops his clock at `now_ms`: the move is sealed in `outside`.
    /// A1b: sealing before the nominal end of the session (`session_end_ms`)
    /// charges the sealer's time up to that end.
    pub fn seal(
        self,
        mut outside: Envelope,
        now_ms: u64,
        session_end_ms: u64,
        pin: &str,
        iterations: u32,
        entropy: Entropy,
    ) -> Result<SealedEnvelope, SealError> {
        let written = self.written.ok_or(SealError::NothingWritten)?;
        outside.time_used =
            outside
                .time_used
                .charged_to_session_end(outside.sealer, now_ms, session_end_ms);
        SealedEnvelope::seal(outside, &written, pin, iterations, entropy)
    }

    /// As [`seal`](SealingDraft::seal), but sealed to the arbiters' public
    /// keys: `seed` is 32 fresh random bytes.
    pub fn seal_to_keys(
        self,
        mut outside: Envelope,
        now_ms: u64,
        session_end_ms: u64,
        recipients: &[Recipient],
        seed: [u8; 32],
    ) -> Result<SealedEnvelope, SealError> {
        let written = self.written.ok_or(SealError::NothingWritten)?;
        outside.time_used =
            outside
                .time_used
                .charged_to_session_end(outside.sealer, now_ms, session_end_ms);
        SealedEnvelope::seal_to_keys(outside, &written, recipients, seed)
    }
}

/// A change to the sealed move that A1a does not allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealingError {
    /// The move was made on the board after the arbiter asked for sealing.
    MadeOnBoard,
    /// A move chosen on the board must be legal there.
    NotLegalOnBoard,
}

impl fmt::Display for SealingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SealingError::MadeOnBoard => {
                "A1a: the move was made on the chessboard after sealing was required; it is the sealed move"
            }
            SealingError::NotLegalOnBoard => "the move chosen on the board is not legal in the position",
        })
    }
}

impl std::error::Error for SealingError {}

/// How the key is derived from the PIN (stored, so it can change later).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kdf {
    /// Always `pbkdf2-hmac-sha256` for now.
    pub algorithm: String,
    pub iterations: u32,
    /// Hex.
    pub salt: String,
}

const PBKDF2: &str = "pbkdf2-hmac-sha256";
const CIPHER: &str = "aes-256-gcm";
/// The HPKE suite of envelopes sealed to keys.
pub const HPKE_SUITE: &str = "x25519-hkdf-sha256/hkdf-sha256/aes-256-gcm";
/// HPKE's `info`: binds every wrapped content key to this use.
const HPKE_INFO: &[u8] = b"arbiter sealed-move envelope v1";
/// More recipients than this is not an envelope we made.
pub const MAX_RECIPIENTS: usize = 8;

/// How the content key of an envelope sealed to keys is given to each of
/// its recipients (`"seal": {"hpke": ...}` in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeySeal {
    Hpke(HpkeSeal),
}

/// HPKE (RFC 9180, base mode) of the envelope's content key, once per recipient.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HpkeSeal {
    /// Always [`HPKE_SUITE`].
    pub suite: String,
    pub recipients: Vec<SealedFor>,
}

/// One recipient of an envelope: who, and the content key wrapped for him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedFor {
    pub name: String,
    /// The public key's fingerprint, as the arbiter reads it out.
    pub key_id: String,
    pub public_key: PublicKey,
    /// Hex: HPKE's encapsulated key (32 bytes).
    pub enc: String,
    /// Hex: the content key, HPKE-sealed (32 bytes and a 16-byte tag).
    pub wrapped_key: String,
}

/// An envelope as kept by the arbiter and exported: the plain outside (A2),
/// how its key is kept (a PIN's `kdf`, or the recipients' `seal`), the
/// encrypted sealed move, and the fingerprint of all of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedEnvelope {
    envelope: Envelope,
    /// Sealed under a PIN (the first release's envelopes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kdf: Option<Kdf>,
    /// Sealed to the arbiters' public keys: a [`KeySeal`], kept as JSON
    /// (its keys in sorted order) and read only when the envelope is opened,
    /// so reading a game log does not carry its reader (the page's first
    /// load is size-budgeted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal: Option<serde_json::Value>,
    /// Always `aes-256-gcm` for now.
    cipher: String,
    /// Hex.
    nonce: String,
    /// Hex; the sealed move as JSON, encrypted.
    ciphertext: String,
    /// Short code from SHA-256 over every field above, e.g. `3F9A-1C2B-77D0`.
    fingerprint: String,
}

impl SealedEnvelope {
    /// Seals `sealed_move` under `pin` with the caller's random bytes.
    pub fn seal(
        envelope: Envelope,
        sealed_move: &SealedMove,
        pin: &str,
        iterations: u32,
        entropy: Entropy,
    ) -> Result<SealedEnvelope, SealError> {
        envelope.position().map_err(SealError::Envelope)?;
        if sealed_move.text.trim().is_empty() {
            return Err(SealError::NothingWritten);
        }
        if pin.chars().count() < MIN_PIN_LEN {
            return Err(SealError::PinTooShort { min: MIN_PIN_LEN });
        }
        if !(MIN_ITERATIONS..=MAX_ITERATIONS).contains(&iterations) {
            return Err(SealError::Iterations { given: iterations });
        }
        let kdf = Kdf {
            algorithm: PBKDF2.to_owned(),
            iterations,
            salt: hex(&entropy.salt),
        };
        let plaintext = serde_json::to_vec(sealed_move).expect("a sealed move serialises");
        let aad = associated_data(&envelope, &kdf);
        let cipher = Aes256Gcm::new(&derive_key(pin, &entropy.salt, iterations));
        let ciphertext = cipher
            .encrypt(
                Nonce::from_slice(&entropy.nonce),
                Payload {
                    msg: &plaintext,
                    aad: &aad,
                },
            )
            .expect("AES-GCM encrypts any message of a sealed move's size");
        let mut sealed = SealedEnvelope {
            envelope,
            kdf: Some(kdf),
            seal: None,
            cipher: CIPHER.to_owned(),
            nonce: hex(&entropy.nonce),
            ciphertext: hex(&ciphertext),
            fingerprint: String::new(),
        };
        sealed.fingerprint = sealed.computed_fingerprint();
        Ok(sealed)
    }

    /// The plain outside of the envelope.
    #[must_use]
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }

    /// The short code shown and printed at sealing.
    #[must_use]
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Whether `code` (as read off the printout; case, spaces and dashes
    /// do not matter) is this envelope's fingerprint.
    #[must_use]
    pub fn has_fingerprint(&self, code: &str) -> bool {
        let plain = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_uppercase())
                .collect()
        };
        plain(code) == plain(&self.fingerprint)
    }

    /// Checks that nothing was altered since sealing.
    pub fn check_fingerprint(&self) -> Result<(), OpenError> {
        let computed = self.computed_fingerprint();
        if computed == self.fingerprint {
            Ok(())
        } else {
            Err(OpenError::Tampered {
                recorded: self.fingerprint.clone(),
                computed,
            })
        }
    }

    /// Opens the envelope with the arbiter's PIN: "tampered" if anything was
    /// altered, "wrong PIN" if not but the PIN does not open it.
    pub fn open(&self, pin: &str) -> Result<SealedMove, OpenError> {
        self.check_fingerprint()?;
        let corrupt = |what: &str| OpenError::Unreadable(what.to_owned());
        let kdf = match (&self.kdf, &self.seal) {
            (Some(kdf), None) => kdf,
            (None, Some(_)) => return Err(OpenError::SealedToKeys),
            _ => return Err(corrupt("neither a PIN's nor a key's envelope")),
        };
        if kdf.algorithm != PBKDF2 || self.cipher != CIPHER {
            return Err(corrupt("unknown key derivation or cipher"));
        }
        if !(MIN_ITERATIONS..=MAX_ITERATIONS).contains(&kdf.iterations) {
            return Err(corrupt("key derivation rounds out of range"));
        }
        let salt = unhex(&kdf.salt).ok_or_else(|| corrupt("salt is not hex"))?;
        let nonce: [u8; 12] = unhex(&self.nonce)
            .and_then(|n| n.try_into().ok())
            .ok_or_else(|| corrupt("nonce is not 12 bytes of hex"))?;
        let ciphertext = unhex(&self.ciphertext).ok_or_else(|| corrupt("ciphertext is not hex"))?;
        let aad = associated_data(&self.envelope, kdf);
        let cipher = Aes256Gcm::new(&derive_key(pin, &salt, kdf.iterations));
        let plaintext = cipher
            .decrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &ciphertext,
                    aad: &aad,
                },
            )
            .map_err(|_| OpenError::WrongPin)?;
        serde_json::from_slice(&plaintext)
            .map_err(|_| corrupt("the sealed move is not one we wrote"))
    }

    /// A3: the arbiter corrects the outside before verification; the same
    /// sealed move is sealed again (new salt and nonce, new fingerprint).
    pub fn amend(
        &self,
        pin: &str,
        envelope: Envelope,
        entropy: Entropy,
    ) -> Result<SealedEnvelope, AmendError> {
        let sealed_move = self.open(pin).map_err(AmendError::Open)?;
        let iterations = self
            .kdf
            .as_ref()
            .map_or(DEFAULT_ITERATIONS, |kdf| kdf.iterations);
        SealedEnvelope::seal(envelope, &sealed_move, pin, iterations, entropy)
            .map_err(AmendError::Seal)
    }

    /// Seals `sealed_move` to every recipient's public key, each able to open
    /// it alone. `seed` (32 fresh random bytes) gives the content key, the
    /// nonce and HPKE's ephemeral keys.
    pub fn seal_to_keys(
        envelope: Envelope,
        sealed_move: &SealedMove,
        recipients: &[Recipient],
        seed: [u8; 32],
    ) -> Result<SealedEnvelope, SealError> {
        envelope.position().map_err(SealError::Envelope)?;
        if sealed_move.text.trim().is_empty() {
            return Err(SealError::NothingWritten);
        }
        let mut unique: Vec<&Recipient> = Vec::new();
        for recipient in recipients {
            if !unique.iter().any(|r| r.public_key == recipient.public_key) {
                unique.push(recipient);
            }
        }
        if unique.is_empty() {
            return Err(SealError::NoRecipient);
        }
        if unique.len() > MAX_RECIPIENTS {
            return Err(SealError::TooManyRecipients {
                max: MAX_RECIPIENTS,
            });
        }
        let mut rng = ChaCha20Rng::from_seed(seed);
        let mut content_key = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(content_key.as_mut_slice());
        let mut nonce = [0u8; 12];
        rng.fill_bytes(&mut nonce);
        let mut sealed_for = Vec::with_capacity(unique.len());
        for recipient in unique {
            let key_id = recipient.public_key.fingerprint();
            let public = recipient
                .public_key
                .hpke()
                .map_err(|_| SealError::BadKey(key_id.clone()))?;
            let (enc, wrapped) = hpke::single_shot_seal::<AesGcm256, HkdfSha256, Kem, _>(
                &OpModeS::Base,
                &public,
                HPKE_INFO,
                content_key.as_slice(),
                &recipient_aad(&envelope, &key_id),
                &mut rng,
            )
            .map_err(|_| SealError::BadKey(key_id.clone()))?;
            sealed_for.push(SealedFor {
                name: recipient.name.clone(),
                key_id,
                public_key: recipient.public_key,
                enc: hex(&enc.to_bytes()),
                wrapped_key: hex(&wrapped),
            });
        }
        let seal = serde_json::to_value(KeySeal::Hpke(HpkeSeal {
            suite: HPKE_SUITE.to_owned(),
            recipients: sealed_for,
        }))
        .expect("a seal serialises");
        let plaintext = serde_json::to_vec(sealed_move).expect("a sealed move serialises");
        let ciphertext = Aes256Gcm::new(content_key.as_slice().into())
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &plaintext,
                    aad: &associated_data(&envelope, &seal),
                },
            )
            .expect("AES-GCM encrypts any message of a sealed move's size");
        let mut sealed = SealedEnvelope {
            envelope,
            kdf: None,
            seal: Some(seal),
            cipher: CIPHER.to_owned(),
            nonce: hex(&nonce),
            ciphertext: hex(&ciphertext),
            fingerprint: String::new(),
        };
        sealed.fingerprint = sealed.computed_fingerprint();
        Ok(sealed)
    }

    /// Whether the move was sealed under a PIN (the first release's
    /// envelopes): weaker, since anyone with the file can try every PIN.
    #[must_use]
    pub fn is_sealed_under_pin(&self) -> bool {
        self.seal.is_none()
    }

    /// Whom an envelope sealed to keys is for (empty for a PIN's envelope).
    #[must_use]
    pub fn recipients(&self) -> Vec<SealedFor> {
        match self.key_seal() {
            Some(Ok(KeySeal::Hpke(seal))) => seal.recipients,
            _ => Vec::new(),
        }
    }

    /// The seal of an envelope sealed to keys, read (`None` for a PIN's).
    fn key_seal(&self) -> Option<Result<KeySeal, serde_json::Error>> {
        self.seal
            .as_ref()
            .map(|value| serde_json::from_value(value.clone()))
    }

    /// The recipients as they were given at sealing, to seal again for them.
    #[must_use]
    pub fn recipients_as_given(&self) -> Vec<Recipient> {
        self.recipients()
            .iter()
            .map(|r| Recipient::new(&r.name, r.public_key))
            .collect()
    }

    /// Opens an envelope sealed to keys with one recipient's key pair:
    /// "tampered" if anything was altered, "not for this key" if it is intact
    /// but not sealed to this key.
    pub fn open_with_key(&self, secret: &ArbiterSecret) -> Result<SealedMove, OpenError> {
        self.check_fingerprint()?;
        let corrupt = |what: &str| OpenError::Unreadable(what.to_owned());
        let (seal_json, seal) = match (&self.kdf, &self.seal, self.key_seal()) {
            (None, Some(json), Some(Ok(KeySeal::Hpke(seal)))) => (json, seal),
            (None, Some(_), _) => return Err(corrupt("the seal is not one we wrote")),
            (Some(_), None, _) => return Err(OpenError::SealedUnderPin),
            _ => return Err(corrupt("neither a PIN's nor a key's envelope")),
        };
        if seal.suite != HPKE_SUITE || self.cipher != CIPHER {
            return Err(corrupt("unknown HPKE suite or cipher"));
        }
        if seal.recipients.is_empty() || seal.recipients.len() > MAX_RECIPIENTS {
            return Err(corrupt("no recipients, or too many"));
        }
        let own = secret.public_key();
        let recipient = seal
            .recipients
            .iter()
            .find(|r| r.public_key == own)
            .ok_or_else(|| OpenError::NotForThisKey {
                key_id: own.fingerprint(),
                recipients: seal.recipients.iter().map(|r| r.key_id.clone()).collect(),
            })?;
        if recipient.key_id != own.fingerprint() {
            return Err(corrupt("a recipient's key id is not its key's fingerprint"));
        }
        let enc = unhex(&recipient.enc)
            .and_then(|bytes| <Kem as hpke::Kem>::EncappedKey::from_bytes(&bytes).ok())
            .ok_or_else(|| corrupt("the encapsulated key is not 32 bytes of hex"))?;
        let wrapped =
            unhex(&recipient.wrapped_key).ok_or_else(|| corrupt("the wrapped key is not hex"))?;
        let content_key = Zeroizing::new(
            hpke::single_shot_open::<AesGcm256, HkdfSha256, Kem>(
                &OpModeR::Base,
                &secret.hpke(),
                &enc,
                HPKE_INFO,
                &wrapped,
                &recipient_aad(&self.envelope, &recipient.key_id),
            )
            .map_err(|_| corrupt("the content key does not open with this key"))?,
        );
        if content_key.len() != 32 {
            return Err(corrupt("the content key is not 32 bytes"));
        }
        let nonce: [u8; 12] = unhex(&self.nonce)
            .and_then(|n| n.try_into().ok())
            .ok_or_else(|| corrupt("nonce is not 12 bytes of hex"))?;
        let ciphertext = unhex(&self.ciphertext).ok_or_else(|| corrupt("ciphertext is not hex"))?;
        let plaintext = Aes256Gcm::new(content_key.as_slice().into())
            .decrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &ciphertext,
                    aad: &associated_data(&self.envelope, seal_json),
                },
            )
            .map_err(|_| corrupt("the sealed move does not open with its content key"))?;
        serde_json::from_slice(&plaintext)
            .map_err(|_| corrupt("the sealed move is not one we wrote"))
    }

    /// A3 for an envelope sealed to keys: the outside corrected before
    /// verification, the same move sealed again to the same recipients.
    pub fn amend_with_key(
        &self,
        secret: &ArbiterSecret,
        envelope: Envelope,
        seed: [u8; 32],
    ) -> Result<SealedEnvelope, AmendError> {
        let sealed_move = self.open_with_key(secret).map_err(AmendError::Open)?;
        SealedEnvelope::seal_to_keys(envelope, &sealed_move, &self.recipients_as_given(), seed)
            .map_err(AmendError::Seal)
    }

    /// An unopened PIN envelope sealed again to keys: the same outside and
    /// move under a new fingerprint (the log's `Resealed` step checks the
    /// outside is unchanged).
    pub fn reseal_to_keys(
        &self,
        pin: &str,
        recipients: &[Recipient],
        seed: [u8; 32],
    ) -> Result<SealedEnvelope, AmendError> {
        let sealed_move = self.open(pin).map_err(AmendError::Open)?;
        SealedEnvelope::seal_to_keys(self.envelope.clone(), &sealed_move, recipients, seed)
            .map_err(AmendError::Seal)
    }

    fn computed_fingerprint(&self) -> String {
        let mut hasher = Sha256::new();
        // The first release's envelopes hashed their `kdf` here; those sealed
        // to keys hash their `seal` in its place. Both is no envelope we make:
        // both are hashed, so neither can be swapped unseen.
        fn json(value: &impl Serialize) -> String {
            serde_json::to_string(value).expect("key parameters serialise")
        }
        let key_part = match (&self.kdf, &self.seal) {
            (Some(kdf), None) => json(kdf),
            (None, Some(seal)) => json(seal),
            (Some(kdf), Some(seal)) => json(kdf) + &json(seal),
            (None, None) => String::new(),
        };
        for part in [
            serde_json::to_string(&self.envelope)
                .expect("an envelope serialises")
                .as_str(),
            key_part.as_str(),
            &self.cipher,
            &self.nonce,
            &self.ciphertext,
        ] {
            // Length-prefixed, so no two different envelopes hash alike.
            hasher.update((part.len() as u64).to_be_bytes());
            hasher.update(part.as_bytes());
        }
        let digest = hasher.finalize();
        let code = hex(&digest[..6]).to_ascii_uppercase();
        format!("{}-{}-{}", &code[..4], &code[4..8], &code[8..])
    }
}

/// The outside bound to the ciphertext: altering it makes decryption fail.
/// With a PIN, the outside and the `kdf`; sealed to keys, the outside and
/// the whole `seal` (every recipient's wrapped key).
fn associated_data(envelope: &Envelope, key: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(&(envelope, key)).expect("an envelope serialises")
}

/// What binds one recipient's wrapped content key: the outside and his key id.
fn recipient_aad(envelope: &Envelope, key_id: &str) -> Vec<u8> {
    serde_json::to_vec(&(envelope, key_id)).expect("an envelope serialises")
}

fn derive_key(pin: &str, salt: &[u8], iterations: u32) -> Key<Aes256Gcm> {
    let mut key = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<Sha256>(pin.as_bytes(), salt, iterations, &mut key);
    key.into()
}

/// Why a move could not be sealed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealError {
    Envelope(EnvelopeError),
    NothingWritten,
    PinTooShort {
        min: usize,
    },
    Iterations {
        given: u32,
    },
    /// Sealing to keys with no recipient.
    NoRecipient,
    TooManyRecipients {
        max: usize,
    },
    /// A recipient's public key (by its fingerprint) cannot be sealed to.
    BadKey(String),
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::Envelope(e) => e.fmt(f),
            SealError::NothingWritten => f.write_str("A1a: no move has been written to seal"),
            SealError::PinTooShort { min } => {
                write!(f, "the arbiter's PIN must have at least {min} characters")
            }
            SealError::Iterations { given } => write!(
                f,
                "{given} key derivation rounds: between {MIN_ITERATIONS} and {MAX_ITERATIONS} are allowed"
            ),
            SealError::NoRecipient => f.write_str("no arbiter's key to seal the envelope to"),
            SealError::TooManyRecipients { max } => {
                write!(f, "an envelope is sealed to at most {max} arbiters")
            }
            SealError::BadKey(key_id) => {
                write!(
                    f,
                    "the key {key_id} is not a public key that can be sealed to"
                )
            }
        }
    }
}

impl std::error::Error for SealError {}

/// Why an envelope does not open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// Something on the envelope changed since it was sealed.
    Tampered { recorded: String, computed: String },
    /// Intact, but this PIN does not open it.
    WrongPin,
    /// Sealed to the arbiters' keys: a PIN alone does not open it.
    SealedToKeys,
    /// Sealed under a PIN: open it with the PIN.
    SealedUnderPin,
    /// Intact, but not sealed to this key (`key_id`); it is for `recipients`.
    NotForThisKey {
        key_id: String,
        recipients: Vec<String>,
    },
    /// Intact, but not an envelope this program can read.
    Unreadable(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Tampered { recorded, computed } => write!(
                f,
                "the envelope has been tampered with: its fingerprint is {computed}, but {recorded} was recorded at sealing"
            ),
            OpenError::WrongPin => {
                f.write_str("wrong PIN: the envelope is intact but this PIN does not open it")
            }
            OpenError::SealedToKeys => f.write_str(
                "the envelope is sealed to the arbiters' keys: it opens with a recipient's key and his PIN, not with a PIN alone",
            ),
            OpenError::SealedUnderPin => {
                f.write_str("the envelope is sealed under a PIN: open it with that PIN")
            }
            OpenError::NotForThisKey { key_id, recipients } => write!(
                f,
                "the envelope is intact but not sealed to the key {key_id}; it is sealed to {}",
                recipients.join(", ")
            ),
            OpenError::Unreadable(what) => write!(f, "the envelope cannot be read: {what}"),
        }
    }
}

impl std::error::Error for OpenError {}

/// Why an envelope could not be amended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmendError {
    Open(OpenError),
    Seal(SealError),
}

impl fmt::Display for AmendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmendError::Open(e) => e.fmt(f),
            AmendError::Seal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AmendError {}
