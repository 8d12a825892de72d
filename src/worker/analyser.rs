//! The worker as the screens see it: one worker, started when the first
//! position needs the full search or the first PGN is imported; each
//! question is a promise
//! answered by its id. Questions asked before the worker has loaded wait
//! for its "ready" message (until then nobody would hear them). If the
//! worker fails, the questions waiting are told and the next one starts a
//! fresh worker.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use js_sys::{Function, Promise};
use laws::game::Game;
use laws::unwinnable::Report;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

use crate::worker::analysis::{Answer, READY, Reply, Request, Task};

/// The worker's script, beside index.html (Trunk's loader shim).
const SCRIPT: &str = "./analyser_loader.js";

/// Of a reply, only which question it answers: the asker reads the rest.
#[derive(serde::Deserialize)]
struct Addressed {
    id: u32,
}

type Pending = Rc<RefCell<HashMap<u32, (Function, Function)>>>;

struct Analyser {
    worker: Worker,
    pending: Pending,
    next_id: u32,
    ready: Rc<Cell<bool>>,
    /// Requests (JSON) waiting for the worker to be ready.
    waiting: Rc<RefCell<Vec<String>>>,
}

thread_local! {
    static ANALYSER: RefCell<Option<Analyser>> = const { RefCell::new(None) };
}

impl Analyser {
    fn start() -> Result<Analyser, String> {
        let worker =
            Worker::new(SCRIPT).map_err(|e| format!("the analyser could not start: {e:?}"))?;
        let pending = Pending::default();
        let ready = Rc::new(Cell::new(false));
        let waiting = Rc::new(RefCell::new(Vec::<String>::new()));
        let on_message = Closure::<dyn Fn(MessageEvent)>::new({
            let (pending, ready, waiting, worker) = (
                pending.clone(),
                ready.clone(),
                waiting.clone(),
                worker.clone(),
            );
            move |event: MessageEvent| {
                let Some(text) = event.data().as_string() else {
                    return;
                };
                if text == READY {
                    ready.set(true);
                    for request in waiting.borrow_mut().drain(..) {
                        let _ = worker.post_message(&JsValue::from_str(&request));
                    }
                    return;
                }
                let Ok(reply) = serde_json::from_str::<Addressed>(&text) else {
                    return;
                };
                if let Some((resolve, _)) = pending.borrow_mut().remove(&reply.id) {
                    let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&text));
                }
            }
        });
        let on_error = Closure::<dyn Fn(web_sys::Event)>::new({
            let pending = pending.clone();
            move |_| {
                for (_, (_, reject)) in pending.borrow_mut().drain() {
                    let _ =
                        reject.call1(&JsValue::NULL, &JsValue::from_str("the analyser stopped"));
                }
                if let Some(failed) = ANALYSER.with(|cell| cell.borrow_mut().take()) {
                    failed.worker.terminate();
                }
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // The listeners live as long as the worker, which lives as long as
        // the page (or until it fails).
        on_message.forget();
        on_error.forget();
        Ok(Analyser {
            worker,
            pending,
            next_id: 0,
            ready,
            waiting,
        })
    }

    /// Posts `task`; the promise resolves with the reply's JSON text.
    fn ask(&mut self, task: Task) -> Result<Promise, String> {
        self.next_id += 1;
        let request = Request {
            id: self.next_id,
            task,
        };
        let text = serde_json::to_string(&request).map_err(|e| e.to_string())?;
        let pending = self.pending.clone();
        let promise = Promise::new(&mut |resolve, reject| {
            pending.borrow_mut().insert(request.id, (resolve, reject));
        });
        if self.ready.get() {
            self.worker
                .post_message(&JsValue::from_str(&text))
                .map_err(|e| format!("the analyser could not be asked: {e:?}"))?;
        } else {
            self.waiting.borrow_mut().push(text);
        }
        Ok(promise)
    }
}

/// The worker's answer to `task`.
async fn ask(task: Task) -> Result<Answer, String> {
    let promise = ANALYSER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(Analyser::start()?);
        }
        cell.as_mut().expect("started just now").ask(task)
    })?;
    let text = JsFuture::from(promise).await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "the analyser failed".into())
    })?;
    let reply: Reply = serde_json::from_str(&text.as_string().unwrap_or_default())
        .map_err(|e| format!("the analyser's answer is unreadable: {e}"))?;
    Ok(reply.answer)
}

/// The full unwinnability analysis of the position `fen`, off the UI thread.
pub async fn analyse(fen: String) -> Result<Report, String> {
    match ask(Task::Analyse { fen }).await? {
        Answer::Report(report) => report,
        Answer::Games(_) => Err("the analyser answered another question".into()),
    }
}

/// Every game of a PGN text as a new game (or why it could not be read),
/// read off the UI thread: a whole tournament's file takes a while.
pub async fn import_pgn(text: String) -> Result<Vec<Result<Game, String>>, String> {
    let task = Task::ImportPgn {
        text,
        now_ms: crate::state::now_ms(),
        first_suffix: (js_sys::Math::random() * 65536.0) as u16,
    };
    match ask(task).await? {
        Answer::Games(games) => Ok(games),
        Answer::Report(_) => Err("the analyser answered another question".into()),
    }
}
