//! How long sealing and opening an envelope take: the key derivation
//! (PBKDF2-HMAC-SHA256, `DEFAULT_ITERATIONS` rounds) is the cost, paid once
//! when the player stops his clock and once when the arbiter opens it.
//! A wasm build on a tablet is several times slower than this native figure.
//! Envelopes sealed to keys cost an X25519 exchange per recipient; the
//! arbiter's PIN costs one Argon2id derivation when his key is unwrapped.

#[path = "../tests/envelope_outside/mod.rs"]
mod envelope_outside;

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use laws::adjournment::{
    DEFAULT_ITERATIONS, Entropy, Envelope, SealedEnvelope, SealedMove, TimeUsed,
};
use laws::notation::NotationLang;
use laws::sealing::arbiter_key::{ArbiterSecret, Cost, KeyFile, Recipient};

fn outside() -> Envelope {
    let time_used = TimeUsed {
        white_ms: 3_600_000,
        black_ms: 3_000_000,
    };
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    envelope_outside::outside(
        fen,
        &["e4".into(), "e5".into(), "Nf3".into(), "Nc6".into()],
        time_used,
        None,
    )
}

fn bench_envelope(c: &mut Criterion) {
    let sealed_move = SealedMove {
        text: "Bb5".into(),
        lang: NotationLang::En,
    };
    let entropy = Entropy {
        salt: [7; 16],
        nonce: [9; 12],
    };
    let mut group = c.benchmark_group("envelope");
    group.sample_size(10);
    group.bench_function("seal (150k rounds)", |b| {
        b.iter(|| {
            SealedEnvelope::seal(
                outside(),
                black_box(&sealed_move),
                "2468",
                DEFAULT_ITERATIONS,
                entropy,
            )
        })
    });
    let sealed =
        SealedEnvelope::seal(outside(), &sealed_move, "2468", DEFAULT_ITERATIONS, entropy).unwrap();
    group.bench_function("open (150k rounds)", |b| {
        b.iter(|| black_box(&sealed).open("2468"))
    });
    group.bench_function("check fingerprint", |b| {
        b.iter(|| black_box(&sealed).check_fingerprint())
    });
    let secret = ArbiterSecret::from_seed(&[3; 32]);
    let recipients = [
        Recipient::new("Chief", secret.public_key()),
        Recipient::new("Deputy", ArbiterSecret::from_seed(&[4; 32]).public_key()),
    ];
    group.bench_function("seal to two keys (HPKE)", |b| {
        b.iter(|| {
            SealedEnvelope::seal_to_keys(outside(), black_box(&sealed_move), &recipients, [5; 32])
        })
    });
    let to_keys =
        SealedEnvelope::seal_to_keys(outside(), &sealed_move, &recipients, [5; 32]).unwrap();
    group.bench_function("open with a key (HPKE)", |b| {
        b.iter(|| black_box(&to_keys).open_with_key(&secret))
    });
    let wrapped =
        KeyFile::wrap_with_pin(&secret, "Chief", "246813", Cost::DEFAULT, entropy).unwrap();
    group.bench_function(
        "unwrap the arbiter's key (Argon2id 64 MiB, 3 passes)",
        |b| b.iter(|| black_box(&wrapped).unwrap("246813")),
    );
    group.finish();
}

criterion_group!(benches, bench_envelope);
criterion_main!(benches);
