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
