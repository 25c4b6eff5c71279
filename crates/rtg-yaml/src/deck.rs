//! Decks: a name and a list of card definitions, from a `{card_id: count}` spec or a deck file.

use std::borrow::Borrow;
use std::path::Path;
use std::sync::Arc;

use rtg_core::{CardDefinition, CardId};

use crate::catalog::Catalog;
use crate::error::{DeckError, ErrorKind, LoadError, LoadErrors, Source};
use crate::path::FieldPath;
use crate::raw::RawDeck;
use crate::suggest::{CloseIndex, close_names};
use crate::yaml::{at, key_at};
use crate::{MAX_COPIES, MAX_DECK_CARDS};

/// A deck: its cards in a fixed order (the order of the entries, each repeated by its count).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deck {
    /// The deck's name (`name:`, or the file name without extension).
    pub name: String,
    /// What the deck is, for people.
    pub description: String,
    /// The cards, unshuffled.
    pub cards: Vec<Arc<CardDefinition>>,
}

fn unknown(catalog: &Catalog, card_id: &str) -> DeckError {
    DeckError::UnknownCard {
        card_id: card_id.to_owned(),
        close: close_names(card_id, catalog.ids(), 3),
    }
}

/// Builds a deck from `(card_id, count)` pairs, in their order (the specification's
/// `build_deck`). Every id must be in the catalog, every count from 1 to [`MAX_COPIES`].
///
/// ```
/// use std::collections::BTreeMap;
/// use std::sync::Arc;
/// use rtg_core::{CardDefinition, CardType};
/// let goblin = Arc::new(CardDefinition::vanilla("goblin_01", "Goblin", CardType::Creature));
/// let catalog = rtg_yaml::build_catalog([goblin]).unwrap();
/// let spec = BTreeMap::from([("goblin_01".to_owned(), 3)]);
/// assert_eq!(rtg_yaml::build_deck(&catalog, &spec).unwrap().len(), 3);
/// ```
pub fn build_deck<K, N>(
    catalog: &Catalog,
    spec: impl IntoIterator<Item = (K, N)>,
) -> Result<Vec<Arc<CardDefinition>>, DeckError>
where
    K: AsRef<str>,
    N: Borrow<u32>,
{
    let mut seen: std::collections::BTreeSet<CardId> = std::collections::BTreeSet::new();
    let mut cards = Vec::new();
    for (id, count) in spec {
        let id = id.as_ref();
        let count = *count.borrow();
        if !seen.insert(CardId::new(id)) {
            return Err(DeckError::DuplicateEntry(id.to_owned()));
        }
        if count == 0 || count > MAX_COPIES {
            return Err(DeckError::BadCount {
                card_id: id.to_owned(),
                count: u64::from(count),
            });
        }
        let def = catalog.get(id).ok_or_else(|| unknown(catalog, id))?;
        if cards.len() as u64 + u64::from(count) > MAX_DECK_CARDS {
            return Err(DeckError::TooManyCards(
                cards.len() as u64 + u64::from(count),
            ));
        }
        cards.extend(std::iter::repeat_n(Arc::clone(def), count as usize));
    }
    if cards.is_empty() {
        return Err(DeckError::Empty);
    }
    Ok(cards)
}

/// Parses a deck file's text. Every unknown card is reported, not only the first.
pub(crate) fn parse_deck(catalog: &Catalog, file: &Path, text: &str) -> Result<Deck, LoadErrors> {
    let text = crate::yaml::strip_bom(text);
    let source = Source { file, text };
    let root = FieldPath::root();
    if crate::loader::is_blank(text) {
        return Err(LoadError::new(
            file,
            ErrorKind::Empty {
                expected: "a deck: `cards:` with card_id: count entries",
            },
        )
        .into());
    }
    let raw: RawDeck = crate::yaml::from_str(text, true).map_err(|e| {
        let mut error = source.yaml_error(&root, None, &e);
        error.card_id = None;
        LoadErrors::from(error)
    })?;
    let cards_path = root.key("cards");
    if raw.cards.value.0.is_empty() {
        return Err(source
            .error(None, &cards_path, at(&raw.cards), DeckError::Empty.into())
            .into());
    }
    let mut errors = Vec::new();
    if let Some(name) = &raw.name
        && let Some(kind) = crate::build::too_long("a deck name", &name.value)
    {
        errors.push(source.error(None, &root.key("name"), at(name), kind));
    }
    let mut cards = Vec::new();
    let mut total: u64 = 0;
    // Built on the first unknown card, once: each lookup then costs bounded work.
    let mut close: Option<CloseIndex> = None;
    for (id, written) in &raw.cards.value.0 {
        let count = written.value;
        let Some(def) = catalog.get(id) else {
            let index = close.get_or_insert_with(|| CloseIndex::new(catalog.ids()));
            let kind = DeckError::UnknownCard {
                card_id: id.clone(),
                close: index.close(id, 3),
            };
            let pos = key_at(text, id, written);
            errors.push(source.error(None, &cards_path.key(id), pos, kind.into()));
            continue;
        };
        total += count.0 as u64;
        if total > MAX_DECK_CARDS {
            errors.push(source.error(
                None,
                &cards_path.key(id),
                key_at(text, id, written),
                DeckError::TooManyCards(total).into(),
            ));
            break;
        }
        cards.extend(std::iter::repeat_n(Arc::clone(def), count.0 as usize));
    }
    if !errors.is_empty() {
        return Err(LoadErrors(errors));
    }
    let name = raw.name.map(|n| n.value).unwrap_or_else(|| {
        file.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    Ok(Deck {
        name,
        description: raw.description.unwrap_or_default(),
        cards,
    })
}
