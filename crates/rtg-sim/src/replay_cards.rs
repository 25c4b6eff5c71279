//! The card definitions a replay carries (format version 2), so that it re-runs anywhere.
//!
//! Each definition is written in its canonical form: the card file format (JSON is YAML, so a
//! definition is a card file) with every field that holds its default value left out, so that
//! the same definition is always written the same way. Loading goes through `rtg-yaml`'s
//! `parse_card`, the very checks a card file gets, so a hostile replay can do no more than a
//! hostile card file; the definitions loaded must then give the recorded `cards_digest`.

use std::collections::BTreeMap;
use std::sync::Arc;

use rtg_core::CardDefinition;
use serde_json::{Map, Value};
use thiserror::Error;

use crate::game::{DeckList, Matchup};
use crate::replay::Replay;

/// The most card definitions a replay may carry (two decks of distinct cards, with templates,
/// stay far below it); more is refused before any is parsed.
pub const MAX_REPLAY_CARDS: usize = 4_096;

/// Why the definitions carried by a replay could not make its matchup.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayCardsError {
    /// A version-1 replay carries no definitions: the cards must be given (`--cards`).
    #[error(
        "this replay (version {0}) carries no card definitions: give the cards it was recorded with (--cards DIR)"
    )]
    NotCarried(u32),
    /// More definitions than [`MAX_REPLAY_CARDS`].
    #[error("the replay carries {0} card definitions, over the limit of {MAX_REPLAY_CARDS}")]
    TooMany(usize),
    /// A definition is over the size limit of a card file.
    #[error(
        "card definition {index} of the replay has {size} bytes, over the card file limit of {limit} bytes"
    )]
    TooLarge {
        /// Its position in `cards`, from 0.
        index: usize,
        /// Its size, written out.
        size: usize,
        /// `rtg_yaml::MAX_FILE_BYTES`.
        limit: u64,
    },
    /// A definition is not a valid card (the message of the card file check, with its place).
    #[error("{0}")]
    Invalid(String),
    /// Two definitions have the same card id.
    #[error("the replay carries two definitions of card `{0}`")]
    Duplicate(String),
    /// A deck uses a card the replay does not define.
    #[error("the replay's deck `{deck}` uses card `{card}`, which the replay does not define")]
    Missing {
        /// The deck's name.
        deck: String,
        /// The card id.
        card: String,
    },
    /// The decks cannot be played together (the engine's setup refused them).
    #[error("cannot set the game up: {0}")]
    Setup(String),
    /// Cards were given for a replay that carries its own, and some of the replay's cards
    /// differ from them (or are not among them).
    #[error(
        "{} of the replay's cards differ from the given ones: {} (without cards given, the replay uses the definitions it carries)",
        .0.len(),
        .0.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    )]
    Differ(Vec<CardDifference>),
    /// A deck uses a card the given cards do not define.
    #[error("the replay's deck `{deck}` uses card `{card}`, which is not in the catalog")]
    NotInCatalog {
        /// The deck's name.
        deck: String,
        /// The card id.
        card: String,
    },
}

/// Card definitions by card id (a catalog's `get`).
pub type CardLookup<'a> = dyn Fn(&str) -> Option<Arc<CardDefinition>> + 'a;

/// How a card of the replay compares with the same card id elsewhere (a card folder).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardDifference {
    /// The folder has no card of that id.
    Missing(String),
    /// The folder's definition differs, in these top-level fields of the card format.
    Differs {
        /// The card id.
        card: String,
        /// The fields whose values differ (`abilities`, `attack`, ...), in name order.
        fields: Vec<String>,
    },
}

impl std::fmt::Display for CardDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardDifference::Missing(card) => write!(f, "{card} (not among the given cards)"),
            CardDifference::Differs { card, fields } => {
                write!(f, "{card} (differs in {})", fields.join(", "))
            }
        }
    }
}

