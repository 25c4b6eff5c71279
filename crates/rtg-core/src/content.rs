//! What a game is played with: its card definitions and its effect registry.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use thiserror::Error;

use crate::card::CardDefinition;
use crate::effect::EffectRegistry;
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

/// A game's fixed content: its definitions and its effects. Shared by every state of the game.
#[derive(Clone, Debug)]
pub struct Content {
    /// The card definitions.
    pub definitions: DefinitionTable,
    /// The effects, by name.
    pub effects: EffectRegistry,
}

impl Content {
    /// Content from a definition table and a registry.
    pub fn new(definitions: DefinitionTable, effects: EffectRegistry) -> Arc<Content> {
        Arc::new(Content {
            definitions,
            effects,
        })
    }
}
