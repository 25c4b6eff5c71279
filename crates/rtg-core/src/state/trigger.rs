//! Trigger bookkeeping: pending triggers, queued effects and armed
//! reversals of temporary effects.

use crate::alteration::{AlterationRef, Params};
use crate::applied::{Applied, TargetKind};
use crate::event::Target;
use crate::event::{Event, EventType};
use crate::ids::{InstanceId, PlayerId};

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

/// A delayed effect waiting (PTG 0.9's `delay: N`): an alteration that took effect and was
/// scheduled instead of applied. At each start of its controller's turn it counts down by one;
/// at 0 it is removed and applied to its target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Delay {
    /// Unique within the game, handed out in order (by the state, never reused).
    pub id: u32,
    /// The alteration that set it (its source card is the delay's source).
    pub alteration: AlterationRef,
    /// The controller of its source when it was set: whose turn starts count it down.
    pub controller: PlayerId,
    /// What the effect is applied to, fixed when the delay was set.
    pub target: Target,
    /// For a card target, where it was and its entry epoch ([`crate::CardInstance::entered`])
    /// when the delay was set: a card that has since moved is another object, and the delay
    /// then does nothing to it.
    pub target_place: Option<(crate::state::Location, u32)>,
    /// The turn starts left before it takes effect (1 or more while it waits).
    pub remaining: u32,
    /// The alteration's parameters with every computed number (`$attack`, `$variable`,
    /// expressions) replaced by its value when the delay was set; `None` when it has none, and
    /// the alteration's own compiled parameters are used.
    pub params: Option<Params>,
}

/// A choice a player must make before the game goes on (PTG 0.9's `PendingChoice`): which of an
/// alteration's options to take, e.g. the mana of `choose_mana`. While one waits, only
/// resolving it (or a pending trigger) is allowed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PendingChoice {
    /// The alteration that asks.
    pub alteration: AlterationRef,
    /// Who chooses: the controller of the alteration's card.
    pub controller: PlayerId,
    /// What the chosen option is applied to.
    pub target: Target,
    /// How many options there are (chosen by index, from 0, in the card file's order).
    pub options: u16,
    /// The event that set it off, if a trigger did.
    pub event: Option<Event>,
}

/// How many times an ability with `max_activations` was used in a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AbilityUse {
    /// The card.
    pub card: InstanceId,
    /// The ability's index in its definition.
    pub ability: u16,
    /// The turn the count is for: a count of an earlier turn is 0 now.
    pub turn: u32,
    /// The uses in that turn.
    pub count: u32,
}
