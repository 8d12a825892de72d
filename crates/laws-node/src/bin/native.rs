//! The native side of `scripts/compare-speed.mjs`: times
//! [`laws_node::summary`] on a PGN file, and for reference the least any
//! validator on the same libraries does (pgn-reader's SAN replayed with
//! shakmaty, nothing kept). Prints one line of JSON: for each, the summary
//! and the duration of every timed run in milliseconds.
//!
//! `native FILE.pgn [WARMUPS RUNS]` (default 3 warm-ups, 15 runs); `-` for
//! the file reads standard input.

use std::{ops::ControlFlow, time::Instant};

use laws_node::Summary;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, warmups, runs) = match args.as_slice() {
        [path] => (path, 3, 15),
        [path, warmups, runs] => (
            path,
            warmups.parse().expect("warm-ups: a number"),
            runs.parse().expect("runs: a number"),
        ),
        _ => {
            eprintln!("usage: native FILE.pgn [WARMUPS RUNS]");
            std::process::exit(2);
        }
    };
    let pgn = if path == "-" {
        let mut pgn = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut pgn).map(|_| pgn)
    } else {
        std::fs::read(path)
    }
    .unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let time = |work: fn(&[u8]) -> Summary| {
        let summary = work(&pgn);
        for _ in 0..warmups {
            std::hint::black_box(work(std::hint::black_box(&pgn)));
        }
        let runs_ms: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                let again = work(std::hint::black_box(&pgn));
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                assert_eq!(again, summary);
                ms
            })
            .collect();
        serde_json::json!({ "summary": summary, "runs_ms": runs_ms })
    };
    println!(
        "{}",
        serde_json::json!({ "laws": time(laws_node::summary), "alone": time(alone) })
    );
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
