//! What a game is played with: its card definitions and its effect registry.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use thiserror::Error;

use crate::alteration::AlterationRef;
use crate::card::AbilityType;
use crate::card::CardDefinition;
use crate::condition::Variable;
use crate::effect::{EffectHandler, EffectRegistry};
use crate::ids::{CardId, DefIndex};

/// Every card definition a game may create, indexed by a small [`DefIndex`].
///
/// Built from a catalog; spawn templates nested in abilities are added too, so a token's
/// definition is always found.
#[derive(Clone, Default)]
pub struct DefinitionTable {
    defs: Vec<Arc<CardDefinition>>,
    by_id: BTreeMap<CardId, DefIndex>,
}

/// Two different definitions share one `card_id`, or the table is too large.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum TableError {
    /// Two different definitions share one `card_id`.
    #[error("two different card definitions use the card_id `{0}`")]
    Conflict(CardId),
    /// More definitions than a [`DefIndex`] can count.
    #[error("more than {} card definitions in one game", u16::MAX)]
    TooMany,
}

impl DefinitionTable {
    /// Builds a table from definitions, adding their spawn templates.
    pub fn new<'a>(
        definitions: impl IntoIterator<Item = &'a Arc<CardDefinition>>,
    ) -> Result<DefinitionTable, TableError> {
        let mut table = DefinitionTable::default();
        for def in definitions {
            table.add(def)?;
        }
        Ok(table)
    }

    fn add(&mut self, def: &Arc<CardDefinition>) -> Result<DefIndex, TableError> {
        if let Some(&index) = self.by_id.get(&def.card_id) {
            if *self.defs[usize::from(index.0)] != **def {
                return Err(TableError::Conflict(def.card_id.clone()));
            }
            return Ok(index);
        }
        let index = DefIndex(u16::try_from(self.defs.len()).map_err(|_| TableError::TooMany)?);
        self.defs.push(Arc::clone(def));
        self.by_id.insert(def.card_id.clone(), index);
        for template in def.templates() {
            self.add(template)?;
        }
        Ok(index)
    }

    /// The definition at an index.
    ///
    /// # Panics
    /// When the index did not come from this table (indexes are only made by the table).
    #[inline]
    pub fn get(&self, index: DefIndex) -> &Arc<CardDefinition> {
        &self.defs[usize::from(index.0)]
    }

    /// The index of a definition id.
    pub fn index_of(&self, id: &str) -> Option<DefIndex> {
        self.by_id.get(id).copied()
    }

    /// The number of definitions.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// True when the table is empty.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// Every definition with its index, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (DefIndex, &Arc<CardDefinition>)> {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (DefIndex(i as u16), d))
    }
}

impl fmt::Debug for DefinitionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.by_id.keys()).finish()
    }
}

/// The effect handler of each alteration of one definition, by ability then alteration, compiled
/// with the alteration's parameters when the effect can be ([`EffectHandler::compile`]); `None`
/// when the registry does not have the effect.
type DefinitionHandlers = Vec<Vec<Option<Arc<dyn EffectHandler>>>>;

/// A game's fixed content: its definitions and its effects. Shared by every state of the game.
///
/// It also keeps two indexes computed once, so the hot paths need no name lookups: the effect
/// of every alteration, compiled with its parameters, and for every definition the set of
/// events its triggered alterations start on.
#[derive(Clone)]
pub struct Content {
    /// The card definitions.
    pub definitions: DefinitionTable,
    /// The effects, by name.
    pub effects: EffectRegistry,
    handlers: Vec<DefinitionHandlers>,
    trigger_masks: Vec<u32>,
    /// Every event some alteration of some definition starts or ends on.
    heard: u32,
    /// Some condition reads `opponent_attacked_last_turn`.
    tracks_last_attacker: bool,
    /// For every definition, its static alterations with their continuous forms.
    statics: Vec<Vec<crate::continuous::StaticAlteration>>,
    /// Some definition has a static ability.
    has_statics: bool,
}

impl fmt::Debug for Content {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Content")
            .field("definitions", &self.definitions)
            .field("effects", &self.effects)
            .finish()
    }
}

impl Content {
    /// Content from a definition table and a registry.
    pub fn new(definitions: DefinitionTable, effects: EffectRegistry) -> Arc<Content> {
        let mut handlers = Vec::with_capacity(definitions.len());
        let mut trigger_masks = Vec::with_capacity(definitions.len());
        let mut heard = 0u32;
        let mut tracks_last_attacker = false;
        let mut statics = Vec::with_capacity(definitions.len());
        for (_, def) in definitions.iter() {
            for alt in def.abilities.iter().flat_map(|a| &a.alterations) {
                for event in alt.start_trigger.iter().chain(&alt.end_trigger) {
                    heard |= event.bit();
                }
                for condition in alt.condition.iter().chain(&alt.target_condition) {
                    condition.for_each_variable(&mut |v| {
                        tracks_last_attacker |= *v == Variable::OpponentAttackedLastTurn;
                    });
                }
            }
            let mut mask = 0u32;
            let per_def = def
                .abilities
                .iter()
                .map(|ability| {
                    ability
                        .alterations
                        .iter()
                        .map(|alt| {
                            if ability.ability_type == AbilityType::Triggered
                                && let Some(event) = alt.start_trigger
                            {
                                mask |= event.bit();
                            }
                            effects.get(&alt.effect).map(|handler| {
                                handler
                                    .compile(&alt.params, &definitions)
                                    .unwrap_or_else(|| Arc::clone(handler))
                            })
                        })
                        .collect()
                })
                .collect();
            handlers.push(per_def);
            trigger_masks.push(mask);
            statics.push(crate::continuous::statics_of(def, &effects));
        }
        let has_statics = statics.iter().any(|s| !s.is_empty());
        Arc::new(Content {
            definitions,
            effects,
            handlers,
            trigger_masks,
            heard,
            tracks_last_attacker,
            statics,
            has_statics,
        })
    }

    /// True when some alteration of the game starts or ends on `event`. The events PTG 0.2.0 did
    /// not have (`on_card_buff`) are emitted only then, so that games whose cards never mention
    /// them keep the event logs they always had.
    pub fn hears(&self, event: crate::event::EventType) -> bool {
        self.heard & event.bit() != 0
    }

    /// True when some card of the game has a static ability: only then are continuous effects
    /// refreshed.
    pub fn has_statics(&self) -> bool {
        self.has_statics
    }

    /// The static alterations of a definition, with their continuous forms.
    pub(crate) fn statics(&self, def: DefIndex) -> &[crate::continuous::StaticAlteration] {
        &self.statics[usize::from(def.0)]
    }

    /// True when some condition of the game reads who attacked last
    /// (`opponent_attacked_last_turn`): only then does the state keep it.
    pub fn tracks_last_attacker(&self) -> bool {
        self.tracks_last_attacker
    }

    /// The handler of an alteration's effect, compiled with its parameters, when the registry has
    /// the effect.
    pub fn handler(&self, at: AlterationRef) -> Option<&Arc<dyn EffectHandler>> {
        self.handlers
            .get(usize::from(at.def.0))?
            .get(usize::from(at.ability))?
            .get(usize::from(at.alteration))?
            .as_ref()
    }

    /// The events (as [`crate::EventType::bit`]s) that some triggered alteration of the
    /// definition starts on: a card whose mask misses an event cannot be triggered by it.
    pub fn trigger_mask(&self, def: DefIndex) -> u32 {
        self.trigger_masks
            .get(usize::from(def.0))
            .copied()
            .unwrap_or(0)
    }
}
