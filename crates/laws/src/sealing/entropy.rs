//! The caller's random bytes. The rules core never reads a random source:
//! the app fills these with `crypto.getRandomValues`, the CLI from the
//! operating system, a test with fixed bytes.

/// Fresh random bytes for one sealing or wrapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entropy {
    pub salt: [u8; 16],
    pub nonce: [u8; 12],
}
