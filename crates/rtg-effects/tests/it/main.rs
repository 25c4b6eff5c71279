//! Integration tests of the built-in effects. One test binary, one module per area.

mod effects;
mod prelude;
mod source_amounts;
mod support;
