//! Integration tests of combat: attacks, blocks, damage assignment. One test binary, one module per area.

mod blocker_order;
mod combat;
mod prelude;
mod support;
