//! Integration tests of combat: attacks, blocks, damage assignment. One test binary, one module per area.

mod blocker_order;
mod combat;

// The workspace's shared test helpers: the engine's names and its positions built in Rust.
use rtg_testkit::{positions as support, prelude};
