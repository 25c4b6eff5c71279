//! The greedy bot: the benchmark workload, kept exactly as it always played.

use rtg_core::{CardType, GameRng, Phase, PlayerId};
use rtg_rules::{Action, PlayerView};

use crate::bots::{Bot, best_target, resolve_first_choice, resolve_first_pending, use_target};

/// The first card in hand the greedy rule would play now, with its target.
pub(crate) fn greedy_play(view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
    let hand = view.hand();
    if view.mana_played(player) == 0
        && let Some(&card) = hand
            .iter()
            .find(|&&c| view.def(c).is_some_and(|d| d.card_type == CardType::Mana))
    {
        return Some(Action::PlayCard {
            player,
            card,
            target: None,
        });
    }
    let pool = view.pool(player);
    for &card in hand {
        let Some(def) = view.def(card) else { continue };
        if def.card_type == CardType::Mana || !pool.can_pay(&def.mana) {
            continue;
        }
        let target = if def.card_type == CardType::Spell {
            match use_target(view, &view.spell_alterations(card), best_target) {
                Some(t) => t,
                None => continue,
            }
        } else {
            None
        };
        return Some(Action::PlayCard {
            player,
            card,
            target,
        });
    }
    None
}

/// The greedy bot, exactly: in the main phase, play the first mana card in hand if none was
/// played this turn, then repeatedly the first affordable non-mana card in hand order (targets by
/// [`best_target`]; a spell with no legal target is skipped), then declare every creature that
/// can attack; never block; otherwise advance. Pending triggers get the best target; a pending
/// choice takes the option that pays for the most of its hand (the first on a tie).
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, view: &PlayerView<'_>, _rng: &mut GameRng) -> Action {
        // A waiting trigger or choice comes first: nothing else is allowed meanwhile.
        if view.is_waiting() {
            if let Some(action) = resolve_first_pending(view, best_target) {
                return action;
            }
            if let Some(action) = resolve_first_choice(view) {
                return action;
            }
        }
        let player = view.player();
        if view.phase() == Phase::Main && view.active() == player {
            if let Some(action) = greedy_play(view, player) {
                return action;
            }
            let attacker = view
                .battlefield(player)
                .iter()
                .copied()
                .find(|&id| view.can_attack(id));
            if let Some(attacker) = attacker {
                return Action::DeclareAttack { player, attacker };
            }
        }
        Action::AdvancePhase
    }
}
