//! Integration tests of events and triggers: matching, the queue, reversals. One test binary, one module per area.

mod events;
mod language;
mod readings;

// The workspace's shared test helpers: the engine's names and its positions built in Rust.
use rtg_testkit::{positions as support, prelude};
mod triggers;
