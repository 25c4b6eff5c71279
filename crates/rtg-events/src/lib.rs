//! # rtg-events
//!
//! Events and triggers: which triggered alterations an event fires (`trigger_self`,
//! `trigger_owner`, `trigger_card_id`), pending triggers that wait for a chosen target, reversals
//! of temporary effects (`end_trigger`, `turn_duration`), and the first-in-first-out queue, held in
//! the step's [`Scratch`], through which every triggered effect resolves — never by recursion.
//!
//! How a step settles ([`settle`]): the events of the step are matched, in order, against every
//! active trigger; each match is appended to the queue (or becomes a pending trigger when
//! its target must be chosen). Then the queue's first item resolves, the state-based checks (passed in by the rules engine) run,
//! and the events of that resolution are matched in turn, until the queue is empty. A chain longer
//! than [`CHAIN_LIMIT`] resolutions is an error, and the caller refuses the whole step.
//!
//! Invariants: this crate knows events and triggers, not phases or actions; it changes the state
//! only through effects and the core primitives; the order of everything it does depends only on
//! the state.

mod delays;
mod matching;
mod queue;
mod start;

pub use delays::{count_down_delays, fire_delay};
pub use matching::{active_trigger_sources, passes_filters};
pub use queue::{
    CHAIN_LIMIT, Checks, MAX_ARMED_REVERSALS, Scratch, TriggerError, TriggerStage, TriggerUse,
    expire_timed_effects, settle,
};
pub use rtg_core::targets::{
    aim_of, alteration, controller_of, has_legal_target, is_legal_target, legal_targets,
    mass_targets, meets_target_condition, resolve_target,
};
pub use start::{arm_reversal, condition_holds, start_alteration, start_use};
