//! Simulations, replays and scenarios from Python, with bots named as the command line names
//! them or written in Python.
//!
//! Batches of built-in bots run in parallel with the GIL released; a Python bot takes the GIL
//! for each decision, so games with one run on the calling thread.

use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use rtg::sim::{Bot, BotRegistry, BotSpec, DeckList, Matchup, PlayerView, Report, SimConfig};
use rtg::yaml::Library;
use rtg::{Action, GameRng, GameState, PlayerId};

use crate::cards::defs_of;
use crate::content::{card_paths, named_deck, open_library};
use crate::errors;
use crate::state::{PyAction, PyState};

/// A deck argument: a path or stem (loaded against the cards), or a list of definitions (named
/// by its `name` attribute when it has one, as `load_deck`'s lists do).
fn deck_list(
    py: Python<'_>,
    deck: &Bound<'_, PyAny>,
    fallback: &str,
    library: &mut LazyLibrary,
) -> PyResult<DeckList> {
    let named = deck.cast::<PyString>().is_ok() || deck.hasattr("__fspath__")?;
    if named {
        let name: PathBuf = deck.extract()?;
        let (stem, loaded) = named_deck(py, &name.to_string_lossy(), library.get(py)?)?;
        return Ok(DeckList {
            name: stem,
            cards: loaded,
        });
    }
    let name = match deck.getattr("name") {
        Ok(n) if !n.is_none() => n.extract::<String>()?,
        _ => fallback.to_owned(),
    };
    let cards = defs_of(deck)?;
    // The CLI's limits: a deck file has at least one card and at most MAX_DECK_CARDS.
    if cards.is_empty() || cards.len() as u64 > rtg::yaml::MAX_DECK_CARDS {
        return Err(PyValueError::new_err(format!(
            "{fallback}: a deck holds from 1 to {} cards, found {}",
            rtg::yaml::MAX_DECK_CARDS,
            cards.len()
        )));
    }
    Ok(DeckList { name, cards })
}

/// The library of a call, opened when a deck is first named (a call given only lists of
/// definitions reads no file).
struct LazyLibrary {
    cards: Vec<PathBuf>,
    bundled: bool,
    opened: Option<Library>,
}

impl LazyLibrary {
    fn new(cards: Vec<PathBuf>, bundled: bool) -> LazyLibrary {
        LazyLibrary {
            cards,
            bundled,
            opened: None,
        }
    }

    fn get(&mut self, py: Python<'_>) -> PyResult<&Library> {
        if self.opened.is_none() {
            self.opened = Some(open_library(py, self.cards.clone(), self.bundled)?);
        }
        self.opened
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("no library"))
    }
}

/// A bot written in Python: called as `bot(view)` with the deciding player's `View` (what that
/// player may know), it returns one of `view.legal_actions()`. It takes the GIL for each
/// decision, so its games are played one after the other on the calling thread.
struct PyBot {
    callable: Py<PyAny>,
    /// Shown in reports: `python:<the callable's name>`.
    name: String,
    /// The first exception the callable raised (or a wrong return), kept until the batch stops.
    failure: Mutex<Option<PyErr>>,
}

/// What a failed Python bot plays: an action the rules refuse at once (no pending trigger has
/// this index), so that the game ends as an engine error and the batch can raise the bot's
/// exception.
fn refused() -> Action {
    Action::ResolvePendingTrigger {
        index: usize::MAX,
        target: rtg::Target::Player(PlayerId(u8::MAX)),
    }
}

impl Bot for PyBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&self, view: &PlayerView<'_>, _rng: &mut GameRng) -> Action {
        if self.failed() {
            return refused();
        }
        Python::attach(|py| {
            let called = self
                .callable
                .call1(py, (crate::view::PyView::of(view),))
                .and_then(|chosen| {
                    chosen
                        .bind(py)
                        .cast::<PyAction>()
                        .map(|a| a.get().action.clone())
                        .map_err(|_| {
                            PyTypeError::new_err(
                                "a Python bot must return an rtg.Action (one of view.legal_actions())",
                            )
                        })
                });
            match called {
                Ok(action) => action,
                Err(e) => {
                    if let Ok(mut slot) = self.failure.lock() {
                        slot.get_or_insert(e);
                    }
                    refused()
                }
            }
        })
    }
}

