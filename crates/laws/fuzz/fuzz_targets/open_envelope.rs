//! Fuzzes importing an exported sealed-move envelope and opening it with
//! the arbiter's key or PIN, as `laws envelope open` does, and sealing one
//! to two arbiters' keys and under a PIN.
//!
//! Input: one byte for the sealed move's language, the move as written up
//! to the first newline, then the exported envelope file (JSON).
//!
//! Any file is an envelope or a refusal, never a panic. An envelope exports
//! and imports back unchanged; it opens with its PIN only when its
//! fingerprint is intact, and its move is then judged (A8, A9). Its
//! outside sealed with the given move exports, imports, opens with the PIN
//! to that same move, tells a wrong PIN from tampering, and judges alike.
//! Sealed to keys (both formats are read): it opens with a recipient's key
//! only when intact, each of two recipients opens it alone to the same move,
//! another key is "not for this key", a PIN is refused.

#![no_main]

use laws::adjournment::{
    AdjournmentRules, Entropy, MIN_ITERATIONS, OpenError, SealedEnvelope, SealedMove,
    SealedMoveVerdict, judge_sealed_move,
};
use laws::sealing::arbiter_key::{ArbiterSecret, Recipient};
use laws::notation::NotationLang;
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

/// The PIN the seed envelopes were sealed with.
const PIN: &str = "2468";
/// The seeds of the keys the seed envelopes were sealed to: the chief
/// arbiter's, his deputy's, and a key nobody seals to.
const CHIEF: [u8; 32] = [11; 32];
const DEPUTY: [u8; 32] = [22; 32];
const STRANGER: [u8; 32] = [33; 32];

fn import(file: &[u8]) -> Option<SealedEnvelope> {
    let sealed: SealedEnvelope = serde_json::from_slice(file).ok()?;
    let exported = serde_json::to_string_pretty(&sealed).unwrap();
    let again: SealedEnvelope = serde_json::from_str(&exported).expect("an export imports");
    assert_eq!(again, sealed);
    assert!(sealed.has_fingerprint(&sealed.fingerprint().to_lowercase()));
    Some(sealed)
}

/// Judges the sealed move: a legal one is played, and only a legal one.
fn judge(position: &Chess, sealed_move: &SealedMove) {
    let judgment = judge_sealed_move(
        position,
        sealed_move,
        &AdjournmentRules::default(),
        laws::article::Article::A9a,
    );
    assert_eq!(
        judgment.fen_after.is_some(),
        matches!(judgment.verdict, SealedMoveVerdict::Legal { .. }),
        "{judgment:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let [lang, rest @ ..] = data else { return };
    let lang = NotationLang::ALL[usize::from(*lang) % NotationLang::ALL.len()];
    let split = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let (text, file) = rest.split_at(split);
    let written = SealedMove {
        text: String::from_utf8_lossy(text).into_owned(),
        lang,
    };
    let Some(sealed) = import(file.get(1..).unwrap_or_default()) else {
        return;
    };
    let outside = sealed.envelope().clone();
    let position = outside.position();
    assert!(outside.checklist(&outside).is_complete());
    match sealed.open(PIN) {
        Ok(opened) => {
            assert_eq!(sealed.check_fingerprint(), Ok(()));
            assert!(sealed.is_sealed_under_pin());
            if let Ok(position) = &position {
                judge(position, &opened);
            }
        }
        Err(OpenError::Tampered { .. }) => assert!(sealed.check_fingerprint().is_err()),
        Err(refused) => assert!(!refused.to_string().is_empty()),
    }
    let (chief, deputy, stranger) = (
        ArbiterSecret::from_seed(&CHIEF),
        ArbiterSecret::from_seed(&DEPUTY),
        ArbiterSecret::from_seed(&STRANGER),
    );
    for key in [&chief, &deputy, &stranger] {
        match sealed.open_with_key(key) {
            Ok(opened) => {
                assert_eq!(sealed.check_fingerprint(), Ok(()));
                assert!(!sealed.is_sealed_under_pin());
                assert!(sealed.recipients().iter().any(|r| r.public_key == key.public_key()));
                if let Ok(position) = &position {
                    judge(position, &opened);
                }
            }
            Err(OpenError::Tampered { .. }) => assert!(sealed.check_fingerprint().is_err()),
            Err(OpenError::NotForThisKey { .. }) => {
                assert!(!sealed.recipients().iter().any(|r| r.public_key == key.public_key()));
            }
            Err(refused) => assert!(!refused.to_string().is_empty()),
        }
    }

    let entropy = Entropy {
        salt: [7; 16],
        nonce: [9; 12],
    };
    let resealed = match SealedEnvelope::seal(outside, &written, PIN, MIN_ITERATIONS, entropy) {
        Ok(resealed) => resealed,
        Err(refused) => {
            assert!(
                position.is_err() || written.text.trim().is_empty(),
                "{refused}"
            );
            return;
        }
    };
    let position = position.expect("a sealed outside has a position");
    let exported = serde_json::to_vec(&resealed).unwrap();
    let imported = import(&exported).expect("a sealed envelope imports");
    assert_eq!(imported.open(PIN).as_ref(), Ok(&written));
    assert_eq!(imported.open("1357"), Err(OpenError::WrongPin));
    judge(&position, &written);

    let recipients = [
        Recipient::new("Chief", chief.public_key()),
        Recipient::new("Deputy", deputy.public_key()),
    ];
    let to_keys = imported
        .reseal_to_keys(PIN, &recipients, [data.len() as u8; 32])
        .expect("an intact envelope seals again to keys");
    assert_eq!(to_keys.envelope(), imported.envelope());
    let exported = serde_json::to_vec(&to_keys).unwrap();
    let imported = import(&exported).expect("an envelope sealed to keys imports");
    assert_eq!(imported.open_with_key(&chief).as_ref(), Ok(&written));
    assert_eq!(imported.open_with_key(&deputy).as_ref(), Ok(&written));
    assert!(matches!(
        imported.open_with_key(&stranger),
        Err(OpenError::NotForThisKey { .. })
    ));
    assert_eq!(imported.open(PIN), Err(OpenError::SealedToKeys));
});
