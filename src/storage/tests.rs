//! The storage's tests: records of earlier releases, the store over memory.

use laws::game::{Event, Player, Setup};

use super::backend::Backend;
use super::backend::Memory;
use super::error::StorageError;
use super::game_record::game_of_record;
use super::game_record::{StoredGame, decode_game, encode_game};
use super::store::{
    Record, SCHEMA, SETTINGS_KEY, Settings, Store, archived_key, game_key, listing_key,
    live_game_keys, sync_of, sync_text,
};
use crate::listing::Listing;
use crate::text::i18n::UiLang;
use laws::clock::ClockAction;
use laws::game::{Game, Side};
use laws::scoresheet::{Entry, Written};
use laws::sealing::pin::PinHash;

/// Records saved by the release before the fold worked out the clock
/// itself (tests/records, both formats): adjourned and resumed games
/// with A1b, A5, A9b, A9c, A11a, A12 and A13 clocks. Each folds, after
/// every event and a minute later, to the clocks, phase and rulings
/// that release showed (`*.readings.txt`: at, White's and Black's time
/// left, the clock running, the phase, the rulings).
#[test]
fn records_saved_by_the_first_fold_read_the_same() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut checked = 0;
    for name in ["a9b", "a11a", "a1b-a9c-a13"] {
        let readings = std::fs::read_to_string(dir.join(format!("{name}.readings.txt"))).unwrap();
        for format in ["format1", "format2"] {
            let text = std::fs::read_to_string(dir.join(format!("{name}.{format}.json"))).unwrap();
            let game = decode_game(name, &text).unwrap_or_else(|e| panic!("{name} {format}: {e}"));
            assert_eq!(game.initial().log_format, laws::game::LogFormat::First);
            let mut lines = readings.lines();
            for (n, play) in folds_after_each_event(&game) {
                for _ in 0..2 {
                    let line = lines.next().unwrap();
                    let fields: Vec<&str> = line.splitn(6, ' ').collect();
                    let at: u64 = fields[0].parse().unwrap();
                    let clock = play.clock.as_ref().unwrap();
                    let running = running_side(clock);
                    let rulings: Vec<String> = play
                        .adjournment
                        .rulings()
                        .iter()
                        .map(|r| format!("{}:{:?}", r.article, r.outcome))
                        .collect();
                    let shown = format!(
                        "{at} {} {} {running} {:?} {}",
                        clock.remaining(Side::White, at),
                        clock.remaining(Side::Black, at),
                        play.adjournment.phase(),
                        rulings.join(",")
                    );
                    assert_eq!(shown, line, "{name} {format}, after event {n}");
                    checked += 1;
                }
            }
            assert_eq!(lines.next(), None, "{name}: every reading checked");
        }
    }
    assert!(checked > 100, "{checked} readings");
}

/// A record saved by the release before results were events
/// (tests/records/ruled.*): a 7.4 ruling given while the clock's
/// presses ran ahead of the scoresheet, a 6.9 flag ruling ending the
/// game, time added after it. It folds, after every event and a minute
/// later, to the clocks, boxes, outcome and rulings that release showed
/// (`ruled.readings.txt`: at, White's and Black's time left, the clock
/// running, moves standing, moves struck out, the outcome, the rulings).
#[test]
fn records_saved_before_results_were_events_read_the_same() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let readings = std::fs::read_to_string(dir.join("ruled.readings.txt")).unwrap();
    let text = std::fs::read_to_string(dir.join("ruled.format2.json")).unwrap();
    let game = decode_game("ruled", &text).unwrap();
    let mut lines = readings.lines();
    for (n, play) in folds_after_each_event(&game) {
        for _ in 0..2 {
            let line = lines.next().unwrap();
            let at: u64 = line.split(' ').next().unwrap().parse().unwrap();
            let clock = play.clock.as_ref().unwrap();
            let running = running_side(clock);
            let rulings: Vec<String> = play
                .rulings
                .iter()
                .map(|r| format!("{}:{:?}", r.ruling.article, r.ruling.outcome))
                .collect();
            let shown = format!(
                "{at} {} {} {running} {} {} {:?} {}",
                clock.remaining(Side::White, at),
                clock.remaining(Side::Black, at),
                play.sheet.len(),
                play.sheet.struck_out.len(),
                play.outcome,
                rulings.join(",")
            );
            assert_eq!(shown, line, "after event {n}");
        }
    }
    assert_eq!(lines.next(), None, "every reading checked");
}

