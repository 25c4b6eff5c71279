//! The catalogue of condition variables (`rtg::VARIABLES`, the one the loader checks card files
//! against), for PTG 0.9.13's `get_all_variables()`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// An example value as written in the catalogue, typed as PTG's catalogue types it: an int for
/// a number variable, a bool for a true-or-false one, the text for a name.
fn example<'py>(py: Python<'py>, var_type: &str, text: &str) -> PyResult<Bound<'py, PyAny>> {
    Ok(match var_type {
        "int" => match text.parse::<i64>() {
            Ok(n) => n.into_pyobject(py)?.into_any(),
            Err(_) => text.into_pyobject(py)?.into_any(),
        },
        "bool" => pyo3::types::PyBool::new(py, text == "true")
            .to_owned()
            .into_any(),
        _ => text.into_pyobject(py)?.into_any(),
    })
}

/// `variables()`: every condition variable, in the catalogue's order (PTG 0.9.13's), as dicts
/// of PTG's `get_all_variables()` (name, description, return_type, applicable_operators,
/// example_values, params_schema) plus rtg's `category`; each parameter of `params_schema` has
/// PTG's `type` and `description`, and rtg's `required` and `default`.
#[pyfunction]
pub(crate) fn variables(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for spec in rtg::VARIABLES.iter() {
        let var_type = spec.var_type.name();
        let dict = PyDict::new(py);
        dict.set_item("name", spec.name)?;
        dict.set_item("description", spec.description)?;
        dict.set_item("return_type", var_type)?;
        let operators: Vec<&str> = spec
            .var_type
            .operators()
            .iter()
            .map(|op| op.symbol())
            .collect();
        dict.set_item("applicable_operators", operators)?;
        let examples = PyList::empty(py);
        for text in spec.examples {
            examples.append(example(py, var_type, text)?)?;
        }
        dict.set_item("example_values", examples)?;
        if spec.params.is_empty() {
            dict.set_item("params_schema", py.None())?;
        } else {
            let schema = PyDict::new(py);
            for param in spec.params {
                let entry = PyDict::new(py);
                entry.set_item("type", param.kind.type_name())?;
                entry.set_item("description", param.description)?;
                entry.set_item("required", param.default.is_none())?;
                entry.set_item("default", param.default)?;
                schema.set_item(param.name, entry)?;
            }
            dict.set_item("params_schema", schema)?;
        }
        dict.set_item("category", spec.category)?;
        list.append(dict)?;
    }
    Ok(list)
}
