//! Article 6.9 and Appendix B6-B8: the rulings on a fallen flag.

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color};

use super::Clock;
use crate::article::Article;
use crate::side::Side;
use crate::time_control::Class;
use crate::unwinnable::{Budget, CanMate, verdict as mate_verdict};

/// What the arbiter decides about a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum FlagVerdict {
    Win {
        winner: Side,
    },
    Draw,
    /// Nothing to rule: the game goes on.
    PlayOn,
    /// The analysis could not decide whether the opponent can still mate.
    ArbiterDecides,
}

/// A ruling with its article and the reason, in plain English.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlagRuling {
    #[serde(flatten)]
    pub verdict: FlagVerdict,
    pub article: Article,
    pub explanation: String,
}

impl FlagRuling {
    fn new(verdict: FlagVerdict, article: Article, explanation: String) -> FlagRuling {
        FlagRuling {
            verdict,
            article,
            explanation,
        }
    }
}

/// The ruling on the flags at `now_ms` in `position` (the position on the
/// board when the flag fell or the claim is made).
///
/// Standard play (6.9): the first flag loses, unless the opponent cannot
/// checkmate by any series of legal moves: draw. Rapidplay and blitz
/// (Appendix B6-B8): a flag counts only on a valid claim by `claimant`,
/// whose own flag must be up; both flags down: draw.
///
/// ```
/// use laws::article::Article;
/// use laws::clock::{Clock, ClockAction, ClockSettings, FlagVerdict, rule_flag_fall};
/// use laws::game::Side;
/// use laws::time_control::Class;
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let control = "900+10".parse().unwrap();
/// let log = [(0, ClockAction::Start { side: Side::White })];
/// let clock = Clock::replay(&control, ClockSettings::default(), &log).unwrap();
/// let now = 1_000_000; // White's 15' + 10" ran out at 910 s.
/// let start = Chess::default();
/// let silent = rule_flag_fall(&clock, now, &start, Class::Rapid, None);
/// assert_eq!((silent.verdict, silent.article), (FlagVerdict::PlayOn, Article::B6));
/// let claim = rule_flag_fall(&clock, now, &start, Class::Rapid, Some(Side::Black));
/// assert_eq!(claim.verdict, FlagVerdict::Win { winner: Side::Black });
/// // Black has a lone king: he cannot checkmate, so White's flag draws.
/// let lone_king: Chess = "7k/8/8/8/8/8/8/KQ6 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let ruling = rule_flag_fall(&clock, now, &lone_king, Class::Standard, None);
/// assert_eq!((ruling.verdict, ruling.article), (FlagVerdict::Draw, Article::Art6_9));
/// assert!(ruling.explanation.contains("cannot checkmate"));
/// ```
pub fn rule_flag_fall(
    clock: &Clock,
    now_ms: u64,
    position: &Chess,
    class: Class,
    claimant: Option<Side>,
) -> FlagRuling {
    let down = |side: Side| clock.flag(side, now_ms).is_some();
    let ruling = FlagRuling::new;
    let flagged = match class {
        Class::Standard => match clock.flagged_first(now_ms) {
            Some(first) => first.side,
            None => {
                return ruling(
                    FlagVerdict::PlayOn,
                    Article::Art6_9,
                    "No flag has fallen.".to_owned(),
                );
            }
        },
        Class::Rapid | Class::Blitz => {
            if down(Side::White) && down(Side::Black) {
                return ruling(
                    FlagVerdict::Draw,
                    Article::B8,
                    "Both flags have fallen: the game is drawn.".to_owned(),
                );
            }
            let Some(claimant) = claimant else {
                return ruling(
                    FlagVerdict::PlayOn,
                    Article::B6,
                    "In rapidplay a flag counts only when a player claims it; the arbiter does not signal it."
                        .to_owned(),
                );
            };
            if down(claimant) {
                return ruling(
                    FlagVerdict::PlayOn,
                    Article::B7,
                    format!("{claimant}'s claim is not valid: {claimant}'s own flag has fallen."),
                );
            }
            let flagged = claimant.opponent();
            if !down(flagged) {
                return ruling(
                    FlagVerdict::PlayOn,
                    Article::B6,
                    format!("{claimant}'s claim is not valid: {flagged}'s flag has not fallen."),
                );
            }
            flagged
        }
    };
    flag_fell(flagged, position)
}

/// 6.9: `flagged`'s flag fell (first) with `position` on the board: he
/// loses, unless his opponent cannot checkmate by any series of legal moves
/// (decided exactly, within what a ruling at the board allows:
/// [`Budget::AT_THE_BOARD`]), when the game is drawn; undecided, the
/// arbiter decides. The one 6.9 ruling: the clock's ([`rule_flag_fall`])
/// and the arbiter's panel's, on a flag seen in a standard game
/// ([`crate::irregularity::Finding::FlagSeen`]).
#[must_use]
pub fn flag_fell(flagged: Side, position: &Chess) -> FlagRuling {
    let winner = flagged.opponent();
    let (verdict, why) = match mate_verdict(position, Color::from(winner), Budget::AT_THE_BOARD)
        .can_mate
    {
        CanMate::Yes => (
            FlagVerdict::Win { winner },
            format!(
                "{flagged}'s flag fell first: {flagged} loses on time, since {winner} can still checkmate"
            ),
        ),
        CanMate::No => (
            FlagVerdict::Draw,
            format!(
                "{flagged}'s flag fell, but {winner} cannot checkmate by any series of legal moves: draw"
            ),
        ),
        CanMate::Undetermined => (
            FlagVerdict::ArbiterDecides,
            format!(
                "{flagged}'s flag fell; whether {winner} can still checkmate was not decided in the time a ruling at the board allows: the arbiter decides"
            ),
        ),
    };
    FlagRuling::new(verdict, Article::Art6_9, format!("{why}."))
}
