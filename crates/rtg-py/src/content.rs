//! The cards and decks Python names by path or stem, read as the command line reads them
//! ([`rtg::yaml::Library`]): the bundled set compiled into the package (unless `bundled=False`),
//! plus `cards/` and `decks/` of the working directory (or the `cards` given). A card of the
//! user's with a bundled card's id replaces it, with a [`ShadowWarning`].

use std::ffi::CString;
use std::path::PathBuf;

use pyo3::create_exception;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use rtg::yaml::{Library, LibraryError, Sources};

use crate::errors;

create_exception!(
    rtg,
    ShadowWarning,
    PyUserWarning,
    "Cards of your own replace bundled cards of the same id (PTG's README cards reuse the \
     bundled ids): the message names them and the bundled decks that now play your versions."
);

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
        _ => Ok(here("cards")),
    }
}

/// `[name]` when the working directory has a folder of that name, else nothing.
fn here(name: &str) -> Vec<PathBuf> {
    let path = PathBuf::from(name);
    if path.is_dir() {
        vec![path]
    } else {
        Vec::new()
    }
}

/// The library of these card paths and `decks/`, beside the bundled set when `bundled`; warns
/// (`ShadowWarning`) when the user's cards replace bundled ones.
pub(crate) fn open_library(
    py: Python<'_>,
    cards: Vec<PathBuf>,
    bundled: bool,
) -> PyResult<Library> {
    let sources = Sources {
        bundled,
        cards,
        decks: here("decks"),
        bundled_switch: "bundled=False".to_owned(),
    };
    let library = Library::open(&sources).map_err(|e| library_error(py, e))?;
    if let Some(notice) = library.shadow_notice() {
        let message = CString::new(notice.to_string().replace('\0', " "))
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
        PyErr::warn(py, &py.get_type::<ShadowWarning>(), &message, 1)?;
    }
    Ok(library)
}

/// A library's error as Python's: a missing path `FileNotFoundError`, a folder that cannot be
/// read `OSError`, bad files `CardError`, an unknown deck `FileNotFoundError`.
pub(crate) fn library_error(py: Python<'_>, error: LibraryError) -> PyErr {
    match error {
        LibraryError::Cards(errors) => errors::load_errors(py, &errors),
        LibraryError::Deck { errors, notes } => {
            let made = errors::load_errors(py, &errors);
            if notes.is_empty() {
                return made;
            }
            // The notes (where cards were looked for) follow the errors in the message.
            let message = format!("{errors}{notes}");
            match made.value(py).setattr("args", (message,)) {
                Ok(()) => made,
                Err(e) => e,
            }
        }
        LibraryError::MissingPath { .. } | LibraryError::NoDeck { .. } => {
            PyFileNotFoundError::new_err(error.to_string())
        }
        LibraryError::ReadDir { .. } => PyOSError::new_err(error.to_string()),
    }
}

/// A deck named by path, by stem in `decks/`, or by the name of a bundled deck: its stem and
/// its cards.
pub(crate) fn named_deck(
    py: Python<'_>,
    name: &str,
    library: &Library,
) -> PyResult<(String, Vec<std::sync::Arc<rtg::CardDefinition>>)> {
    let deck = library.deck(name).map_err(|e| library_error(py, e))?;
    Ok((deck.name, deck.cards))
}

/// `_rtg.named_deck(name, cards=None, bundled=True)`: the stem and card definitions of a deck
/// named as `simulate` names it (for the environments, written in Python).
#[pyfunction(name = "named_deck")]
#[pyo3(signature = (name, cards = None, bundled = true))]
pub(crate) fn py_named_deck<'py>(
    py: Python<'py>,
    name: PathBuf,
    cards: Option<&Bound<'py, PyAny>>,
    bundled: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    let library = open_library(py, card_paths(cards)?, bundled)?;
    let (stem, defs) = named_deck(py, &name.to_string_lossy(), &library)?;
    let list = crate::cards::wrap_all(py, &defs)?;
    PyTuple::new(py, [stem.into_pyobject(py)?.into_any(), list.into_any()])
}
