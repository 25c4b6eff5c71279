//! The bundled cards and decks, compiled into the library: what `cards/` and `decks/` of the
//! repository hold, playable from any directory (a binary installed with `cargo install`, a
//! wheel, a crate depending on `rtg`) without the repository beside it.
//!
//! A user's cards join the bundled ones by one rule ([`merge_cards`]): a card equal to the
//! bundled card of its id, field for field, *is* that card (the repository's own `cards/`, a
//! copy in a designer's folder); any other card with a bundled id is an error naming both files.
//!
//! Errors and sources name a bundled file `<bundled>/cards/goblin_01.yaml`: a path no real
//! file has, so a message always says whether a card came from the library or from disk.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rtg_core::CardId;

use crate::catalog::Catalog;
use crate::deck::{Deck, parse_deck};
use crate::error::LoadError;
use crate::loader::{CardReport, LoadedCard, Loader};
use crate::warnings::LoadWarning;

/// What a bundled file's path starts with, in errors and in [`Catalog::source`].
pub const BUNDLED_ROOT: &str = "<bundled>";

/// One YAML file compiled into the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledFile {
    /// The file's name in `cards/` or `decks/` (`goblin_01.yaml`).
    pub name: &'static str,
    /// Its text.
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/bundled_files.rs"));

impl BundledFile {
    /// The name without its extension: a deck's name on the command line (`aggro`).
    pub fn stem(&self) -> &'static str {
        self.name
            .rsplit_once('.')
            .map_or(self.name, |(stem, _)| stem)
    }
}

/// The bundled card files, sorted by file name.
pub fn bundled_card_files() -> &'static [BundledFile] {
    CARD_FILES
}

/// The bundled deck files, sorted by file name.
pub fn bundled_deck_files() -> &'static [BundledFile] {
    DECK_FILES
}

/// The path errors and [`Catalog::source`] give a bundled card file.
pub fn bundled_card_path(file: &BundledFile) -> PathBuf {
    PathBuf::from(format!("{BUNDLED_ROOT}/cards/{}", file.name))
}

/// The path errors give a bundled deck file.
pub fn bundled_deck_path(file: &BundledFile) -> PathBuf {
    PathBuf::from(format!("{BUNDLED_ROOT}/decks/{}", file.name))
}

/// The bundled content, loaded: every card in one catalog and every deck by name.
///
/// ```
/// let bundled = rtg_yaml::bundled();
/// let aggro = bundled.deck("aggro").unwrap();
/// assert_eq!(aggro.cards.len(), 35);
/// assert!(bundled.catalog().contains("goblin_01"));
/// assert!(bundled.deck_names().contains(&"midrange"));
/// ```
#[derive(Clone, Debug)]
pub struct Bundled {
    catalog: Catalog,
    decks: BTreeMap<&'static str, Deck>,
}

impl Bundled {
    /// Every bundled card, each remembering its `<bundled>/cards/...` path.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The bundled deck of this name (its file stem: `aggro`), if there is one.
    pub fn deck(&self, name: &str) -> Option<&Deck> {
        self.decks.get(name)
    }

    /// The names of the bundled decks, sorted.
    pub fn deck_names(&self) -> Vec<&'static str> {
        self.decks.keys().copied().collect()
    }
}

/// Loads the bundled cards (with the built-in effects) and decks.
///
/// The bundled files are part of the library and a test loads them, so they cannot fail here
/// except through a bug in rtg: that is the one panic this function has, with a message saying
/// so.
pub fn bundled() -> Bundled {
    let loader = Loader::default();
    let cards = bundled_cards(&loader);
    let catalog = Catalog::from_loaded(cards)
        .unwrap_or_else(|e| panic!("rtg bug: the bundled cards do not load: {e}"));
    let decks = DECK_FILES
        .iter()
        .map(|file| {
            let deck = parse_deck(&catalog, &bundled_deck_path(file), file.text)
                .unwrap_or_else(|e| panic!("rtg bug: a bundled deck does not load: {e}"));
            (file.stem(), deck)
        })
        .collect();
    Bundled { catalog, decks }
}

