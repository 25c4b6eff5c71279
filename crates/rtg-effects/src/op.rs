//! The built-in effects compiled: each alteration's parameters read once, when a game's content
//! is made, into a typed [`BuiltinOp`], so that running one looks nothing up by name.

use std::sync::Arc;

use rtg_core::{
    Amount, CardId, DefIndex, DefinitionTable, EffectError, Expr, Mana, ParamKind, ParamValue,
    Params, Technique, Zone,
};

use crate::builtin::Builtin;

/// A whole-number parameter as compiled: a literal as written (the loader checked it against its
/// kind), or `$attack` / `$defense`, or a computed number, read when the effect starts and
/// clamped to the parameter's kind ([`ParamKind::clamp`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Num {
    /// A literal.
    Fixed(i32),
    /// The source's current attack or defense, clamped to `kind`.
    Source {
        /// Which stat.
        amount: Amount,
        /// The parameter's kind, whose range the value is clamped to.
        kind: ParamKind,
    },
    /// A condition variable or an expression over them, clamped to `kind`.
    Computed {
        /// What is computed.
        expr: Arc<Expr>,
        /// The parameter's kind, whose range the value is clamped to.
        kind: ParamKind,
    },
}

/// One built-in alteration, its parameters compiled: one variant per built-in effect.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BuiltinOp {
    /// `damage_card`.
    DamageCard {
        /// Damage dealt.
        amount: Num,
    },
    /// `damage_player`.
    DamagePlayer {
        /// Damage dealt.
        amount: Num,
    },
    /// `heal_player`.
    HealPlayer {
        /// Health restored.
        amount: Num,
    },
    /// `buff_card`.
    BuffCard {
        /// Attack change.
        attack: Num,
        /// Defense change.
        defense: Num,
    },
    /// `buff_all`.
    BuffAll {
        /// Attack change.
        attack: Num,
        /// Defense change.
        defense: Num,
    },
    /// `draw_card`.
    DrawCard {
        /// Cards drawn.
        count: Num,
    },
    /// `destroy_card`.
    DestroyCard,
    /// `spend_mana`.
    SpendMana {
        /// The mana taken.
        cost: Mana,
    },
    /// `gain_mana`.
    GainMana {
        /// The mana added.
        amounts: Mana,
    },
    /// `spawn_creature`.
    SpawnCreature {
        /// The template's definition.
        def: DefIndex,
        /// Tokens created.
        count: Num,
    },
    /// `recruit`.
    Recruit {
        /// The definition id looked for.
        card_id: CardId,
        /// Where it is looked for.
        from: Zone,
    },
    /// `return_to_hand`.
    ReturnToHand,
    /// `mill`.
    Mill {
        /// Cards milled.
        count: Num,
    },
    /// `random_discard`.
    RandomDiscard {
        /// Cards discarded.
        count: Num,
    },
    /// `set_stats`.
    SetStats {
        /// The attack set, if any.
        attack: Option<Num>,
        /// The defense set, if any.
        defense: Option<Num>,
    },
    /// `recycle_graveyard`.
    RecycleGraveyard,
    /// `move_card`.
    MoveCard {
        /// The zone the card must be in.
        from: Zone,
        /// The zone it goes to.
        to: Zone,
        /// The definition id of the card to move, found in `from` (the controller's zone first)
        /// instead of the target, when `card_definition_id` is given.
        by_id: Option<CardId>,
    },
    /// `tap_card`.
    TapCard,
    /// `untap_card`.
    UntapCard,
    /// `cannot_block`.
    CannotBlock,
    /// `revoke_cannot_block`.
    RevokeCannotBlock,
    /// `unblockable`.
    Unblockable,
    /// `revoke_unblockable`.
    RevokeUnblockable,
    /// `grant_technique`.
    GrantTechnique {
        /// The technique granted.
        technique: Technique,
    },
    /// `remove_technique`.
    RemoveTechnique {
        /// The technique removed.
        technique: Technique,
    },
    /// `fight`.
    Fight,
    /// `restore_stats`.
    RestoreStats,
    /// `choose_mana`.
    ChooseMana {
        /// The mana maps to choose from, in the card file's order.
        options: Arc<[Mana]>,
    },
    /// `spawn_artifact`.
    SpawnArtifact {
        /// The template's definition.
        def: DefIndex,
        /// Tokens created.
        count: Num,
    },
    /// `cancel_delay`.
    CancelDelay {
        /// Only the delays set by cards of this definition id, when given.
        source: Option<CardId>,
    },
}

