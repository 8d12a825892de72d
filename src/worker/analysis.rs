//! Whether the game has ended on the board: checkmate, stalemate, or a dead
//! position (9.6). The quick, sound first look runs at once; the full
//! unwinnability search runs in the analyser worker (`src/worker/main.rs`,
//! loaded only when a position needs it), so a long search never freezes
//! the screens. The messages between the two are JSON text.

use laws::claim::{self, Ending};
use laws::game::{Game, Side};
use laws::unwinnable::{self, Dead, Report};
use serde::{Deserialize, Serialize};

use crate::t;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};

/// What the worker says once it listens.
pub const READY: &str = "ready";

/// What the page asks the worker: work too long for the UI thread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// The full unwinnability analysis of a position (FEN).
    Analyse { fen: String },
    /// Every game of a PGN text as a new game, with ids made at `now_ms`
    /// (suffixes counted from `first_suffix`).
    ImportPgn {
        text: String,
        now_ms: u64,
        first_suffix: u16,
    },
}

/// A task sent to the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub task: Task,
}

/// The worker's answer to a [`Task`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Answer {
    Report(Result<Report, String>),
    /// Each game of the text, or why it could not be read.
    Games(Vec<Result<Game, String>>),
}

/// The worker's answer to [`Request`] `id`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    pub answer: Answer,
}

/// What the worker does with one request. The analysis runs within the
/// default budget, enough for every position of the analyser's test set.
/// Only the worker reads PGN (the `worker` feature): the PGN reader brings
/// shakmaty's attack tables, which the page's first load does without.
#[cfg(feature = "worker")]
#[must_use]
pub fn answer(request: &Request) -> Reply {
    let answer = match &request.task {
        Task::Analyse { fen } => Answer::Report(analyse(fen)),
        Task::ImportPgn {
            text,
            now_ms,
            first_suffix,
        } => Answer::Games(import_pgn(text, *now_ms, *first_suffix)),
    };
    Reply {
        id: request.id,
        answer,
    }
}

#[cfg(feature = "worker")]
fn analyse(fen: &str) -> Result<Report, String> {
    fen.parse::<Fen>()
        .map_err(|e| format!("not a FEN: {e}"))
        .and_then(|fen| {
            fen.into_position::<Chess>(shakmaty::CastlingMode::Standard)
                .map_err(|e| format!("not a legal position: {e}"))
        })
        .map(|position| unwinnable::analyse(&position, unwinnable::Budget::DEFAULT))
}

#[cfg(feature = "worker")]
fn import_pgn(text: &str, now_ms: u64, first_suffix: u16) -> Vec<Result<Game, String>> {
    let mut suffix = first_suffix;
    laws::pgn::import(text.as_bytes())
        .into_iter()
        .map(|imported| {
            let game = imported.map_err(|e| e.to_string())?;
            let id = crate::state::game_id(now_ms, suffix);
            suffix = suffix.wrapping_add(1);
            laws::game_pgn::import(&game, &id, now_ms)
                .map_err(|e| format!("game {}: {e}", game.number))
        })
        .collect()
}

/// How the game stands on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Checkmate {
        winner: Side,
    },
    Stalemate,
    /// No series of legal moves can lead to checkmate (9.6).
    Dead,
    /// Play goes on.
    Alive,
    /// Not decided within the search budget: no verdict either way.
    Undetermined,
}

impl Standing {
    /// What the arbiter reads, with the article.
    #[must_use]
    pub fn words(self) -> Option<&'static str> {
        match self {
            Standing::Checkmate {
                winner: Side::White,
            } => Some(t!(
                "Checkmate: White wins (5.1a).",
                "Mat: wygrywają białe (5.1a)."
            )),
            Standing::Checkmate {
                winner: Side::Black,
            } => Some(t!(
                "Checkmate: Black wins (5.1a).",
                "Mat: wygrywają czarne (5.1a)."
            )),
            Standing::Stalemate => Some(t!(
                "Stalemate: the game is drawn (5.2a).",
                "Pat: partia kończy się remisem (5.2a)."
            )),
            Standing::Dead => Some(t!(
                "Dead position: no series of legal moves can lead to checkmate (9.6).",
                "Pozycja martwa: żadna seria prawidłowych posunięć nie prowadzi do mata (9.6)."
            )),
            Standing::Alive => None,
            Standing::Undetermined => Some(t!(
                "Whether the position is dead could not be decided within the search budget: no ruling under 9.6.",
                "W ramach limitu wyszukiwania nie udało się rozstrzygnąć, czy pozycja jest martwa: brak decyzji według 9.6."
            )),
        }
    }

    /// The standing from the worker's report.
    #[must_use]
    pub fn of(report: &Report) -> Standing {
        match report.dead() {
            Dead::Yes => Standing::Dead,
            Dead::No => Standing::Alive,
            Dead::Undetermined => Standing::Undetermined,
        }
    }
}

