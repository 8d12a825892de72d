//! Envelopes sealed to the arbiters' public keys (HPKE), the arbiter's
//! wrapped key, and the first release's PIN envelopes.

mod envelope_outside;

use laws::adjournment::{
    Adjournment, AdjournmentError, AdjournmentEvent, AdjournmentRules, Entropy, OpenError,
    SealError, SealedEnvelope, SealedMove, TimeUsed,
};
use laws::game::Side;
use laws::notation::NotationLang;
use laws::sealing::arbiter_key::{
    ArbiterSecret, Cost, FIRST_WAIT_MS, KeyError, KeyFile, PinTries, PublicKey, Recipient,
    TabletKey, UnlockError,
};
use serde_json::Value;

const FEN: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 40";

fn outside() -> laws::adjournment::Envelope {
    envelope_outside::outside(
        FEN,
        &[],
        TimeUsed {
            white_ms: 5_000_000,
            black_ms: 4_000_000,
        },
        None,
    )
}

fn ra8() -> SealedMove {
    SealedMove {
        text: "Ra8".into(),
        lang: NotationLang::En,
    }
}

fn chief() -> ArbiterSecret {
    ArbiterSecret::from_seed(&[11; 32])
}

fn deputy() -> ArbiterSecret {
    ArbiterSecret::from_seed(&[22; 32])
}

fn to(name: &str, secret: &ArbiterSecret) -> Recipient {
    Recipient::new(name, secret.public_key())
}

fn sealed_to_chief() -> SealedEnvelope {
    SealedEnvelope::seal_to_keys(outside(), &ra8(), &[to("Chief", &chief())], [5; 32]).unwrap()
}

/// Every key of every object in `value`, at any depth.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// A replier with the exported envelope file, and a PIN list: 10,000
/// four-digit and 1,000,000 six-digit PINs. The file holds no salt, no
/// rounds, nothing a PIN feeds: the only way in is a recipient's private
/// key, which no PIN derives. Shown, not brute-forced: it runs in seconds.
#[test]
fn an_exported_envelope_holds_nothing_a_pin_guess_could_open() {
    let secret = chief();
    // The arbiter's key on his tablet is wrapped under his PIN.
    let on_tablet = KeyFile::wrap_with_pin(
        &secret,
        "Chief",
        "246813",
        Cost::MIN,
        Entropy {
            salt: [1; 16],
            nonce: [2; 12],
        },
    )
    .unwrap();
    let envelope = sealed_to_chief();
    let file = serde_json::to_string_pretty(&envelope).unwrap();
    let json: Value = serde_json::from_str(&file).unwrap();

    // 1. Its fields: the outside, the recipients' public parts, the
    //    ciphertext. No key derivation input anywhere.
    let mut top: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    top.sort_unstable();
    assert_eq!(
        top,
        [
            "cipher",
            "ciphertext",
            "envelope",
            "fingerprint",
            "nonce",
            "seal"
        ]
    );
    let mut all = Vec::new();
    keys(&json["seal"], &mut all);
    all.sort_unstable();
    assert_eq!(
        all,
        [
            "enc",
            "hpke",
            "key_id",
            "name",
            "public_key",
            "recipients",
            "suite",
            "wrapped_key"
        ]
    );
    let mut everywhere = Vec::new();
    keys(&json, &mut everywhere);
    for word in [
        "kdf",
        "salt",
        "iterations",
        "memory_kib",
        "pin",
        "passphrase",
    ] {
        assert!(!everywhere.iter().any(|k| k == word), "{word} in {file}");
    }
    // Nothing of the PIN-wrapped key is in it: not its salt, not the
    // wrapped private key. Only the public key links them.
    assert!(!file.contains(&on_tablet.kdf.salt));
    assert!(!file.contains(&on_tablet.wrapped_private_key));
    assert!(!file.contains(&hex(&[1; 16])));
    assert_eq!(
        json["seal"]["hpke"]["recipients"][0]["public_key"],
        on_tablet.public_key.to_hex()
    );

    // 2. Every PIN against the file: the envelope's only opening with a PIN
    //    refuses them all alike, before any key is derived (there is none
    //    to derive), and the file stays closed.
    let read_back: SealedEnvelope = serde_json::from_str(&file).unwrap();
    let four = (0..10_000).map(|n| format!("{n:04}"));
    let six = (0..1_000_000).map(|n| format!("{n:06}"));
    let mut tried = 0;
    for pin in four.chain(six) {
        assert_eq!(read_back.open(&pin), Err(OpenError::SealedToKeys));
        tried += 1;
    }
    assert_eq!(tried, 1_010_000);

    // 3. A PIN taken as the private key itself (the mistake of deriving the
    //    key pair from the PIN) is not the recipient's key either.
    for n in 0..10_000u32 {
        let mut seed = [0u8; 32];
        seed[..4].copy_from_slice(format!("{n:04}").as_bytes());
        let guess = ArbiterSecret::from_seed(&seed);
        assert_ne!(guess.public_key(), secret.public_key());
        assert!(matches!(
            read_back.open_with_key(&guess),
            Err(OpenError::NotForThisKey { .. })
        ));
    }

    // 4. The key is what opens it: the arbiter's key, unwrapped with his PIN.
    let unwrapped = on_tablet.unwrap("246813").unwrap();
    assert_eq!(read_back.open_with_key(&unwrapped).unwrap(), ra8());
    // And the move is nowhere in the file.
    assert!(!file.contains("Ra8"));
}

