//! Integration tests of combat: attacks, blocks, damage assignment. One test binary, one module per area.

mod blocker_order;
mod combat;
mod prelude;
// The engine's shared positions and cards, one file for every crate's tests.
#[path = "../../../rtg-rules/tests/it/positions.rs"]
mod support;
