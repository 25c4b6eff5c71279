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
/// ability order, declaring attackers, declaring blockers per attack, ordering blockers, and
/// advancing the phase last. Targets come in [`legal_targets`] order.
///
/// Blocker orders are the one exception to "every legal action": for each attack with two or
/// more blockers only the orders that put one blocker first (the rest kept in their current
/// order) are listed, `n` per attack of `n` blockers instead of `n!`, so the list stays
/// polynomial in the size of the board. A sequence of them reaches any order, and
/// [`crate::apply`] accepts any full order of the attack's blockers.
///
/// Empty once the game is over.
pub fn legal_actions(state: &GameState) -> Vec<Action> {
    let mut actions = Vec::new();
    if state.is_over() {
        return actions;
    }
    if state.is_waiting() {
        for (index, pending) in state.pending_triggers().iter().enumerate() {
            for target in legal_targets(state, pending.alteration) {
                actions.push(Action::ResolvePendingTrigger { index, target });
            }
        }
        for (index, choice) in state.pending_choices().iter().enumerate() {
            for option in 0..usize::from(choice.options) {
                actions.push(Action::ResolveChoice { index, option });
            }
        }
        return actions;
    }
    let player = state.active();
    if PLAYABLE_PHASES.contains(&state.phase()) {
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
                CardType::Creature | CardType::Artifact => {
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
            let instance = state.card(card);
            let sick =
                instance.summoning_sick && def.is_creature() && !instance.has(Technique::Haste);
            if sick || instance.tapped {
                continue;
            }
            for (index, ability) in def.abilities.iter().enumerate() {
                if ability.ability_type != AbilityType::Activated
                    || !pool.can_pay(&ability.mana_requirement)
                    || ability
                        .max_activations
                        .is_some_and(|max| state.uses_this_turn(card, index as u16) >= max)
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
    if matches!(state.phase(), Phase::Main | Phase::Attack) {
        for attacker in legal_attackers(state, player) {
            actions.push(Action::DeclareAttack { player, attacker });
        }
    }
    if state.phase() == Phase::Defense {
        let defender = state.defending();
        for (combat_index, combat) in state.combats().iter().enumerate() {
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
        for (combat_index, combat) in state.combats().iter().enumerate() {
            if combat.blockers.len() < 2 {
                continue;
            }
            let blockers: Vec<InstanceId> = combat.blockers.iter().copied().collect();
            for order in put_first_orders(&blockers) {
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

/// The one target chooser: the target choices for one use of these alterations (a spell's, or
/// one activation's), as [`legal_actions`] lists them: `[None]` when none of them needs a
/// choice, else `Some` of every target legal for all of them that do, in
/// [`rtg_events::legal_targets`] order (possibly none: then the use is not legal).
///
/// Bots pick among these; [`rtg_events::aim_of`] says whose side each alteration is meant for,
/// so a bot never needs to recognise an effect by its name.
pub fn targets_for(state: &GameState, refs: &[AlterationRef]) -> Vec<Option<Target>> {
    if crate::engine::named_target_refused(state, refs).is_some() {
        return Vec::new();
    }
    match choice_targets(state, refs) {
        None => vec![None],
        Some(targets) => targets.into_iter().map(Some).collect(),
    }
}

/// The targets [`targets_for`] offers, without the `Option`s: every target legal for all of
/// these alterations that need a choice, in [`rtg_events::legal_targets`] order; empty when
/// none of them needs a choice (then the use takes no target) or when the use is not legal.
///
/// Bots that pick a target read this list as it comes from the rules, rather than collect
/// [`targets_for`]'s choices again.
pub fn chosen_targets(state: &GameState, refs: &[AlterationRef]) -> Vec<Target> {
    if crate::engine::named_target_refused(state, refs).is_some() {
        return Vec::new();
    }
    choice_targets(state, refs).unwrap_or_default()
}

/// The targets legal for every alteration of `refs` that needs a choice, `None` when none
/// does. The list `legal_targets` builds for the first chooser is filtered in place and the
/// other choosers are read from `refs` again: one allocation per use, which matters because
/// `legal_actions` and every bot decision with a target come through here.
fn choice_targets(state: &GameState, refs: &[AlterationRef]) -> Option<Vec<Target>> {
    let mut choosers = refs
        .iter()
        .copied()
        .filter(|r| alteration(state, *r).target == TargetSpec::Choose);
    let first = choosers.next()?;
    let mut targets = legal_targets(state, first);
    targets.retain(|t| {
        choosers
            .clone()
            .all(|at| rtg_events::is_legal_target(state, at, *t))
    });
    Some(targets)
}

/// The orders listed for one attack's blockers: for each blocker, in the current order, that
/// blocker put first and the others kept in order (the first is the current order itself).
///
/// Listing every permutation made `legal_actions` factorial in the number of blockers (ten took
/// over a second and a gigabyte, eleven aborted). These `n` orders reach any order in at most
/// `n` steps (put the intended last blocker first, then the one before it, ...), and for two
/// blockers they are exactly both permutations, in the order they were listed before. `apply`
/// still accepts any full order in one action.
fn put_first_orders(current: &[InstanceId]) -> Vec<Vec<InstanceId>> {
    (0..current.len())
        .map(|i| {
            let mut order = Vec::with_capacity(current.len());
            order.push(current[i]);
            order.extend(
                current
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &id)| id),
            );
            order
        })
        .collect()
}
