//! The cards and decks a program plays with: the bundled set compiled into rtg, plus folders of
//! the user's, joined by [`merge_cards`]'s rule (a user's card shadows the bundled card of its
//! id). The command line and the Python package both open one, so a folder plays alike in both.
//!
//! Decks are looked for as a file, then by name in the deck folders in order, then among the
//! bundled decks (made of the merged cards, so they play the user's version of a shadowed card,
//! as [`Library::shadow_notice`] says).

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::bundled::{Bundled, bundled};
use crate::catalog::Catalog;
use crate::deck::Deck;
use crate::error::{DeckError, ErrorKind, LoadErrors};
use crate::loader::{Loader, yaml_files_in};
use crate::merge::{Merged, ShadowNotice, merge_cards};

/// Where cards and decks are read from.
#[derive(Clone, Debug)]
pub struct Sources {
    /// The bundled cards and decks are part of the library.
    pub bundled: bool,
    /// Card folders or files of the user.
    pub cards: Vec<PathBuf>,
    /// Deck folders of the user, searched in order before the bundled decks.
    pub decks: Vec<PathBuf>,
    /// How the caller leaves the bundled set out (`--no-bundled`, `bundled=False`), named by
    /// the error of a deck that needs a bundled card when it is left out.
    pub bundled_switch: String,
}

impl Sources {
    /// The bundled set and these folders; `bundled_switch` is `--no-bundled`.
    pub fn new(cards: Vec<PathBuf>, decks: Vec<PathBuf>) -> Sources {
        Sources {
            bundled: true,
            cards,
            decks,
            bundled_switch: "--no-bundled".to_owned(),
        }
    }
}

/// Why a library could not be opened or a deck found.
#[derive(Debug, Error)]
pub enum LibraryError {
    /// A card path that is not there (or cannot be opened).
    #[error("{}: {why} (a card directory or file was expected)", .path.display())]
    MissingPath {
        /// The path.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A folder whose files cannot be listed.
    #[error("{}: {source}", .path.display())]
    ReadDir {
        /// The folder.
        path: PathBuf,
        /// The error.
        #[source]
        source: std::io::Error,
    },
    /// Card files that do not load: every problem, one a line.
    #[error("{0}")]
    Cards(LoadErrors),
    /// A deck file that does not load against the cards, with notes saying where cards were
    /// looked for.
    #[error("{errors}{notes}")]
    Deck {
        /// The deck's problems.
        errors: LoadErrors,
        /// Lines that follow them, each starting with a new line (empty when none apply).
        notes: String,
    },
    /// No deck has this name.
    #[error("no deck `{name}`: not a file, and no {name}.yaml in {places}; known decks: {known}")]
    NoDeck {
        /// The name asked for.
        name: String,
        /// Where it was looked for.
        places: String,
        /// The decks there are (`none` when there is none).
        known: String,
    },
}

impl LibraryError {
    /// True for a problem with the paths given (a usage error), false for bad content.
    pub fn is_about_the_paths(&self) -> bool {
        matches!(
            self,
            LibraryError::MissingPath { .. }
                | LibraryError::ReadDir { .. }
                | LibraryError::NoDeck { .. }
        )
    }
}

/// The bundled cards and decks (unless left out) and the user's.
///
/// ```
/// use rtg_yaml::{Library, Sources};
///
/// let library = Library::open(&Sources::new(Vec::new(), Vec::new())).unwrap();
/// assert_eq!(library.deck("aggro").unwrap().cards.len(), 35);
/// assert!(library.shadow_notice().is_none());
/// ```
#[derive(Debug)]
pub struct Library {
    loader: Loader,
    merged: Merged,
    sources: Sources,
    bundled: Option<Bundled>,
}

impl Library {
    /// Loads the bundled cards (unless left out) and every card of the user's paths.
    ///
    /// # Errors
    /// A card path that is not there, a folder that cannot be read, or every bad card file.
    pub fn open(sources: &Sources) -> Result<Library, LibraryError> {
        let loader = Loader::default();
        let mut files = Vec::new();
        for path in &sources.cards {
            if let Some(why) = path_problem(path) {
                return Err(LibraryError::MissingPath {
                    path: path.clone(),
                    why,
                });
            }
            if path.is_dir() {
                let found = yaml_files_in(path).map_err(|source| LibraryError::ReadDir {
                    path: path.clone(),
                    source,
                })?;
                files.extend(found);
            } else {
                files.push(path.clone());
            }
        }
        let bundled = sources.bundled.then(bundled);
        let merged = merge_cards(&loader, bundled.as_ref(), &files);
        if !merged.errors.is_empty() {
            return Err(LibraryError::Cards(LoadErrors(merged.errors)));
        }
        Ok(Library {
            loader,
            merged,
            sources: sources.clone(),
            bundled,
        })
    }

    /// Every card, by id.
    pub fn catalog(&self) -> &Catalog {
        &self.merged.catalog
    }

    /// Every card with where it came from, the bundled cards it shadows and its warnings.
    pub fn merged(&self) -> &Merged {
        &self.merged
    }