/// The game as it stood after each event of its log (numbered from 1),
/// folded anew from its first `n` events, as a stored record is read.
fn folds_after_each_event(game: &Game) -> impl Iterator<Item = (usize, laws::game::GameState)> {
    let events: Vec<(u64, Event)> = game
        .log()
        .iter()
        .map(|l| (l.at_ms, l.event.clone()))
        .collect();
    (1..=events.len()).map(move |n| {
        let prefix = Game::from_events(
            game.id(),
            game.initial().clone(),
            game.created_ms(),
            events[..n].to_vec(),
        );
        (n, prefix.fold().unwrap().clone())
    })
}

/// The side whose clock runs, as the readings write it ("-": none, or paused).
fn running_side(clock: &laws::clock::Clock) -> String {
    clock
        .running_side()
        .filter(|_| !clock.is_paused())
        .map_or("-".to_owned(), |side| side.to_string())
}

fn game(id: &str, created_ms: u64) -> Game {
    let setup = Setup {
        white: Player::named("A"),
        black: Player::named("B"),
        ..Setup::default()
    };
    Game::new(id, setup, created_ms)
}

fn edited(game: &Game, round: &str, at_ms: u64) -> Game {
    let mut game = game.clone();
    let setup = Setup {
        round: round.into(),
        ..game.setup().clone()
    };
    game.apply(Event::DetailsEdited(Box::new(setup)), at_ms)
        .unwrap();
    game
}

#[test]
fn games_load_back_newest_first() {
    let store = Store::new(Memory::default());
    store.save_game(&game("old", 1)).unwrap();
    store.save_game(&edited(&game("new", 2), "5", 50)).unwrap();
    let loaded = store.load_games();
    assert!(loaded.problems.is_empty());
    let ids: Vec<_> = loaded.games.iter().map(|g| g.id().to_owned()).collect();
    assert_eq!(ids, ["new", "old"]);
}

#[test]
fn the_journal_puts_back_what_local_storage_lost_and_nothing_else() {
    let store = Store::new(Memory::default());
    let base = game("pressed", 1);
    let ahead = edited(&edited(&base, "2", 10), "3", 20);
    // localStorage kept an older copy (the browser was killed), or none.
    store.save_game(&base).unwrap();
    store.save_game(&game("same", 2)).unwrap();
    store
        .save_game(&edited(&game("newer here", 3), "4", 30))
        .unwrap();
    store.save_game(&game("diverged", 4)).unwrap();
    store.save_game(&game("unjournaled", 5)).unwrap();
    let text = |g: &Game| encode_game(g);
    let journal = vec![
        (game_key("pressed"), text(&ahead)),
        (game_key("same"), text(&game("same", 2))),
        (game_key("newer here"), text(&game("newer here", 3))),
        (
            game_key("diverged"),
            text(&edited(&game("diverged", 4), "7", 40)),
        ),
        (game_key("lost"), text(&game("lost", 6))),
        (game_key("bad"), "{not json".to_owned()),
        ("arbiter/v1/settings".to_owned(), "{}".to_owned()),
    ];
    // The stored "diverged" game goes another way than its journal copy.
    store
        .save_game(&edited(&game("diverged", 4), "8", 41))
        .unwrap();
    let restored = store.restore(journal);
    assert_eq!(restored.games, ["pressed", "lost"]);
    assert_eq!(store.load_game("pressed").unwrap().unwrap(), ahead);
    assert!(store.load_game("lost").unwrap().is_some());
    let listed: Vec<String> = store
        .load_listings()
        .listings
        .into_iter()
        .map(|l| l.id)
        .collect();
    assert!(listed.contains(&"pressed".to_owned()) && listed.contains(&"lost".to_owned()));
    assert_eq!(
        store.load_game("diverged").unwrap().unwrap().setup().round,
        "8"
    );
    assert_eq!(store.backend.get(&game_key("bad")).unwrap(), None);
    let to_journal: Vec<String> = restored
        .to_journal
        .into_iter()
        .map(|(key, _)| key)
        .collect();
    assert_eq!(
        to_journal,
        [game_key("newer here"), game_key("unjournaled")]
    );
}

