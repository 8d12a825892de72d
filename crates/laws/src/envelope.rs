//! What is written on the envelope (A2) and the arbiter's check of it (A3).

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use crate::side::Side;

/// The time used by each player, in milliseconds (A2c, A5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeUsed {
    pub white_ms: u64,
    pub black_ms: u64,
}

impl TimeUsed {
    #[must_use]
    pub fn of(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        }
    }

    /// `self` with `ms` more charged to `side`.
    #[must_use]
    pub fn charged(mut self, side: Side, ms: u64) -> TimeUsed {
        match side {
            Side::White => self.white_ms += ms,
            Side::Black => self.black_ms += ms,
        }
        self
    }

    /// A1b: a player who adjourns before the nominal end of the session is
    /// considered to have sealed at that end, so the rest of the session is
    /// charged to him.
    ///
    /// ```
    /// use laws::adjournment::TimeUsed;
    /// use laws::game::Side;
    ///
    /// let used = TimeUsed { white_ms: 3_000_000, black_ms: 2_000_000 };
    /// // Black stops his clock ten minutes before the session ends.
    /// let charged = used.charged_to_session_end(Side::Black, 10_000, 610_000);
    /// assert_eq!(charged, TimeUsed { white_ms: 3_000_000, black_ms: 2_600_000 });
    /// // Sealing at or after the end charges nothing more.
    /// assert_eq!(used.charged_to_session_end(Side::Black, 700_000, 610_000), used);
    /// ```
    #[must_use]
    pub fn charged_to_session_end(
        self,
        sealer: Side,
        sealed_at_ms: u64,
        session_end_ms: u64,
    ) -> TimeUsed {
        self.charged(sealer, session_end_ms.saturating_sub(sealed_at_ms))
    }
}

impl fmt::Display for TimeUsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "White {}, Black {}",
            hms(self.white_ms),
            hms(self.black_ms)
        )
    }
}

pub(super) use crate::clock::clock_face as hms;

/// Date, time and venue of resumption of play (A2g), as announced.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumption {
    /// e.g. `2026-11-30`.
    pub date: String,
    /// e.g. `10:00`.
    pub time: String,
    pub venue: String,
}

/// The outside of the envelope: everything A2 asks for, in plain text, plus
/// the game's identification. The sealed move itself is not here: it is in
/// the ciphertext of a sealed envelope (`sealing::seal`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    pub event: String,
    pub round: String,
    pub board: String,
    pub arbiter: String,
    /// A2a: the names of the players.
    pub white: String,
    pub black: String,
    /// A2b: the position immediately before the sealed move (FEN).
    pub fen: String,
    /// A2b: the game so far, in SAN, as a check on the position.
    #[serde(default)]
    pub moves: Vec<String>,
    /// A2c: the time used by each player.
    pub time_used: TimeUsed,
    /// A2d: who sealed the move.
    pub sealer: Side,
    /// A2e: the number of the sealed move.
    pub move_number: u32,
    /// A2f: the side whose draw offer is current, if any.
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// A2g: date, time and venue of resumption.
    pub resumption: Resumption,
    /// A9c: the fingerprint of the envelope whose sealed move this one answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replies_to: Option<String>,
}

impl Envelope {
    /// The player who must reply to the sealed move.
    #[must_use]
    pub fn replier(&self) -> Side {
        self.sealer.opponent()
    }