impl BuiltinOp {
    /// Which built-in it is.
    pub fn kind(&self) -> Builtin {
        match self {
            BuiltinOp::DamageCard { .. } => Builtin::DamageCard,
            BuiltinOp::DamagePlayer { .. } => Builtin::DamagePlayer,
            BuiltinOp::HealPlayer { .. } => Builtin::HealPlayer,
            BuiltinOp::BuffCard { .. } => Builtin::BuffCard,
            BuiltinOp::BuffAll { .. } => Builtin::BuffAll,
            BuiltinOp::DrawCard { .. } => Builtin::DrawCard,
            BuiltinOp::DestroyCard => Builtin::DestroyCard,
            BuiltinOp::SpendMana { .. } => Builtin::SpendMana,
            BuiltinOp::GainMana { .. } => Builtin::GainMana,
            BuiltinOp::SpawnCreature { .. } => Builtin::SpawnCreature,
            BuiltinOp::Recruit { .. } => Builtin::Recruit,
            BuiltinOp::ReturnToHand => Builtin::ReturnToHand,
            BuiltinOp::Mill { .. } => Builtin::Mill,
            BuiltinOp::RandomDiscard { .. } => Builtin::RandomDiscard,
            BuiltinOp::SetStats { .. } => Builtin::SetStats,
            BuiltinOp::RecycleGraveyard => Builtin::RecycleGraveyard,
            BuiltinOp::MoveCard { .. } => Builtin::MoveCard,
            BuiltinOp::TapCard => Builtin::TapCard,
            BuiltinOp::UntapCard => Builtin::UntapCard,
            BuiltinOp::CannotBlock => Builtin::CannotBlock,
            BuiltinOp::RevokeCannotBlock => Builtin::RevokeCannotBlock,
            BuiltinOp::Unblockable => Builtin::Unblockable,
            BuiltinOp::RevokeUnblockable => Builtin::RevokeUnblockable,
            BuiltinOp::GrantTechnique { .. } => Builtin::GrantTechnique,
            BuiltinOp::RemoveTechnique { .. } => Builtin::RemoveTechnique,
            BuiltinOp::Fight => Builtin::Fight,
            BuiltinOp::RestoreStats => Builtin::RestoreStats,
            BuiltinOp::ChooseMana { .. } => Builtin::ChooseMana,
            BuiltinOp::SpawnArtifact { .. } => Builtin::SpawnArtifact,
            BuiltinOp::CancelDelay { .. } => Builtin::CancelDelay,
        }
    }

