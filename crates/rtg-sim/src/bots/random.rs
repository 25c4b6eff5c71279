//! The random bot: a uniform choice among the legal actions.

use rtg_core::GameRng;
use rtg_rules::{Action, PlayerView};

use crate::bots::Bot;

/// Chooses uniformly among the legal actions of the player to act, leaving out
/// `OrderBlockers` (the declaration order stands): reordering changes nothing that could end the
/// game and could be repeated forever. Every other action spends a finite resource or moves the
/// game on, and the simulator forces a phase advance after [`crate::MAX_ACTIONS_PER_PHASE`]
/// actions in one phase, so games stay finite.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action {
        let mut actions = view.legal_actions();
        actions.retain(|a| !matches!(a, Action::OrderBlockers { .. }));
        if actions.is_empty() {
            return Action::AdvancePhase;
        }
        let pick = rng.below(actions.len() as u32) as usize;
        actions.swap_remove(pick)
    }
}
