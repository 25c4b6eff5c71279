//! One player's state: health, mana, counters and the four zones.

use std::sync::Arc;

use crate::state::SharedVec;

use crate::alteration::Zone;
use crate::ids::InstanceId;
use crate::mana::{Mana, ManaPool};

/// One player's state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerState {
    /// Display name.
    pub name: Arc<str>,
    /// Health; never below 0, no maximum.
    pub health: i32,
    /// Mana available now.
    pub pool: ManaPool,
    /// Mana cards played this turn.
    pub mana_played: u32,
    /// How many times the pool was refilled at a turn start: a temporary mana change made
    /// before the latest refill was already wiped out by it, so its reversal does nothing.
    pub refills: u32,
    /// Most cards kept at the end of the turn.
    pub hand_limit: u32,
    /// Tried to draw from an empty deck: loses at the next state-based check.
    pub drew_from_empty: bool,
    /// Has lost (health 0, or drew from an empty deck).
    pub lost: bool,
    pub(crate) deck: SharedVec<InstanceId>,
    pub(crate) hand: SharedVec<InstanceId>,
    pub(crate) battlefield: SharedVec<InstanceId>,
    pub(crate) graveyard: SharedVec<InstanceId>,
    pub(crate) listeners: SharedVec<Listener>,
    /// The union of the listeners' events, kept with them.
    pub(crate) listened: u32,
}

/// A card on a battlefield that some triggered alteration of its definition makes listen, with
/// the events it listens for (as [`crate::EventType::bit`]s).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Listener {
    /// The card.
    pub card: InstanceId,
    /// The events some triggered alteration of its definition starts on.
    pub events: u32,
}

/// Starting health of a player.
pub const STARTING_HEALTH: i32 = 20;
/// The hand limit.
pub const HAND_LIMIT: u32 = 7;

impl PlayerState {
    /// A player with empty zones and starting values.
    pub fn new(name: &str) -> PlayerState {
        PlayerState {
            name: Arc::from(name),
            health: STARTING_HEALTH,
            pool: Mana::EMPTY,
            mana_played: 0,
            refills: 0,
            hand_limit: HAND_LIMIT,
            drew_from_empty: false,
            lost: false,
            deck: SharedVec::new(),
            hand: SharedVec::new(),
            battlefield: SharedVec::new(),
            graveyard: SharedVec::new(),
            listeners: SharedVec::new(),
            listened: 0,
        }
    }

    /// The cards in a zone, in order (deck: top first).
    pub fn zone(&self, zone: Zone) -> &SharedVec<InstanceId> {
        match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Battlefield => &self.battlefield,
            Zone::Graveyard => &self.graveyard,
        }
    }

    pub(crate) fn zone_mut(&mut self, zone: Zone) -> &mut SharedVec<InstanceId> {
        match zone {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::Battlefield => &mut self.battlefield,
            Zone::Graveyard => &mut self.graveyard,
        }
    }

    /// The deck, top first.
    pub fn deck(&self) -> &SharedVec<InstanceId> {
        &self.deck
    }
    /// The hand, in order.
    pub fn hand(&self) -> &SharedVec<InstanceId> {
        &self.hand
    }
    /// The battlefield, in order of entry.
    pub fn battlefield(&self) -> &SharedVec<InstanceId> {
        &self.battlefield
    }
    /// The listener index of this player's battlefield: the cards on it that listen for some
    /// event, in battlefield order, kept as cards enter and leave.
    pub fn listeners(&self) -> &SharedVec<Listener> {
        &self.listeners
    }

    /// Every event some listener of this player's battlefield listens for (as
    /// [`crate::EventType::bit`]s): an event outside it fires nothing there.
    pub fn listened(&self) -> u32 {
        self.listened
    }

    /// The graveyard, oldest first.
    pub fn graveyard(&self) -> &SharedVec<InstanceId> {
        &self.graveyard
    }
}
