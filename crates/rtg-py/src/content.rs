//! The cards and decks Python names by path or stem, read as the command line reads them: the
//! bundled set compiled into the package, plus `cards/` and `decks/` of the working directory
//! (or the `cards` given), one card id defined twice being an error naming both files.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use rtg::Catalog;
use rtg::yaml::{LoadErrors, Loader, merge_cards, yaml_files_in};

use crate::errors;

/// A card directory or file argument: None (`cards/` when there is one), one path, or a list.
pub(crate) fn card_paths(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    match cards {
        Some(c) if !c.is_none() => {
            if let Ok(path) = c.extract::<PathBuf>() {
                return Ok(vec![path]);
            }
            let mut paths = Vec::new();
            for item in c.try_iter()? {
                paths.push(item?.extract::<PathBuf>()?);
            }
            Ok(paths)
        }
        _ => {
            let here = PathBuf::from("cards");
            Ok(if here.is_dir() {
                vec![here]
            } else {
                Vec::new()
            })
        }
    }
}

/// The bundled cards and every card of these directories (or files), in one catalog.
pub(crate) fn load_catalog(py: Python<'_>, paths: &[PathBuf]) -> PyResult<Catalog> {
    load_catalog_of(py, paths, true)
}

/// The cards of these paths, beside the bundled ones when `with_bundled`.
pub(crate) fn load_catalog_of(
    py: Python<'_>,
    paths: &[PathBuf],
    with_bundled: bool,
) -> PyResult<Catalog> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let found = yaml_files_in(path).map_err(|e| {
                pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display()))
            })?;
            files.extend(found);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
                "{}: no such card directory or file",
                path.display()
            )));
        }
    }
    let bundled = with_bundled.then(rtg::bundled);
    let report = Loader::default().load_card_files(&files, bundled.as_ref().map(|b| b.catalog()));
    let merged = merge_cards(bundled.as_ref(), report);
    if !merged.errors.is_empty() {
        return Err(errors::load_errors(py, &LoadErrors(merged.errors)));
    }
    Ok(merged.catalog)
}

/// A deck named by path, by stem in `decks/`, or by the name of a bundled deck: its stem and
/// its cards.
pub(crate) fn named_deck(
    py: Python<'_>,
    name: &str,
    catalog: &Catalog,
) -> PyResult<(String, Vec<std::sync::Arc<rtg::CardDefinition>>)> {
    let as_path = PathBuf::from(name);
    let file = if as_path.is_file() {
        Some(as_path)
    } else {
        ["yaml", "yml"]
            .iter()
            .map(|ext| PathBuf::from("decks").join(format!("{name}.{ext}")))
            .find(|candidate| candidate.is_file())
    };
    if let Some(file) = file {
        let loaded = rtg::load_deck(catalog, &file).map_err(|e| errors::load_errors(py, &e))?;
        let stem = file
            .file_stem()
            .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned());
        return Ok((stem, loaded.cards));
    }
    let bundled = rtg::bundled();
    match bundled.deck(name) {
        Some(deck) => Ok((name.to_owned(), deck.cards.clone())),
        None => Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
            "no deck `{name}`: not a file, no {name}.yaml in decks/, and no bundled deck of \
             that name; bundled decks: {}",
            bundled.deck_names().join(", ")
        ))),
    }
}

/// `_rtg.named_deck(name, cards=None)`: the stem and card definitions of a deck named as
/// `simulate` names it (for the environments, written in Python).
#[pyfunction(name = "named_deck")]
#[pyo3(signature = (name, cards = None))]
pub(crate) fn py_named_deck<'py>(
    py: Python<'py>,
    name: PathBuf,
    cards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let catalog = load_catalog(py, &card_paths(cards)?)?;
    let (stem, defs) = named_deck(py, &name.to_string_lossy(), &catalog)?;
    let list = crate::cards::wrap_all(py, &defs)?;
    PyTuple::new(py, [stem.into_pyobject(py)?.into_any(), list.into_any()])
}
