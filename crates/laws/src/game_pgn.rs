//! Between a [`Game`] and PGN: a game's scoresheet as a [`crate::pgn::Record`] for
//! [`crate::pgn::export`], and an imported PGN game as a new [`Game`].
//!
//! Only what the sheet says is exported: the moves as read in the sheet's
//! language, up to the first dash or irregularity (PGN cannot hold a move
//! nobody can read), the day the game was played ([`date`]), and, as a
//! comment after the move they follow, what the arbiter did
//! ([`arbiter_notes`]: an illegal move, struck-out boxes, time added, an
//! adjournment). An imported game gets one [`Event::Recorded`] per move,
//! written in canonical English SAN, so checking it finds every entry
//! legal; the arbiter's notes come back on the entries they follow.
//!
//! ```
//! use laws::game::{Event, Game, Player, Setup};
//! use laws::game_pgn;
//! use laws::pgn;
//! use laws::scoresheet::Entry;
//!
//! let setup = Setup { white: Player::named("A"), black: Player::named("B"), ..Setup::default() };
//! let mut game = Game::new("g", setup, 0);
//! for text in ["e4", "e5", "Nf3"] {
//!     game.apply(Event::Recorded(Entry::written(text)), 0).unwrap();
//! }
//! let text = pgn::export(&game_pgn::export(&game).unwrap().record).unwrap();
//! let imported = pgn::import(text.as_bytes()).remove(0).unwrap();
//! let back = game_pgn::import(&imported, "h", 1).unwrap();
//! assert_eq!(back.scoresheet().len(), 3);
//! ```

use shakmaty::{Chess, EnPassantMode, Position, fen::Fen};

use crate::adjournment::AdjournmentEvent;
use crate::arbiter_note::{self, ArbiterNote};
use crate::calendar::utc_day;
use crate::claim;
use crate::clock::ClockAction;
use crate::game::{Event, Game, GameError, GameResult, GameState, Player, Setup, SheetMoves, Side};
use crate::irregularity::Finding;
use crate::notation::{self, NotationLang};
use crate::outcome::Outcome;
use crate::pgn::{ImportedGame, PgnResult, Record};
use crate::ruling::Effect;
use crate::scoresheet::{Entry, Slot, Written};
use crate::time_control::TimeControl;

/// A game ready for [`crate::pgn::export`].
#[derive(Debug, Clone)]
pub struct Export {
    pub record: Record,
    /// Where the export stopped because the sheet could not be read further.
    pub stopped_at: Option<Slot>,
}

/// The game as a PGN record: its details as tags, the moves read from the
/// scoresheet, and the result when a ruling or the adjournment decided it,
/// or the board did (checkmate, stalemate); otherwise `*` (also for a game
/// annulled, replaced by a new one, or lost by both players, which PGN
/// cannot say).
pub fn export(game: &Game) -> Result<Export, GameError> {
    let play = game.fold()?;
    let read = SheetMoves::of(play);
    let setup = &play.setup;
    let mut tags = Vec::new();
    let mut tag = |name: &str, value: &str| {
        if !value.trim().is_empty() {
            tags.push((name.to_owned(), value.trim().to_owned()));
        }
    };
    tag("Event", &setup.event);
    tag("Site", &setup.site);
    tag("Date", &date(game));
    tag("Round", &setup.round);
    tag("White", &setup.white.name);
    tag("Black", &setup.black.name);
    tag("Board", &setup.board);
    for (name, player) in [("WhiteFideId", &setup.white), ("BlackFideId", &setup.black)] {
        if let Some(id) = player.fide_id {
            tag(name, &id.to_string());
        }
    }
    let end = read.end();
    let mut moves = read.moves;
    let last = moves.len();
    let mut notes: Vec<Vec<ArbiterNote>> = vec![Vec::new(); last];
    for (ply, note) in arbiter_notes(game)? {
        // After the last move read when the sheet stops before them; PGN
        // keeps no comment before the first move.
        if ply > 0 && last > 0 {
            notes[ply.min(last) - 1].push(note);
        }
    }
    for (m, notes) in moves.iter_mut().zip(notes) {
        m.comment = (!notes.is_empty()).then(|| arbiter_note::comment(&notes));
    }
    let result = match (ruled(play), read.stopped_at, claim::ending(&end)) {
        (Some(result), ..) => result,
        (
            None,
            None,
            Some(claim::Ending::Checkmate {
                winner: Side::White,
            }),
        ) => PgnResult::WhiteWins,
        (
            None,
            None,
            Some(claim::Ending::Checkmate {
                winner: Side::Black,
            }),
        ) => PgnResult::BlackWins,
        (None, None, Some(claim::Ending::Stalemate)) => PgnResult::Draw,
        _ => PgnResult::Unknown,
    };
    Ok(Export {
        record: Record {
            tags,
            time_control: (setup.time_control != TimeControl::Unknown)
                .then(|| setup.time_control.to_string()),
            start_fen: setup.start_fen.clone(),
            moves,
            result,
            termination: None,
        },
        stopped_at: read.stopped_at,
    })
}

