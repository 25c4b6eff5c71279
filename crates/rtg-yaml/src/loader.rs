//! Reading files and loading cards: one at a time, or a batch in two passes (parse every file,
//! then build every card, resolving `template_card_id` and card references against the batch
//! and the catalog).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rtg_core::{CardDefinition, CardId, EffectRegistry};

use crate::MAX_TEMPLATE_DEPTH;
use crate::build::{Builder, Resolver, TemplateProblem};
use crate::catalog::Catalog;
use crate::deck::{Deck, parse_deck};
use crate::error::{ErrorKind, LoadError, LoadErrors, Source};
use crate::path::{FieldPath, Position};
use crate::raw::{Probe, RawCard};
use crate::suggest::{CloseIndex, close_names};
use crate::warnings::{LoadWarning, card_warnings};
use crate::yaml::{card_id_of, key_at, strip_bom};

/// The largest card or deck file the loader reads, in bytes (checked before reading).
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// A card loaded from a file.
#[derive(Clone, Debug)]
pub struct LoadedCard {
    /// The file it came from.
    pub source: PathBuf,
    /// Its definition.
    pub definition: Arc<CardDefinition>,
}

/// The outcome of loading a batch of card files: the cards that loaded and a problem for each
/// file that did not.
#[derive(Debug, Default)]
pub struct CardReport {
    /// The number of files read.
    pub files: usize,
    /// The valid cards, in file order.
    pub cards: Vec<LoadedCard>,
    /// One error per invalid file, in file order.
    pub errors: Vec<LoadError>,
    /// The `card_id`s of invalid files whose id could be read (so that a deck naming one of them
    /// need not be reported again as naming an unknown card).
    pub failed_ids: Vec<CardId>,
    /// What looks wrong in the valid cards, in file order (see [`crate::card_warnings`]).
    pub warnings: Vec<LoadWarning>,
}

impl CardReport {
    /// The cards, or every error.
    pub fn into_result(self) -> Result<Vec<LoadedCard>, LoadErrors> {
        if self.errors.is_empty() {
            Ok(self.cards)
        } else {
            Err(LoadErrors(self.errors))
        }
    }
}

/// True when the text holds nothing but blank lines and comments.
pub(crate) fn is_blank(text: &str) -> bool {
    strip_bom(text).lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#') || t == "---" || t == "..."
    })
}

/// Reads a file as UTF-8 text, refusing files over `limit` bytes before reading them.
pub(crate) fn read_text(path: &Path, limit: u64) -> Result<String, LoadError> {
    let io = |e: std::io::Error| LoadError::new(path, ErrorKind::Io(e));
    let meta = fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(io(std::io::Error::other("it is a directory, not a file")));
    }
    // Opening a FIFO blocks until a writer comes, and a device can be endless: only regular
    // files are read (checked on the metadata, before opening).
    if !meta.is_file() {
        return Err(LoadError::new(path, ErrorKind::NotRegularFile));
    }
    if meta.len() > limit {
        return Err(LoadError::new(
            path,
            ErrorKind::TooLarge {
                size: meta.len(),
                limit,
            },
        ));
    }
    let mut bytes = Vec::new();
    // The size can change between the check and the read (or be unknown, for special files).
    fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(LoadError::new(
            path,
            ErrorKind::TooLarge {
                size: bytes.len() as u64,
                limit,
            },
        ));
    }
    // A UTF-8 byte-order mark is not content: the text starts after it.
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..offset]);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let mut error = LoadError::new(path, ErrorKind::NotUtf8 { offset });
        error.position = Some(Position { line, column });
        error
    })
}

/// The `*.yaml` and `*.yml` files directly in `dir`, sorted by file name.
pub fn yaml_files_in(dir: impl AsRef<Path>) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let yaml = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
        if yaml && path.is_file() {
            files.push(path);
        }
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(files)
}

/// True when a file is a deck rather than a card: it is in a directory named `decks`, or it
/// has a top-level `cards:` key.
pub fn is_deck_file(path: impl AsRef<Path>) -> bool {
    let path = path.as_ref();
    let in_decks = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|n| n == "decks");
    in_decks
        || read_text(path, MAX_FILE_BYTES)
            .ok()
            .and_then(|text| crate::yaml::from_str::<Probe>(&text, false).ok())
            .is_some_and(|probe| probe.cards.is_some())
}

/// Parses a card's text into its raw form.
fn parse_raw(file: &Path, text: &str) -> Result<RawCard, LoadError> {
    let text = strip_bom(text);
    if is_blank(text) {
        return Err(LoadError::new(
            file,
            ErrorKind::Empty {
                expected: "a card definition (card_id, name, type, ...)",
            },
        ));
    }
    crate::yaml::from_str(text, true)
        .map_err(|e| Source { file, text }.yaml_error(&FieldPath::root(), None, &e))
}

