//! Integration tests of the built-in effects. One test binary, one module per area.

mod effects;
// The engine crates' names, as rtg-combat's tests import them (the same crates below rtg-rules).
#[path = "../../../rtg-combat/tests/it/prelude.rs"]
mod prelude;
mod source_amounts;
// The engine's shared positions and cards, one file for every crate's tests.
#[path = "../../../rtg-rules/tests/it/positions.rs"]
mod support;
