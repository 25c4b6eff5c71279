//! The files as written: serde types that mirror the YAML formats field for field.
//!
//! They check what serde can check with a position (field names, duplicate keys, value types,
//! number ranges, enumerated names); [`crate::build`] checks the rest and turns them into
//! `rtg-core` definitions. Custom deserialisers raise messages encoded by
//! [`crate::error::encode`], which [`crate::error`] decodes into typed errors.

use std::collections::BTreeSet;
use std::fmt;
use std::marker::PhantomData;

use rtg_core::{
    AbilityType, CardType, EventType, MAX_AMOUNT, MAX_COUNT, Mana, ManaType, TargetSpec, Technique,
    TriggerOwner, Zone,
};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde_saphyr::Spanned;

use crate::error::{NameKind, encode};
use crate::yaml::Node;

/// An enumerated name of the formats: its valid values and how each is written.
pub(crate) trait Vocab: Copy + Sized + 'static {
    /// What kind of name it is.
    const KIND: NameKind;
    /// Every value.
    fn all() -> &'static [Self];
    /// How a value is written.
    fn vocab_name(self) -> &'static str;
    /// Parses a written name (aliases included).
    fn parse(name: &str) -> Option<Self> {
        Self::all().iter().copied().find(|v| v.vocab_name() == name)
    }
    /// For a name of PTG 0.9's language that rtg does not read yet, why it is refused (a
    /// clearer message than "unknown name").
    fn unsupported(_name: &str) -> Option<&'static str> {
        None
    }
}

impl Vocab for EventType {
    const KIND: NameKind = NameKind::Event;
    fn all() -> &'static [Self] {
        &EventType::ALL
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
    fn parse(name: &str) -> Option<Self> {
        EventType::from_name(name)
    }
}

impl Vocab for Technique {
    const KIND: NameKind = NameKind::Technique;
    fn all() -> &'static [Self] {
        &Technique::ALL
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
}

impl Vocab for ManaType {
    const KIND: NameKind = NameKind::ManaType;
    fn all() -> &'static [Self] {
        &ManaType::ALL
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
}

impl Vocab for Zone {
    const KIND: NameKind = NameKind::Zone;
    fn all() -> &'static [Self] {
        &Zone::ALL
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
}

impl Vocab for CardType {
    const KIND: NameKind = NameKind::CardType;
    fn all() -> &'static [Self] {
        &CardType::ALL
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
}

impl Vocab for TargetSpec {
    const KIND: NameKind = NameKind::Target;
    fn all() -> &'static [Self] {
        &[
            TargetSpec::SelfCard,
            TargetSpec::Owner,
            TargetSpec::Opponent,
            TargetSpec::Choose,
            TargetSpec::Each,
        ]
    }
    fn vocab_name(self) -> &'static str {
        self.name()
    }
}

impl Vocab for TriggerOwner {
    const KIND: NameKind = NameKind::TriggerOwner;
    fn all() -> &'static [Self] {
        &[
            TriggerOwner::Any,
            TriggerOwner::Owner,
            TriggerOwner::Opponent,
        ]
    }
    fn vocab_name(self) -> &'static str {
        match self {
            TriggerOwner::Any => "any",
            TriggerOwner::Owner => "owner",
            TriggerOwner::Opponent => "opponent",
        }
    }
}

impl Vocab for AbilityType {
    const KIND: NameKind = NameKind::AbilityType;
    fn all() -> &'static [Self] {
        &[
            AbilityType::Triggered,
            AbilityType::Activated,
            AbilityType::Static,
        ]
    }
    fn vocab_name(self) -> &'static str {
        match self {
            AbilityType::Triggered => "triggered",
            AbilityType::Activated => "activated",
            AbilityType::Static => "static",
        }
    }
}

/// A name of a [`Vocab`], rejected with the list of valid names when unknown.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Named<T>(pub(crate) T);

