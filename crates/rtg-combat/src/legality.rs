//! Who may attack, and who may block whom.

use rtg_core::{CardDefinition, GameState, InstanceId, PlayerId, Technique};
use thiserror::Error;

/// True when the definition has flying.
pub fn has_flying(def: &CardDefinition) -> bool {
    def.has(Technique::Flying)
}
/// True when the definition has reach.
pub fn has_reach(def: &CardDefinition) -> bool {
    def.has(Technique::Reach)
}
/// True when the definition has trample.
pub fn has_trample(def: &CardDefinition) -> bool {
    def.has(Technique::Trample)
}
/// True when the definition has deathtouch.
pub fn has_deathtouch(def: &CardDefinition) -> bool {
    def.has(Technique::Deathtouch)
}
/// True when the definition has haste.
pub fn has_haste(def: &CardDefinition) -> bool {
    def.has(Technique::Haste)
}

/// True when a creature of the blocker's definition may block one of the attacker's, as far as
/// techniques go: a flyer can be blocked only by a creature with flying or reach.
///
/// ```
/// use rtg_core::{CardDefinition, CardType, Technique};
/// let knight = CardDefinition::vanilla("sky", "Sky Knight", CardType::Creature)
///     .with_techniques([Technique::Flying]);
/// let goblin = CardDefinition::vanilla("gob", "Goblin", CardType::Creature);
/// let archer = CardDefinition::vanilla("arch", "Archer", CardType::Creature)
///     .with_techniques([Technique::Reach]);
/// assert!(!rtg_combat::can_block(&goblin, &knight));
/// assert!(rtg_combat::can_block(&archer, &knight));
/// assert!(rtg_combat::can_block(&knight, &goblin));
/// ```
pub fn can_block(blocker: &CardDefinition, attacker: &CardDefinition) -> bool {
    !has_flying(attacker) || has_flying(blocker) || has_reach(blocker)
}

/// True when a creature may block another as far as their techniques go now (granted ones
/// counted): [`can_block`] for the two cards' current techniques.
pub fn can_block_now(state: &GameState, blocker: InstanceId, attacker: InstanceId) -> bool {
    let (blocker, attacker) = (state.card(blocker), state.card(attacker));
    !attacker.has(Technique::Flying)
        || blocker.has(Technique::Flying)
        || blocker.has(Technique::Reach)
}

/// Why a creature may not attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum AttackRefusal {
    /// Not a creature on the battlefield.
    #[error("{0} is not a creature on the battlefield")]
    NotACreature(InstanceId),
    /// Controlled by the other player.
    #[error("{0} is not controlled by the attacking player")]
    NotYours(InstanceId),
    /// Entered this turn and has no haste.
    #[error("{0} is summoning sick")]
    SummoningSick(InstanceId),
    /// Already attacked this turn.
    #[error("{0} already attacked this turn")]
    AlreadyAttacked(InstanceId),
    /// Tapped: it cannot attack until it untaps.
    #[error("{0} is tapped")]
    Tapped(InstanceId),
}

/// Why a creature may not block.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum BlockRefusal {
    /// Not a creature on the battlefield.
    #[error("{0} is not a creature on the battlefield")]
    NotACreature(InstanceId),
    /// Controlled by a player other than the defending one.
    #[error("{0} is not controlled by the defending player")]
    NotYours(InstanceId),
    /// The attacker flies and the blocker has neither flying nor reach.
    #[error(
        "{blocker} cannot block {attacker}: it flies, and the blocker has neither flying nor reach"
    )]
    Flying {
        /// The would-be blocker.
        blocker: InstanceId,
        /// The flying attacker.
        attacker: InstanceId,
    },
    /// It attacked since its controller's turn last began.
    #[error("{0} attacked since its controller's turn began and cannot block")]
    Attacked(InstanceId),
    /// It already blocks an attacker.
    #[error("{0} is already blocking")]
    AlreadyBlocking(InstanceId),
    /// It is tapped.
    #[error("{0} is tapped and cannot block")]
    Tapped(InstanceId),
    /// An effect says it cannot block (`cannot_block`).
    #[error("{0} cannot block (an effect says so)")]
    Forbidden(InstanceId),
    /// The attacker cannot be blocked (`unblockable`).
    #[error("{0} cannot be blocked")]
    Unblockable(InstanceId),
}

