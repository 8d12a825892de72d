//! The sealed move: written and changeable until the clock is stopped (A1),
//! then secret and tamper-evident until the envelope is opened (A3, A7).
//!
//! The move is encrypted with AES-256-GCM under a key derived from the
//! arbiter's PIN by PBKDF2-HMAC-SHA256; the plain outside of the envelope is
//! the associated data, so altering any field of it makes opening fail. The
//! fingerprint, a short code from SHA-256 over every field including the
//! ciphertext, is shown and printed at sealing: a recomputed code that
//! differs tells "tampered" apart from "wrong PIN", which AES-GCM alone
//! cannot.

use std::fmt;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use shakmaty::{Chess, Move, Position};

use super::{Envelope, EnvelopeError};
use crate::encoding::hex;
use crate::notation::{Lang, write};

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
    pub lang: Lang,
}

/// The caller's random bytes: the app fills them with `crypto.getRandomValues`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entropy {
    pub salt: [u8; 16],
    pub nonce: [u8; 12],
}

/// A1a: the move being sealed. The text can be changed until the player stops
/// his clock, which [`seal`](SealingDraft::seal)s it; sealing consumes the
/// draft, so nothing can change afterwards. The draft is never logged.
///
/// ```
/// use laws::adjournment::{Entropy, SealingDraft, MIN_ITERATIONS};
/// use laws::notation::Lang;
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
/// draft.write("e5", Lang::En).unwrap();
/// draft.write("c5", Lang::En).unwrap(); // changed his mind: allowed until the clock stops
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
    pub fn write(&mut self, text: &str, lang: Lang) -> Result<(), SealingError> {
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
    pub fn choose(&mut self, mv: &Move, lang: Lang) -> Result<(), SealingError> {
        if !self.position.is_legal(*mv) {
            return Err(SealingError::NotLegalOnBoard);
        }
        let written = write(&self.position, mv, lang);
        self.write(&written, lang)
    }

    /// A1a: after being told to seal, the player made a move on the
    /// chessboard: that same move is his sealed move and can no longer change.
    pub fn played_on_board(&mut self, mv: &Move, lang: Lang) -> Result<(), SealingError> {
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

/// An envelope as kept by the arbiter and exported: the plain outside (A2),
/// the encrypted sealed move, and the fingerprint of all of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedEnvelope {
    envelope: Envelope,
    kdf: Kdf,
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
            kdf,
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
        if self.kdf.algorithm != PBKDF2 || self.cipher != CIPHER {
            return Err(corrupt("unknown key derivation or cipher"));
        }
        if !(MIN_ITERATIONS..=MAX_ITERATIONS).contains(&self.kdf.iterations) {
            return Err(corrupt("key derivation rounds out of range"));
        }
        let salt = unhex(&self.kdf.salt).ok_or_else(|| corrupt("salt is not hex"))?;
        let nonce: [u8; 12] = unhex(&self.nonce)
            .and_then(|n| n.try_into().ok())
            .ok_or_else(|| corrupt("nonce is not 12 bytes of hex"))?;
        let ciphertext = unhex(&self.ciphertext).ok_or_else(|| corrupt("ciphertext is not hex"))?;
        let aad = associated_data(&self.envelope, &self.kdf);
        let cipher = Aes256Gcm::new(&derive_key(pin, &salt, self.kdf.iterations));
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
        SealedEnvelope::seal(envelope, &sealed_move, pin, self.kdf.iterations, entropy)
            .map_err(AmendError::Seal)
    }

    fn computed_fingerprint(&self) -> String {
        let mut hasher = Sha256::new();
        for part in [
            serde_json::to_string(&self.envelope)
                .expect("an envelope serialises")
                .as_str(),
            serde_json::to_string(&self.kdf)
                .expect("key derivation parameters serialise")
                .as_str(),
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
fn associated_data(envelope: &Envelope, kdf: &Kdf) -> Vec<u8> {
    serde_json::to_vec(&(envelope, kdf)).expect("an envelope serialises")
}

fn derive_key(pin: &str, salt: &[u8], iterations: u32) -> Key<Aes256Gcm> {
    let mut key = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<Sha256>(pin.as_bytes(), salt, iterations, &mut key);
    key.into()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Why a move could not be sealed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealError {
    Envelope(EnvelopeError),
    NothingWritten,
    PinTooShort { min: usize },
    Iterations { given: u32 },
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
