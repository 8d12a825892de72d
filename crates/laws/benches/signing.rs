//! What signing costs an event: each tablet signs every document it writes
//! (one signature per press, paid once), and a tablet checks the newest
//! signature of each game it takes (one check covers the entries the chain
//! hash behind it seals). A wasm build on a tablet is a few times slower.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use laws::signing::SigningKey;

fn bench_signing(c: &mut Criterion) {
    let board = SigningKey::from_seed([7; 32]);
    let public = board.verifying_key();
    // What an entry's signature covers: the game, the place, the chain hash.
    let message = format!(
        "arbiter event entry v1\0board7~mxa5wo6w-ded6\042\0{}",
        "ab".repeat(32)
    );
    let signature = board.sign(message.as_bytes());
    c.bench_function("sign an entry", |b| {
        b.iter(|| board.sign(black_box(message.as_bytes())));
    });
    c.bench_function("check an entry's signature", |b| {
        b.iter(|| public.verify(black_box(message.as_bytes()), black_box(&signature)));
    });
}

criterion_group!(benches, bench_signing);
criterion_main!(benches);
