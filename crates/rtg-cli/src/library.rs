//! The cards and decks a command plays with: the bundled set compiled into rtg, plus the
//! folders of the user (`--cards`/`--decks`, else `rtg.toml`'s, else `cards/`/`decks/` of the
//! working directory when they exist).
//!
//! One rule for a card id met twice: a file whose card is the bundled card of that id, field for
//! field, *is* that card (the repository's own `cards/`, or a copy in a designer's folder); any
//! other second definition is an error naming both files. Decks are looked for as a file, then
//! by name in the deck folders in order, then among the bundled decks.

use std::path::{Path, PathBuf};

use rtg::sim::DeckList;
use rtg::yaml::{DeckError, ErrorKind, Loader, merge_cards, yaml_files_in};
use rtg::{Bundled, Catalog};

use crate::content::CliError;
use crate::output::path_problem;

/// Where cards and decks are read from, with every default already applied.
#[derive(Clone, Debug)]
pub(crate) struct Sources {
    /// The bundled cards and decks are part of the library (not `--no-bundled`).
    pub(crate) bundled: bool,
    /// Card folders or files of the user.
    pub(crate) cards: Vec<PathBuf>,
    /// Deck folders of the user, searched in order before the bundled decks.
    pub(crate) decks: Vec<PathBuf>,
}

/// The cards and decks of a command.
pub(crate) struct Library {
    loader: Loader,
    catalog: Catalog,
    sources: Sources,
    bundled: Option<Bundled>,
}

impl Library {
    /// Loads the bundled cards (unless left out) and every card of the user's paths, reporting
    /// every bad file.
    pub(crate) fn open(sources: &Sources) -> Result<Library, CliError> {
        let loader = Loader::default();
        let bundled = sources.bundled.then(rtg::bundled);
        for path in &sources.cards {
            if let Some(problem) = path_problem(path) {
                return Err(CliError::Usage(format!(
                    "{problem} (cards are read from the bundled set, then `cards/` or --cards)"
                )));
            }
        }
        let mut files = Vec::new();
        for path in &sources.cards {
            if path.is_dir() {
                let found = yaml_files_in(path)
                    .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
                files.extend(found);
            } else {
                files.push(path.clone());
            }
        }
        let report = loader.load_card_files(&files, bundled.as_ref().map(Bundled::catalog));
        let merged = merge_cards(bundled.as_ref(), report);
        if !merged.errors.is_empty() {
            let lines: Vec<String> = merged.errors.iter().map(ToString::to_string).collect();
            return Err(CliError::Diagnostics(lines.join("\n")));
        }
        Ok(Library {
            loader,
            catalog: merged.catalog,
            sources: sources.clone(),
            bundled,
        })
    }

    /// Every card, by id.
    pub(crate) fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The deck named by path, by stem in a deck folder, or by the name of a bundled deck.
    pub(crate) fn deck(&self, name: &str) -> Result<DeckList, CliError> {
        match self.deck_file(name) {
            Some(file) => self.deck_from_file(name, &file),
            None => match self.bundled.as_ref().and_then(|b| b.deck(name)) {
                Some(deck) => Ok(DeckList {
                    name: name.to_owned(),
                    cards: deck.cards.clone(),
                }),
                None => Err(self.no_deck(name)),
            },
        }
    }

    /// The names of every deck: the stems of the deck folders' files, then the bundled decks
    /// (a folder's deck shadows a bundled one of the same name), sorted.
    pub(crate) fn deck_names(&self) -> Result<Vec<String>, CliError> {
        let mut names: Vec<String> = Vec::new();
        for dir in &self.sources.decks {
            let files = yaml_files_in(dir)
                .map_err(|e| CliError::Usage(format!("{}: {e}", dir.display())))?;
            names.extend(files.iter().filter_map(|f| stem(f)));
        }
        if let Some(bundled) = &self.bundled {
            names.extend(bundled.deck_names().into_iter().map(str::to_owned));
        }
        names.sort();
        names.dedup();
        Ok(names)
    }

    fn deck_file(&self, name: &str) -> Option<PathBuf> {
        let as_path = PathBuf::from(name);
        if as_path.is_file() {
            return Some(as_path);
        }
        self.sources.decks.iter().find_map(|dir| {
            ["yaml", "yml"]
                .iter()
                .map(|ext| dir.join(format!("{name}.{ext}")))
                .find(|candidate| candidate.is_file())
        })
    }

    fn deck_from_file(&self, name: &str, file: &Path) -> Result<DeckList, CliError> {
        let deck = self
            .loader
            .load_deck(&self.catalog, file)
            .map_err(|errors| {
                let unknown_card = errors.iter().any(|e| {
                    matches!(
                        e.kind(),
                        ErrorKind::Deck(DeckError::UnknownCard { .. })
                            | ErrorKind::UnknownCard { .. }
                    )
                });
                let mut message = errors.to_string();
                if unknown_card {
                    message.push_str(&format!(
                        "\n{}: note: cards were looked for in {} (add a directory with --cards)",
                        file.display(),
                        self.card_places()
                    ));
                }
                CliError::Diagnostics(message)
            })?;
        Ok(DeckList {
            name: stem(file).unwrap_or_else(|| name.to_owned()),
            cards: deck.cards.clone(),
        })
    }

    fn no_deck(&self, name: &str) -> CliError {
        let known = self.deck_names().unwrap_or_default();
        let mut places: Vec<String> = self
            .sources
            .decks
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if self.bundled.is_some() {
            places.push("the bundled decks".to_owned());
        }
        CliError::Usage(format!(
            "no deck `{name}`: not a file, and no {name}.yaml in {}; known decks: {}",
            and_list(&places, "no deck directory"),
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        ))
    }

    /// `the bundled cards, a and b`: where cards were looked for, for messages.
    fn card_places(&self) -> String {
        let mut places: Vec<String> = Vec::new();
        if self.bundled.is_some() {
            places.push("the bundled cards".to_owned());
        }
        places.extend(self.sources.cards.iter().map(|p| p.display().to_string()));
        and_list(&places, "no directory")
    }
}

fn stem(file: &Path) -> Option<String> {
    file.file_stem().map(|s| s.to_string_lossy().into_owned())
}

/// `a, b and c`, or `none` when there is nothing.
fn and_list(items: &[String], none: &str) -> String {
    match items.split_last() {
        None => none.to_owned(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
