//! A second copy of every game record, in IndexedDB, each write committed
//! with strict durability (flushed to disk before it completes).
//!
//! localStorage reaches the disk when the browser gets round to it: a
//! browser killed a second after a press (a tablet's battery, the system
//! closing it) came back with the last ten seconds of presses gone. The
//! journal has them; on start, [`super::Store::restore`] puts back what it
//! has that localStorage lost. localStorage stays the store every screen
//! reads at once, synchronously.
//!
//! Writes are queued, and what is queued while a transaction commits goes
//! in the next one: presses in quick succession cost one commit, in order.

use std::cell::{Cell, RefCell};

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransaction};

use super::store::{ARCHIVED_PREFIX, GAME_PREFIX, SYNC_KEY, live_game_keys};

const DATABASE: &str = "arbiter-journal";
const RECORDS: &str = "records";

thread_local! {
    static OPEN: RefCell<Option<IdbDatabase>> = const { RefCell::new(None) };
    /// The texts to write (`None`: to remove), in order, not yet in a
    /// transaction (a plain list: this part is in the first load).
    static QUEUE: RefCell<Vec<(String, Option<String>)>> = const { RefCell::new(Vec::new()) };
    static WRITING: Cell<bool> = const { Cell::new(false) };
    static REFUSED: Cell<bool> = const { Cell::new(false) };
    static STARTER: Cell<Option<fn()>> = const { Cell::new(None) };
}

/// Queues `key`'s record, `None` to remove it, when it is a game's, an
/// archived game's entry (`crate::event::archive`) or the sync record. A
/// key queued already takes the newer text in its place: a transaction
/// commits all or nothing, so the order of different keys in it is no
/// matter.
pub fn write(key: &str, text: Option<&str>) {
    if !key.starts_with(GAME_PREFIX) && !key.starts_with(ARCHIVED_PREFIX) && key != SYNC_KEY {
        return;
    }
    QUEUE.with(|queue| {
        let mut queue = queue.borrow_mut();
        let text = text.map(str::to_owned);
        match queue.iter_mut().find(|(queued, _)| queued == key) {
            Some(queued) => queued.1 = text,
            None => queue.push((key.to_owned(), text)),
        }
    });
    if let Some(start) = STARTER.get()
        && !WRITING.replace(true)
    {
        start();
    }
}

/// How the app starts the writing (in a module of its own, out of the
/// first load: see `state::write_journal`); until it says, writes wait in
/// the queue. Without it (the storage's browser tests) nothing is written.
pub fn start_with(start: fn()) {
    STARTER.set(Some(start));
    if QUEUE.with(|queue| !queue.borrow().is_empty()) && !WRITING.replace(true) {
        start();
    }
}

/// Writes the queue, one transaction at a time, until it is empty. A
/// journal the browser refuses (no IndexedDB, storage full) is left: the
/// records are in localStorage all the same.
pub async fn flush() {
    loop {
        let batch = QUEUE.with(|queue| std::mem::take(&mut *queue.borrow_mut()));
        if batch.is_empty() {
            break;
        }
        REFUSED.set(commit(batch).await.is_err());
    }
    WRITING.set(false);
}

/// Whether the browser refused the journal's last transaction (no
/// IndexedDB, storage full): what is kept only here goes to localStorage
/// meanwhile.
#[must_use]
pub fn refused() -> bool {
    REFUSED.get()
}

/// One transaction for `batch`: a key written twice ends as written last,
/// as IndexedDB carries out a transaction's requests in order.
async fn commit(batch: Vec<(String, Option<String>)>) -> Result<(), JsValue> {
    let database = open().await?;
    let transaction = transaction(&database, "readwrite", Some("strict"))?;
    let records = transaction.object_store(RECORDS)?;
    for (key, text) in batch {
        match text {
            Some(text) => {
                records.put_with_key(&JsValue::from_str(&text), &JsValue::from_str(&key))?
            }
            None => records.delete(&JsValue::from_str(&key))?,
        };
    }
    completed(&transaction).await
}

/// Once every write queued so far is committed, or refused: what is
/// archived must be on the disk before localStorage lets it go. At once
/// when no writing was started (nothing is written then).
pub async fn written() {
    while STARTER.get().is_some()
        && (WRITING.get() || QUEUE.with(|queue| !queue.borrow().is_empty()))
    {
        gloo_timers::future::TimeoutFuture::new(16).await;
    }
}

/// The records of the games still in play, as `(key, text)`: every game's
/// but the archived ones' (kept here only, and read when asked for).
pub async fn read_live() -> Result<Vec<(String, String)>, JsValue> {
    read_chosen(|keys| live_game_keys(&keys)).await
}

