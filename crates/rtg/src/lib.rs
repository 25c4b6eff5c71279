//! # rtg
//!
//! The public API of rtg in one crate.
pub use rtg_core::*;
