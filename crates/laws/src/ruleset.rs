//! The parameters that differ between editions of the Laws and between competitions.
//!
//! The default is the edition of the source texts (the one whose Appendix A
//! still covers adjourned games, in force until July 2009). A competition
//! picks an edition with [`Ruleset::of`] and may then change single fields
//! (its regulations override the presets).
//!
//! ```
//! use laws::ruleset::{Edition, Ruleset};
//!
//! let source = Ruleset::default();
//! assert_eq!(source.illegal_move_bonus_ms, 0);
//! assert_eq!(source.illegal_move_loses_at, None);
//!
//! let modern = Ruleset::of(Edition::Fide2014);
//! assert_eq!(modern.illegal_move_bonus_ms, 120_000);
//! assert_eq!(modern.illegal_move_loses_at, Some(2));
//!
//! let json = serde_json::to_string(&modern).unwrap();
//! assert!(json.contains(r#""edition":"2014+""#));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::time_control::{Class, ClassLimits};

/// An edition of the FIDE Laws of Chess, as far as the rules core tells them apart.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Edition {
    /// The source texts: 7.4 has no penalty for an illegal move; Appendix B
    /// lets an Article 7 claim be made until the claimant touches a piece.
    #[default]
    #[serde(rename = "source")]
    Source,
    /// In force from July 2009: two minutes to the opponent for each of the
    /// first two illegal moves, the third loses (7.4b).
    #[serde(rename = "2009")]
    Fide2009,
    /// In force from July 2014 on: two minutes for the first illegal move, the
    /// second loses (7.5.5).
    #[serde(rename = "2014+")]
    Fide2014,
}

impl Edition {
    /// The latest edition the core knows: the one a game started today
    /// follows, unless the arbiter chooses another.
    pub const LATEST: Edition = Edition::Fide2014;
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Source => "the edition of the source texts",
            Edition::Fide2009 => "the 2009 Laws",
            Edition::Fide2014 => "the 2014 and later Laws",
        })
    }
}

/// The parameters of the Laws a competition plays under.
///
/// In JSON, fields left out take the presets of the `edition` given (or of
/// the source texts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ruleset {
    /// The edition whose presets the other fields started from; rulings
    /// whose wording differs between editions (B5) follow it too.
    pub edition: Edition,
    /// 7.4 (7.4b in 2009, 7.5.5 in 2014+): milliseconds given to the
    /// opponent of a player who completes an illegal move. 0 in the source
    /// texts, two minutes later.
    pub illegal_move_bonus_ms: u64,
    /// 7.4: the illegal move by the same player that loses the game (unless
    /// the opponent cannot checkmate: draw). `None` in the source texts, the
    /// 3rd in 2009, the 2nd in 2014+.
    pub illegal_move_loses_at: Option<u32>,
    /// 7.2 (7.3 in 2014+): a game begun with colours reversed is replayed
    /// with the right colours if it is found before each player has made
    /// this many moves. `None` in the source texts and 2009: it continues
    /// unless the arbiter rules otherwise; 10 moves in 2014+.
    pub colours_reversed_replay_before: Option<u32>,
    /// A10: a player who arrives later than this for the resumption of an
    /// adjourned game loses. One hour; a competition may change it.
    pub resumption_default_ms: u64,
    /// B1: the class of the games, when the competition fixes it instead of
    /// the time control deciding it.
    pub game_class: Option<Class>,
    /// B1: where rapidplay begins and ends (15 to 60 minutes in the source
    /// texts; more than 15 and less than 60 in 2009; more than 10 and less
    /// than 60 from 2014).
    pub class_limits: ClassLimits,
    /// B4: once each player has made this many moves, no claim about piece
    /// placement, board orientation or clock setting can be made in a
    /// rapidplay game.
    pub rapidplay_claim_moves: u32,
    /// 10.2: a player may claim a draw when he has less than this left.
    pub quickplay_threshold_ms: u64,
    /// 10.2: what the arbiter gives the opponent when he rejects or
    /// postpones the claim.
    pub quickplay_bonus_ms: u64,
}

/// Two minutes, the figure 7.4 and 10.2 use.
const TWO_MINUTES_MS: u64 = 120_000;

impl Ruleset {
    /// The presets of `edition`.
    #[must_use]
    pub fn of(edition: Edition) -> Ruleset {
        let (illegal_move_bonus_ms, illegal_move_loses_at) = match edition {
            Edition::Source => (0, None),
            Edition::Fide2009 => (TWO_MINUTES_MS, Some(3)),
            Edition::Fide2014 => (TWO_MINUTES_MS, Some(2)),
        };
        Ruleset {
            edition,
            illegal_move_bonus_ms,
            illegal_move_loses_at,
            colours_reversed_replay_before: (edition >= Edition::Fide2014).then_some(10),
            resumption_default_ms: 60 * 60 * 1000,
            game_class: None,
            class_limits: match edition {
                Edition::Source => ClassLimits::SOURCE_TEXT,
                Edition::Fide2009 => ClassLimits {
                    rapid_from_inclusive: false,
                    rapid_to_inclusive: false,
                    ..ClassLimits::SOURCE_TEXT
                },
                Edition::Fide2014 => ClassLimits::FIDE_2018,
            },
            rapidplay_claim_moves: 3,
            quickplay_threshold_ms: TWO_MINUTES_MS,
            quickplay_bonus_ms: TWO_MINUTES_MS,
        }
    }