#[test]
fn a_corrupt_record_is_reported_kept_and_the_rest_loads() {
    let store = Store::new(Memory::default());
    store.save_game(&game("good", 1)).unwrap();
    store.backend.set(&game_key("bad"), "{not json").unwrap();
    let loaded = store.load_games();
    assert_eq!(loaded.games.len(), 1);
    assert!(
        matches!(&loaded.problems[..], [StorageError::Corrupt { key, .. }] if key == "arbiter/v1/game/bad")
    );
    assert_eq!(
        store.backend.get(&game_key("bad")).unwrap().as_deref(),
        Some("{not json")
    );
}

#[test]
fn a_corrupt_record_is_never_overwritten() {
    let store = Store::new(Memory::default());
    store.backend.set(&game_key("g"), "garbage").unwrap();
    assert!(matches!(
        store.save_game(&game("g", 1)),
        Err(StorageError::Corrupt { .. })
    ));
    assert_eq!(
        store.backend.get(&game_key("g")).unwrap().as_deref(),
        Some("garbage")
    );
}

#[test]
fn an_altered_log_is_reported_as_corrupt() {
    let store = Store::new(Memory::default());
    let g = edited(&game("g", 1), "1", 10);
    let text = encode_game(&g).replace("\"round\":\"1\"", "\"round\":\"2\"");
    store.backend.set(&game_key("g"), &text).unwrap();
    let loaded = store.load_games();
    assert!(
        matches!(&loaded.problems[..], [StorageError::Corrupt { reason, .. }] if reason.contains("altered"))
    );
}

#[test]
fn a_game_is_saved_over_its_own_earlier_record_without_reading_it_back() {
    let before = edited(&game("g", 1), "1", 10);
    let after = edited(&before, "2", 20);
    let ours = StoredGame::of(&after);
    for earlier in [&game("g", 1), &before, &after] {
        assert!(ours.continues(&after, &encode_game(earlier)));
    }
    // Read back and judged: a newer copy, another history, an altered
    // record, the first format.
    let other = edited(&before, "3", 20);
    let altered = encode_game(&before).replace("\"round\":\"1\"", "\"round\":\"2\"");
    let format1 = serde_json::json!({ "schema": 1, "data": before }).to_string();
    for text in [
        &encode_game(&edited(&after, "4", 30)),
        &encode_game(&other),
        &altered,
        &format1,
    ] {
        assert!(!ours.continues(&after, text), "{text}");
    }
    let store = Store::new(Memory::default());
    store.backend.set(&game_key("g"), &altered).unwrap();
    assert!(matches!(
        store.save_game(&after),
        Err(StorageError::Corrupt { .. })
    ));
    assert_eq!(store.backend.get(&game_key("g")).unwrap(), Some(altered));
}

#[test]
fn a_newer_schema_is_refused_and_kept() {
    let store = Store::new(Memory::default());
    let text = r#"{"schema":99,"data":{"whatever":true}}"#;
    store.backend.set(&game_key("future"), text).unwrap();
    let loaded = store.load_games();
    assert_eq!(
        loaded.problems,
        [StorageError::NewerSchema {
            key: game_key("future"),
            schema: 99
        }]
    );
    assert!(matches!(
        store.save_game(&game("future", 1)),
        Err(StorageError::NewerSchema { .. })
    ));
    assert_eq!(
        store.backend.get(&game_key("future")).unwrap().as_deref(),
        Some(text)
    );
}

#[test]
fn a_stale_tab_cannot_overwrite_newer_events() {
    let store = Store::new(Memory::default());
    let base = game("g", 1);
    store.save_game(&base).unwrap();
    let other_tab = edited(&base, "2", 20);
    store.save_game(&other_tab).unwrap();
    // This tab still holds `base` and adds its own event.
    let this_tab = edited(&base, "3", 30);
    assert_eq!(
        store.save_game(&this_tab),
        Err(StorageError::Conflict { id: "g".into() })
    );
    assert_eq!(store.load_game("g").unwrap().unwrap(), other_tab);
}

#[test]
fn quota_exceeded_is_typed_and_keeps_the_old_record() {
    let g = game("g", 1);
    let store = Store::new(Memory::with_quota(
        encode_game(&g).len() + game_key("g").len() + 10,
    ));
    store.save_game(&g).unwrap();
    let long = edited(&g, &"9".repeat(100), 5);
    assert_eq!(
        store.save_game(&long),
        Err(StorageError::QuotaExceeded { key: game_key("g") })
    );
    assert_eq!(store.load_game("g").unwrap().unwrap(), g);
}

