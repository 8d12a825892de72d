//! How long reading a written move takes: it runs on every move the app
//! records, and on every move of a PGN file checked in batch.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use laws::notation::{NotationLang, read, write};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn middlegame() -> Chess {
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
        .parse::<Fen>()
        .expect("valid fen")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn bench_read(c: &mut Criterion) {
    let position = middlegame();
    for (text, lang) in [
        ("Nf3", NotationLang::En),
        ("cxd5", NotationLang::En),
        ("Ld3", NotationLang::De),
        ("Nb5+!?", NotationLang::En),
        ("nb5", NotationLang::En),
        ("0-0", NotationLang::En),
        ("Sf3", NotationLang::En),
        ("Qh5", NotationLang::En),
    ] {
        c.bench_function(&format!("read {text} ({lang})"), |b| {
            b.iter(|| read(black_box(&position), black_box(text), lang))
        });
    }
    c.bench_function("write every legal move", |b| {
        b.iter(|| {
            for m in &position.legal_moves() {
                black_box(write(&position, m, NotationLang::Ru));
            }
        })
    });
}

criterion_group!(benches, bench_read);
criterion_main!(benches);
