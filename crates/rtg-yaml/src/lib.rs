//! # rtg-yaml
//!
//! Card and deck files: the only crate of rtg that knows YAML (and the only one that depends on
//! a YAML library, `serde-saphyr`). It reads the formats of the specification's sections 3, 5
//! and 9, and PTG 0.9.13's card language (conditions, computed numbers, groups, `each`,
//! artifacts; see `docs/cards.md`), into `rtg-core` definitions, and checks them loudly: every
//! unknown name, wrong type, number out of range, duplicate key, impossible combination and
//! dangling reference is an error saying where it is (file, line, column, card, field) and what
//! was expected, with a "did you mean" when a valid name is close.
//!
//! ```
//! let card = rtg_yaml::parse_card(
//!     "goblin.yaml",
//!     "card_id: goblin_01\nname: Goblin Warrior\ntype: creature\nmana: {fire: 1}\nattack: 2\ndefense: 2\n",
//!     None,
//! )
//! .unwrap();
//! assert_eq!(card.attack, 2);
//!
//! let error = rtg_yaml::parse_card("bad.yaml", "card_id: x\nname: X\ntype: creature\nhealth: 3\n", None)
//!     .unwrap_err();
//! assert!(error.to_string().starts_with("bad.yaml:4:1: error:"));
//! assert!(error.to_string().contains("did you mean `defense`?"));
//! ```
//!
//! ## Invariants
//!
//! - Loading never panics and never hangs on bad input: files over [`MAX_FILE_BYTES`] and
//!   files that are not regular files (a FIFO would block) are refused before they are read,
//!   non-UTF-8 text is an error, a byte-order mark is dropped, and the parser's budget refuses
//!   deep nesting, too many parts and alias bombs, in one pass.
//! - Loading takes linear work in the size of the files, whatever their shape (see
//!   [`parser_events`] and [`suggestion_comparisons`], which tests use to show it): positions come
//!   from the parser, and "did you mean" looks at a bounded number of known ids.
//! - Loading is deterministic: directories are read in file-name order, catalogs are ordered by
//!   `card_id`, decks keep the order of their entries.
//! - No global state: effects are checked against the [`Loader`]'s registry.
//!
//! ## Where things are
//!
//! - `yaml`: the one call into the parser, its budget, error paths, and `Node`, a YAML value
//!   that keeps the position of each part (effect parameters).
//! - `raw`: serde types mirroring the files; values that later checks refer to are `Spanned`,
//!   so every error knows its line and column.
//! - `build`: the checks that need several fields, the registry or other cards;
//!   `build/alteration` one alteration (targets, triggers, `each` and `group`),
//!   `build/condition` PTG 0.9's conditions and rtg's computed numbers, compiled into
//!   `rtg-core`'s typed `Condition` and `Expr`, `build/params` effect parameters.
//! - `loader`: reading files and the two-pass batch loading (templates before their users).
//! - `path`: field paths (`abilities[0].effect`) and positions.
//! - `document`: any YAML document read with the same limits and error reports, for formats
//!   defined in other crates (scenarios), which must not depend on a YAML library themselves.
//! - `parse_error`: the parser's errors as typed errors with position, field and "did you mean".
//! - `bundled`: the repository's `cards/` and `decks/`, compiled in by `build.rs`.
//! - `merge`: a user's cards joined with the bundled set (a user's card shadows the bundled
//!   card of its id, and says so).
//! - `library`: the cards and decks of a program, from the bundled set and the user's folders,
//!   and how decks are found by name.
//! - `error`, `catalog`, `deck`, `suggest`: what their names say.

mod build;
mod bundled;
mod catalog;
mod deck;
mod document;
mod error;
mod library;
mod loader;
mod merge;
mod parse_error;
mod path;
mod raw;
mod suggest;
mod warnings;
mod yaml;

use std::path::Path;
use std::sync::Arc;

use rtg_core::CardDefinition;

pub use bundled::{
    BUNDLED_ROOT, Bundled, BundledFile, bundled, bundled_card_files, bundled_card_path,
    bundled_deck_files, bundled_deck_path,
};
pub use catalog::{Catalog, build_catalog};
pub use deck::{Deck, build_deck};
pub use document::{parse_document, read_text};
pub use error::{DeckError, ErrorKind, LoadError, LoadErrors, NameKind};
pub use library::{Library, LibraryError, Sources, path_problem};
pub use loader::{CardReport, LoadedCard, Loader, MAX_FILE_BYTES, is_deck_file, yaml_files_in};
pub use merge::{Merged, Origin, Shadow, ShadowNotice, merge_cards};
pub use path::Position;
pub use suggest::{did_you_mean, suggestion_comparisons};
pub use warnings::{LoadWarning, WarningKind, card_warnings};
pub use yaml::parser_events;

/// The most copies of one card a deck may hold.
pub const MAX_COPIES: u32 = 1_000;
/// The most cards a deck may hold in total.
pub const MAX_DECK_CARDS: u64 = 10_000;
/// The most characters a display name may have: a card's `name`, an ability's `name` and a
/// deck's `name` (longer ones are refused with [`ErrorKind::TooLong`]). Tables print names in
/// full, so a name stays short enough to read.
pub const MAX_NAME_CHARS: usize = 256;
/// How long a chain of `template_card_id` references may be (a card spawning a card that spawns
/// a card ...) within one batch of files.
pub const MAX_TEMPLATE_DEPTH: usize = 16;

/// Loads one card file with the built-in effects (the specification's `load_card`).
/// See [`Loader::load_card`].
pub fn load_card(
    path: impl AsRef<Path>,
    catalog: Option<&Catalog>,
) -> Result<Arc<CardDefinition>, LoadError> {
    Loader::default().load_card(path, catalog)
}

/// Parses one card from text with the built-in effects. See [`Loader::parse_card`].
pub fn parse_card(
    source_name: impl AsRef<Path>,
    text: &str,
    catalog: Option<&Catalog>,
) -> Result<Arc<CardDefinition>, LoadError> {
    Loader::default().parse_card(source_name, text, catalog)
}

/// Loads every card file of a directory with the built-in effects (the specification's
/// `load_cards_from_dir`). See [`Loader::load_cards_from_dir`].
pub fn load_cards_from_dir(
    dir: impl AsRef<Path>,
    catalog: Option<&Catalog>,
) -> Result<Vec<Arc<CardDefinition>>, LoadErrors> {
    Loader::default().load_cards_from_dir(dir, catalog)
}

/// Loads a deck file against a catalog (the specification's `load_deck`).
/// See [`Loader::load_deck`].
pub fn load_deck(catalog: &Catalog, path: impl AsRef<Path>) -> Result<Deck, LoadErrors> {
    Loader::default().load_deck(catalog, path)
}
