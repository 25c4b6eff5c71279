//! Simulations, replays and scenarios from Python, with bots named as the command line names
//! them or written in Python.
//!
//! Batches of built-in bots run in parallel with the GIL released; a Python bot takes the GIL
//! for each decision, so games with one run on the calling thread.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use rtg::Catalog;
use rtg::sim::{
    Bot, BotKind, DeckList, GameEnd, GameRecord, GameSettings, Matchup, Report, SimConfig,
};
use rtg::yaml::Loader;
use rtg::{Action, GameRng, GameState, PlayerId};

use crate::cards::defs_of;
use crate::errors;
use crate::state::{PyAction, PyState};

/// A card directory or file argument: None (the default `cards/`), one path, or a list of them.
fn card_paths(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    match cards {
        None => Ok(vec![PathBuf::from("cards")]),
        Some(c) if c.is_none() => Ok(vec![PathBuf::from("cards")]),
        Some(c) => {
            if let Ok(path) = c.extract::<PathBuf>() {
                return Ok(vec![path]);
            }
            let mut paths = Vec::new();
            for item in c.try_iter()? {
                paths.push(item?.extract::<PathBuf>()?);
            }
            Ok(paths)
        }
    }
}

/// Every card of these directories (or files) in one catalog, as the command line loads them.
fn load_catalog(py: Python<'_>, paths: &[PathBuf]) -> PyResult<Catalog> {
    let loader = Loader::default();
    let mut cards = Vec::new();
    for path in paths {
        if path.is_dir() {
            let loaded = loader
                .load_cards_from_dir(path, None)
                .map_err(|e| errors::load_errors(py, &e))?;
            cards.extend(loaded);
        } else if path.is_file() {
            cards.push(
                loader
                    .load_card(path, None)
                    .map_err(|e| errors::load_error(py, &e))?,
            );
        } else {
            return Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
                "{}: no such card directory or file",
                path.display()
            )));
        }
    }
    rtg::build_catalog(cards).map_err(|e| errors::load_error(py, &e))
}

/// A deck file named by path, or by stem in `decks/` (`"aggro"` → `decks/aggro.yaml`).
fn deck_file(name: &str) -> PyResult<PathBuf> {
    let as_path = PathBuf::from(name);
    if as_path.is_file() {
        return Ok(as_path);
    }
    for ext in ["yaml", "yml"] {
        let candidate = Path::new("decks").join(format!("{name}.{ext}"));
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
        "no deck `{name}`: not a file, and no {name}.yaml in decks/"
    )))
}

/// A deck argument: a path or stem (loaded against the cards), or a list of definitions (named
/// by its `name` attribute when it has one, as `load_deck`'s lists do).
fn deck_list(
    py: Python<'_>,
    deck: &Bound<'_, PyAny>,
    fallback: &str,
    catalog: &mut Option<Catalog>,
    cards: &[PathBuf],
) -> PyResult<DeckList> {
    let named = deck.cast::<PyString>().is_ok() || deck.hasattr("__fspath__")?;
    if named {
        let name: PathBuf = deck.extract()?;
        let file = deck_file(&name.to_string_lossy())?;
        if catalog.is_none() {
            *catalog = Some(load_catalog(py, cards)?);
        }
        let catalog = catalog
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("no catalog"))?;
        let loaded = rtg::load_deck(catalog, &file).map_err(|e| errors::load_errors(py, &e))?;
        let stem = file
            .file_stem()
            .map_or_else(|| fallback.to_owned(), |s| s.to_string_lossy().into_owned());
        return Ok(DeckList {
            name: stem,
            cards: loaded.cards,
        });
    }
    let name = match deck.getattr("name") {
        Ok(n) if !n.is_none() => n.extract::<String>()?,
        _ => fallback.to_owned(),
    };
    Ok(DeckList {
        name,
        cards: defs_of(deck)?,
    })
}

/// A bot written in Python: called as `bot(state, seat)` with a `State`, it returns one of
/// `state.legal_actions()`. It takes the GIL for each decision.
struct PyBot {
    callable: Py<PyAny>,
    /// The first exception the callable raised (or a wrong return), kept until the game loop
    /// stops.
    failure: Mutex<Option<PyErr>>,
}

