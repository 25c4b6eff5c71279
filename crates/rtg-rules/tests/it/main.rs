//! Integration tests of the rules engine: actions, phases, players, and properties of random games. One test binary, one module per area.

mod players;
mod positions;
mod prelude;
mod properties;
mod random_games;
mod rules;
mod statics;
mod support;
mod trigger_uses;