/// The bundled cards as loaded cards (each with its `<bundled>/...` path), for a caller that
/// adds cards of its own to them in one batch.
fn bundled_cards(loader: &Loader) -> Vec<LoadedCard> {
    loader
        .load_card_texts(
            CARD_FILES
                .iter()
                .map(|file| (bundled_card_path(file), file.text)),
            None,
        )
        .into_result()
        .unwrap_or_else(|e| panic!("rtg bug: the bundled cards do not load: {e}"))
}

/// Where one card of the library came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The bundled set only.
    Bundled,
    /// A file of the user (the same as the bundled card of that id when `same_as_bundled`).
    File {
        /// The file.
        path: PathBuf,
        /// Its card is the bundled card of that id, field for field.
        same_as_bundled: bool,
    },
}

/// The user's cards merged into the bundled ones, with every problem found.
pub struct Merged {
    /// Every card that loaded.
    pub catalog: Catalog,
    /// Where each card came from.
    pub origins: BTreeMap<String, Origin>,
    /// Every bad file, duplicate id and inconsistent catalog, in file order.
    pub errors: Vec<LoadError>,
    /// Cards that look like mistakes (bundled cards are not checked again).
    pub warnings: Vec<LoadWarning>,
    /// The ids of files that failed (so a deck naming one is not reported again).
    pub failed_ids: Vec<CardId>,
}

/// Adds a batch of the user's cards to the bundled ones (or to none): a card equal to the
/// bundled card of its id is that card; another card with a bundled id is a duplicate.
pub fn merge_cards(bundled: Option<&Bundled>, report: CardReport) -> Merged {
    let mut catalog = bundled.map_or_else(Catalog::new, |b| b.catalog().clone());
    let mut origins: BTreeMap<String, Origin> = catalog
        .ids()
        .map(|id| (id.to_owned(), Origin::Bundled))
        .collect();
    let mut errors = report.errors;
    for card in report.cards {
        let id = card.definition.card_id.to_string();
        let same_as_bundled = bundled
            .and_then(|b| b.catalog().get(&id))
            .is_some_and(|own| **own == *card.definition);
        if !same_as_bundled
            && let Err(error) = catalog.insert(card.definition, Some(card.source.clone()))
        {
            errors.push(error);
            continue;
        }
        origins.insert(
            id,
            Origin::File {
                path: card.source,
                same_as_bundled,
            },
        );
    }
    if let Err(e) = catalog.check() {
        errors.push(e);
    }
    Merged {
        catalog,
        origins,
        errors,
        warnings: report.warnings,
        failed_ids: report.failed_ids,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_file_loads_and_the_lists_match_the_directories() {
        let bundled = bundled();
        assert_eq!(bundled.catalog().len(), bundled_card_files().len());
        assert_eq!(
            bundled.deck_names(),
            ["aggro", "control", "coven", "flyers", "midrange"]
        );
        let source = bundled.catalog().source("goblin_01").unwrap();
        assert_eq!(
            source,
            std::path::Path::new("<bundled>/cards/goblin_01.yaml")
        );
        let names: Vec<&str> = bundled_card_files().iter().map(|f| f.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted, "bundled files are in file-name order");
    }

    #[test]
    fn the_bundled_catalog_is_the_one_the_cards_directory_loads() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/bundled/cards");
        let from_disk = Loader::default().load_catalog_from_dir(dir, None).unwrap();
        let bundled = bundled();
        let ids: Vec<&str> = bundled.catalog().ids().collect();
        assert_eq!(ids, from_disk.ids().collect::<Vec<_>>());
        for id in ids {
            assert_eq!(bundled.catalog().get(id), from_disk.get(id), "{id}");
        }
    }

    #[test]
    fn a_stem_drops_only_the_extension() {
        let file = BundledFile {
            name: "my.deck.yaml",
            text: "",
        };
        assert_eq!(file.stem(), "my.deck");
    }
}
