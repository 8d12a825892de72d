//! The storage against the real localStorage of headless Chromium.
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p arbiter --target wasm32-unknown-unknown --test browser`
#![cfg(target_arch = "wasm32")]

use arbiter::storage::{Browser, StorageError, Store, game_key};
use laws::game::{Event, Game, Player, Setup};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn game(id: &str) -> Game {
    let setup = Setup {
        white: Player::named("Anna"),
        black: Player::named("Bogdan"),
        ..Setup::default()
    };
    Game::new(id, setup, 1_000)
}

#[wasm_bindgen_test]
fn a_game_survives_a_round_trip_through_local_storage() {
    local_storage().clear().unwrap();
    let store = Store::new(Browser::open().unwrap());
    let mut g = game("round-trip");
    let setup = Setup {
        board: "7".into(),
        ..g.setup().clone()
    };
    g.apply(Event::DetailsEdited(Box::new(setup)), 2_000)
        .unwrap();
    store.save_game(&g).unwrap();
    assert_eq!(store.load_game("round-trip").unwrap(), Some(g));
    assert!(store.used_bytes() > 0);
}

#[wasm_bindgen_test]
fn a_corrupt_record_is_reported_kept_and_the_others_load() {
    let storage = local_storage();
    storage.clear().unwrap();
    let store = Store::new(Browser::open().unwrap());
    store.save_game(&game("fine")).unwrap();
    storage
        .set_item(&game_key("broken"), "{\"schema\":1,\"data\":{\"id\":")
        .unwrap();
    let loaded = store.load_games();
    assert_eq!(loaded.games.len(), 1);
    assert_eq!(loaded.games[0].id(), "fine");
    assert!(
        matches!(&loaded.problems[..], [StorageError::Corrupt { key, .. }] if key == &game_key("broken"))
    );
    assert_eq!(
        storage.get_item(&game_key("broken")).unwrap().as_deref(),
        Some("{\"schema\":1,\"data\":{\"id\":")
    );
}

#[wasm_bindgen_test]
fn quota_exceeded_is_reported_and_the_saved_copy_survives() {
    let storage = local_storage();
    storage.clear().unwrap();
    let store = Store::new(Browser::open().unwrap());
    let saved = game("full");
    store.save_game(&saved).unwrap();

    // Fill the origin's quota with someone else's data.
    let chunk = "x".repeat(256 * 1024);
    let mut filler = 0;
    while storage
        .set_item(&format!("filler/{filler}"), &chunk)
        .is_ok()
    {
        filler += 1;
        assert!(filler < 400, "the browser never refused a write");
    }
    let small = "y".repeat(1024);
    while storage
        .set_item(&format!("filler/small/{filler}"), &small)
        .is_ok()
    {
        filler += 1;
    }

    let mut bigger = saved.clone();
    let setup = Setup {
        event: "z".repeat(4096),
        ..saved.setup().clone()
    };
    bigger
        .apply(Event::DetailsEdited(Box::new(setup)), 5_000)
        .unwrap();
    assert_eq!(
        store.save_game(&bigger),
        Err(StorageError::QuotaExceeded {
            key: game_key("full")
        })
    );
    assert_eq!(store.load_game("full").unwrap(), Some(saved));
    storage.clear().unwrap();
    assert!(
        store.save_game(&bigger).is_ok(),
        "saving works again once space is freed"
    );
}
