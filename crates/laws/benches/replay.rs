//! Replaying the SAN of many games: the 1,110 over-the-board games of
//! TWIC 1599 (from pgn-reader's benches, in `tests/data/`), imported from
//! PGN and checked move by move. Reported as games per second.

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
            let clean = pgn::import(std::hint::black_box(TWIC))
                .iter()
                .filter(|g| GameCheck::of(g).problem.is_none())
                .count();
            assert_eq!(clean, games);
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
