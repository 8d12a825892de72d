//! Signatures on what a tablet writes for others to take (Ed25519).
//!
//! In an event, each tablet has its own [`SigningKey`], made on the tablet;
//! every document it writes carries a [`Signature`] by it, and a tablet
//! takes a document only when it is signed by a key it has reason to
//! trust. Unlike the hash chain, which anyone can extend, a signature
//! holds even where the database is wrong, compromised or replaced.
//!
//! ```
//! use laws::signing::SigningKey;
//!
//! let board = SigningKey::from_seed([7; 32]);
//! let signature = board.sign(b"entry 42");
//! assert!(board.verifying_key().verify(b"entry 42", &signature).is_ok());
//! assert!(board.verifying_key().verify(b"entry 43", &signature).is_err());
//! ```

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroizing;

use crate::encoding::{fingerprint, hex, lower_hex, unhex};

/// A tablet's private signing key. Kept on the tablet that made it.
///
/// Held as its seed: reading the settings that keep it does no curve
/// arithmetic (nor brings its code into the app's first load).
#[derive(Clone, PartialEq, Eq)]
pub struct SigningKey(Zeroizing<[u8; 32]>);

impl SigningKey {
    /// The key whose secret is `seed` (32 random bytes from the caller).
    #[must_use]
    pub fn from_seed(seed: [u8; 32]) -> SigningKey {
        SigningKey(Zeroizing::new(seed))
    }

    fn dalek(&self) -> ed25519_dalek::SigningKey {
        ed25519_dalek::SigningKey::from_bytes(&self.0)
    }

    /// The public half, which others check signatures with.
    #[must_use]
    pub fn verifying_key(&self) -> VerifyingKey {
        VerifyingKey(self.dalek().verifying_key().to_bytes())
    }

    /// Signs `message`; the same key and message give the same signature.
    #[must_use]
    pub fn sign(&self, message: &[u8]) -> Signature {
        use ed25519_dalek::Signer;
        Signature(self.dalek().sign(message).to_bytes())
    }
}

impl fmt::Debug for SigningKey {
    /// Never the secret: the public half's fingerprint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SigningKey({})", self.verifying_key().fingerprint())
    }
}

impl Serialize for SigningKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&Zeroizing::new(hex(self.0.as_slice())))
    }
}

impl<'de> Deserialize<'de> for SigningKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SigningKey, D::Error> {
        let text = Zeroizing::new(String::deserialize(deserializer)?);
        let seed = unhex(&text)
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| serde::de::Error::custom("a signing key is 64 hex digits"))?;
        Ok(SigningKey::from_seed(seed))
    }
}

/// A public signing key: 32 bytes, written as 64 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VerifyingKey([u8; 32]);

impl VerifyingKey {
    /// Checks that `signature` is this key's over `message` (strictly: no
    /// second spelling of one signature is taken).
    pub fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        let key = ed25519_dalek::VerifyingKey::from_bytes(&self.0)
            .map_err(|_| SignatureError::NotAKey)?;
        key.verify_strict(message, &ed25519_dalek::Signature::from_bytes(&signature.0))
            .map_err(|_| SignatureError::Invalid)
    }

    /// A short code for people to compare, e.g. `3F9A-1C2B-77D0-52E1`: the
    /// first 64 bits of SHA-256 over the key.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        fingerprint(b"arbiter signing key v1\0", &[&self.0])
    }

    #[must_use]
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The key as 64 lowercase hex digits.
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hex digits of a valid key.
    pub fn from_hex(text: &str) -> Result<VerifyingKey, SignatureError> {
        let bytes = unhex(text.trim())
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or(SignatureError::NotAKey)?;
        ed25519_dalek::VerifyingKey::from_bytes(&bytes).map_err(|_| SignatureError::NotAKey)?;
        Ok(VerifyingKey(bytes))
    }
}

impl fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VerifyingKey({})", self.fingerprint())
    }
}

impl Serialize for VerifyingKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for VerifyingKey {
    /// 64 lowercase hex digits, not checked to be a point of the curve: a
    /// key that is not one verifies nothing ([`VerifyingKey::verify`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VerifyingKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        lower_hex(&text)
            .map(VerifyingKey)
            .ok_or_else(|| serde::de::Error::custom("a key is 64 lowercase hex digits"))
    }
}

/// A signature: 64 bytes, written as 128 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature([u8; 64]);

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({}…)", hex(&self.0[..8]))
    }
}

impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Signature, D::Error> {
        let text = String::deserialize(deserializer)?;
        lower_hex(&text)
            .map(Signature)
            .ok_or_else(|| serde::de::Error::custom("a signature is 128 hex digits"))
    }
}

/// Why a signature is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureError {
    /// The key is not an Ed25519 public key.
    NotAKey,
    /// The signature is not the key's over the message.
    Invalid,
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SignatureError::NotAKey => "not a signing key (64 hex digits of an Ed25519 key)",
            SignatureError::Invalid => "the signature is not the key's over this document",
        })
    }
}

impl std::error::Error for SignatureError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_signatures_read_back_as_written_and_nothing_else() {
        let key = SigningKey::from_seed([3; 32]);
        let public = key.verifying_key();
        let signature = key.sign(b"game:a~1-0000:event:000000");
        let text = serde_json::to_string(&(&key, public, signature)).unwrap();
        let (back, public_back, signature_back): (SigningKey, VerifyingKey, Signature) =
            serde_json::from_str(&text).unwrap();
        assert_eq!(
            (back, public_back, signature_back),
            (key.clone(), public, signature)
        );
        assert!(
            !format!("{key:?}").contains(&hex(&[3; 32])),
            "the secret is never printed"
        );
        assert_eq!(VerifyingKey::from_hex(&public.to_hex()), Ok(public));
        assert_eq!(VerifyingKey::from_hex("00"), Err(SignatureError::NotAKey));
        let upper = serde_json::to_string(&public.to_hex().to_ascii_uppercase()).unwrap();
        assert!(serde_json::from_str::<VerifyingKey>(&upper).is_err());
    }

    #[test]
    fn a_signature_holds_only_for_its_key_and_message() {
        let board = SigningKey::from_seed([1; 32]);
        let other = SigningKey::from_seed([2; 32]);
        let signature = board.sign(b"add time");
        assert_eq!(
            board.verifying_key().verify(b"add time", &signature),
            Ok(())
        );
        assert_eq!(
            other.verifying_key().verify(b"add time", &signature),
            Err(SignatureError::Invalid)
        );
        assert_eq!(
            board.verifying_key().verify(b"add tim3", &signature),
            Err(SignatureError::Invalid)
        );
        assert_ne!(
            board.verifying_key().fingerprint(),
            other.verifying_key().fingerprint()
        );
    }
}
