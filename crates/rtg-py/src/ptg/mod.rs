//! PTG's scripting API in Rust: `Game`, `GameState` and its views, and the action classes.
//!
//! A PTG script's loop calls these once per action and once per card it reads, so they are
//! native: the Python package (`rtg._ptg`) re-exports them and adds only PTG's value classes
//! (`Player`, `PlayerState`, `PendingTrigger`, ...), which the cold views build.

mod actions;
mod game;
mod game_state;
mod seats;

use pyo3::prelude::*;

/// Registers the classes in the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    actions::register(m)?;
    m.add_class::<game_state::PyGameState>()?;
    m.add_class::<game_state::PyCardMap>()?;
    m.add_class::<game::PyGame>()?;
    Ok(())
}