    /// The one line to show when the user's cards replace bundled ones.
    pub fn shadow_notice(&self) -> Option<ShadowNotice<'_>> {
        self.merged.shadow_notice()
    }

    /// The deck named by path, by stem in a deck folder, or by the name of a bundled deck (made
    /// of the merged cards).
    ///
    /// # Errors
    /// No deck of that name, or a deck file that does not load.
    pub fn deck(&self, name: &str) -> Result<Deck, LibraryError> {
        if let Some(file) = self.deck_file(name) {
            let mut deck = self
                .loader
                .load_deck(self.catalog(), &file)
                .map_err(|errors| self.deck_error(&file, errors))?;
            deck.name = stem(&file).unwrap_or_else(|| name.to_owned());
            return Ok(deck);
        }
        let bundled = self.bundled.as_ref().and_then(|b| {
            if self.merged.shadows.is_empty() {
                b.deck(name).cloned().map(Ok)
            } else {
                b.deck_of(name, self.catalog())
            }
        });
        match bundled {
            Some(Ok(mut deck)) => {
                deck.name = name.to_owned();
                Ok(deck)
            }
            // The merged catalog holds every bundled id: a bundled deck always builds.
            Some(Err(errors)) => Err(LibraryError::Cards(errors)),
            None => Err(self.no_deck(name)),
        }
    }

    /// The names of the decks of the user's deck folders (file stems), sorted.
    ///
    /// # Errors
    /// A deck folder that cannot be read.
    pub fn own_deck_names(&self) -> Result<Vec<String>, LibraryError> {
        let mut names: Vec<String> = Vec::new();
        for dir in &self.sources.decks {
            let files = yaml_files_in(dir).map_err(|source| LibraryError::ReadDir {
                path: dir.clone(),
                source,
            })?;
            names.extend(files.iter().filter_map(|f| stem(f)));
        }
        names.sort();
        names.dedup();
        Ok(names)
    }

    /// The names of the bundled decks (none when they are left out), sorted.
    pub fn bundled_deck_names(&self) -> Vec<String> {
        self.bundled
            .as_ref()
            .map(|b| b.deck_names().into_iter().map(str::to_owned).collect())
            .unwrap_or_default()
    }

    /// The decks a command that plays "every deck" plays: the user's, or the bundled ones when
    /// the user has none; both when `with_bundled` (a user's deck shadows a bundled deck of
    /// the same name). Sorted.
    ///
    /// # Errors
    /// A deck folder that cannot be read.
    pub fn every_deck_name(&self, with_bundled: bool) -> Result<Vec<String>, LibraryError> {
        let mut names = self.own_deck_names()?;
        if names.is_empty() || with_bundled {
            names.extend(self.bundled_deck_names());
            names.sort();
            names.dedup();
        }
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

    /// A deck file's errors, with a note on where cards were looked for when one is unknown,
    /// and one for each unknown card that is a bundled card left out.
    fn deck_error(&self, file: &Path, errors: LoadErrors) -> LibraryError {
        let unknown: Vec<&str> = errors
            .iter()
            .filter_map(|e| match e.kind() {
                ErrorKind::Deck(DeckError::UnknownCard { card_id, .. })
                | ErrorKind::UnknownCard { card_id, .. } => Some(card_id.as_str()),
                _ => None,
            })
            .collect();
        let mut notes = String::new();
        if !unknown.is_empty() {
            notes.push_str(&format!(
                "\n{}: note: cards were looked for in {} (add a directory with --cards)",
                file.display(),
                self.card_places()
            ));
        }
        if self.bundled.is_none() {
            let left_out: Vec<&str> = unknown.into_iter().filter(|id| is_bundled_id(id)).collect();
            for id in left_out {
                notes.push_str(&format!(
                    "\n{}: note: `{id}` is a bundled card, and {} leaves the bundled cards out",
                    file.display(),
                    self.sources.bundled_switch
                ));
            }
        }
        LibraryError::Deck { errors, notes }
    }

    fn no_deck(&self, name: &str) -> LibraryError {
        let mut known = self.own_deck_names().unwrap_or_default();
        known.extend(self.bundled_deck_names());
        known.sort();
        known.dedup();
        let mut places: Vec<String> = self
            .sources
            .decks
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if self.bundled.is_some() {
            places.push("the bundled decks".to_owned());
        }
        LibraryError::NoDeck {
            name: name.to_owned(),
            places: and_list(&places, "no deck directory"),
            known: if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            },
        }
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

/// True when a bundled card has this id (read from the compiled-in files, without loading them).
fn is_bundled_id(id: &str) -> bool {
    crate::bundled::bundled_card_files()
        .iter()
        .any(|file| crate::yaml::card_id_of(file.text).as_deref() == Some(id))
}

/// What is wrong with a path that should be there, or `None` when it can be opened.
pub fn path_problem(path: &Path) -> Option<String> {
    let error = std::fs::metadata(path).err()?;
    Some(if error.kind() == std::io::ErrorKind::NotFound {
        if std::fs::symlink_metadata(path).is_ok() {
            "a symbolic link to nothing (no such file or directory)".to_owned()
        } else {
            "no such file or directory".to_owned()
        }
    } else {
        format!("cannot be opened: {error}")
    })
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
