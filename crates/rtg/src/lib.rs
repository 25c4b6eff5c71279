//! # rtg
//!
//! A Rust engine for MTG-like card games. Define cards in YAML, assemble decks, and drive a game
//! through pure, testable actions: every action returns a new [`GameState`] and never changes the
//! old one. Same seed, same actions: same states and events, on every run and machine.
//!
//! This crate is the public API in one place; it only re-exports the layered crates below it
//! (`rtg-core`, `rtg-effects`, `rtg-events`, `rtg-combat`, `rtg-rules`, `rtg-yaml`,
//! `rtg-scenario`, `rtg-sim`, `rtg-view`, `rtg-report`).
//!
//! ```
//! use std::sync::Arc;
//! use rtg::*;
//!
//! let goblin = Arc::new(CardDefinition::vanilla("goblin_01", "Goblin Warrior", CardType::Creature)
//!     .with_cost(Mana::from_pairs([(ManaType::Fire, 1)]))
//!     .with_stats(2, 2));
//! let fire = Arc::new(CardDefinition::vanilla("fire_mana_01", "Fire Mana", CardType::Mana)
//!     .with_cost(Mana::from_pairs([(ManaType::Fire, 1)])));
//! let deck: Vec<_> = [&fire, &goblin].into_iter().cycle().take(20).cloned().collect();
//!
//! let content = content_for([&deck, &deck], builtin_registry()).unwrap();
//! let mut game = Game::new(new_game(content, [&deck, &deck], &GameConfig::default()).unwrap(), 7);
//! game.start().unwrap();
//! game.advance_phase().unwrap(); // DRAW -> MAIN
//! assert_eq!(game.current_phase(), Phase::Main);
//! let alice = PlayerId(0);
//! let mana_card = *game.state().player(alice).hand().iter()
//!     .find(|&&c| game.state().def(c).card_type == CardType::Mana)
//!     .unwrap();
//! game.apply_action(Action::PlayCard { player: alice, card: mana_card, target: None }).unwrap();
//! // A second mana card in the same turn is refused, and the state stays as it was.
//! let before = game.state().clone();
//! let other = *game.state().player(alice).hand().iter()
//!     .find(|&&c| game.state().def(c).card_type == CardType::Mana)
//!     .unwrap();
//! let refused = game.apply_action(Action::PlayCard { player: alice, card: other, target: None });
//! assert_eq!(refused.unwrap_err().kind(), "mana_already_played");
//! assert_eq!(game.state(), &before);
//! ```
//!
//! ## What the API leaves out
//!
//! Each item has one path, and the engine's internals are not re-exported (the list buffers
//! combat reuses, the damage assignment into a kept list, the digest's hasher): a test in
//! `xtask/src/facade.rs` checks both.
//!
//! [`GameState`]'s raw mutators are hidden from this documentation: the setters of the phase,
//! turn, status and rules, the queues' `*_mut` accessors, [`GameState`]'s `card_mut` and
//! `player_mut`, the setup-time card creation and the like. They are how the engine crates move
//! a game on, and they keep none of the state's invariants by themselves (a card's location,
//! the turn order, the digest of a recorded game). They stay callable, because the engine's
//! crates are separate crates and `GameState` is one type, but they are no part of the API:
//! change a game through [`apply`] and [`step`], build a position with [`PositionBuilder`],
//! and write an effect with the primitives that keep the invariants (`move_card`, `destroy`,
//! `draw`, `damage_card`, `damage_player`, `heal_player`, `create_token`, ...) and
//! [`GameState::rng_mut`] for randomness. Hiding them (`#[doc(hidden)]` in rtg-core) was the
//! least invasive way: a sealed or `raw` module would have changed every call in the engine.

