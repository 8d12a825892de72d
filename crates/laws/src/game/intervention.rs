//! The arbiter's rulings carried out on a game (Article 7, Appendix B, 10.2).
//!
//! [`GameState::situation`] gives the rulings of [`crate::irregularity`] what
//! they need from the log: the moves as the board saw them (read from the
//! scoresheet) and the clocks after every half-move (from the presses).
//! When the arbiter applies a ruling ([`crate::game::Event::Ruled`]) the
//! game recomputes it from the log and carries out its effects: the
//! position reinstated (the later moves struck out on the scoresheet),
//! the clocks set, time added, illegal moves counted, the game ended.
//!
//! ```
//! use laws::clock::ClockAction;
//! use laws::game::{Event, Game, Player, Setup, Side};
//! use laws::irregularity::Finding;
//! use laws::scoresheet::Entry;
//!
//! let setup = Setup {
//!     white: Player::named("White"),
//!     black: Player::named("Black"),
//!     ..Setup::default()
//! };
//! let mut game = Game::new("g", setup, 0);
//! game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 1_000).unwrap();
//! // 1. e4 e5 2. Ke1-e3?? Nc6: the king's move is illegal.
//! for (i, text) in ["e4", "e5", "Ke1-e3", "Nc6"].into_iter().enumerate() {
//!     let at = 2_000 + 1_000 * i as u64;
//!     game.apply(Event::Recorded(Entry::written(text)), at).unwrap();
//!     let side = if i % 2 == 0 { Side::White } else { Side::Black };
//!     game.apply(Event::Clock(ClockAction::Press { side }), at).unwrap();
//! }
//! game.apply(Event::ruled(Finding::illegal_move()), 9_000).unwrap();
//! let play = game.fold().unwrap();
//! assert_eq!(play.sheet.len(), 2); // 1. e4 e5 stand
//! assert_eq!(play.sheet.struck_out.len(), 2);
//! assert_eq!(play.rulings[0].ruling.article, laws::article::Article::Art7_4);
//! let clock = play.clock.as_ref().unwrap();
//! assert!(clock.is_paused());
//! assert_eq!(clock.running_side(), None);
//! ```

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Position, san::San};

use crate::clock::{ClockAction, Setting};
use crate::game::{GameError, GameState, LogFormat, Side};
use crate::irregularity::replay::BoardMove;
use crate::irregularity::{ClockReading, Effect, Finding, IrregularityRuling, Situation, rule};
use crate::notation;
use crate::rapidplay;
use crate::scoresheet::{EntryVerdict, Written};

/// A ruling the arbiter applied, as the game carried it out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    pub at_ms: u64,
    pub finding: Finding,
    pub ruling: IrregularityRuling,
    /// The number (from 1) of the earlier ruling this one corrects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<usize>,
}

/// The clock's count of half-moves (its presses) and the scoresheet's,
/// when they differ by more than one: the arbiter is told, and the clock
/// readings cannot be matched to the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Disagreement {
    /// Half-moves the clock counts.
    pub clock: u32,
    /// Half-moves written on the scoresheet (a dash counts).
    pub sheet: u32,
}

/// Whose move it is, for the arbiter to settle after swapping the clock's
/// halves: the side the clock now marks, the side its move counts show to
/// move, and the side the scoresheet shows, when anything is written on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnToSettle {
    pub clock: Side,
    pub counts: Side,
    pub sheet: Option<Side>,
}

impl TurnToSettle {
    /// The side the game's record shows to move: the scoresheet's, or the
    /// move counts' when nothing is written.
    #[must_use]
    pub fn recorded(&self) -> Side {
        self.sheet.unwrap_or(self.counts)
    }
}

impl GameState {
    /// Whose move it is, when the arbiter has yet to settle it after
    /// swapping the clock's halves ([`ClockCorrection::ToMove`](crate::clock::ClockCorrection::ToMove)
    /// settles it). `None` once the game is over.
    #[must_use]
    pub fn turn_to_settle(&self) -> Option<TurnToSettle> {
        let timer = self.clock.as_ref()?;
        let clock = timer.to_settle()?;
        if self.ended().is_some() {
            return None;
        }
        let first = Side::from(self.start.turn());
        let after = |half_moves: usize| {
            if half_moves.is_multiple_of(2) {
                first
            } else {
                first.opponent()
            }
        };
        let pressed = timer.moves(Side::White) + timer.moves(Side::Black);
        Some(TurnToSettle {
            clock,
            counts: after(pressed as usize),
            sheet: (!self.sheet.is_empty()).then(|| after(self.sheet.len())),
        })
    }

