//! `rtg check`: load every card file, then every deck file against those cards, and report
//! every problem found.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use rtg::CardId;
use rtg::yaml::{
    BUNDLED_ROOT, DeckError, ErrorKind, LoadError, Loader, Merged, Origin, is_deck_file,
    merge_cards, yaml_files_in,
};

use crate::output::{err, out, path_problem};
use crate::settings::Settings;
use crate::setup::sources;

/// The arguments of `rtg check` (its help text is on `Command::Check`).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Files or directories to check [default: `rtg.toml`'s `cards` and `decks`, else cards/
    /// and decks/ of the working directory, those that exist].
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Treat warnings as errors: exit 1 when there are any.
    #[arg(long)]
    deny_warnings: bool,
    /// Leave the bundled cards out: the files checked must hold every card their decks name.
    #[arg(long)]
    no_bundled: bool,
    /// List every card with the file it came from (`<bundled>/cards/...` for a bundled card).
    #[arg(long)]
    list: bool,
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
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(error) => {
            err(format!("error: {error}"));
            return error.code();
        }
    };
    let bundled = (!args.no_bundled && settings.bundled.unwrap_or(true)).then(rtg::bundled);
    let paths: Vec<PathBuf> = if args.paths.is_empty() {
        let defaults = sources(&[], &[], args.no_bundled, &settings);
        let found: Vec<PathBuf> = defaults.cards.into_iter().chain(defaults.decks).collect();
        if found.is_empty() && bundled.is_none() {
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
    let mut merged = merge_cards(&loader, bundled.as_ref(), &files.cards);
    errors.append(&mut merged.errors);
    for deck in &files.decks {
        if let Err(deck_errors) = loader.load_deck(&merged.catalog, deck) {
            errors.extend(
                deck_errors
                    .into_iter()
                    .filter(|e| !names_a_broken_card(e, &merged.failed_ids)),
            );
        }
    }

    // Errors and warnings of a file together, files in the order they were read.
    let mut lines: Vec<(&Path, bool, String)> = errors
        .iter()
        .map(|e| (e.file.as_path(), true, e.to_string()))
        .chain(
            merged
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
    if let Some(notice) = merged.shadow_notice() {
        out(format!("warning: {notice}"));
    }
    if args.list {
        for (id, origin) in &merged.origins {
            out(list_line(id, origin, &merged));
        }
    }
    out(origins_line(&merged.origins, bundled.is_some()));
    let warnings = merged.warnings.len() + usize::from(merged.shadow_notice().is_some());
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

/// One card of `--list`: its id, its file, and how it relates to the bundled card of its id.
fn list_line(id: &CardId, origin: &Origin, merged: &Merged) -> String {
    match origin {
        Origin::Bundled => format!(
            "{id}  {}",
            merged
                .catalog
                .source(id.as_str())
                .map_or_else(|| BUNDLED_ROOT.to_owned(), |p| p.display().to_string())
        ),
        Origin::Own(path) => format!("{id}  {}", path.display()),
        Origin::SameAsBundled(path) => {
            format!("{id}  {} (the same as the bundled card)", path.display())
        }
        Origin::ShadowsBundled(path) => {
            let decks = merged
                .shadows
                .iter()
                .find(|shadow| shadow.card_id == *id)
                .map(|shadow| shadow.decks.join(", "))
                .unwrap_or_default();
            format!(
                "{id}  {} (replaces the bundled card{})",
                path.display(),
                if decks.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; played by the bundled {} {decks}",
                        if decks.contains(',') { "decks" } else { "deck" }
                    )
                }
            )
        }
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

/// Where the cards came from, in one line: `cards: 68 bundled, 3 from my/cards (1 the same as
/// the bundled card, 2 replacing bundled cards)`.
fn origins_line(origins: &BTreeMap<CardId, Origin>, bundled: bool) -> String {
    let mut only_bundled = 0;
    // By directory, in name order: a count, how many equal the bundled card, how many replace
    // one.
    let mut by_dir: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for origin in origins.values() {
        let Some(path) = origin.file() else {
            only_bundled += 1;
            continue;
        };
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| ".".to_owned(), |p| p.display().to_string());
        let entry = by_dir.entry(dir).or_default();
        entry.0 += 1;
        entry.1 += usize::from(matches!(origin, Origin::SameAsBundled(_)));
        entry.2 += usize::from(matches!(origin, Origin::ShadowsBundled(_)));
    }
    let mut parts: Vec<String> = Vec::new();
    if bundled {
        parts.push(format!("{only_bundled} bundled"));
    }
    for (dir, (count, same, replacing)) in by_dir {
        let mut part = format!("{count} from {dir}");
        let cards = |n: usize| if n == 1 { "card" } else { "cards" };
        let mut notes = Vec::new();
        if same == count {
            notes.push("all the same as the bundled cards".to_owned());
        } else if same > 0 {
            notes.push(format!("{same} the same as the bundled {}", cards(same)));
        }
        if replacing > 0 {
            notes.push(format!(
                "{replacing} replacing bundled {}",
                cards(replacing)
            ));
        }
        if !notes.is_empty() {
            part.push_str(&format!(" ({})", notes.join(", ")));
        }
        parts.push(part);
    }
    if parts.is_empty() {
        "cards: none".to_owned()
    } else {
        format!("cards: {}", parts.join(", "))
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
