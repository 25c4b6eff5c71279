//! # rtg-combat
//!
//! Combat: who may attack and who may block whom (flying, reach, summoning sickness, haste),
//! how an attacker's damage is assigned to its ordered blockers (lethal first, deathtouch,
//! trample), and the damage and events of a resolved combat.
