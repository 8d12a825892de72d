//! Illegal positions and illegal moves: what to reinstate (Articles 7 and 4.3).
//!
//! The arbiter's panel asks [`actions_now`] for the rulings that apply to
//! the game as it stands, each with its article, what it does and the
//! explanation for the players; [`rule`] gives the ruling for one finding.
//! The parts:
//!
//! - [`replay`]: the first illegal move of the moves as the board saw
//!   them, the position before it and the clocks then (7.4, 6.13);
//! - [`touch_move`]: what 4.3 requires of the move replacing it;
//! - [`editor`]: setting up a position by hand, refusing impossible ones.
//!
//! The rulings carry the article in the numbering of the source texts
//! (7.4 for the illegal move in every edition); the edition shows in the
//! penalties and the explanation. Reinstating a position also resets the
//! move counter (later editions of 6.13): [`Effect::ReinstatePosition`]
//! says how many half-moves stand.
//!
//! ```
//! use laws::irregularity::{rule, Effect, Finding, Outcome, Situation};
//! use laws::irregularity::replay::parse_record;
//! use laws::article::Article;
//! use laws::ruleset::{Edition, Ruleset};
//!
//! // 1. e4 e5 2. Bc4 Ke7 3. Qh6??: the queen does not move that way.
//! let situation = Situation {
//!     ruleset: Ruleset::of(Edition::Fide2014),
//!     moves: parse_record("e2e4 e7e5 f1c4 e8e7 d1h6").unwrap(),
//!     ..Situation::default()
//! };
//! let ruling = rule(&Finding::illegal_move(), &situation).unwrap();
//! assert_eq!(ruling.article, Article::Art7_4);
//! assert_eq!(ruling.outcome, Outcome::Continue);
//! assert!(ruling.effects.contains(&Effect::AddTime { side: laws::game::Side::Black, ms: 120_000 }));
//! ```

pub mod editor;
mod last_move;
pub mod replay;
pub(crate) use crate::encoding as text;
pub use crate::touch_move;

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Position, Rank, Role, Square};

use crate::article::Article;
use crate::clock;
use crate::rapidplay::{self, QuickplayDecision, RapidplayError};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::time_control::Class;
use crate::unwinnable::{CanMate, can_checkmate};
use replay::{BoardMove, IllegalMove, Reinstatement, ReplayError};
use touch_move::TouchMoveError;

pub use crate::outcome::Outcome;
pub(crate) use crate::ruling::minutes;
pub use crate::ruling::{ClockReading, Effect, IllegalMoveCount, IrregularityRuling};

/// The game as the arbiter finds it: what the rulings of Article 7 need.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Situation {
    pub ruleset: Ruleset,
    /// The class of the game by its time control (the ruleset may override it).
    pub class: Class,
    /// The start position (its FEN in JSON).
    #[serde(with = "text::fen_position")]
    pub start: Chess,
    /// The moves as the board saw them, `None` (JSON `null`) where nobody can
    /// say what was played.
    pub moves: Vec<Option<BoardMove>>,
    /// The clock log: `clocks[n]` after `n` half-moves (see [`ClockReading`]).
    pub clocks: Vec<ClockReading>,
    /// The illegal moves each player made earlier in the game: the
    /// [`Effect::CountIllegalMove`]s of the rulings already carried out.
    pub illegal_moves: IllegalMoveCount,
    /// Rapidplay (B5): the claimant has touched a piece since the move he
    /// claims about.
    pub claimant_touched_piece: bool,
    /// The clocks as they show now (stopped, for a claim): needed for the
    /// flag and time rulings (B6-B8) and the 10.2 claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<ClockReading>,
}

impl Default for Situation {
    fn default() -> Situation {
        Situation {
            ruleset: Ruleset::default(),
            class: Class::Standard,
            start: Chess::default(),
            moves: Vec::new(),
            clocks: Vec::new(),
            illegal_moves: IllegalMoveCount::default(),
            claimant_touched_piece: false,
            now: None,
        }
    }
}

impl Situation {
    /// The class the rulings use.
    #[must_use]
    pub fn class(&self) -> Class {
        self.ruleset.class(self.class)
    }

    /// The moves `side` has made so far.
    #[must_use]
    pub fn moves_made(&self, side: Side) -> usize {
        let plies = self.moves.len();
        let first = Side::from(self.start.turn()) == side;
        if first { plies.div_ceil(2) } else { plies / 2 }
    }