fn empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Object(map) => map.is_empty(),
        Value::Array(list) => list.is_empty(),
        Value::String(text) => text.is_empty(),
        _ => false,
    }
}

/// Leaves out of a serialised card what the card format fills in by default.
fn strip_card(map: &mut Map<String, Value>) {
    let creature = map.get("type").and_then(Value::as_str) == Some("creature");
    map.retain(|key, value| {
        let zero_stat =
            !creature && matches!(key.as_str(), "attack" | "defense") && value.as_i64() == Some(0);
        let required = matches!(key.as_str(), "card_id" | "name" | "type");
        required || !(empty(value) || zero_stat)
    });
    let Some(Value::Array(abilities)) = map.get_mut("abilities") else {
        return;
    };
    for ability in abilities {
        let Value::Object(ability) = ability else {
            continue;
        };
        // `name` and `alterations` are required: an empty one stays, for the checks to see.
        ability
            .retain(|key, value| matches!(key.as_str(), "name" | "alterations") || !empty(value));
        let Some(Value::Array(alterations)) = ability.get_mut("alterations") else {
            continue;
        };
        for alteration in alterations {
            let Value::Object(alteration) = alteration else {
                continue;
            };
            alteration.retain(|key, value| {
                let default = match key.as_str() {
                    "trigger_self" => value.as_bool() == Some(true),
                    "trigger_owner" => value.as_str() == Some("any"),
                    "exclude_self" => value.as_bool() == Some(false),
                    _ => false,
                };
                !(empty(value) || default)
            });
            // Every template parameter is a card of its own, written the same way.
            if let Some(Value::Object(params)) = alteration.get_mut("params") {
                for value in params.values_mut() {
                    if let Value::Object(card) = value
                        && card.contains_key("card_id")
                    {
                        strip_card(card);
                    }
                }
            }
        }
    }
}

/// A definition's canonical form: the card file format, with default values left out.
pub fn canonical_card(def: &CardDefinition) -> Value {
    // invariant: definitions are plain data that always serialise
    let mut value = serde_json::to_value(def).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        strip_card(map);
    }
    value
}

/// The canonical forms of every definition of a matchup's content, by card id: the
/// definitions its `cards_digest` covers.
pub(crate) fn carried_cards(matchup: &Matchup) -> Vec<Value> {
    let mut defs: Vec<&Arc<CardDefinition>> =
        matchup.content.definitions.iter().map(|(_, d)| d).collect();
    defs.sort_by(|a, b| a.card_id.cmp(&b.card_id));
    defs.into_iter().map(|d| canonical_card(d)).collect()
}

impl Replay {
    /// The definitions the replay carries, loaded with the checks of card files, by card id.
    pub fn carried_definitions(
        &self,
    ) -> Result<BTreeMap<String, Arc<CardDefinition>>, ReplayCardsError> {
        let Some(cards) = &self.cards else {
            return Err(ReplayCardsError::NotCarried(self.version));
        };
        if cards.len() > MAX_REPLAY_CARDS {
            return Err(ReplayCardsError::TooMany(cards.len()));
        }
        let loader = rtg_yaml::Loader::default();
        let mut defs = BTreeMap::new();
        for (index, card) in cards.iter().enumerate() {
            let text = serde_json::to_string(card).unwrap_or_default();
            if text.len() as u64 > rtg_yaml::MAX_FILE_BYTES {
                return Err(ReplayCardsError::TooLarge {
                    index,
                    size: text.len(),
                    limit: rtg_yaml::MAX_FILE_BYTES,
                });
            }
            let name = format!("replay cards[{index}]");
            let def = loader
                .parse_card(&name, &text, None)
                .map_err(|e| ReplayCardsError::Invalid(e.to_string()))?;
            let id = def.card_id.to_string();
            if defs.insert(id.clone(), def).is_some() {
                return Err(ReplayCardsError::Duplicate(id));
            }
        }
        Ok(defs)
    }

