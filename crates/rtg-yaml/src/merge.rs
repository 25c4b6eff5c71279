//! A user's cards joined with the bundled set, by one rule for a card id met twice:
//!
//! - a card equal to the bundled card of its id, field for field, *is* that card (the
//!   repository's own `cards/`, or a copy in a designer's folder);
//! - any other card with a bundled id *shadows* the bundled card: the user's version is the one
//!   every game plays, the bundled decks included, and [`Merged::shadows`] says which ids and
//!   which bundled decks that changed, so that no bundled deck changes meaning silently.
//!
//! PTG's README cards use the ids of the bundled set (`goblin_01`, `fireball_01`, ...) with other
//! descriptions, so a PTG user's folder shadows them. Two files *of the user* with one id are
//! still an error naming both files.
//!
//! A bundled card whose spawn template is a shadowed card (Goblin Matriarch makes Goblin Warrior
//! tokens) is built again with the user's version, so that one game never holds two definitions
//! of one id: the bundled cards and the user's are then loaded as one batch.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rtg_core::{CardDefinition, CardId};

use crate::bundled::Bundled;
use crate::catalog::Catalog;
use crate::error::LoadError;
use crate::loader::{CardReport, Loader, MAX_FILE_BYTES, read_text};
use crate::warnings::LoadWarning;

/// Where one card of a merged catalog came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The bundled set only.
    Bundled,
    /// A file of the user whose card is the bundled card of that id, field for field.
    SameAsBundled(PathBuf),
    /// A file of the user whose card replaces the bundled card of that id.
    ShadowsBundled(PathBuf),
    /// A file of the user, with an id the bundled set does not use.
    Own(PathBuf),
}

impl Origin {
    /// The user's file, when the card came from one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Origin::Bundled => None,
            Origin::SameAsBundled(path) | Origin::ShadowsBundled(path) | Origin::Own(path) => {
                Some(path)
            }
        }
    }
}

/// A bundled card replaced by a card of the user with the same id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shadow {
    /// The id both cards have.
    pub card_id: CardId,
    /// The user's file.
    pub file: PathBuf,
    /// The bundled decks that now play the user's version (they hold the card, or a card whose
    /// spawn template it is), sorted.
    pub decks: Vec<&'static str>,
}

/// The user's cards merged into the bundled ones, with every problem found.
#[derive(Debug)]
pub struct Merged {
    /// Every card that loaded.
    pub catalog: Catalog,
    /// Where each card came from, by id.
    pub origins: BTreeMap<CardId, Origin>,
    /// Every bad file and inconsistent catalog, in file order (the user's files first).
    pub errors: Vec<LoadError>,
    /// Cards of the user that look like mistakes (bundled cards are not checked again).
    pub warnings: Vec<LoadWarning>,
    /// The ids of files that failed (so a deck naming one is not reported again).
    pub failed_ids: Vec<CardId>,
    /// The bundled cards the user's cards replace, by id.
    pub shadows: Vec<Shadow>,
}

impl Merged {
    /// The one line that tells a user their cards replace bundled ones, when they do.
    pub fn shadow_notice(&self) -> Option<ShadowNotice<'_>> {
        (!self.shadows.is_empty()).then_some(ShadowNotice(&self.shadows))
    }
}

/// One line naming the shadowed ids and the bundled decks that now play the user's versions:
/// `your cards replace 2 bundled cards of the same id: goblin_01 (my/goblin_01.yaml), ...;
/// the bundled decks aggro and midrange now play your versions`.
#[derive(Clone, Copy, Debug)]
pub struct ShadowNotice<'a>(&'a [Shadow]);

impl fmt::Display for ShadowNotice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shadows = self.0;
        let cards: Vec<String> = shadows
            .iter()
            .map(|s| format!("{} ({})", s.card_id, s.file.display()))
            .collect();
        write!(
            f,
            "your cards replace {} of the same id: {}; ",
            if shadows.len() == 1 {
                "1 bundled card".to_owned()
            } else {
                format!("{} bundled cards", shadows.len())
            },
            cards.join(", ")
        )?;
        let decks: BTreeSet<&str> = shadows.iter().flat_map(|s| s.decks.clone()).collect();
        let decks: Vec<&str> = decks.into_iter().collect();
        match decks.as_slice() {
            [] => write!(f, "no bundled deck plays them"),
            [deck] => write!(f, "the bundled deck {deck} now plays your version"),
            [rest @ .., last] => write!(
                f,
                "the bundled decks {} and {last} now play your versions",
                rest.join(", ")
            ),
        }
    }
}