/// The day the game was played, as PGN writes it (`2026.11.30`): an
/// imported record's own, else the UTC day the game began (its first move
/// or clock action), or was created.
#[must_use]
pub fn date(game: &Game) -> String {
    if let Some(date) = &game.setup().record_date {
        return date.clone();
    }
    let began = game
        .log()
        .iter()
        .find(|l| matches!(l.event, Event::Recorded(_) | Event::Clock(_)))
        .map_or(game.created_ms(), |l| l.at_ms);
    let (year, month, day) = utc_day(began);
    format!("{year}.{month:02}.{day:02}")
}

/// What the arbiter did, each note with the number of half-moves on the
/// sheet it follows (0: before the first): illegal moves ruled on (7.4)
/// and the boxes struck out, time added by a ruling or on the clock,
/// adjournments, and the notes an imported record brought.
pub fn arbiter_notes(game: &Game) -> Result<Vec<(usize, ArbiterNote)>, GameError> {
    let mut notes = Vec::new();
    let mut struck = 0;
    let play = game.fold_each(|logged, play| {
        let ply = play.sheet.len();
        match &logged.event {
            Event::Clock(ClockAction::AddTime { side, ms }) => notes.push((
                ply,
                ArbiterNote::TimeAdded {
                    side: *side,
                    ms: *ms,
                },
            )),
            Event::Adjournment(AdjournmentEvent::SealRequested { .. }) => {
                notes.push((ply, ArbiterNote::Adjourned));
            }
            Event::Ruled { finding, .. } => {
                let newly = &play.sheet.struck_out[struck.min(play.sheet.struck_out.len())..];
                if let Finding::IllegalMove {
                    by,
                    offender_unknown,
                    ..
                } = finding
                {
                    let by = by
                        .or(newly.first().map(|(slot, _)| slot.side))
                        .filter(|_| !offender_unknown);
                    notes.push((ply, ArbiterNote::IllegalMove { by }));
                }
                if !newly.is_empty() {
                    let boxes = newly
                        .iter()
                        .map(|(slot, entry)| format!("{slot} {}", entry.written))
                        .collect();
                    notes.push((ply, ArbiterNote::StruckOut { boxes }));
                }
                let effects = play.rulings.last().map(|r| r.ruling.effects.as_slice());
                for effect in effects.unwrap_or_default() {
                    if let Effect::AddTime { side, ms } = effect {
                        notes.push((
                            ply,
                            ArbiterNote::TimeAdded {
                                side: *side,
                                ms: *ms,
                            },
                        ));
                    }
                }
            }
            _ => {}
        }
        struck = play.sheet.struck_out.len();
    })?;
    let mut all: Vec<(usize, ArbiterNote)> = play
        .sheet
        .entries()
        .enumerate()
        .flat_map(|(i, (_, entry))| entry.notes.iter().map(move |note| (i + 1, note.clone())))
        .collect();
    all.extend(notes);
    all.sort_by_key(|(ply, _)| *ply);
    Ok(all)
}

/// The result a ruling (Article 7, Appendix B, 10.2) or the adjournment
/// (Appendix A) gave the game, when PGN can write it.
fn ruled(play: &GameState) -> Option<PgnResult> {
    match play.ended()?.outcome {
        Outcome::WhiteWins => Some(PgnResult::WhiteWins),
        Outcome::BlackWins => Some(PgnResult::BlackWins),
        Outcome::Draw => Some(PgnResult::Draw),
        _ => None,
    }
}

/// The notation an imported game's sheet is written in: PGN's own, English SAN.
const NOTATION: NotationLang = NotationLang::En;