    /// The matchup of the replay's decks made from the definitions it carries (version 2), so
    /// that it re-runs without any card file. [`Replay::verify`] then checks the digests.
    pub fn carried_matchup(&self) -> Result<Matchup, ReplayCardsError> {
        let defs = self.carried_definitions()?;
        self.matchup_from(|id| defs.get(id).cloned())
    }

    /// The matchup to re-run the replay on, as `rtg replay` and Python's `rtg.replay` choose it:
    /// with no cards `given`, the definitions the replay carries (a version-1 replay, which
    /// carries none, is [`ReplayCardsError::NotCarried`]); with cards given, those, after
    /// checking that every card the replay carries is defined the same way by them
    /// ([`ReplayCardsError::Differ`] names each one that is not).
    pub fn matchup_for(&self, given: Option<&CardLookup<'_>>) -> Result<Matchup, ReplayCardsError> {
        let Some(lookup) = given else {
            return self.carried_matchup();
        };
        if self.cards.is_some() {
            let differ = self.differing_cards(lookup)?;
            if !differ.is_empty() {
                return Err(ReplayCardsError::Differ(differ));
            }
        }
        self.matchup_from(lookup).map_err(|e| match e {
            ReplayCardsError::Missing { deck, card } => {
                ReplayCardsError::NotInCatalog { deck, card }
            }
            other => other,
        })
    }

    /// The matchup of the replay's decks with the definitions `lookup` gives by card id.
    pub fn matchup_from(
        &self,
        lookup: impl Fn(&str) -> Option<Arc<CardDefinition>>,
    ) -> Result<Matchup, ReplayCardsError> {
        let deck = |i: usize| -> Result<DeckList, ReplayCardsError> {
            let d = &self.decks[i];
            let cards = d
                .cards
                .iter()
                .map(|id| {
                    lookup(id).ok_or_else(|| ReplayCardsError::Missing {
                        deck: d.name.clone(),
                        card: id.clone(),
                    })
                })
                .collect::<Result<_, _>>()?;
            Ok(DeckList {
                name: d.name.clone(),
                cards,
            })
        };
        Matchup::new(deck(0)?, deck(1)?).map_err(|e| ReplayCardsError::Setup(e.to_string()))
    }

    /// Every card of the replay's decks whose carried definition `lookup` (a card folder) lacks
    /// or defines otherwise, in card id order. Empty when they all agree.
    pub fn differing_cards(
        &self,
        lookup: impl Fn(&str) -> Option<Arc<CardDefinition>>,
    ) -> Result<Vec<CardDifference>, ReplayCardsError> {
        let defs = self.carried_definitions()?;
        // The decks' cards: a template's definition is part of the card that spawns it, so a
        // changed template shows as a change of that card (and an inline template, which no
        // folder holds as a card of its own, is not asked for).
        let listed: std::collections::BTreeSet<&str> = self
            .decks
            .iter()
            .flat_map(|d| d.cards.iter().map(String::as_str))
            .collect();
        let mut out = Vec::new();
        for (id, carried) in defs.iter().filter(|(id, _)| listed.contains(id.as_str())) {
            let Some(other) = lookup(id) else {
                out.push(CardDifference::Missing(id.clone()));
                continue;
            };
            if *other == **carried {
                continue;
            }
            let (a, b) = (canonical_card(carried), canonical_card(&other));
            let fields = match (a, b) {
                (Value::Object(a), Value::Object(b)) => {
                    let keys: std::collections::BTreeSet<&String> =
                        a.keys().chain(b.keys()).collect();
                    keys.into_iter()
                        .filter(|k| a.get(*k) != b.get(*k))
                        .cloned()
                        .collect()
                }
                _ => Vec::new(),
            };
            out.push(CardDifference::Differs {
                card: id.clone(),
                fields,
            });
        }
        Ok(out)
    }
}