    /// A2b: the moves so far with their numbers ("1. e4 e5 2. Nf3"),
    /// counted back from the sealed move: its number (A2e) and who seals it
    /// (A2d). A game set up from a position starts at its own number.
    ///
    /// ```
    /// # use laws::adjournment::{Envelope, Resumption, TimeUsed};
    /// # use laws::side::Side;
    /// let mut envelope = Envelope {
    ///     event: "Club ch.".into(),
    ///     round: "5".into(),
    ///     board: "2".into(),
    ///     arbiter: String::new(),
    ///     white: "Kowalski, Jan".into(),
    ///     black: "Nowak, Anna".into(),
    ///     fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".into(),
    ///     moves: ["e4", "e5", "Nf3"].map(String::from).to_vec(),
    ///     time_used: TimeUsed::default(),
    ///     sealer: Side::Black,
    ///     move_number: 2,
    ///     draw_offer: None,
    ///     resumption: Resumption::default(),
    ///     replies_to: None,
    /// };
    /// assert_eq!(envelope.numbered_moves(), "1. e4 e5 2. Nf3");
    /// // A game set up at move 30, White sealing at move 31 after one move of Black's.
    /// envelope.moves = vec!["Kb1".into()];
    /// envelope.sealer = Side::White;
    /// envelope.move_number = 31;
    /// assert_eq!(envelope.numbered_moves(), "30… Kb1");
    /// ```
    #[must_use]
    pub fn numbered_moves(&self) -> String {
        // Half-moves from move 1 to the sealed move.
        let sealed_at = 2 * self.move_number.saturating_sub(1) as usize
            + usize::from(self.sealer == Side::Black);
        let first = sealed_at.saturating_sub(self.moves.len());
        self.moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let ply = first + i;
                match (ply % 2, i) {
                    (0, _) => format!("{}. {mv}", ply / 2 + 1),
                    (_, 0) => format!("{}… {mv}", ply / 2 + 1),
                    _ => mv.clone(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The name of `side` as written on the envelope.
    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Checks that the envelope is filled in and consistent with itself, and
    /// returns the position before the sealed move.
    pub fn position(&self) -> Result<Chess, EnvelopeError> {
        for side in [Side::White, Side::Black] {
            if self.name(side).trim().is_empty() {
                return Err(EnvelopeError::MissingName(side));
            }
        }
        let position = parse_fen(&self.fen)?;
        if position.turn() != Color::from(self.sealer) {
            return Err(EnvelopeError::SealerNotToMove {
                sealer: self.sealer,
            });
        }
        let number = position.fullmoves().get();
        if number != self.move_number {
            return Err(EnvelopeError::WrongMoveNumber {
                on_envelope: self.move_number,
                in_position: number,
            });
        }
        // Only mate and stalemate: a dead position nobody noticed can still
        // be adjourned, and A8 and A10 then rule on it.
        if position.legal_moves().is_empty() {
            return Err(EnvelopeError::GameOver);
        }
        let r = &self.resumption;
        for (field, value) in [("date", &r.date), ("time", &r.time), ("venue", &r.venue)] {
            if value.trim().is_empty() {
                return Err(EnvelopeError::MissingResumption(field));
            }
        }
        Ok(position)
    }

    /// A3: the arbiter's checklist of this envelope against `game`, the
    /// same items as the game's own record shows them.
    ///
    /// ```
    /// # use laws::adjournment::{Envelope, Resumption, TimeUsed};
    /// # use laws::game::Side;
    /// # let envelope = Envelope {
    /// #     event: "Club ch.".into(), round: "3".into(), board: "1".into(), arbiter: "A. Arbiter".into(),
    /// #     white: "White".into(), black: "Black".into(),
    /// #     fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
    /// #     moves: vec!["e4".into()], time_used: TimeUsed { white_ms: 1000, black_ms: 0 },
    /// #     sealer: Side::Black, move_number: 1, draw_offer: None,
    /// #     resumption: Resumption { date: "2026-11-30".into(), time: "10:00".into(), venue: "Hall".into() },
    /// #     replies_to: None,
    /// # };
    /// let mut game = envelope.clone();
    /// game.time_used.black_ms += 60_000;
    /// let checklist = envelope.checklist(&game);
    /// assert!(!checklist.is_complete());
    /// assert_eq!(checklist.mismatches().map(|c| c.item.as_str()).collect::<Vec<_>>(), ["A2c"]);
    /// ```
    #[must_use]
    pub fn checklist(&self, game: &Envelope) -> Checklist {
        let names = |e: &Envelope| format!("{} - {}", e.white, e.black);
        let position = |e: &Envelope| match parse_fen(&e.fen) {
            // Compare positions, not spellings of the same FEN.
            Ok(p) => format!(
                "{} after {}",
                Fen::from_position(&p, EnPassantMode::Legal),
                e.moves.join(" ")
            ),
            Err(_) => format!("{} (not a position) after {}", e.fen, e.moves.join(" ")),
        };
        let offer = |e: &Envelope| {
            e.draw_offer
                .map_or_else(|| "none".to_owned(), |s| format!("by {s}"))
        };
        let resumption = |e: &Envelope| {
            let r = &e.resumption;
            format!("{} {}, {}", r.date, r.time, r.venue)
        };
        let details = |e: &Envelope| {
            format!(
                "{}, round {}, board {}, arbiter {}",
                e.event, e.round, e.board, e.arbiter
            )
        };
        let item = |item: &str, show: &dyn Fn(&Envelope) -> String| {
            Check::new(item, show(self), show(game))
        };
        Checklist {
            items: vec![
                item("A2a", &names),
                item("A2b", &position),
                item("A2c", &|e| e.time_used.to_string()),
                item("A2d", &|e| e.name(e.sealer).to_owned()),
                item("A2e", &|e| e.move_number.to_string()),
                item("A2f", &offer),
                item("A2g", &resumption),
                item("details", &details),
            ],
        }
    }
}

pub(super) fn parse_fen(fen: &str) -> Result<Chess, EnvelopeError> {
    let bad = |reason: String| EnvelopeError::BadPosition {
        fen: fen.to_owned(),
        reason,
    };
    let parsed: Fen = fen.parse().map_err(|e| bad(format!("{e}")))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| bad(format!("{e}")))
}

/// One line of the arbiter's A3 checklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The A2 item (`A2a` ... `A2g`) or `details` (event, round, board, arbiter).
    pub item: String,
    pub on_envelope: String,
    pub in_game: String,
    pub matches: bool,
}

impl Check {
    fn new(item: &str, on_envelope: String, in_game: String) -> Check {
        Check {
            item: item.to_owned(),
            matches: on_envelope == in_game,
            on_envelope,
            in_game,
        }
    }
}

/// A3: every item of A2 on the envelope against the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checklist {
    pub items: Vec<Check>,
}

