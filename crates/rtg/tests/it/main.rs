//! Integration tests of rtg through its public API. One test binary, one module per area.

mod blocker_order;
mod combat;
mod custom_effect;
mod effects;
mod events;
mod players;
mod properties;
mod rules;
mod source_amounts;
mod support;
mod triggers;
