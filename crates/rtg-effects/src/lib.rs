//! # rtg-effects
//!
//! The built-in effect catalogue: the 17 effects of the specification and the 13 that PTG 0.9.13
//! adds, each a pure change to a [`GameState`](rtg_core::GameState) given its source, target and
//! validated parameters.
//!
//! Built-in effects are one data enum, [`Builtin`], interpreted by one `match`; effects written
//! outside rtg implement [`EffectHandler`](rtg_core::EffectHandler) and join the same
//! [`EffectRegistry`](rtg_core::EffectRegistry), so card files use both alike.
//! [`builtin_registry`] returns a fresh registry holding the built-ins; there is no global one.
//!
//! Invariants: an effect changes only the state it is given and draws randomness only from that
//! state's generator; arithmetic saturates (player health never below 0, attack never below 0);
//! an effect whose target has gone does nothing rather than fail.
//!
//! ```
//! let registry = rtg_effects::builtin_registry();
//! assert_eq!(registry.len(), 30);
//! assert!(registry.get("damage_card").is_some());
//! ```

mod builtin;
mod op;
mod run;
mod targets;

pub use builtin::{Builtin, BuiltinEffect, builtin_registry};
pub use op::{BuiltinOp, Num};
pub use run::run;