    /// Whose move it is.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move_after(self.moves.len())
    }

    /// Whose move it is after `plies` half-moves.
    fn to_move_after(&self, plies: usize) -> Side {
        let turn = self.start.turn();
        Side::from(if plies.is_multiple_of(2) { turn } else { !turn })
    }

    /// The player who made the illegal move, when the record shows him.
    #[must_use]
    pub fn recorded_offender(&self) -> Option<Side> {
        let (reinstatement, _) = replay::find(&self.start, &self.moves, &self.clocks).ok()?;
        reinstatement.illegal.map(|illegal| illegal.side)
    }

    /// Who made the illegal move, as the record shows: the player of the
    /// first illegal half-move, or, where the record cannot identify the
    /// half-move, the player in whose box it is written. `None` when the
    /// record shows no illegal move.
    #[must_use]
    pub fn illegal_move_by(&self) -> Option<Side> {
        let (reinstatement, _) = replay::find(&self.start, &self.moves, &self.clocks).ok()?;
        Some(match reinstatement.illegal {
            Some(illegal) => illegal.side,
            None => self.to_move_after(reinstatement.ply),
        })
    }

    /// B4: in a rapidplay (or blitz) game, once each player has made his
    /// three moves, the board, the pieces and the clocks can no longer be
    /// claimed about.
    fn setup_claims_closed(&self) -> bool {
        let needed = self.ruleset.rapidplay_claim_moves as usize;
        self.class() != Class::Standard
            && self.moves_made(Side::White) >= needed
            && self.moves_made(Side::Black) >= needed
    }
}

/// What the arbiter found, as chosen on the panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "finding", rename_all = "snake_case", try_from = "StoredFinding")]
pub enum Finding {
    /// 7.1a: the pieces were set up wrongly at the start.
    WrongInitialPosition,
    /// 7.1b: the board was placed contrary to 2.1 (h1 not on White's right).
    BoardMisplaced,
    /// 7.2: the game began with colours reversed; the arbiter may order a
    /// new game instead of letting it continue.
    ColoursReversed {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        new_game_ordered: bool,
    },
    /// 7.3: `by` has just displaced one or more pieces.
    PiecesDisplaced { by: Side },
    /// 7.4: pieces were found displaced; the position after `ply` half-moves
    /// of the record was the last correct one.
    DisplacementFound { ply: usize },
    /// 7.4: an illegal move was made; the record shows where. `by` names
    /// the player who made it, as the arbiter finds (over what the record
    /// shows); without it the record shows who, or, when it cannot, nobody
    /// can say. `offender_unknown`: the arbiter finds that nobody can say
    /// who made it, whatever the record shows: no penalty. `touched` the
    /// pieces he touched for it when they are not just the moved and the
    /// captured one, or, for an en passant attempt, the pawn beside it (4.3).
    IllegalMove {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Side>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        offender_unknown: bool,
        #[serde(default, with = "text::squares", skip_serializing_if = "Vec::is_empty")]
        touched: Vec<Square>,
        /// The times the arbiter sets the clocks to, when the log has no
        /// reading it can match to the reinstated position (6.13).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockReading>,
    },
    /// 6.13, B4: a clock was set wrongly.
    ClockSetWrongly,
    /// B4: `side`'s king and queen started on each other's squares.
    KingAndQueenReversed { side: Side },
    /// The arbiter sees a flag down, and nobody claims: 6.9 in a standard
    /// game, B6 and B8 in rapidplay and blitz.
    FlagSeen,
    /// B7: `claimant` stops both clocks and claims a win on time (in a
    /// standard game, 6.9 as for a flag seen).
    TimeClaim { claimant: Side },
    /// 10.2: the player to move claims a draw; the arbiter decides.
    QuickplayClaim {
        #[serde(flatten)]
        decision: QuickplayDecision,
    },
}

/// A finding as the log holds it, read field by field: one small reader
/// in the app's first load rather than one per kind of finding.
#[derive(Deserialize)]
struct StoredFinding {
    finding: String,
    #[serde(default)]
    new_game_ordered: bool,
    #[serde(default)]
    by: Option<Side>,
    #[serde(default)]
    offender_unknown: bool,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default, with = "text::squares")]
    touched: Vec<Square>,
    #[serde(default)]
    clocks: Option<ClockReading>,
    #[serde(default)]
    side: Option<Side>,
    #[serde(default)]
    claimant: Option<Side>,
    #[serde(default)]
    decision: Option<String>,
    #[serde(default)]
    extra_time: bool,
}

impl TryFrom<StoredFinding> for Finding {
    type Error = String;

