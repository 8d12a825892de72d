//! The arbiter's PIN: kept only as a salted PBKDF2-HMAC-SHA256 hash, so a
//! player holding the tablet cannot read it from storage.
//!
//! The salt comes from the caller (this crate reads no random source).
//!
//! ```
//! use laws::sealing::pin::PinHash;
//!
//! let hash = PinHash::new("2468", &[7; 16]).unwrap();
//! assert!(hash.verify("2468"));
//! assert!(!hash.verify("2469"));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::encoding::{hex, unhex};

/// The shortest PIN accepted.
pub const MIN_PIN_LEN: usize = 4;
/// PBKDF2 rounds: slow enough against guessing from a copied record, fast
/// enough on a tablet (well under a second in WebAssembly).
pub const ITERATIONS: u32 = 60_000;

/// A PIN as stored: salt and derived hash, both hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinHash {
    pub salt: String,
    pub hash: String,
    pub iterations: u32,
}

/// A PIN the arbiter cannot choose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PinError {
    /// Fewer than [`MIN_PIN_LEN`] characters.
    TooShort { min: usize },
    /// Anything but the digits 0-9 (a tablet's number pad types only these).
    NotDigits,
}

impl fmt::Display for PinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinError::TooShort { min } => write!(f, "the PIN needs at least {min} digits"),
            PinError::NotDigits => f.write_str("the PIN is made of digits 0-9 only"),
        }
    }
}

impl std::error::Error for PinError {}

impl PinHash {
    /// Hashes `pin` with `salt` (at least 16 random bytes from the caller).
    pub fn new(pin: &str, salt: &[u8]) -> Result<PinHash, PinError> {
        if !pin.chars().all(|c| c.is_ascii_digit()) {
            return Err(PinError::NotDigits);
        }
        if pin.len() < MIN_PIN_LEN {
            return Err(PinError::TooShort { min: MIN_PIN_LEN });
        }
        Ok(PinHash {
            salt: hex(salt),
            hash: hex(&derive(pin, salt, ITERATIONS)),
            iterations: ITERATIONS,
        })
    }

    /// Whether `pin` is the PIN this hash was made from.
    #[must_use]
    pub fn verify(&self, pin: &str) -> bool {
        let Some(salt) = unhex(&self.salt) else {
            return false;
        };
        let derived = hex(&derive(pin, &salt, self.iterations));
        // Compare every byte, so the time taken tells nothing.
        derived.len() == self.hash.len()
            && derived
                .bytes()
                .zip(self.hash.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

fn derive(pin: &str, salt: &[u8], iterations: u32) -> [u8; 32] {
    let mut out = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<Sha256>(pin.as_bytes(), salt, iterations, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_right_pin_opens_and_others_do_not() {
        let hash = PinHash::new("13579", b"sixteen byte salt").unwrap();
        assert!(hash.verify("13579"));
        for wrong in ["", "1357", "135790", "13578", " 13579"] {
            assert!(!hash.verify(wrong), "{wrong:?}");
        }
    }

    #[test]
    fn the_pin_itself_is_not_stored() {
        let hash = PinHash::new("2468", &[1; 16]).unwrap();
        let stored = serde_json::to_string(&hash).unwrap();
        assert!(!stored.contains("2468"));
    }

    #[test]
    fn another_salt_gives_another_hash() {
        let a = PinHash::new("2468", &[1; 16]).unwrap();
        let b = PinHash::new("2468", &[2; 16]).unwrap();
        assert_ne!(a.hash, b.hash);
        assert!(b.verify("2468"));
    }

    #[test]
    fn short_or_lettered_pins_are_refused() {
        assert_eq!(
            PinHash::new("123", &[0; 16]),
            Err(PinError::TooShort { min: 4 })
        );
        assert_eq!(PinHash::new("12a4", &[0; 16]), Err(PinError::NotDigits));
    }

    #[test]
    fn a_damaged_salt_opens_nothing() {
        let mut hash = PinHash::new("2468", &[1; 16]).unwrap();
        hash.salt = "zz".into();
        assert!(!hash.verify("2468"));
    }
}
