//! The `rtg` command line.
fn main() {}
