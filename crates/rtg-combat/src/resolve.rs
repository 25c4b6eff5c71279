//! Resolving every declared combat at once.

use rtg_core::{CombatBuffers, Event, EventType, GameState};

use rtg_core::Technique;

use crate::assign::assign_damage_into;

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
    buffers: &mut CombatBuffers,
    checks: impl FnOnce(&mut GameState, &mut Vec<Event>),
) {
    let CombatBuffers {
        hits,
        player_hits,
        blockers,
        defenses,
        split,
    } = buffers;
    hits.clear();
    player_hits.clear();
    for combat in state.combats().iter() {
        let attacker = state.card(combat.attacker);
        if !attacker.on_battlefield() {
            continue;
        }
        let attack = attacker.attack();
        if !combat.blocked {
            if attack > 0 {
                player_hits.push((combat.defender, combat.attacker, attack));
            }
            continue;
        }
        blockers.clear();
        blockers.extend(
            combat
                .blockers
                .iter()
                .copied()
                .filter(|&b| state.card(b).on_battlefield()),
        );
        defenses.clear();
        defenses.extend(blockers.iter().map(|&b| state.card(b).defense()));
        let to_player = assign_damage_into(
            attack,
            defenses,
            attacker.has(Technique::Deathtouch),
            attacker.has(Technique::Trample),
            split,
        );
        for (&blocker, &amount) in blockers.iter().zip(split.iter()) {
            if amount > 0 {
                hits.push((combat.attacker, blocker, amount));
            }
        }
        for &blocker in blockers.iter() {
            let amount = state.card(blocker).attack();
            if amount > 0 {
                hits.push((blocker, combat.attacker, amount));
            }
        }
        if to_player > 0 {
            player_hits.push((combat.defender, combat.attacker, to_player));
        }
    }
    for &(source, target, amount) in hits.iter() {
        state.damage_card(target, amount, Some(source), events);
    }
    for &(player, source, amount) in player_hits.iter() {
        state.damage_player(player, amount, Some(source), events);
    }
    let attacker = state
        .combats()
        .first()
        .map(|c| state.card(c.attacker).owner);
    state.set_last_attacker(attacker);
    state.combats_mut().clear();
    checks(state, events);
    events.push(Event::new(EventType::OnCombatResolved));
}
