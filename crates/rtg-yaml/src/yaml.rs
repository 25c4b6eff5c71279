//! The one place that calls the YAML parser (serde-saphyr): its limits, the field path of an
//! error, positions, and [`Node`], a YAML value that remembers where each part is written.
//!
//! serde-saphyr streams parser events into serde with a budget that refuses, in one linear
//! pass, what could make loading slow or large: nesting (block and flow), too many events or
//! nodes, alias bombs, too many anchors. Its errors carry a position; the field path comes
//! from `serde_path_to_error`, which wraps the deserializer.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::budget::BudgetReport;
use serde_saphyr::{Budget, DuplicateKeyPolicy, Location, Options, Spanned};

use crate::path::{FieldPath, Position};

/// How deeply collections may nest (block and flow alike). Cards need 8 levels; a spawn
/// template inside a spawn template needs a few more.
pub(crate) const MAX_DEPTH: usize = 32;

/// The most parser events (and nodes) one file may produce. The largest valid file, a deck of
/// [`crate::MAX_DECK_CARDS`] different cards, produces about 20,000; a file at the size cap
/// ([`crate::MAX_FILE_BYTES`]) of one-character list items (`[1,1,1,...]`) about half a million.
/// The budget is checked as the parser goes, before anything is built, so a file over it is
/// refused at the parser's speed instead of paying for half a million values first.
const MAX_EVENTS: usize = 100_000;

/// The most events aliases (`*a`) may replay in one file.
const MAX_REPLAYED_EVENTS: usize = 20_000;

thread_local! {
    /// Parser events read on this thread, for [`parser_events`].
    static EVENTS: Cell<u64> = const { Cell::new(0) };
}

fn record(report: &BudgetReport) {
    EVENTS.with(|e| e.set(e.get().saturating_add(report.events as u64)));
}

/// How many YAML parser events loading has read on this thread so far. The work of loading a
/// file is proportional to its events, so tests compare this count for files of different sizes
/// to show that hostile files take linear work.
pub fn parser_events() -> u64 {
    EVENTS.with(Cell::get)
}

fn options() -> Options {
    // Both structs are non-exhaustive: start from the defaults and set what matters here.
    let mut budget = Budget::default();
    budget.max_depth = MAX_DEPTH;
    budget.flow_nesting_limit = MAX_DEPTH;
    budget.max_events = MAX_EVENTS;
    budget.max_nodes = MAX_EVENTS;
    let mut options = Options::default();
    options.budget = Some(budget);
    options.budget_report = Some(record);
    options.duplicate_keys = DuplicateKeyPolicy::Error;
    options.with_snippet = false;
    // YAML 1.2 booleans only: `'no'` is text, as it was with the previous parser.
    options.strict_booleans = true;
    // `<<` merge keys are not part of the formats: a `<<` key is an unknown field, as before.
    options.merge_keys = serde_saphyr::MergeKeyPolicy::AsOrdinary;
    // A card needs no aliases; these bound what an alias bomb can replay to a small fraction
    // of the events a file at the size cap produces anyway.
    options.alias_limits.max_total_replayed_events = MAX_REPLAYED_EVENTS;
    options.alias_limits.max_replay_stack_depth = MAX_DEPTH;
    options
}

/// A text without its UTF-8 byte-order mark, if it starts with one (editors on Windows write
/// it; it is not part of the content).
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Why a document could not be deserialised: the parser's error and the path of the field
/// being read when it happened.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) path: FieldPath,
    /// Boxed: the parser's error is large, and results are passed around by value.
    pub(crate) error: Box<serde_saphyr::Error>,
}

/// Converts serde_path_to_error's path to a [`FieldPath`], stopping at a step it could not
/// follow. With `spanned`, the `value` step that [`Spanned`] adds (it is read as a map
/// `{value: T, ...}`) is left out: the first of two `value` steps in a row, when a key of the
/// file is itself `value`.
fn field_path(path: &serde_path_to_error::Path, spanned: bool) -> FieldPath {
    use serde_path_to_error::Segment;
    let mut out = FieldPath::root();
    let mut skipped = false;
    for seg in path.iter() {
        match seg {
            Segment::Map { key } if spanned && key == "value" && !skipped => skipped = true,
            Segment::Map { key } => {
                out = out.key(key);
                skipped = false;
            }
            Segment::Seq { index } => {
                out = out.index(*index);
                skipped = false;
            }
            Segment::Enum { .. } => {}
            Segment::Unknown => break,
        }
    }
    out
}

/// Parses one YAML document into `T` with the loader's limits (the text without a BOM).
/// `spanned` says that `T` reads its values through [`Spanned`] (see [`field_path`]).
pub(crate) fn from_str<T: DeserializeOwned>(text: &str, spanned: bool) -> Result<T, Failure> {
    let text = strip_bom(text);
    let mut path = FieldPath::root();
    serde_saphyr::with_deserializer_from_str_with_options(text, options(), |de| {
        serde_path_to_error::deserialize(de).map_err(|e| {
            path = field_path(e.path(), spanned);
            e.into_inner()
        })
    })
    .map_err(|error| Failure {
        path,
        error: Box::new(error),
    })
}