impl Checklist {
    /// Every item matches: the envelope can be verified.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.items.iter().all(|c| c.matches)
    }

    pub fn mismatches(&self) -> impl Iterator<Item = &Check> {
        self.items.iter().filter(|c| !c.matches)
    }
}

impl fmt::Display for Checklist {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wrong: Vec<String> = self
            .mismatches()
            .map(|c| {
                format!(
                    "{}: envelope says {:?}, the game {:?}",
                    c.item, c.on_envelope, c.in_game
                )
            })
            .collect();
        if wrong.is_empty() {
            f.write_str("every item matches")
        } else {
            f.write_str(&wrong.join("; "))
        }
    }
}

/// An envelope that is not filled in properly (A2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvelopeError {
    MissingName(Side),
    BadPosition {
        fen: String,
        reason: String,
    },
    SealerNotToMove {
        sealer: Side,
    },
    WrongMoveNumber {
        on_envelope: u32,
        in_position: u32,
    },
    /// The position is already checkmate or stalemate: nothing to seal.
    GameOver,
    MissingResumption(&'static str),
}

impl fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvelopeError::MissingName(side) => write!(f, "A2a: {side}'s name is missing"),
            EnvelopeError::BadPosition { fen, reason } => {
                write!(f, "A2b: {fen:?} is not a legal position: {reason}")
            }
            EnvelopeError::SealerNotToMove { sealer } => {
                write!(
                    f,
                    "A2d: {sealer} sealed but it is not {sealer}'s move in the position"
                )
            }
            EnvelopeError::WrongMoveNumber {
                on_envelope,
                in_position,
            } => {
                write!(
                    f,
                    "A2e: the envelope says move {on_envelope} but the position is at move {in_position}"
                )
            }
            EnvelopeError::GameOver => {
                f.write_str("A2b: the game is already over in that position")
            }
            EnvelopeError::MissingResumption(field) => {
                write!(f, "A2g: the {field} of resumption is missing")
            }
        }
    }
}

impl std::error::Error for EnvelopeError {}
