//! # rtg-effects
//!
//! The built-in effect catalogue and how each effect changes a game state.
