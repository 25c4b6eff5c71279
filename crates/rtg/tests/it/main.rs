//! Integration tests of rtg through its public API. One test binary, one module per area.

mod custom_effect;

// The workspace's shared positions built in Rust: their types are the facade's, re-exported.
use rtg_testkit::positions as support;
