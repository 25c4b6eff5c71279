//! rtg's Python exceptions, and how rtg's typed errors become them.
//!
//! The classes are native (`create_exception!`, as PyO3 defines exception types), so raising
//! one costs an object and a few attributes, not a call into Python: a loop that tries actions
//! the rules refuse stays fast. Each carries `kind`, the stable snake_case name of what went
//! wrong; file errors carry `file`, `line`, `column`, `field`, `card_id` and `errors`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

use rtg::RulesError;
use rtg::yaml::{LoadError, LoadErrors};

create_exception!(
    rtg,
    RtgError,
    PyValueError,
    "Base class of rtg's errors (a ValueError); `kind` names what went wrong."
);
create_exception!(
    rtg,
    RuleError,
    RtgError,
    "An action the rules refuse. `kind` is the rule (`\"not_enough_mana\"`, `\"wrong_phase\"`, \
     ...: the scenario files' names); the state it was applied to is unchanged."
);
create_exception!(
    rtg,
    CardError,
    RtgError,
    "A card or deck file (or a card made in Python) that cannot be loaded: `file`, `line`, \
     `column` (from 1, or None), `field` (like `abilities[0].alterations[0].effect`), `card_id`, \
     `kind`, and `errors`: every error of a batch of files (this one is the first)."
);
create_exception!(
    rtg,
    DeckError,
    RtgError,
    "A deck spec that cannot be built (an unknown card id, a bad count)."
);
create_exception!(
    rtg,
    SetupError,
    RtgError,
    "A game that cannot be set up from these decks."
);
create_exception!(
    rtg,
    ReplayError,
    RtgError,
    "A replay file that cannot be read or does not replay bit for bit."
);
create_exception!(
    rtg,
    ScenarioError,
    RtgError,
    "A scenario file that cannot be loaded."
);

/// Registers the exception classes in the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RtgError", py.get_type::<RtgError>())?;
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("DeckError", py.get_type::<DeckError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("ReplayError", py.get_type::<ReplayError>())?;
    m.add("ScenarioError", py.get_type::<ScenarioError>())?;
    Ok(())
}

/// An exception instance with `kind` set.
fn with_kind(py: Python<'_>, error: PyErr, kind: &str) -> PyErr {
    match error.value(py).setattr("kind", kind) {
        Ok(()) => error,
        Err(e) => e,
    }
}

/// A refused action as `rtg.RuleError`, whose `kind` is the rule's stable name.
///
/// The instance is made by calling the class (rather than normalizing a lazy `PyErr`, which
/// goes through raising and fetching it): refusals are frequent in loops that try actions.
pub(crate) fn rule_error(py: Python<'_>, error: &RulesError) -> PyErr {
    use std::fmt::Write as _;
    // A message is a few dozen bytes: one allocation, not one per growth.
    let mut message = String::with_capacity(96);
    let _ = write!(message, "{error}");
    let made = py
        .get_type::<RuleError>()
        .call1((message,))
        .and_then(|instance| {
            instance.setattr(pyo3::intern!(py, "kind"), kind_string(py, error.kind())?)?;
            Ok(instance)
        });
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// The `kind` of a refusal as a Python string made once per interpreter for each of
/// [`RulesError::KINDS`] (immutable strings, nothing of a game).
fn kind_string<'py>(py: Python<'py>, kind: &'static str) -> PyResult<Bound<'py, PyString>> {
    static KINDS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let kinds = KINDS.get_or_init(py, || {
        RulesError::KINDS
            .iter()
            .map(|k| PyString::intern(py, k).unbind())
            .collect()
    });
    match RulesError::KINDS.iter().position(|k| *k == kind) {
        Some(at) => Ok(kinds[at].bind(py).clone()),
        None => Ok(PyString::new(py, kind)),
    }
}

/// The snake_case name of an error kind's variant (`UnknownField { .. }` → `unknown_field`).
pub(crate) fn kind_name(kind: &impl std::fmt::Debug) -> String {
    let shown = format!("{kind:?}");
    let variant: String = shown
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let mut out = String::with_capacity(variant.len() + 4);
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Sets the location attributes of one load error on an exception value.
fn locate(value: &Bound<'_, pyo3::exceptions::PyBaseException>, error: &LoadError) -> PyResult<()> {
    value.setattr("kind", kind_name(error.kind()))?;
    value.setattr("file", error.file.display().to_string())?;
    value.setattr("line", error.line())?;
    value.setattr("column", error.column())?;
    value.setattr("field", error.field.clone())?;
    value.setattr("card_id", error.card_id.as_ref().map(|c| c.to_string()))?;
    Ok(())
}

/// One card or deck file error as `rtg.CardError`.
pub(crate) fn load_error(py: Python<'_>, error: &LoadError) -> PyErr {
    let made = CardError::new_err(error.to_string());
    let value = made.value(py);
    let filled =
        locate(value, error).and_then(|()| value.setattr("errors", PyList::new(py, [value])?));
    match filled {
        Ok(()) => made,
        Err(e) => e,
    }
}

/// Several file errors as one `rtg.CardError`: the first one's location, every one in `errors`.
pub(crate) fn load_errors(py: Python<'_>, errors: &LoadErrors) -> PyErr {
    let Some(first) = errors.iter().next() else {
        return PyValueError::new_err("no card could be loaded");
    };
    let made = CardError::new_err(errors.to_string());
    let filled = (|| -> PyResult<()> {
        let value = made.value(py);
        locate(value, first)?;
        let each = PyList::empty(py);
        for error in errors.iter() {
            each.append(load_error(py, error).into_value(py))?;
        }
        value.setattr("errors", each)
    })();
    match filled {
        Ok(()) => made,
        Err(e) => e,
    }
}

/// An error of another class (a deck spec, a setup, a replay, a scenario) with this `kind`.
pub(crate) fn other(py: Python<'_>, class: &str, kind: &str, message: String) -> PyErr {
    let made = match class {
        "DeckError" => DeckError::new_err(message),
        "SetupError" => SetupError::new_err(message),
        "ReplayError" => ReplayError::new_err(message),
        "ScenarioError" => ScenarioError::new_err(message),
        "RuleError" => RuleError::new_err(message),
        _ => RtgError::new_err(message),
    };
    with_kind(py, made, kind)
}
