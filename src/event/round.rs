//! A round of the event, as the chief arbiter published it from the
//! pairing program's file: each board with its players, and the byes. A
//! board tablet's game is created from it, so no name is typed.
//!
//! Each publication of a round is a document written once,
//! `round:003:0002` (round 3, its second version: the chief swapped
//! colours, say), signed by an arbiter of the event; tablets take each
//! round's highest version an arbiter signed.

use laws::game::{Player, Setup};
use laws::signing::{SigningKey, VerifyingKey};
use laws::trf::list::ListedBoard;
use laws::trf::player::PlayerSummary;
use laws::trf::results::Absent;
use laws::trf::{Pairings, TrfFile};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::event::docs::{Refused, Why, read_value, refusal, written_once};
use crate::event::round_change::{ChangeError, LoggedChange, RoundChange};
use crate::event::signed::{Signed, Trust};

/// The rounds' documents' ids begin so.
pub const ROUND_PREFIX: &str = "round:";

/// A player as the round names him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlayer {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// In the pairing program's file, to write the results back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_rank: Option<u16>,
}

impl From<PlayerSummary> for RoundPlayer {
    fn from(p: PlayerSummary) -> RoundPlayer {
        RoundPlayer {
            name: p.name,
            fide_id: p.fide_id.and_then(|id| u32::try_from(id).ok()),
            rating: p.rating,
            federation: p.federation,
            title: p.title,
            start_rank: Some(p.start_rank),
        }
    }
}

/// One board of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundBoard {
    pub number: u32,
    pub white: RoundPlayer,
    pub black: RoundPlayer,
    /// Who was absent at the default time, as the chief marked it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<Absent>,
}

/// A player with no board: `H`, `F`, `U`, `Z`, or `0000` (not paired).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundBye {
    pub player: RoundPlayer,
    pub code: String,
}

/// A round as published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub round: u32,
    /// From 1; a higher one replaces it.
    pub version: u32,
    pub event: String,
    #[serde(default)]
    pub site: String,
    /// The games' time control in PGN's notation (TRF-2026's tag 222
    /// writes the same), when the file gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    pub boards: Vec<RoundBoard>,
    #[serde(default)]
    pub byes: Vec<RoundBye>,
    /// The chief's changes since the pairing program's round, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<LoggedChange>,
}

impl Round {
    /// Round `pairings` of `file`, as version `version`.
    #[must_use]
    pub fn of(file: &TrfFile, pairings: &Pairings, version: u32) -> Round {
        let player = |rank: u16| {
            file.player(rank).map_or_else(
                || RoundPlayer {
                    name: format!("#{rank}"),
                    fide_id: None,
                    rating: None,
                    federation: String::new(),
                    title: String::new(),
                    start_rank: Some(rank),
                },
                |p| p.summary().into(),
            )
        };
        Round {
            round: pairings.round,
            version,
            event: file.tournament.name.clone(),
            site: file.tournament.city.clone(),
            time_control: file.tournament.encoded_time_control.clone(),
            boards: pairings
                .boards
                .iter()
                .map(|b| RoundBoard {
                    number: b.number,
                    white: player(b.white),
                    black: player(b.black),
                    absent: None,
                })
                .collect(),
            byes: pairings
                .byes
                .iter()
                .map(|b| RoundBye {
                    player: player(b.player),
                    code: b
                        .code
                        .map_or_else(|| "0000".to_owned(), |c| c.as_char().to_string()),
                })
                .collect(),
            changes: Vec::new(),
        }
    }

    /// Round `round` of event `event` from a plain list of boards (no
    /// pairing program: names only, no byes), as version `version`.
    #[must_use]
    pub fn of_list(round: u32, event: &str, boards: Vec<ListedBoard>, version: u32) -> Round {
        let player = |name: String| RoundPlayer {
            name,
            fide_id: None,
            rating: None,
            federation: String::new(),
            title: String::new(),
            start_rank: None,
        };
        Round {
            round,
            version,
            event: event.trim().to_owned(),
            site: String::new(),
            time_control: None,
            boards: boards
                .into_iter()
                .map(|b| RoundBoard {
                    number: b.number,
                    white: player(b.white),
                    black: player(b.black),
                    absent: None,
                })
                .collect(),
            byes: Vec::new(),
            changes: Vec::new(),
        }
    }

