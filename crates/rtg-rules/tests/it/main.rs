//! Integration tests of the rules engine: actions, phases, players, and properties of random games. One test binary, one module per area.

mod players;
mod properties;
mod random_games;
mod rules;
mod statics;
mod trigger_uses;

// The workspace's shared test helpers, under the names the tests know them by.
use rtg_testkit::{cards as support, positions, prelude};
