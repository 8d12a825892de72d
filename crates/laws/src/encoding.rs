//! Positions, bytes, squares and pieces as text: FEN, hexadecimal, the
//! arbiter's words, and the JSON strings of the records. A leaf: any part of
//! the core may use it ([`crate::irregularity`] knows it as `text`).

use shakmaty::{Chess, EnPassantMode, fen::Fen};

pub(crate) use crate::notation::role_name;

/// The FEN of `position`, en passant written only when it can be taken.
pub(crate) fn fen(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

/// Lower-case hexadecimal of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    base16ct::lower::encode_string(bytes)
}

/// The bytes of hexadecimal `text`, either case; `None` if it is not.
pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    base16ct::mixed::decode_vec(text).ok()
}

/// Exactly `N` bytes written as lowercase hexadecimal: one spelling per
/// key or signature, so a file reads back the same. Only for what is
/// public (keys, signatures, hashes): a tablet joining an event reads one
/// key and one signature an entry, tens of thousands, and [`unhex`]'s
/// constant time, which a secret needs, took a tenth of that work.
pub(crate) fn lower_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let mut bytes = [0; N];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = (lower_digit(pair[0])? << 4) | lower_digit(pair[1])?;
    }
    Some(bytes)
}

fn lower_digit(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        _ => None,
    }
}

/// The short code people compare aloud, e.g. `3F9A-1C2B-77D0-52E1`: the
/// first 64 bits of SHA-256 over `domain` (what is fingerprinted, and its
/// version) and `parts`.
///
/// ```
/// let code = laws::encoding::fingerprint(b"example v1\0", &[b"key"]);
/// assert_eq!(code.len(), 19);
/// assert_ne!(code, laws::encoding::fingerprint(b"example v1\0", &[b"kez"]));
/// ```
#[must_use]
pub fn fingerprint(domain: &[u8], parts: &[&[u8]]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(domain);
    for part in parts {
        hasher.update(part);
    }
    let code = hex(&hasher.finalize()[..8]).to_ascii_uppercase();
    format!(
        "{}-{}-{}-{}",
        &code[..4],
        &code[4..8],
        &code[8..12],
        &code[12..]
    )
}

/// Serde for a [`shakmaty::Square`] as `"e4"`.
pub(crate) mod square {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Square;

    pub(crate) fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("not a square: {text:?}")))
    }
}

/// Serde for a list of [`shakmaty::Square`]s as `["e4", "d5"]`.
pub(crate) mod squares {
    use serde::{Deserialize, Deserializer, Serializer, de::Error, ser::SerializeSeq};
    use shakmaty::Square;

    pub(crate) fn serialize<S: Serializer>(squares: &[Square], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(squares.len()))?;
        for sq in squares {
            seq.serialize_element(&sq.to_string())?;
        }
        seq.end()
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|text| {
                text.parse()
                    .map_err(|_| D::Error::custom(format!("not a square: {text:?}")))
            })
            .collect()
    }
}

/// Serde for a [`shakmaty::Role`] as its English name, `"knight"`.
pub(crate) mod role {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::Role;

    pub(crate) fn serialize<S: Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::role_name(*role))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let text = String::deserialize(d)?;
        Role::ALL
            .into_iter()
            .find(|r| super::role_name(*r) == text)
            .ok_or_else(|| D::Error::custom(format!("not a piece: {text:?}")))
    }
}

/// Serde for a [`shakmaty::Chess`] position as its FEN.
pub(crate) mod fen_position {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use shakmaty::{CastlingMode, Chess, fen::Fen};

    pub(crate) fn serialize<S: Serializer>(position: &Chess, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::fen(position))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Chess, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<Fen>()
            .map_err(|e| D::Error::custom(format!("{text:?}: {e}")))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| D::Error::custom(format!("{text:?}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::{hex, lower_hex};

    #[test]
    fn lower_hex_reads_what_hex_writes_and_nothing_else() {
        let bytes: [u8; 4] = [0x00, 0x9f, 0xa0, 0xff];
        assert_eq!(lower_hex::<4>(&hex(&bytes)), Some(bytes));
        assert_eq!(lower_hex::<4>("009fa0ff"), Some(bytes));
        for wrong in [
            "009FA0FF",
            "009fa0f",
            "009fa0ff00",
            "009fa0fg",
            "009fa0f ",
            "",
            "009fa0é",
        ] {
            assert_eq!(lower_hex::<4>(wrong), None, "{wrong:?}");
        }
    }
}