#[test]
fn settings_load_back_and_default_when_absent() {
    let store = Store::new(Memory::default());
    assert_eq!(store.load_settings().unwrap(), Settings::default());
    let settings = Settings {
        arbiter_pin: Some(PinHash::new("2468", &[3; 16]).unwrap()),
        pin_tries: laws::sealing::arbiter_key::PinTries {
            failures: 4,
            wait_until_ms: 90_000,
        },
        locked_sheet: Some("g1".into()),
        lang: Some(UiLang::Polish),
        event: Some(crate::event::sync::EventLink {
            server: "http://127.0.0.1:5984".into(),
            database: "open".into(),
            user: "board1".into(),
            password: "secret".into(),
            brought_key: Some("206F-8144-A555".into()),
            signing_key: Some(laws::signing::SigningKey::from_seed([5; 32])),
            chief: Some(laws::signing::SigningKey::from_seed([6; 32]).verifying_key()),
        }),
    };
    store.save_settings(&settings).unwrap();
    assert_eq!(store.load_settings().unwrap(), settings);
    // A record from before the language setting still reads.
    let old = serde_json::json!({"schema": SCHEMA, "data": {"locked_sheet": "g2"}});
    store.backend.set(SETTINGS_KEY, &old.to_string()).unwrap();
    let read = store.load_settings().unwrap();
    assert_eq!(
        (read.locked_sheet.as_deref(), read.lang),
        (Some("g2"), None)
    );
    store.backend.set(SETTINGS_KEY, "junk").unwrap();
    assert!(matches!(
        store.load_settings(),
        Err(StorageError::Corrupt { .. })
    ));
    // An unreadable record is never overwritten unasked.
    assert!(matches!(
        store.save_settings(&Settings::default()),
        Err(StorageError::Corrupt { .. })
    ));
    assert_eq!(
        store.backend.get(SETTINGS_KEY).unwrap().as_deref(),
        Some("junk")
    );
    store.replace_settings(&Settings::default()).unwrap();
    assert_eq!(store.load_settings().unwrap(), Settings::default());
}

#[test]
fn a_saved_game_is_listed_beside_its_record_and_deleted_with_it() {
    let store = Store::new(Memory::default());
    let old = game("old", 1);
    let new = edited(&game("new", 2), "5", 30);
    store.save_game(&old).unwrap();
    store.save_game(&new).unwrap();
    let listed = store.load_listings();
    assert_eq!(listed.listings, [Listing::of(&new), Listing::of(&old)]);
    assert!(listed.unlisted.is_empty());
    assert_eq!(listed.listings[0].round, "5");
    store.delete_game("new").unwrap();
    assert_eq!(store.load_listings().listings, [Listing::of(&old)]);
    assert_eq!(store.backend.get(&listing_key("new")).unwrap(), None);
}

#[test]
fn an_archived_game_leaves_the_store_and_the_journal_s_copy_reads_back() {
    let store = Store::new(Memory::default());
    let past = edited(&game("past", 1), "1", 10);
    store.save_game(&past).unwrap();
    store.save_game(&game("live", 2)).unwrap();
    let text = store.game_text("past").unwrap().unwrap();
    store.unload_game("past").unwrap();
    assert_eq!(store.game_text("past").unwrap(), None);
    assert_eq!(store.backend.get(&listing_key("past")).unwrap(), None);
    let ids: Vec<String> = store
        .load_games()
        .games
        .iter()
        .map(|g| g.id().to_owned())
        .collect();
    assert_eq!(ids, ["live"]);
    assert_eq!(game_of_record("past", &text).unwrap(), past);
    // At start-up the journal's archived games are not put back.
    let journal = [game_key("past"), archived_key("past"), game_key("live")];
    assert_eq!(live_game_keys(&journal), [game_key("live")]);
}

#[test]
fn the_sync_record_reads_back_and_an_older_build_s_copy_is_let_go() {
    let store = Store::new(Memory::default());
    assert!(store.load_sync().is_none());
    let mut sync = crate::event::sync::SyncRecord::default();
    sync.pushed.insert("board1~a".into(), 7);
    store.save_sync(&sync).unwrap();
    let text = sync_text(&store.load_sync().unwrap());
    assert_eq!(text, sync_text(&sync));
    assert_eq!(sync_of(&text).map(|r| r.pushed), Some(sync.pushed));
    assert!(sync_of("{\"schema\":99,\"data\":{}}").is_none());
    store.forget_sync();
    assert!(store.load_sync().is_none());
}

