//! The attacks declared this turn.

use crate::state::SharedVec;

use crate::ids::{InstanceId, PlayerId};

/// One attacker and the creatures blocking it, in damage assignment order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Combat {
    /// The attacking creature.
    pub attacker: InstanceId,
    /// The player it attacks.
    pub defender: PlayerId,
    /// Its blockers still on the battlefield, in the order it assigns damage.
    pub blockers: SharedVec<InstanceId>,
    /// True once a blocker was declared: a blocked attacker stays blocked when its blockers leave.
    pub blocked: bool,
}

/// Lists that resolving the turn's combats fills and empties: the step's scratch keeps one, so
/// that once warm, resolving combat allocates nothing. Never part of a state.
#[derive(Clone, Debug, Default)]
pub struct CombatBuffers {
    /// Damage to creatures, in the order it is dealt: (source, creature, amount).
    pub hits: Vec<(InstanceId, InstanceId, i32)>,
    /// Damage to players, in the order it is dealt: (player, source, amount).
    pub player_hits: Vec<(PlayerId, InstanceId, i32)>,
    /// One attacker's blockers still on the battlefield.
    pub blockers: Vec<InstanceId>,
    /// Their remaining defenses.
    pub defenses: Vec<i32>,
    /// The attacker's damage to each of them.
    pub split: Vec<i32>,
}
