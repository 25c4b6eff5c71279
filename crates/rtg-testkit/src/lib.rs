//! The workspace's shared test helpers, one copy for every crate's tests, examples and benches:
//! positions and cards built in Rust, the engine's names in one prelude, PTG 0.9's language deck
//! and (feature `bundled`) the bundled aggro vs midrange matchup.
//!
//! Every crate takes it as a dev-dependency, the engine crates below it too (rtg-combat,
//! rtg-effects, rtg-events): cargo allows a dev-dependency on a crate that depends on the one
//! under test, because an integration test, an example or a bench links the library as it is
//! built for everyone, the very build this crate links. So a `GameState` made here is the
//! `GameState` of rtg-combat's tests. (A crate's own unit tests, inside `src/`, are a second
//! build of it, whose types would differ: none of them uses this crate.)
//!
//! The simulator is behind the `bundled` feature: only its users (rtg-sim's examples and tests,
//! rtg-rules' `step_costs`) pay for building it.
//!
//! Not published: the crates name it by path only, and cargo leaves a versionless
//! dev-dependency out of a published package.

pub mod cards;
pub mod language_deck;
pub mod positions;
pub mod prelude;

#[cfg(feature = "bundled")]
pub mod bundled;
