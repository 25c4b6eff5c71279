//! Integration tests of the rules engine.

mod random_games;
mod support;
