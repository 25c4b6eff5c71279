//! `VecEnv`: n games stepped in one call, for agents. Each game seats the agent (deck A)
//! against a named bot (deck B); a step plays the agent's action, then the bot until the agent
//! must act again or the game ends. Observations and masks come out as flat byte buffers
//! (float32 and uint8) that the Python layer views as arrays.
//!
//! The opponent is a bot of the registry (stepped with the GIL released) or a Python callable
//! (asked with the GIL taken back, from a `View` of its own seat only).

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use rtg::sim::{BotSpec, Driver, GameSettings, Matchup, PlayerView};
use rtg::{Action, GameRng, PlayerId};

use crate::obs::{ACTION_COUNT, OBSERVATION_SIZE, legal_by_index, observe};
use crate::state::PyState;
use crate::view::PyView;

mod opponent;
pub(crate) mod text;

use opponent::{Opponent, ask};
use text::{hidden_from, narrate_into};

/// What an action outside the mask does.
#[derive(Clone, Copy, PartialEq)]
enum Illegal {
    /// It is refused with `ValueError` and nothing is stepped.
    Raise,
    /// The first legal action is played instead.
    PlayFirst,
    /// Nothing is played; the step gives this reward and counts toward `max_steps`.
    Penalize(f64),
}

/// Why a step failed, told to Python as its own exception.
enum StepError {
    /// The caller's input (an illegal action, a finished game): `ValueError`.
    Refused(String),
    /// The engine refused what it was given: `RuntimeError`.
    Engine(String),
    /// The opponent callable raised.
    Python(PyErr),
}

impl From<StepError> for PyErr {
    fn from(error: StepError) -> PyErr {
        match error {
            StepError::Refused(e) => PyValueError::new_err(e),
            StepError::Engine(e) => PyRuntimeError::new_err(e),
            StepError::Python(e) => e,
        }
    }
}

impl From<String> for StepError {
    fn from(error: String) -> StepError {
        StepError::Engine(error)
    }
}

/// One game of the batch.
struct Slot {
    /// The game, its step's working memory and its phase count.
    driver: Driver,
    agent: PlayerId,
    rng: GameRng,
    steps: u64,
    episode: u64,
    /// The agent's legal actions by index, when it is to act.
    legal: Vec<(u16, Action)>,
    /// The game ended and was not reset (no autoreset).
    done: bool,
    /// The actions since the agent's last decision, in words (only when narrating).
    log: Vec<String>,
}

/// What one slot's step gave.
#[derive(Clone, Copy, Default)]
struct Stepped {
    reward: f64,
    terminated: bool,
    truncated: bool,
    /// The action was outside the mask and was not played (see [`Illegal::Penalize`]).
    illegal: bool,
}

/// The batch, without Python: stepped with the GIL released.
struct Core {
    matchup: Matchup,
    /// The opponent's spec (recorded in the games' settings) and who plays it.
    opponent: (BotSpec, Opponent),
    seat: Option<u8>,
    /// The base rules of every game.
    rules: rtg::RuleSet,
    max_turns: u32,
    max_steps: u64,
    autoreset: bool,
    illegal: Illegal,
    /// Each slot keeps its actions in words for `render` (a state is cloned per action).
    narrate: bool,
    seed: u64,
    slots: Vec<Slot>,
}

impl Core {
    /// The seed of episode `episode` of slot `index`.
    fn game_seed(&self, index: usize, episode: u64) -> u64 {
        GameRng::derive_seed(GameRng::derive_seed(self.seed, index as u64), episode)
    }