    /// The game as the rulings of Article 7 and Appendix B see it at `now_ms`.
    #[must_use]
    pub fn situation(&self, now_ms: u64) -> Situation {
        let ruleset = self.setup.ruleset.clone();
        let class = self.setup.class_by_time_control();
        let now = self
            .clock
            .as_ref()
            .filter(|clock| clock.is_started())
            .map(|clock| ClockReading {
                white_ms: clock.remaining(Side::White, now_ms),
                black_ms: clock.remaining(Side::Black, now_ms),
            });
        // Readings matched to the moves by the count of presses only when
        // the presses and the scoresheet agree (a game folded before did not ask).
        let matched = self.log_format < LogFormat::Matched || self.readings_match();
        Situation {
            ruleset,
            class,
            start: self.start.clone(),
            moves: self.board_moves(),
            clocks: if matched {
                self.clock_log.clone()
            } else {
                Vec::new()
            },
            illegal_moves: self.illegal_moves,
            claimant_touched_piece: false,
            now,
        }
    }

    /// The clock and the scoresheet more than a half-move apart, if they
    /// are: the clock counts its presses, the sheet its boxes filled in.
    #[must_use]
    pub fn disagreement(&self) -> Option<Disagreement> {
        let clock = self.clock.as_ref().filter(|clock| clock.is_started())?;
        let pressed = clock.moves(Side::White) + clock.moves(Side::Black);
        let written = self.sheet.len() as u32;
        (pressed.abs_diff(written) > 1).then_some(Disagreement {
            clock: pressed,
            sheet: written,
        })
    }

    /// Whether the clock log's readings (one per press) can be matched to
    /// the half-moves of the scoresheet: no more than one apart.
    fn readings_match(&self) -> bool {
        let presses = self.clock_log.len().saturating_sub(1);
        presses.abs_diff(self.sheet.len()) <= 1
    }

    /// Whether `side` must record the moves now (8.1), need not with little
    /// time left (8.4), or need not in rapidplay (B3).
    pub fn recording(&self, side: Side, now_ms: u64) -> IrregularityRuling {
        let situation = self.situation(now_ms);
        let (remaining_ms, increment_ms) = match self.clock.as_ref().filter(|c| c.is_started()) {
            Some(clock) => (
                clock.remaining(side, now_ms),
                clock
                    .schedule(side)
                    .period(clock.period(side))
                    .timing
                    .per_move_ms(),
            ),
            // No clock running: nothing relieves a player of recording.
            None => (u64::MAX, 0),
        };
        rapidplay::recording(situation.class(), side, remaining_ms, increment_ms)
    }

    /// The moves as the board saw them: each legal entry's move, then
    /// entries written square to square as written; `None` where nobody
    /// can say (a dash, a short form that is not legal).
    fn board_moves(&self) -> Vec<Option<BoardMove>> {
        let lang = self.sheet.lang;
        let mut position = Some(self.start.clone());
        self.check()
            .entries
            .iter()
            .map(|entry| {
                let legal = match (&entry.verdict, position.as_mut()) {
                    (EntryVerdict::Legal { san, .. }, Some(pos)) => san
                        .parse::<San>()
                        .ok()
                        .and_then(|san| san.to_move(pos).ok())
                        .inspect(|m| pos.play_unchecked(*m)),
                    _ => None,
                };
                match legal {
                    Some(m) => {
                        let uci = m.to_uci(CastlingMode::Standard);
                        let shakmaty::uci::UciMove::Normal {
                            from,
                            to,
                            promotion,
                        } = uci
                        else {
                            unreachable!("a legal move of a standard game is a normal UCI move")
                        };
                        Some(BoardMove {
                            from,
                            to,
                            promotion,
                        })
                    }
                    None => {
                        // The first move that is not legal, written short,
                        // still names its piece when only one fits; after
                        // it the position is not known, so only the long
                        // form says where a piece came from.
                        let known = position.take();
                        match &entry.written {
                            Written::Move(text) => notation::squares(text, lang)
                                .or_else(|| {
                                    let pos = known?;
                                    notation::identify(pos.board(), pos.turn(), text, lang)
                                })
                                .map(|(from, to, promotion)| BoardMove {
                                    from,
                                    to,
                                    promotion,
                                }),
                            Written::Dash => None,
                        }
                    }
                }
            })
            .collect()
    }

