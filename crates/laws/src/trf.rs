//! The pairing program's Tournament Report File (FIDE Handbook C.04
//! Annex 2: TRF-16, its 2026 revision, and TRFx's `DAT` lines): the
//! tournament, its players and every round's opponents, colours and
//! results, in fixed columns.
//!
//! A file is read into its [`Tournament`] and [`Player`]s; a round's
//! boards come from it ([`round`]), or from the pairing engine's own list
//! of pairs beside it ([`engine`]); the round's results go back into it
//! ([`results`]). An event with no pairing program gives its boards as a
//! plain list ([`list`]). Every line Arbiter does not use is kept as it came in,
//! so what goes back to the pairing program is its own file plus the
//! results.
//!
//! ```
//! use laws::trf::TrfFile;
//!
//! let text = concat!(
//!     "012 Club Open\n",
//!     "001    1 m    Kowalski, Jan                     2100 POL     1100000 1990/01/01  0.0    1     2 w  \n",
//!     "001    2 w    Nowak, Anna                       2050 POL     1100001 1992/05/05  0.0    2     1 b  \n",
//! );
//! let file = TrfFile::parse(text).unwrap();
//! assert_eq!(file.tournament.name, "Club Open");
//! assert_eq!(file.round_to_play(), Some(1));
//! let round = file.pairings(1).unwrap();
//! assert_eq!((round.boards[0].white, round.boards[0].black), (1, 2));
//! ```

use std::fmt;

pub mod code;
pub mod encoding;
pub mod engine;
pub mod list;
pub mod player;
pub mod results;
pub mod round;

pub use code::ResultCode;
pub use player::{Player, RoundCell};
pub use round::{Board, Bye, Pairings};

/// What the file's `??2` lines say about the tournament.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tournament {
    /// 012.
    pub name: String,
    /// 022.
    pub city: String,
    /// 032.
    pub federation: String,
    /// 042, as written (`YYYY/MM/DD`).
    pub start: String,
    /// 052.
    pub end: String,
    /// 102.
    pub chief_arbiter: String,
    /// 112, one line each.
    pub deputy_arbiters: Vec<String>,
    /// 122, in words (`90 min + 30 sec/move`).
    pub time_control: String,
    /// 222 (TRF-2026), encoded (`40/6000+30:900+30`).
    pub encoded_time_control: Option<String>,
    /// 142: the number of rounds, when stated.
    pub rounds: Option<u32>,
}

/// A Tournament Report File as read: its lines as they came (each with its
/// line ending), the tournament and the players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfFile {
    lines: Vec<String>,
    pub tournament: Tournament,
    /// By starting rank.
    pub players: Vec<Player>,
}

/// Where a file cannot be read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
    pub kind: TrfErrorKind,
}