impl Bot for PyBot {
    fn name(&self) -> &'static str {
        "python"
    }

    fn choose(&self, state: &GameState, player: PlayerId, _rng: &mut GameRng) -> Action {
        Python::attach(|py| {
            let called = self
                .callable
                .call1(py, (PyState { state: state.clone() }, player.0))
                .and_then(|chosen| {
                    chosen
                        .bind(py)
                        .cast::<PyAction>()
                        .map(|a| a.get().action.clone())
                        .map_err(|_| {
                            PyTypeError::new_err(
                                "a Python bot must return an rtg.Action (one of state.legal_actions())",
                            )
                        })
                });
            match called {
                Ok(action) => action,
                Err(e) => {
                    if let Ok(mut slot) = self.failure.lock() {
                        slot.get_or_insert(e);
                    }
                    Action::AdvancePhase
                }
            }
        })
    }
}

impl PyBot {
    fn take_failure(&self) -> Option<PyErr> {
        self.failure.lock().ok().and_then(|mut slot| slot.take())
    }
}

/// One bot argument: a built-in bot's name, or a Python callable.
enum BotArg {
    Named(BotKind),
    Python(PyBot, String),
}

fn as_bot(arg: &BotArg) -> &dyn Bot {
    match arg {
        BotArg::Named(k) => k.bot(),
        BotArg::Python(b, _) => b,
    }
}

fn bot_arg(value: &Bound<'_, PyAny>) -> PyResult<BotArg> {
    if let Ok(name) = value.extract::<String>() {
        return name
            .parse::<BotKind>()
            .map(BotArg::Named)
            .map_err(PyValueError::new_err);
    }
    if value.is_callable() {
        let shown = value
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "bot".to_owned());
        return Ok(BotArg::Python(
            PyBot {
                callable: value.clone().unbind(),
                failure: Mutex::new(None),
            },
            format!("python:{shown}"),
        ));
    }
    Err(PyTypeError::new_err(
        "a bot is a name (\"greedy\", \"random\", \"heuristic\") or a callable bot(state, seat)",
    ))
}

/// One game of the batch with these bots (by deck), as rtg-sim plays it: the same seats, the
/// same bots' generator and the same forced advance after too many actions in one phase.
fn play_with(
    matchup: &Matchup,
    settings: &GameSettings,
    bots: [&dyn Bot; 2],
    failed: &dyn Fn() -> bool,
) -> GameRecord {
    let mut out = GameRecord {
        settings: *settings,
        end: GameEnd::Error,
        turns: 0,
        error: None,
        actions: Vec::new(),
        checkpoints: Vec::new(),
        final_digest: 0,
        losses: [None, None],
    };
    let mut state = match rtg::sim::initial_state(matchup, settings) {
        Ok(s) => s,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    // Seat 0 is deck A's player in even games (a_first), deck B's in odd ones.
    let by_seat = if settings.a_first {
        [bots[0], bots[1]]
    } else {
        [bots[1], bots[0]]
    };
    let mut rng = GameRng::seeded(GameRng::derive_seed(settings.seed, 0x0b07));
    let mut events = Vec::new();
    let mut scratch = rtg::Scratch::new();
    let mut in_phase = 0u32;
    while !state.is_over() {
        let player = rtg::sim::to_act(&state);
        let mut action = by_seat[player.index()].choose(&state, player, &mut rng);
        if failed() {
            return out;
        }
        if in_phase >= rtg::sim::MAX_ACTIONS_PER_PHASE && state.pending_triggers().is_empty() {
            action = Action::AdvancePhase;
        }
        events.clear();
        if let Err(e) = rtg::step(&mut state, &action, &mut events, &mut scratch) {
            out.error = Some(format!(
                "turn {}, {}: {} chose {action:?}, refused: {e}",
                state.turn(),
                state.phase(),
                by_seat[player.index()].name()
            ));
            out.turns = state.turn();
            return out;
        }
        in_phase = if matches!(action, Action::AdvancePhase) {
            0
        } else {
            in_phase + 1
        };
    }
    out.end = rtg::sim::end_of(&state, settings);
    out.losses = rtg::sim::losses_by_deck(&state, settings);
    out.turns = state.turn();
    out
}

/// A report as the command line's `--json` prints it, as a dict.
fn report_dict<'py>(py: Python<'py>, report: &Report) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.getattr("loads")?.call1((text,))
}

