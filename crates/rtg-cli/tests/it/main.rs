//! Integration tests of the `rtg` binary, as one test binary: each runs the built program on
//! files in a temporary directory and checks its output and exit status.

mod check;
mod support;
