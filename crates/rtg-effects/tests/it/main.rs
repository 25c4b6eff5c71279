//! Integration tests of the built-in effects. One test binary, one module per area.

mod effects;
mod source_amounts;

// The workspace's shared test helpers: the engine's names and its positions built in Rust.
use rtg_testkit::{positions as support, prelude};
