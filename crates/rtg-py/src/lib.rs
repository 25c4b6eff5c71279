//! # rtg-py
//!
//! The native part of the Python package `rtg` (imported as `rtg._rtg`): card definitions and
//! the specification's I/O functions, immutable game states and actions, simulations with the
//! GIL released, replays, scenarios, a vectorized environment for agents, and PTG's scripting
//! API (`Game`, `GameState` and its views, the action classes: `ptg`). The Python layer
//! (`python/rtg/`) adds PTG's value classes (`Player`, `PlayerState`, ...), the enums and the
//! environments' Python side.
//!
//! Everything goes through the `rtg` facade crate; nothing here decides a rule.

use pyo3::prelude::*;

mod cards;
mod catalogue;
mod content;
mod duel;
mod encode;
mod env;
mod errors;
mod ladder;
mod obs;
mod ptg;
mod sim;
mod state;
mod view;

/// rtg's engine, for the `rtg` Python package.
#[pymodule]
fn _rtg(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("ShadowWarning", m.py().get_type::<content::ShadowWarning>())?;
    m.add_class::<cards::PyDef>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<state::PyAction>()?;
    m.add_class::<state::PyCard>()?;
    m.add_class::<state::PyEvents>()?;
    m.add_class::<view::PyView>()?;
    m.add_class::<env::PyVecEnv>()?;
    m.add_class::<duel::PyDuel>()?;
    ptg::register(m)?;
    m.add_function(wrap_pyfunction!(encode::encode_observation, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_mask, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_index, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_action, m)?)?;
    m.add_function(wrap_pyfunction!(encode::view_of, m)?)?;
    m.add_function(wrap_pyfunction!(cards::load_card, m)?)?;
    m.add_function(wrap_pyfunction!(cards::load_cards_from_dir, m)?)?;
    m.add_function(wrap_pyfunction!(cards::load_deck_cards, m)?)?;
    m.add_function(wrap_pyfunction!(cards::build_deck, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(ladder::ladder, m)?)?;
    m.add_function(wrap_pyfunction!(content::py_named_deck, m)?)?;
    m.add_function(wrap_pyfunction!(cli_main, m)?)?;
    m.add_function(wrap_pyfunction!(sim::replay, m)?)?;
    m.add_function(wrap_pyfunction!(sim::run_scenario, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::variables, m)?)?;
    m.add("MAX_ENVS", env::MAX_ENVS)?;
    m.add("PHASES", state::phase_names())?;
    m.add(
        "CARD_TYPES",
        names(rtg::CardType::ALL.map(rtg::CardType::name)),
    )?;
    m.add(
        "MANA_TYPES",
        names(rtg::ManaType::ALL.map(rtg::ManaType::name)),
    )?;
    m.add(
        "EVENT_TYPES",
        names(rtg::EventType::ALL.map(rtg::EventType::name)),
    )?;
    m.add(
        "TECHNIQUES",
        names(rtg::Technique::ALL.map(rtg::Technique::name)),
    )?;
    m.add(
        "PLAYABLE_PHASES",
        names(rtg::PLAYABLE_PHASES.map(rtg::Phase::name)),
    )?;
    m.add(
        "TARGET_SPECS",
        names(
            [
                rtg::TargetSpec::SelfCard,
                rtg::TargetSpec::Owner,
                rtg::TargetSpec::Opponent,
                rtg::TargetSpec::Choose,
                rtg::TargetSpec::Each,
            ]
            .map(rtg::TargetSpec::name),
        ),
    )?;
    m.add("ZONES", names(rtg::Zone::ALL.map(rtg::Zone::name)))?;
    m.add(
        "RULE_SETS",
        names(rtg::RuleSet::ALL.map(rtg::RuleSet::name)),
    )?;
    m.add("RULE_KINDS", rtg::RulesError::KINDS.to_vec())?;
    m.add("OBSERVATION_SIZE", obs::OBSERVATION_SIZE)?;
    m.add("ACTION_COUNT", obs::ACTION_COUNT)?;
    m.add("CHOICE_SLOTS", obs::CHOICES)?;
    Ok(())
}

fn names<const N: usize>(all: [&'static str; N]) -> Vec<&'static str> {
    all.to_vec()
}

/// `_rtg.cli_main(argv)`: the `rtg` command line on these arguments (`argv[0]` is the program's
/// name), run without the GIL; its exit status. The wheel's `rtg` console command.
#[pyfunction]
fn cli_main(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| rtg_cli::exit_status(argv))
}