/// The standing when the rules core can tell it at once (5.1a, 5.2a, the
/// quick sound look for 9.6); `None` when the full search must decide.
#[must_use]
pub fn first_look(position: &Chess) -> Option<Standing> {
    match claim::ending(position) {
        Some(Ending::Checkmate { winner }) => Some(Standing::Checkmate { winner }),
        Some(Ending::Stalemate) => Some(Standing::Stalemate),
        None => match unwinnable::quick_dead(position) {
            Dead::Yes => Some(Standing::Dead),
            Dead::No => Some(Standing::Alive),
            Dead::Undetermined => None,
        },
    }
}

/// The FEN sent to the worker.
#[must_use]
pub fn fen(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use shakmaty::CastlingMode;

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[cfg(feature = "worker")]
    #[test]
    fn a_closed_position_needs_the_full_search_to_be_found_dead() {
        // The white king can never pass the h-file wall; Black's king, alone,
        // cannot mate either (the analyser's test set).
        for (fen, standing) in [
            ("2k5/6p1/6P1/6PK/6P1/6PR/7P/8 w - - 1 2", Standing::Dead),
            ("1k6/6p1/6P1/6PK/6P1/7R/6PP/8 b - - 0 1", Standing::Alive),
        ] {
            assert_eq!(first_look(&position(fen)), None, "{fen}");
            let report = analyse(fen).unwrap();
            assert_eq!(Standing::of(&report), standing, "{fen}");
        }
    }

    #[test]
    fn mates_stalemates_and_plain_dead_positions_are_told_at_once() {
        let mate = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(
            first_look(&mate),
            Some(Standing::Checkmate {
                winner: Side::Black
            })
        );
        let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(first_look(&stalemate), Some(Standing::Stalemate));
        let bare_kings = position("8/8/4k3/8/8/4K3/8/8 w - - 0 1");
        assert_eq!(first_look(&bare_kings), Some(Standing::Dead));
        assert_eq!(first_look(&Chess::default()), Some(Standing::Alive));
    }

    #[cfg(feature = "worker")]
    #[test]
    fn the_worker_answers_with_the_full_analysis_or_says_why_not() {
        let locked = "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1";
        let reply = answer(&Request {
            id: 7,
            task: Task::Analyse { fen: locked.into() },
        });
        assert_eq!(reply.id, 7);
        let Answer::Report(report) = &reply.answer else {
            panic!("not a report: {reply:?}");
        };
        assert_eq!(Standing::of(report.as_ref().unwrap()), Standing::Dead);
        assert!(
            analyse("not a position")
                .unwrap_err()
                .starts_with("not a FEN")
        );
        let json = serde_json::to_string(&reply).unwrap();
        let back = serde_json::from_str::<Reply>(&json).unwrap();
        assert!(matches!(back.answer, Answer::Report(Ok(r)) if Some(&r) == report.as_ref().ok()));
    }

    #[cfg(feature = "worker")]
    #[test]
    fn the_worker_reads_each_pgn_game_or_says_why_not() {
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n\n\
                    [White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n";
        let reply = answer(&Request {
            id: 9,
            task: Task::ImportPgn {
                text: text.into(),
                now_ms: 1_000,
                first_suffix: 0xfffe,
            },
        });
        let Answer::Games(games) = reply.answer else {
            panic!("not games");
        };
        assert_eq!(games.len(), 2);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.id(), "rs-fffe");
        assert_eq!(first.setup().white.name, "A");
        assert_eq!(first.fold().unwrap().sheet.next_slot().number, 2);
        assert!(games[1].as_ref().unwrap_err().contains("Ke3"), "{games:?}");
        // The games travel to the page as JSON and arrive whole.
        let json = serde_json::to_string(&games).unwrap();
        let back: Vec<Result<Game, String>> = serde_json::from_str(&json).unwrap();
        assert_eq!(back[0].as_ref().unwrap().head(), first.head());
    }
}
