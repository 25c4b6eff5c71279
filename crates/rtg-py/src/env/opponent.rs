//! The opponent's seat: a bot of the registry, or a Python callable asked with a `View` of its
//! own seat (so it cannot see what its player may not).

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use rtg::Action;
use rtg::sim::{Bot, BotRegistry, BotSpec, Driver};

use super::StepError;
use crate::obs::legal_by_index;
use crate::state::PyAction;
use crate::view::PyView;

/// Who plays the opponent's seat.
pub(super) enum Opponent {
    /// A bot of the registry.
    Bot(Arc<dyn Bot>),
    /// `callable(view, legal) -> action index or rtg.Action`, asked at each of its decisions.
    Python(Py<PyAny>),
}

/// The opponent a Python caller gave: a bot spec (`"heuristic"` when None) or a callable; with
/// the spec the games' settings record (`python` for a callable).
pub(super) fn of(opponent: Option<&Bound<'_, PyAny>>) -> PyResult<(BotSpec, Opponent)> {
    Ok(match opponent {
        Some(callable) if !callable.is_instance_of::<pyo3::types::PyString>() => {
            if !callable.is_callable() {
                return Err(PyTypeError::new_err(
                    "opponent is a bot spec (a str) or a callable(view, legal) -> action",
                ));
            }
            (
                BotSpec::new("python"),
                Opponent::Python(callable.clone().unbind()),
            )
        }
        spec => {
            let spec: String = spec.map_or(Ok("heuristic".to_owned()), |s| s.extract())?;
            let registry = BotRegistry::builtin();
            let spec = registry
                .parse(&spec)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let bot = registry
                .make(&spec)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            (spec, Opponent::Bot(bot))
        }
    })
}

/// The opponent callable's action now: it is called with a `View` of its seat and its legal
/// actions as (index, `rtg.Action`) pairs, and returns one of the indices or an `rtg.Action`
/// among the view's legal actions.
pub(super) fn ask(
    py: Python<'_>,
    callable: &Py<PyAny>,
    driver: &Driver,
) -> Result<Action, StepError> {
    let view = driver.view();
    let mut legal = Vec::new();
    legal_by_index(&view, &mut legal);
    if driver.forced().is_some() {
        // Past the phase cap only the advance is played, whatever is chosen.
        legal.retain(|(i, _)| *i == 0);
    }
    let offered: Vec<(u16, PyAction)> = legal
        .iter()
        .map(|(i, a)| (*i, PyAction { action: a.clone() }))
        .collect();
    let answer = callable
        .call1(py, (PyView::of(&view), offered))
        .map_err(StepError::Python)?;
    let answer = answer.bind(py);
    let found = if let Ok(action) = answer.cast::<PyAction>() {
        let action = action.get().action.clone();
        view.legal_actions().contains(&action).then_some(action)
    } else if let Ok(index) = answer.extract::<i64>() {
        legal
            .iter()
            .find(|(j, _)| i64::from(*j) == index)
            .map(|(_, a)| a.clone())
    } else {
        return Err(StepError::Python(PyTypeError::new_err(format!(
            "the opponent returned {}: it must return an action index or an rtg.Action",
            answer
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))));
    };
    found.ok_or_else(|| {
        let indices: Vec<u16> = legal.iter().map(|(i, _)| *i).collect();
        StepError::Refused(format!(
            "the opponent returned {}, which is not legal now (its legal indices: {indices:?})",
            answer
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })
}
