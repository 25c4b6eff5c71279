//! PTG's `Game`: a game between two `Player`s that keeps every state and event, driven by
//! `apply_action(action, **kwargs)` and `advance_phase()`.
//!
//! Native, so that a script's call is one crossing into Rust: the keywords are read, the
//! action applied, and the new `GameState` made, with no Python frame in between.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use rtg::{Action, Event, GameState, Phase, Scratch};

use super::actions::{Keywords, pending_choice, pending_trigger, resolve};
use super::game_state::{PyGameState, phase_member};
use super::seats::Seats;
use crate::errors;
use crate::state::{PyState, event_dict};

/// A game between two players: `Game([alice, bob], seed=0)`; the first player goes first.
///
/// `rules` is the base rule set: `"ptg-0.2"` (the default, PTG 0.2.0's rules) or `"ptg-0.9"`
/// (PTG 0.9.13's: an attacker taps unless it has vigilance). Keeps every state (`history`) and
/// event (`events`); each method returns the new `GameState`. The same players, seed, rules
/// and actions give the same game.
#[pyclass(subclass, module = "rtg", name = "Game")]
pub(crate) struct PyGame {
    players: Option<Py<PyList>>,
    seed: u64,
    /// Every state, the first the one before `start`; never empty once `__init__` ran.
    history: Vec<Py<PyGameState>>,
    /// Every event so far, in order.
    events: Vec<Event>,
    /// Where each step's events end in `events`: step `i` led from `history[i]` to
    /// `history[i + 1]`.
    step_ends: Vec<usize>,
    /// The rules' working memory, kept from step to step so that a step allocates nothing
    /// once it has grown (a step's outcome never depends on it).
    scratch: Scratch,
}

/// The error of a `Game` whose `__init__` did not run (a subclass that forgot to call it).
fn not_made() -> PyErr {
    PyRuntimeError::new_err("Game.__init__ was not called (a subclass must call it)")
}

/// What `advance_phase` applies.
const ADVANCE: Action = Action::AdvancePhase;

/// The phases a turn passes through, so that two turns reach any phase from any other.
const TWO_TURNS: usize = 2 * Phase::ALL.len();

impl PyGame {
    /// The current state, or the error for a `Game` whose `__init__` did not run.
    fn current(&self) -> PyResult<&Py<PyGameState>> {
        self.history.last().ok_or_else(not_made)
    }

    /// The players' ids, which every state of the game shares.
    fn seats(&self) -> PyResult<&Arc<Seats>> {
        Ok(&self.current()?.get().seats)
    }

    /// Applies `action` to the current state (what `rtg::apply` does, with this game's
    /// scratch); on success keeps the new state and its events.
    fn push(&mut self, py: Python<'_>, action: &Action) -> PyResult<Py<PyGameState>> {
        let mut next = self.current()?.get().state.clone();
        let before = self.events.len();
        match rtg::step(&mut next, action, &mut self.events, &mut self.scratch) {
            Ok(()) => self.keep(py, next),
            Err(e) => {
                // A refused step leaves no trace: its state is dropped, its events forgotten.
                self.events.truncate(before);
                Err(errors::rule_error(py, &e))
            }
        }
    }

    /// Keeps `state`, reached by a step whose events end the log.
    fn keep(&mut self, py: Python<'_>, state: GameState) -> PyResult<Py<PyGameState>> {
        let seats = Arc::clone(self.seats()?);
        let state = Py::new(py, PyGameState::of(state, seats))?;
        self.history.push(state.clone_ref(py));
        self.step_ends.push(self.events.len());
        Ok(state)
    }

    fn state_now(&self) -> PyResult<&GameState> {
        Ok(&self.current()?.get().state)
    }

    /// Advances until `done` holds of the state or the game is over, at most two turns.
    fn advance_until(
        &mut self,
        py: Python<'_>,
        done: impl Fn(&GameState) -> bool,
    ) -> PyResult<Py<PyGameState>> {
        if self.state_now()?.is_over() {
            return Err(errors::other(
                py,
                "RuleError",
                "game_over",
                "the game is over".to_owned(),
            ));
        }
        for _ in 0..TWO_TURNS {
            let state = self.state_now()?;
            if done(state) || state.is_over() {
                break;
            }
            self.push(py, &ADVANCE)?;
        }
        Ok(self.current()?.clone_ref(py))
    }

