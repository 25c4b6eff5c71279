//! Integration tests of events and triggers: matching, the queue, reversals. One test binary, one module per area.

mod events;
mod language;
// The engine crates' names, as rtg-combat's tests import them (the same crates below rtg-rules).
#[path = "../../../rtg-combat/tests/it/prelude.rs"]
mod prelude;
// The engine's shared positions and cards, one file for every crate's tests.
#[path = "../../../rtg-rules/tests/it/positions.rs"]
mod support;
mod triggers;
