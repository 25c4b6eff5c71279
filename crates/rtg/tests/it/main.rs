//! Integration tests of rtg through its public API. One test binary, one module per area.

mod custom_effect;
mod support;