/// `simulate(deck_a, deck_b, *, games, seed, bots, threads, cards, max_turns)`: see the stub.
#[pyfunction]
#[pyo3(signature = (deck_a, deck_b, *, games = 1000, seed = 0, bots = None, threads = None,
    cards = None, max_turns = 200))]
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
) -> PyResult<Bound<'py, PyAny>> {
    if games == 0 {
        return Err(PyValueError::new_err(
            "games=0: a batch needs at least one game",
        ));
    }
    let paths = card_paths(cards)?;
    let mut catalog = None;
    let a = deck_list(py, deck_a, "deck_a", &mut catalog, &paths)?;
    let b = deck_list(py, deck_b, "deck_b", &mut catalog, &paths)?;
    let matchup =
        Matchup::new(a, b).map_err(|e| errors::other(py, "SetupError", "setup", e.to_string()))?;
    let bot_args: Vec<BotArg> = match bots {
        None => vec![
            BotArg::Named(BotKind::Greedy),
            BotArg::Named(BotKind::Greedy),
        ],
        Some(b) => {
            let list: Vec<Bound<'py, PyAny>> = b.try_iter()?.collect::<PyResult<_>>()?;
            if list.len() != 2 {
                return Err(PyValueError::new_err(
                    "bots: give two, deck A's and deck B's",
                ));
            }
            list.iter().map(bot_arg).collect::<PyResult<_>>()?
        }
    };
    let kind = |arg: &BotArg| match arg {
        BotArg::Named(k) => *k,
        // A placeholder: the report's `bots` entry is replaced by the Python bot's name below.
        BotArg::Python(..) => BotKind::Greedy,
    };
    let config = SimConfig {
        games,
        seed,
        bots: [kind(&bot_args[0]), kind(&bot_args[1])],
        max_turns,
        threads,
        ..SimConfig::default()
    };
    config
        .check()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let has_python = bot_args.iter().any(|b| matches!(b, BotArg::Python(..)));
    let report = if has_python {
        let started = std::time::Instant::now();
        let mut report = Report::new(
            &matchup.decks[0].name,
            &matchup.decks[1].name,
            config.bots,
            config.seed,
            config.games,
            config.max_turns,
            matchup.cards_digest(),
            config.shard,
        );
        let pythons: Vec<&PyBot> = bot_args
            .iter()
            .filter_map(|b| match b {
                BotArg::Python(b, _) => Some(b),
                BotArg::Named(_) => None,
            })
            .collect();
        let failed = || {
            pythons
                .iter()
                .any(|b| b.failure.lock().map(|s| s.is_some()).unwrap_or(true))
        };
        for index in 0..games {
            let settings = config.game(index);
            let record = play_with(
                &matchup,
                &settings,
                [as_bot(&bot_args[0]), as_bot(&bot_args[1])],
                &failed,
            );
            for b in &pythons {
                if let Some(e) = b.take_failure() {
                    return Err(e);
                }
            }
            report.add(index, &record);
        }
        report.seconds = started.elapsed().as_secs_f64();
        report
    } else {
        // Built-in bots only: the batch runs on rayon's threads with the GIL released, so
        // other Python threads go on meanwhile.
        py.detach(|| rtg::sim::simulate(&matchup, &config, &|_| {}))
            .map_err(|e| PyValueError::new_err(e.to_string()))?
    };
    let dict = report_dict(py, &report)?;
    for (i, arg) in bot_args.iter().enumerate() {
        if let BotArg::Python(_, name) = arg {
            dict.get_item("bots")?.set_item(i, name)?;
        }
    }
    Ok(dict)
}

/// `replay(path, cards=None)`: re-runs a replay file, checking every digest.
#[pyfunction]
#[pyo3(signature = (path, cards = None))]
pub(crate) fn replay<'py>(
    py: Python<'py>,
    path: PathBuf,
    cards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let replay: rtg::sim::Replay = rtg::sim::read_json(&path, "replay file")
        .map_err(|e| errors::other(py, "ReplayError", "file", e.to_string()))?;
    let catalog = load_catalog(py, &card_paths(cards)?)?;
    let deck = |i: usize| -> PyResult<DeckList> {
        let d = &replay.decks[i];
        let cards = d
            .cards
            .iter()
            .map(|id| {
                catalog.get(id).cloned().ok_or_else(|| {
                    errors::other(
                        py,
                        "ReplayError",
                        "unknown_card",
                        format!(
                            "{}: the replay's deck `{}` uses card `{id}`, which is not in the catalog",
                            path.display(),
                            d.name
                        ),
                    )
                })
            })
            .collect::<PyResult<_>>()?;
        Ok(DeckList {
            name: d.name.clone(),
            cards,
        })
    };
    let matchup = Matchup::new(deck(0)?, deck(1)?)
        .map_err(|e| errors::other(py, "SetupError", "setup", e.to_string()))?;
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
            replay.settings.bots[0].name(),
            replay.settings.bots[1].name(),
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