    /// The setup of board `number`'s game: the players, the event, round
    /// and board as the round names them; the rest as a new game's.
    #[must_use]
    pub fn setup(&self, number: u32) -> Option<Setup> {
        let board = self.boards.iter().find(|b| b.number == number)?;
        let player = |p: &RoundPlayer| Player {
            name: p.name.clone(),
            fide_id: p.fide_id,
        };
        let mut setup = Setup::new_game();
        setup.event = self.event.clone();
        setup.site = self.site.clone();
        setup.round = self.round.to_string();
        setup.board = number.to_string();
        setup.white = player(&board.white);
        setup.black = player(&board.black);
        if let Some(control) = self.time_control.as_deref().and_then(|c| c.parse().ok()) {
            setup.time_control = control;
        }
        Some(setup)
    }

    /// Whether `setup` is board `number`'s as this round names it.
    #[must_use]
    pub fn names(&self, setup: &Setup) -> bool {
        self.pairs(&setup.round, &setup.board, &setup.white, &setup.black)
    }

    /// Whether this round pairs `white` and `black` on board `board` of
    /// round `round` (as a game's setup writes them).
    #[must_use]
    pub fn pairs(&self, round: &str, board: &str, white: &Player, black: &Player) -> bool {
        let Ok(number) = board.trim().parse::<u32>() else {
            return false;
        };
        self.setup(number).is_some_and(|ours| {
            ours.round == round.trim() && ours.white == *white && ours.black == *black
        })
    }
}

impl Round {
    /// This round with `change` made at `at_ms` and logged; the version
    /// is the publisher's to set.
    pub fn with_change(&self, change: RoundChange, at_ms: u64) -> Result<Round, ChangeError> {
        let mut next = self.clone();
        let number = match change {
            RoundChange::ColoursSwapped { board }
            | RoundChange::BoardMoved { board, .. }
            | RoundChange::Forfeit { board, .. } => board,
        };
        let at = next
            .boards
            .iter()
            .position(|b| b.number == number)
            .ok_or(ChangeError::NoBoard(number))?;
        match change {
            RoundChange::ColoursSwapped { .. } => {
                let board = &mut next.boards[at];
                std::mem::swap(&mut board.white, &mut board.black);
            }
            RoundChange::BoardMoved { to, .. } => {
                if to == 0 || next.boards.iter().any(|b| b.number == to) {
                    return Err(ChangeError::NumberTaken(to));
                }
                next.boards[at].number = to;
                next.boards.sort_by_key(|b| b.number);
            }
            RoundChange::Forfeit { absent, .. } => {
                if next.boards[at].absent.is_some() {
                    return Err(ChangeError::Forfeited(number));
                }
                next.boards[at].absent = Some(absent);
            }
        }
        next.changes.push(LoggedChange { at_ms, change });
        Ok(next)
    }
}

/// The id of round `round`'s version `version`.
#[must_use]
pub fn round_doc_id(round: u32, version: u32) -> String {
    format!("{ROUND_PREFIX}{round:03}:{version:04}")
}

/// The round and version a round document's id names.
#[must_use]
pub fn round_doc_version(id: &str) -> Option<(u32, u32)> {
    let (round, version) = id.strip_prefix(ROUND_PREFIX)?.split_once(':')?;
    Some((round.parse().ok()?, version.parse().ok()?))
}

/// What an arbiter signs for `round` of the event in `database`: the
/// round as this version writes it (compact JSON in the types' order).
#[must_use]
pub fn round_message(database: &str, round: &Round) -> Vec<u8> {
    let json = serde_json::to_string(round).expect("a round serialises");
    format!("arbiter event round v1\0{database}\0{json}").into_bytes()
}

/// A round as the database keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundDoc {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub round: Round,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

impl RoundDoc {
    /// `round` of the event in `database`, signed by an arbiter's `key`.
    #[must_use]
    pub fn of(round: Round, database: &str, key: &SigningKey) -> RoundDoc {
        RoundDoc {
            id: round_doc_id(round.round, round.version),
            kind: "round".into(),
            signed: Some(Signed::by(key, &round_message(database, &round))),
            round,
        }
    }

    /// The document to write: its revision follows from its signature.
    #[must_use]
    pub fn to_value(&self) -> Value {
        written_once(self, self.signed.as_ref())
    }