impl<'de, T: Vocab> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<T: Vocab> Visitor<'_> for V<T> {
            type Value = Named<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let names: Vec<&str> = T::all().iter().map(|t| t.vocab_name()).collect();
                write!(f, "a {} (one of {})", T::KIND, names.join(", "))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Named<T>, E> {
                match (T::parse(v), T::unsupported(v)) {
                    (Some(t), _) => Ok(Named(t)),
                    (None, Some(why)) => Err(E::custom(encode::unsupported(why))),
                    (None, None) => Err(E::custom(encode::unknown(T::KIND, v))),
                }
            }
        }
        deserializer.deserialize_str(V(PhantomData))
    }
}

/// A whole number from `LO` to `HI`, rejected with the range when outside it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ranged<const LO: i64, const HI: i64>(pub(crate) i64);

impl<const LO: i64, const HI: i64> Ranged<LO, HI> {
    /// The value as an `i32` (every range used fits).
    pub(crate) fn get(self) -> i32 {
        i32::try_from(self.0).unwrap_or(i32::MAX)
    }
}

/// A stat or a mana count: 0 to [`MAX_AMOUNT`].
pub(crate) type Amount = Ranged<0, { MAX_AMOUNT as i64 }>;
/// A number of uses (`max_activations`): 1 to [`MAX_COUNT`].
pub(crate) type Uses = Ranged<1, { MAX_COUNT as i64 }>;
/// A number of copies in a deck: 1 to [`crate::MAX_COPIES`].
pub(crate) type Copies = Ranged<1, { crate::MAX_COPIES as i64 }>;

impl<'de, const LO: i64, const HI: i64> Deserialize<'de> for Ranged<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<const LO: i64, const HI: i64>;
        impl<const LO: i64, const HI: i64> Visitor<'_> for V<LO, HI> {
            type Value = Ranged<LO, HI>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a whole number from {LO} to {HI}")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                if (LO..=HI).contains(&v) {
                    Ok(Ranged(v))
                } else {
                    Err(E::custom(encode::range(LO, HI, &v.to_string())))
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                match i64::try_from(v) {
                    Ok(v) => self.visit_i64(v),
                    Err(_) => Err(E::custom(encode::range(LO, HI, &v.to_string()))),
                }
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                // The parser reads a whole number beyond 64 bits as a float: it is out of range,
                // not of the wrong type.
                if v.is_finite() && v.fract() == 0.0 && v.abs() >= 9.2e18 {
                    Err(E::custom(encode::range(LO, HI, encode::AS_WRITTEN)))
                } else {
                    Err(de::Error::invalid_type(de::Unexpected::Float(v), &self))
                }
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
                match i64::try_from(v) {
                    Ok(v) => self.visit_i64(v),
                    Err(_) => Err(E::custom(encode::range(LO, HI, &v.to_string()))),
                }
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
                match i64::try_from(v) {
                    Ok(v) => self.visit_i64(v),
                    Err(_) => Err(E::custom(encode::range(LO, HI, &v.to_string()))),
                }
            }
        }
        // `any`, so that text or a fraction reaches the visitor and is reported as what it is.
        deserializer.deserialize_any(V::<LO, HI>)
    }
}

/// A mana map (`{fire: 2, any: 1}`): known types, counts 0 to [`MAX_AMOUNT`], no type twice.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RawMana(pub(crate) Mana);

