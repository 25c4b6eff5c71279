//! Integration tests of rtg through its public API. One test binary, one module per area.

mod custom_effect;
/// The names the shared test support uses: everything the facade exports.
mod prelude {
    pub(crate) use rtg::*;
}
// The engine's shared positions and cards, one file for every crate's tests.
#[path = "../../../rtg-rules/tests/it/positions.rs"]
mod support;
