//! # rtg-scenario
//!
//! Scenario files: snapshot tests of card behaviour. A scenario sets up a game position directly
//! (zones in order, creature and permanent state, pools, phase, active player, seed, rule set),
//! plays steps (actions, phase advances, pending-trigger targets, pending choices, refusals it
//! expects) and checks the outcome (health, pools, zones, stats, tapped flags, phase, winner,
//! pending triggers and choices, emitted events). Running one gives a
//! [`Transcript`]: a compact, stable text of each step, its events and the state after it, ready
//! to be snapshotted.
//!
//! The format is a contract (`docs/scenarios.md`): rtg accepts every file written to it and may
//! only add keys. Invariants: a scenario runs through the public rules API only (`apply`); the
//! same file gives the same transcript on every run; bad files are errors with file and line,
//! never panics.

mod error;
mod model;
mod raw;
mod render;
mod run;

pub use error::ScenarioError;
pub use model::{
    Action, CardRef, Check, EventCheck, ExpectedError, MAX_TURN, Place, PlayerSetup, Scenario,
    SetupCard, Step, StepKind, TargetRef, Winner,
};
pub use render::{Names, card_text, error_text, event_line, state_text};
pub use run::{
    Failure, Transcript, build_position, card_paths, load_content, load_content_with,
    load_scenario, run, run_scenario, run_scenario_with,
};