impl PyBot {
    fn failed(&self) -> bool {
        self.failure.lock().map(|s| s.is_some()).unwrap_or(true)
    }

    fn take_failure(&self) -> Option<PyErr> {
        self.failure.lock().ok().and_then(|mut slot| slot.take())
    }
}

/// One bot argument: a bot spec of the registry (`"greedy"`, `"mcts:iterations=200"`), or a
/// Python callable.
enum BotArg {
    Named(BotSpec),
    Python(PyBot),
}

fn bot_arg(value: &Bound<'_, PyAny>, registry: &BotRegistry) -> PyResult<BotArg> {
    if let Ok(name) = value.extract::<String>() {
        let spec = registry
            .parse(&name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        // Made once here so that a bad parameter is refused before any game.
        registry
            .make(&spec)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        return Ok(BotArg::Named(spec));
    }
    if value.is_callable() {
        let shown = value
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "bot".to_owned());
        return Ok(BotArg::Python(PyBot {
            callable: value.clone().unbind(),
            name: format!("python:{shown}"),
            failure: Mutex::new(None),
        }));
    }
    Err(PyTypeError::new_err(format!(
        "a bot is a name ({}) or a callable bot(view)",
        registry.names().collect::<Vec<_>>().join(", ")
    )))
}

/// A report as the command line's `--json` prints it, as a dict.
fn report_dict<'py>(py: Python<'py>, report: &Report) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.getattr("loads")?.call1((text,))
}

/// `simulate(deck_a, deck_b, *, games, seed, bots, threads, cards, max_turns, rules, bundled)`:
/// see the stub.
#[pyfunction]
#[pyo3(signature = (deck_a, deck_b, *, games = 1000, seed = 0, bots = None, threads = None,
    cards = None, max_turns = 200, rules = None, bundled = true))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    deck_a: &Bound<'py, PyAny>,
    deck_b: &Bound<'py, PyAny>,
    games: u64,
    seed: u64,
    bots: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    cards: Option<&Bound<'py, PyAny>>,
    max_turns: u32,
    rules: Option<&str>,
    bundled: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = crate::state::rules_of(rules)?;
    if games == 0 {
        return Err(PyValueError::new_err(
            "games=0: a batch needs at least one game",
        ));
    }
    // The CLI's limit (`--max-turns`): from 1 to MAX_TURNS.
    if max_turns == 0 || max_turns > rtg::sim::MAX_TURNS {
        return Err(PyValueError::new_err(format!(
            "max_turns={max_turns}: the turn limit is from 1 to {}",
            rtg::sim::MAX_TURNS
        )));
    }
    let mut library = LazyLibrary::new(card_paths(cards)?, bundled);
    let a = deck_list(py, deck_a, "deck_a", &mut library)?;
    let b = deck_list(py, deck_b, "deck_b", &mut library)?;
    let matchup =
        Matchup::new(a, b).map_err(|e| errors::other(py, "SetupError", "setup", e.to_string()))?;
    let registry = BotRegistry::builtin();
    let bot_args: Vec<BotArg> = match bots {
        None => vec![
            BotArg::Named(BotSpec::new("heuristic")),
            BotArg::Named(BotSpec::new("heuristic")),
        ],
        Some(b) => {
            let list: Vec<Bound<'py, PyAny>> = b.try_iter()?.collect::<PyResult<_>>()?;
            if list.len() != 2 {
                return Err(PyValueError::new_err(
                    "bots: give two, deck A's and deck B's",
                ));
            }
            list.iter()
                .map(|b| bot_arg(b, &registry))
                .collect::<PyResult<_>>()?
        }
    };
    let spec = |arg: &BotArg| match arg {
        BotArg::Named(spec) => spec.clone(),
        BotArg::Python(bot) => BotSpec::new(&bot.name),
    };
    let config = SimConfig {
        games,
        seed,
        bots: [spec(&bot_args[0]), spec(&bot_args[1])],
        max_turns,
        threads,
        rules,
        ..SimConfig::default()
    };

    config
        .check()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let has_python = bot_args.iter().any(|b| matches!(b, BotArg::Python(..)));
    let report = if has_python {
        let mut made: Vec<std::sync::Arc<dyn Bot>> = Vec::new();
        for arg in &bot_args {
            if let BotArg::Named(spec) = arg {
                made.push(
                    registry
                        .make(spec)
                        .map_err(|e| PyValueError::new_err(e.to_string()))?,
                );
            }
        }
        let mut native = made.iter();
        let mut seats: Vec<&dyn Bot> = Vec::new();
        for arg in &bot_args {
            match arg {
                BotArg::Python(bot) => seats.push(bot),
                BotArg::Named(_) => {
                    if let Some(bot) = native.next() {
                        seats.push(bot.as_ref());
                    }
                }
            }
        }
        python_batch(py, &matchup, &config, [seats[0], seats[1]], &bot_args)?
    } else {
        // Built-in bots only: the batch runs on rayon's threads with the GIL released, so
        // other Python threads go on meanwhile.
        batch_interruptibly(py, &matchup, &config)?
    };
    report_dict(py, &report)
}

