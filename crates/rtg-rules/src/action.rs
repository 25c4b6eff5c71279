//! The actions a player (or the game server) can take.

use rtg_core::{InstanceId, PlayerId, Target};
use serde::{Deserialize, Serialize};

/// Everything that moves a game forward. Each is checked against the rules by [`crate::apply`].
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play a card from hand: a mana card (free, one per turn), a creature, or a spell (with its
    /// target, when the spell needs one).
    PlayCard {
        /// Who plays it (the active player).
        player: PlayerId,
        /// The card in their hand.
        card: InstanceId,
        /// The chosen target of a spell that needs one.
        target: Option<Target>,
    },
    /// Declare a creature as an attacker (main or attack phase).
    DeclareAttack {
        /// The active player.
        player: PlayerId,
        /// The attacking creature.
        attacker: InstanceId,
    },
    /// Declare a blocker against one declared attack (defense phase).
    DeclareDefense {
        /// The defending player.
        player: PlayerId,
        /// The blocking creature.
        blocker: InstanceId,
        /// Index of the attack in the order attacks were declared.
        combat_index: usize,
    },
    /// Order the blockers of one attack: the attacker assigns damage in this order.
    OrderBlockers {
        /// The attacking player.
        player: PlayerId,
        /// Index of the attack.
        combat_index: usize,
        /// A permutation of that attack's blockers.
        blockers: Vec<InstanceId>,
    },
    /// Use an activated ability of a permanent.
    ActivateAbility {
        /// The active player.
        player: PlayerId,
        /// The permanent.
        card: InstanceId,
        /// Index of the ability in the card's definition.
        ability_index: usize,
        /// The chosen target, when the ability needs one.
        target: Option<Target>,
    },
    /// Choose the target of a pending trigger and resolve it.
    ResolvePendingTrigger {
        /// Index in the state's pending triggers.
        index: usize,
        /// The chosen target.
        target: Target,
    },
    /// Move to the next phase, running its automatic work.
    AdvancePhase,
    /// Take one option of a pending choice (PTG 0.9's `resolve_pending_choice`), e.g. the mana
    /// of `choose_mana`.
    ResolveChoice {
        /// Index in the state's pending choices (oldest first).
        index: usize,
        /// The option, from 0, in the card file's order.
        option: usize,
    },
}

impl Action {
    /// The action's kind, the snake_case name of its variant (`play_card`, `resolve_choice`,
    /// ...), as the Python package and the benches name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::PlayCard { .. } => "play_card",
            Action::DeclareAttack { .. } => "declare_attack",
            Action::DeclareDefense { .. } => "declare_defense",
            Action::OrderBlockers { .. } => "order_blockers",
            Action::ActivateAbility { .. } => "activate_ability",
            Action::ResolvePendingTrigger { .. } => "resolve_pending_trigger",
            Action::ResolveChoice { .. } => "resolve_choice",
            Action::AdvancePhase => "advance_phase",
        }
    }

    /// The player ids the action names: its acting player, then its player target, when it has
    /// them. The rules refuse an action naming an id that is no seat with `unknown_player`.
    pub fn named_players(&self) -> impl Iterator<Item = PlayerId> {
        let (actor, target) = match self {
            Action::AdvancePhase | Action::ResolveChoice { .. } => (None, None),
            Action::PlayCard { player, target, .. }
            | Action::ActivateAbility { player, target, .. } => (Some(*player), *target),
            Action::DeclareAttack { player, .. }
            | Action::DeclareDefense { player, .. }
            | Action::OrderBlockers { player, .. } => (Some(*player), None),
            Action::ResolvePendingTrigger { target, .. } => (None, Some(*target)),
        };
        let target = match target {
            Some(Target::Player(p)) => Some(p),
            _ => None,
        };
        actor.into_iter().chain(target)
    }
}