/// Resolves against a catalog only (or nothing).
struct CatalogResolver<'a> {
    catalog: Option<&'a Catalog>,
    own_id: &'a str,
}

impl Resolver for CatalogResolver<'_> {
    fn template(&mut self, id: &str) -> Result<Arc<CardDefinition>, TemplateProblem> {
        let catalog = self.catalog.ok_or(TemplateProblem::NoCatalog)?;
        match catalog.get(id) {
            Some(def) => Ok(Arc::clone(def)),
            None if id == self.own_id => {
                Err(TemplateProblem::Cycle(vec![id.to_owned(), id.to_owned()]))
            }
            None => Err(TemplateProblem::Unknown),
        }
    }

    fn knows(&self, id: &str) -> Option<bool> {
        self.catalog.map(|c| c.contains(id) || id == self.own_id)
    }

    fn close(&self, id: &str) -> Vec<String> {
        self.catalog
            .map(|c| close_names(id, c.ids(), 3))
            .unwrap_or_default()
    }
}

/// One file of a batch after the first pass.
struct Input {
    file: PathBuf,
    text: String,
    raw: Option<RawCard>,
    /// The card's id: from `raw`, or read on its own from a file that could not be parsed.
    id: Option<String>,
}

enum Slot {
    Pending,
    Building,
    Done(Arc<CardDefinition>),
    Failed,
}

/// Builds the cards of a batch on demand, so that a template is built before the card that
/// uses it, and a cycle is found instead of followed.
struct Batch<'a> {
    registry: &'a EffectRegistry,
    inputs: &'a [Input],
    by_id: &'a BTreeMap<&'a str, usize>,
    /// Ids read from files that could not be parsed: known, but broken.
    broken: &'a BTreeSet<&'a str>,
    catalog: Option<&'a Catalog>,
    slots: Vec<Slot>,
    errors: Vec<Option<LoadError>>,
    /// The cards being built, innermost last, each with the deepest `template_card_id`
    /// chain found in it so far.
    stack: Vec<(usize, usize)>,
    /// The length of the longest `template_card_id` chain starting at each built card.
    depth: Vec<usize>,
    /// The ids of the batch and the catalog, for "did you mean".
    close: &'a CloseIndex,
}

/// How deep building may recurse through `template_card_id` references before giving up.
/// Twice [`MAX_TEMPLATE_DEPTH`], so that which card is reported for a chain that is too long
/// does not depend on the order of the files (the depth check comes first), while the
/// recursion stays bounded whatever the files say.
const MAX_RECURSION: usize = 2 * MAX_TEMPLATE_DEPTH;

impl Batch<'_> {
    fn build(&mut self, i: usize) -> Result<Arc<CardDefinition>, TemplateProblem> {
        match &self.slots[i] {
            Slot::Done(def) => return Ok(Arc::clone(def)),
            Slot::Failed => return Err(TemplateProblem::Broken),
            Slot::Building => {
                let from = self.stack.iter().position(|&(s, _)| s == i).unwrap_or(0);
                let mut chain: Vec<String> = self.stack[from..]
                    .iter()
                    .filter_map(|&(s, _)| self.inputs[s].id.clone())
                    .collect();
                if let Some(id) = &self.inputs[i].id {
                    chain.push(id.clone());
                }
                return Err(TemplateProblem::Cycle(chain));
            }
            Slot::Pending => {}
        }
        if self.stack.len() >= MAX_RECURSION {
            return Err(TemplateProblem::TooDeep);
        }
        let inputs = self.inputs;
        let input = &inputs[i];
        let Some(raw) = &input.raw else {
            self.slots[i] = Slot::Failed;
            return Err(TemplateProblem::Broken);
        };
        self.slots[i] = Slot::Building;
        self.stack.push((i, 0));
        let builder = Builder {
            registry: self.registry,
            source: Source {
                file: &input.file,
                text: &input.text,
            },
            card_id: Some(CardId::new(&raw.card_id.value)),
        };
        let result = builder.card(raw, &FieldPath::root(), self);
        if let Some((_, depth)) = self.stack.pop() {
            self.depth[i] = depth;
        }
        match result {
            Ok(def) => {
                let def = Arc::new(def);
                self.slots[i] = Slot::Done(Arc::clone(&def));
                Ok(def)
            }
            Err(error) => {
                self.slots[i] = Slot::Failed;
                self.errors[i] = Some(error);
                Err(TemplateProblem::Broken)
            }
        }
    }
}