    /// The class the rulings use: the competition's override, or else what
    /// the time control says under [`Ruleset::class_limits`].
    #[must_use]
    pub fn class(&self, by_time_control: Class) -> Class {
        self.game_class.unwrap_or(by_time_control)
    }

    /// Whether this is the source texts' ruleset, unchanged.
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Ruleset::default()
    }

    /// Appendix B, rapidplay: whether a claim of an illegal move is still
    /// open until the claimant makes his own move (later editions), rather
    /// than until he touches a piece (B5 of the source texts).
    #[must_use]
    pub fn illegal_move_claim_open_until_move(&self) -> bool {
        self.edition >= Edition::Fide2009
    }
}

/// A stored ruleset: what it leaves out comes from its edition's presets.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    #[serde(default)]
    edition: Edition,
    illegal_move_bonus_ms: Option<u64>,
    #[serde(default, deserialize_with = "present")]
    illegal_move_loses_at: Option<Option<u32>>,
    #[serde(default, deserialize_with = "present")]
    colours_reversed_replay_before: Option<Option<u32>>,
    resumption_default_ms: Option<u64>,
    #[serde(default, deserialize_with = "present")]
    game_class: Option<Option<Class>>,
    class_limits: Option<ClassLimits>,
    rapidplay_claim_moves: Option<u32>,
    quickplay_threshold_ms: Option<u64>,
    quickplay_bonus_ms: Option<u64>,
}

/// Tells a field given as `null` (`Some(None)`) from one left out (`None`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

impl<'de> Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
        let s = Stored::deserialize(d)?;
        let preset = Ruleset::of(s.edition);
        Ok(Ruleset {
            edition: s.edition,
            illegal_move_bonus_ms: s
                .illegal_move_bonus_ms
                .unwrap_or(preset.illegal_move_bonus_ms),
            illegal_move_loses_at: s
                .illegal_move_loses_at
                .unwrap_or(preset.illegal_move_loses_at),
            colours_reversed_replay_before: s
                .colours_reversed_replay_before
                .unwrap_or(preset.colours_reversed_replay_before),
            resumption_default_ms: s
                .resumption_default_ms
                .unwrap_or(preset.resumption_default_ms),
            game_class: s.game_class.unwrap_or(preset.game_class),
            class_limits: s.class_limits.unwrap_or(preset.class_limits),
            rapidplay_claim_moves: s
                .rapidplay_claim_moves
                .unwrap_or(preset.rapidplay_claim_moves),
            quickplay_threshold_ms: s
                .quickplay_threshold_ms
                .unwrap_or(preset.quickplay_threshold_ms),
            quickplay_bonus_ms: s.quickplay_bonus_ms.unwrap_or(preset.quickplay_bonus_ms),
        })
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::of(Edition::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_ruleset_missing_fields_takes_the_source_presets() {
        let ruleset: Ruleset = serde_json::from_str(r#"{"game_class":"rapid"}"#).unwrap();
        assert_eq!(ruleset.game_class, Some(Class::Rapid));
        assert_eq!(ruleset.edition, Edition::Source);
        assert_eq!(ruleset.resumption_default_ms, 3_600_000);
        assert_eq!(ruleset.class(Class::Standard), Class::Rapid);
    }

    #[test]
    fn left_out_fields_follow_the_edition_given() {
        let r: Ruleset =
            serde_json::from_str(r#"{"edition":"2014+","illegal_move_bonus_ms":60000}"#).unwrap();
        assert_eq!(r.illegal_move_loses_at, Some(2));
        assert_eq!(r.colours_reversed_replay_before, Some(10));
        assert_eq!(r.illegal_move_bonus_ms, 60_000);
        let r: Ruleset =
            serde_json::from_str(r#"{"edition":"2014+","illegal_move_loses_at":null}"#).unwrap();
        assert_eq!(r.illegal_move_loses_at, None);
        let all = Ruleset::of(Edition::Fide2009);
        let back: Ruleset = serde_json::from_str(&serde_json::to_string(&all).unwrap()).unwrap();
        assert_eq!(back, all);
        assert!(serde_json::from_str::<Ruleset>(r#"{"penalty":1}"#).is_err());
    }

    #[test]
    fn rapidplay_limits_follow_the_edition() {
        let fifteen = 15 * 60_000;
        let classify = |edition, ms| Ruleset::of(edition).class_limits.classify(ms);
        assert_eq!(classify(Edition::Source, fifteen), Class::Rapid);
        assert_eq!(classify(Edition::Fide2009, fifteen), Class::Blitz);
        assert_eq!(classify(Edition::Fide2014, fifteen), Class::Rapid);
        assert_eq!(classify(Edition::Fide2014, 10 * 60_000), Class::Blitz);
    }

    #[test]
    fn editions_round_trip_under_their_short_names() {
        for (edition, name) in [
            (Edition::Source, "\"source\""),
            (Edition::Fide2009, "\"2009\""),
            (Edition::Fide2014, "\"2014+\""),
        ] {
            assert_eq!(serde_json::to_string(&edition).unwrap(), name);
            assert_eq!(serde_json::from_str::<Edition>(name).unwrap(), edition);
        }
    }

    #[test]
    fn the_2009_preset_loses_at_the_third_illegal_move() {
        let r = Ruleset::of(Edition::Fide2009);
        assert_eq!(
            (r.illegal_move_bonus_ms, r.illegal_move_loses_at),
            (120_000, Some(3))
        );
        assert!(r.illegal_move_claim_open_until_move());
        assert!(!Ruleset::default().illegal_move_claim_open_until_move());
    }
}
