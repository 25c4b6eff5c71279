//! # rtg-events
//!
//! Events and triggers: which armed triggers an event fires (`trigger_self`, `trigger_owner`,
//! `trigger_card_id`), pending triggers that wait for a chosen target, reversals of temporary
//! effects (`end_trigger`, `turn_duration`), and the first-in-first-out queue, held in the game
//! state, through which every triggered effect resolves — never by recursion.
