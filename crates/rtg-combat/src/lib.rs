//! # rtg-combat
//!
//! Combat: who may attack and who may block whom (flying, reach, summoning sickness, haste,
//! tapped creatures, `cannot_block` and `unblockable`; techniques as the creatures have them now),
//! how an attacker's damage is assigned to its ordered blockers (lethal first, deathtouch,
//! trample), and the damage and events of a resolved combat.
//!
//! Invariants: combat is resolved all at once — every assignment is computed from the state
//! before any damage is dealt, so damage is simultaneous; the events come out in the documented
//! order (creature damage, player damage, deaths, player deaths, `on_combat_resolved`); nothing
//! here knows phases or actions, and triggers fired by combat are left for the caller's queue.

mod assign;
mod legality;
mod resolve;

pub use assign::{Assignment, assign_damage, assign_damage_into, lethal_damage};
pub use legality::{
    AttackRefusal, BlockRefusal, can_attack, can_block, can_block_card, can_block_now,
    check_attacker, check_blocker, has_deathtouch, has_flying, has_haste, has_reach, has_trample,
    legal_attackers, legal_blockers,
};
pub use resolve::resolve_combats;
