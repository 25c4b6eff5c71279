//! Integration tests of events and triggers: matching, the queue, reversals. One test binary, one module per area.

mod events;
mod prelude;
mod support;
mod triggers;