    fn try_from(stored: StoredFinding) -> Result<Finding, String> {
        let missing = |field: &str| format!("a finding {:?} needs its {field}", stored.finding);
        Ok(match stored.finding.as_str() {
            "wrong_initial_position" => Finding::WrongInitialPosition,
            "board_misplaced" => Finding::BoardMisplaced,
            "colours_reversed" => Finding::ColoursReversed {
                new_game_ordered: stored.new_game_ordered,
            },
            "pieces_displaced" => Finding::PiecesDisplaced {
                by: stored.by.ok_or_else(|| missing("by"))?,
            },
            "displacement_found" => Finding::DisplacementFound {
                ply: stored.ply.ok_or_else(|| missing("ply"))?,
            },
            "illegal_move" => Finding::IllegalMove {
                by: stored.by,
                offender_unknown: stored.offender_unknown,
                touched: stored.touched,
                clocks: stored.clocks,
            },
            "clock_set_wrongly" => Finding::ClockSetWrongly,
            "king_and_queen_reversed" => Finding::KingAndQueenReversed {
                side: stored.side.ok_or_else(|| missing("side"))?,
            },
            "flag_seen" => Finding::FlagSeen,
            "time_claim" => Finding::TimeClaim {
                claimant: stored.claimant.ok_or_else(|| missing("claimant"))?,
            },
            "quickplay_claim" => Finding::QuickplayClaim {
                decision: match stored.decision.as_deref() {
                    Some("accept") => QuickplayDecision::Accept,
                    Some("postpone") => QuickplayDecision::Postpone {
                        extra_time: stored.extra_time,
                    },
                    Some("reject") => QuickplayDecision::Reject,
                    _ => return Err(missing("decision")),
                },
            },
            other => return Err(format!("unknown finding {other:?}")),
        })
    }
}

impl Finding {
    /// An illegal move, located by the record.
    #[must_use]
    pub fn illegal_move() -> Finding {
        Finding::IllegalMove {
            by: None,
            offender_unknown: false,
            touched: Vec::new(),
            clocks: None,
        }
    }

    /// The finding in a few words, for the panel's list.
    #[must_use]
    pub fn title(&self) -> String {
        match self {
            Finding::WrongInitialPosition => "The initial position was incorrect".to_owned(),
            Finding::BoardMisplaced => "The board is placed wrongly".to_owned(),
            Finding::ColoursReversed { .. } => "The game began with colours reversed".to_owned(),
            Finding::PiecesDisplaced { by } => format!("{by} displaced pieces"),
            Finding::DisplacementFound { ply } => {
                format!("Pieces were found displaced after half-move {ply}")
            }
            Finding::IllegalMove {
                offender_unknown: true,
                ..
            } => "An illegal move was made; nobody can say by whom".to_owned(),
            Finding::IllegalMove { by: Some(by), .. } => format!("{by} made an illegal move"),
            Finding::IllegalMove { by: None, .. } => "An illegal move was made".to_owned(),
            Finding::ClockSetWrongly => "A clock was set wrongly".to_owned(),
            Finding::KingAndQueenReversed { side } => {
                format!("{side}'s king and queen started on each other's squares")
            }
            Finding::FlagSeen => "A flag is down".to_owned(),
            Finding::TimeClaim { claimant } => format!("{claimant} claims a win on time"),
            Finding::QuickplayClaim { decision } => match decision {
                QuickplayDecision::Accept => "Draw claim (10.2): accept",
                QuickplayDecision::Postpone { extra_time: true } => {
                    "Draw claim (10.2): postpone, extra time to the opponent"
                }
                QuickplayDecision::Postpone { extra_time: false } => "Draw claim (10.2): postpone",
                QuickplayDecision::Reject => "Draw claim (10.2): reject",
            }
            .to_owned(),
        }
    }
}

/// A ruling the panel can offer now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applicable {
    pub finding: Finding,
    pub title: String,
    pub ruling: IrregularityRuling,
}

/// A finding that cannot be ruled on as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IrregularityError {
    /// The record cannot give the position to reinstate.
    Replay(ReplayError),
    /// The touched pieces given for 4.3 are not on the board.
    TouchMove(TouchMoveError),
    /// A flag or 10.2 ruling without the clocks' reading now.
    NoClockReading,
    /// A flag or 10.2 ruling that does not fit the game.
    Rapidplay(RapidplayError),
    /// 6.9: both flags are down and the clocks' log does not show which
    /// fell first.
    FirstFlagUnknown,
    /// 6.9: whether the opponent of the player whose flag fell can still
    /// checkmate was not decided within what a ruling at the board allows:
    /// the arbiter decides ([`crate::clock::FlagVerdict::ArbiterDecides`]).
    FlagUndecided { flagged: Side, explanation: String },
}