#[test]
fn a_game_without_a_readable_listing_is_unlisted() {
    let store = Store::new(Memory::default());
    // As a release before listings stored it: the record alone.
    store
        .backend
        .set(&game_key("earlier"), &encode_game(&game("earlier", 1)))
        .unwrap();
    store.save_game(&game("garbled", 2)).unwrap();
    store
        .backend
        .set(&listing_key("garbled"), "{not json")
        .unwrap();
    store.save_game(&game("other", 3)).unwrap();
    store
        .backend
        .set(
            &listing_key("other"),
            &serde_json::to_string(&Listing::of(&game("else", 3))).unwrap(),
        )
        .unwrap();
    store.save_game(&game("fine", 4)).unwrap();
    let listed = store.load_listings();
    assert_eq!(listed.listings, [Listing::of(&game("fine", 4))]);
    assert_eq!(listed.unlisted, ["earlier", "garbled", "other"]);
}

#[test]
fn a_listing_that_does_not_fit_is_not_left_behind_its_record() {
    let store = Store::new(Memory::default());
    let first = game("g", 1);
    store.save_game(&first).unwrap();
    let stale = store.backend.get(&listing_key("g")).unwrap().unwrap();
    // Then storage fills up: room for the longer record, not its listing.
    let longer = edited(&first, "12", 2);
    let record = encode_game(&longer);
    let quota = game_key("g").len() + record.len() + listing_key("g").len() + stale.len();
    let store = Store::new(Memory::with_quota(quota));
    store
        .backend
        .set(&game_key("g"), &encode_game(&first))
        .unwrap();
    store.backend.set(&listing_key("g"), &stale).unwrap();
    store.save_game(&longer).unwrap();
    assert_eq!(store.load_game("g").unwrap(), Some(longer));
    let listed = store.load_listings();
    assert!(listed.listings.is_empty(), "no listing behind its record");
    assert_eq!(listed.unlisted, ["g"]);
}

#[test]
fn used_bytes_counts_only_our_records_in_utf16() {
    let store = Store::new(Memory::default());
    store.backend.set("someone-else", "xxxxxxxx").unwrap();
    store.save_game(&game("g", 1)).unwrap();
    let listing = serde_json::to_string(&Listing::of(&game("g", 1))).unwrap();
    let expected = 2
        * (game_key("g").len()
            + encode_game(&game("g", 1)).len()
            + listing_key("g").len()
            + listing.encode_utf16().count());
    assert_eq!(store.used_bytes(), expected);
    // Kept up to date as games are saved, as counting again finds it.
    let mut g = game("g", 1);
    for round in ["1", "22", "333"] {
        g = edited(&g, round, 10);
        store.save_game(&g).unwrap();
        store.save_game(&game(round, 2)).unwrap();
    }
    store.save_settings(&Settings::default()).unwrap();
    store.save_game(&edited(&g, "4", 20)).unwrap();
    let kept = store.used_bytes();
    store.reread();
    assert_eq!(kept, store.used_bytes());
}

/// A game with every kind of event the compact form treats apart.
fn played() -> Game {
    let mut g = game("g", 1_764_000_000_000);
    let mut at = g.created_ms();
    let mut apply = |g: &mut Game, event: Event| {
        at += 1234;
        g.apply(event, at).unwrap();
    };
    apply(
        &mut g,
        Event::Clock(ClockAction::Start { side: Side::White }),
    );
    apply(&mut g, Event::Recorded(Entry::written("e4")));
    apply(
        &mut g,
        Event::Clock(ClockAction::Press { side: Side::White }),
    );
    let timed = Entry {
        clock_ms: Some(5_399_000),
        ..Entry::written("e 5 !?")
    };
    apply(&mut g, Event::Recorded(timed));
    apply(
        &mut g,
        Event::Clock(ClockAction::Press { side: Side::Black }),
    );
    let offer = Entry {
        draw_offer: true,
        ..Entry::written("Nf3")
    };
    apply(&mut g, Event::Recorded(offer));
    apply(&mut g, Event::Recorded(Entry::dash()));
    apply(&mut g, Event::Recorded(Entry::written("m 7 W")));
    let slot = g.scoresheet().entries().nth(1).unwrap().0;
    apply(
        &mut g,
        Event::Corrected {
            slot,
            written: Written::Move("e5".into()),
        },
    );
    apply(&mut g, Event::Clock(ClockAction::Pause));
    g
}