/// The data of a game. Internals stay out: the digest's hasher (`rtg_core::Fnv64`), the listener
/// index's entries and the combat's reused buffers (`rtg_core::CombatBuffers`) are reachable from
/// `rtg-core` for the crates that need them.
pub use rtg_core::{
    AbilityType, AbilityUse, Aim, AlterationData, AlterationRef, Amount, Applied, ArmedReversal,
    CardAbility, CardDefinition, CardId, CardInstance, CardSetup, CardTable, CardType, Cards,
    Combat, CompareOp, Condition, ConditionError, Content, DefIndex, DefinitionTable, Delay,
    DuplicateEffect, EffectContext, EffectError, EffectHandler, EffectRegistry, EffectSpec, Event,
    EventType, Expr, GameRng, GameState, GameStatus, HAND_LIMIT, InstanceId, Location, MAX_AMOUNT,
    MAX_COUNT, Mana, ManaCost, ManaPool, ManaRequirement, ManaType, Operand, ParamKind, ParamSpec,
    ParamValue, Params, PendingChoice, PendingTrigger, PermanentSetup, Phase, PlayerId,
    PlayerState, PositionBuilder, Record, RuleSet, STARTING_HEALTH, Scope, SetupError, StatLine,
    TableError, Target, TargetKind, TargetSpec, Technique, TechniqueSet, TextValues, TriggerOwner,
    VARIABLES, VarType, Variable, VariableArgs, VariableParam, VariableParamKind, VariableSpec,
    Zone, ZoneOwner,
};

pub use rtg_effects::{Builtin, BuiltinEffect, builtin_registry};

pub use rtg_events::{
    CHAIN_LIMIT, MAX_ARMED_REVERSALS, TriggerError, TriggerStage, TriggerUse, aim_of,
    has_legal_target, is_legal_target, legal_targets, passes_filters,
};

pub use rtg_combat::{
    AttackRefusal, BlockRefusal, assign_damage, can_attack, can_block, can_block_card,
    has_deathtouch, has_flying, has_haste, has_reach, has_trample, legal_attackers, legal_blockers,
    lethal_damage,
};

pub use rtg_rules::{
    Action, EndReason, Game, GameConfig, LossCause, Outcome, PLAYABLE_PHASES, Player, RulesError,
    Scratch, SetupFailure, apply, check_victory, content_for, end_reason, legal_actions, new_game,
    next_phase, start, start_with_hands, step,
};

/// The specification's I/O functions, at the top level as it lists them (section 10).
pub use rtg_yaml::{
    Catalog, Deck, build_catalog, build_deck, load_card, load_cards_from_dir, load_deck,
};

/// Card and deck files (YAML) beyond the specification's functions: the [`yaml::Loader`] with
/// its diagnostics and warnings, and the limits it enforces. Each item has one path: the
/// specification's functions and types are at the top level only.
pub mod yaml {
    pub use rtg_yaml::{
        BUNDLED_ROOT, BundledFile, Library, LibraryError, Merged, Origin, Shadow, ShadowNotice,
        Sources, bundled_card_files, bundled_card_path, bundled_deck_files, bundled_deck_path,
        merge_cards, path_problem,
    };
    pub use rtg_yaml::{
        CardReport, DeckError, ErrorKind, LoadError, LoadErrors, LoadWarning, LoadedCard, Loader,
        MAX_COPIES, MAX_DECK_CARDS, MAX_FILE_BYTES, MAX_TEMPLATE_DEPTH, NameKind, Position,
        WarningKind, card_warnings, did_you_mean, is_deck_file, parse_card, parse_document,
        read_text, yaml_files_in,
    };
}

/// The bundled cards and decks (the repository's `cards/` and `decks/`), compiled into the
/// library so they play from any directory: `rtg::bundled().deck("aggro")`.
pub use rtg_yaml::{Bundled, bundled};

/// Bots, batches of games, shard reports and replays (everything of `rtg-sim`, and only here).
pub use rtg_sim as sim;

/// Self-contained HTML pages of the reports (batch, tournament, goldfish).
pub use rtg_report as report;

/// A game shown to people: the board model, narration in words, the HTML replay viewer.
pub use rtg_view as view;

/// Snapshot testing of card behaviour with scenario files.
///
/// A user crate pins what its cards do in three lines (with `insta`):
///
/// ```no_run
/// insta::glob!("scenarios", "*.yaml", |path| {
///     insta::assert_snapshot!(rtg::testing::run_scenario(path).unwrap().to_string());
/// });
/// ```
pub mod testing {
    pub use rtg_scenario::*;
}

/// The README's Rust example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExample;

/// docs/bots.md's Rust example (a bot of one's own, registered and simulated), compiled and run
/// as a doctest so that the page cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/bots.md")]
struct BotsPageExample;