/// Why a file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A number field holds something else.
    NotANumber { field: &'static str, found: String },
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A result code the specification does not have.
    BadResult(char),
    /// A second player line with a starting rank already read.
    RankTwice(u16),
    /// A round names an opponent with no player line.
    UnknownOpponent(u16),
    /// A pairing its opponent's line does not return (another opponent,
    /// or the same colour).
    Unreturned { opponent: u16 },
    /// An opponent named with no colour, and no forfeit.
    NoColour,
    /// No `001` line at all.
    NoPlayers,
    /// No player is paired or given a bye in this round.
    NoSuchRound(u32),
    /// The pairing engine's first line states another number of pairs.
    PairCount { stated: usize, found: usize },
    /// A player paired twice in one round.
    PairedTwice(u16),
    /// A line that is not what its place in the file needs.
    Unreadable(String),
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfErrorKind::NotANumber { field, found } => {
                write!(f, "the {field} is not a number: {found:?}")
            }
            TrfErrorKind::BadColour(c) => write!(f, "{c:?} is not a colour (w, b or -)"),
            TrfErrorKind::BadResult(c) => {
                write!(f, "{c:?} is not a result code (1 = 0 + - W D L H F U Z)")
            }
            TrfErrorKind::RankTwice(rank) => {
                write!(f, "starting rank {rank} has a player line already")
            }
            TrfErrorKind::UnknownOpponent(rank) => {
                write!(f, "opponent {rank} has no player line")
            }
            TrfErrorKind::Unreturned { opponent } => write!(
                f,
                "player {opponent}'s line does not name this player, with the other colour, in this round"
            ),
            TrfErrorKind::NoColour => write!(f, "an opponent with no colour (w or b)"),
            TrfErrorKind::NoPlayers => write!(f, "no player line (001)"),
            TrfErrorKind::NoSuchRound(round) => {
                write!(f, "no player is paired in round {round}")
            }
            TrfErrorKind::PairCount { stated, found } => {
                write!(
                    f,
                    "the first line says {stated} pairs, the list has {found}"
                )
            }
            TrfErrorKind::PairedTwice(rank) => write!(f, "player {rank} is paired twice"),
            TrfErrorKind::Unreadable(why) => f.write_str(why),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for TrfError {}

impl TrfFile {
    /// Reads a file's text.
    pub fn parse(text: &str) -> Result<TrfFile, TrfError> {
        let lines = split_lines(text);
        let mut tournament = Tournament::default();
        let mut players: Vec<Player> = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let content = line.trim_end_matches(['\r', '\n']);
            let tag = content.get(..3).unwrap_or(content);
            let value = || content.get(4..).unwrap_or_default().trim().to_owned();
            match tag {
                "001" => {
                    let player = Player::parse(content, index)?;
                    if players.iter().any(|p| p.start_rank == player.start_rank) {
                        return Err(TrfError {
                            line: index + 1,
                            column: 5,
                            kind: TrfErrorKind::RankTwice(player.start_rank),
                        });
                    }
                    players.push(player);
                }
                "012" => tournament.name = value(),
                "022" => tournament.city = value(),
                "032" => tournament.federation = value(),
                "042" => tournament.start = value(),
                "052" => tournament.end = value(),
                "102" => tournament.chief_arbiter = value(),
                "112" => tournament.deputy_arbiters.push(value()),
                "122" => tournament.time_control = value(),
                "222" => tournament.encoded_time_control = Some(value()),
                "142" => {
                    tournament.rounds = Some(value().parse().map_err(|_| TrfError {
                        line: index + 1,
                        column: 5,
                        kind: TrfErrorKind::NotANumber {
                            field: "number of rounds",
                            found: value(),
                        },
                    })?);
                }
                // Comments, TRFx's DAT lines, national ratings, teams and
                // everything else: kept, not used.
                _ => {}
            }
        }
        if players.is_empty() {
            return Err(TrfError {
                line: lines.len().max(1),
                column: 1,
                kind: TrfErrorKind::NoPlayers,
            });
        }
        players.sort_by_key(|p| p.start_rank);
        let file = TrfFile {
            lines,
            tournament,
            players,
        };
        file.check_pairings()?;
        Ok(file)
    }

    /// The player with starting rank `rank`.
    #[must_use]
    pub fn player(&self, rank: u16) -> Option<&Player> {
        self.players
            .binary_search_by_key(&rank, |p| p.start_rank)
            .ok()
            .map(|i| &self.players[i])
    }

    /// The player a game names: by FIDE number when it gives one, else by
    /// name (letter case, spaces and the comma's spacing aside).
    #[must_use]
    pub fn find(&self, name: &str, fide_id: Option<u64>) -> Option<&Player> {
        if let Some(id) = fide_id
            && let Some(player) = self.players.iter().find(|p| p.fide_id == Some(id))
        {
            return Some(player);
        }
        let wanted = name_key(name);
        self.players.iter().find(|p| name_key(&p.name) == wanted)
    }

    /// The number of rounds any player's line reaches.
    #[must_use]
    pub fn rounds_written(&self) -> u32 {
        self.players
            .iter()
            .map(|p| u32::try_from(p.rounds.len()).unwrap_or(u32::MAX))
            .max()
            .unwrap_or(0)
    }

    /// The round to play: the first one paired (an opponent and a colour)
    /// with no result yet.
    #[must_use]
    pub fn round_to_play(&self) -> Option<u32> {
        (1..=self.rounds_written()).find(|&round| {
            self.players.iter().any(|p| {
                p.round(round)
                    .is_some_and(|c| c.opponent.is_some() && c.result.is_none())
            })
        })
    }

    /// The file as text: as it came in, with whatever was written into it.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.lines.concat()
    }

    /// Every pairing is returned by its opponent's line.
    fn check_pairings(&self) -> Result<(), TrfError> {
        for player in &self.players {
            for (i, cell) in player.rounds.iter().enumerate() {
                let Some(opponent) = cell.opponent else {
                    continue;
                };
                let at = |kind| TrfError {
                    line: player.line + 1,
                    column: player::round_column(i),
                    kind,
                };
                let other = self
                    .player(opponent)
                    .ok_or_else(|| at(TrfErrorKind::UnknownOpponent(opponent)))?;
                let back = other.rounds.get(i);
                let returned = back.is_some_and(|b| {
                    b.opponent == Some(player.start_rank)
                        && (b.colour.is_none() || b.colour != cell.colour)
                });
                if !returned || opponent == player.start_rank {
                    return Err(at(TrfErrorKind::Unreturned { opponent }));
                }
            }
        }
        Ok(())
    }

    /// Line `index`'s text without its ending, and its ending.
    fn line_parts(&self, index: usize) -> (&str, &str) {
        let line = &self.lines[index];
        let content = line.trim_end_matches(['\r', '\n']);
        (content, &line[content.len()..])
    }

    fn replace_line(&mut self, index: usize, content: String) {
        let ending = self.line_parts(index).1.to_owned();
        self.lines[index] = content + &ending;
    }
}

/// A name to compare: `Kowalski,Jan` and `kowalski, jan` are one.
fn name_key(name: &str) -> String {
    name.split(',')
        .map(|part| part.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(",")
        .to_lowercase()
}

/// The file's lines, each with its ending: `\n`, `\r\n`, or the lone `\r`
/// the specification names.
fn split_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(text[start..=i].to_owned());
                start = i + 1;
            }
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => {
                lines.push(text[start..=i].to_owned());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        lines.push(text[start..].to_owned());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_ending_is_kept() {
        for text in ["a\nb\n", "a\r\nb\r\n", "a\rb\r", "a\nb"] {
            assert_eq!(split_lines(text).concat(), text);
            assert_eq!(split_lines(text).len(), 2);
        }
    }
}