impl fmt::Display for IrregularityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IrregularityError::Replay(e) => e.fmt(f),
            IrregularityError::TouchMove(e) => e.fmt(f),
            IrregularityError::NoClockReading => {
                f.write_str("this ruling needs the clocks' reading now")
            }
            IrregularityError::Rapidplay(e) => e.fmt(f),
            IrregularityError::FirstFlagUnknown => f.write_str(
                "both flags are down and the clocks' log does not show which fell first: the arbiter establishes it (6.9)",
            ),
            IrregularityError::FlagUndecided { explanation, .. } => f.write_str(explanation),
        }
    }
}

impl std::error::Error for IrregularityError {}

impl From<ReplayError> for IrregularityError {
    fn from(e: ReplayError) -> IrregularityError {
        IrregularityError::Replay(e)
    }
}

impl From<RapidplayError> for IrregularityError {
    fn from(e: RapidplayError) -> IrregularityError {
        IrregularityError::Rapidplay(e)
    }
}

impl From<TouchMoveError> for IrregularityError {
    fn from(e: TouchMoveError) -> IrregularityError {
        IrregularityError::TouchMove(e)
    }
}

/// Every ruling that applies to `situation` now, in the order of the Laws.
/// An illegal move is offered only when the record shows one (or breaks
/// off); a displacement found later is ruled on with [`rule`] once the
/// arbiter knows the last correct half-move. With the clocks' reading
/// [`Situation::now`], the flag rulings (6.9 in a standard game, B6-B8 in
/// rapidplay) and the arbiter's choices on a 10.2 claim are offered when
/// they apply.
#[must_use]
pub fn actions_now(situation: &Situation) -> Vec<Applicable> {
    let to_move = situation.to_move();
    let mut findings = vec![
        Finding::WrongInitialPosition,
        Finding::BoardMisplaced,
        Finding::ColoursReversed {
            new_game_ordered: false,
        },
        Finding::PiecesDisplaced { by: to_move },
        Finding::PiecesDisplaced {
            by: to_move.opponent(),
        },
        // The scoresheet shows who made it: the penalty follows.
        Finding::IllegalMove {
            by: situation.illegal_move_by(),
            offender_unknown: false,
            touched: Vec::new(),
            clocks: None,
        },
        Finding::ClockSetWrongly,
    ];
    if situation.class() == Class::Standard {
        // 6.9: the arbiter rules on the flag he sees; a claim is the same.
        findings.push(Finding::FlagSeen);
    } else {
        findings.push(Finding::KingAndQueenReversed { side: Side::White });
        findings.push(Finding::KingAndQueenReversed { side: Side::Black });
        findings.push(Finding::FlagSeen);
        findings.push(Finding::TimeClaim {
            claimant: Side::White,
        });
        findings.push(Finding::TimeClaim {
            claimant: Side::Black,
        });
    }
    findings.extend(QuickplayDecision::ALL.map(|decision| Finding::QuickplayClaim { decision }));
    findings
        .into_iter()
        .filter_map(|finding| {
            let ruling = rule(&finding, situation).ok()?;
            Some(Applicable {
                title: finding.title(),
                finding,
                ruling,
            })
        })
        .collect()
}