    /// `finding` as the log's format reads it: before [`LogFormat::Named`]
    /// the player the record shows made an illegal move, whoever the
    /// arbiter named.
    fn as_logged(&self, finding: &Finding, situation: &Situation) -> Finding {
        match finding {
            Finding::IllegalMove { by: Some(_), .. }
                if self.log_format < LogFormat::Named
                    && situation.recorded_offender().is_some() =>
            {
                let mut finding = finding.clone();
                if let Finding::IllegalMove { by, .. } = &mut finding {
                    *by = None;
                }
                finding
            }
            _ => finding.clone(),
        }
    }

    /// Rules on `finding` as things stand at `at_ms` and carries the ruling
    /// out; refused (and nothing changed) when the Laws give no ruling.
    /// `corrects` names the earlier ruling this one corrects.
    pub(crate) fn rule(
        &mut self,
        finding: &Finding,
        claimant_touched_piece: bool,
        corrects: Option<usize>,
        at_ms: u64,
    ) -> Result<(), GameError> {
        let situation = Situation {
            claimant_touched_piece,
            ..self.situation(at_ms)
        };
        let finding = &self.as_logged(finding, &situation);
        let ruling = rule(finding, &situation).map_err(GameError::Irregularity)?;
        let mut before = self.clone();
        before.stop_clock(at_ms)?;
        let mut next = before.clone();
        next.carry_out(&ruling, at_ms)?;
        next.rulings.push(Applied {
            at_ms,
            finding: finding.clone(),
            ruling,
            corrects,
        });
        next.before_last_ruling = Some(Box::new(before));
        *self = next;
        Ok(())
    }

    /// The effects of `ruling`, in order, then its outcome. The arbiter has
    /// stopped the clocks to intervene (6.12b); they stay stopped, set for
    /// the player to move, until he restarts them.
    fn carry_out(&mut self, ruling: &IrregularityRuling, at_ms: u64) -> Result<(), GameError> {
        let clock_error = |e| GameError::Clock(e);
        self.stop_clock(at_ms)?;
        for effect in &ruling.effects {
            match effect {
                Effect::ReinstatePosition { ply, .. } => {
                    self.sheet.strike_out_after(*ply);
                    self.clock_log.truncate(ply + 1);
                }
                Effect::SetClocks { white_ms, black_ms } => {
                    let plies = self.sheet.len();
                    if let Some(clock) = self.clock.as_mut() {
                        let setting = |side: Side, remaining_ms: u64| {
                            let moves = moves_made(&self.start, plies, side);
                            Setting {
                                remaining_ms,
                                moves,
                                period: clock.schedule(side).period_of_move(moves + 1),
                            }
                        };
                        let action = ClockAction::Adjust {
                            white: setting(Side::White, *white_ms),
                            black: setting(Side::Black, *black_ms),
                        };
                        clock.apply(action, at_ms).map_err(clock_error)?;
                    }
                }
                Effect::AddTime { side, ms } => {
                    if let Some(clock) = self.clock.as_mut() {
                        let action = ClockAction::AddTime {
                            side: *side,
                            ms: *ms,
                        };
                        clock.apply(action, at_ms).map_err(clock_error)?;
                    }
                }
                Effect::CountIllegalMove { side, count } => match side {
                    Side::White => self.illegal_moves.white = *count,
                    Side::Black => self.illegal_moves.black = *count,
                },
                // Done by the players or the arbiter at the board, and
                // shown to them with the ruling.
                Effect::TouchMove(_)
                | Effect::TransferToCorrectBoard
                | Effect::RestorePieces { .. }
                | Effect::RestartClockOf { .. }
                | Effect::StopClocks
                | Effect::ForbidCastling { .. }
                | Effect::RecordingOptional { .. } => {}
            }
        }
        let to_move = Side::from(self.position().turn());
        if let Some(clock) = self.clock.as_mut() {
            clock.hand_to(to_move);
        }
        if ruling.outcome.ends_game() {
            self.outcome = Some(ruling.outcome);
        }
        Ok(())
    }
}

