//! Resolving every declared combat at once.

use rtg_core::{Event, EventType, GameState, InstanceId};

use crate::assign::assign_damage;
use crate::legality::{has_deathtouch, has_trample};

struct Hit {
    source: InstanceId,
    target: InstanceId,
    amount: i32,
}

/// Resolves every combat of the turn simultaneously and clears them: assignments are computed
/// from the state before any damage, then creatures are dealt damage (each combat in declaration
/// order: the attacker's damage to its blockers in order, then each blocker's to the attacker),
/// then players, then the state-based checks run (`checks`: the rules engine's, passed in) (deaths, player deaths) and `on_combat_resolved`
/// is recorded — also when nobody attacked.
///
/// An attacker that was blocked stays blocked even if its blockers are gone: it deals no damage
/// then, unless it has trample, when all of it goes to the player. Creatures that left the
/// battlefield before combat deal and take no damage.
pub fn resolve_combats(
    state: &mut GameState,
    events: &mut Vec<Event>,
    checks: impl FnOnce(&mut GameState, &mut Vec<Event>),
) {
    let mut hits: Vec<Hit> = Vec::new();
    let mut player_hits = Vec::new();
    for combat in state.combats().iter() {
        let attacker = state.card(combat.attacker);
        if !attacker.on_battlefield() {
            continue;
        }
        let attack = attacker.attack();
        let def = state.def(combat.attacker);
        if !combat.blocked {
            if attack > 0 {
                player_hits.push((combat.defender, combat.attacker, attack));
            }
            continue;
        }
        let blockers: Vec<InstanceId> = combat
            .blockers
            .iter()
            .copied()
            .filter(|&b| state.card(b).on_battlefield())
            .collect();
        let defenses: Vec<i32> = blockers.iter().map(|&b| state.card(b).defense()).collect();
        let split = assign_damage(attack, &defenses, has_deathtouch(def), has_trample(def));
        for (&blocker, &amount) in blockers.iter().zip(&split.to_blockers) {
            if amount > 0 {
                hits.push(Hit {
                    source: combat.attacker,
                    target: blocker,
                    amount,
                });
            }
        }
        for &blocker in &blockers {
            let amount = state.card(blocker).attack();
            if amount > 0 {
                hits.push(Hit {
                    source: blocker,
                    target: combat.attacker,
                    amount,
                });
            }
        }
        if split.to_player > 0 {
            player_hits.push((combat.defender, combat.attacker, split.to_player));
        }
    }
    for hit in hits {
        state.damage_card(hit.target, hit.amount, Some(hit.source), events);
    }
    for (player, source, amount) in player_hits {
        state.damage_player(player, amount, Some(source), events);
    }
    state.combats_mut().clear();
    checks(state, events);
    events.push(Event::new(EventType::OnCombatResolved));
}