    fn new_slot(&self, index: usize, episode: u64) -> Result<Slot, StepError> {
        let seed = self.game_seed(index, episode);
        // The agent takes the first turn in even episodes (or always in its fixed seat).
        let agent_first = match self.seat {
            Some(seat) => seat == 0,
            None => episode.is_multiple_of(2) == index.is_multiple_of(2),
        };
        let settings = GameSettings {
            seed,
            a_first: agent_first,
            bots: [BotSpec::new("agent"), self.opponent.0.clone()],
            max_turns: self.max_turns,
            opening_hand: 7,
            rules: self.rules,
        };
        let state = rtg::sim::initial_state(&self.matchup, &settings)?;
        let mut slot = Slot {
            driver: Driver::new(state),
            agent: if agent_first {
                PlayerId::FIRST
            } else {
                PlayerId::SECOND
            },
            rng: GameRng::seeded(GameRng::derive_seed(seed, 0x0b07)),
            steps: 0,
            episode,
            legal: Vec::new(),
            done: false,
            log: Vec::new(),
        };
        self.play_opponent(&mut slot)?;
        Ok(slot)
    }

    /// Applies one action to a slot's game (the advance, should the phase cap force one).
    fn act(&self, slot: &mut Slot, mut action: Action) -> Result<(), StepError> {
        let before = self.narrate.then(|| slot.driver.state().clone());
        let hidden = hidden_from(slot.agent);
        let log = &mut slot.log;
        slot.driver
            .step(&mut action, |applied| {
                narrate_into(log, before.as_ref(), applied, hidden);
            })
            .map_err(|e| StepError::Engine(e.to_string()))
    }

    /// Plays the opponent until the agent must act or the game is over; then lists the agent's
    /// legal actions.
    fn play_opponent(&self, slot: &mut Slot) -> Result<(), StepError> {
        while !slot.driver.state().is_over() && slot.driver.to_act() != slot.agent {
            match &self.opponent.1 {
                Opponent::Bot(bot) => {
                    // As the simulator does: the bot decides, and past the phase cap the
                    // driver plays the advance instead.
                    let before = self.narrate.then(|| slot.driver.state().clone());
                    let hidden = hidden_from(slot.agent);
                    let log = &mut slot.log;
                    slot.driver
                        .step_bot(&**bot, &mut slot.rng, |applied| {
                            narrate_into(log, before.as_ref(), applied, hidden);
                        })
                        .map_err(|e| StepError::Engine(e.to_string()))?;
                }
                Opponent::Python(callable) => {
                    let action = Python::attach(|py| ask(py, callable, &slot.driver))?;
                    self.act(slot, action)?;
                }
            }
        }
        legal_by_index(
            &PlayerView::new(slot.driver.state(), slot.agent),
            &mut slot.legal,
        );
        if slot.driver.forced().is_some() {
            // The agent too must end a phase with too many actions: only advancing is left.
            slot.legal.retain(|(i, _)| *i == 0);
        }
        Ok(())
    }

    fn reset(&mut self, seed: u64) -> Result<(), StepError> {
        self.seed = seed;
        for i in 0..self.slots.len() {
            self.slots[i] = self.new_slot(i, 0)?;
        }
        Ok(())
    }

    /// The action each game plays for its index (None: an illegal one, penalized): checked for
    /// every game before any is stepped, so a refused step changes nothing.
    fn chosen(&self, actions: &[i64]) -> Result<Vec<Option<Action>>, StepError> {
        actions
            .iter()
            .zip(&self.slots)
            .enumerate()
            .map(|(i, (&index, slot))| {
                if slot.done {
                    return Err(StepError::Refused(format!(
                        "game {i} is over: reset it before stepping"
                    )));
                }
                let found = slot.legal.iter().find(|(j, _)| i64::from(*j) == index);
                match (found, slot.legal.first(), self.illegal) {
                    (Some((_, a)), _, _) => Ok(Some(a.clone())),
                    (None, _, Illegal::Penalize(_)) => Ok(None),
                    (None, Some((_, first)), Illegal::PlayFirst) => Ok(Some(first.clone())),
                    _ => Err(StepError::Refused(format!(
                        "game {i}: action {index} is not legal now (see the action mask)"
                    ))),
                }
            })
            .collect()
    }

