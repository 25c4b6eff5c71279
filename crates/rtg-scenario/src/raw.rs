//! The scenario file as written: serde structures checked for unknown keys, in file order.

use std::collections::BTreeSet;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

/// A mapping that keeps the order of its keys and refuses duplicates.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ordered<V>(pub(crate) Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OrderedVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for OrderedVisitor<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries: Vec<(String, V)> = Vec::new();
                let mut seen = BTreeSet::new();
                while let Some(key) = map.next_key::<String>()? {
                    if !seen.insert(key.clone()) {
                        return Err(de::Error::custom(format!("duplicate key `{key}`")));
                    }
                    let value = map.next_value()?;
                    entries.push((key, value));
                }
                Ok(Ordered(entries))
            }
        }
        deserializer.deserialize_map(OrderedVisitor(PhantomData))
    }
}

/// Any YAML value, for the checks of an `expect` step.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Value>),
    Map(Vec<(String, Value)>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => f.write_str(s),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Value::Map(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ValueVisitor;
        impl<'de> Visitor<'de> for ValueVisitor {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_unit<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_none<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
                Ok(Value::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
                Ok(Value::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
                i64::try_from(v)
                    .map(Value::Int)
                    .map_err(|_| E::custom(format!("the number {v} is too large")))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
                Ok(Value::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Value, E> {
                Ok(Value::Str(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Value, E> {
                Ok(Value::Str(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Value::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
                let mut entries: Vec<(String, Value)> = Vec::new();
                let mut seen = BTreeSet::new();
                while let Some(key) = map.next_key::<String>()? {
                    if !seen.insert(key.clone()) {
                        return Err(de::Error::custom(format!("duplicate key `{key}`")));
                    }
                    entries.push((key, map.next_value()?));
                }
                Ok(Value::Map(entries))
            }
        }
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// A whole scenario file.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawScenario {
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) description: Option<String>,
    #[serde(default)]
    pub(crate) cards: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) seed: Option<u64>,
    #[serde(default)]
    pub(crate) turn: Option<u32>,
    #[serde(default)]
    pub(crate) turn_limit: Option<u32>,
    /// The rule set's name (`ptg-0.2`, `ptg-0.9`), checked in `model.rs`.
    #[serde(default)]
    pub(crate) rules: Option<String>,
    pub(crate) active: String,
    pub(crate) phase: String,
    pub(crate) players: Ordered<RawPlayer>,
    #[serde(default)]
    pub(crate) steps: Vec<RawStep>,
}

/// One player's setup.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlayer {
    #[serde(default)]
    pub(crate) health: Option<i64>,
    #[serde(default)]
    pub(crate) pool: Option<Ordered<u32>>,
    #[serde(default)]
    pub(crate) mana_played: Option<u32>,
    #[serde(default)]
    pub(crate) hand_limit: Option<u32>,
    #[serde(default)]
    pub(crate) deck: Vec<RawCard>,
    #[serde(default)]
    pub(crate) hand: Vec<RawCard>,
    #[serde(default)]
    pub(crate) battlefield: Vec<RawCard>,
    #[serde(default)]
    pub(crate) graveyard: Vec<RawCard>,
}

/// A card of a setup: a bare id or a map.
#[derive(Deserialize, Debug)]
#[serde(
    untagged,
    expecting = "expected a card id or a map such as {card: goblin_01, name: g1}"
)]
pub(crate) enum RawCard {
    Id(String),
    Full(RawCardState),
}

/// A card of a setup written as a map.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCardState {
    pub(crate) card: String,
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) sick: Option<bool>,
    #[serde(default)]
    pub(crate) attacked: Option<bool>,
    #[serde(default)]
    pub(crate) damage: Option<i32>,
    #[serde(default)]
    pub(crate) attack_buff: Option<i32>,
    #[serde(default)]
    pub(crate) defense_buff: Option<i32>,
    #[serde(default)]
    pub(crate) tapped: Option<bool>,
}

impl RawCardState {
    /// The creature-only keys written on this card, in the file format's order: they are
    /// invalid on an artifact, and anywhere but a battlefield.
    pub(crate) fn creature_keys(&self) -> Vec<&'static str> {
        [
            ("sick", self.sick.is_some()),
            ("attacked", self.attacked.is_some()),
            ("damage", self.damage.is_some()),
            ("attack_buff", self.attack_buff.is_some()),
            ("defense_buff", self.defense_buff.is_some()),
        ]
        .into_iter()
        .filter_map(|(key, written)| written.then_some(key))
        .collect()
    }
}

/// One step: exactly one action key, and optionally `expect_error`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStep {
    #[serde(default)]
    pub(crate) play: Option<RawPlay>,
    #[serde(default)]
    pub(crate) attack: Option<RawAttack>,
    #[serde(default)]
    pub(crate) block: Option<RawBlock>,
    #[serde(default)]
    pub(crate) order_blockers: Option<RawOrder>,
    #[serde(default)]
    pub(crate) activate: Option<RawActivate>,
    #[serde(default)]
    pub(crate) resolve_pending: Option<RawResolve>,
    #[serde(default)]
    pub(crate) resolve_choice: Option<RawResolveChoice>,
    #[serde(default)]
    pub(crate) advance: Option<u32>,
    #[serde(default)]
    pub(crate) advance_to: Option<RawAdvanceTo>,
    #[serde(default)]
    pub(crate) expect: Option<Ordered<Value>>,
    #[serde(default)]
    pub(crate) expect_error: Option<Value>,
}

/// `play: {player, card, target?}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlay {
    pub(crate) player: String,
    pub(crate) card: String,
    #[serde(default)]
    pub(crate) target: Option<String>,
}

/// `attack: {player, card}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawAttack {
    pub(crate) player: String,
    pub(crate) card: String,
}

/// `block: {player, card, attacker}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBlock {
    pub(crate) player: String,
    pub(crate) card: String,
    pub(crate) attacker: String,
}

/// `order_blockers: {player, attacker, blockers}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawOrder {
    pub(crate) player: String,
    pub(crate) attacker: String,
    pub(crate) blockers: Vec<String>,
}

/// `activate: {player, card, ability, target?}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawActivate {
    pub(crate) player: String,
    pub(crate) card: String,
    pub(crate) ability: usize,
    #[serde(default)]
    pub(crate) target: Option<String>,
}

/// `resolve_pending: {index, target}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawResolve {
    pub(crate) index: usize,
    pub(crate) target: String,
}

/// `resolve_choice: {index, option}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawResolveChoice {
    pub(crate) index: usize,
    pub(crate) option: usize,
}

/// `advance_to: PHASE` or `advance_to: {phase, player}`
#[derive(Deserialize, Debug)]
#[serde(
    untagged,
    expecting = "expected a phase name (`end`) or a map {phase: PHASE, player: NAME}"
)]
pub(crate) enum RawAdvanceTo {
    Phase(String),
    Full(RawAdvanceFull),
}

/// `advance_to: {phase, player}`
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawAdvanceFull {
    pub(crate) phase: String,
    #[serde(default)]
    pub(crate) player: Option<String>,
}
