//! An event's games as the board tablets push them to its CouchDB database,
//! for `scripts/event-scale.mjs`: real games (the moves of TWIC games with
//! at least as many moves), each played on its tablet with the clock: the
//! clock started, then for every half-move the move written with the
//! player's clock reading and the clock pressed, at realistic times ending
//! about now. The documents are the app's own (`event::docs`), hash chain,
//! revisions and signatures included: each board signs with its own key.
//!
//!     cargo run --features worker --example event_games -- --boards 200 --moves 80 --more 2 --rounds 1 --now-ms <ms>
//!
//! Prints one JSON line per board of each round: `{"round", "board",
//! "game", "docs", "more"}`: `docs` the setup document and the log's
//! entries through move `--moves`, `more` the half-moves of the `--more`
//! moves after it, each a list of its documents (the written move, the
//! press), for the script to push later as live changes. With `--rounds N`
//! the rounds before the last are over: each game of them ends after
//! `--moves` moves (White resigns on odd boards, a draw is agreed on even
//! ones), six hours a round before the last, and has no `more`.

use arbiter::event::docs::{EventDoc, game_doc};
use arbiter::state::game_id;
use laws::clock::ClockAction;
use laws::game::{Event, Game, GameResult, Player, Setup, Side};
use laws::scoresheet::Entry;
use laws::signing::SigningKey;
use serde_json::{Value, json};

const TWIC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/crates/laws/tests/data/twic1599_1000k.pgn"
);

fn option(args: &[String], name: &str, fallback: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|at| args.get(at + 1))
        .map_or(fallback, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, not {v:?}"))
        })
}

/// Thinking times that look like a game's: 4 to 94 seconds, from a
/// xorshift seeded by the board, so a run can be repeated.
struct Thinking(u64);

impl Thinking {
    fn next_ms(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        4_000 + self.0 % 90_000
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards = option(&args, "--boards", 200);
    let moves = option(&args, "--moves", 80) as usize;
    let more = option(&args, "--more", 2) as usize;
    let now_ms = option(&args, "--now-ms", 1_764_000_000_000);
    let rounds = option(&args, "--rounds", 1);
    let plies = 2 * (moves + more);
    let text = std::fs::read(TWIC).expect("the TWIC file of crates/laws/tests/data");
    let real: Vec<_> = laws::pgn::import(text.as_slice())
        .into_iter()
        .filter_map(Result::ok)
        .filter(|g| g.moves.len() >= plies)
        .collect();
    assert!(
        !real.is_empty(),
        "no game of the TWIC file has {plies} half-moves"
    );
    for round in 1..=rounds {
        // A past round ended six hours a round before the last.
        let now_ms = now_ms - (rounds - round) * 6 * 3_600_000;
        let past = round < rounds;
        for board in 1..=boards {
            let record = &real[(board as usize - 1) % real.len()];
            let name = |tag: &str, side: &str| {
                record
                    .tag(tag)
                    .map_or_else(|| format!("{side} {board}"), str::to_owned)
            };
            let setup = Setup {
                white: Player::named(name("White", "White")),
                black: Player::named(name("Black", "Black")),
                event: "Scale test open".into(),
                round: round.to_string(),
                board: board.to_string(),
                ..Setup::default()
            };
            // Times first, so that the last press falls a few seconds ago.
            let mut thinking = Thinking(0x9e37_79b9_7f4a_7c15 ^ board);
            let pauses: Vec<u64> = (0..plies).map(|_| thinking.next_ms()).collect();
            let started = now_ms - pauses.iter().sum::<u64>() - 2_000 * plies as u64 - board * 97;
            let created = started - 120_000;
            // Made on the board's tablet, under its account (`board7~…`).
            let id = format!("board{board}~{}", game_id(created, board as u16));
            let mut game = Game::new(id, setup, created);
            let plies = if past { 2 * moves } else { plies };
            game.apply(
                Event::Clock(ClockAction::Start { side: Side::White }),
                started,
            )
            .expect("the clock starts");
            let mut at = started;
            let mut ends = Vec::with_capacity(plies);
            for (ply, (mv, pause)) in record.moves.iter().zip(&pauses).take(plies).enumerate() {
                let side = if ply % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                at += pause;
                let clock = game.clock().map(|c| c.remaining(side, at));
                let entry = Entry {
                    clock_ms: clock,
                    ..Entry::written(mv.san.to_string())
                };
                game.apply(Event::Recorded(entry), at).expect("a real move");
                // Written, then pressed.
                at += 2_000;
                game.apply(Event::Clock(ClockAction::Press { side }), at)
                    .expect("the press");
                ends.push(game.log().len());
            }
            if past {
                let result = if board % 2 == 1 {
                    GameResult::Resigned { by: Side::White }
                } else {
                    GameResult::DrawAgreed
                };
                game.apply(Event::Result(result), at + 10_000)
                    .expect("the game ends");
            }
            // The board tablet's own key, the same on every run.
            let mut seed = [0; 32];
            seed[..8].copy_from_slice(&board.to_le_bytes());
            let key = SigningKey::from_seed(seed);
            let doc = |index: usize| {
                serde_json::to_value(EventDoc::of(&game, index, &key)).expect("JSON")
            };
            let played = if past {
                game.log().len()
            } else {
                ends[2 * moves - 1]
            };
            let mut docs = vec![game_doc(&game, &key)];
            docs.extend((0..played).map(doc));
            let later: Vec<Value> = ends[2 * moves..]
                .iter()
                .scan(played, |from, &to| {
                    let change: Vec<Value> = (*from..to).map(doc).collect();
                    *from = to;
                    Some(Value::from(change))
                })
                .collect();
            println!(
                "{}",
                json!({"round": round, "board": board.to_string(), "game": game.id(), "docs": docs, "more": later})
            );
        }
    }
}