#[inline]
fn creature_on_battlefield(state: &GameState, id: InstanceId) -> bool {
    state
        .try_card(id)
        .is_some_and(|c| c.is_creature_on_battlefield())
}

/// Checks that `player` may declare `attacker` now (phase and turn are the rules engine's).
#[inline]
pub fn check_attacker(
    state: &GameState,
    player: PlayerId,
    attacker: InstanceId,
) -> Result<(), AttackRefusal> {
    if !creature_on_battlefield(state, attacker) {
        return Err(AttackRefusal::NotACreature(attacker));
    }
    let card = state.card(attacker);
    if card.owner != player {
        return Err(AttackRefusal::NotYours(attacker));
    }
    if card.summoning_sick && !card.has(Technique::Haste) {
        return Err(AttackRefusal::SummoningSick(attacker));
    }
    if card.attacked_this_turn {
        return Err(AttackRefusal::AlreadyAttacked(attacker));
    }
    if card.tapped {
        return Err(AttackRefusal::Tapped(attacker));
    }
    Ok(())
}

/// True when `player` may declare `attacker` now.
// Inlined into other crates (with the checks it makes): bots ask it of every card on their
// battlefield, decision after decision.
#[inline]
pub fn can_attack(state: &GameState, player: PlayerId, attacker: InstanceId) -> bool {
    check_attacker(state, player, attacker).is_ok()
}

/// The creatures `player` may declare as attackers now, in battlefield order (none for an id
/// that is no seat).
pub fn legal_attackers(state: &GameState, player: PlayerId) -> Vec<InstanceId> {
    let Some(seat) = state.try_player(player) else {
        return Vec::new();
    };
    seat.battlefield()
        .iter()
        .copied()
        .filter(|&id| can_attack(state, player, id))
        .collect()
}

fn is_blocking(state: &GameState, id: InstanceId) -> bool {
    state.combats().iter().any(|c| c.blockers.contains(&id))
}

/// Checks that `player` may block `attacker` with `blocker` now.
pub fn check_blocker(
    state: &GameState,
    player: PlayerId,
    blocker: InstanceId,
    attacker: InstanceId,
) -> Result<(), BlockRefusal> {
    if !creature_on_battlefield(state, blocker) {
        return Err(BlockRefusal::NotACreature(blocker));
    }
    let card = state.card(blocker);
    if card.owner != player {
        return Err(BlockRefusal::NotYours(blocker));
    }
    if card.attacked_this_turn {
        return Err(BlockRefusal::Attacked(blocker));
    }
    if is_blocking(state, blocker) {
        return Err(BlockRefusal::AlreadyBlocking(blocker));
    }
    if card.tapped {
        return Err(BlockRefusal::Tapped(blocker));
    }
    if card.cannot_block() {
        return Err(BlockRefusal::Forbidden(blocker));
    }
    if state.card(attacker).unblockable() {
        return Err(BlockRefusal::Unblockable(attacker));
    }
    if !can_block_now(state, blocker, attacker) {
        return Err(BlockRefusal::Flying { blocker, attacker });
    }
    Ok(())
}

/// True when `blocker` may block `attacker` now (its controller being the defending player).
pub fn can_block_card(state: &GameState, blocker: InstanceId, attacker: InstanceId) -> bool {
    let player = state.card(blocker).owner;
    player != state.card(attacker).owner && check_blocker(state, player, blocker, attacker).is_ok()
}

/// The creatures of the attacked player that may block `attacker` now, in battlefield order.
pub fn legal_blockers(state: &GameState, attacker: InstanceId) -> Vec<InstanceId> {
    let Some(card) = state.try_card(attacker) else {
        return Vec::new();
    };
    let defender = card.owner.opponent();
    state
        .player(defender)
        .battlefield()
        .iter()
        .copied()
        .filter(|&id| check_blocker(state, defender, id, attacker).is_ok())
        .collect()
}
