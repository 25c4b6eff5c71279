//! PTG's `GameState`: one state of a game with its views keyed by player uuid and card id,
//! native so that reading a hand or a card in a script's loop costs one call.
//!
//! The views that are PTG's dataclasses (`players`, `pending_triggers`, `pending_choices`,
//! `pending_combats`) are built by `rtg._ptg`, where those classes are defined; they are read
//! once a decision, not once a card.

use std::sync::Arc;

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};

use rtg::{GameState, GameStatus, Phase, PlayerId, Zone};

use super::actions::{Keywords, resolve};
use super::seats::Seats;
use crate::errors;
use crate::state::{PyAction, PyCard, PyState, card_id};

/// The state at one point of a game: immutable. `apply(action, **kwargs)` returns the next
/// state and leaves this one as it was, so a copy is the state itself.
#[pyclass(frozen, module = "rtg", name = "GameState")]
pub(crate) struct PyGameState {
    pub(crate) state: GameState,
    pub(crate) seats: Arc<Seats>,
    /// `all_cards`, made when first read (a state never changes, nor does its view).
    cards: PyOnceLock<Py<PyCardMap>>,
    /// `native`, made when first read, so that it is the same object each time.
    native: PyOnceLock<Py<PyState>>,
}

impl PyGameState {
    /// The view of `state` for players `seats`.
    pub(crate) fn of(state: GameState, seats: Arc<Seats>) -> PyGameState {
        PyGameState {
            state,
            seats,
            cards: PyOnceLock::new(),
            native: PyOnceLock::new(),
        }
    }

    /// One zone of each player, keyed by uuid.
    fn per_player<'py>(&self, py: Python<'py>, zone: Zone) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for player in [PlayerId::FIRST, PlayerId::SECOND] {
            let ids = self.state.player(player).zone(zone);
            let list = PyList::new(py, ids.iter().map(|c| c.0))?;
            dict.set_item(self.seats.id(py, player), list)?;
        }
        Ok(dict)
    }

    /// A view built by `rtg._ptg` (`_players_view`, ...) from the engine's state and the ids.
    fn python_view<'py>(&self, py: Python<'py>, builder: &str) -> PyResult<Bound<'py, PyAny>> {
        let native = PyState {
            state: self.state.clone(),
        };
        py.import("rtg._ptg")?
            .getattr(builder)?
            .call1((native, self.seats.tuple(py)))
    }
}