/// The ruling on `finding` in `situation`.
pub fn rule(
    finding: &Finding,
    situation: &Situation,
) -> Result<IrregularityRuling, IrregularityError> {
    let closed = situation.setup_claims_closed();
    Ok(match finding {
        Finding::WrongInitialPosition | Finding::BoardMisplaced | Finding::ClockSetWrongly
            if closed =>
        {
            too_late_for_setup_claims(situation)
        }
        Finding::WrongInitialPosition => IrregularityRuling::new(
            Article::Art7_1a,
            Outcome::NewGame,
            "The initial position of the pieces was incorrect: the game is cancelled and a new game is played.",
        ),
        Finding::BoardMisplaced => IrregularityRuling::new(
            Article::Art7_1b,
            Outcome::Continue,
            "The only error is the placing of the board: the position reached is transferred to a correctly placed board and the game continues.",
        )
        .with(Effect::TransferToCorrectBoard),
        Finding::ColoursReversed { new_game_ordered } => {
            colours_reversed(situation, *new_game_ordered)
        }
        Finding::PiecesDisplaced { by } => IrregularityRuling::new(
            Article::Art7_3,
            Outcome::Continue,
            format!(
                "{by} displaced pieces and re-establishes the correct position on his own time; if necessary, {} may restart {by}'s clock to make sure of it.",
                by.opponent()
            ),
        )
        .with(Effect::RestorePieces { side: *by })
        .with(Effect::RestartClockOf { side: *by }),
        Finding::DisplacementFound { .. }
            if situation.class() != Class::Standard
                && !situation.ruleset.illegal_move_claim_open_until_move()
                && situation.claimant_touched_piece =>
        {
            IrregularityRuling::new(
                Article::B5,
                Outcome::Continue,
                "The claimant has touched a piece, so he can no longer claim the displacement under Article 7: the position stands and the game continues.",
            )
        }
        Finding::DisplacementFound { ply } => {
            let reinstatement = replay::position_after(
                &situation.start,
                &situation.moves,
                &situation.clocks,
                *ply,
            )?;
            let mut ruling = IrregularityRuling::new(
                Article::Art7_4,
                Outcome::Continue,
                format!(
                    "Pieces were displaced after half-move {ply}: the position before the displacement is reinstated{}. The game then continues.",
                    clocks_sentence(&reinstatement, false)
                ),
            );
            ruling.effects = reinstate_effects(&reinstatement);
            ruling
        }
        Finding::IllegalMove {
            by,
            offender_unknown,
            touched,
            clocks,
        } => {
            let named = if *offender_unknown {
                Named::Nobody
            } else {
                by.map_or(Named::AsRecorded, Named::Side)
            };
            illegal_move(situation, named, touched, *clocks)?
        }
        Finding::ClockSetWrongly => IrregularityRuling::new(
            Article::Art6_13,
            Outcome::Continue,
            "The arbiter corrects the clock settings, using his best judgement to set the times.",
        ),
        Finding::KingAndQueenReversed { side } if closed => IrregularityRuling::new(
            Article::B4,
            Outcome::Continue,
            format!(
                "Each player has made his first {} moves, so the placing of the pieces can no longer be claimed: the game continues, but {side} may not castle with the misplaced king.",
                situation.ruleset.rapidplay_claim_moves
            ),
        )
        .with(Effect::ForbidCastling { side: *side }),
        Finding::FlagSeen | Finding::TimeClaim { .. } if situation.class() == Class::Standard => {
            standard_flag(situation)?
        }
        Finding::FlagSeen => rapidplay::flags_seen(situation.class(), now(situation)?)?,
        Finding::TimeClaim { claimant } => {
            let reading = now(situation)?;
            if !reading.flag_down(Side::White) && !reading.flag_down(Side::Black) {
                return Err(RapidplayError::NoFlagDown.into());
            }
            rapidplay::time_claim(&current(situation)?, situation.class(), *claimant, reading)?
        }
        Finding::QuickplayClaim { decision } => {
            let position = current(situation)?;
            let claimant = Side::from(position.turn());
            rapidplay::quickplay_claim(
                &position,
                &situation.ruleset,
                claimant,
                now(situation)?.of(claimant),
                *decision,
            )?
        }
        Finding::KingAndQueenReversed { side } => IrregularityRuling::new(
            Article::Art7_1a,
            Outcome::NewGame,
            format!(
                "{side}'s king and queen started on each other's squares, so the initial position was incorrect: the game is cancelled and a new game is played."
            ),
        ),
    })
}

/// 6.9 in a standard game: the first flag to fall loses, unless the
/// opponent cannot checkmate by any series of legal moves: the ruling of
/// [`clock::flag_fell`], which `laws clock` and the app's clock give too.
/// The arbiter signals the flag himself, so a claim rules the same.
fn standard_flag(situation: &Situation) -> Result<IrregularityRuling, IrregularityError> {
    let flagged = first_flag(situation, now(situation)?)?;
    let ruled = clock::flag_fell(flagged, &current(situation)?);
    let outcome = match ruled.verdict {
        clock::FlagVerdict::Win { winner } => Outcome::win_for(winner),
        clock::FlagVerdict::Draw => Outcome::Draw,
        clock::FlagVerdict::PlayOn | clock::FlagVerdict::ArbiterDecides => {
            return Err(IrregularityError::FlagUndecided {
                flagged,
                explanation: ruled.explanation,
            });
        }
    };
    Ok(IrregularityRuling::new(
        ruled.article,
        outcome,
        ruled.explanation,
    ))
}

/// Whose flag fell first: the one down now, or, both being down, the one
/// down first in the clocks' log (only one clock runs at a time, so the
/// reading after the press between the two falls shows the first alone).
fn first_flag(situation: &Situation, now: ClockReading) -> Result<Side, IrregularityError> {
    let alone = |reading: &ClockReading| match (
        reading.flag_down(Side::White),
        reading.flag_down(Side::Black),
    ) {
        (true, false) => Some(Side::White),
        (false, true) => Some(Side::Black),
        _ => None,
    };
    if !now.flag_down(Side::White) && !now.flag_down(Side::Black) {
        return Err(RapidplayError::NoFlagDown.into());
    }
    alone(&now)
        .or_else(|| {
            situation
                .clocks
                .iter()
                .find(|r| r.flag_down(Side::White) || r.flag_down(Side::Black))
                .and_then(alone)
        })
        .ok_or(IrregularityError::FirstFlagUnknown)
}