#[test]
fn each_recipient_opens_alone_and_no_one_else() {
    let (chief, deputy) = (chief(), deputy());
    let recipients = [to("Chief", &chief), to("Deputy", &deputy)];
    let envelope = SealedEnvelope::seal_to_keys(outside(), &ra8(), &recipients, [9; 32]).unwrap();
    assert_eq!(envelope.recipients().len(), 2);
    assert_eq!(envelope.open_with_key(&chief).unwrap(), ra8());
    assert_eq!(envelope.open_with_key(&deputy).unwrap(), ra8());
    let player = ArbiterSecret::from_seed(&[33; 32]);
    match envelope.open_with_key(&player) {
        Err(OpenError::NotForThisKey { key_id, recipients }) => {
            assert_eq!(key_id, player.public_key().fingerprint());
            assert_eq!(
                recipients,
                [
                    chief.public_key().fingerprint(),
                    deputy.public_key().fingerprint()
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(envelope.open("2468"), Err(OpenError::SealedToKeys));
    // The same key twice is sealed for once.
    let twice = SealedEnvelope::seal_to_keys(
        outside(),
        &ra8(),
        &[to("Chief", &chief), to("Chief again", &chief)],
        [9; 32],
    )
    .unwrap();
    assert_eq!(twice.recipients().len(), 1);
    assert_eq!(
        SealedEnvelope::seal_to_keys(outside(), &ra8(), &[], [9; 32]),
        Err(SealError::NoRecipient)
    );
    // The same random bytes give the same envelope (the core reads no random source).
    assert_eq!(
        SealedEnvelope::seal_to_keys(outside(), &ra8(), &recipients, [9; 32]).unwrap(),
        envelope
    );
    let other = SealedEnvelope::seal_to_keys(outside(), &ra8(), &recipients, [10; 32]).unwrap();
    assert_ne!(other.fingerprint(), envelope.fingerprint());
}

#[test]
fn tampering_is_told_apart_from_another_key() {
    let envelope = sealed_to_chief();
    let json = serde_json::to_string(&envelope).unwrap();
    let changed = |from: &str, to: &str| -> SealedEnvelope {
        assert!(json.contains(from), "{from}");
        serde_json::from_str(&json.replacen(from, to, 1)).unwrap()
    };
    // The outside, the recipient's name, his wrapped key, the ciphertext.
    let wrapped = envelope.recipients()[0].wrapped_key.clone();
    let mut flipped = wrapped.clone();
    flipped.replace_range(0..1, if wrapped.starts_with('0') { "1" } else { "0" });
    for altered in [
        changed("\"black_ms\":4000000", "\"black_ms\":3000000"),
        changed("\"name\":\"Chief\"", "\"name\":\"Deputy\""),
        changed(&wrapped, &flipped),
    ] {
        assert!(matches!(
            altered.open_with_key(&chief()),
            Err(OpenError::Tampered { .. })
        ));
    }
    // A recipient removed, another key put in his place: tampered too.
    let mut value: Value = serde_json::from_str(&json).unwrap();
    value["seal"]["hpke"]["recipients"][0]["public_key"] = deputy().public_key().to_hex().into();
    let swapped: SealedEnvelope = serde_json::from_value(value).unwrap();
    assert!(matches!(
        swapped.open_with_key(&deputy()),
        Err(OpenError::Tampered { .. })
    ));
    // An intact envelope read back is the same, to the byte.
    let read_back: SealedEnvelope = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&read_back).unwrap(), json);
    assert!(read_back.check_fingerprint().is_ok());
}

#[test]
fn the_wrapped_key_refuses_a_wrong_pin_and_slows_repeated_tries() {
    let secret = chief();
    let entropy = Entropy {
        salt: [3; 16],
        nonce: [4; 12],
    };
    let file = KeyFile::wrap_with_pin(&secret, "Chief", "975310", Cost::MIN, entropy).unwrap();
    let stored = serde_json::to_string(&file).unwrap();
    assert!(!stored.contains("975310"));
    assert_eq!(file.unwrap("975311").unwrap_err(), KeyError::WrongPin);

    let mut key = TabletKey::new(file).unwrap();
    let t0 = 1_000_000;
    // Three wrong PINs are free; the third makes the next try wait 30 s.
    for (n, wait) in [(1, 0), (2, 0), (3, FIRST_WAIT_MS)] {
        assert_eq!(
            key.unlock("000000", t0).unwrap_err(),
            UnlockError::WrongPin {
                failures: n,
                wait_ms: wait
            }
        );
    }
    // During the wait not even the right PIN is tried.
    assert_eq!(
        key.unlock("975310", t0 + 1_000).unwrap_err(),
        UnlockError::Wait {
            ms: FIRST_WAIT_MS - 1_000
        }
    );
    // The count survives a reload (it is stored with the key).
    let mut key: TabletKey = serde_json::from_str(&serde_json::to_string(&key).unwrap()).unwrap();
    assert_eq!(key.wait_ms(t0 + 10_000), FIRST_WAIT_MS - 10_000);
    // Each further wrong PIN doubles the wait.
    let t1 = t0 + FIRST_WAIT_MS;
    assert_eq!(
        key.unlock("111111", t1).unwrap_err(),
        UnlockError::WrongPin {
            failures: 4,
            wait_ms: 2 * FIRST_WAIT_MS
        }
    );
    assert_eq!(PinTries::wait_after(5), 4 * FIRST_WAIT_MS);
    assert_eq!(
        PinTries::wait_after(60),
        laws::sealing::arbiter_key::MAX_WAIT_MS
    );
    // The right PIN after the wait opens it and resets the count.
    let t2 = t1 + 2 * FIRST_WAIT_MS;
    assert_eq!(
        key.unlock("975310", t2).unwrap().public_key(),
        secret.public_key()
    );
    assert_eq!(key.tries(), PinTries::default());
    // A short or non-digit PIN is refused when the key is made.
    for pin in ["2468", "12345", "abcdef"] {
        assert_eq!(
            KeyFile::wrap_with_pin(&secret, "Chief", pin, Cost::MIN, entropy).unwrap_err(),
            KeyError::PinTooShort { min: 6 }
        );
    }
    // A changed name or public key on the file makes unwrapping fail.
    let mut renamed = key.key().clone();
    renamed.name = "Somebody".into();
    assert_eq!(renamed.unwrap("975310").unwrap_err(), KeyError::WrongPin);
}

#[test]
fn the_key_travels_only_under_a_long_passphrase() {
    let secret = chief();
    let entropy = Entropy {
        salt: [5; 16],
        nonce: [6; 12],
    };
    let file = KeyFile::wrap_with_pin(&secret, "Chief", "975310", Cost::MIN, entropy).unwrap();
    let mut key = TabletKey::new(file).unwrap();
    assert_eq!(
        key.export("975310", "short pass", 0, entropy).unwrap_err(),
        UnlockError::Key(KeyError::PassphraseTooShort { min: 12 })
    );
    assert!(matches!(
        key.export("123456", "correct horse battery", 0, entropy),
        Err(UnlockError::WrongPin { .. })
    ));
    let exported = key
        .export("975310", "correct horse battery", 0, entropy)
        .unwrap();
    assert_eq!(
        exported.unwrap("correct horse batterY").unwrap_err(),
        KeyError::WrongPassphrase
    );
    let on_new_tablet = exported.unwrap("correct horse battery").unwrap();
    assert_eq!(on_new_tablet.public_key(), secret.public_key());
    // A tablet keeps only the PIN-wrapped form.
    assert_eq!(
        TabletKey::new(exported).unwrap_err(),
        KeyError::NotPinWrapped
    );
}

#[test]
fn a_public_key_is_shared_as_text_and_its_fingerprint_checks_it() {
    let recipient = to("Chief Arbiter", &chief());
    let fingerprint = chief().public_key().fingerprint();
    assert_eq!(fingerprint.len(), 19);
    assert_eq!(
        Recipient::parse(&recipient.to_json(), "").unwrap(),
        recipient
    );
    let bare = Recipient::parse(&chief().public_key().to_hex().to_uppercase(), "Chief").unwrap();
    assert_eq!(bare.public_key, recipient.public_key);
    let mistyped = recipient.to_json().replacen(&fingerprint[..4], "0000", 1);
    assert!(matches!(
        Recipient::parse(&mistyped, ""),
        Err(KeyError::FingerprintMismatch { .. })
    ));
    assert_eq!(PublicKey::from_hex("12ab").unwrap_err(), KeyError::NotAKey);
}

/// A PIN envelope as the first release (before keys) serialised it,
/// committed as it was written: it reads back byte for byte, opens with
/// its PIN, and is sealed again to the arbiter's key, logged.
#[test]
fn a_first_release_pin_envelope_still_opens_and_is_resealed() {
    let file = include_str!("cases/envelope/pin-envelope-first-release.json").trim_end();
    let old: SealedEnvelope = serde_json::from_str(file).unwrap();
    assert_eq!(serde_json::to_string(&old).unwrap(), file);
    assert!(old.check_fingerprint().is_ok());
    assert!(old.is_sealed_under_pin());
    assert_eq!(old.open("2469"), Err(OpenError::WrongPin));
    assert_eq!(old.open("2468").unwrap().text, "Ra8");
    assert_eq!(old.open_with_key(&chief()), Err(OpenError::SealedUnderPin));

    let resealed = old
        .reseal_to_keys("2468", &[to("Chief", &chief())], [7; 32])
        .unwrap();
    assert_eq!(resealed.envelope(), old.envelope());
    assert_ne!(resealed.fingerprint(), old.fingerprint());
    assert!(!resealed.is_sealed_under_pin());
    assert_eq!(resealed.open_with_key(&chief()).unwrap().text, "Ra8");
    assert!(matches!(
        old.reseal_to_keys("1111", &[to("Chief", &chief())], [7; 32]),
        Err(laws::adjournment::AmendError::Open(OpenError::WrongPin))
    ));

    // In the log: sealed (the old envelope), verified, re-sealed.
    let mut adjournment = Adjournment::new(AdjournmentRules::default());
    let sealer = old.envelope().sealer;
    for event in [
        AdjournmentEvent::SealRequested {
            sealer,
            session_end_ms: 0,
        },
        AdjournmentEvent::Sealed {
            envelope: Box::new(old.clone()),
        },
        AdjournmentEvent::Verified {
            game: Box::new(old.envelope().clone()),
        },
    ] {
        adjournment.apply(event, 1_000, None).unwrap();
    }
    // Another outside is not a re-seal.
    let mut other_outside = old.envelope().clone();
    other_outside.time_used.white_ms += 1;
    let other = SealedEnvelope::seal_to_keys(
        other_outside,
        &old.open("2468").unwrap(),
        &[to("Chief", &chief())],
        [8; 32],
    )
    .unwrap();
    assert_eq!(
        adjournment
            .apply(
                AdjournmentEvent::Resealed {
                    envelope: Box::new(other)
                },
                2_000,
                None
            )
            .unwrap_err(),
        AdjournmentError::ResealChangesOutside
    );
    let ruling = adjournment
        .apply(
            AdjournmentEvent::Resealed {
                envelope: Box::new(resealed.clone()),
            },
            2_000,
            None,
        )
        .unwrap()
        .unwrap();
    assert_eq!(ruling.article, laws::article::Article::A3);
    assert!(ruling.explanation.contains(resealed.fingerprint()));
    assert_eq!(adjournment.envelopes()[0], resealed);
    assert_eq!(sealer, Side::White);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