    /// The `Player` in a seat.
    fn player<'py>(&self, py: Python<'py>, seat: rtg::PlayerId) -> PyResult<Bound<'py, PyAny>> {
        let players = self.players.as_ref().ok_or_else(not_made)?;
        players.bind(py).get_item(usize::from(seat.0))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyGame {
        PyGame {
            players: None,
            seed: 0,
            history: Vec::new(),
            events: Vec::new(),
            step_ends: Vec::new(),
            scratch: Scratch::new(),
        }
    }

    #[pyo3(signature = (players, seed = 0, turn_limit = Some(200), *, rules = "ptg-0.2"))]
    fn __init__(
        &mut self,
        py: Python<'_>,
        players: &Bound<'_, PyAny>,
        seed: u64,
        turn_limit: Option<u32>,
        rules: &str,
    ) -> PyResult<()> {
        let players = PyList::new(py, players.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        if players.len() != 2 {
            return Err(PyValueError::new_err(format!(
                "rtg plays two-player games; got {} players",
                players.len()
            )));
        }
        let (a, b) = (players.get_item(0)?, players.get_item(1)?);
        let ids = PyTuple::new(py, [a.getattr("uuid")?, b.getattr("uuid")?])?;
        if ids.get_item(0)?.eq(ids.get_item(1)?)? {
            return Err(PyValueError::new_err(
                "the two players must be different Player objects",
            ));
        }
        let native: PyState = crate::state::new_game(
            py,
            (a.getattr("name")?.extract()?, b.getattr("name")?.extract()?),
            &PyTuple::new(py, [a.getattr("deck")?, b.getattr("deck")?])?,
            (
                a.getattr("initial_health")?.extract()?,
                b.getattr("initial_health")?.extract()?,
            ),
            seed,
            turn_limit,
            Some(rules),
        )?;
        let seats = Arc::new(Seats::new(&ids)?);
        self.history = vec![Py::new(py, PyGameState::of(native.state, seats))?];
        self.events = Vec::new();
        self.step_ends = Vec::new();
        self.players = Some(players.unbind());
        self.seed = seed;
        Ok(())
    }

    /// The two `Player`s, in seat order (the list itself).
    #[getter]
    fn players(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let players = self.players.as_ref().ok_or_else(not_made)?;
        Ok(players.clone_ref(py))
    }

    /// The seed the game was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The rule set the game follows: `"ptg-0.2"` or `"ptg-0.9"`.
    #[getter]
    fn rules(&self) -> PyResult<&'static str> {
        Ok(self.state_now()?.rules().name())
    }

    /// The current state.
    #[getter]
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        Ok(self.current()?.clone_ref(py))
    }

    /// Every state so far, the first the one before `start` (a new list each time).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.history.iter().map(|s| s.clone_ref(py)))
    }

    /// Every event so far, in order, as dicts (kind, source, zone_owner, target, amount).
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for event in &self.events {
            list.append(event_dict(py, event)?)?;
        }
        Ok(list)
    }

    /// Shuffles, deals each player's `hand_size` cards and enters turn 1's DRAW phase.
    fn start(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        let hand = |seat: u8| -> PyResult<u32> {
            self.player(py, rtg::PlayerId(seat))?
                .getattr("hand_size")?
                .extract()
        };
        let hands = (hand(0)?, hand(1)?);
        let outcome = crate::state::start_outcome(py, self.state_now()?, hands)?;
        self.events.extend(outcome.events);
        self.keep(py, outcome.state)
    }

    /// Runs an action: an action class or instance with its keyword arguments, or an
    /// `rtg.Action`. A refused one raises `RuleError` and changes nothing.
    #[pyo3(signature = (
        action,
        *,
        player_id = None,
        card_id = None,
        target_id = None,
        attacker_id = None,
        blocker_id = None,
        combat_index = None,
        ordered_blocker_ids = None,
        ability_index = None,
        trigger_index = None,
        chosen_target = None,
        choice_index = None,
        chosen_index = None,
        **rest
    ))]
    #[allow(clippy::too_many_arguments)] // PTG's keywords, each a parameter: no dict per call
    fn apply_action<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
        player_id: Option<Bound<'py, PyAny>>,
        card_id: Option<Bound<'py, PyAny>>,
        target_id: Option<Bound<'py, PyAny>>,
        attacker_id: Option<Bound<'py, PyAny>>,
        blocker_id: Option<Bound<'py, PyAny>>,
        combat_index: Option<Bound<'py, PyAny>>,
        ordered_blocker_ids: Option<Bound<'py, PyAny>>,
        ability_index: Option<Bound<'py, PyAny>>,
        trigger_index: Option<Bound<'py, PyAny>>,
        chosen_target: Option<Bound<'py, PyAny>>,
        choice_index: Option<Bound<'py, PyAny>>,
        chosen_index: Option<Bound<'py, PyAny>>,
        rest: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Py<PyGameState>> {
        let keywords = Keywords::new(
            [
                player_id,
                card_id,
                target_id,
                attacker_id,
                blocker_id,
                combat_index,
                ordered_blocker_ids,
                ability_index,
                trigger_index,
                chosen_target,
                choice_index,
                chosen_index,
            ],
            rest,
        )?;
        let action = resolve(action, keywords, self.seats()?)?;
        self.push(py, &action)
    }

    /// Moves to the next phase, running its automatic work (END is a phase of its own).
    fn advance_phase(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        self.push(py, &ADVANCE)
    }

    /// Advances to the next player's DRAW phase (the specification's legacy turn start).
    fn begin_turn(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        let turn = self.state_now()?.turn();
        self.advance_until(py, |s| s.turn() > turn && s.phase() == Phase::Draw)
    }

    /// Advances to this turn's END phase.
    fn end_turn(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        self.advance_until(py, |s| s.phase() == Phase::End)
    }

    /// Advances into the COMBAT phase, which resolves every declared attack.
    fn resolve_combat(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        let state = self.state_now()?;
        let at = |p: Phase| Phase::ALL.iter().position(|q| *q == p);
        if at(state.phase()) > at(Phase::Defense) && !state.is_over() {
            let phase = phase_member(py, state.phase())?.str()?;
            return Err(errors::other(
                py,
                "RuleError",
                "wrong_phase",
                format!("resolving combat is not allowed in the {phase} phase"),
            ));
        }
        self.advance_until(py, |s| s.phase() == Phase::Combat)
    }

    /// Applies pending trigger `trigger_index` to the chosen target (a player uuid or card id).
    fn resolve_pending_trigger(
        &mut self,
        py: Python<'_>,
        trigger_index: Bound<'_, PyAny>,
        chosen_target: Bound<'_, PyAny>,
    ) -> PyResult<Py<PyGameState>> {
        let action = pending_trigger(&trigger_index, &chosen_target, self.seats()?)?;
        self.push(py, &action)
    }

    /// Resolves pending choice `choice_index` with option `chosen_index` (from 0, in the
    /// card's order); another index raises `RuleError`.
    fn resolve_pending_choice(
        &mut self,
        py: Python<'_>,
        choice_index: Bound<'_, PyAny>,
        chosen_index: Bound<'_, PyAny>,
    ) -> PyResult<Py<PyGameState>> {
        let action = pending_choice(&choice_index, &chosen_index, self.seats()?)?;
        self.push(py, &action)
    }

    /// The player whose turn it is.
    #[getter]
    fn active_player<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.player(py, self.state_now()?.active())
    }

    /// The other player.
    #[getter]
    fn opponent<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.player(py, self.state_now()?.active().opponent())
    }

    /// The winner (a `Player`), or None while the game goes on (or after a draw).
    fn check_victory<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.state_now()?.status() {
            rtg::GameStatus::Winner(seat) => Ok(Some(self.player(py, seat)?)),
            _ => Ok(None),
        }
    }

    /// The current phase.
    #[getter]
    fn current_phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        phase_member(py, self.state_now()?.phase())
    }

    /// The phases in which cards are played and abilities activated.
    #[getter]
    fn playable_phases<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let members = rtg::PLAYABLE_PHASES
            .into_iter()
            .map(|p| phase_member(py, p))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, members)
    }

    /// Goes back one state, forgetting its events; False at the first state.
    fn undo(&mut self) -> bool {
        if self.history.len() <= 1 {
            return false;
        }
        self.history.pop();
        self.step_ends.pop();
        self.events
            .truncate(self.step_ends.last().copied().unwrap_or(0));
        true
    }

    fn __repr__(&self) -> PyResult<String> {
        let state = self.state_now()?;
        Ok(format!(
            "Game(turn={}, phase={}, states={})",
            state.turn(),
            state.phase(),
            self.history.len()
        ))
    }
}
