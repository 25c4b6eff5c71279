//! `Duel`, a game between two players who both act through the encoding, on the simulator's
//! driver: the PettingZoo environment and the OpenSpiel-shaped core (`rtg.spiel`) are built on
//! it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use rtg::sim::{Driver, GameSettings, Matchup, PlayerView};
use rtg::{Action, PlayerId};

use crate::encode::{find, floats, mask, seat};
use crate::obs::{OBSERVATION_SIZE, legal_by_index, observe};
use crate::state::{PyAction, PyState};
use crate::view::PyView;

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

    /// The game as text: the turn, the phase and who acts, the board (the hand of `seen_by`
    /// shown, any other as its size; no hand shown without a seat), and the result once over.
    #[pyo3(signature = (seen_by = None))]
    fn text(&self, seen_by: Option<i64>) -> PyResult<String> {
        let hidden = match seen_by {
            Some(player) => crate::env::text::hidden_from(seat(player)?),
            None => [true, true],
        };
        Ok(crate::env::text::board(
            self.driver.state(),
            self.driver.to_act(),
            hidden,
        ))
    }

    /// An independent copy (stepping one leaves the other as it was).
    fn clone(&self) -> PyDuel {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyDuel {
        Clone::clone(self)
    }
}
