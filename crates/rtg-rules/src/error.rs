//! Why an action was refused.

use rtg_combat::BlockRefusal;
use rtg_core::{EffectError, InstanceId, Location, Mana, Phase, PlayerId, Target};
use rtg_events::TriggerError;
use thiserror::Error;

/// An action the rules refuse. The state it was applied to is left exactly as it was.
///
/// Scenario files name these by [`RulesError::kind`], the snake_case name of the variant; those
/// names are stable.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RulesError {
    /// The game is over: nothing more can happen.
    #[error("the game is over")]
    GameOver,
    /// A pending trigger waits for its target: only resolving pending triggers is allowed.
    #[error("a pending trigger waits for its target; resolve it first")]
    PendingTrigger,
    /// A pending choice waits for its player: only resolving it (or a pending trigger) is
    /// allowed.
    #[error("a pending choice waits for its player; resolve it first")]
    PendingChoice,
    /// The action is not allowed in this phase.
    #[error("{action} is not allowed in the {phase} phase")]
    WrongPhase {
        /// The current phase.
        phase: Phase,
        /// What was attempted.
        action: &'static str,
    },
    /// The wrong player acted.
    #[error("{player} cannot {action} now: it is {expected}'s to do")]
    NotYourTurn {
        /// Who tried.
        player: PlayerId,
        /// Who may.
        expected: PlayerId,
        /// What was attempted.
        action: &'static str,
    },
    /// The pool cannot pay the cost.
    #[error("not enough mana: missing {missing}")]
    NotEnoughMana {
        /// What is missing, per type (`any` for the generic part).
        missing: Mana,
    },
    /// A second mana card in one turn.
    #[error("a mana card was already played this turn")]
    ManaAlreadyPlayed,
    /// The creature entered this turn and has no haste.
    #[error("{0} is summoning sick")]
    SummoningSick(InstanceId),
    /// The creature already attacked this turn.
    #[error("{0} already attacked this turn")]
    AlreadyAttacked(InstanceId),
    /// The permanent is tapped: it cannot attack or activate abilities until it untaps.
    #[error("{0} is tapped")]
    Tapped(InstanceId),
    /// The ability was already used as many times this turn as its `max_activations` allows.
    #[error("ability {index} of {card} was already used {max} time(s) this turn")]
    MaxActivations {
        /// The card.
        card: InstanceId,
        /// The ability's index.
        index: usize,
        /// Its `max_activations`.
        max: u32,
    },
    /// The creature cannot block (the reason says why).
    #[error("cannot block: {0}")]
    CannotBlock(BlockRefusal),
    /// No card has this id.
    #[error("no card {0} in this game")]
    UnknownCard(InstanceId),
    /// The action names a player id that is no seat of the game (as the acting player or as a
    /// target): only `PlayerId(0)` and `PlayerId(1)` play.
    #[error("no player {0} in this game")]
    UnknownPlayer(PlayerId),
    /// The card belongs to the other player.
    #[error("{card} is not {player}'s card")]
    NotYourCard {
        /// The card.
        card: InstanceId,
        /// Who tried to use it.
        player: PlayerId,
    },
    /// The card is not where the action needs it.
    #[error("{card} must be in the {expected} but is in the {found:?}")]
    WrongZone {
        /// The card.
        card: InstanceId,
        /// Where it must be.
        expected: &'static str,
        /// Where it is.
        found: Location,
    },
    /// The card is not a creature.
    #[error("{0} is not a creature")]
    NotACreature(InstanceId),
    /// The card has no ability at this index.
    #[error("{card} has no ability {index}")]
    BadAbilityIndex {
        /// The card.
        card: InstanceId,
        /// The index given.
        index: usize,
    },
    /// The ability is triggered, not activated.
    #[error("ability {index} of {card} is triggered and cannot be activated")]
    NotActivatable {
        /// The card.
        card: InstanceId,
        /// The index given.
        index: usize,
    },
    /// The card or ability needs a chosen target and none was given.
    #[error("a target must be chosen")]
    MissingTarget,
    /// The chosen target is not legal for the effect.
    #[error("{0} is not a legal target")]
    IllegalTarget(Target),
    /// A target was given to something that takes none.
    #[error("this takes no target, but {0} was given")]
    UnexpectedTarget(Target),
    /// No attack at this index.
    #[error("no attack {0} was declared")]
    BadCombatIndex(usize),
    /// The order is not a permutation of the attack's blockers, or the attack has fewer than two
    /// blockers to order.
    #[error("the blocker order must list each of the attack's two or more blockers exactly once")]
    BadBlockerOrder,
    /// No pending trigger at this index.
    #[error("no pending trigger {0}")]
    NoSuchPendingTrigger(usize),
    /// No pending choice at this index.
    #[error("no pending choice {0}")]
    NoSuchPendingChoice(usize),
    /// The pending choice has no such option.
    #[error("pending choice {index} has {options} option(s); there is no option {option}")]
    NoSuchOption {
        /// The choice's index.
        index: usize,
        /// The option given.
        option: usize,
        /// How many options it has.
        options: u16,
    },
    /// A chain of triggers did not end.
    #[error(transparent)]
    ChainLimit(TriggerError),
    /// A step would arm more temporary effects than a game may hold
    /// ([`rtg_events::MAX_ARMED_REVERSALS`]).
    #[error(transparent)]
    ReversalLimit(TriggerError),
    /// An effect failed (an effect's own error, or one not registered in this game).
    #[error("effect failed: {0}")]
    EffectFailed(TriggerError),
}