    /// Reads a revision the database gave: taken when an arbiter `trust`
    /// names signed it for the event in `database`.
    pub fn read(
        id: &str,
        value: &RawValue,
        database: &str,
        trust: &Trust,
    ) -> Result<Round, Refused> {
        let refuse = refusal(id, value);
        let doc: RoundDoc = read_value(value).map_err(&refuse)?;
        if doc.id != id || round_doc_id(doc.round.round, doc.round.version) != id {
            return Err(refuse(Why::WrongPlace));
        }
        Signed::check(
            doc.signed.as_ref(),
            &round_message(database, &doc.round),
            trust,
        )
        .map_err(|u| refuse(Why::Unsigned(u)))?;
        Ok(doc.round)
    }
}

/// Takes from `revisions` (id and document) each round's highest version
/// an arbiter signed, above what `held` has; the others are refused.
pub fn settle_rounds<'a>(
    held: &std::collections::BTreeMap<u32, Round>,
    revisions: impl IntoIterator<Item = (&'a str, &'a RawValue)>,
    database: &str,
    arbiters: &[VerifyingKey],
) -> (Vec<Round>, Vec<Refused>) {
    let trust = Trust {
        board: None,
        arbiters: arbiters.to_vec(),
    };
    let mut taken: Vec<Round> = Vec::new();
    let mut refused = Vec::new();
    for (id, value) in revisions {
        match RoundDoc::read(id, value, database, &trust) {
            Ok(round) => {
                let above = |r: &Round| r.version;
                let held_version = held.get(&round.round).map_or(0, above);
                let taken_version = taken
                    .iter()
                    .find(|r| r.round == round.round)
                    .map_or(0, above);
                if round.version > held_version.max(taken_version) {
                    taken.retain(|r| r.round != round.round);
                    taken.push(round);
                }
            }
            Err(r) => refused.push(r),
        }
    }
    (taken, refused)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeMap;

    use laws::side::Side;
    use laws::trf::results::GameResult;

    use super::*;
    use crate::event::revision::{self, Revision};
    use crate::event::round_change::{ChangeError, RoundChange};
    use crate::event::signed::Unsigned;

    const DB: &str = "open-2026";

    fn file() -> TrfFile {
        TrfFile::parse(include_str!(
            "../../crates/laws/tests/cases/trf/byes-forfeits.trf"
        ))
        .unwrap()
    }

    /// Round 3 of the Swiss case file, as first published.
    pub(crate) fn swiss_round3() -> Round {
        let file = TrfFile::parse(include_str!(
            "../../crates/laws/tests/cases/trf/swiss-round3.trf"
        ))
        .unwrap();
        Round::of(&file, &file.pairings(3).unwrap(), 1)
    }

    fn round(version: u32) -> Round {
        let file = file();
        Round::of(&file, &file.pairings(3).unwrap(), version)
    }

    #[test]
    fn a_board_s_game_is_set_up_from_the_round_with_no_name_typed() {
        let round = round(1);
        assert_eq!(round.event, "Kraków Rapid Swiss");
        let setup = round.setup(2).unwrap();
        assert_eq!(
            (
                setup.round.as_str(),
                setup.board.as_str(),
                setup.site.as_str()
            ),
            ("3", "2", "Kraków")
        );
        assert_eq!(setup.white.name, "Kamiński, Tomasz");
        assert_eq!(setup.black.fide_id, Some(1_100_002));
        assert_eq!(setup.time_control.to_string(), "40/5400+30:1800+30");
        assert!(round.names(&setup));
        let mut typed = setup.clone();
        typed.white.name = "Kaminski, T.".into();
        assert!(!round.names(&typed));
        assert_eq!(round.setup(9), None);
        assert_eq!(round.byes[1].code, "0000");
    }

    #[test]
    fn a_round_from_a_plain_list_names_its_players_only() {
        let boards =
            laws::trf::list::read("1;Kowalski, Jan;Nowak, Anna\n2;Lee, Min;Brown, Pat\n").unwrap();
        let round = Round::of_list(4, " Club night ", boards, 1);
        let setup = round.setup(2).unwrap();
        assert_eq!(
            (setup.event.as_str(), setup.round.as_str()),
            ("Club night", "4")
        );
        assert_eq!(
            (setup.white.name.as_str(), setup.black.fide_id),
            ("Lee, Min", None)
        );
        assert!(round.names(&setup));
    }

    #[test]
    fn each_round_s_highest_version_an_arbiter_signed_is_taken() {
        let chief = SigningKey::from_seed([1; 32]);
        let board = SigningKey::from_seed([2; 32]);
        let docs: Vec<(String, Revision)> = [
            RoundDoc::of(round(1), DB, &chief),
            RoundDoc::of(round(2), DB, &chief),
            RoundDoc::of(round(3), DB, &board),
            RoundDoc::of(round(4), "another", &chief),
        ]
        .iter()
        .map(|d| (d.id.clone(), revision::of(&d.to_value())))
        .collect();
        let revisions = || docs.iter().map(|(id, v)| (id.as_str(), &**v));
        let arbiters = [chief.verifying_key()];
        let (taken, refused) = settle_rounds(&BTreeMap::new(), revisions(), DB, &arbiters);
        assert_eq!(taken, [round(2)]);
        let why: Vec<Why> = refused.into_iter().map(|r| r.why).collect();
        assert_eq!(
            why,
            [
                Why::Unsigned(Unsigned::Untrusted(board.verifying_key())),
                Why::Unsigned(Unsigned::Invalid),
            ]
        );
        // What is held is not replaced by a lower version.
        let held = BTreeMap::from([(3, round(2))]);
        assert_eq!(settle_rounds(&held, revisions(), DB, &arbiters).0, []);
    }

    #[test]
    fn a_round_document_s_id_names_its_round_and_version() {
        assert_eq!(round_doc_version(&round_doc_id(3, 12)), Some((3, 12)));
        assert_eq!(round_doc_version("round:x:0001"), None);
        assert_eq!(round_doc_version("roster:000001"), None);
    }

    #[test]
    fn each_change_makes_the_next_round_and_is_logged() {
        let round = swiss_round3();
        let swapped = round
            .with_change(RoundChange::ColoursSwapped { board: 2 }, 10)
            .unwrap();
        assert_eq!(swapped.boards[1].white, round.boards[1].black);
        assert_eq!(swapped.boards[1].black, round.boards[1].white);
        let moved = swapped
            .with_change(RoundChange::BoardMoved { board: 1, to: 9 }, 20)
            .unwrap();
        assert_eq!(
            moved.boards.iter().map(|b| b.number).collect::<Vec<_>>(),
            [2, 3, 4, 9]
        );
        let forfeit = moved
            .with_change(
                RoundChange::Forfeit {
                    board: 3,
                    absent: Absent::Black,
                },
                30,
            )
            .unwrap();
        assert_eq!(forfeit.boards[1].absent, Some(Absent::Black));
        assert_eq!(
            forfeit.changes.iter().map(|c| c.at_ms).collect::<Vec<_>>(),
            [10, 20, 30]
        );
        assert_eq!(
            forfeit.changes[1].change.to_string(),
            "board 1 moved to board 9"
        );
        // A board tablet's game follows the round's names.
        assert_eq!(forfeit.setup(9).unwrap().white.name, "Kowalski, Jan");
        assert_eq!(Absent::Black.result(), GameResult::Forfeit(Side::White));
    }

    #[test]
    fn a_change_that_cannot_be_made_is_refused_with_its_reason() {
        let round = swiss_round3();
        let refused = |change| round.with_change(change, 0).unwrap_err();
        assert_eq!(
            refused(RoundChange::ColoursSwapped { board: 7 }),
            ChangeError::NoBoard(7)
        );
        assert_eq!(
            refused(RoundChange::BoardMoved { board: 1, to: 2 }),
            ChangeError::NumberTaken(2)
        );
        let forfeit = RoundChange::Forfeit {
            board: 1,
            absent: Absent::Both,
        };
        let once = round.with_change(forfeit, 0).unwrap();
        assert_eq!(
            once.with_change(forfeit, 1).unwrap_err().to_string(),
            "Board 1 is already a forfeit: publish the round again to undo it."
        );
    }

    #[test]
    fn a_round_with_no_change_signs_as_before() {
        // Old rounds' signatures cover JSON with neither field.
        let json = serde_json::to_string(&swiss_round3()).unwrap();
        assert!(
            !json.contains("changes") && !json.contains("absent"),
            "{json}"
        );
    }
}
