//! Backup files: every record in one JSON file, and merging one back in.
//!
//! Importing never silently replaces newer data: a game is taken from the
//! file only when the tablet does not have it or has an older copy of the
//! same log; two different histories of one game are reported, and the
//! tablet's copy stays.

use std::fmt;

use laws::game::{Game, Lineage};
use serde::{Deserialize, Serialize};

use crate::storage::SCHEMA;
use crate::{t, tf};

/// Marks our files, so a foreign JSON file is told apart from a damaged one.
const FORMAT: &str = "arbiter-backup";

#[derive(Serialize, Deserialize)]
struct BackupFile {
    format: String,
    schema: u32,
    exported_ms: u64,
    games: Vec<serde_json::Value>,
}

/// Why a file cannot be imported. Nothing is changed when it is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupError {
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not an Arbiter backup.
    Foreign,
    /// An Arbiter backup from a newer version.
    NewerSchema(u32),
    /// An Arbiter backup with a damaged game (which, and why).
    DamagedGame { index: usize, reason: String },
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::NotJson(why) => {
                f.write_str(&tf!("this file is not a backup (it is not JSON: {why})", "ten plik nie jest kopią zapasową (to nie jest JSON: {why})"))
            }
            BackupError::Foreign => f.write_str(t!("this file is not an Arbiter backup", "ten plik nie jest kopią zapasową aplikacji Arbiter")),
            BackupError::NewerSchema(schema) => f.write_str(&tf!(
                "this backup was made by a newer version of Arbiter (format {schema}, this one reads up to {SCHEMA}); update the app first",
                "tę kopię zapasową utworzyła nowsza wersja aplikacji Arbiter (format {schema}, ta czyta do {SCHEMA}); najpierw zaktualizuj aplikację"
            )),
            BackupError::DamagedGame { index, reason } => {
                f.write_str(&tf!(
                    "game {} in this backup is damaged ({reason}); nothing was imported",
                    "partia {} w tej kopii zapasowej jest uszkodzona ({reason}); nic nie zaimportowano",
                    index + 1
                ))
            }
        }
    }
}

impl std::error::Error for BackupError {}

/// The text of a backup file holding `games`.
pub fn export(games: &[Game], now_ms: u64) -> String {
    let games = games
        .iter()
        .map(|g| serde_json::to_value(g).expect("a game serialises"))
        .collect();
    let file = BackupFile {
        format: FORMAT.to_owned(),
        schema: SCHEMA,
        exported_ms: now_ms,
        games,
    };
    serde_json::to_string_pretty(&file).expect("a backup serialises")
}

/// Reads a backup file whole, or refuses it whole.
pub fn parse(text: &str) -> Result<Vec<Game>, BackupError> {
    let value: serde_json::Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| BackupError::NotJson(e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(BackupError::Foreign);
    }
    let file: BackupFile = serde_json::from_value(value).map_err(|e| BackupError::DamagedGame {
        index: 0,
        reason: e.to_string(),
    })?;
    if file.schema > SCHEMA {
        return Err(BackupError::NewerSchema(file.schema));
    }
    file.games
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            let damaged = |reason: String| BackupError::DamagedGame { index, reason };
            let game: Game = serde_json::from_value(value).map_err(|e| damaged(e.to_string()))?;
            game.verify_chain().map_err(|e| damaged(e.to_string()))?;
            game.fold().map_err(|e| {
                damaged(tf!(
                    "its events do not replay: {e}",
                    "jej zdarzeń nie da się odtworzyć: {e}"
                ))
            })?;
            Ok(game)
        })
        .collect()
}

/// What importing a backup will do.
#[derive(Debug, Default)]
pub struct Merge {
    /// Games to write: new ones and newer copies of ours.
    pub to_save: Vec<Game>,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// Games whose copy in the file is older than ours: ours stays.
    pub older_in_file: usize,
    /// Ids of games with a different history in the file: ours stays.
    pub conflicts: Vec<String>,
}

