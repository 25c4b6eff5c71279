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
/// event (`events`); each method returns the new `GameState`, and each call that changes the
/// game is one state of `history` (one `undo`), even when it walks through several phases. The
/// same players, seed, rules and actions give the same game.
#[pyclass(subclass, module = "rtg", name = "Game")]
pub(crate) struct PyGame {
    players: Option<Py<PyList>>,
    seed: u64,
    /// Every state, the first the one before `start`; never empty once `__init__` ran.
    history: Vec<Py<PyGameState>>,
    /// Every event so far, in order.
    events: Vec<Event>,
    /// Where each kept state's events end in `events`: the events up to `step_ends[i]` led
    /// from `history[i]` to `history[i + 1]` (one engine step, or a walk of several).
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

/// Whether a walk through the phases stops at `state` short of its goal: the game is over, or
/// the engine waits for a decision (a pending trigger's target or a pending choice's option),
/// which refuses every advance until it is made.
fn stops(state: &GameState) -> bool {
    state.is_over() || !state.pending_triggers().is_empty() || !state.pending_choices().is_empty()
}

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

    /// Advances the phase on one copy of the current state, once, then again while `done` does
    /// not hold of it and nothing stops the walk ([`stops`]), at most two turns; keeps the
    /// result as one state of the history, every step's events as its events (so one `undo`
    /// takes the whole walk back). A refused step keeps nothing: the walk's state is dropped,
    /// its events forgotten, and the refusal raised.
    fn walk(
        &mut self,
        py: Python<'_>,
        done: impl Fn(&GameState) -> bool,
    ) -> PyResult<Py<PyGameState>> {
        let mut next = self.current()?.get().state.clone();
        let before = self.events.len();
        for _ in 0..TWO_TURNS {
            if let Err(e) = rtg::step(&mut next, &ADVANCE, &mut self.events, &mut self.scratch) {
                self.events.truncate(before);
                return Err(errors::rule_error(py, &e));
            }
            if done(&next) || stops(&next) {
                break;
            }
        }
        self.keep(py, next)
    }

    /// Keeps `state`, reached by a step (or a walk) whose events end the log.
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

    /// The legacy methods' walk: advances until `done` holds, as one step of the history
    /// ([`PyGame::walk`]); the state as it is (no new step) when `done` holds of it already.
    /// `game_over` once the game is over.
    fn advance_until(
        &mut self,
        py: Python<'_>,
        done: impl Fn(&GameState) -> bool,
    ) -> PyResult<Py<PyGameState>> {
        let state = self.state_now()?;
        if state.is_over() {
            return Err(errors::other(
                py,
                "RuleError",
                "game_over",
                "the game is over".to_owned(),
            ));
        }
        if done(state) {
            return Ok(self.current()?.clone_ref(py));
        }
        self.walk(py, done)
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

    /// Moves to the next phase, running its automatic work, as PTG's does: from
    /// MAIN_POSTCOMBAT through END (the hand limit, `on_turn_end`) into the next player's DRAW
    /// (`on_turn_start`, the draw) in one call. The walk stops in END when END leaves a pending
    /// trigger or choice, or ends the game; the next call then goes on to the DRAW. One call
    /// is one state of `history` (one `undo`); a refused one changes nothing.
    fn advance_phase(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        self.walk(py, |s| s.phase() != Phase::End)
    }

    /// Begins a turn (PTG's legacy turn start): from END, passes the turn into the next
    /// player's DRAW; from another phase, plays on to the next player's DRAW; in a DRAW phase
    /// the turn has begun already, and the state is returned as it is.
    fn begin_turn(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        self.advance_until(py, |s| s.phase() == Phase::Draw)
    }

    /// Ends the turn (PTG's legacy turn end): advances to this turn's END phase (the hand
    /// limit, `on_turn_end`) and rests there; `begin_turn` or `advance_phase` then passes the
    /// turn.
    fn end_turn(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        self.advance_until(py, |s| s.phase() == Phase::End)
    }

    /// Resolves the declared attacks (PTG's legacy combat): advances into the COMBAT phase,
    /// which resolves them, as one state of the history; in COMBAT they were resolved when it
    /// was entered, and the state is returned as it is. `wrong_phase` once past COMBAT.
    fn resolve_combat(&mut self, py: Python<'_>) -> PyResult<Py<PyGameState>> {
        let state = self.state_now()?;
        let at = |p: Phase| Phase::ALL.iter().position(|q| *q == p);
        if at(state.phase()) > at(Phase::Combat) && !state.is_over() {
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

    /// Goes back one state (the last call that changed the game), forgetting its events; False
    /// at the first state.
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
