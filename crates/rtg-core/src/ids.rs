//! Identifier newtypes: a card definition's id, a card instance's id and a player's seat.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// The id of a card definition, the `card_id` field of a card file (for example `goblin_01`).
///
/// Cheap to clone: the text is shared.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(Arc<str>);

impl CardId {
    /// Wraps a definition id.
    pub fn new(id: impl AsRef<str>) -> Self {
        CardId(Arc::from(id.as_ref()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for CardId {
    fn from(id: &str) -> Self {
        CardId::new(id)
    }
}

impl std::borrow::Borrow<str> for CardId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// The id of one card instance in one game.
///
/// Instance ids are handed out in order by the game state (0, 1, 2, ...), never at random, so
/// the same seed and the same actions always give the same ids.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct InstanceId(pub u32);

impl InstanceId {
    /// The id as an index into the state's card table.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for InstanceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A player, by seat: seat 0 took the first turn, seat 1 the second.
///
/// Any `u8` can be written (actions arrive from replays and other programs), but only
/// [`PlayerId::ALL`] are seats of a game: the rules refuse an action naming any other id with
/// `unknown_player` before looking it up, and [`PlayerId::index`] does not fold other ids onto a
/// seat: `PlayerId(3)` standing in for seat 1 would let a malformed action (or replay) pass.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat that takes the first turn.
    pub const FIRST: PlayerId = PlayerId(0);
    /// The seat that takes the second turn.
    pub const SECOND: PlayerId = PlayerId(1);
    /// The number of seats in a game.
    pub const COUNT: usize = 2;
    /// Every seat, in turn order.
    pub const ALL: [PlayerId; PlayerId::COUNT] = [PlayerId::FIRST, PlayerId::SECOND];

    /// True when the id is a seat of a game (0 or 1).
    pub fn is_seat(self) -> bool {
        usize::from(self.0) < PlayerId::COUNT
    }

    /// The seat as an index, or `None` for an id that is no seat.
    pub fn checked_index(self) -> Option<usize> {
        self.is_seat().then_some(usize::from(self.0))
    }

    /// The other player of a two-player game. For an id that is no seat the result is no seat
    /// either (never a real player).
    pub fn opponent(self) -> PlayerId {
        PlayerId(self.0 ^ 1)
    }

    /// The seat as an index (0 or 1). An id that is no seat gives an index past the players, so
    /// indexing with it panics rather than reaching the wrong player: check ids that come from
    /// outside with [`PlayerId::is_seat`] (the rules do, for every action).
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// The index of a card definition in a game's [`crate::DefinitionTable`].
///
/// Card instances refer to their definition by this small index rather than by a shared pointer, so
/// an instance is plain `Copy` data and the hot paths never touch reference counts.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct DefIndex(pub u16);
