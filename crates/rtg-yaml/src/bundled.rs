//! The bundled cards and decks, compiled into the library: what `cards/` and `decks/` of the
//! repository hold, playable from any directory (a binary installed with `cargo install`, a
//! wheel, a crate depending on `rtg`) without the repository beside it.
//!
//! A user's cards join the bundled ones by one rule, [`crate::merge_cards`]'s: a card equal to
//! the bundled card of its id *is* that card; any other card with a bundled id shadows it.
//!
//! Errors and sources name a bundled file `<bundled>/cards/goblin_01.yaml`: a path no real
//! file has, so a message always says whether a card came from the library or from disk.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rtg_core::CardId;

use crate::catalog::Catalog;
use crate::deck::{Deck, parse_deck};
use crate::error::LoadErrors;
use crate::loader::{LoadedCard, Loader};

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
    /// Each card file with the id of its card, in file-name order.
    card_files: Vec<(CardId, &'static BundledFile)>,
    decks: BTreeMap<&'static str, (Deck, &'static BundledFile)>,
}

impl Bundled {
    /// Every bundled card, each remembering its `<bundled>/cards/...` path.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The bundled deck of this name (its file stem: `aggro`), if there is one, made of the
    /// bundled cards.
    pub fn deck(&self, name: &str) -> Option<&Deck> {
        self.decks.get(name).map(|(deck, _)| deck)
    }

    /// The bundled deck of this name made of the cards of `catalog` (a merged catalog whose
    /// cards may shadow bundled ones); `None` when there is no such bundled deck.
    ///
    /// # Errors
    /// When `catalog` lacks a card the deck holds.
    pub fn deck_of(&self, name: &str, catalog: &Catalog) -> Option<Result<Deck, LoadErrors>> {
        let (_, file) = self.decks.get(name)?;
        Some(parse_deck(catalog, &bundled_deck_path(file), file.text))
    }

    /// Each bundled card file: its card's id, the path errors give it, and its text.
    pub(crate) fn card_texts(&self) -> impl Iterator<Item = (&CardId, PathBuf, &'static str)> {
        self.card_files
            .iter()
            .map(|(id, file)| (id, bundled_card_path(file), file.text))
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
    // A batch keeps the order of its files, and every bundled file loads.
    let card_files = cards
        .iter()
        .map(|card| card.definition.card_id.clone())
        .zip(CARD_FILES)
        .collect();
    let catalog = Catalog::from_loaded(cards)
        .unwrap_or_else(|e| panic!("rtg bug: the bundled cards do not load: {e}"));
    let decks = DECK_FILES
        .iter()
        .map(|file| {
            let deck = parse_deck(&catalog, &bundled_deck_path(file), file.text)
                .unwrap_or_else(|e| panic!("rtg bug: a bundled deck does not load: {e}"));
            (file.stem(), (deck, file))
        })
        .collect();
    Bundled {
        catalog,
        card_files,
        decks,
    }
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