fn now(situation: &Situation) -> Result<ClockReading, IrregularityError> {
    situation.now.ok_or(IrregularityError::NoClockReading)
}

/// The position on the board, when every half-move of the record is legal.
fn current(situation: &Situation) -> Result<Chess, IrregularityError> {
    Ok(replay::position_at(
        &situation.start,
        &situation.moves,
        situation.moves.len(),
    )?)
}

fn too_late_for_setup_claims(situation: &Situation) -> IrregularityRuling {
    IrregularityRuling::new(
        Article::B4,
        Outcome::Continue,
        format!(
            "Each player has made his first {} moves: no claim can be made any more about the placing of the pieces, the orientation of the board or the setting of the clocks. The game continues.",
            situation.ruleset.rapidplay_claim_moves
        ),
    )
}

fn colours_reversed(situation: &Situation, new_game_ordered: bool) -> IrregularityRuling {
    let made = situation
        .moves_made(Side::White)
        .min(situation.moves_made(Side::Black));
    match situation.ruleset.colours_reversed_replay_before {
        Some(limit) if made < limit as usize => IrregularityRuling::new(
            Article::Art7_2,
            Outcome::NewGame,
            format!(
                "The game began with colours reversed and fewer than {limit} moves have been made by each player: it is discontinued and a new game is played with the correct colours."
            ),
        ),
        _ if new_game_ordered => IrregularityRuling::new(
            Article::Art7_2,
            Outcome::NewGame,
            "The game began with colours reversed and the arbiter rules that a new game is played with the correct colours.",
        ),
        _ => IrregularityRuling::new(
            Article::Art7_2,
            Outcome::Continue,
            "The game began with colours reversed: it continues, unless the arbiter rules otherwise.",
        ),
    }
}

fn reinstate_effects(reinstatement: &Reinstatement) -> Vec<Effect> {
    let mut effects = vec![Effect::ReinstatePosition {
        ply: reinstatement.ply,
        fen: reinstatement.fen.clone(),
    }];
    if let Some(c) = reinstatement.clocks {
        effects.push(Effect::SetClocks {
            white_ms: c.white_ms,
            black_ms: c.black_ms,
        });
    }
    effects
}

fn clocks_sentence(reinstatement: &Reinstatement, given: bool) -> String {
    // The position itself is the effect's (a diagram where it is shown):
    // a FEN in a sentence is for no one to read.
    match reinstatement.clocks {
        Some(c) if given => format!(", and the clocks are set to the times the arbiter gives, {c} (6.13)"),
        Some(c) => format!(", and the clocks are set to the times they showed then, {c} (6.13)"),
        None => "; the log has no clock reading for it, so the arbiter sets the clocks by his best judgement (6.13)".to_owned(),
    }
}

/// 7.4 with the edition's penalties, and the rapidplay and blitz claims.
/// Who made an illegal move, as the arbiter finds.
#[derive(Debug, Clone, Copy)]
enum Named {
    /// The player the record shows, if it can.
    AsRecorded,
    Side(Side),
    /// Nobody can say, whatever the record shows.
    Nobody,
}