/// The top-level `card_id` of a card's text, if it can be read (whatever errors follow it).
pub(crate) fn card_id_of(text: &str) -> Option<String> {
    let mut id = None;
    // The rest of the document is not read, so this reports an error even when the id was
    // found; only the id matters here.
    let _ =
        serde_saphyr::with_deserializer_from_str_with_options(strip_bom(text), options(), |de| {
            de::DeserializeSeed::deserialize(crate::raw::IdSeed(&mut id), de)
        });
    id.filter(|id| !id.trim().is_empty())
}

/// A parser location as a [`Position`] (`None` when unknown).
pub(crate) fn position(location: &Location) -> Option<Position> {
    let line = usize::try_from(location.line()).ok()?;
    let column = usize::try_from(location.column()).ok()?;
    (line > 0 && column > 0).then_some(Position { line, column })
}

/// Where a spanned value is written.
pub(crate) fn at<T>(value: &Spanned<T>) -> Option<Position> {
    position(&value.referenced)
}

/// Where the key `key` of a `key: value` entry is written, given its value: the key is looked
/// for on the value's line, before it (block and flow style alike write them so). Falls back to
/// the value's position. Looks at one line only, so a file's errors cost linear time in all.
pub(crate) fn key_at<T>(text: &str, key: &str, value: &Spanned<T>) -> Option<Position> {
    let pos = at(value)?;
    let offset = value
        .referenced
        .span()
        .byte_offset()
        .and_then(|o| usize::try_from(o).ok())
        .filter(|&o| text.is_char_boundary(o) && o <= text.len());
    let Some(offset) = offset else {
        return Some(pos);
    };
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    // The key ends with `:` after it and starts the line's content or follows a flow separator
    // (so `b` is not found inside `ab: 2`).
    let found = before.rfind(key).filter(|&i| {
        let after = before[i + key.len()..].trim_start_matches(['"', '\'', ' ', '\t']);
        let starts = before[..i]
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, ' ' | '\t' | '{' | ',' | '"' | '\'' | '-' | '?'));
        starts && after.starts_with(':')
    });
    // A quoted key starts at its quote.
    let found = found.map(|i| {
        if before[..i].ends_with(['"', '\'']) {
            i - 1
        } else {
            i
        }
    });
    Some(match found {
        Some(i) => Position {
            line: pos.line,
            column: before[..i].chars().count() + 1,
        },
        None => pos,
    })
}

/// Any YAML value, each part with where it is written: the value of an effect parameter,
/// checked against the effect's declaration after parsing.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// `~`, `null` or nothing.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number (any size YAML allows; ranges are checked later).
    Int(i128),
    /// A number with a fraction or exponent.
    Float(f64),
    /// Text.
    Str(String),
    /// A list.
    Seq(Vec<Spanned<Node>>),
    /// A mapping, in file order (the parser refuses duplicate keys).
    Map(Vec<(String, Spanned<Node>)>),
}

impl Node {
    /// The value under `key`, when this is a map that has it.
    pub(crate) fn get(&self, key: &str) -> Option<&Spanned<Node>> {
        match self {
            Node::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The `index`th item, when this is a list that long.
    pub(crate) fn item(&self, index: usize) -> Option<&Spanned<Node>> {
        match self {
            Node::Seq(items) => items.get(index),
            _ => None,
        }
    }

    /// How messages describe the value when it has the wrong type.
    pub(crate) fn describe(&self) -> String {
        match self {
            Node::Null => "null".to_owned(),
            Node::Bool(b) => format!("boolean `{b}`"),
            Node::Int(n) => format!("integer `{n}`"),
            Node::Float(x) => format!("floating point `{x}`"),
            Node::Str(s) => format!("string {s:?}"),
            Node::Seq(_) => "a list".to_owned(),
            Node::Map(_) => "a map".to_owned(),
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Node;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_unit<E>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_none<E>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
                Node::deserialize(d)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
                Ok(Node::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
                Ok(Node::Int(i128::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
                Ok(Node::Int(i128::from(v)))
            }
            fn visit_i128<E>(self, v: i128) -> Result<Node, E> {
                Ok(Node::Int(v))
            }
            fn visit_u128<E>(self, v: u128) -> Result<Node, E> {
                Ok(Node::Int(i128::try_from(v).unwrap_or(i128::MAX)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
                Ok(Node::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Node, E> {
                Ok(Node::Str(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Node, E> {
                Ok(Node::Str(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Node::Seq(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Node::Map(entries))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// Reads a [`Node`] as another serde type (a spawn template under a parameter name other than
/// `template`). Positions inside are unknown there; errors fall back to the parameter's.
impl<'de> Deserializer<'de> for Node {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        use de::value::{MapDeserializer, SeqDeserializer};
        match self {
            Node::Null => visitor.visit_unit(),
            Node::Bool(b) => visitor.visit_bool(b),
            Node::Int(n) => match i64::try_from(n) {
                Ok(n) => visitor.visit_i64(n),
                Err(_) => visitor.visit_i128(n),
            },
            Node::Float(x) => visitor.visit_f64(x),
            Node::Str(s) => visitor.visit_string(s),
            Node::Seq(items) => {
                visitor.visit_seq(SeqDeserializer::new(items.into_iter().map(|s| s.value)))
            }
            Node::Map(entries) => visitor.visit_map(MapDeserializer::new(
                entries.into_iter().map(|(k, v)| (k, v.value)),
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Node::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> de::IntoDeserializer<'de, de::value::Error> for Node {
    type Deserializer = Node;
    fn into_deserializer(self) -> Node {
        self
    }
}
