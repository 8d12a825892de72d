//! Reading JSON input: every command names the fields it does not know.
//!
//! A misspelt field is not an error to serde: `"illegal_move": {"white": 1}`
//! for `illegal_moves` reads as a situation with no illegal move, and the
//! ruling changes without a word. Every command that reads JSON reads it
//! here, and either refuses a field it does not know ([`Unknown::Refuse`],
//! where the field could change a ruling) or names it on standard error and
//! goes on ([`Unknown::Warn`]).
//!
//! Two ways of finding them, because one is not enough:
//!
//! 1. `serde_ignored` reports every field a derived struct skips. It cannot
//!    see inside what serde buffers first: the variants of an internally
//!    tagged enum (a finding, a clock action, a game log's events), a
//!    `#[serde(flatten)]` field, a value read through `serde_json::Value`
//!    (a scenario's envelope). There the skipping happens out of its sight.
//! 2. So the value read is written back as JSON and compared with the
//!    input: a field of the input that is not in what was read back is a
//!    candidate. It is either unknown, or known but not written back (a
//!    default left out, `skip_serializing_if`). To tell which, the input is
//!    read again with that field's value replaced by a number no field of
//!    the rules core accepts (-0.5: none is a float). A known field then
//!    fails to read; an unknown one is skipped and the input still reads.
//!
//! Only the candidates are read again, so a long game record costs one
//! extra reading per field that was given but not written back.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// What a command does with a field it does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknown {
    /// The input is refused (exit status 2): the field could change a ruling.
    Refuse,
    /// The field is named on standard error and ignored.
    Warn,
}

/// Where an input comes from and what it should be, for the messages.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// A file name, `-` for standard input, `--finding`, `line 3`.
    pub source: &'a str,
    /// What the input should be: "a game situation", "a clock action".
    pub what: &'a str,
    pub unknown: Unknown,
}

impl Input<'_> {
    /// Reads `text` as a `T`, or says why not.
    pub fn read<T: DeserializeOwned + Serialize>(&self, text: &str) -> Result<T, String> {
        let mut ignored = Vec::new();
        let mut de = serde_json::Deserializer::from_str(text);
        let value: T = serde_ignored::deserialize(&mut de, |path| ignored.push(segments(&path)))
            .and_then(|value| de.end().map(|()| value))
            .map_err(|e| self.not_what(&e))?;
        // It read as a T, so it is JSON.
        let input: Value = serde_json::from_str(text).map_err(|e| self.not_what(&e))?;
        self.check(&input, &value, ignored)?;
        Ok(value)
    }

    /// Reads a JSON value as a `T`, or says why not.
    pub fn read_value<T: DeserializeOwned + Serialize>(&self, input: &Value) -> Result<T, String> {
        let mut ignored = Vec::new();
        let value: T = serde_ignored::deserialize(input, |path| ignored.push(segments(&path)))
            .map_err(|e| self.not_what(&e))?;
        self.check(input, &value, ignored)?;
        Ok(value)
    }

    fn not_what(&self, e: &serde_json::Error) -> String {
        format!("{}: not {}: {e}", self.source, self.what)
    }

    /// Refuses the unknown fields of `input`, or names them and goes on.
    fn check<T: DeserializeOwned + Serialize>(
        &self,
        input: &Value,
        value: &T,
        ignored: Vec<Path>,
    ) -> Result<(), String> {
        let unknown = unknown_fields::<T>(input, value, ignored);
        if unknown.is_empty() {
            return Ok(());
        }
        match self.unknown {
            Unknown::Warn => {
                for field in &unknown {
                    eprintln!("laws: warning: {}: {field} ignored", self.source);
                }
                Ok(())
            }
            Unknown::Refuse => {
                let fields: Vec<String> = unknown.iter().map(ToString::to_string).collect();
                Err(format!(
                    "{}: {}: refused, since a field laws does not know could change the ruling",
                    self.source,
                    fields.join(", ")
                ))
            }
        }
    }
}

/// One step of a path into JSON: an object's key or an array's index.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

type Path = Vec<Step>;

/// A field of the input the reader does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
struct UnknownField {
    path: Path,
    /// A known field of the same object with a name close to it.
    suggestion: Option<String>,
}

impl std::fmt::Display for UnknownField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown field `{}`", display(&self.path))?;
        if let Some(known) = &self.suggestion {
            write!(f, " (did you mean `{known}`?)")?;
        }
        Ok(())
    }
}

/// `missing.stated`, `log[3].event.sid`.
fn display(path: &[Step]) -> String {
    let mut text = String::new();
    for step in path {
        match step {
            Step::Key(key) if text.is_empty() => text.push_str(key),
            Step::Key(key) => {
                text.push('.');
                text.push_str(key);
            }
            Step::Index(index) => text.push_str(&format!("[{index}]")),
        }
    }
    text
}