fn illegal_move(
    situation: &Situation,
    named: Named,
    touched: &[Square],
    given: Option<ClockReading>,
) -> Result<IrregularityRuling, IrregularityError> {
    let (mut reinstatement, position) =
        replay::find(&situation.start, &situation.moves, &situation.clocks)?;
    if given.is_some() {
        reinstatement.clocks = given;
    }
    let clocks_sentence =
        |reinstatement: &Reinstatement| clocks_sentence(reinstatement, given.is_some());
    let offender = match named {
        Named::AsRecorded => reinstatement.illegal.as_ref().map(|i| i.side),
        Named::Side(side) => Some(side),
        Named::Nobody => None,
    };
    let what = match &reinstatement.illegal {
        Some(illegal) => format!("{illegal}."),
        None => format!(
            "An illegal move was made, but the record cannot identify half-move {}: the game continues from the last identifiable position, after half-move {}.",
            reinstatement.ply + 1,
            reinstatement.ply
        ),
    };
    let class = situation.class();
    if class != Class::Standard
        && let Some(ruling) = claim_too_late(situation, &reinstatement, &what)
    {
        return Ok(ruling);
    }
    let Some(offender) = offender else {
        let mut ruling = IrregularityRuling::new(
            Article::Art7_4,
            Outcome::Continue,
            format!(
                "{what} The position is reinstated{}. No penalty: nobody can say which player made the illegal move.",
                clocks_sentence(&reinstatement)
            ),
        );
        ruling.effects = reinstate_effects(&reinstatement);
        return Ok(ruling);
    };
    let beneficiary = offender.opponent();
    if class == Class::Blitz {
        return Ok(decisive(
            Article::C3,
            &position,
            beneficiary,
            format!("{what} In blitz the completed illegal move loses on the opponent's claim"),
        ));
    }
    let ruleset = &situation.ruleset;
    let count = situation.illegal_moves.of(offender) + 1;
    let counted = ruleset.illegal_move_loses_at.is_some() || ruleset.illegal_move_bonus_ms > 0;
    if let Some(limit) = ruleset.illegal_move_loses_at
        && count >= limit
    {
        let mut ruling = decisive(
            Article::Art7_4,
            &position,
            beneficiary,
            format!(
                "{what} It is {offender}'s illegal move number {count}: under {} illegal move number {limit} loses",
                ruleset.edition
            ),
        );
        ruling.effects.insert(
            0,
            Effect::CountIllegalMove {
                side: offender,
                count,
            },
        );
        return Ok(ruling);
    }
    let mut explanation = format!(
        "{what} The position before the irregularity is reinstated{}.",
        clocks_sentence(&reinstatement)
    );
    let mut effects = reinstate_effects(&reinstatement);
    if counted {
        effects.push(Effect::CountIllegalMove {
            side: offender,
            count,
        });
    }
    if ruleset.illegal_move_bonus_ms > 0 {
        effects.push(Effect::AddTime {
            side: beneficiary,
            ms: ruleset.illegal_move_bonus_ms,
        });
        explanation += &format!(
            " Under {} {beneficiary} receives {} extra for {offender}'s illegal move number {count}.",
            ruleset.edition,
            minutes(ruleset.illegal_move_bonus_ms)
        );
    }
    if let Some(illegal) = &reinstatement.illegal {
        let touched = if touched.is_empty() {
            touched_by(&position, illegal)
        } else {
            touched.to_vec()
        };
        if !touched.is_empty() {
            let requirement = touch_move::touch_move(&position, &touched)?;
            explanation += &format!(
                " Article 4.3 applies to the move replacing it. {}",
                requirement.explanation
            );
            effects.push(Effect::TouchMove(requirement));
        }
    }
    explanation += " The game then continues.";
    let mut ruling = IrregularityRuling::new(Article::Art7_4, Outcome::Continue, explanation);
    ruling.effects = effects;
    Ok(ruling)
}

/// Rapidplay and blitz: the arbiter rules on an illegal move only on a claim
/// made in time. `None` when the claim is in time.
fn claim_too_late(
    situation: &Situation,
    reinstatement: &Reinstatement,
    what: &str,
) -> Option<IrregularityRuling> {
    let claimant_moved = reinstatement.ply + 1 < situation.moves.len();
    let open_until_move = situation.ruleset.illegal_move_claim_open_until_move();
    let (article, why) = if claimant_moved {
        (Article::B5, "the claimant has made his own move since")
    } else if !open_until_move && situation.claimant_touched_piece {
        (Article::B5, "the claimant has touched a piece since")
    } else {
        return None;
    };
    Some(IrregularityRuling::new(
        article,
        Outcome::Continue,
        format!(
            "{what} It can no longer be claimed: {why}. The move stands and the game continues."
        ),
    ))
}

/// `beneficiary` wins, unless he cannot checkmate by any series of legal
/// moves: then the game is drawn.
fn decisive(
    article: Article,
    position: &Chess,
    beneficiary: Side,
    why: String,
) -> IrregularityRuling {
    match can_checkmate(position, Color::from(beneficiary)) {
        CanMate::No => IrregularityRuling::new(
            article,
            Outcome::Draw,
            format!(
                "{why}, but {beneficiary} cannot checkmate by any series of legal moves: the game is drawn."
            ),
        ),
        CanMate::Yes | CanMate::Undetermined => IrregularityRuling::new(
            article,
            Outcome::win_for(beneficiary),
            format!("{why}: {beneficiary} wins."),
        ),
    }
}

/// The pieces the player touched to make `illegal`: the one he moved, and
/// the opponent's piece he took: the one on the target square, or, for a
/// pawn moving diagonally forward onto an empty square beside an opponent's
/// pawn (en passant, attempted where it is not allowed), that pawn, which
/// he took off the board.
fn touched_by(position: &Chess, illegal: &IllegalMove) -> Vec<Square> {
    let board = position.board();
    let mover = Color::from(illegal.side);
    let (from, to) = (illegal.mv.from, illegal.mv.to);
    let mut touched = Vec::new();
    if board.piece_at(from).is_some() {
        touched.push(from);
    }
    if board.color_at(to) == Some(!mover) {
        touched.push(to);
    } else if let Some(taken) = en_passant_victim(position, illegal) {
        touched.push(taken);
    }
    touched
}