/// The texts under `keys`, `None` where there is none.
pub async fn read(keys: &[String]) -> Result<Vec<Option<String>>, JsValue> {
    let database = open().await?;
    let transaction = transaction(&database, "readonly", None)?;
    get_each(&transaction.object_store(RECORDS)?, keys).await
}

/// Every record whose key starts with `prefix`, as `(key, text)`.
pub async fn read_prefixed(prefix: &str) -> Result<Vec<(String, String)>, JsValue> {
    read_chosen(|keys| {
        keys.into_iter()
            .filter(|key| key.starts_with(prefix))
            .collect()
    })
    .await
}

/// The records whose keys `choose` picks from every key, as `(key, text)`.
async fn read_chosen(
    choose: impl FnOnce(Vec<String>) -> Vec<String>,
) -> Result<Vec<(String, String)>, JsValue> {
    let database = open().await?;
    let transaction = transaction(&database, "readonly", None)?;
    let records = transaction.object_store(RECORDS)?;
    let keys: Array = done(&records.get_all_keys()?).await?.unchecked_into();
    let chosen = choose(keys.iter().filter_map(|key| key.as_string()).collect());
    let texts = get_each(&records, &chosen).await?;
    Ok(chosen
        .into_iter()
        .zip(texts)
        .filter_map(|(key, text)| Some((key, text?)))
        .collect())
}

/// One request a key, all made before the first is awaited (a transaction
/// ends once a task leaves it with none pending).
async fn get_each(
    records: &web_sys::IdbObjectStore,
    keys: &[String],
) -> Result<Vec<Option<String>>, JsValue> {
    let results = keys
        .iter()
        .map(|key| Ok(settled(&records.get(&JsValue::from_str(key))?)))
        .collect::<Result<Vec<_>, JsValue>>()?;
    let mut texts = Vec::with_capacity(results.len());
    for result in results {
        texts.push(result.await?.as_string());
    }
    Ok(texts)
}

async fn open() -> Result<IdbDatabase, JsValue> {
    if let Some(database) = OPEN.with(|open| open.borrow().clone()) {
        return Ok(database);
    }
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()?
        .ok_or("no IndexedDB")?;
    let request: IdbOpenDbRequest = factory.open_with_u32(DATABASE, 1)?;
    let upgrading = request.clone();
    let upgrade = Closure::once_into_js(move || {
        if let Ok(database) = upgrading.result() {
            let _ = database
                .unchecked_into::<IdbDatabase>()
                .create_object_store(RECORDS);
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let database: IdbDatabase = done(&request).await?.unchecked_into();
    OPEN.with(|open| open.replace(Some(database.clone())));
    Ok(database)
}

/// A transaction on the records; `durability` through the options object
/// (web-sys has it only behind its unstable APIs).
fn transaction(
    database: &IdbDatabase,
    mode: &str,
    durability: Option<&str>,
) -> Result<IdbTransaction, JsValue> {
    let options = Object::new();
    if let Some(durability) = durability {
        Reflect::set(&options, &"durability".into(), &durability.into())?;
    }
    let open: Function = Reflect::get(database, &"transaction".into())?.unchecked_into();
    Ok(open
        .call3(database, &RECORDS.into(), &mode.into(), &options)?
        .unchecked_into())
}

/// The request's result once it succeeds.
async fn done(request: &IdbRequest) -> Result<JsValue, JsValue> {
    settled(request).await
}

/// The request's result, listened for from now on: a request whose
/// listeners were set only after it succeeded would never be heard.
fn settled(request: &IdbRequest) -> JsFuture {
    let request = request.clone();
    let promise = Promise::new(&mut |resolve, reject| {
        let succeeded = request.clone();
        let failed = request.clone();
        let ok = Closure::once_into_js(move || {
            let _ = resolve.call1(&JsValue::NULL, &succeeded.result().unwrap_or(JsValue::NULL));
        });
        let error = Closure::once_into_js(move || {
            let why = failed
                .error()
                .ok()
                .flatten()
                .map_or(JsValue::NULL, JsValue::from);
            let _ = reject.call1(&JsValue::NULL, &why);
        });
        request.set_onsuccess(Some(ok.unchecked_ref()));
        request.set_onerror(Some(error.unchecked_ref()));
    });
    JsFuture::from(promise)
}

/// Once the transaction has committed (with strict durability: on disk).
async fn completed(transaction: &IdbTransaction) -> Result<(), JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let failed = reject.clone();
        let error = Closure::once_into_js(move || {
            let _ = failed.call0(&JsValue::NULL);
        });
        let aborted = Closure::once_into_js(move || {
            let _ = reject.call0(&JsValue::NULL);
        });
        transaction.set_oncomplete(Some(ok.unchecked_ref()));
        transaction.set_onerror(Some(error.unchecked_ref()));
        transaction.set_onabort(Some(aborted.unchecked_ref()));
    });
    JsFuture::from(promise).await.map(|_| ())
}
