//! Where a card instance is: one of its owner's four zones, resolving, or gone.

use serde::Serialize;

use crate::alteration::Zone;

/// Where a card instance is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// In its owner's deck.
    Deck,
    /// In its owner's hand.
    Hand,
    /// On its owner's battlefield.
    Battlefield,
    /// In its owner's graveyard.
    Graveyard,
    /// A spell being resolved (between hand and graveyard).
    Resolving,
    /// A token that left the battlefield: it no longer exists.
    Gone,
}

impl Location {
    /// The zone, for the four zones.
    pub fn zone(self) -> Option<Zone> {
        match self {
            Location::Deck => Some(Zone::Deck),
            Location::Hand => Some(Zone::Hand),
            Location::Battlefield => Some(Zone::Battlefield),
            Location::Graveyard => Some(Zone::Graveyard),
            Location::Resolving | Location::Gone => None,
        }
    }

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Location::Deck => "deck",
            Location::Hand => "hand",
            Location::Battlefield => "battlefield",
            Location::Graveyard => "graveyard",
            Location::Resolving => "resolving",
            Location::Gone => "gone",
        }
    }
}

impl From<Zone> for Location {
    fn from(zone: Zone) -> Location {
        match zone {
            Zone::Deck => Location::Deck,
            Zone::Hand => Location::Hand,
            Zone::Battlefield => Location::Battlefield,
            Zone::Graveyard => Location::Graveyard,
        }
    }
}
