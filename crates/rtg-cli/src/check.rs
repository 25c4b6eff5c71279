//! `rtg check`: load every card file, then every deck file against those cards, and report
//! every problem found.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rtg::CardId;
use rtg::Catalog;
use rtg::yaml::{DeckError, ErrorKind, LoadError, Loader, is_deck_file, yaml_files_in};

use crate::output::{err, out, path_problem};

/// The paths checked when none are given.
const DEFAULT_PATHS: [&str; 2] = ["cards", "decks"];

/// The arguments of `rtg check` (its help text is on `Command::Check`).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Files or directories to check [default: cards/ and decks/ of the working directory,
    /// those that exist].
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Treat warnings as errors: exit 1 when there are any.
    #[arg(long)]
    deny_warnings: bool,
}

/// The files to check, sorted into cards and decks.
#[derive(Default)]
struct Files {
    cards: Vec<PathBuf>,
    decks: Vec<PathBuf>,
    seen: BTreeSet<PathBuf>,
}

impl Files {
    fn add(&mut self, file: PathBuf, deck: bool) {
        let key = file.canonicalize().unwrap_or_else(|_| file.clone());
        if !self.seen.insert(key) {
            return;
        }
        if deck {
            self.decks.push(file);
        } else {
            self.cards.push(file);
        }
    }
}

/// Runs `rtg check`.
pub(crate) fn run(args: &Args) -> u8 {
    let paths: Vec<PathBuf> = if args.paths.is_empty() {
        let found: Vec<PathBuf> = DEFAULT_PATHS
            .iter()
            .map(PathBuf::from)
            .filter(|p| p.exists())
            .collect();
        if found.is_empty() {
            err("error: no paths given, and there is no cards/ or decks/ directory here");
            return 2;
        }
        found
    } else {
        args.paths.clone()
    };
    if let Some(problem) = paths.iter().find_map(|p| path_problem(p)) {
        err(format!("error: {problem}"));
        return 2;
    }

    let mut files = Files::default();
    let mut errors: Vec<LoadError> = Vec::new();
    for path in &paths {
        collect(path, &mut files, &mut errors);
    }

    let loader = Loader::default();
    let report = loader.load_card_files(&files.cards, None);
    errors.extend(report.errors);
    let mut catalog = Catalog::new();
    for card in report.cards {
        if let Err(e) = catalog.insert(card.definition, Some(card.source)) {
            errors.push(e);
        }
    }
    if let Err(e) = catalog.check() {
        errors.push(e);
    }
    for deck in &files.decks {
        if let Err(deck_errors) = loader.load_deck(&catalog, deck) {
            errors.extend(
                deck_errors
                    .into_iter()
                    .filter(|e| !names_a_broken_card(e, &report.failed_ids)),
            );
        }
    }

    // Errors and warnings of a file together, files in the order they were read.
    let mut lines: Vec<(&Path, bool, String)> = errors
        .iter()
        .map(|e| (e.file.as_path(), true, e.to_string()))
        .chain(
            report
                .warnings
                .iter()
                .map(|w| (w.file.as_path(), false, w.to_string())),
        )
        .collect();
    let order: Vec<&Path> = files
        .cards
        .iter()
        .chain(&files.decks)
        .map(PathBuf::as_path)
        .collect();
    let rank = |file: &Path| order.iter().position(|f| *f == file).unwrap_or(usize::MAX);
    lines.sort_by_key(|(file, error, _)| (rank(file), !error));
    for (_, _, line) in &lines {
        out(line);
    }
    let warnings = report.warnings.len();
    out(format!(
        "checked {} and {}: {}, {}",
        plural(files.cards.len(), "card"),
        plural(files.decks.len(), "deck"),
        plural(errors.len(), "error"),
        plural(warnings, "warning")
    ));
    if errors.is_empty() && (warnings == 0 || !args.deny_warnings) {
        0
    } else {
        1
    }
}

/// Sorts the files of `path` (a file or a directory) into cards and decks.
fn collect(path: &Path, files: &mut Files, errors: &mut Vec<LoadError>) {
    if !path.is_dir() {
        files.add(path.to_path_buf(), is_deck_file(path));
        return;
    }
    let deck_dir = path
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n == "decks"))
        .unwrap_or(false);
    match yaml_files_in(path) {
        Ok(found) => {
            for file in found {
                let deck = deck_dir || is_deck_file(&file);
                files.add(file, deck);
            }
        }
        Err(e) => errors.push(LoadError::new(path, ErrorKind::Io(e))),
    }
}

/// True when a deck error is about a card whose own file failed to load (already reported).
fn names_a_broken_card(error: &LoadError, failed: &[CardId]) -> bool {
    match error.kind() {
        ErrorKind::Deck(DeckError::UnknownCard { card_id, .. }) => {
            failed.iter().any(|f| f.as_str() == card_id)
        }
        _ => false,
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