/// A phase as its `PhaseType` member.
pub(crate) fn phase_member(py: Python<'_>, phase: Phase) -> PyResult<Bound<'_, PyAny>> {
    crate::cards::PHASES.get(py, phase)
}

#[pymethods]
impl PyGameState {
    /// A state from the engine's (`rtg.State`) and the players' ids in seat order.
    #[new]
    #[pyo3(signature = (native, ids = None))]
    fn new(
        py: Python<'_>,
        native: &PyState,
        ids: Option<&Bound<'_, PyTuple>>,
    ) -> PyResult<PyGameState> {
        let seats = match ids {
            Some(ids) => Seats::new(ids)?,
            None => Seats::new(&PyTuple::new(py, ["p0", "p1"])?)?,
        };
        Ok(PyGameState::of(native.state.clone(), Arc::new(seats)))
    }

    /// The engine's state (`rtg.State`).
    #[getter]
    fn native(&self, py: Python<'_>) -> PyResult<Py<PyState>> {
        let native = self.native.get_or_try_init(py, || {
            Py::new(
                py,
                PyState {
                    state: self.state.clone(),
                },
            )
        })?;
        Ok(native.clone_ref(py))
    }

    /// The players' ids in seat order.
    #[getter]
    fn ids<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.seats.tuple(py).clone()
    }

    /// Each player's health, pool and counters (`PlayerState`), by uuid.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.python_view(py, "_players_view")
    }

    /// Card ids in each player's hand, in order.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.per_player(py, Zone::Hand)
    }

    /// Card ids on each player's battlefield, in the order they entered.
    #[getter]
    fn battlefield<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.per_player(py, Zone::Battlefield)
    }

    /// Card ids in each player's graveyard, oldest first.
    #[getter]
    fn graveyards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.per_player(py, Zone::Graveyard)
    }

    /// Card ids in each player's deck, top card first.
    #[getter]
    fn decks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.per_player(py, Zone::Deck)
    }

    /// Every card of the game by id (a read-only mapping of `CardInstance`).
    #[getter]
    fn all_cards(&self, py: Python<'_>) -> PyResult<Py<PyCardMap>> {
        let cards = self.cards.get_or_try_init(py, || {
            Py::new(
                py,
                PyCardMap {
                    state: self.state.clone(),
                },
            )
        })?;
        Ok(cards.clone_ref(py))
    }

    /// The current phase (`PhaseType`).
    #[getter]
    fn current_phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        phase_member(py, self.state.phase())
    }

    /// The current phase (`PhaseType`): `current_phase`.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        phase_member(py, self.state.phase())
    }

    /// The turn number: every player's turn counts, turn 1 is the first player's first.
    #[getter]
    fn turn(&self) -> u32 {
        self.state.turn()
    }

    /// PTG's name for `turn`.
    #[getter]
    fn current_turn(&self) -> u32 {
        self.state.turn()
    }

    /// The uuid of the player whose turn it is.
    #[getter]
    fn active_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.seats.id(py, self.state.active())
    }

    /// The uuid of the player who acts now (the defender while blocking, a pending trigger's
    /// controller).
    #[getter]
    fn player_to_act<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.seats.id(py, rtg::sim::to_act(&self.state))
    }

    /// True once the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The winner's uuid, or None (the game goes on, or a draw).
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        match self.state.status() {
            GameStatus::Winner(p) => Some(self.seats.id(py, p)),
            _ => None,
        }
    }

    /// The declared attacks as PTG's `CombatGroup`s, in declaration order.
    #[getter]
    fn pending_combats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.python_view(py, "_pending_combats_view")
    }

    /// The declared attacks: attacker, defender (uuid), blockers in damage order, blocked.
    #[getter]
    fn combats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.python_view(py, "_combats_view")
    }

    /// Triggers waiting for a chosen target (`PendingTrigger`); resolve with
    /// `Game.resolve_pending_trigger`.
    #[getter]
    fn pending_triggers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.python_view(py, "_pending_triggers_view")
    }

    /// Choices waiting for a player (`PendingChoice`, `choose_mana`'s); resolve with
    /// `Game.resolve_pending_choice`. While one waits, only resolving it (or a pending
    /// trigger) is legal.
    #[getter]
    fn pending_choices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.python_view(py, "_pending_choices_view")
    }

    /// True while a pending trigger or choice waits (only resolving them is legal).
    #[getter]
    fn is_waiting(&self) -> bool {
        self.state.is_waiting()
    }

    /// The rule set the game follows: `"ptg-0.2"` or `"ptg-0.9"`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.state.rules().name()
    }

    /// Every action the rules accept now (`rtg.Action` values, for `apply`).
    fn legal_actions(&self) -> Vec<PyAction> {
        rtg::legal_actions(&self.state)
            .into_iter()
            .map(|action| PyAction { action })
            .collect()
    }

    /// The engine action for `action`: an `rtg.Action`, or an action class (or instance) with
    /// its keywords.
    #[pyo3(signature = (action, **kwargs))]
    fn to_native(
        &self,
        action: &Bound<'_, PyAny>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyAction> {
        let action = resolve(action, Keywords::from_dict(kwargs)?, &self.seats)?;
        Ok(PyAction { action })
    }

    /// The state after `action` (as `to_native` reads it); raises `RuleError` (this state
    /// unchanged) if the rules refuse it.
    #[pyo3(signature = (action, **kwargs))]
    fn apply(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGameState> {
        let action = resolve(action, Keywords::from_dict(kwargs)?, &self.seats)?;
        match rtg::apply(&self.state, &action) {
            Ok(outcome) => Ok(PyGameState::of(outcome.state, Arc::clone(&self.seats))),
            Err(e) => Err(errors::rule_error(py, &e)),
        }
    }

    /// The state's digest, as replays check it.
    fn digest(&self) -> u64 {
        self.state.digest()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyGameState>() else {
            return Ok(false);
        };
        let other = other.get();
        Ok(other.state == self.state && self.seats.tuple(py).eq(other.seats.tuple(py))?)
    }

    fn __hash__(&self) -> u64 {
        self.state.digest()
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(&self) -> String {
        let native = PyState {
            state: self.state.clone(),
        };
        format!("GameState({})", native.__repr__())
    }
}

/// `GameState.all_cards`: every card of one state by id, read-only (a `Mapping`).
#[pyclass(frozen, module = "rtg", name = "CardMap", mapping)]
pub(crate) struct PyCardMap {
    state: GameState,
}

impl PyCardMap {
    fn card(&self, id: &Bound<'_, PyAny>) -> PyResult<Option<PyCard>> {
        let Ok(id) = id.extract::<i64>() else {
            return Ok(None);
        };
        Ok(self
            .state
            .try_card(card_id(id))
            .map(|card| PyCard::new(*card, Arc::clone(self.state.def(card.id)))))
    }

    fn ids(&self) -> Vec<u32> {
        self.state.cards().iter().map(|c| c.id.0).collect()
    }
}

#[pymethods]
impl PyCardMap {
    fn __getitem__(&self, id: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        self.card(id)?
            .ok_or_else(|| PyKeyError::new_err(id.clone().unbind()))
    }

    fn __len__(&self) -> usize {
        self.state.cards().len()
    }

    fn __contains__(&self, id: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.card(id)?.is_some())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.ids())?.try_iter().map(Bound::into_any)
    }

    /// The card with this id, or `default`.
    #[pyo3(signature = (id, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        id: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self.card(id)? {
            Some(card) => Ok(Bound::new(py, card)?.into_any()),
            None => Ok(default.unwrap_or_else(|| py.None().into_bound(py))),
        }
    }

    /// Every card id, in creation order.
    fn keys(&self) -> Vec<u32> {
        self.ids()
    }

    /// Every card, in creation order.
    fn values(&self) -> Vec<PyCard> {
        self.state
            .cards()
            .iter()
            .map(|card| PyCard::new(*card, Arc::clone(self.state.def(card.id))))
            .collect()
    }

    /// Every (id, card) pair, in creation order.
    fn items(&self) -> Vec<(u32, PyCard)> {
        self.state
            .cards()
            .iter()
            .map(|card| {
                (
                    card.id.0,
                    PyCard::new(*card, Arc::clone(self.state.def(card.id))),
                )
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("CardMap({} cards)", self.state.cards().len())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(other
            .cast::<PyCardMap>()
            .is_ok_and(|o| o.get().state == self.state))
    }
}