impl<'de> Deserialize<'de> for RawMana {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawMana;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of mana type to count, e.g. {fire: 2}")
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawMana, E> {
                Ok(RawMana::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawMana, A::Error> {
                let mut mana = Mana::EMPTY;
                let mut seen = Vec::new();
                while let Some(Named(kind)) = map.next_key::<Named<ManaType>>()? {
                    if seen.contains(&kind) {
                        return Err(de::Error::custom(encode::duplicate(kind.name())));
                    }
                    seen.push(kind);
                    let count: Amount = map.next_value()?;
                    mana.set(kind, u32::try_from(count.0).unwrap_or(0));
                }
                Ok(RawMana(mana))
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// A card file (and an inline spawn template). Values that checks after parsing refer to are
/// [`Spanned`], so that their errors say where they are written.
#[derive(Debug, serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a card definition (a map with card_id, name, type, ...)"
)]
pub(crate) struct RawCard {
    pub(crate) card_id: Spanned<String>,
    pub(crate) name: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Option<String>,
    #[serde(rename = "type")]
    pub(crate) card_type: Spanned<Named<CardType>>,
    #[serde(default)]
    pub(crate) mana: Option<Spanned<RawMana>>,
    #[serde(default)]
    pub(crate) attack: Option<Spanned<Amount>>,
    #[serde(default)]
    pub(crate) defense: Option<Spanned<Amount>>,
    #[serde(default)]
    pub(crate) abilities: Option<Vec<Spanned<RawAbility>>>,
    #[serde(default)]
    pub(crate) techniques: Option<Spanned<Vec<Spanned<Named<Technique>>>>>,
    /// PTG 0.9's tribe.
    #[serde(default)]
    pub(crate) group: Option<Spanned<String>>,
    /// PTG 0.9's free-form data for tools: read (a map or nothing) and ignored.
    #[serde(default, rename = "metadata")]
    pub(crate) _metadata: Option<RawMetadata>,
}

/// A card's `metadata`: any map, or nothing, which the engine never reads.
#[derive(Debug)]
pub(crate) struct RawMetadata;

impl<'de> Deserialize<'de> for RawMetadata {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawMetadata;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map (metadata is for tools; the engine ignores it)")
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawMetadata, E> {
                Ok(RawMetadata)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawMetadata, A::Error> {
                // Keys may be anything; the parser's budget bounds what is skipped.
                while map
                    .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(RawMetadata)
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// An ability.
#[derive(Debug, serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an ability (a map with name, ability_type, alterations)"
)]
pub(crate) struct RawAbility {
    pub(crate) name: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Option<String>,
    pub(crate) ability_type: Named<AbilityType>,
    #[serde(default)]
    pub(crate) mana_requirement: Option<Spanned<RawMana>>,
    pub(crate) alterations: Spanned<Vec<Spanned<RawAlteration>>>,
    #[serde(default)]
    pub(crate) max_activations: Option<Spanned<Uses>>,
}

/// An alteration.
#[derive(Debug, serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an alteration (a map with effect, target, params, ...)"
)]
pub(crate) struct RawAlteration {
    pub(crate) effect: Spanned<String>,
    #[serde(default)]
    pub(crate) target: Option<Spanned<Named<TargetSpec>>>,
    #[serde(default)]
    pub(crate) start_trigger: Option<Spanned<Named<EventType>>>,
    #[serde(default)]
    pub(crate) end_trigger: Option<Spanned<Named<EventType>>>,
    #[serde(default)]
    pub(crate) trigger_self: Option<Spanned<bool>>,
    #[serde(default)]
    pub(crate) trigger_owner: Option<Spanned<Named<TriggerOwner>>>,
    #[serde(default)]
    pub(crate) trigger_card_id: Option<Spanned<String>>,
    /// A whole number of turns or an expression, read by `crate::build::alteration`.
    #[serde(default)]
    pub(crate) turn_duration: Option<Spanned<Node>>,
    #[serde(default)]
    pub(crate) params: Option<Spanned<RawParams>>,
    // PTG 0.9's fields. Conditions are read as spanned trees and compiled by
    // `crate::build::condition`, so that every part of them has its position.
    #[serde(default)]
    pub(crate) condition: Option<Spanned<Node>>,
    #[serde(default)]
    pub(crate) target_condition: Option<Spanned<Node>>,
    #[serde(default)]
    pub(crate) exclude_self: Option<Spanned<bool>>,
    #[serde(default)]
    pub(crate) group: Option<Spanned<String>>,
    #[serde(default)]
    pub(crate) from_zone: Option<Spanned<Named<Zone>>>,
    #[serde(default)]
    pub(crate) require_group: Option<Spanned<String>>,
    #[serde(default)]
    pub(crate) require_in_zone: Option<Spanned<Named<Zone>>>,
    #[serde(default)]
    pub(crate) require_zone_owner: Option<Spanned<String>>,
    /// PTG 0.9's delayed effects: the turns the effect waits, checked by the builder.
    #[serde(default)]
    pub(crate) delay: Option<Spanned<Node>>,
}

/// One parameter value as written: a nested card under `template`, any YAML value otherwise
/// (checked against the effect's declaration later).
#[derive(Debug)]
pub(crate) enum RawParam {
    /// An inline card definition.
    Card(Box<Spanned<RawCard>>),
    /// Anything else.
    Value(Spanned<Node>),
}

impl RawParam {
    /// Where the key `name` of this value is written in `text` (see [`crate::yaml::key_at`]).
    pub(crate) fn key_at(&self, text: &str, name: &str) -> Option<crate::path::Position> {
        match self {
            RawParam::Card(card) => crate::yaml::key_at(text, name, card),
            RawParam::Value(value) => crate::yaml::key_at(text, name, value),
        }
    }
}

/// The `params` map, in file order. (Keys are plain strings, so that error paths can name them;
/// errors about a key point at its value.)
#[derive(Debug, Default)]
pub(crate) struct RawParams(pub(crate) Vec<(String, RawParam)>);

/// The parameter name whose value is parsed as a card definition.
pub(crate) const TEMPLATE_PARAM: &str = "template";

/// Reads the keys of a mapping, refusing a key given twice (the parser refuses duplicates too;
/// this keeps the guarantee whatever its options), in n log n.
struct Keys(BTreeSet<String>);

impl Keys {
    fn check<E: de::Error>(&mut self, key: &str) -> Result<(), E> {
        if self.0.insert(key.to_owned()) {
            Ok(())
        } else {
            Err(E::custom(encode::duplicate(key)))
        }
    }
}

impl<'de> Deserialize<'de> for RawParams {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawParams;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of parameter name to value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawParams, E> {
                Ok(RawParams::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawParams, A::Error> {
                let mut params = Vec::new();
                let mut keys = Keys(BTreeSet::new());
                while let Some(key) = map.next_key::<String>()? {
                    keys.check(&key)?;
                    let value = if key == TEMPLATE_PARAM {
                        RawParam::Card(map.next_value()?)
                    } else {
                        RawParam::Value(map.next_value()?)
                    };
                    params.push((key, value));
                }
                Ok(RawParams(params))
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// A deck's `cards:` map, in file order, each count with where it is written.
#[derive(Debug, Default)]
pub(crate) struct RawDeckCards(pub(crate) Vec<(String, Spanned<Copies>)>);

impl<'de> Deserialize<'de> for RawDeckCards {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawDeckCards;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of card_id to number of copies")
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawDeckCards, E> {
                Ok(RawDeckCards::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawDeckCards, A::Error> {
                let mut cards = Vec::new();
                let mut keys = Keys(BTreeSet::new());
                while let Some(key) = map.next_key::<String>()? {
                    keys.check(&key)?;
                    cards.push((key, map.next_value()?));
                }
                Ok(RawDeckCards(cards))
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// A deck file.
#[derive(Debug, serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a deck (a map with cards, and optionally name and description)"
)]
pub(crate) struct RawDeck {
    #[serde(default)]
    pub(crate) name: Option<Spanned<String>>,
    #[serde(default)]
    pub(crate) description: Option<String>,
    pub(crate) cards: Spanned<RawDeckCards>,
}

/// Only whether a file has a top-level `cards` key (a deck) or not.
#[derive(serde::Deserialize)]
pub(crate) struct Probe {
    #[serde(default)]
    pub(crate) cards: Option<de::IgnoredAny>,
}

/// Reads only the top-level `card_id` of a card file, storing it as soon as it is read, so that
/// the card of a file with errors further on can still be named.
pub(crate) struct IdSeed<'a>(pub(crate) &'a mut Option<String>);

impl<'de> de::DeserializeSeed<'de> for IdSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        struct V<'a>(&'a mut Option<String>);
        impl<'de> Visitor<'de> for V<'_> {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
                while let Some(key) = map.next_key::<String>()? {
                    if key == "card_id" {
                        *self.0 = Some(map.next_value::<String>()?);
                        return Ok(());
                    }
                    map.next_value::<de::IgnoredAny>()?;
                }
                Ok(())
            }
        }
        deserializer.deserialize_map(V(self.0))
    }
}