/// The moves `side` has made in the first `plies` half-moves from `start`.
fn moves_made(start: &Chess, plies: usize, side: Side) -> u32 {
    let first = Side::from(start.turn()) == side;
    let made = if first { plies.div_ceil(2) } else { plies / 2 };
    made as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Event, Game, Player, Setup};
    use crate::irregularity::Outcome;
    use crate::ruleset::{Edition, Ruleset};
    use crate::scoresheet::Entry;

    /// A game under the 2014 Laws with its clock started at 0 and each
    /// move of `moves` recorded and pressed a second apart.
    fn played(moves: &[&str]) -> Game {
        let setup = Setup {
            white: Player::named("White"),
            black: Player::named("Black"),
            time_control: "5400+30".parse().unwrap(),
            ruleset: Ruleset::of(Edition::Fide2014),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 0);
        game.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0)
            .unwrap();
        for (i, text) in moves.iter().enumerate() {
            let at = 1_000 * (i as u64 + 1) * 60;
            game.apply(Event::Recorded(Entry::written(*text)), at)
                .unwrap();
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            game.apply(Event::Clock(ClockAction::Press { side }), at)
                .unwrap();
        }
        game
    }

    #[test]
    fn an_illegal_move_found_five_moves_later_puts_back_position_and_clocks() {
        // 3. Ke1-e3?? (two squares), found after 5... d6.
        let mut game = played(&[
            "e4", "e5", "Nf3", "Nc6", "Ke1-e3", "Nf6", "Ke3-d3", "Bc5", "Nc3", "d6",
        ]);
        let before = game.fold().unwrap();
        let expected = before.clock_log[4];
        game.apply(Event::ruled(Finding::illegal_move()), 700_000)
            .unwrap();
        let play = game.fold().unwrap();
        assert_eq!(play.sheet.len(), 4);
        assert_eq!(play.sheet.struck_out.len(), 6);
        let clock = play.clock.as_ref().unwrap();
        // The 2014 Laws: the offender's opponent gets two minutes.
        assert_eq!(clock.remaining(Side::White, 700_000), expected.white_ms);
        assert_eq!(
            clock.remaining(Side::Black, 700_000),
            expected.black_ms + 120_000
        );
        assert_eq!(clock.moves(Side::White), 2);
        assert_eq!(clock.moves(Side::Black), 2);
        assert_eq!(play.illegal_moves.white, 1);
        assert_eq!(play.outcome, None);
        // The game goes on from the reinstated position with White to move.
        game.apply(Event::Clock(ClockAction::Resume), 710_000)
            .unwrap();
        assert_eq!(
            game.clock().unwrap().running_side(),
            Some(Side::White),
            "White's clock runs again"
        );
        game.apply(Event::Recorded(Entry::written("Bc4")), 720_000)
            .unwrap();
        game.apply(
            Event::Clock(ClockAction::Press { side: Side::White }),
            720_000,
        )
        .unwrap();
        let play = game.fold().unwrap();
        assert_eq!(play.check().first_irregularity, None);
        assert_eq!(play.sheet.len(), 5);
    }

    /// White's third move Ng1-f3?? leaves his king in check from b4: the
    /// record, with its squares written, shows White made it.
    fn ignored_check(format: LogFormat) -> Game {
        let game = played(&["e4", "e5", "d4", "Bb4", "Ng1-f3"]);
        let mut setup = game.setup().clone();
        setup.log_format = format;
        let mut again = Game::new("g", setup, 0);
        for logged in game.log() {
            again.apply(logged.event.clone(), logged.at_ms).unwrap();
        }
        again
    }

    /// The time `finding` adds to White's clock and to Black's.
    fn charged(mut game: Game, finding: Finding) -> (i64, i64) {
        let before = game.fold().unwrap().clock.clone().unwrap();
        game.apply(Event::ruled(finding), 300_000).unwrap();
        let play = game.fold().unwrap();
        let clock = play.clock.as_ref().unwrap();
        let added =
            |side| clock.remaining(side, 300_000) as i64 - before.remaining(side, 300_000) as i64;
        (added(Side::White), added(Side::Black))
    }

    #[test]
    fn the_arbiter_names_who_made_an_illegal_move_over_the_record() {
        let illegal = |by, offender_unknown| Finding::IllegalMove {
            by,
            offender_unknown,
            touched: Vec::new(),
            clocks: None,
        };
        let game = ignored_check(LogFormat::Named);
        // As the record shows: White made it, Black gets two minutes (the
        // clocks are also put back to the position reinstated).
        let (white, black) = charged(game.clone(), Finding::illegal_move());
        let minutes = 120_000;
        // Black named: White gets them.
        let named = illegal(Some(Side::Black), false);
        assert_eq!(
            charged(game.clone(), named.clone()),
            (white + minutes, black - minutes)
        );
        // Nobody can say: no penalty.
        let nobody = (white, black - minutes);
        assert_eq!(
            charged(game.clone(), illegal(Some(Side::White), true)),
            nobody
        );
        assert_eq!(charged(game, illegal(None, true)), nobody);
        // A game logged before: the record's player, as it was folded then.
        assert_eq!(
            charged(ignored_check(LogFormat::Matched), named),
            (white, black)
        );
    }

    #[test]
    fn a_ruling_given_by_mistake_is_corrected_by_a_later_one_and_both_stay_in_the_log() {
        // 2... Nd4 (written in Black's box) fits neither knight; the
        // arbiter first rules that nobody can say who made it.
        let mut game = played(&["e4", "d5", "d4", "Nd4"]);
        let expected = game.fold().unwrap().clock_log[3];
        game.apply(Event::ruled(Finding::illegal_move()), 300_000)
            .unwrap();
        let mistaken = game.fold().unwrap();
        assert!(
            !mistaken.rulings[0]
                .ruling
                .effects
                .iter()
                .any(|e| matches!(e, Effect::AddTime { .. }))
        );
        let by_black = Finding::IllegalMove {
            by: Some(Side::Black),
            offender_unknown: false,
            touched: Vec::new(),
            clocks: None,
        };
        let correction = Event::Ruled {
            finding: by_black.clone(),
            claimant_touched_piece: false,
            corrects: Some(1),
        };
        game.apply(correction, 310_000).unwrap();
        let play = game.fold().unwrap();
        assert_eq!(play.rulings.len(), 2, "both rulings are kept");
        assert_eq!(play.rulings[1].corrects, Some(1));
        assert_eq!(play.sheet.len(), 3);
        assert_eq!(play.sheet.struck_out.len(), 1, "struck out once");
        assert_eq!(play.illegal_moves.black, 1);
        let clock = play.clock.as_ref().unwrap();
        assert_eq!(
            clock.remaining(Side::White, 310_000),
            expected.white_ms + 120_000,
            "White gets the two minutes, once"
        );
        assert_eq!(clock.remaining(Side::Black, 310_000), expected.black_ms);
        // Once play goes on, the ruling stands.
        game.apply(Event::Clock(ClockAction::Resume), 320_000)
            .unwrap();
        let again = Event::Ruled {
            finding: by_black,
            claimant_touched_piece: false,
            corrects: Some(2),
        };
        assert_eq!(
            game.apply(again, 330_000),
            Err(GameError::NotCorrectable { ruling: 2 })
        );
    }

    #[test]
    fn after_the_halves_are_swapped_the_arbiter_settles_whose_move_it_is() {
        use crate::clock::ClockCorrection;
        let mut game = played(&["e4", "e5"]);
        let correct = |correction| Event::ClockCorrected {
            correction,
            reason: "placed the other way round".to_owned(),
        };
        game.apply(Event::Clock(ClockAction::Pause), 130_000)
            .unwrap();
        assert_eq!(game.fold().unwrap().turn_to_settle(), None);
        game.apply(correct(ClockCorrection::SwapSides), 140_000)
            .unwrap();
        let swapped = game.fold().unwrap();
        assert_eq!(
            swapped.turn_to_settle(),
            Some(TurnToSettle {
                clock: Side::Black,
                counts: Side::White,
                sheet: Some(Side::White)
            })
        );
        game.apply(
            correct(ClockCorrection::ToMove { side: Side::White }),
            150_000,
        )
        .unwrap();
        let settled = game.fold().unwrap();
        assert_eq!(settled.turn_to_settle(), None);
        let clock = settled.clock.as_ref().unwrap();
        assert_eq!(clock.side_to_move(), Some(Side::White));
        assert!(clock.is_paused());
        // A press settles it too: play went on.
        game.apply(correct(ClockCorrection::SwapSides), 160_000)
            .unwrap();
        game.apply(Event::Clock(ClockAction::Resume), 170_000)
            .unwrap();
        game.apply(
            Event::Clock(ClockAction::Press { side: Side::Black }),
            180_000,
        )
        .unwrap();
        assert_eq!(game.fold().unwrap().turn_to_settle(), None);
    }

    #[test]
    fn a_ruling_is_corrected_under_the_rules_the_competition_changed_to() {
        // Played under the source texts: 7.4 with no penalty.
        let mut game = played(&["e4", "e5", "Ke1-e3"]);
        let mut setup = game.setup().clone();
        setup.ruleset = Ruleset::of(Edition::Source);
        game.apply(Event::DetailsEdited(Box::new(setup.clone())), 200_000)
            .unwrap();
        game.apply(Event::ruled(Finding::illegal_move()), 300_000)
            .unwrap();
        let first = game.fold().unwrap();
        let black = first
            .clock
            .as_ref()
            .unwrap()
            .remaining(Side::Black, 300_000);
        assert_eq!(first.illegal_moves.white, 0, "no penalty then");
        // The competition's rules were the 2014 Laws after all.
        setup.ruleset = Ruleset::of(Edition::Fide2014);
        game.apply(Event::DetailsEdited(Box::new(setup)), 305_000)
            .unwrap();
        let edited = game.fold().unwrap();
        let (number, before) = edited.correctable().expect("still correctable");
        assert_eq!(number, 1);
        assert_eq!(before.setup.ruleset.edition, Edition::Fide2014);
        let correction = Event::Ruled {
            finding: Finding::illegal_move(),
            claimant_touched_piece: false,
            corrects: Some(1),
        };
        game.apply(correction, 310_000).unwrap();
        let corrected = game.fold().unwrap();
        assert_eq!(corrected.rulings.len(), 2);
        assert_eq!(corrected.illegal_moves.white, 1);
        assert_eq!(
            corrected
                .clock
                .as_ref()
                .unwrap()
                .remaining(Side::Black, 310_000),
            black + 120_000,
            "Black gets the two minutes the 2014 Laws give"
        );
        assert_eq!(corrected.setup.ruleset.edition, Edition::Fide2014);
    }

    #[test]
    fn a_ruling_that_ended_the_game_by_mistake_is_corrected() {
        // The second illegal move loses; the first was not White's.
        let mut game = two_illegal_king_walks();
        assert_eq!(game.fold().unwrap().outcome, Some(Outcome::BlackWins));
        let wrong_number = Event::Ruled {
            finding: Finding::DisplacementFound { ply: 2 },
            claimant_touched_piece: false,
            corrects: Some(1),
        };
        assert_eq!(
            game.apply(wrong_number, 321_000),
            Err(GameError::NotCorrectable { ruling: 1 }),
            "only the last ruling"
        );
        let displaced = Event::Ruled {
            finding: Finding::DisplacementFound { ply: 2 },
            claimant_touched_piece: false,
            corrects: Some(2),
        };
        game.apply(displaced, 322_000).unwrap();
        let play = game.fold().unwrap();
        assert_eq!(play.outcome, None, "the game goes on");
        assert_eq!(play.illegal_moves.white, 1);
        assert_eq!(play.rulings.len(), 3);
    }

    #[test]
    fn presses_ahead_of_the_sheet_are_told_and_their_readings_not_guessed() {
        let mut game = played(&[]);
        for i in 0..10u64 {
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            game.apply(Event::Clock(ClockAction::Press { side }), 10_000 * (i + 1))
                .unwrap();
        }
        assert_eq!(
            game.fold().unwrap().disagreement(),
            Some(Disagreement {
                clock: 10,
                sheet: 0
            })
        );
        for text in ["e4", "d5", "d4", "Kd6"] {
            game.apply(Event::Recorded(Entry::written(text)), 200_000)
                .unwrap();
        }
        let play = game.fold().unwrap();
        assert_eq!(
            play.disagreement(),
            Some(Disagreement {
                clock: 10,
                sheet: 4
            })
        );
        let guessed =
            crate::irregularity::rule(&Finding::illegal_move(), &play.situation(210_000)).unwrap();
        assert!(
            !guessed
                .effects
                .iter()
                .any(|e| matches!(e, Effect::SetClocks { .. })),
            "no reading is matched to half-move 3"
        );
        assert!(
            guessed.explanation.contains("the log has no clock reading"),
            "{}",
            guessed.explanation
        );
        let given = ClockReading {
            white_ms: 5_000_000,
            black_ms: 5_100_000,
        };
        let finding = Finding::IllegalMove {
            by: Some(Side::Black),
            offender_unknown: false,
            touched: Vec::new(),
            clocks: Some(given),
        };
        game.apply(Event::ruled(finding), 210_000).unwrap();
        let play = game.fold().unwrap();
        let clock = play.clock.as_ref().unwrap();
        assert_eq!(
            clock.remaining(Side::White, 210_000),
            given.white_ms + 120_000
        );
        assert_eq!(clock.remaining(Side::Black, 210_000), given.black_ms);
        assert!(
            play.rulings[0]
                .ruling
                .explanation
                .contains("the times the arbiter gives")
        );
        // The ruling set the clock's moves to the sheet's: they agree again.
        assert_eq!(play.disagreement(), None);
    }

    #[test]
    fn a_flag_ruling_ends_the_game_and_no_press_restarts_a_clock() {
        let mut game = played(&["e4"]);
        // Black's clock runs: 90 minutes later his flag is down.
        let late = 60_000 + 5_500_000;
        game.apply(Event::ruled(Finding::FlagSeen), late).unwrap();
        let play = game.fold().unwrap();
        assert_eq!(play.outcome, Some(Outcome::WhiteWins));
        assert_eq!(
            play.rulings[0].ruling.article,
            crate::article::Article::Art6_9
        );
        assert_eq!(
            game.apply(
                Event::Clock(ClockAction::Press { side: Side::Black }),
                late + 1
            ),
            Err(GameError::Over(Outcome::WhiteWins))
        );
    }

    /// White's king walk Ke1-e3 ruled illegal, the game resumed, then the
    /// same walk written again and ruled illegal a second time.
    fn two_illegal_king_walks() -> Game {
        let mut game = played(&["e4", "e5", "Ke1-e3"]);
        game.apply(Event::ruled(Finding::illegal_move()), 300_000)
            .unwrap();
        game.apply(Event::Clock(ClockAction::Resume), 300_000)
            .unwrap();
        game.apply(Event::Recorded(Entry::written("Ke1-e3")), 310_000)
            .unwrap();
        game.apply(Event::ruled(Finding::illegal_move()), 320_000)
            .unwrap();
        game
    }

    #[test]
    fn a_second_illegal_move_loses_under_the_2014_laws() {
        let mut game = two_illegal_king_walks();
        let play = game.fold().unwrap();
        assert_eq!(play.outcome, Some(Outcome::BlackWins));
        assert_eq!(
            game.apply(Event::Recorded(Entry::written("Nf3")), 330_000),
            Err(GameError::Over(Outcome::BlackWins))
        );
    }

    #[test]
    fn a_finding_the_laws_give_no_ruling_on_is_refused_and_changes_nothing() {
        let mut game = played(&["e4", "e5"]);
        let before = game.clone();
        assert!(matches!(
            game.apply(Event::ruled(Finding::illegal_move()), 300_000),
            Err(GameError::Irregularity(_))
        ));
        assert_eq!(game, before);
    }

    #[test]
    fn rulings_survive_a_round_trip_through_json() {
        let mut game = played(&["e4", "e5", "Ke1-e3"]);
        game.apply(Event::ruled(Finding::illegal_move()), 300_000)
            .unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.contains(r#""type":"ruled","finding":"illegal_move""#));
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert!(back.verify_chain().is_ok());
    }

    #[test]
    fn the_board_moves_come_from_the_sheet() {
        let game = played(&["e4", "e5", "O-O", "Nf6"]);
        let moves = game.fold().unwrap().board_moves();
        assert_eq!(moves[0].unwrap().to_string(), "e2e4");
        assert_eq!(
            moves[2].unwrap().to_string(),
            "e1g1",
            "short castling written, not legal here: the king went to g1"
        );
        assert_eq!(
            moves[3], None,
            "unknown position: a short form says nothing"
        );
        let game = played(&["e4", "e5", "Ke3", "Nf6"]);
        let moves = game.fold().unwrap().board_moves();
        assert_eq!(
            moves[2].unwrap().to_string(),
            "e1e3",
            "the only king: the illegal move is identified"
        );
        assert_eq!(moves[3], None, "after it, a short form says nothing");
        let game = played(&["e4", "e5", "Nd4"]);
        let moves = game.fold().unwrap().board_moves();
        assert_eq!(moves[2], None, "either knight: nobody can say which");
        let game = played(&["e4", "e5", "Ke1-e3", "Ng8-f6"]);
        let moves = game.fold().unwrap().board_moves();
        assert_eq!(moves[2].unwrap().to_string(), "e1e3");
        assert_eq!(moves[3].unwrap().to_string(), "g8f6");
    }
}
