//! The names the tests use, from the engine's crates, as the `rtg` facade exports them: a test of
//! rtg-combat and a test of rtg-rules write the same imports.

pub use rtg_core::*;

pub use rtg_effects::{Builtin, BuiltinEffect, builtin_registry};

pub use rtg_events::{
    CHAIN_LIMIT, MAX_ARMED_REVERSALS, TriggerError, aim_of, is_legal_target, legal_targets,
    passes_filters,
};

pub use rtg_combat::{
    AttackRefusal, BlockRefusal, assign_damage, can_attack, can_block, can_block_card,
    has_deathtouch, has_flying, has_haste, has_reach, has_trample, legal_attackers, legal_blockers,
    lethal_damage,
};

pub use rtg_rules::{
    Action, EndReason, Game, GameConfig, LossCause, Outcome, PLAYABLE_PHASES, Player, RulesError,
    Scratch, SetupFailure, TriggerStage, apply, check_victory, content_for, end_reason,
    legal_actions, new_game, next_phase, start, start_with_hands, state_based_checks, step,
    targets_for,
};

pub use rtg_yaml::{
    Catalog, Deck, build_catalog, build_deck, load_card, load_cards_from_dir, load_deck,
};

/// Card and deck files, as the facade names them.
pub use rtg_yaml as yaml;
