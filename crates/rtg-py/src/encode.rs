//! The agents' encoding for Python (`rtg.encode`), and `Duel`, a two-player game on the
//! simulator's driver for the PettingZoo and OpenSpiel-shaped APIs.
//!
//! Everything here calls `obs.rs`, the code the vectorized environment encodes with: an
//! observation, a mask or an action index from Python is the environment's, value for value.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use rtg::sim::{Driver, GameSettings, Matchup, PlayerView};
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

fn floats<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |bytes| {
        for (value, out) in values.iter().zip(bytes.chunks_exact_mut(4)) {
            out.copy_from_slice(&value.to_ne_bytes());
        }
        Ok(())
    })
}

fn mask<'py>(py: Python<'py>, by_index: &[(u16, Action)]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, ACTION_COUNT, |bytes| {
        bytes.fill(0);
        for (i, _) in by_index {
            bytes[usize::from(*i)] = 1;
        }
        Ok(())
    })
}

fn find(by_index: &[(u16, Action)], index: i64) -> PyResult<PyAction> {
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

fn seat(player: i64) -> PyResult<PlayerId> {
    match player {
        0 | 1 => Ok(PlayerId::ALL[player as usize]),
        _ => Err(PyValueError::new_err(format!(
            "no player {player}: players are 0 and 1"
        ))),
    }
}

/// A game between two players who both act through the encoding (self-play, search): the
/// simulator's driver, so the phase cap and its count are the environments' own. Deck A is
/// seat 0 when it goes first (`a_first`), else seat 1.
#[pyclass(module = "rtg", name = "Duel")]
#[derive(Clone)]
pub(crate) struct PyDuel {
    driver: Driver,
}

impl PyDuel {
    /// Seat `p`'s legal actions by index: none unless it acts now, only the advance when the
    /// phase cap forces one.
    fn legal_of(&self, player: PlayerId) -> Vec<(u16, Action)> {
        let mut by_index = Vec::new();
        if self.driver.state().is_over() || self.driver.to_act() != player {
            return by_index;
        }
        legal_by_index(&PlayerView::new(self.driver.state(), player), &mut by_index);
        if self.driver.forced().is_some() {
            by_index.retain(|(i, _)| *i == 0);
        }
        by_index
    }
}

#[pymethods]
impl PyDuel {
    #[new]
    #[pyo3(signature = (deck_a, deck_b, *, seed = 0, a_first = true, max_turns = 200, rules = None))]
    fn new(
        py: Python<'_>,
        deck_a: &Bound<'_, PyAny>,
        deck_b: &Bound<'_, PyAny>,
        seed: u64,
        a_first: bool,
        max_turns: u32,
        rules: Option<&str>,
    ) -> PyResult<PyDuel> {
        let rules = crate::state::rules_of(rules)?;
        if max_turns == 0 || max_turns > rtg::sim::MAX_TURNS {
            return Err(PyValueError::new_err(format!(
                "max_turns must be from 1 to {}",
                rtg::sim::MAX_TURNS
            )));
        }
        let list = |d: &Bound<'_, PyAny>, name: &str| -> PyResult<rtg::sim::DeckList> {
            Ok(rtg::sim::DeckList {
                name: name.to_owned(),
                cards: crate::cards::defs_of(d)?,
            })
        };
        let matchup = Matchup::new(list(deck_a, "player_0")?, list(deck_b, "player_1")?)
            .map_err(|e| crate::errors::other(py, "SetupError", "setup", e.to_string()))?;
        let settings = GameSettings {
            seed,
            a_first,
            bots: [
                rtg::sim::BotSpec::new("player_0"),
                rtg::sim::BotSpec::new("player_1"),
            ],
            max_turns,
            opening_hand: 7,
            rules,
        };
        let state = rtg::sim::initial_state(&matchup, &settings)
            .map_err(|e| crate::errors::other(py, "SetupError", "setup", e))?;
        Ok(PyDuel {
            driver: Driver::new(state),
        })
    }

    /// The seat that acts now (a pending trigger's or choice's controller first).
    fn to_act(&self) -> u8 {
        self.driver.to_act().0
    }

    /// Actions taken in the current phase (the phase cap's count).
    #[getter]
    fn in_phase(&self) -> u32 {
        self.driver.in_phase()
    }

    /// The current state (the whole game: hidden information included).
    #[getter]
    fn state(&self) -> PyState {
        PyState {
            state: self.driver.state().clone(),
        }
    }

    /// A seat's `View`.
    fn view(&self, player: i64) -> PyResult<PyView> {
        Ok(PyView::of(&PlayerView::new(
            self.driver.state(),
            seat(player)?,
        )))
    }

    /// A seat's observation (float32 bytes), its phase count included.
    fn observation<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyBytes>> {
        let player = seat(player)?;
        let mut values = vec![0.0; OBSERVATION_SIZE];
        observe(
            &PlayerView::new(self.driver.state(), player),
            &self.legal_of(player),
            self.driver.in_phase(),
            &mut values,
        );
        floats(py, &values)
    }

    /// A seat's action mask (one byte per index; all zero when it does not act now).
    fn mask<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyBytes>> {
        mask(py, &self.legal_of(seat(player)?))
    }

    /// A seat's legal actions as (index, Action), by index.
    fn legal(&self, player: i64) -> PyResult<Vec<(u16, PyAction)>> {
        Ok(self
            .legal_of(seat(player)?)
            .into_iter()
            .map(|(i, action)| (i, PyAction { action }))
            .collect())
    }

    /// Plays the action of `index` for the seat to act; ValueError when it is not legal.
    fn step(&mut self, index: i64) -> PyResult<()> {
        if self.driver.state().is_over() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let mut action = find(&self.legal_of(self.driver.to_act()), index)?.action;
        self.driver
            .step(&mut action, |_| {})
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// A game consistent with seat `player`'s view of this one (PlayerView's determinization):
    /// the cards it cannot locate dealt anew from `seed`, all it sees as it is. The sample
    /// counts its phase from zero (a driver starts its count with its state).
    fn determinize(&self, player: i64, seed: u64) -> PyResult<PyDuel> {
        let view = PlayerView::new(self.driver.state(), seat(player)?);
        let mut rng = rtg::GameRng::seeded(seed);
        Ok(PyDuel {
            driver: Driver::new(view.determinize(&mut rng)),
        })
    }

    /// An independent copy (stepping one leaves the other as it was).
    fn clone(&self) -> PyDuel {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyDuel {
        Clone::clone(self)
    }
}
