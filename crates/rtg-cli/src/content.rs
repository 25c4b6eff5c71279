//! Loading the cards and decks a command plays with, and the command's errors.

use std::path::PathBuf;

use rtg::Catalog;
use rtg::sim::DeckList;
use rtg::yaml::{DeckError, ErrorKind, Loader};

use crate::output::path_problem;

/// A command that failed: a usage error (exit 2), a content error or an output that could not
/// be written (exit 1).
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// Bad arguments or a missing file: exit status 2.
    #[error("{0}")]
    Usage(String),
    /// Invalid cards, decks, scenarios, replays or reports, or a failed check: exit status 1.
    #[error("{0}")]
    Content(String),
    /// Invalid files, reported by lines that already say where and what
    /// (`path:line:col: error: ...`): exit status 1, printed as they are.
    #[error("{0}")]
    Diagnostics(String),
    /// Standard output could not be written (a full disk, `> /dev/full`, an I/O error; not a
    /// closed pipe, which ends the output quietly): exit status 1.
    #[error("cannot write to standard output: {0}")]
    Output(#[source] std::io::Error),
}

impl CliError {
    /// The exit status.
    pub(crate) fn code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Content(_) | CliError::Diagnostics(_) | CliError::Output(_) => 1,
        }
    }
}

impl From<rtg::sim::FileError> for CliError {
    /// A missing, unreadable or special file is a usage error; a file too large or not of the
    /// expected JSON shape is invalid input.
    fn from(error: rtg::sim::FileError) -> CliError {
        if error.is_about_the_path() {
            CliError::Usage(error.to_string())
        } else {
            CliError::Content(error.to_string())
        }
    }
}

/// Loads every card file of these directories (or files) into one catalog.
pub(crate) fn load_catalog(loader: &Loader, paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let mut cards = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        if let Some(problem) = path_problem(path) {
            return Err(CliError::Usage(format!(
                "{problem} (cards are looked for in `cards/` unless --cards is given)"
            )));
        }
        if path.is_dir() {
            match loader.load_cards_from_dir(path, None) {
                Ok(loaded) => cards.extend(loaded),
                Err(errors) => problems.extend(errors.iter().map(|e| e.to_string())),
            }
        } else {
            match loader.load_card(path, None) {
                Ok(card) => cards.push(card),
                Err(e) => problems.push(e.to_string()),
            }
        }
    }
    if !problems.is_empty() {
        return Err(CliError::Diagnostics(problems.join("\n")));
    }
    rtg::build_catalog(cards).map_err(|e| CliError::Diagnostics(e.to_string()))
}

/// The file of a deck named by path or by file stem (`aggro` → `decks/aggro.yaml`), looked for
/// in each deck directory in the order given.
pub(crate) fn deck_file(name: &str, decks: &[PathBuf]) -> Result<PathBuf, CliError> {
    let as_path = PathBuf::from(name);
    if as_path.is_file() {
        return Ok(as_path);
    }
    for dir in decks {
        for ext in ["yaml", "yml"] {
            let candidate = dir.join(format!("{name}.{ext}"));
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    let mut known: Vec<String> = decks
        .iter()
        .flat_map(|dir| rtg::yaml::yaml_files_in(dir).unwrap_or_default())
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    known.sort();
    known.dedup();
    Err(CliError::Usage(format!(
        "no deck `{name}`: not a file, and no {name}.yaml in {}; known decks: {}",
        list_paths(decks),
        if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        }
    )))
}

/// Loads a deck named by path or stem against a catalog. `card_paths` are where the catalog's
/// cards came from, named when the deck lists a card none of them holds.
pub(crate) fn load_deck(
    loader: &Loader,
    catalog: &Catalog,
    name: &str,
    decks: &[PathBuf],
    card_paths: &[PathBuf],
) -> Result<DeckList, CliError> {
    let file = deck_file(name, decks)?;
    let deck = loader.load_deck(catalog, &file).map_err(|errors| {
        let unknown_card = errors.iter().any(|e| {
            matches!(
                e.kind(),
                ErrorKind::Deck(DeckError::UnknownCard { .. }) | ErrorKind::UnknownCard { .. }
            )
        });
        let mut message = errors.to_string();
        if unknown_card {
            message.push_str(&format!(
                "\n{}: note: cards were looked for in {} (add a directory with --cards)",
                file.display(),
                list_paths(card_paths)
            ));
        }
        CliError::Diagnostics(message)
    })?;
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name.to_owned());
    Ok(DeckList {
        name: stem,
        cards: deck.cards.clone(),
    })
}

/// `a, b and c` of the paths, as written.
fn list_paths(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    match shown.split_last() {
        None => "no directory".to_owned(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
