//! How the game stands: ongoing, won, or drawn.

use serde::Serialize;

use crate::ids::PlayerId;

/// How the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Still being played.
    Ongoing,
    /// This player won.
    Winner(PlayerId),
    /// Both players lost at once, or the turn limit was reached.
    Draw,
}
