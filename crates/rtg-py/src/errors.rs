//! Errors as Python exceptions: the classes are defined in Python (`rtg/errors.py`) so that they
//! have ordinary constructors and attributes; this module builds them from rtg's typed errors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use rtg::RulesError;
use rtg::yaml::{LoadError, LoadErrors};

/// An instance of the exception class `name` of `rtg.errors`, called with `args` and `kwargs`.
fn raise(py: Python<'_>, name: &str, message: String, kwargs: &Bound<'_, PyDict>) -> PyErr {
    let made = py
        .import("rtg.errors")
        .and_then(|module| module.getattr(name))
        .and_then(|class| class.call((message,), Some(kwargs)));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        // The package's own module is missing (the native part imported alone): still an error
        // that says what went wrong.
        Err(error) => error,
    }
}

/// A refused action as `rtg.RuleError`, whose `kind` is the rule's stable name.
pub(crate) fn rule_error(py: Python<'_>, error: &RulesError) -> PyErr {
    let kwargs = PyDict::new(py);
    let filled = kwargs.set_item("kind", error.kind());
    if let Err(e) = filled {
        return e;
    }
    raise(py, "RuleError", error.to_string(), &kwargs)
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

/// The keyword arguments describing one load error: kind, file, line, column, field, card_id.
fn load_error_kwargs<'py>(py: Python<'py>, error: &LoadError) -> PyResult<Bound<'py, PyDict>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("kind", kind_name(error.kind()))?;
    kwargs.set_item("file", error.file.display().to_string())?;
    kwargs.set_item("line", error.line())?;
    kwargs.set_item("column", error.column())?;
    kwargs.set_item("field", error.field.clone())?;
    kwargs.set_item("card_id", error.card_id.as_ref().map(|c| c.to_string()))?;
    Ok(kwargs)
}

/// One card or deck file error as `rtg.CardError` (file, line, column, field, card_id, kind).
pub(crate) fn load_error(py: Python<'_>, error: &LoadError) -> PyErr {
    match load_error_kwargs(py, error) {
        Ok(kwargs) => raise(py, "CardError", error.to_string(), &kwargs),
        Err(e) => e,
    }
}

/// Several file errors as one `rtg.CardError`: the first one's location, every one in `errors`.
pub(crate) fn load_errors(py: Python<'_>, errors: &LoadErrors) -> PyErr {
    let Some(first) = errors.iter().next() else {
        return PyValueError::new_err("no card could be loaded");
    };
    let built = (|| -> PyResult<PyErr> {
        let kwargs = load_error_kwargs(py, first)?;
        let each = pyo3::types::PyList::empty(py);
        for error in errors.iter() {
            each.append(load_error(py, error).into_value(py))?;
        }
        kwargs.set_item("errors", each)?;
        Ok(raise(py, "CardError", errors.to_string(), &kwargs))
    })();
    built.unwrap_or_else(|e| e)
}

/// An error of another kind (a deck spec, a setup, a replay, a scenario): `rtg.<class>` with
/// this `kind`.
pub(crate) fn other(py: Python<'_>, class: &str, kind: &str, message: String) -> PyErr {
    let kwargs = PyDict::new(py);
    if let Err(e) = kwargs.set_item("kind", kind) {
        return e;
    }
    raise(py, class, message, &kwargs)
}
