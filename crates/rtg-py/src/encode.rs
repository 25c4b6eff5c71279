//! The agents' encoding for Python (`rtg.encode`).
//!
//! Everything here calls `obs.rs`, the code the vectorized environment encodes with: an
//! observation, a mask or an action index from Python is the environment's, value for value.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use rtg::sim::PlayerView;
use rtg::{Action, PlayerId};

use crate::obs::{
    ACTION_COUNT, IN_PHASE_AT, OBSERVATION_SIZE, legal_by_index, observe, phase_count,
};
use crate::state::{PyAction, PyState};
use crate::view::PyView;

/// One player's encoding at one moment, computed when a `View` is made (a view keeps no state
/// to compute it from later): the observation with no action counted in the phase, and the
/// legal actions by index.
pub(crate) struct Encoded {
    observation: Vec<f32>,
    by_index: Vec<(u16, Action)>,
}

impl Encoded {
    /// The encoding of `view`, whose legal actions are `legal`.
    pub(crate) fn of(view: &PlayerView<'_>, legal: &[Action]) -> Encoded {
        let mut by_index = Vec::new();
        crate::obs::by_index(view, legal.iter().cloned(), &mut by_index);
        let mut observation = vec![0.0; OBSERVATION_SIZE];
        observe(view, &by_index, 0, &mut observation);
        Encoded {
            observation,
            by_index,
        }
    }
}

/// Floats as the bytes of a float32 array.
pub(crate) fn floats<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |bytes| {
        for (value, out) in values.iter().zip(bytes.chunks_exact_mut(4)) {
            out.copy_from_slice(&value.to_ne_bytes());
        }
        Ok(())
    })
}

/// The mask of these legal actions, one byte per index.
pub(crate) fn mask<'py>(
    py: Python<'py>,
    by_index: &[(u16, Action)],
) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, ACTION_COUNT, |bytes| {
        bytes.fill(0);
        for (i, _) in by_index {
            bytes[usize::from(*i)] = 1;
        }
        Ok(())
    })
}

pub(crate) fn find(by_index: &[(u16, Action)], index: i64) -> PyResult<PyAction> {
    by_index
        .iter()
        .find(|(i, _)| i64::from(*i) == index)
        .map(|(_, a)| PyAction { action: a.clone() })
        .ok_or_else(|| {
            let range = if (0..ACTION_COUNT as i64).contains(&index) {
                "is not a legal action now (see the action mask)"
            } else {
                "is outside the action space"
            };
            PyValueError::new_err(format!(
                "action index {index} {range}: indices are 0 to {}",
                ACTION_COUNT - 1
            ))
        })
}

/// `_rtg.encode_observation(view, in_phase=0)`: the view's observation, float32 values in
/// native byte order; `in_phase` is the count of actions taken in this phase (a view does not
/// know it: the environments' driver does).
#[pyfunction]
#[pyo3(signature = (view, in_phase = 0))]
pub(crate) fn encode_observation<'py>(
    py: Python<'py>,
    view: &PyView,
    in_phase: u32,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut values = view.encoded().observation.clone();
    values[IN_PHASE_AT] = phase_count(in_phase);
    floats(py, &values)
}

/// `_rtg.encode_mask(view)`: one byte (0 or 1) per action index.
#[pyfunction]
pub(crate) fn encode_mask<'py>(py: Python<'py>, view: &PyView) -> PyResult<Bound<'py, PyBytes>> {
    mask(py, &view.encoded().by_index)
}

/// `_rtg.encode_index(view, action)`: the index of one of the view's legal actions, or None
/// when it has none (it fits no slot, or another action of the same index comes first).
#[pyfunction]
pub(crate) fn encode_index(view: &PyView, action: &PyAction) -> Option<u16> {
    view.encoded()
        .by_index
        .iter()
        .find(|(_, a)| *a == action.action)
        .map(|(i, _)| *i)
}

/// `_rtg.encode_action(view_or_state, index)`: the legal action of that index, for a `View`'s
/// player or a `State`'s player to act; ValueError when no legal action has it.
#[pyfunction]
pub(crate) fn encode_action(source: &Bound<'_, PyAny>, index: i64) -> PyResult<PyAction> {
    if let Ok(view) = source.cast::<PyView>() {
        return find(&view.get().encoded().by_index, index);
    }
    if let Ok(state) = source.cast::<PyState>() {
        let state = &state.get().state;
        let mut by_index = Vec::new();
        legal_by_index(
            &PlayerView::new(state, rtg::sim::to_act(state)),
            &mut by_index,
        );
        return find(&by_index, index);
    }
    Err(PyTypeError::new_err(format!(
        "action_from_index takes an rtg.View or an rtg.State, found {}",
        source.get_type().name()?
    )))
}

/// `_rtg.view_of(state, player)`: a seat's `View` of a state.
#[pyfunction]
pub(crate) fn view_of(state: &PyState, player: i64) -> PyResult<PyView> {
    Ok(PyView::of(&PlayerView::new(&state.state, seat(player)?)))
}

/// Seat 0 or 1, or a ValueError.
pub(crate) fn seat(player: i64) -> PyResult<PlayerId> {
    match player {
        0 | 1 => Ok(PlayerId::ALL[player as usize]),
        _ => Err(PyValueError::new_err(format!(
            "no player {player}: players are 0 and 1"
        ))),
    }
}
