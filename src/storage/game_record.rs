//! A game's record as written (format 2): what its log holds, in few
//! characters, appended to as the game goes on; format 1 still reads.

use super::error::StorageError;
use super::store::Record;
use laws::clock::ClockAction;
use laws::game::{Event, Game, Setup, Side};
use laws::scoresheet::{Entry, Written};
use serde::Deserialize;

/// The format of game records: 1 kept every event's hash and time in full
/// (about 55 KB for an 80-move game with its clock); 2 is [`StoredGame`].
pub(super) const GAME_SCHEMA: u32 = 2;

/// A game as stored (format 2): what the log holds, in few characters. The
/// chain hashes are not stored but computed again on reading and checked
/// against the newest one; times are kept as the milliseconds since the
/// event before; the commonest events (a clock press, a plainly written
/// move) take a few characters, every other event its JSON.
#[derive(Deserialize)]
pub(super) struct StoredGame {
    id: String,
    created_ms: u64,
    initial: Setup,
    /// The hash of the newest event; `None` for an empty log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    head: Option<String>,
    /// Alternately: milliseconds since the previous event (or creation),
    /// then the event.
    log: Vec<serde_json::Value>,
}

/// An event in few characters: `W`/`B` a press of White's/Black's clock,
/// `m<clock ms> <text>` (or `m <text>`) a move written plainly.
pub(super) fn pack(event: &Event) -> serde_json::Value {
    match event {
        Event::Clock(ClockAction::Press { side: Side::White }) => "W".into(),
        Event::Clock(ClockAction::Press { side: Side::Black }) => "B".into(),
        Event::Recorded(Entry {
            written: Written::Move(text),
            clock_ms,
            draw_offer: false,
            corrections,
            notes,
        }) if corrections.is_empty() && notes.is_empty() => match clock_ms {
            Some(ms) => format!("m{ms} {text}").into(),
            None => format!("m {text}").into(),
        },
        other => serde_json::to_value(other).expect("events serialise"),
    }
}

pub(super) fn unpack(value: serde_json::Value) -> Result<Event, String> {
    let text = match value {
        serde_json::Value::String(text) => text,
        other => return serde_json::from_value(other).map_err(|e| e.to_string()),
    };
    match text.as_str() {
        "W" => Ok(Event::Clock(ClockAction::Press { side: Side::White })),
        "B" => Ok(Event::Clock(ClockAction::Press { side: Side::Black })),
        _ => {
            let (clock, written) = text
                .strip_prefix('m')
                .and_then(|rest| rest.split_once(' '))
                .ok_or_else(|| format!("{text:?} is not an event"))?;
            let clock_ms = match clock {
                "" => None,
                ms => Some(
                    ms.parse()
                        .map_err(|_| format!("{text:?} is not an event"))?,
                ),
            };
            Ok(Event::Recorded(Entry {
                clock_ms,
                ..Entry::written(written)
            }))
        }
    }
}

impl StoredGame {
    pub(super) fn of(game: &Game) -> StoredGame {
        let mut last_ms = game.created_ms();
        let mut log = Vec::with_capacity(2 * game.log().len());
        for logged in game.log() {
            log.push(logged.at_ms.saturating_sub(last_ms).into());
            log.push(pack(&logged.event));
            last_ms = logged.at_ms;
        }
        StoredGame {
            id: game.id().to_owned(),
            created_ms: game.created_ms(),
            initial: game.initial().clone(),
            head: game.head().map(str::to_owned),
            log,
        }
    }

    /// Whether `text`, a stored record, is this copy of `game` as it stood
    /// some events ago: a format 2 record whose events are this one's
    /// first, sealed by the same hash, of a game the Laws take. Saving over
    /// it needs no reading back of its events (the hashing and replay of a
    /// whole log on each press): [`decode_game`] would find that copy, and
    /// [`Game::lineage`] this one ahead of it.
    pub(super) fn continues(&self, game: &Game, text: &str) -> bool {
        let Ok(record) = serde_json::from_str::<Record<StoredGame>>(text) else {
            return false;
        };
        let stored = record.data;
        let events = stored.log.len() / 2;
        record.schema == GAME_SCHEMA
            && game.fold().is_ok()
            && stored.id == self.id
            && stored.created_ms == self.created_ms
            && stored.initial == self.initial
            && stored.log.len().is_multiple_of(2)
            && stored.log.len() <= self.log.len()
            && stored.head.as_deref()
                == events
                    .checked_sub(1)
                    .map(|last| game.log()[last].hash.as_str())
            && stored.log[..] == self.log[..stored.log.len()]
    }
}

/// The stored text of a game: the record with its format version.
pub fn encode_game(game: &Game) -> String {
    GameText::of(game).text
}

/// A game's record as written (format 2): its text, and where in it the
/// newest hash and the log's items begin, so that a game's next events
/// are appended to the text as it stands. The text is what serde writes
/// of a `Record` of a [`StoredGame`]: its fields in their order, the log's
/// items one by one.
pub(super) struct GameText {
    pub(super) text: String,
    /// Where the head (the newest hash) begins: after the id, the creation
    /// time and the initial setup, which never change.
    head_at: usize,
    /// Where the log's first item begins.
    items_at: usize,
    /// How many events the text holds, and the newest one's hash.
    events: usize,
    head: Option<String>,
    created_ms: u64,
    initial: Setup,
}

