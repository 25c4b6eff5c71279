//! # rtg-rules
//!
//! The rules engine: actions, the turn's phases, mana payment, state-based checks and victory.
//! `apply(&GameState, Action)` is a pure function returning the new state and its events.