/// The path `serde_ignored` reports, in our steps: the `?` it writes for an
/// `Option` or a newtype is not a field.
fn segments(path: &serde_ignored::Path<'_>) -> Path {
    use serde_ignored::Path as P;
    match path {
        P::Root => Vec::new(),
        P::Seq { parent, index } => {
            let mut steps = segments(parent);
            steps.push(Step::Index(*index));
            steps
        }
        P::Map { parent, key } => {
            let mut steps = segments(parent);
            steps.push(Step::Key(key.clone()));
            steps
        }
        P::Some { parent } | P::NewtypeStruct { parent } | P::NewtypeVariant { parent } => {
            segments(parent)
        }
    }
}

/// The fields of `input` that reading it as a `T` skipped (see the module).
fn unknown_fields<T: DeserializeOwned + Serialize>(
    input: &Value,
    value: &T,
    ignored: Vec<Path>,
) -> Vec<UnknownField> {
    let written = serde_json::to_value(value).unwrap_or(Value::Null);
    let mut search = Search {
        input,
        ignored: &ignored,
        found: Vec::new(),
        reads: &|probe: Value| serde_json::from_value::<T>(probe).is_ok(),
    };
    // The probes read the input as a value: it must read so unchanged.
    if (search.reads)(input.clone()) {
        search.walk(input, Some(&written), &mut Vec::new());
    }
    let mut found = search.found;
    // What serde_ignored saw but the walk did not reach (a field written
    // back under the same name, which derived types never do).
    for path in ignored {
        if !found.iter().any(|f| f.path == path) {
            found.push(UnknownField {
                path,
                suggestion: None,
            });
        }
    }
    found
}

struct Search<'a> {
    input: &'a Value,
    ignored: &'a [Path],
    found: Vec<UnknownField>,
    /// Whether the input, changed, still reads as the type.
    reads: &'a dyn Fn(Value) -> bool,
}

impl Search<'_> {
    /// Compares `given` (at `path` in the input) with what was written back.
    fn walk(&mut self, given: &Value, written: Option<&Value>, path: &mut Path) {
        match given {
            Value::Object(fields) => {
                let known = written.and_then(Value::as_object);
                for (key, given) in fields {
                    path.push(Step::Key(key.clone()));
                    match known.and_then(|k| k.get(key)) {
                        Some(written) => self.walk(given, Some(written), path),
                        None => self.candidate(given, path, known),
                    }
                    path.pop();
                }
            }
            Value::Array(items) => {
                let written = written.and_then(Value::as_array);
                for (index, given) in items.iter().enumerate() {
                    path.push(Step::Index(index));
                    self.walk(given, written.and_then(|w| w.get(index)), path);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// A field given but not written back: unknown, or known and left out.
    fn candidate(&mut self, given: &Value, path: &mut Path, siblings: Option<&Map<String, Value>>) {
        let reported = self.ignored.iter().any(|p| p == path);
        let under_reported = self.ignored.iter().any(|p| path.starts_with(p));
        if under_reported && !reported {
            return;
        }
        if reported || self.unknown(path) {
            let Some(Step::Key(name)) = path.last() else {
                return;
            };
            self.found.push(UnknownField {
                path: path.clone(),
                suggestion: siblings.and_then(|known| closest(name, known.keys())),
            });
            return;
        }
        // Known, only not written back: its own fields are candidates too.
        match given {
            Value::Object(fields) => {
                for (key, given) in fields {
                    path.push(Step::Key(key.clone()));
                    self.candidate(given, path, None);
                    path.pop();
                }
            }
            Value::Array(items) => {
                for (index, given) in items.iter().enumerate() {
                    path.push(Step::Index(index));
                    self.walk(given, None, path);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// Whether the input still reads with the field at `path` holding a
    /// value no field of the rules core accepts: then it was skipped.
    fn unknown(&self, path: &[Step]) -> bool {
        let mut probe = self.input.clone();
        let mut slot = &mut probe;
        for step in path {
            slot = match (step, slot) {
                (Step::Key(key), Value::Object(fields)) => {
                    fields.get_mut(key).expect("the path is in the input")
                }
                (Step::Index(index), Value::Array(items)) => &mut items[*index],
                _ => unreachable!("the path is in the input"),
            };
        }
        *slot = Value::from(-0.5);
        (self.reads)(probe)
    }
}

/// The known name closest to `name`, if it looks like a slip of the pen.
fn closest<'a>(name: &str, known: impl Iterator<Item = &'a String>) -> Option<String> {
    known
        .map(|k| (distance(name, k), k))
        .filter(|(d, k)| {
            *d <= (k.len() / 4).max(1)
                || (name.len().min(k.len()) >= 3 && (k.starts_with(name) || name.starts_with(*k)))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.clone())
}

/// Edits from `a` to `b`, by characters: a letter added, dropped, changed,
/// or two neighbours swapped (optimal string alignment).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_of_the_pen_are_suggested() {
        let known = ["illegal_moves".to_owned(), "moves".to_owned()];
        assert_eq!(
            closest("illegal_move", known.iter()),
            Some("illegal_moves".to_owned())
        );
        assert_eq!(closest("mvoes", known.iter()), Some("moves".to_owned()));
        assert_eq!(
            closest("lang", ["language".to_owned()].iter()),
            Some("language".to_owned())
        );
        assert_eq!(closest("colour", known.iter()), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("whtie", "white"), 1);
    }
}