/// Plays a batch with a Python bot through the simulator's batch, one game after the other on
/// the calling thread (a Python bot takes the GIL for each decision). Between games it looks
/// for signals (Ctrl-C) and for a Python bot's failure: the first raised stops the batch (no
/// game starts after it) and is raised.
fn python_batch(
    py: Python<'_>,
    matchup: &Matchup,
    config: &SimConfig,
    bots: [&dyn Bot; 2],
    bot_args: &[BotArg],
) -> PyResult<Report> {
    let sequential = SimConfig {
        threads: Some(1),
        ..config.clone()
    };
    let planned = sequential.planned();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let raised: Mutex<Option<PyErr>> = Mutex::new(None);
    let after_game = |running: rtg::sim::Running| {
        let failure = bot_args.iter().find_map(|arg| match arg {
            BotArg::Python(bot) => bot.take_failure(),
            BotArg::Named(_) => None,
        });
        // As before any game: Ctrl-C between two games, none after the last.
        let error = failure.or_else(|| {
            (running.done < planned)
                .then(|| Python::attach(|py| py.check_signals()).err())
                .flatten()
        });
        if let Some(error) = error {
            if let Ok(mut slot) = raised.lock() {
                slot.get_or_insert(error);
            }
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    py.check_signals()?;
    let result = rtg::sim::simulate_bots_until(matchup, &sequential, bots, &after_game, &stop);
    if let Some(error) = raised.lock().ok().and_then(|mut slot| slot.take()) {
        return Err(error);
    }
    result.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// How often a batch of built-in bots looks for Ctrl-C while it runs.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Plays a batch of built-in bots with the GIL released, and looks for signals (Ctrl-C) every
/// [`SIGNAL_POLL`] on the calling thread: when a handler raises (`KeyboardInterrupt`), no new
/// game starts, the games under way finish, and the handler's exception is raised.
fn batch_interruptibly(py: Python<'_>, matchup: &Matchup, config: &SimConfig) -> PyResult<Report> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (result, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel();
            let stop = &stop;
            let batch = scope.spawn(move || {
                let result = rtg::sim::simulate_until(matchup, config, stop);
                // The receiver may be gone only when the batch is already joined below.
                let _ = done.send(());
                result
            });
            let mut interrupted = None;
            while finished.recv_timeout(SIGNAL_POLL).is_err() {
                if let Err(error) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    interrupted = Some(error);
                    break;
                }
            }
            let result = batch
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (result, interrupted)
        })
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    result.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `replay(path, cards=None, bundled=True)`: re-runs a replay file, checking every digest.
#[pyfunction]
#[pyo3(signature = (path, cards = None, bundled = true))]
pub(crate) fn replay<'py>(
    py: Python<'py>,
    path: PathBuf,
    cards: Option<&Bound<'py, PyAny>>,
    bundled: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let replay: rtg::sim::Replay = rtg::sim::read_json(&path, "replay file")
        .map_err(|e| errors::other(py, "ReplayError", "file", e.to_string()))?;
    let cards_error = |e: rtg::sim::ReplayCardsError| {
        let kind = match e {
            rtg::sim::ReplayCardsError::NotInCatalog { .. }
            | rtg::sim::ReplayCardsError::Missing { .. } => "unknown_card",
            rtg::sim::ReplayCardsError::Differ(_) => "cards_differ",
            rtg::sim::ReplayCardsError::Setup(_) => "setup",
            _ => "cards",
        };
        errors::other(py, "ReplayError", kind, format!("{}: {e}", path.display()))
    };
    // The definitions a version-2 replay carries, unless cards are given (then compared with
    // them); a version-1 replay is played with the given cards or `cards/`, as `rtg replay`.
    let given = cards.filter(|c| !c.is_none());
    let matchup = if given.is_none() && replay.cards.is_some() {
        replay.matchup_for(None).map_err(cards_error)?
    } else {
        // Cards given are what the replay is compared with, alone (as `rtg replay --cards`).
        let library = open_library(py, card_paths(given)?, bundled && given.is_none())?;
        let lookup = |id: &str| library.catalog().get(id).cloned();
        replay.matchup_for(Some(&lookup)).map_err(cards_error)?
    };
    let mut states: Vec<GameState> = Vec::new();
    let verified = replay
        .verify(&matchup, |state, _, _| states.push(state.clone()))
        .map_err(|e| {
            errors::other(
                py,
                "ReplayError",
                &errors::kind_name(&e),
                format!("replay FAILED: {e}"),
            )
        })?;
    let dict = PyDict::new(py);
    dict.set_item("ok", true)?;
    dict.set_item("actions", verified.actions)?;
    dict.set_item("checkpoints", verified.checkpoints)?;
    dict.set_item("final_digest", &replay.final_digest)?;
    dict.set_item("decks", (&matchup.decks[0].name, &matchup.decks[1].name))?;
    dict.set_item(
        "bots",
        (
            replay.settings.bots[0].to_string(),
            replay.settings.bots[1].to_string(),
        ),
    )?;
    let list = PyList::empty(py);
    for state in states {
        list.append(PyState { state })?;
    }
    dict.set_item("states", list)?;
    Ok(dict)
}

/// `run_scenario(path, cards=None)`: runs a scenario file; its transcript and verdict.
#[pyfunction]
#[pyo3(signature = (path, cards = None))]
pub(crate) fn run_scenario<'py>(
    py: Python<'py>,
    path: PathBuf,
    cards: Option<Vec<PathBuf>>,
) -> PyResult<Bound<'py, PyDict>> {
    let cards = cards.unwrap_or_default();
    let transcript = py
        .detach(|| rtg::testing::run_scenario_with(&path, &cards))
        .map_err(|e| errors::other(py, "ScenarioError", &errors::kind_name(&e), e.to_string()))?;
    let dict = PyDict::new(py);
    dict.set_item("name", &transcript.name)?;
    dict.set_item("file", transcript.file.display().to_string())?;
    dict.set_item("passed", transcript.passed())?;
    dict.set_item(
        "failure",
        transcript.failure.as_ref().map(|f| f.to_string()),
    )?;
    dict.set_item("transcript", transcript.to_string())?;
    dict.set_item(
        "final_state",
        PyState {
            state: transcript.final_state.clone(),
        },
    )?;
    Ok(dict)
}