impl Merge {
    /// Plans merging `incoming` into `local`.
    pub fn plan(local: &[Game], incoming: Vec<Game>) -> Merge {
        let mut merge = Merge::default();
        for game in incoming {
            match local.iter().find(|l| l.id() == game.id()) {
                None => {
                    merge.added += 1;
                    merge.to_save.push(game);
                }
                Some(ours) => match game.lineage(ours) {
                    Lineage::Same => merge.unchanged += 1,
                    Lineage::Behind => merge.older_in_file += 1,
                    Lineage::Ahead => {
                        merge.updated += 1;
                        merge.to_save.push(game);
                    }
                    Lineage::Diverged => merge.conflicts.push(game.id().to_owned()),
                },
            }
        }
        merge
    }

    /// One sentence for the arbiter.
    pub fn summary(&self) -> String {
        let mut text = tf!(
            "Imported: {} new, {} updated, {} already up to date",
            "Zaimportowano: nowe {}, zaktualizowane {}, już aktualne {}",
            self.added,
            self.updated,
            self.unchanged
        );
        if self.older_in_file > 0 {
            text += &tf!(
                ", {} kept because this tablet's copy is newer",
                ", pozostawione {}, bo kopia na tym tablecie jest nowsza",
                self.older_in_file
            );
        }
        if !self.conflicts.is_empty() {
            text += &tf!(
                ". Not imported, because this tablet has a different history of the same game: {}",
                ". Nie zaimportowano, bo ten tablet ma inną historię tej samej partii: {}",
                self.conflicts.join(", ")
            );
        }
        text + "."
    }
}

#[cfg(test)]
mod tests {
    use laws::game::{Event, Player, Setup};

    use super::*;

    fn game(id: &str) -> Game {
        let setup = Setup {
            white: Player::named("A"),
            black: Player::named("B"),
            ..Setup::default()
        };
        Game::new(id, setup, 1)
    }

    fn edited(game: &Game, board: &str, at_ms: u64) -> Game {
        let mut game = game.clone();
        let setup = Setup {
            board: board.into(),
            ..game.setup().clone()
        };
        game.apply(Event::DetailsEdited(Box::new(setup)), at_ms)
            .unwrap();
        game
    }

    #[test]
    fn a_backup_reads_back_the_same_games() {
        let games = vec![game("a"), edited(&game("b"), "4", 9)];
        assert_eq!(parse(&export(&games, 100)).unwrap(), games);
    }

    #[test]
    fn foreign_corrupt_and_newer_files_are_refused_clearly() {
        assert!(matches!(parse("<html>"), Err(BackupError::NotJson(_))));
        assert_eq!(parse(r#"{"games":[]}"#), Err(BackupError::Foreign));
        assert_eq!(parse(r#"[1,2,3]"#), Err(BackupError::Foreign));
        let newer = r#"{"format":"arbiter-backup","schema":7,"exported_ms":0,"games":[]}"#;
        assert_eq!(parse(newer), Err(BackupError::NewerSchema(7)));
        let damaged = export(&[edited(&game("a"), "1", 5)], 0)
            .replace("\"board\": \"1\"", "\"board\": \"2\"");
        assert!(matches!(
            parse(&damaged),
            Err(BackupError::DamagedGame { index: 0, .. })
        ));
    }

    #[test]
    fn merging_never_replaces_newer_or_different_games() {
        let base = game("g");
        let ours_newer = edited(&base, "1", 5);
        let local = vec![ours_newer.clone(), game("same"), game("x")];
        let incoming = vec![
            base.clone(),               // older than ours
            game("same"),               // identical
            game("fresh"),              // new
            edited(&game("x"), "9", 7), // newer than ours
        ];
        let merge = Merge::plan(&local, incoming);
        assert_eq!(
            (
                merge.added,
                merge.updated,
                merge.unchanged,
                merge.older_in_file
            ),
            (1, 1, 1, 1)
        );
        assert!(merge.conflicts.is_empty());
        let diverged = edited(&base, "2", 5);
        let merge = Merge::plan(&[ours_newer], vec![diverged]);
        assert_eq!(merge.conflicts, ["g"]);
        assert!(merge.to_save.is_empty());
        assert!(merge.summary().contains("different history"));
    }
}
