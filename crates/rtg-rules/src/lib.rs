//! # rtg-rules
//!
//! The rules engine: actions, the turn's phases, mana payment, state-based checks and victory.
//!
//! [`apply`] is the functional core: a pure function from a state and an action to the next
//! state and the events the action caused, or a [`RulesError`] naming the rule the action broke —
//! the given state is never changed. [`Game`] is a thin convenience shell that keeps the history.
//!
//! ```
//! use std::sync::Arc;
//! use rtg_core::*;
//! use rtg_rules::{Action, GameConfig, apply, new_game, start};
//!
//! let goblin = Arc::new(CardDefinition::vanilla("goblin_01", "Goblin Warrior", CardType::Creature)
//!     .with_cost(Mana::from_pairs([(ManaType::Fire, 1)])).with_stats(2, 2));
//! let fire = Arc::new(CardDefinition::vanilla("fire_mana_01", "Fire Mana", CardType::Mana)
//!     .with_cost(Mana::from_pairs([(ManaType::Fire, 1)])));
//! let deck: Vec<_> = [&fire, &goblin].into_iter().cycle().take(20).cloned().collect();
//! let content = rtg_rules::content_for([&deck, &deck], rtg_effects::builtin_registry()).unwrap();
//! let state = new_game(content, [&deck, &deck], &GameConfig::default()).unwrap();
//! let started = start(&state, 7).unwrap().state;
//! let main = apply(&started, &Action::AdvancePhase).unwrap().state;
//! assert_eq!(main.phase(), Phase::Main);
//! assert_eq!(started.phase(), Phase::Draw, "the old state is untouched");
//! ```
//!
//! Bots decide from a [`PlayerView`]: what one player may know, and full states sampled from it
//! ([`PlayerView::determinize`]) for search.
//!
//! Invariants: no I/O, no global state, no randomness but the state's generator; an action that
//! fails leaves nothing behind; phases' automatic work runs when a phase is entered.

mod action;
mod checks;
mod engine;
mod error;
mod game;
mod legal;
mod setup;
mod victory;
mod view;

pub use action::Action;
pub use checks::{must_die, state_based_checks};
pub use engine::{
    Outcome, PLAYABLE_PHASES, apply, check_victory, immediate_alterations, next_phase,
    spell_alterations, step,
};
pub use error::RulesError;
pub use game::Game;
pub use legal::{chosen_targets, legal_actions, targets_for};
pub use rtg_combat::BlockRefusal;
pub use rtg_events::{Scratch, TriggerStage, TriggerUse};
pub use setup::{
    GameConfig, Player, SetupFailure, content_for, new_game, start, start_in_place,
    start_with_hands,
};
pub use victory::{EndReason, LossCause, end_reason};
pub use view::{DelayView, PlayerView, acts_for, to_act};
