//! The heuristic bot.

use rtg_combat::has_deathtouch;
use rtg_core::{GameRng, InstanceId, Phase, PlayerId};
use rtg_rules::{Action, PlayerView};

use crate::bots::greedy::greedy_play;
use crate::bots::{Bot, best_target, resolve_first_pending};

/// A smarter bot: plays like [`crate::GreedyBot`], but attacks only with creatures that survive
/// or trade against every possible blocker (or with everything when that is lethal), holds back
/// creatures when behind on board, and blocks: first with a creature that kills the attacker and
/// survives, then with one that survives, and chump-blocks only when the unblocked damage would
/// be lethal.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

fn attack_of(view: &PlayerView<'_>, id: InstanceId) -> i32 {
    view.card(id).map_or(0, |c| c.attack())
}

fn kills(view: &PlayerView<'_>, hitter: InstanceId, victim: InstanceId) -> bool {
    let attack = attack_of(view, hitter);
    let (Some(def), Some(victim)) = (view.def(hitter), view.card(victim)) else {
        return false;
    };
    attack > 0 && (has_deathtouch(def) || attack >= victim.defense())
}

impl HeuristicBot {
    fn attack(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let attackers = view.legal_attackers();
        let foe = player.opponent();
        let foes: Vec<InstanceId> = view
            .battlefield(foe)
            .iter()
            .copied()
            .filter(|&c| {
                view.card(c)
                    .is_some_and(|card| card.creature && !card.attacked_this_turn)
            })
            .collect();
        let total: i32 = attackers.iter().map(|&a| attack_of(view, a)).sum();
        let lethal = total >= view.health(foe) && foes.is_empty();
        let their_power: i32 = foes.iter().map(|&c| attack_of(view, c)).sum();
        let behind = their_power >= view.health(player);
        for attacker in attackers {
            if attack_of(view, attacker) == 0 {
                continue;
            }
            let safe = foes.iter().all(|&b| {
                !view.can_block(b, attacker)
                    || !kills(view, b, attacker)
                    || kills(view, attacker, b)
            });
            if lethal || (safe && !behind) {
                return Some(Action::DeclareAttack { player, attacker });
            }
        }
        None
    }

    fn block(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let unblocked: i32 = view
            .combats()
            .iter()
            .filter(|c| !c.blocked)
            .map(|c| attack_of(view, c.attacker))
            .sum();
        let in_danger = unblocked >= view.health(player);
        for (combat_index, combat) in view.combats().iter().enumerate() {
            if combat.blocked {
                continue;
            }
            let attacker = combat.attacker;
            let candidates: Vec<InstanceId> = view
                .battlefield(player)
                .iter()
                .copied()
                .filter(|&b| view.can_block(b, attacker))
                .collect();
            let survives = |b: InstanceId| !kills(view, attacker, b);
            let pick = candidates
                .iter()
                .copied()
                .find(|&b| survives(b) && kills(view, b, attacker))
                .or_else(|| candidates.iter().copied().find(|&b| survives(b)))
                .or_else(|| {
                    if in_danger {
                        candidates
                            .iter()
                            .copied()
                            .min_by_key(|&b| attack_of(view, b))
                    } else {
                        None
                    }
                });
            if let Some(blocker) = pick {
                return Some(Action::DeclareDefense {
                    player,
                    blocker,
                    combat_index,
                });
            }
        }
        None
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&self, view: &PlayerView<'_>, _rng: &mut GameRng) -> Action {
        if let Some(action) = resolve_first_pending(view, best_target) {
            return action;
        }
        let player = view.player();
        match view.phase() {
            Phase::Main if view.active() == player => greedy_play(view, player)
                .or_else(|| self.attack(view, player))
                .unwrap_or(Action::AdvancePhase),
            Phase::Defense if view.defending() == player => {
                self.block(view, player).unwrap_or(Action::AdvancePhase)
            }
            _ => Action::AdvancePhase,
        }
    }
}
