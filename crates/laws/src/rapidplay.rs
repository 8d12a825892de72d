//! The rapidplay overrides (Appendix B) and the quickplay finish (10.2).
//!
//! B4, the end of claims about the set-up after three moves each, and the
//! rapidplay limits on claiming an illegal move (B5) are part of the Article 7
//! rulings in [`crate::irregularity`]; this module holds the rest: recording
//! (B3), touch move on request (B5), flags (B6-B8), and the draw claim with
//! under two minutes left (10.2), which is the other rule for a game decided
//! by little time.
//!
//! ```
//! use laws::article::Article;
//! use laws::game::Side;
//! use laws::irregularity::{ClockReading, Outcome};
//! use laws::rapidplay::time_claim;
//! use laws::time_control::Class;
//! use shakmaty::Chess;
//!
//! // White stops the clocks: Black's flag is down, White's still up.
//! let reading = ClockReading { white_ms: 4_000, black_ms: 0 };
//! let ruling = time_claim(&Chess::default(), Class::Rapid, Side::White, reading).unwrap();
//! assert_eq!((ruling.article, ruling.outcome), (Article::B7, Outcome::WhiteWins));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Position, Square};

use crate::article::Article;
use crate::claim::must_record;
use crate::outcome::Outcome;
use crate::ruleset::Ruleset;
use crate::ruling::{ClockReading, Effect, IrregularityRuling, clock_face, minutes};
use crate::side::Side;
use crate::time_control::Class;
use crate::touch_move::{TouchMoveError, touch_move};
use crate::unwinnable::{CanMate, can_checkmate};

/// A rapidplay question asked of a game it does not fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RapidplayError {
    /// Appendix B applies to rapidplay and blitz games only.
    NotRapidplay,
    /// No flag is down.
    NoFlagDown,
    /// 10.2: the claimant is not the player to move.
    NotOnMove { claimant: Side },
    /// 10.2: the claimant has two minutes or more left.
    TooMuchTime {
        remaining_ms: u64,
        threshold_ms: u64,
    },
    /// 10.2: the claim comes after the claimant's flag fell.
    FlagFallen { claimant: Side },
    /// B5 / 4.3: the touched pieces are not on the board.
    TouchMove(TouchMoveError),
}

