//! Fresh random bytes from the browser's cryptographic generator: the core
//! takes its randomness as bytes (salts, nonces, key seeds).

use laws::adjournment::Entropy;

use crate::t;

/// Fresh salt and nonce from the browser's cryptographic generator.
pub fn entropy() -> Result<Entropy, String> {
    let mut bytes = [0u8; 28];
    random_bytes(&mut bytes)?;
    let mut entropy = Entropy {
        salt: [0; 16],
        nonce: [0; 12],
    };
    entropy.salt.copy_from_slice(&bytes[..16]);
    entropy.nonce.copy_from_slice(&bytes[16..]);
    Ok(entropy)
}

/// 32 fresh bytes from the browser's cryptographic generator: a new key
/// pair, or an envelope sealed to keys.
pub fn seed() -> Result<[u8; 32], String> {
    let mut bytes = [0u8; 32];
    random_bytes(&mut bytes)?;
    Ok(bytes)
}

fn random_bytes(out: &mut [u8]) -> Result<(), String> {
    let refused = || {
        t!("this browser gives no secure random numbers; the envelope cannot be sealed here", "ta przeglądarka nie daje bezpiecznych liczb losowych; nie można tu zapieczętować koperty").to_owned()
    };
    let crypto = leptos::prelude::window().crypto().map_err(|_| refused())?;
    crypto
        .get_random_values_with_u8_array(out)
        .map_err(|_| refused())?;
    Ok(())
}
