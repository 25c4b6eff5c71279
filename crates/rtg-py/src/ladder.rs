//! The ladder from Python: every pair of bots on each deck's mirror match, rated on the Elo
//! scale, as `rtg ladder --json` reports it (the library's [`rtg::sim::ladder`]).

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use rtg::sim::{BotRegistry, DeckList, LadderConfig, ladder as play_ladder};

use crate::content::{card_paths, named_deck, open_library};
use crate::errors;

/// `ladder(decks, *, bots, games, seed, threads, cards, max_turns, rules, bundled)`: see the
/// stub.
#[pyfunction]
#[pyo3(signature = (decks, *, bots = None, games = 200, seed = 0, threads = None, cards = None,
    max_turns = 200, rules = None, bundled = true))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn ladder<'py>(
    py: Python<'py>,
    decks: Vec<PathBuf>,
    bots: Option<Vec<String>>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    cards: Option<&Bound<'py, PyAny>>,
    max_turns: u32,
    rules: Option<&str>,
    bundled: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let registry = BotRegistry::builtin();
    let bots = bots.unwrap_or_else(|| {
        ["random", "greedy", "heuristic", "mcts"]
            .map(str::to_owned)
            .to_vec()
    });
    let bots = bots
        .iter()
        .map(|b| registry.parse(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let config = LadderConfig {
        bots,
        games,
        seed,
        max_turns,
        threads,
        rules: crate::state::rules_of(rules)?,
    };
    config
        .check()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let library = open_library(py, card_paths(cards)?, bundled)?;
    let mut lists = Vec::new();
    for deck in &decks {
        let (name, cards) = named_deck(py, &deck.to_string_lossy(), &library)?;
        lists.push(DeckList { name, cards });
    }
    let result = py.detach(|| play_ladder(&registry, &lists, &config));
    let ladder = result.map_err(|e| match e {
        rtg::sim::LadderError::Setup(message) => errors::other(py, "SetupError", "setup", message),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let text = serde_json::to_string(&ladder).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.getattr("loads")?.call1((text,))
}