/// What closes a record after its log's items.
pub(super) const RECORD_END: &str = "]}}";

impl GameText {
    /// The record of `game`, written whole.
    pub(super) fn of(game: &Game) -> GameText {
        let text = format!(
            r#"{{"schema":{GAME_SCHEMA},"data":{{"id":{},"created_ms":{},"initial":{},"#,
            serde_json::to_string(game.id()).expect("an id serialises"),
            game.created_ms(),
            serde_json::to_string(game.initial()).expect("a setup serialises"),
        );
        let head_at = text.len();
        GameText {
            text: text + r#""log":["# + RECORD_END,
            head_at,
            items_at: head_at + r#""log":["#.len(),
            events: 0,
            head: None,
            created_ms: game.created_ms(),
            initial: game.initial().clone(),
        }
        .append(game)
    }

    /// Whether `game` is this record's game with the same events first,
    /// sealed by the same hash, and taken by the Laws: what
    /// [`StoredGame::continues`] finds by reading the record back.
    pub(super) fn continued_by(&self, game: &Game) -> bool {
        game.fold().is_ok()
            && game.created_ms() == self.created_ms
            && *game.initial() == self.initial
            && game.log().len() >= self.events
            && self
                .events
                .checked_sub(1)
                .map(|last| game.log()[last].hash.as_str())
                == self.head.as_deref()
    }

    /// The record of `game`, which continues this one: its newer events
    /// appended to the text.
    pub(super) fn append(&self, game: &Game) -> GameText {
        let items = &self.text[self.items_at..self.text.len() - RECORD_END.len()];
        let newer = &game.log()[self.events..];
        let mut text = String::with_capacity(self.text.len() + 96 * newer.len() + 80);
        text.push_str(&self.text[..self.head_at]);
        if let Some(head) = game.head() {
            text.push_str(r#""head":""#);
            text.push_str(head);
            text.push_str(r#"","#);
        }
        text.push_str(r#""log":["#);
        let items_at = text.len();
        text.push_str(items);
        let mut last_ms = self
            .events
            .checked_sub(1)
            .map_or(game.created_ms(), |last| game.log()[last].at_ms);
        for logged in newer {
            if text.len() > items_at {
                text.push(',');
            }
            // Milliseconds since the event before, then the event packed.
            text.push_str(&logged.at_ms.saturating_sub(last_ms).to_string());
            text.push(',');
            text.push_str(&pack(&logged.event).to_string());
            last_ms = logged.at_ms;
        }
        text.push_str(RECORD_END);
        GameText {
            text,
            head_at: self.head_at,
            items_at,
            events: game.log().len(),
            head: game.head().map(str::to_owned),
            created_ms: self.created_ms,
            initial: self.initial.clone(),
        }
    }
}

/// The game of a format 2 record; `Err` says what is wrong with it.
pub(super) fn unstore(stored: StoredGame) -> Result<Game, String> {
    if !stored.log.len().is_multiple_of(2) {
        return Err("its log is cut short".to_owned());
    }
    let mut at_ms = stored.created_ms;
    let mut events = Vec::with_capacity(stored.log.len() / 2);
    let mut values = stored.log.into_iter();
    while let (Some(delta), Some(event)) = (values.next(), values.next()) {
        let delta = delta.as_u64().ok_or("a time in its log is not a number")?;
        at_ms = at_ms
            .checked_add(delta)
            .ok_or("a time in its log is out of range")?;
        events.push((at_ms, unpack(event)?));
    }
    let game = Game::from_events(stored.id, stored.initial, stored.created_ms, events);
    if game.head() != stored.head.as_deref() {
        return Err(
            "the log was altered: its events do not lead to the hash stored with them".to_owned(),
        );
    }
    Ok(game)
}

/// Game `id` from its record's `text`: an archived game read back from
/// the journal.
pub fn game_of_record(id: &str, text: &str) -> Result<Game, StorageError> {
    decode_game(&super::store::game_key(id), text)
}

pub(super) fn decode_game(key: &str, text: &str) -> Result<Game, StorageError> {
    let corrupt = |reason: String| StorageError::Corrupt {
        key: key.to_owned(),
        reason,
    };
    // The data read once, as the format says, not first into a JSON tree.
    let record: Record<&serde_json::value::RawValue> =
        serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
    let data = record.data.get();
    let game = match record.schema {
        // Format 1: the game as serde writes it, every hash kept, each to
        // be checked.
        1 => {
            let game = serde_json::from_str::<Game>(data).map_err(|e| corrupt(e.to_string()))?;
            game.verify_chain().map_err(|e| corrupt(e.to_string()))?;
            game
        }
        // Format 2 keeps no hash but the newest, which `unstore` checks
        // against the chain computed afresh: the whole chain is verified.
        GAME_SCHEMA => serde_json::from_str::<StoredGame>(data)
            .map_err(|e| corrupt(e.to_string()))
            .and_then(|stored| unstore(stored).map_err(corrupt))?,
        newer if newer > GAME_SCHEMA => {
            return Err(StorageError::NewerSchema {
                key: key.to_owned(),
                schema: newer,
            });
        }
        older => return Err(corrupt(format!("unknown format {older}"))),
    };
    if let Err(e) = game.fold() {
        return Err(corrupt(format!("its events do not replay: {e}")));
    }
    Ok(game)
}
