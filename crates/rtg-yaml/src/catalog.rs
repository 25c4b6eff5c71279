//! The catalog: every known card definition by `card_id`, with the file each came from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rtg_core::{CardDefinition, CardId, DefinitionTable, TableError};

use crate::error::{ErrorKind, LoadError};
use crate::loader::LoadedCard;

/// What a duplicate names when a definition came from no file.
const NO_FILE: &str = "(no file)";

#[derive(Clone, Debug)]
struct Entry {
    definition: Arc<CardDefinition>,
    source: Option<PathBuf>,
}

/// Card definitions by `card_id`, in id order, each with the file it was loaded from (when it
/// came from one). Used to resolve `template_card_id` and to build decks.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    cards: BTreeMap<CardId, Entry>,
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Catalog {
        Catalog::default()
    }

    /// Adds a definition. A second definition with the same `card_id` is refused with an error
    /// naming both files.
    pub fn insert(
        &mut self,
        definition: Arc<CardDefinition>,
        source: Option<PathBuf>,
    ) -> Result<(), LoadError> {
        if let Some(existing) = self.cards.get(&definition.card_id) {
            let second = source.unwrap_or_else(|| PathBuf::from(NO_FILE));
            let first = existing
                .source
                .clone()
                .unwrap_or_else(|| PathBuf::from(NO_FILE));
            let mut error = LoadError::new(
                second.clone(),
                ErrorKind::DuplicateCardId {
                    card_id: definition.card_id.to_string(),
                    first,
                    second,
                },
            );
            error.card_id = Some(definition.card_id.clone());
            return Err(error);
        }
        self.cards
            .insert(definition.card_id.clone(), Entry { definition, source });
        Ok(())
    }

    /// A catalog of loaded cards, remembering their files; checked with [`Catalog::check`].
    pub fn from_loaded(cards: impl IntoIterator<Item = LoadedCard>) -> Result<Catalog, LoadError> {
        let mut catalog = Catalog::new();
        for card in cards {
            catalog.insert(card.definition, Some(card.source))?;
        }
        catalog.check()?;
        Ok(catalog)
    }

    /// Checks that the definitions can make one game: no inline spawn template reuses the
    /// `card_id` of a different definition.
    pub fn check(&self) -> Result<(), LoadError> {
        match self.definition_table() {
            Ok(_) => Ok(()),
            Err(TableError::Conflict(id)) => {
                let file = self
                    .source(id.as_str())
                    .map_or_else(|| PathBuf::from(NO_FILE), Path::to_path_buf);
                let mut error = LoadError::new(
                    file,
                    ErrorKind::ConflictingDefinitions {
                        card_id: id.to_string(),
                    },
                );
                error.card_id = Some(id);
                Err(error)
            }
            Err(TableError::TooMany) => Err(LoadError::new(
                NO_FILE,
                ErrorKind::Meaningless(format!(
                    "more than {} card definitions in one catalog",
                    u16::MAX
                )),
            )),
        }
    }

    /// The definition with this `card_id`.
    pub fn get(&self, card_id: &str) -> Option<&Arc<CardDefinition>> {
        self.cards.get(card_id).map(|e| &e.definition)
    }

    /// The file the definition with this `card_id` came from.
    pub fn source(&self, card_id: &str) -> Option<&Path> {
        self.cards.get(card_id).and_then(|e| e.source.as_deref())
    }

    /// True when a definition has this `card_id`.
    pub fn contains(&self, card_id: &str) -> bool {
        self.cards.contains_key(card_id)
    }

    /// The number of definitions.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every `card_id`, sorted.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.cards.keys().map(CardId::as_str)
    }

    /// Every definition, by `card_id`.
    pub fn definitions(&self) -> impl Iterator<Item = &Arc<CardDefinition>> {
        self.cards.values().map(|e| &e.definition)
    }

    /// The definition table a game made of these cards uses (spawn templates included).
    pub fn definition_table(&self) -> Result<DefinitionTable, TableError> {
        DefinitionTable::new(self.definitions())
    }
}

/// Indexes definitions by `card_id` (the specification's `build_catalog`). Two definitions with
/// one `card_id` are an error; use [`Catalog::from_loaded`] to have it name their files.
pub fn build_catalog(
    cards: impl IntoIterator<Item = Arc<CardDefinition>>,
) -> Result<Catalog, LoadError> {
    let mut catalog = Catalog::new();
    for card in cards {
        catalog.insert(card, None)?;
    }
    catalog.check()?;
    Ok(catalog)
}