/// The setup of the game made of `imported` ([`import`]): from its tags,
/// trimmed, PGN's `?` read as nothing (but a player's name, which a setup
/// needs), its sheet in English SAN, the record's date as written. What a
/// players' link shows of the game before the game is made.
///
/// ```
/// let read = laws::pgn::first_game("[White \" Kowalski, Jan \"]\n[Round \"?\"]\n\n1. e4 *").unwrap().unwrap();
/// let setup = laws::game_pgn::setup(&read);
/// assert_eq!((setup.white.name.as_str(), setup.black.name.as_str()), ("Kowalski, Jan", "?"));
/// assert_eq!(setup.round, "");
/// assert_eq!(setup.record_date.as_deref(), Some("????.??.??"));
/// ```
#[must_use]
pub fn setup(imported: &ImportedGame) -> Setup {
    let text = |name: &str| {
        imported
            .tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
            .unwrap_or("")
            .to_owned()
    };
    let player = |name: &str, fide: &str| Player {
        // Setup needs a name; PGN writes an unknown one as `?`.
        name: Some(text(name))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "?".to_owned()),
        fide_id: text(fide).parse().ok(),
    };
    let default_start = Chess::default();
    let start_fen = (Fen::from_position(&imported.start, EnPassantMode::Legal)
        != Fen::from_position(&default_start, EnPassantMode::Legal))
    .then(|| Fen::from_position(&imported.start, EnPassantMode::Legal).to_string());
    Setup {
        event: text("Event"),
        site: text("Site"),
        round: text("Round"),
        board: text("Board"),
        white: player("White", "WhiteFideId"),
        black: player("Black", "BlackFideId"),
        time_control: imported
            .tag("TimeControl")
            .and_then(|t| t.parse().ok())
            .unwrap_or(TimeControl::Unknown),
        notation: NOTATION,
        start_fen,
        record_date: Some(
            imported
                .tag("Date")
                .map_or("????.??.??", str::trim)
                .to_owned(),
        ),
        ..Setup::default()
    }
}

