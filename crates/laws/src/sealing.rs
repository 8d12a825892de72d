//! All the cryptography in one place: the arbiter's PIN (`pin`), his key
//! pair (`arbiter_key`), the random bytes the caller gives (`entropy`), and
//! the sealed move locked inside its envelope (`seal`). It knows the
//! envelope's outside ([`crate::envelope`]) as the data it authenticates,
//! and nothing of the adjournment's steps, which use it.

pub mod arbiter_key;
pub mod entropy;
pub mod pin;
pub mod seal;