/// The opponent's pawn an en passant capture by `illegal` would take: the
/// player's pawn on his fifth rank moves one square diagonally forward onto
/// an empty square, and an opponent's pawn stands beside it on that file.
fn en_passant_victim(position: &Chess, illegal: &IllegalMove) -> Option<Square> {
    let board = position.board();
    let mover = Color::from(illegal.side);
    let (from, to) = (illegal.mv.from, illegal.mv.to);
    let shape = board.piece_at(from) == Some(Role::Pawn.of(mover))
        && from.rank() == mover.relative_rank(Rank::Fifth)
        && to.rank() == mover.relative_rank(Rank::Sixth)
        && from.file().distance(to.file()) == 1
        && !board.occupied().contains(to);
    let beside = Square::from_coords(to.file(), from.rank());
    (shape && board.piece_at(beside) == Some(Role::Pawn.of(!mover))).then_some(beside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::irregularity::replay::parse_record;

    #[test]
    fn moves_are_counted_from_whoever_starts() {
        let situation: Situation = serde_json::from_str(
            r#"{"start":"4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1","moves":["d7d5","e1e2","e8e7"]}"#,
        )
        .unwrap();
        assert_eq!(situation.moves_made(Side::Black), 2);
        assert_eq!(situation.moves_made(Side::White), 1);
        assert_eq!(situation.to_move(), Side::White);
    }

    #[test]
    fn a_situation_survives_json() {
        let situation = Situation {
            moves: parse_record("e2e4 ? e7e5").unwrap(),
            clocks: vec![ClockReading {
                white_ms: 1,
                black_ms: 2,
            }],
            ..Situation::default()
        };
        let json = serde_json::to_string(&situation).unwrap();
        assert!(json.contains(r#""moves":["e2e4",null,"e7e5"]"#), "{json}");
        assert_eq!(serde_json::from_str::<Situation>(&json).unwrap(), situation);
        let bad = serde_json::from_str::<Situation>(r#"{"start":"8/8/8/8/8/8/8/8 w - - 0 1"}"#);
        assert!(bad.unwrap_err().to_string().contains("illegal position"));
    }

    #[test]
    fn the_position_put_back_is_the_effect_s_never_words_in_the_explanation() {
        let situation = Situation {
            moves: parse_record("e2e4 d7d5 d2d4 e8d6").unwrap(),
            ..Situation::default()
        };
        let ruling = rule(&Finding::illegal_move(), &situation).unwrap();
        let fen = ruling.effects.iter().find_map(|effect| match effect {
            Effect::ReinstatePosition { fen, .. } => Some(fen.clone()),
            _ => None,
        });
        assert_eq!(
            fen.as_deref(),
            Some("rnbqkbnr/ppp1pppp/8/3p4/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2")
        );
        assert!(
            ruling
                .explanation
                .contains("is reinstated; the log has no clock reading"),
            "{}",
            ruling.explanation
        );
        assert!(
            !ruling.explanation.contains("/8/"),
            "{}",
            ruling.explanation
        );
    }

    #[test]
    fn minutes_read_naturally() {
        assert_eq!(minutes(60_000), "one minute");
        assert_eq!(minutes(120_000), "2 minutes");
        assert_eq!(minutes(90_000), "90 seconds");
    }

    #[test]
    fn findings_round_trip_as_json() {
        for finding in [
            Finding::illegal_move(),
            Finding::IllegalMove {
                by: Some(Side::Black),
                offender_unknown: false,
                touched: vec![Square::E2, Square::D5],
                clocks: None,
            },
            Finding::IllegalMove {
                by: None,
                offender_unknown: true,
                touched: Vec::new(),
                clocks: None,
            },
            Finding::PiecesDisplaced { by: Side::White },
            Finding::KingAndQueenReversed { side: Side::Black },
            Finding::TimeClaim {
                claimant: Side::White,
            },
            Finding::QuickplayClaim {
                decision: QuickplayDecision::Postpone { extra_time: true },
            },
        ] {
            let json = serde_json::to_string(&finding).unwrap();
            assert_eq!(
                serde_json::from_str::<Finding>(&json).unwrap(),
                finding,
                "{json}"
            );
        }
        assert_eq!(
            serde_json::to_string(&Finding::illegal_move()).unwrap(),
            r#"{"finding":"illegal_move"}"#
        );
        let broken = serde_json::from_str::<Finding>(r#"{"finding":"pieces_displaced"}"#);
        assert!(broken.unwrap_err().to_string().contains("needs its by"));
    }
}