/// A new game `id` from an imported one: setup from its tags, one
/// recorded entry per mainline move (English SAN, with its clock reading
/// and draw offer), all logged at `created_ms`.
pub fn import(imported: &ImportedGame, id: &str, created_ms: u64) -> Result<Game, GameError> {
    let setup = setup(imported);
    setup.validate().map_err(GameError::Setup)?;
    let mut game = Game::new(id, setup, created_ms);
    let mut pos = imported.start.clone();
    for m in &imported.moves {
        let entry = Entry {
            written: Written::Move(notation::write(&pos, &m.mv, NOTATION)),
            clock_ms: m.clock_ms,
            draw_offer: m.draw_offer,
            corrections: Vec::new(),
            notes: m
                .comment
                .as_deref()
                .map(arbiter_note::read)
                .unwrap_or_default(),
        };
        pos.play_unchecked(m.mv);
        game.apply(Event::Recorded(entry), created_ms)?;
    }
    // The result the record gives, unless the game has ended already.
    let outcome = match imported.result {
        PgnResult::WhiteWins => Some(Outcome::WhiteWins),
        PgnResult::BlackWins => Some(Outcome::BlackWins),
        PgnResult::Draw => Some(Outcome::Draw),
        PgnResult::Unknown => None,
    };
    if let Some(outcome) = outcome
        && game.fold()?.ended().is_none()
    {
        game.apply(Event::Result(GameResult::Recorded { outcome }), created_ms)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn;

    fn game(lang: NotationLang, start_fen: Option<&str>, entries: Vec<Entry>) -> Game {
        let setup = Setup {
            event: "Club ch.".into(),
            round: "4".into(),
            board: "2".into(),
            white: Player {
                name: "Kowalski, Jan".into(),
                fide_id: Some(1_234_567),
            },
            black: Player::named("Nowak, Anna"),
            notation: lang,
            start_fen: start_fen.map(str::to_owned),
            ..Setup::default()
        };
        let mut game = Game::new("g", setup, 1000);
        for entry in entries {
            game.apply(Event::Recorded(entry), 2000).unwrap();
        }
        game
    }

    fn round_trip(game: &Game) -> Game {
        let text = pgn::export(&export(game).unwrap().record).unwrap();
        let imported = pgn::import(text.as_bytes()).remove(0).unwrap();
        import(&imported, "back", 5000).unwrap()
    }

    fn written(game: &Game) -> Vec<String> {
        game.scoresheet()
            .entries()
            .map(|(_, e)| e.written.to_string())
            .collect()
    }

    #[test]
    fn a_game_comes_back_with_its_moves_clocks_offers_and_details() {
        let mut offer = Entry::written("Nc6");
        offer.draw_offer = true;
        let mut timed = Entry::written("Nf3");
        timed.clock_ms = Some(5_395_000);
        let g = game(
            NotationLang::En,
            None,
            vec![Entry::written("e4"), Entry::written("e5"), timed, offer],
        );
        let back = round_trip(&g);
        assert_eq!(written(&back), ["e4", "e5", "Nf3", "Nc6"]);
        let entries: Vec<Entry> = back
            .scoresheet()
            .entries()
            .map(|(_, e)| e.clone())
            .collect();
        assert_eq!(entries[2].clock_ms, Some(5_395_000));
        assert!(entries[3].draw_offer);
        let setup = back.setup();
        assert_eq!(setup.white, g.setup().white);
        assert_eq!(setup.black.name, "Nowak, Anna");
        assert_eq!(
            (
                setup.event.as_str(),
                setup.round.as_str(),
                setup.board.as_str()
            ),
            ("Club ch.", "4", "2")
        );
        assert_eq!(setup.time_control, g.setup().time_control);
        assert_eq!(back.fold().unwrap().check().first_irregularity, None);
    }

    #[test]
    fn the_date_is_the_day_the_game_began_and_clocks_are_whole_seconds() {
        let mut g = game(NotationLang::En, None, Vec::new());
        let mut timed = Entry::written("e4");
        timed.clock_ms = Some(5_506_253);
        // 2026-11-30 10:00 UTC.
        g.apply(Event::Recorded(timed), 1_796_032_800_000).unwrap();
        let text = pgn::export(&export(&g).unwrap().record).unwrap();
        assert!(text.contains("[Date \"2026.11.30\"]"), "{text}");
        assert!(text.contains("1. e4 { [%clk 1:31:46] }"), "{text}");
        let back = round_trip(&g);
        assert_eq!(date(&back), "2026.11.30");
        assert_eq!(back.setup().record_date.as_deref(), Some("2026.11.30"));
    }

    #[test]
    fn the_arbiters_notes_come_back_from_the_record() {
        use crate::ruleset::{Edition, Ruleset};
        let setup = Setup {
            white: Player::named("A"),
            black: Player::named("B"),
            ruleset: Ruleset::of(Edition::Fide2014),
            ..Setup::default()
        };
        let mut g = Game::new("g", setup, 0);
        g.apply(Event::Clock(ClockAction::Start { side: Side::White }), 0)
            .unwrap();
        let mut at = 0;
        for (i, text) in ["e4", "e5", "Nf3", "Nc6", "Ke1-e3", "Nf6"]
            .iter()
            .enumerate()
        {
            at += 60_000;
            g.apply(Event::Recorded(Entry::written(*text)), at).unwrap();
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            g.apply(Event::Clock(ClockAction::Press { side }), at)
                .unwrap();
        }
        g.apply(Event::ruled(Finding::illegal_move()), at + 1000)
            .unwrap();
        g.apply(Event::Clock(ClockAction::Resume), at + 2000)
            .unwrap();
        g.apply(Event::Recorded(Entry::written("Bc4")), at + 3000)
            .unwrap();
        g.apply(
            Event::Clock(ClockAction::AddTime {
                side: Side::White,
                ms: 60_000,
            }),
            at + 4000,
        )
        .unwrap();
        g.apply(
            Event::Adjournment(AdjournmentEvent::SealRequested {
                sealer: Side::Black,
                session_end_ms: 0,
            }),
            at + 5000,
        )
        .unwrap();
        let notes = arbiter_notes(&g).unwrap();
        assert_eq!(
            notes,
            [
                (
                    4,
                    ArbiterNote::IllegalMove {
                        by: Some(Side::White)
                    }
                ),
                (
                    4,
                    ArbiterNote::StruckOut {
                        boxes: vec!["3. Ke1-e3".into(), "3... Nf6".into()]
                    }
                ),
                (
                    4,
                    ArbiterNote::TimeAdded {
                        side: Side::Black,
                        ms: 120_000
                    }
                ),
                (
                    5,
                    ArbiterNote::TimeAdded {
                        side: Side::White,
                        ms: 60_000
                    }
                ),
                (5, ArbiterNote::Adjourned),
            ]
        );
        let text = pgn::export(&export(&g).unwrap().record).unwrap();
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains("2. Nf3 Nc6 {Arbiter: illegal move by White; struck out: 3. Ke1-e3, 3... Nf6; 0:02:00 added to Black}"),
            "{text}"
        );
        assert!(
            text.contains("3. Bc4 {Arbiter: 0:01:00 added to White; adjourned}"),
            "{text}"
        );
        let back = round_trip(&g);
        assert_eq!(arbiter_notes(&back).unwrap(), notes);
        // Exported again, the record says the same.
        let again = pgn::export(&export(&back).unwrap().record).unwrap();
        let again = again.split_whitespace().collect::<Vec<_>>().join(" ");
        let moves = |text: &str| text.split_once("1. e4").map(|(_, moves)| moves.to_owned());
        assert_eq!(moves(&again), moves(&text));
    }

    #[test]
    fn a_german_sheet_is_exported_in_english_san() {
        let g = game(
            NotationLang::De,
            None,
            ["e4", "e5", "Sf3", "Sc6", "Lb5"].map(Entry::written).into(),
        );
        let text = pgn::export(&export(&g).unwrap().record).unwrap();
        assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"), "{text}");
    }

    #[test]
    fn the_export_stops_at_the_first_entry_that_is_not_a_legal_move() {
        let g = game(
            NotationLang::En,
            None,
            vec![
                Entry::written("e4"),
                Entry::written("e5"),
                Entry::written("Ke3"),
                Entry::written("Nc6"),
            ],
        );
        let exported = export(&g).unwrap();
        assert_eq!(exported.record.moves.len(), 2);
        assert_eq!(
            exported.stopped_at,
            Some(Slot {
                number: 2,
                side: Side::White
            })
        );
        let dashed = game(
            NotationLang::En,
            None,
            vec![Entry::written("d4"), Entry::dash()],
        );
        assert_eq!(export(&dashed).unwrap().record.moves.len(), 1);
    }

    #[test]
    fn checkmate_on_the_sheet_gives_the_result() {
        let g = game(
            NotationLang::En,
            None,
            ["f3", "e5", "g4", "Qh4"].map(Entry::written).into(),
        );
        assert_eq!(export(&g).unwrap().record.result, PgnResult::BlackWins);
    }

    #[test]
    fn a_set_up_position_with_black_to_move_survives() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
        let g = game(
            NotationLang::En,
            Some(fen),
            ["Kd7", "e4"].map(Entry::written).into(),
        );
        let back = round_trip(&g);
        assert_eq!(back.setup().start_fen.as_deref(), Some(fen));
        assert_eq!(written(&back), ["Kd7", "e4"]);
        assert!(back.scoresheet().black_starts);
    }

    #[test]
    fn missing_tags_give_a_game_with_unknown_names_and_no_clock() {
        let imported = pgn::import("1. d4 d5 *".as_bytes()).remove(0).unwrap();
        let g = import(&imported, "x", 1).unwrap();
        assert_eq!(g.setup().white.name, "?");
        assert_eq!(g.setup().time_control, TimeControl::Unknown);
        assert!(g.clock().is_none());
        assert_eq!(written(&g), ["d4", "d5"]);
    }

    #[test]
    fn the_result_a_record_gives_ends_the_game_and_comes_back() {
        for (text, outcome, result) in [
            (
                "1. d4 d5 2. c4 1-0",
                Some(Outcome::WhiteWins),
                PgnResult::WhiteWins,
            ),
            ("1. d4 d5 1/2-1/2", Some(Outcome::Draw), PgnResult::Draw),
            ("1. d4 d5 *", None, PgnResult::Unknown),
        ] {
            let imported = pgn::import(text.as_bytes()).remove(0).unwrap();
            let g = import(&imported, "x", 1).unwrap();
            let play = g.fold().unwrap();
            assert_eq!(play.ended().map(|e| e.outcome), outcome, "{text}");
            assert_eq!(export(&g).unwrap().record.result, result, "{text}");
            assert_eq!(
                arbiter_notes(&g).unwrap(),
                Vec::new(),
                "{text}: no note added"
            );
        }
        // Mate on the board, and the record agrees.
        let mate = "1. f3 e5 2. g4 Qh4# 0-1";
        let imported = pgn::import(mate.as_bytes()).remove(0).unwrap();
        let g = import(&imported, "m", 1).unwrap();
        let play = g.fold().unwrap();
        assert_eq!(play.ended().map(|e| e.outcome), Some(Outcome::BlackWins));
        assert_eq!(export(&g).unwrap().record.result, PgnResult::BlackWins);
    }
}
