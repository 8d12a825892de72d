//! The arbiter's rulings, each naming the article it applies, and the
//! judgment of a sealed move once the envelope is opened (A8).

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Position};

use super::{AdjournmentRules, SealedMove, TimeUsed};
use crate::article::Article;
use crate::notation::{MoveReading, Note, read};
use crate::outcome::Outcome;
use crate::side::Side;
use crate::unwinnable::{Budget, CanMate, verdict};

/// What a step of the adjournment does to the game's clock, in order; the
/// game's fold carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockEffect {
    /// Both clocks stop (A1a, A9b, a final result).
    Stop,
    /// The clocks are set to show these times used (A5, A11a, A12).
    Set { time_used: TimeUsed },
    /// `ms` more is charged to `side`: up to the session's nominal end
    /// (A1b), or for an absent sealer's clock run since the resumption (A11a).
    Charge { side: Side, ms: u64 },
    /// `side`'s clock runs; the other's, if it runs, is pressed as a move
    /// completed (A9a/b/c, A11a).
    Run { side: Side },
}

/// An arbiter's ruling: the article applied, what it decides, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjournmentRuling {
    /// e.g. `A8c`, `A10`, `5.1a`.
    pub article: Article,
    /// The article of the exception that changed the result (`9.6`, `6.10`, `A10a`...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception: Option<Article>,
    pub outcome: Outcome,
    pub explanation: String,
    /// What the game's clock does, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock: Vec<ClockEffect>,
}

impl AdjournmentRuling {
    pub(super) fn new(
        article: Article,
        outcome: Outcome,
        explanation: impl Into<String>,
    ) -> AdjournmentRuling {
        AdjournmentRuling {
            article,
            exception: None,
            outcome,
            explanation: explanation.into(),
            clock: Vec::new(),
        }
    }

    pub(super) fn with_clock(
        mut self,
        effects: impl IntoIterator<Item = ClockEffect>,
    ) -> AdjournmentRuling {
        self.clock.extend(effects);
        self
    }

    pub(super) fn except(mut self, exception: Article) -> AdjournmentRuling {
        self.exception = Some(exception);
        self
    }
}

impl fmt::Display for AdjournmentRuling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.article, self.explanation)
    }
}

/// How the written sealed move reads in the position before it (Appendix E).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum SealedMoveVerdict {
    Legal {
        san: String,
        /// Where the writing was not canonical (it still reads as one move).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        notes: Vec<Note>,
    },
    /// A8a: it fits more than one legal move.
    Ambiguous { candidates: Vec<String> },
    /// A8b: its true significance cannot be established.
    Unreadable { reason: String },
    /// A8c: it names no legal move.
    Illegal { reason: String },
}

/// The sealed move's verdict and the ruling on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgment {
    pub verdict: SealedMoveVerdict,
    pub ruling: AdjournmentRuling,
    /// The position after the sealed move, when it was played (FEN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen_after: Option<String>,
}

/// Judges `sealed`, written by the side to move in `position`.
///
/// A legal move is played: checkmate (5.1a) or stalemate (5.2a) or a dead
/// position (9.6) ends the game at once, otherwise the game goes on under
/// `continue_article` (`A9a`, `A9b`, ...). A8: an ambiguous, unreadable or
/// illegal recording loses, except that the game is drawn when the position
/// is dead (9.6) or the opponent cannot checkmate by any series of legal
/// moves (6.9/6.10).
///
/// ```
/// use laws::article::Article;
/// use laws::adjournment::{judge_sealed_move, AdjournmentRules, Outcome, SealedMove};
/// use laws::notation::NotationLang;
/// use shakmaty::Chess;
///
/// let sealed = SealedMove { text: "Nf3".into(), lang: NotationLang::En };
/// let judgment = judge_sealed_move(&Chess::default(), &sealed, &AdjournmentRules::default(), Article::A9a);
/// assert_eq!(judgment.ruling.outcome, Outcome::Continue);
/// let sealed = SealedMove { text: "Ke3".into(), lang: NotationLang::En };
/// let judgment = judge_sealed_move(&Chess::default(), &sealed, &AdjournmentRules::default(), Article::A9a);
/// assert_eq!((judgment.ruling.article, judgment.ruling.outcome), (Article::A8c, Outcome::BlackWins));
/// ```
#[must_use]
pub fn judge_sealed_move(
    position: &Chess,
    sealed: &SealedMove,
    rules: &AdjournmentRules,
    continue_article: Article,
) -> Judgment {
    judge(position, sealed, rules, continue_article).0
}