impl fmt::Display for RapidplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RapidplayError::NotRapidplay => {
                f.write_str("Appendix B applies only to rapidplay and blitz games")
            }
            RapidplayError::NoFlagDown => f.write_str("neither flag has fallen"),
            RapidplayError::NotOnMove { claimant } => write!(
                f,
                "only the player having the move may claim under 10.2, and it is not {claimant}'s move"
            ),
            RapidplayError::TooMuchTime {
                remaining_ms,
                threshold_ms,
            } => write!(
                f,
                "10.2 needs less than {} on the claimant's clock; it shows {}",
                minutes(*threshold_ms),
                clock_face(*remaining_ms)
            ),
            RapidplayError::FlagFallen { claimant } => write!(
                f,
                "{claimant}'s flag has fallen: a 10.2 claim must be made before it falls"
            ),
            RapidplayError::TouchMove(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RapidplayError {}

impl From<TouchMoveError> for RapidplayError {
    fn from(e: TouchMoveError) -> RapidplayError {
        RapidplayError::TouchMove(e)
    }
}

fn rapid_only(class: Class) -> Result<(), RapidplayError> {
    match class {
        Class::Standard => Err(RapidplayError::NotRapidplay),
        Class::Rapid | Class::Blitz => Ok(()),
    }
}

/// Whether `side` must record the moves: never in rapidplay (B3); in a
/// standard game not with under five minutes left and less than 30 seconds
/// added per move (8.4), otherwise yes (8.1).
pub fn recording(
    class: Class,
    side: Side,
    remaining_ms: u64,
    increment_ms: u64,
) -> IrregularityRuling {
    if class != Class::Standard {
        return IrregularityRuling::new(
            Article::B3,
            Outcome::Continue,
            format!("In rapidplay {side} does not need to record the moves."),
        )
        .with(Effect::RecordingOptional { side });
    }
    if !must_record(remaining_ms, increment_ms) {
        IrregularityRuling::new(
            Article::Art8_4,
            Outcome::Continue,
            format!(
                "{side} has less than five minutes left and less than 30 seconds added per move: he need not record, but must update his scoresheet as soon as a flag has fallen."
            ),
        )
        .with(Effect::RecordingOptional { side })
    } else {
        IrregularityRuling::new(
            Article::Art8_1,
            Outcome::Continue,
            format!("{side} must record his own moves and his opponent's, move after move."),
        )
    }
}

/// Touch move after `touched` pieces: in rapidplay the arbiter rules only
/// when a player asks (B5); in a standard game always (4.3).
pub fn touch_move_ruling(
    position: &Chess,
    class: Class,
    touched: &[Square],
    requested: bool,
) -> Result<IrregularityRuling, RapidplayError> {
    if class != Class::Standard && !requested {
        return Ok(IrregularityRuling::new(
            Article::B5,
            Outcome::Continue,
            "In rapidplay the arbiter rules on touch move only when a player asks him to: no ruling.",
        ));
    }
    let requirement = touch_move(position, touched)?;
    Ok(IrregularityRuling::new(
        requirement.article,
        Outcome::Continue,
        requirement.explanation.clone(),
    )
    .with(Effect::TouchMove(requirement)))
}

/// What the arbiter does on seeing a flag down in a rapidplay game with no
/// claim: nothing (B6), unless both are down (B8).
pub fn flags_seen(
    class: Class,
    reading: ClockReading,
) -> Result<IrregularityRuling, RapidplayError> {
    rapid_only(class)?;
    let down: Vec<Side> = [Side::White, Side::Black]
        .into_iter()
        .filter(|s| reading.flag_down(*s))
        .collect();
    match down[..] {
        [] => Err(RapidplayError::NoFlagDown),
        [side] => Ok(IrregularityRuling::new(
            Article::B6,
            Outcome::Continue,
            format!(
                "{side}'s flag is down, but it counts as fallen only when {} makes a valid claim; the arbiter does not signal it.",
                side.opponent()
            ),
        )),
        _ => Ok(both_flags_down()),
    }
}

fn both_flags_down() -> IrregularityRuling {
    IrregularityRuling::new(
        Article::B8,
        Outcome::Draw,
        "Both flags have fallen: the arbiter declares the game drawn.",
    )
}

/// `claimant` stops both clocks and claims a win on time; `reading` is what
/// the stopped clocks show (B7). His own flag must still be up; both down is
/// a draw (B8); a claimant who cannot checkmate by any series of legal moves
/// gets a draw (6.9).
pub fn time_claim(
    position: &Chess,
    class: Class,
    claimant: Side,
    reading: ClockReading,
) -> Result<IrregularityRuling, RapidplayError> {
    rapid_only(class)?;
    let flagged = claimant.opponent();
    let ruling = match (reading.flag_down(claimant), reading.flag_down(flagged)) {
        (true, true) => both_flags_down(),
        (true, false) => IrregularityRuling::new(
            Article::B7,
            Outcome::Continue,
            format!(
                "{claimant}'s own flag is down, so his claim fails; {flagged}'s flag is still up. The game continues."
            ),
        ),
        (false, false) => IrregularityRuling::new(
            Article::B7,
            Outcome::Continue,
            format!(
                "{flagged}'s flag has not fallen ({}): the claim is rejected and the game continues.",
                clock_face(reading.of(flagged))
            ),
        ),
        (false, true) => match can_checkmate(position, Color::from(claimant)) {
            CanMate::No => IrregularityRuling::new(
                Article::B7,
                Outcome::Draw,
                format!(
                    "{flagged}'s flag has fallen, but {claimant} cannot checkmate by any series of legal moves (6.9): the game is drawn."
                ),
            ),
            CanMate::Yes | CanMate::Undetermined => IrregularityRuling::new(
                Article::B7,
                Outcome::win_for(claimant),
                format!(
                    "{claimant} stopped the clocks with his own flag up and {flagged}'s flag down: {claimant} wins on time."
                ),
            ),
        },
    };
    Ok(IrregularityRuling {
        effects: [vec![Effect::StopClocks], ruling.effects].concat(),
        ..ruling
    })
}

/// The arbiter's decision on a 10.2 claim; his judgement, which the rules
/// core cannot make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum QuickplayDecision {
    /// The opponent is making no effort to win, or cannot win, by normal means.
    Accept,
    /// Decided later in the game or after a flag falls; the opponent may be
    /// given extra time now.
    Postpone { extra_time: bool },
    /// The opponent receives extra time.
    Reject,
}

impl QuickplayDecision {
    /// Every choice the arbiter has.
    pub const ALL: [QuickplayDecision; 4] = [
        QuickplayDecision::Accept,
        QuickplayDecision::Postpone { extra_time: true },
        QuickplayDecision::Postpone { extra_time: false },
        QuickplayDecision::Reject,
    ];
}

