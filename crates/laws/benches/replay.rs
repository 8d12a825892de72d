//! Replaying the SAN of many games: the 1,110 over-the-board games of
//! TWIC 1599 (from pgn-reader's benches, in `tests/data/`), imported from
//! PGN one by one ([`pgn::games`], as [`pgn::import`] reads them) and
//! checked move by move. Reported as games per second.
//! `scripts/compare-speed.mjs` does the same work in wasm and natively
//! (crates/laws-bench), beside chess.js and chessops.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use laws::pgn::{self, GameCheck};

const TWIC: &[u8] = include_bytes!("../tests/data/twic1599_1000k.pgn");

fn replay(c: &mut Criterion) {
    let games = pgn::import(TWIC).len();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(games as u64));
    group.sample_size(20);
    group.bench_function("twic1599", |b| {
        b.iter(|| {
            let clean = pgn::games(std::hint::black_box(TWIC))
                .filter(|g| GameCheck::of(g).problem.is_none())
                .count();
            assert_eq!(clean, games);
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
