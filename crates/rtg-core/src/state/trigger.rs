//! Trigger bookkeeping: pending triggers, queued effects and armed
//! reversals of temporary effects.

use crate::alteration::AlterationRef;
use crate::applied::{Applied, TargetKind};
use crate::event::{Event, EventType};
use crate::ids::PlayerId;

/// A triggered alteration waiting for a player to choose its target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PendingTrigger {
    /// The alteration.
    pub alteration: AlterationRef,
    /// The controller of the source card, who chooses.
    pub controller: PlayerId,
    /// The kind of target it needs.
    pub target_kind: TargetKind,
    /// The event that triggered it.
    pub event: Event,
}

/// A started temporary effect, waiting for its end trigger or its last turn to be reversed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArmedReversal {
    /// Unique within the game.
    pub id: u32,
    /// The alteration whose start it reverses.
    pub alteration: AlterationRef,
    /// The controller of its source.
    pub controller: PlayerId,
    /// What the start applied.
    pub applied: Applied,
    /// The event that reverses it, if any.
    pub end_trigger: Option<EventType>,
    /// The turn at whose start it is reversed, if any.
    pub expires_on_turn: Option<u32>,
}