#[test]
fn every_event_comes_back_from_the_compact_form_with_its_chain() {
    let g = played();
    let text = encode_game(&g);
    assert!(
        text.contains(r#""schema":2"#) && text.contains(r#""W""#),
        "{text}"
    );
    assert!(!text.contains(&g.log()[0].hash), "hashes are not stored");
    let back = decode_game("k", &text).unwrap();
    assert_eq!(back, g);
    assert!(back.verify_chain().is_ok());
}

/// The records of earlier releases (tests/records) written out again
/// by this one, byte for byte: the text written piece by piece is
/// what serde wrote of the whole record.
#[test]
fn records_of_earlier_releases_are_written_back_as_they_were() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    for name in ["a9b", "a11a", "a1b-a9c-a13", "ruled"] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.format2.json"))).unwrap();
        let game = decode_game(name, &text).unwrap();
        assert_eq!(encode_game(&game), text, "{name}");
    }
}

/// A game saved after each event, as the clock saves its presses: each
/// save appends to the text the store wrote before, and the record
/// stored is always the game written whole, which reads back the same.
#[test]
fn a_game_saved_event_by_event_is_stored_as_written_whole() {
    let whole = played();
    let store = Store::new(Memory::default());
    let mut game = game("g", whole.created_ms());
    store.save_game(&game).unwrap();
    for logged in whole.log() {
        game.apply(logged.event.clone(), logged.at_ms).unwrap();
        store.save_game(&game).unwrap();
        let text = store.backend.get(&game_key("g")).unwrap().unwrap();
        assert_eq!(text, encode_game(&game));
        assert_eq!(decode_game("k", &text).unwrap(), game);
    }
    assert_eq!(game, whole);
}

/// Two tabs over one storage: what one tab wrote is never taken by the
/// other for its own, so a stale tab is still refused, and a full
/// storage leaves the record as it was.
#[test]
fn a_record_another_tab_wrote_is_read_back_before_saving() {
    let shared = std::rc::Rc::new(Memory::with_quota(4096));
    let (this_tab, other_tab) = (Store::new(shared.clone()), Store::new(shared.clone()));
    let base = game("g", 1);
    this_tab.save_game(&base).unwrap();
    let theirs = edited(&base, "2", 20);
    other_tab.save_game(&theirs).unwrap();
    assert_eq!(
        this_tab.save_game(&edited(&base, "3", 30)),
        Err(StorageError::Conflict { id: "g".into() })
    );
    // This tab, up to date again, goes on from the other's record.
    let ours = edited(&theirs, "4", 40);
    this_tab.save_game(&ours).unwrap();
    let long = edited(&ours, &"9".repeat(4096), 50);
    assert_eq!(
        this_tab.save_game(&long),
        Err(StorageError::QuotaExceeded { key: game_key("g") })
    );
    let next = edited(&ours, "5", 60);
    this_tab.save_game(&next).unwrap();
    assert_eq!(this_tab.load_game("g").unwrap().unwrap(), next);
    assert_eq!(
        shared.get(&game_key("g")).unwrap().unwrap(),
        encode_game(&next)
    );
}

/// A store readied for a game has counted what the records take, so the
/// first save (a press, on the clock) reads no record but its own: a
/// record written behind the store's back afterwards is not in its count.
#[test]
fn a_store_readied_for_a_game_has_counted_its_records() {
    let base = game("g", 1);
    let store = Store::new(Memory::default());
    let text = encode_game(&base);
    store.backend.set(&game_key("g"), &text).unwrap();
    store.ready_to_save(&base);
    store
        .backend
        .set(&game_key("h"), &encode_game(&game("h", 2)))
        .unwrap();
    assert_eq!(store.used_bytes(), 2 * (game_key("g").len() + text.len()));
}