    fn step(&mut self, actions: &[i64], out: &mut [Stepped]) -> Result<Finals, StepError> {
        let chosen = self.chosen(actions)?;
        // The slots are taken out while they are stepped, so that each is changed in place
        // (no copy of its game) while the rest of the core is borrowed.
        let mut slots = std::mem::take(&mut self.slots);
        let result = self.step_slots(&mut slots, chosen, out);
        self.slots = slots;
        result
    }

    fn step_slots(
        &self,
        slots: &mut [Slot],
        chosen: Vec<Option<Action>>,
        out: &mut [Stepped],
    ) -> Result<Finals, StepError> {
        let mut finals = Vec::new();
        for (i, (slot, action)) in slots.iter_mut().zip(chosen).enumerate() {
            slot.log.clear();
            let mut result = Stepped::default();
            slot.steps += 1;
            match action {
                Some(action) => {
                    self.act(slot, action)?;
                    self.play_opponent(slot)?;
                }
                None => {
                    result.illegal = true;
                    if let Illegal::Penalize(reward) = self.illegal {
                        result.reward = reward;
                    }
                    if self.narrate {
                        slot.log
                            .push("  (an illegal action: nothing was played)".to_owned());
                    }
                }
            }
            let state = slot.driver.state();
            if state.is_over() {
                result.reward = match state.status() {
                    rtg::GameStatus::Winner(p) if p == slot.agent => 1.0,
                    rtg::GameStatus::Winner(_) => -1.0,
                    _ => 0.0,
                };
                let by_limit = matches!(rtg::end_reason(state), Some(rtg::EndReason::TurnLimit));
                result.truncated = by_limit;
                result.terminated = !by_limit;
            } else if slot.steps >= self.max_steps {
                result.truncated = true;
            }
            out[i] = result;
            if result.terminated || result.truncated {
                if self.autoreset {
                    let mut last = vec![0f32; OBSERVATION_SIZE];
                    observe_slot(slot, &mut last);
                    finals.push((i, last));
                    *slot = self.new_slot(i, slot.episode + 1)?;
                } else {
                    slot.done = true;
                    slot.legal.clear();
                }
            }
        }
        Ok(finals)
    }
}

/// The last observation of each game a step ended and reset: (game, observation).
type Finals = Vec<(usize, Vec<f32>)>;

/// A slot's observation into `out` (`OBSERVATION_SIZE` values).
fn observe_slot(slot: &Slot, out: &mut [f32]) {
    observe(
        &PlayerView::new(slot.driver.state(), slot.agent),
        &slot.legal,
        slot.driver.in_phase(),
        out,
    );
}

/// The most games a [`PyVecEnv`] steps together (`rtg.env.MAX_ENVS`): each holds a game state,
/// so a count from Python is bounded before anything is allocated for it.
pub(crate) const MAX_ENVS: usize = 4096;

/// The number of games `n` a Python caller asked for, from 1 to [`MAX_ENVS`]: any other
/// integer (negative, 0, `2**63`, beyond 64 bits) is a `ValueError`, not a panic or an abort.
fn env_count(n: &Bound<'_, PyAny>) -> PyResult<usize> {
    let out_of_range = || {
        PyValueError::new_err(format!(
            "a VectorEnv holds from 1 to {MAX_ENVS} games, found n = {}",
            n.str().map_or_else(|_| "?".to_owned(), |s| s.to_string())
        ))
    };
    if !n.is_instance_of::<pyo3::types::PyInt>() {
        // A float, a string, ...: Python's own TypeError.
        return n.extract::<usize>();
    }
    match n.extract::<u64>() {
        Ok(n) if (1..=MAX_ENVS as u64).contains(&n) => Ok(n as usize),
        _ => Err(out_of_range()),
    }
}

/// float32 values in native byte order.
fn float_bytes<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |bytes| {
        for (value, out) in values.iter().zip(bytes.chunks_exact_mut(4)) {
            out.copy_from_slice(&value.to_ne_bytes());
        }
        Ok(())
    })
}