/// [`judge_sealed_move`], also giving the position after a legal move.
pub(super) fn judge(
    position: &Chess,
    sealed: &SealedMove,
    rules: &AdjournmentRules,
    continue_article: Article,
) -> (Judgment, Option<Chess>) {
    let sealer = Side::from(position.turn());
    let quoted = &sealed.text;
    let (verdict, faulty) = match read(position, &sealed.text, sealed.lang) {
        MoveReading::Legal { mv, san, notes } => {
            let after = position
                .clone()
                .play(mv)
                .expect("a legal reading is playable");
            let ruling = played(&after, sealer, &san, continue_article);
            let fen_after =
                shakmaty::fen::Fen::from_position(&after, shakmaty::EnPassantMode::Legal)
                    .to_string();
            let judgment = Judgment {
                verdict: SealedMoveVerdict::Legal { san, notes },
                ruling,
                fen_after: Some(fen_after),
            };
            return (judgment, Some(after));
        }
        MoveReading::Ambiguous { candidates } => {
            let sans: Vec<String> = candidates
                .into_iter()
                .map(|m| San::from_move(position, m).to_string())
                .collect();
            let why = format!(
                "the sealed move {quoted:?} is ambiguous: it could be {}",
                sans.join(" or ")
            );
            (
                SealedMoveVerdict::Ambiguous { candidates: sans },
                (Article::A8a, why),
            )
        }
        MoveReading::Unreadable { reason } => {
            let why = format!(
                "the true significance of the sealed move {quoted:?} cannot be established: {reason}"
            );
            (
                SealedMoveVerdict::Unreadable { reason },
                (Article::A8b, why),
            )
        }
        MoveReading::Illegal { reason } => {
            let why = format!("the sealed move {quoted:?} is illegal: {reason}");
            (SealedMoveVerdict::Illegal { reason }, (Article::A8c, why))
        }
    };
    let (article, why) = faulty;
    let ruling = faulty_recording(position, sealer, article, why, rules);
    (
        Judgment {
            verdict,
            ruling,
            fen_after: None,
        },
        None,
    )
}

/// The ruling after a legal move by `mover` reached `after`.
pub(super) fn played(
    after: &Chess,
    mover: Side,
    san: &str,
    continue_article: Article,
) -> AdjournmentRuling {
    let replier = mover.opponent();
    if after.is_checkmate() {
        AdjournmentRuling::new(
            Article::Art5_1a,
            Outcome::win_for(mover),
            format!("{san} is checkmate: {mover} wins"),
        )
    } else if after.is_stalemate() {
        AdjournmentRuling::new(
            Article::Art5_2a,
            Outcome::Draw,
            format!("{san} is stalemate: the game is drawn"),
        )
    } else if is_dead(after) {
        AdjournmentRuling::new(
            Article::Art9_6,
            Outcome::Draw,
            format!(
                "after {san} no series of legal moves can lead to checkmate: the game is drawn"
            ),
        )
    } else {
        AdjournmentRuling::new(
            continue_article,
            Outcome::Continue,
            format!("{san} is played; {replier}'s clock runs"),
        )
    }
}

/// A8 with its exceptions: the recording loses unless nobody could win.
fn faulty_recording(
    position: &Chess,
    sealer: Side,
    article: Article,
    why: String,
    rules: &AdjournmentRules,
) -> AdjournmentRuling {
    let replier = sealer.opponent();
    if is_dead(position) {
        AdjournmentRuling::new(
            article,
            Outcome::Draw,
            format!(
                "{why}; but no series of legal moves can lead to checkmate (9.6): the game is drawn"
            ),
        )
        .except(Article::Art9_6)
    } else if cannot_mate(position, replier) {
        let flag = rules.flag();
        AdjournmentRuling::new(
            article,
            Outcome::Draw,
            format!(
                "{why}; but {replier} cannot checkmate {sealer}'s king by any series of legal moves ({flag}): the game is drawn"
            ),
        )
        .except(flag)
    } else {
        AdjournmentRuling::new(
            article,
            Outcome::win_for(replier),
            format!("{why}: {sealer} loses"),
        )
    }
}

/// 9.6: neither side can checkmate. An undetermined analysis is not a verdict.
pub(super) fn is_dead(position: &Chess) -> bool {
    [Side::White, Side::Black]
        .into_iter()
        .all(|side| cannot_mate(position, side))
}

/// `side` cannot checkmate by any series of legal moves (6.9/6.10). Rulings
/// are worked out inside the game's fold, on the tablet's only thread, so
/// the search gets what a ruling at the board can wait for; beyond it the
/// answer is undetermined, which is no exception.
pub(super) fn cannot_mate(position: &Chess, side: Side) -> bool {
    verdict(position, Color::from(side), Budget::AT_THE_BOARD).can_mate == CanMate::No
}