impl Resolver for Batch<'_> {
    fn template(&mut self, id: &str) -> Result<Arc<CardDefinition>, TemplateProblem> {
        if let Some(&i) = self.by_id.get(id) {
            let def = self.build(i)?;
            let depth = self.depth[i] + 1;
            if depth > MAX_TEMPLATE_DEPTH {
                return Err(TemplateProblem::TooDeep);
            }
            if let Some((_, deepest)) = self.stack.last_mut() {
                *deepest = (*deepest).max(depth);
            }
            return Ok(def);
        }
        if self.broken.contains(id) {
            return Err(TemplateProblem::Broken);
        }
        self.catalog
            .and_then(|c| c.get(id))
            .cloned()
            .ok_or(TemplateProblem::Unknown)
    }

    fn knows(&self, id: &str) -> Option<bool> {
        Some(
            self.by_id.contains_key(id)
                || self.broken.contains(id)
                || self.catalog.is_some_and(|c| c.contains(id)),
        )
    }

    fn close(&self, id: &str) -> Vec<String> {
        self.close.close(id, 3)
    }
}

/// Loads card and deck files, checking effects against its [`EffectRegistry`].
///
/// [`Loader::default`] knows the built-in effects; [`Loader::new`] takes a registry with your
/// own effects added, so card files can use them by name. The free functions of this crate
/// ([`crate::load_card`], ...) use a default loader.
#[derive(Clone, Debug)]
pub struct Loader {
    registry: EffectRegistry,
}

impl Default for Loader {
    fn default() -> Self {
        Loader::new(rtg_effects::builtin_registry())
    }
}

impl Loader {
    /// A loader that knows the effects of `registry`.
    pub fn new(registry: EffectRegistry) -> Loader {
        Loader { registry }
    }

    /// The effects this loader knows.
    pub fn registry(&self) -> &EffectRegistry {
        &self.registry
    }

    /// Parses one card from text; `source_name` is what errors call the file.
    ///
    /// `template_card_id` is resolved through `catalog` (without one it is an error), and card
    /// references (`card_definition_id`, `trigger_card_id`) must name cards of the catalog when
    /// one is given.
    pub fn parse_card(
        &self,
        source_name: impl AsRef<Path>,
        text: &str,
        catalog: Option<&Catalog>,
    ) -> Result<Arc<CardDefinition>, LoadError> {
        let file = source_name.as_ref();
        let text = strip_bom(text);
        let raw = parse_raw(file, text)?;
        let builder = Builder {
            registry: &self.registry,
            source: Source { file, text },
            card_id: Some(CardId::new(&raw.card_id.value)),
        };
        let mut resolver = CatalogResolver {
            catalog,
            own_id: &raw.card_id.value,
        };
        builder
            .card(&raw, &FieldPath::root(), &mut resolver)
            .map(Arc::new)
    }

    /// Loads one card file (the specification's `load_card`); see [`Loader::parse_card`].
    pub fn load_card(
        &self,
        path: impl AsRef<Path>,
        catalog: Option<&Catalog>,
    ) -> Result<Arc<CardDefinition>, LoadError> {
        let path = path.as_ref();
        let text = read_text(path, MAX_FILE_BYTES)?;
        self.parse_card(path, &text, catalog)
    }

    /// Loads a batch of card files in two passes: first every file is parsed, then every card
    /// is built, resolving `template_card_id` and card references against the cards of the
    /// batch and then `catalog`. A `card_id` defined by two files is an error naming both.
    /// Every bad file is reported.
    pub fn load_card_files<P: AsRef<Path>>(
        &self,
        files: impl IntoIterator<Item = P>,
        catalog: Option<&Catalog>,
    ) -> CardReport {
        let read = files.into_iter().map(|file| {
            let file = file.as_ref().to_path_buf();
            let text = read_text(&file, MAX_FILE_BYTES);
            (file, text)
        });
        self.load_batch(read, catalog)
    }

    /// [`Loader::load_card_files`] on texts already in memory (the bundled cards, compiled into
    /// the library, beside files read from disk): each `file` is what errors call its card.
    pub fn load_card_texts<P: Into<PathBuf>, T: Into<String>>(
        &self,
        texts: impl IntoIterator<Item = (P, T)>,
        catalog: Option<&Catalog>,
    ) -> CardReport {
        let texts = texts
            .into_iter()
            .map(|(file, text)| (file.into(), Ok(text.into())));
        self.load_batch(texts, catalog)
    }