impl PyVecEnv {
    /// Game `index`, or `ValueError`.
    fn slot(&self, index: usize) -> PyResult<&Slot> {
        self.core
            .slots
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no game {index}")))
    }
}

/// n games for an agent against a bot or a Python callable. See `rtg.env.VectorEnv` for the
/// Python API.
#[pyclass(module = "rtg", name = "VecEnv")]
pub(crate) struct PyVecEnv {
    core: Core,
}

/// The illegal-action rule a Python caller named.
fn illegal_of(on_illegal: &str, illegal_reward: f64) -> PyResult<Illegal> {
    match on_illegal {
        "raise" => Ok(Illegal::Raise),
        "first" => Ok(Illegal::PlayFirst),
        "penalize" if illegal_reward.is_finite() => Ok(Illegal::Penalize(illegal_reward)),
        "penalize" => Err(PyValueError::new_err(
            "illegal_reward must be a finite number",
        )),
        other => Err(PyValueError::new_err(format!(
            "on_illegal is \"penalize\", \"raise\" or \"first\", found {other:?}"
        ))),
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (n, deck_a, deck_b, *, opponent = None, seat = None, max_turns = 200,
        max_steps = 10_000, autoreset = true, on_illegal = "raise", illegal_reward = 0.0,
        narrate = false, rules = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        deck_a: &Bound<'_, PyAny>,
        deck_b: &Bound<'_, PyAny>,
        opponent: Option<&Bound<'_, PyAny>>,
        seat: Option<u8>,
        max_turns: u32,
        max_steps: u64,
        autoreset: bool,
        on_illegal: &str,
        illegal_reward: f64,
        narrate: bool,
        rules: Option<&str>,
    ) -> PyResult<PyVecEnv> {
        let n = env_count(n)?;
        let illegal = illegal_of(on_illegal, illegal_reward)?;
        let rules = crate::state::rules_of(rules)?;
        if seat.is_some_and(|s| s > 1) {
            return Err(PyValueError::new_err("seat is 0, 1 or None (alternate)"));
        }
        if max_turns == 0 || max_turns > rtg::sim::MAX_TURNS {
            return Err(PyValueError::new_err(format!(
                "max_turns must be from 1 to {}",
                rtg::sim::MAX_TURNS
            )));
        }
        let opponent = opponent::of(opponent)?;
        let name = |d: &Bound<'_, PyAny>, fallback: &str| -> PyResult<String> {
            match d.getattr("name") {
                Ok(n) if !n.is_none() => n.extract(),
                _ => Ok(fallback.to_owned()),
            }
        };
        let a = rtg::sim::DeckList {
            name: name(deck_a, "agent")?,
            cards: crate::cards::defs_of(deck_a)?,
        };
        let b = rtg::sim::DeckList {
            name: name(deck_b, "opponent")?,
            cards: crate::cards::defs_of(deck_b)?,
        };
        let matchup = Matchup::new(a, b)
            .map_err(|e| crate::errors::other(py, "SetupError", "setup", e.to_string()))?;
        let mut core = Core {
            matchup,
            opponent,
            seat,
            rules,
            max_turns,
            max_steps: max_steps.max(1),
            autoreset,
            illegal,
            narrate,
            seed: 0,
            slots: Vec::with_capacity(n),
        };
        for i in 0..n {
            let slot = core.new_slot(i, 0)?;
            core.slots.push(slot);
        }
        Ok(PyVecEnv { core })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.core.slots.len()
    }

    /// Starts every game anew from `seed` (game i's episode e is seeded from (seed, i, e)).
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let core = &mut self.core;
        Ok(py.detach(|| core.reset(seed))?)
    }

    /// Starts game `index` anew as episode `episode` of the current seed.
    fn reset_one(&mut self, index: usize, episode: u64) -> PyResult<()> {
        if index >= self.core.slots.len() {
            return Err(PyValueError::new_err(format!("no game {index}")));
        }
        self.core.slots[index] = self.core.new_slot(index, episode)?;
        Ok(())
    }

    /// Steps every game with one action index each; returns (rewards, terminated, truncated,
    /// illegal) as lists, and the (game, last observation as float32 bytes) of each game that
    /// ended and was reset at once (when `autoreset` is on).
    fn step<'py>(&mut self, py: Python<'py>, actions: Vec<i64>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.core.slots.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "step needs {n} actions, one per game; got {}",
                actions.len()
            )));
        }
        let mut out = vec![Stepped::default(); n];
        let core = &mut self.core;
        let finals = py.detach(|| core.step(&actions, &mut out))?;
        let rewards: Vec<f64> = out.iter().map(|s| s.reward).collect();
        let terminated: Vec<bool> = out.iter().map(|s| s.terminated).collect();
        let truncated: Vec<bool> = out.iter().map(|s| s.truncated).collect();
        let illegal: Vec<bool> = out.iter().map(|s| s.illegal).collect();
        let finals = finals
            .iter()
            .map(|(i, values)| Ok((*i, float_bytes(py, values)?)))
            .collect::<PyResult<Vec<_>>>()?;
        (rewards, terminated, truncated, illegal, finals).into_pyobject(py)
    }

    /// Every game's observation, float32 values in native byte order, game after game.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let slots = &self.core.slots;
        let mut values = vec![0f32; slots.len() * OBSERVATION_SIZE];
        for (slot, chunk) in slots.iter().zip(values.chunks_mut(OBSERVATION_SIZE)) {
            observe_slot(slot, chunk);
        }
        float_bytes(py, &values)
    }

    /// Every game's action mask, one byte (0 or 1) per action index, game after game.
    fn masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let slots = &self.core.slots;
        PyBytes::new_with(py, slots.len() * ACTION_COUNT, |bytes| {
            bytes.fill(0);
            for (slot, mask) in slots.iter().zip(bytes.chunks_exact_mut(ACTION_COUNT)) {
                for (i, _) in &slot.legal {
                    mask[usize::from(*i)] = 1;
                }
            }
            Ok(())
        })
    }

    /// Game `index`'s legal actions by index: a list of (index, Action).
    fn legal(&self, index: usize) -> PyResult<Vec<(u16, crate::state::PyAction)>> {
        let slot = self
            .core
            .slots
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no game {index}")))?;
        Ok(slot
            .legal
            .iter()
            .map(|(i, a)| (*i, crate::state::PyAction { action: a.clone() }))
            .collect())
    }

    /// Game `index`'s current state (the whole game, hidden information included: for
    /// debugging and display, not for the agent).
    fn state(&self, index: usize) -> PyResult<PyState> {
        let slot = self
            .core
            .slots
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no game {index}")))?;
        Ok(PyState {
            state: slot.driver.state().clone(),
        })
    }

    /// What game `index`'s agent sees now: a `View` of its seat.
    fn view(&self, index: usize) -> PyResult<PyView> {
        let slot = self.slot(index)?;
        Ok(PyView::of(&PlayerView::new(
            slot.driver.state(),
            slot.agent,
        )))
    }

    /// Game `index` as text, from the agent's seat (the opponent's hand shows only its size):
    /// the turn and phase, the board, the actions since the agent's last decision in words
    /// (when made with `narrate`), and the result once the game is over.
    fn render(&self, index: usize) -> PyResult<String> {
        Ok(text::render(self.slot(index)?))
    }

    /// Game `index`'s agent seat, episode and steps taken in the episode.
    fn info(&self, index: usize) -> PyResult<(u8, u64, u64)> {
        let slot = self
            .core
            .slots
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no game {index}")))?;
        Ok((slot.agent.0, slot.episode, slot.steps))
    }
}