/// The ruling on `claimant`'s draw claim with `remaining_ms` left (10.2),
/// when the arbiter decides `decision`. A postponed claim is decided later
/// with the same `remaining_ms` as when it was made.
pub fn quickplay_claim(
    position: &Chess,
    ruleset: &Ruleset,
    claimant: Side,
    remaining_ms: u64,
    decision: QuickplayDecision,
) -> Result<IrregularityRuling, RapidplayError> {
    check_quickplay_claim(position, ruleset, claimant, remaining_ms)?;
    let other = claimant.opponent();
    let bonus = Effect::AddTime {
        side: other,
        ms: ruleset.quickplay_bonus_ms,
    };
    let extra = minutes(ruleset.quickplay_bonus_ms);
    let note = match can_checkmate(position, Color::from(other)) {
        CanMate::No => format!(" ({other} cannot checkmate by any series of legal moves.)"),
        CanMate::Yes | CanMate::Undetermined => String::new(),
    };
    Ok(match decision {
        QuickplayDecision::Accept => IrregularityRuling::new(
            Article::Art10_2,
            Outcome::Draw,
            format!(
                "{claimant} claimed a draw with {} left; {other} is making no effort to win, or cannot win, by normal means: the game is drawn.{note}",
                clock_face(remaining_ms)
            ),
        ),
        QuickplayDecision::Postpone { extra_time } => {
            let ruling = IrregularityRuling::new(
                Article::Art10_2,
                Outcome::Postponed,
                format!(
                    "The arbiter postpones his decision on {claimant}'s claim{}; the game continues, if possible with an arbiter present, and the result is declared later or as soon as a flag has fallen.{note}",
                    if extra_time {
                        format!(" and gives {other} {extra} extra")
                    } else {
                        String::new()
                    }
                ),
            );
            if extra_time { ruling.with(bonus) } else { ruling }
        }
        QuickplayDecision::Reject => IrregularityRuling::new(
            Article::Art10_2,
            Outcome::Continue,
            format!(
                "The arbiter rejects {claimant}'s claim: {other} receives {extra} extra and the game continues.{note}"
            ),
        )
        .with(bonus),
    })
}

/// The rulings the arbiter can choose between on a 10.2 claim.
pub fn quickplay_options(
    position: &Chess,
    ruleset: &Ruleset,
    claimant: Side,
    remaining_ms: u64,
) -> Result<Vec<(QuickplayDecision, IrregularityRuling)>, RapidplayError> {
    QuickplayDecision::ALL
        .into_iter()
        .map(|d| {
            Ok((
                d,
                quickplay_claim(position, ruleset, claimant, remaining_ms, d)?,
            ))
        })
        .collect()
}

fn check_quickplay_claim(
    position: &Chess,
    ruleset: &Ruleset,
    claimant: Side,
    remaining_ms: u64,
) -> Result<(), RapidplayError> {
    if Side::from(position.turn()) != claimant {
        return Err(RapidplayError::NotOnMove { claimant });
    }
    if remaining_ms == 0 {
        return Err(RapidplayError::FlagFallen { claimant });
    }
    if remaining_ms >= ruleset.quickplay_threshold_ms {
        return Err(RapidplayError::TooMuchTime {
            remaining_ms,
            threshold_ms: ruleset.quickplay_threshold_ms,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_games_have_no_appendix_b_flags() {
        let reading = ClockReading {
            white_ms: 0,
            black_ms: 1,
        };
        assert_eq!(
            flags_seen(Class::Standard, reading),
            Err(RapidplayError::NotRapidplay)
        );
        assert_eq!(
            flags_seen(
                Class::Rapid,
                ClockReading {
                    white_ms: 1,
                    black_ms: 1
                }
            ),
            Err(RapidplayError::NoFlagDown)
        );
    }

    #[test]
    fn a_claim_out_of_turn_or_time_is_refused() {
        let position = Chess::default();
        let r = Ruleset::default();
        let accept = QuickplayDecision::Accept;
        assert_eq!(
            quickplay_claim(&position, &r, Side::Black, 60_000, accept),
            Err(RapidplayError::NotOnMove {
                claimant: Side::Black
            })
        );
        assert_eq!(
            quickplay_claim(&position, &r, Side::White, 0, accept),
            Err(RapidplayError::FlagFallen {
                claimant: Side::White
            })
        );
        let err = quickplay_claim(&position, &r, Side::White, 120_000, accept).unwrap_err();
        assert_eq!(
            err.to_string(),
            "10.2 needs less than 2 minutes on the claimant's clock; it shows 0:02:00"
        );
        assert_eq!(
            quickplay_options(&position, &r, Side::White, 119_999)
                .unwrap()
                .len(),
            4
        );
    }
}