/// A store readied for a game keeps its record only if the record is
/// the game's own as written now: a first-format record, or another
/// history, is read back and judged at the next save as before.
#[test]
fn a_store_is_readied_only_by_the_games_own_record() {
    let base = edited(&game("g", 1), "1", 10);
    let next = edited(&base, "2", 20);
    let store = Store::new(Memory::default());
    let format1 = serde_json::json!({ "schema": 1, "data": base }).to_string();
    store.backend.set(&game_key("g"), &format1).unwrap();
    store.ready_to_save(&base);
    assert!(store.written.borrow().is_empty());
    store.save_game(&next).unwrap();
    assert_eq!(
        store.backend.get(&game_key("g")).unwrap().unwrap(),
        encode_game(&next)
    );
    let fresh = Store::new(Memory::default());
    fresh
        .backend
        .set(&game_key("g"), &encode_game(&base))
        .unwrap();
    fresh.ready_to_save(&base);
    assert_eq!(fresh.written.borrow().len(), 1);
    let other = edited(&game("g", 1), "3", 10);
    fresh.ready_to_save(&other);
    assert!(
        fresh
            .written
            .borrow()
            .get(&game_key("g"))
            .is_some_and(|kept| kept.continued_by(&next))
    );
    assert_eq!(
        fresh.save_game(&edited(&other, "4", 20)),
        Err(StorageError::Conflict { id: "g".into() })
    );
}

#[test]
fn records_of_the_first_format_still_load() {
    let g = played();
    let old = serde_json::to_string(&Record {
        schema: 1,
        data: &g,
    })
    .unwrap();
    assert_eq!(decode_game("k", &old).unwrap(), g);
}

#[test]
fn an_altered_record_of_the_first_format_is_refused() {
    // Format 1 keeps every hash: an event changed under its hash is found.
    let old = serde_json::to_string(&Record {
        schema: 1,
        data: &played(),
    })
    .unwrap();
    let altered = old.replacen(r#""e4""#, r#""d4""#, 1);
    assert_ne!(altered, old);
    assert!(matches!(
        decode_game("k", &altered),
        Err(StorageError::Corrupt { reason, .. }) if reason.contains("altered")
    ));
}

#[test]
fn an_altered_compact_log_is_refused_as_altered() {
    let text = encode_game(&played()).replace(r#""m e4""#, r#""m d4""#);
    match decode_game("k", &text) {
        Err(StorageError::Corrupt { reason, .. }) => {
            assert!(reason.contains("the log was altered"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    let cut = encode_game(&played()).replacen(r#""m e4","#, "", 1);
    assert!(matches!(
        decode_game("k", &cut),
        Err(StorageError::Corrupt { .. })
    ));
}

/// A real 80-move game (the first of 160 plies or more in pgn-reader's
/// TWIC file) as played on a tablet: a press and a clock reading for
/// every move, 37 to 86 seconds apart. (PGN is read by the worker's
/// build only.)
#[cfg(feature = "worker")]
pub(crate) fn eighty_move_game() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/laws/tests/data/twic1599_1000k.pgn"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let real = laws::pgn::import(text.as_bytes())
        .into_iter()
        .filter_map(Result::ok)
        .find(|g| g.moves.len() >= 160)
        .expect("an 80-move game in the file");
    let setup = Setup {
        white: Player::named("Kowalski, Jan"),
        black: Player::named("Nowak, Anna"),
        event: "Club championship".into(),
        round: "7".into(),
        board: "12".into(),
        ..Setup::default()
    };
    let mut g = Game::new("m3k9f2a-x7", setup, 1_764_000_000_000);
    let mut at = g.created_ms();
    g.apply(Event::Clock(ClockAction::Start { side: Side::White }), at)
        .unwrap();
    for (i, mv) in real.moves.iter().take(160).enumerate() {
        at += 37_000 + 1_000 * (i as u64 % 50);
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        let clock = g.clock().unwrap().remaining(side, at);
        let entry = Entry {
            clock_ms: Some(clock),
            ..Entry::written(mv.san.to_string())
        };
        g.apply(Event::Recorded(entry), at).unwrap();
        g.apply(Event::Clock(ClockAction::Press { side }), at)
            .unwrap();
    }
    g
}

/// Issue 9's capacity: 450 finished games in under 4 MB needs a real
/// 80-move game with its clock log in under 8 KB.
#[cfg(feature = "worker")]
#[test]
fn an_eighty_move_game_with_its_clock_fits_in_eight_kilobytes() {
    let g = eighty_move_game();
    let size = encode_game(&g).len();
    assert!(size < 8 * 1024, "{size} bytes");
    assert_eq!(decode_game("k", &encode_game(&g)).unwrap(), g);
}