/// Loads the user's card files and joins them to the bundled cards (or to none): a card equal
/// to the bundled card of its id is that card; another card with a bundled id shadows it.
pub fn merge_cards(loader: &Loader, bundled: Option<&Bundled>, files: &[PathBuf]) -> Merged {
    let mut read_errors = Vec::new();
    let mut texts: Vec<(PathBuf, String)> = Vec::new();
    for file in files {
        match read_text(file, MAX_FILE_BYTES) {
            Ok(text) => texts.push((file.clone(), text)),
            Err(error) => read_errors.push(error),
        }
    }
    let own = loader.load_card_texts(texts.iter().cloned(), bundled.map(Bundled::catalog));
    let Some(bundled) = bundled else {
        let origins = own
            .cards
            .iter()
            .map(|card| {
                let origin = Origin::Own(card.source.clone());
                (card.definition.card_id.clone(), origin)
            })
            .collect();
        return finish(Catalog::new(), origins, own, read_errors, Vec::new(), files);
    };
    let mut origins: BTreeMap<CardId, Origin> = bundled
        .catalog()
        .ids()
        .map(|id| (CardId::new(id), Origin::Bundled))
        .collect();
    let mut shadowed: BTreeSet<CardId> = BTreeSet::new();
    for card in &own.cards {
        let id = card.definition.card_id.clone();
        let origin = match bundled.catalog().get(id.as_str()) {
            None => Origin::Own(card.source.clone()),
            Some(theirs) if **theirs == *card.definition => {
                Origin::SameAsBundled(card.source.clone())
            }
            Some(_) => {
                shadowed.insert(id.clone());
                Origin::ShadowsBundled(card.source.clone())
            }
        };
        origins.insert(id, origin);
    }
    if shadowed.is_empty() {
        // Every bundled card stays as it is: only the user's new ids join them.
        let mut own = own;
        own.cards
            .retain(|card| matches!(origins.get(&card.definition.card_id), Some(Origin::Own(_))));
        let catalog = bundled.catalog().clone();
        return finish(catalog, origins, own, read_errors, Vec::new(), files);
    }
    // One batch of the bundled cards the user does not define and the user's cards, so that
    // every template resolves to the version the game plays.
    let theirs = bundled
        .card_texts()
        .filter(|(id, _, _)| matches!(origins.get(*id), Some(Origin::Bundled)))
        .map(|(_, path, text)| (path, text.to_owned()));
    let mut batch = loader.load_card_texts(theirs.chain(texts), None);
    batch
        .warnings
        .retain(|warning| !warning.file.starts_with(crate::BUNDLED_ROOT));
    let shadows = shadowed
        .iter()
        .map(|id| Shadow {
            card_id: id.clone(),
            file: origins
                .get(id)
                .and_then(Origin::file)
                .map(Path::to_path_buf)
                .unwrap_or_default(),
            decks: bundled
                .deck_names()
                .into_iter()
                .filter(|name| {
                    bundled
                        .deck(name)
                        .is_some_and(|deck| deck.cards.iter().any(|card| reaches(card, id)))
                })
                .collect(),
        })
        .collect();
    finish(Catalog::new(), origins, batch, read_errors, shadows, files)
}

/// Adds the batch's cards to `catalog`, checks it, and puts every error in the order of the
/// user's files (bundled files last).
fn finish(
    mut catalog: Catalog,
    origins: BTreeMap<CardId, Origin>,
    batch: CardReport,
    read_errors: Vec<LoadError>,
    shadows: Vec<Shadow>,
    files: &[PathBuf],
) -> Merged {
    let mut errors = batch.errors;
    for card in batch.cards {
        if let Err(error) = catalog.insert(card.definition, Some(card.source)) {
            errors.push(error);
        }
    }
    errors.extend(read_errors);
    let rank = |file: &Path| files.iter().position(|f| f == file).unwrap_or(usize::MAX);
    errors.sort_by_key(|e| rank(&e.file));
    if let Err(e) = catalog.check() {
        errors.push(e);
    }
    Merged {
        catalog,
        origins,
        errors,
        warnings: batch.warnings,
        failed_ids: batch.failed_ids,
        shadows,
    }
}

/// True when `card` is `id`, or spawns it (through its templates, at any depth).
fn reaches(card: &Arc<CardDefinition>, id: &CardId) -> bool {
    // Template chains are at most MAX_TEMPLATE_DEPTH long (the loader refuses longer ones),
    // so the walk is bounded.
    card.card_id == *id || card.templates().any(|template| reaches(template, id))
}
