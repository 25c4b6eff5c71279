//! Enumerating every legal action of a position.

use rtg_combat::{check_blocker, legal_attackers};
use rtg_core::{
    AbilityType, AlterationRef, CardType, GameState, InstanceId, Phase, Target, TargetSpec,
    Technique,
};
use rtg_events::{alteration, legal_targets};

use crate::action::Action;
use crate::engine::{PLAYABLE_PHASES, immediate_alterations, spell_alterations};

/// Every action that [`crate::apply`] accepts in this state, in a fixed order:
/// resolving pending triggers (each legal target; while one waits nothing else is legal), then
/// playing cards in hand order (each legal target), activating abilities in battlefield and
/// ability order, declaring attackers, declaring blockers per attack, ordering blockers (every
/// permutation), and advancing the phase last. Targets come in [`legal_targets`] order.
///
/// Empty once the game is over.
pub fn legal_actions(state: &GameState) -> Vec<Action> {
    let mut actions = Vec::new();
    if state.is_over() {
        return actions;
    }
    if !state.pending_triggers.is_empty() {
        for (index, pending) in state.pending_triggers.iter().enumerate() {
            for target in legal_targets(state, pending.alteration) {
                actions.push(Action::ResolvePendingTrigger { index, target });
            }
        }
        return actions;
    }
    let player = state.active;
    if PLAYABLE_PHASES.contains(&state.phase) {
        let pool = state.player(player).pool;
        for &card in state.player(player).hand() {
            let def = state.def(card);
            match def.card_type {
                CardType::Mana => {
                    if state.player(player).mana_played == 0 {
                        actions.push(Action::PlayCard {
                            player,
                            card,
                            target: None,
                        });
                    }
                }
                CardType::Creature => {
                    if pool.can_pay(&def.mana) {
                        actions.push(Action::PlayCard {
                            player,
                            card,
                            target: None,
                        });
                    }
                }
                CardType::Spell => {
                    if !pool.can_pay(&def.mana) {
                        continue;
                    }
                    let refs = spell_alterations(state, card);
                    for target in targets_for(state, &refs) {
                        actions.push(Action::PlayCard {
                            player,
                            card,
                            target,
                        });
                    }
                }
            }
        }
        for &card in state.player(player).battlefield() {
            let def = state.def(card);
            let sick =
                state.card(card).summoning_sick && def.is_creature() && !def.has(Technique::Haste);
            if sick {
                continue;
            }
            for (index, ability) in def.abilities.iter().enumerate() {
                if ability.ability_type != AbilityType::Activated
                    || !pool.can_pay(&ability.mana_requirement)
                {
                    continue;
                }
                let refs = immediate_alterations(state, card, std::iter::once(index));
                for target in targets_for(state, &refs) {
                    actions.push(Action::ActivateAbility {
                        player,
                        card,
                        ability_index: index,
                        target,
                    });
                }
            }
        }
    }
    if matches!(state.phase, Phase::Main | Phase::Attack) {
        for attacker in legal_attackers(state, player) {
            actions.push(Action::DeclareAttack { player, attacker });
        }
    }
    if state.phase == Phase::Defense {
        let defender = state.defending();
        for (combat_index, combat) in state.combats.iter().enumerate() {
            for &blocker in state.player(defender).battlefield() {
                if check_blocker(state, defender, blocker, combat.attacker).is_ok() {
                    actions.push(Action::DeclareDefense {
                        player: defender,
                        blocker,
                        combat_index,
                    });
                }
            }
        }
        for (combat_index, combat) in state.combats.iter().enumerate() {
            if combat.blockers.len() < 2 {
                continue;
            }
            let blockers: Vec<InstanceId> = combat.blockers.iter().copied().collect();
            for order in permutations(&blockers) {
                actions.push(Action::OrderBlockers {
                    player,
                    combat_index,
                    blockers: order,
                });
            }
        }
    }
    actions.push(Action::AdvancePhase);
    actions
}

/// The target choices for a use of these alterations: `[None]` when none needs a choice, else
/// every target legal for all of them (possibly none).
fn targets_for(state: &GameState, refs: &[AlterationRef]) -> Vec<Option<Target>> {
    let choosers: Vec<AlterationRef> = refs
        .iter()
        .copied()
        .filter(|r| alteration(state, *r).target == TargetSpec::Choose)
        .collect();
    let Some((&first, rest)) = choosers.split_first() else {
        return vec![None];
    };
    legal_targets(state, first)
        .into_iter()
        .filter(|t| {
            rest.iter()
                .all(|&at| rtg_events::is_legal_target(state, at, *t))
        })
        .map(Some)
        .collect()
}

fn permutations(items: &[InstanceId]) -> Vec<Vec<InstanceId>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}
