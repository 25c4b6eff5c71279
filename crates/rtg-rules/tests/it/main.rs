//! Integration tests of the rules engine.

mod support;
mod random_games;