    /// Compiles a built-in's parameters, reading them in the order running them by name did, so
    /// that a parameter missing or of the wrong type (the loader lets none through; definitions
    /// built by hand may have them) fails with the same error, when the effect runs.
    pub fn compile(
        kind: Builtin,
        params: &Params,
        definitions: &DefinitionTable,
    ) -> Result<BuiltinOp, EffectError> {
        let p = Reader { kind, params };
        Ok(match kind {
            Builtin::DamageCard => BuiltinOp::DamageCard {
                amount: p.num("amount")?,
            },
            Builtin::DamagePlayer => BuiltinOp::DamagePlayer {
                amount: p.num("amount")?,
            },
            Builtin::HealPlayer => BuiltinOp::HealPlayer {
                amount: p.num("amount")?,
            },
            Builtin::BuffCard => BuiltinOp::BuffCard {
                attack: p.num("attack_increase")?,
                defense: p.num("defense_increase")?,
            },
            Builtin::BuffAll => BuiltinOp::BuffAll {
                attack: p.num("attack_increase")?,
                defense: p.num("defense_increase")?,
            },
            Builtin::DrawCard => BuiltinOp::DrawCard {
                count: p.num("count")?,
            },
            Builtin::DestroyCard => BuiltinOp::DestroyCard,
            Builtin::SpendMana => BuiltinOp::SpendMana {
                cost: p.mana("mana_requirement")?,
            },
            Builtin::GainMana => BuiltinOp::GainMana {
                amounts: p.mana("amounts")?,
            },
            Builtin::SpawnCreature => BuiltinOp::SpawnCreature {
                def: p.template(definitions)?,
                count: p.num("count")?,
            },
            Builtin::SpawnArtifact => BuiltinOp::SpawnArtifact {
                def: p.template(definitions)?,
                count: p.num("count")?,
            },
            Builtin::Recruit => {
                let from = p.zone("from_zone")?;
                let Some(ParamValue::Card(card_id)) = params.get("card_definition_id") else {
                    return Err(p.bad("card_definition_id"));
                };
                BuiltinOp::Recruit {
                    card_id: card_id.clone(),
                    from,
                }
            }
            Builtin::ReturnToHand => BuiltinOp::ReturnToHand,
            Builtin::Mill => BuiltinOp::Mill {
                count: p.num("count")?,
            },
            Builtin::RandomDiscard => BuiltinOp::RandomDiscard {
                count: p.num("count")?,
            },
            Builtin::SetStats => BuiltinOp::SetStats {
                attack: p.opt_num("attack"),
                defense: p.opt_num("defense"),
            },
            Builtin::RecycleGraveyard => BuiltinOp::RecycleGraveyard,
            Builtin::MoveCard => BuiltinOp::MoveCard {
                from: p.zone("from_zone")?,
                to: p.zone("to_zone")?,
                by_id: match params.get("card_definition_id") {
                    None => None,
                    Some(ParamValue::Card(card_id)) => Some(card_id.clone()),
                    Some(_) => return Err(p.bad("card_definition_id")),
                },
            },
            Builtin::TapCard => BuiltinOp::TapCard,
            Builtin::UntapCard => BuiltinOp::UntapCard,
            Builtin::CannotBlock => BuiltinOp::CannotBlock,
            Builtin::RevokeCannotBlock => BuiltinOp::RevokeCannotBlock,
            Builtin::Unblockable => BuiltinOp::Unblockable,
            Builtin::RevokeUnblockable => BuiltinOp::RevokeUnblockable,
            Builtin::GrantTechnique => BuiltinOp::GrantTechnique {
                technique: p.technique("technique")?,
            },
            Builtin::RemoveTechnique => BuiltinOp::RemoveTechnique {
                technique: p.technique("technique")?,
            },
            Builtin::Fight => BuiltinOp::Fight,
            Builtin::RestoreStats => BuiltinOp::RestoreStats,
            Builtin::ChooseMana => match params.get("options") {
                Some(ParamValue::ManaOptions(options)) if !options.is_empty() => {
                    BuiltinOp::ChooseMana {
                        options: Arc::clone(options),
                    }
                }
                _ => return Err(p.bad("options")),
            },
            Builtin::CancelDelay => match params.get("source_card_definition_id") {
                None => BuiltinOp::CancelDelay { source: None },
                Some(ParamValue::Card(card_id)) => BuiltinOp::CancelDelay {
                    source: Some(card_id.clone()),
                },
                Some(_) => return Err(p.bad("source_card_definition_id")),
            },
        })
    }
}

/// Reads one built-in's parameters by name: only ever while compiling.
struct Reader<'a> {
    kind: Builtin,
    params: &'a Params,
}

impl Reader<'_> {
    fn bad(&self, name: &str) -> EffectError {
        EffectError::BadParam {
            effect: self.kind.name().to_owned(),
            param: name.to_owned(),
        }
    }

    fn opt_num(&self, name: &str) -> Option<Num> {
        let kind = || {
            self.kind
                .spec()
                .params
                .iter()
                .find(|p| p.name == name)
                .map_or(ParamKind::SignedInt, |p| p.kind)
        };
        match self.params.get(name)? {
            ParamValue::Int(n) | ParamValue::Amount(Amount::Fixed(n)) => Some(Num::Fixed(*n)),
            ParamValue::Amount(amount) => Some(Num::Source {
                amount: *amount,
                kind: kind(),
            }),
            ParamValue::Expr(expr) => Some(Num::Computed {
                expr: Arc::clone(expr),
                kind: kind(),
            }),
            _ => None,
        }
    }

    fn technique(&self, name: &str) -> Result<Technique, EffectError> {
        match self.params.get(name) {
            Some(ParamValue::Technique(t)) => Ok(*t),
            _ => Err(self.bad(name)),
        }
    }

    /// The definition of the `template` parameter, in the game's table.
    fn template(&self, definitions: &DefinitionTable) -> Result<DefIndex, EffectError> {
        let Some(ParamValue::Template(template)) = self.params.get("template") else {
            return Err(self.bad("template"));
        };
        definitions
            .index_of(template.card_id.as_str())
            .ok_or_else(|| EffectError::UnknownDefinition(template.card_id.to_string()))
    }

    fn num(&self, name: &str) -> Result<Num, EffectError> {
        self.opt_num(name).ok_or_else(|| self.bad(name))
    }

    fn mana(&self, name: &str) -> Result<Mana, EffectError> {
        match self.params.get(name) {
            Some(ParamValue::Mana(m)) => Ok(*m),
            _ => Err(self.bad(name)),
        }
    }

    fn zone(&self, name: &str) -> Result<Zone, EffectError> {
        match self.params.get(name) {
            Some(ParamValue::Zone(z)) => Ok(*z),
            _ => Err(self.bad(name)),
        }
    }
}
