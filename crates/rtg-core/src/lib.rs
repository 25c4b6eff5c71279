//! # rtg-core
//!
//! The data of rtg, an engine for MTG-like card games: card definitions and their abilities,
//! mana, events, and the [`GameState`] — everything a game is at one moment.
//!
//! The central design choice: a game state is a *value*. Its parts sit behind reference counts
//! (a chunked card table, each player, short lists copied on their first change), so cloning
//! one is cheap and shares them with the original; the engine computes each new state from an
//! old one and never changes the old one. Randomness lives in
//! the state too ([`GameRng`]), so a state and the actions applied to it determine everything.
//!
//! This crate holds data and the primitives that keep its invariants (a card is in exactly one
//! place; moving it records the events of the move). It does no I/O, knows no file format, and
//! knows neither phases' logic nor actions: those belong to `rtg-rules`.

mod alteration;
mod applied;
mod builder;
mod card;
mod condition;
mod content;
pub mod continuous;
mod digest;
mod effect;
mod event;
mod ids;
mod mana;
mod rng;
mod state;
pub mod targets;

pub use alteration::{
    AlterationData, AlterationRef, Amount, ParamValue, Params, TargetSpec, TriggerOwner, TurnCount,
    Zone,
};
pub use applied::{Applied, Record, TargetKind};
pub use builder::{CardSetup, PermanentSetup, PositionBuilder, SetupError};
pub use card::{AbilityType, CardAbility, CardDefinition, CardType, Technique, TechniqueSet};
pub use condition::{
    CompareOp, Condition, ConditionError, Expr, Operand, Scope, TextValues, VARIABLES, VarType,
    Variable, VariableArgs, VariableParam, VariableParamKind, VariableSpec, ZoneOwner,
};
pub use content::{Content, DefinitionTable, TableError};
pub use continuous::{Continuous, Modifier, Ongoing, Reach, Refresh};
pub use digest::Fnv64;
pub use effect::{
    Aim, DuplicateEffect, EffectContext, EffectError, EffectHandler, EffectRegistry, EffectSpec,
    MAX_AMOUNT, MAX_COUNT, ParamKind, ParamSpec,
};
pub use event::{Event, EventType, Target};
pub use ids::{CardId, DefIndex, InstanceId, PlayerId};
pub use mana::{Mana, ManaCost, ManaPool, ManaRequirement, ManaType};
pub use rng::GameRng;
pub use state::{
    AbilityUse, ArmedReversal, CardInstance, CardTable, Cards, Combat, CombatBuffers, Delay,
    GameState, GameStatus, HAND_LIMIT, Listener, Location, PendingChoice, PendingTrigger, Phase,
    PlayerState, RuleSet, STARTING_HEALTH, SharedVec, StatLine,
};