    /// The two passes of a batch, on each file's text or the error reading it.
    fn load_batch(
        &self,
        files: impl IntoIterator<Item = (PathBuf, Result<String, LoadError>)>,
        catalog: Option<&Catalog>,
    ) -> CardReport {
        let mut report = CardReport::default();
        let mut inputs = Vec::new();
        let mut first_errors: Vec<Option<LoadError>> = Vec::new();
        for (file, text) in files {
            report.files += 1;
            let (text, raw, error) = match text {
                Ok(text) => match parse_raw(&file, &text) {
                    Ok(raw) => (text, Some(raw), None),
                    Err(e) => (text, None, Some(e)),
                },
                Err(e) => (String::new(), None, Some(e)),
            };
            let id = match &raw {
                Some(raw) => Some(raw.card_id.value.clone()),
                None => card_id_of(&text),
            };
            inputs.push(Input {
                file,
                text,
                raw,
                id,
            });
            first_errors.push(error);
        }
        let mut by_id: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, input) in inputs.iter().enumerate() {
            let Some(raw) = &input.raw else { continue };
            if let Some(&first) = by_id.get(raw.card_id.value.as_str()) {
                first_errors[i] = Some(LoadError {
                    file: input.file.clone(),
                    position: key_at(&input.text, "card_id", &raw.card_id),
                    card_id: Some(CardId::new(&raw.card_id.value)),
                    field: None,
                    kind: Box::new(ErrorKind::DuplicateCardId {
                        card_id: raw.card_id.value.clone(),
                        first: inputs[first].file.clone(),
                        second: input.file.clone(),
                    }),
                });
            } else {
                by_id.insert(&raw.card_id.value, i);
            }
        }
        let broken: BTreeSet<&str> = inputs
            .iter()
            .filter(|input| input.raw.is_none())
            .filter_map(|input| input.id.as_deref())
            .filter(|id| !by_id.contains_key(id))
            .collect();
        // Built once: "did you mean" for each unresolved id must not rescan every id.
        let close = CloseIndex::new(
            by_id
                .keys()
                .copied()
                .chain(catalog.into_iter().flat_map(|c| c.ids())),
        );
        let mut batch = Batch {
            registry: &self.registry,
            inputs: &inputs,
            by_id: &by_id,
            broken: &broken,
            catalog,
            slots: inputs.iter().map(|_| Slot::Pending).collect(),
            errors: first_errors,
            stack: Vec::new(),
            depth: vec![0; inputs.len()],
            close: &close,
        };
        for i in 0..inputs.len() {
            if batch.errors[i].is_none() {
                // Errors are recorded in the batch; the result matters only to templates.
                let _ = batch.build(i);
            }
        }
        for (i, (slot, error)) in batch.slots.into_iter().zip(batch.errors).enumerate() {
            let input = &inputs[i];
            match (slot, error) {
                (_, Some(error)) => {
                    if let Some(id) = &input.id {
                        report.failed_ids.push(CardId::new(id));
                    }
                    report.errors.push(error);
                }
                (Slot::Done(definition), None) => {
                    report
                        .warnings
                        .extend(card_warnings(&input.file, &input.text, &definition));
                    report.cards.push(LoadedCard {
                        source: input.file.clone(),
                        definition,
                    });
                }
                // A card is built unless it has an error.
                (_, None) => {}
            }
        }
        report
    }

    /// Loads every `*.yaml` / `*.yml` file directly in `dir`, sorted by file name (the
    /// specification's `load_cards_from_dir`), in two passes as [`Loader::load_card_files`]
    /// does, so a directory whose cards refer to each other needs no catalog.
    pub fn load_cards_from_dir(
        &self,
        dir: impl AsRef<Path>,
        catalog: Option<&Catalog>,
    ) -> Result<Vec<Arc<CardDefinition>>, LoadErrors> {
        let cards = self.load_dir(dir.as_ref(), catalog)?;
        Ok(cards.into_iter().map(|c| c.definition).collect())
    }

    /// Loads a directory of cards into a catalog that remembers each card's file.
    pub fn load_catalog_from_dir(
        &self,
        dir: impl AsRef<Path>,
        catalog: Option<&Catalog>,
    ) -> Result<Catalog, LoadErrors> {
        let cards = self.load_dir(dir.as_ref(), catalog)?;
        Ok(Catalog::from_loaded(cards)?)
    }

    fn load_dir(
        &self,
        dir: &Path,
        catalog: Option<&Catalog>,
    ) -> Result<Vec<LoadedCard>, LoadErrors> {
        let files = yaml_files_in(dir).map_err(|e| LoadError::new(dir, ErrorKind::Io(e)))?;
        self.load_card_files(files, catalog).into_result()
    }

    /// Loads a deck file against a catalog (the specification's `load_deck`). Every unknown
    /// card is reported.
    pub fn load_deck(&self, catalog: &Catalog, path: impl AsRef<Path>) -> Result<Deck, LoadErrors> {
        let path = path.as_ref();
        let text = read_text(path, MAX_FILE_BYTES)?;
        parse_deck(catalog, path, &text)
    }

    /// Parses a deck from text; `source_name` is what errors call the file.
    pub fn parse_deck(
        &self,
        catalog: &Catalog,
        source_name: impl AsRef<Path>,
        text: &str,
    ) -> Result<Deck, LoadErrors> {
        parse_deck(catalog, source_name.as_ref(), text)
    }
}
