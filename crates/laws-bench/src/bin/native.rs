//! The native side of `scripts/compare-speed.mjs`: times
//! [`laws_bench::summary`] on a PGN file, and for reference the least any
//! validator on the same libraries does (pgn-reader's SAN replayed with
//! shakmaty, nothing kept).
//!
//! `native FILE.pgn`: for each line read from standard input, `laws N` or
//! `alone N`, N passes of that work over the file, answered by one line of
//! JSON: the summary and the time the N passes took, in milliseconds.
//! Passes asked for a few at a time let the script time them between its
//! own, moments apart.

use std::{
    io::{BufRead, Write},
    num::NonZeroU32,
    ops::ControlFlow,
    time::Instant,
};

use laws_bench::Summary;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

fn main() {
    let path = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [path] => path.clone(),
        _ => {
            eprintln!(
                "usage: native FILE.pgn (then `laws N` or `alone N` on each line of standard input)"
            );
            std::process::exit(2);
        }
    };
    let pgn = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input: text");
        let (name, count) = line.trim().split_once(' ').unwrap_or((line.trim(), "1"));
        let work: fn(&[u8]) -> Summary = match name {
            "laws" => laws_bench::summary,
            "alone" => alone,
            other => {
                eprintln!("native: no work called {other:?} (laws or alone)");
                std::process::exit(2);
            }
        };
        let count: NonZeroU32 = count.parse().unwrap_or_else(|_| {
            eprintln!("native: {count:?} is no count of passes (1 or more)");
            std::process::exit(2);
        });
        let start = Instant::now();
        let summary = work(std::hint::black_box(&pgn));
        for _ in 1..count.get() {
            assert_eq!(
                work(std::hint::black_box(&pgn)),
                summary,
                "every pass reads alike"
            );
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        writeln!(
            out,
            "{}",
            serde_json::json!({ "summary": summary, "ms": ms })
        )
        .and_then(|()| out.flush())
        .expect("standard output");
    }
}

/// pgn-reader and shakmaty alone: each mainline SAN made a legal move and
/// played, from the standard starting position; nothing else read or kept.
fn alone(pgn: &[u8]) -> Summary {
    struct Replay(Summary);
    impl Visitor for Replay {
        type Tags = ();
        type Movetext = Chess;
        type Output = ();

        fn begin_tags(&mut self) -> ControlFlow<()> {
            self.0.games += 1;
            ControlFlow::Continue(())
        }

        fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Chess> {
            ControlFlow::Continue(Chess::default())
        }

        fn san(&mut self, position: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
            match san_plus.san.to_move(position) {
                Ok(mv) => {
                    position.play_unchecked(mv);
                    self.0.plies += 1;
                    ControlFlow::Continue(())
                }
                Err(_) => {
                    self.0.errors += 1;
                    ControlFlow::Break(())
                }
            }
        }

        fn end_game(&mut self, _: Chess) {}
    }
    let mut replay = Replay(Summary {
        games: 0,
        plies: 0,
        errors: 0,
    });
    let mut reader = Reader::new(pgn);
    while let Ok(Some(())) = reader.read_game(&mut replay) {}
    replay.0
}