impl From<TriggerError> for RulesError {
    fn from(error: TriggerError) -> Self {
        match error {
            TriggerError::ChainLimit { .. } => RulesError::ChainLimit(error),
            TriggerError::ReversalLimit { .. } => RulesError::ReversalLimit(error),
            other => RulesError::EffectFailed(other),
        }
    }
}

impl From<EffectError> for RulesError {
    fn from(error: EffectError) -> Self {
        RulesError::EffectFailed(TriggerError::Effect(error))
    }
}

impl RulesError {
    /// The stable snake_case name of the variant, used by scenario files (`not_enough_mana`).
    pub fn kind(&self) -> &'static str {
        match self {
            RulesError::GameOver => "game_over",
            RulesError::PendingTrigger => "pending_trigger",
            RulesError::PendingChoice => "pending_choice",
            RulesError::WrongPhase { .. } => "wrong_phase",
            RulesError::NotYourTurn { .. } => "not_your_turn",
            RulesError::NotEnoughMana { .. } => "not_enough_mana",
            RulesError::ManaAlreadyPlayed => "mana_already_played",
            RulesError::SummoningSick(_) => "summoning_sick",
            RulesError::AlreadyAttacked(_) => "already_attacked",
            RulesError::Tapped(_) => "tapped",
            RulesError::MaxActivations { .. } => "max_activations",
            RulesError::CannotBlock(_) => "cannot_block",
            RulesError::UnknownCard(_) => "unknown_card",
            RulesError::UnknownPlayer(_) => "unknown_player",
            RulesError::NotYourCard { .. } => "not_your_card",
            RulesError::WrongZone { .. } => "wrong_zone",
            RulesError::NotACreature(_) => "not_a_creature",
            RulesError::BadAbilityIndex { .. } => "bad_ability_index",
            RulesError::NotActivatable { .. } => "not_activatable",
            RulesError::MissingTarget => "missing_target",
            RulesError::IllegalTarget(_) => "illegal_target",
            RulesError::UnexpectedTarget(_) => "unexpected_target",
            RulesError::BadCombatIndex(_) => "bad_combat_index",
            RulesError::BadBlockerOrder => "bad_blocker_order",
            RulesError::NoSuchPendingTrigger(_) => "no_such_pending_trigger",
            RulesError::NoSuchPendingChoice(_) => "no_such_pending_choice",
            RulesError::NoSuchOption { .. } => "no_such_option",
            RulesError::ChainLimit(_) => "chain_limit",
            RulesError::ReversalLimit(_) => "reversal_limit",
            RulesError::EffectFailed(_) => "effect_failed",
        }
    }

    /// Every kind name, for tools that validate scenario files.
    pub const KINDS: [&'static str; 30] = [
        "game_over",
        "pending_trigger",
        "pending_choice",
        "wrong_phase",
        "not_your_turn",
        "not_enough_mana",
        "mana_already_played",
        "summoning_sick",
        "already_attacked",
        "tapped",
        "max_activations",
        "cannot_block",
        "unknown_card",
        "unknown_player",
        "not_your_card",
        "wrong_zone",
        "not_a_creature",
        "bad_ability_index",
        "not_activatable",
        "missing_target",
        "illegal_target",
        "unexpected_target",
        "bad_combat_index",
        "bad_blocker_order",
        "no_such_pending_trigger",
        "no_such_pending_choice",
        "no_such_option",
        "chain_limit",
        "reversal_limit",
        "effect_failed",
    ];
}
