//! The built-in effects and their declarations.

use std::sync::Arc;

use rtg_core::{
    Aim, Applied, Continuous, DefinitionTable, EffectContext, EffectError, EffectHandler,
    EffectRegistry, EffectSpec, GameState, InstanceId, Modifier, ParamKind, ParamSpec, ParamValue,
    Params, Reach, Target, TargetKind, Zone,
};

use crate::op::BuiltinOp;
use crate::run::{card, player, resolve_choice, reverse, run};
use crate::targets::{Moving, legal_target, not_itself, sweeps_card, sweeps_zone, target_zone};

/// The built-in effects, one variant each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Builtin {
    /// Deals damage to a creature.
    DamageCard,
    /// Deals damage to a player.
    DamagePlayer,
    /// Restores a player's health.
    HealPlayer,
    /// Changes a creature's attack and defense.
    BuffCard,
    /// Changes the stats of every creature on a player's battlefield.
    BuffAll,
    /// A player draws cards.
    DrawCard,
    /// Destroys a creature.
    DestroyCard,
    /// Takes mana from a player's pool.
    SpendMana,
    /// Adds mana to a player's pool.
    GainMana,
    /// Creates creature tokens.
    SpawnCreature,
    /// Puts a card with a given id from a zone onto the battlefield.
    Recruit,
    /// Returns a creature to its owner's hand.
    ReturnToHand,
    /// Puts cards from the top of a deck into the graveyard.
    Mill,
    /// Discards cards at random.
    RandomDiscard,
    /// Sets a creature's attack and/or defense.
    SetStats,
    /// Shuffles a graveyard back into the deck.
    RecycleGraveyard,
    /// Moves a card between zones of its owner.
    MoveCard,
    /// Taps a permanent.
    TapCard,
    /// Untaps a permanent.
    UntapCard,
    /// A creature cannot block.
    CannotBlock,
    /// A creature can block again.
    RevokeCannotBlock,
    /// A creature cannot be blocked.
    Unblockable,
    /// A creature can be blocked again.
    RevokeUnblockable,
    /// A creature gains a technique.
    GrantTechnique,
    /// A creature loses a technique.
    RemoveTechnique,
    /// This creature and another deal damage to each other.
    Fight,
    /// A creature's base stats return to its printed ones.
    RestoreStats,
    /// A player chooses one of several mana maps and gains it.
    ChooseMana,
    /// Creates artifact tokens.
    SpawnArtifact,
    /// Cancels the delayed effects aimed at a card.
    CancelDelay,
}

impl Builtin {
    /// Every built-in effect.
    pub const ALL: [Builtin; 30] = [
        Builtin::DamageCard,
        Builtin::DamagePlayer,
        Builtin::HealPlayer,
        Builtin::BuffCard,
        Builtin::BuffAll,
        Builtin::DrawCard,
        Builtin::DestroyCard,
        Builtin::SpendMana,
        Builtin::GainMana,
        Builtin::SpawnCreature,
        Builtin::Recruit,
        Builtin::ReturnToHand,
        Builtin::Mill,
        Builtin::RandomDiscard,
        Builtin::SetStats,
        Builtin::RecycleGraveyard,
        Builtin::MoveCard,
        Builtin::TapCard,
        Builtin::UntapCard,
        Builtin::CannotBlock,
        Builtin::RevokeCannotBlock,
        Builtin::Unblockable,
        Builtin::RevokeUnblockable,
        Builtin::GrantTechnique,
        Builtin::RemoveTechnique,
        Builtin::Fight,
        Builtin::RestoreStats,
        Builtin::ChooseMana,
        Builtin::SpawnArtifact,
        Builtin::CancelDelay,
    ];

    /// The name used in card files.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::DamageCard => "damage_card",
            Builtin::DamagePlayer => "damage_player",
            Builtin::HealPlayer => "heal_player",
            Builtin::BuffCard => "buff_card",
            Builtin::BuffAll => "buff_all",
            Builtin::DrawCard => "draw_card",
            Builtin::DestroyCard => "destroy_card",
            Builtin::SpendMana => "spend_mana",
            Builtin::GainMana => "gain_mana",
            Builtin::SpawnCreature => "spawn_creature",
            Builtin::Recruit => "recruit",
            Builtin::ReturnToHand => "return_to_hand",
            Builtin::Mill => "mill",
            Builtin::RandomDiscard => "random_discard",
            Builtin::SetStats => "set_stats",
            Builtin::RecycleGraveyard => "recycle_graveyard",
            Builtin::MoveCard => "move_card",
            Builtin::TapCard => "tap_card",
            Builtin::UntapCard => "untap_card",
            Builtin::CannotBlock => "cannot_block",
            Builtin::RevokeCannotBlock => "revoke_cannot_block",
            Builtin::Unblockable => "unblockable",
            Builtin::RevokeUnblockable => "revoke_unblockable",
            Builtin::GrantTechnique => "grant_technique",
            Builtin::RemoveTechnique => "remove_technique",
            Builtin::Fight => "fight",
            Builtin::RestoreStats => "restore_stats",
            Builtin::ChooseMana => "choose_mana",
            Builtin::SpawnArtifact => "spawn_artifact",
            Builtin::CancelDelay => "cancel_delay",
        }
    }

    /// Whose side the effect is meant for: the opponent's for the ones that hurt what they
    /// target, its controller's for the others.
    pub fn aim(self) -> Aim {
        match self {
            Builtin::DamageCard
            | Builtin::DamagePlayer
            | Builtin::DestroyCard
            | Builtin::SetStats
            | Builtin::ReturnToHand
            | Builtin::Mill
            | Builtin::RandomDiscard
            | Builtin::SpendMana
            | Builtin::TapCard
            | Builtin::CannotBlock
            | Builtin::RevokeUnblockable
            | Builtin::RemoveTechnique
            | Builtin::Fight => Aim::Harmful,
            Builtin::HealPlayer
            | Builtin::BuffCard
            | Builtin::BuffAll
            | Builtin::DrawCard
            | Builtin::GainMana
            | Builtin::SpawnCreature
            | Builtin::Recruit
            | Builtin::UntapCard
            | Builtin::RevokeCannotBlock
            | Builtin::Unblockable
            | Builtin::GrantTechnique
            | Builtin::ChooseMana
            | Builtin::SpawnArtifact
            // A delayed effect is mostly a threat (doom in two turns): cancelling the ones aimed
            // at a card is meant for its controller's own cards.
            | Builtin::CancelDelay => Aim::Helpful,
            Builtin::RecycleGraveyard | Builtin::MoveCard | Builtin::RestoreStats => Aim::Neutral,
        }
    }

    /// What the effect acts on.
    pub(crate) fn spec_target_kind(self) -> TargetKind {
        match self {
            Builtin::DamageCard
            | Builtin::BuffCard
            | Builtin::DestroyCard
            | Builtin::ReturnToHand
            | Builtin::SetStats
            | Builtin::MoveCard
            | Builtin::TapCard
            | Builtin::UntapCard
            | Builtin::CannotBlock
            | Builtin::RevokeCannotBlock
            | Builtin::Unblockable
            | Builtin::RevokeUnblockable
            | Builtin::GrantTechnique
            | Builtin::RemoveTechnique
            | Builtin::Fight
            | Builtin::RestoreStats
            | Builtin::CancelDelay => TargetKind::Card,
            _ => TargetKind::Player,
        }
    }

    /// The effect's declaration: target kind, parameters, whether it can be reversed.
    pub fn spec(self) -> EffectSpec {
        use ParamKind::*;
        let count = || ParamSpec::with_default("count", Count, ParamValue::Int(1));
        let buff = || {
            vec![
                ParamSpec::with_default("attack_increase", SignedInt, ParamValue::Int(0)),
                ParamSpec::with_default("defense_increase", SignedInt, ParamValue::Int(0)),
            ]
        };
        let (target_kind, params, reversible, summary) = match self {
            Builtin::DamageCard => (
                TargetKind::Card,
                vec![ParamSpec::required("amount", Amount)],
                true,
                "deals `amount` damage to a creature",
            ),
            Builtin::DamagePlayer => (
                TargetKind::Player,
                vec![ParamSpec::required("amount", Amount)],
                true,
                "deals `amount` damage to a player",
            ),
            Builtin::HealPlayer => (
                TargetKind::Player,
                vec![ParamSpec::required("amount", Amount)],
                true,
                "restores `amount` health to a player",
            ),
            Builtin::BuffCard => (
                TargetKind::Card,
                buff(),
                true,
                "adds the increases to a creature's attack and defense",
            ),
            Builtin::BuffAll => (
                TargetKind::Player,
                buff(),
                true,
                "adds the increases to every creature on a player's battlefield",
            ),
            Builtin::DrawCard => (
                TargetKind::Player,
                vec![count()],
                false,
                "the player draws `count` cards",
            ),
            Builtin::DestroyCard => (
                TargetKind::Card,
                vec![],
                false,
                "destroys a creature or an artifact (swept from a hand or a deck: puts the card \
                 into the graveyard)",
            ),
            Builtin::SpendMana => (
                TargetKind::Player,
                vec![ParamSpec::required("mana_requirement", Mana)],
                true,
                "takes `mana_requirement` from the player's pool (nothing if it cannot be paid)",
            ),
            Builtin::GainMana => (
                TargetKind::Player,
                vec![ParamSpec::required("amounts", Mana)],
                true,
                "adds `amounts` to the player's pool (not to their mana sources)",
            ),
            Builtin::SpawnCreature => (
                TargetKind::Player,
                vec![ParamSpec::required("template", Template), count()],
                false,
                "creates `count` tokens of `template` on the player's battlefield",
            ),
            Builtin::Recruit => (
                TargetKind::Player,
                vec![
                    ParamSpec::required("card_definition_id", CardId),
                    ParamSpec::required("from_zone", Zone),
                ],
                false,
                "puts the first card with that id from the player's `from_zone` onto the battlefield",
            ),
            Builtin::ReturnToHand => (
                TargetKind::Card,
                vec![],
                false,
                "returns a creature from the battlefield to its owner's hand",
            ),
            Builtin::Mill => (
                TargetKind::Player,
                vec![count()],
                false,
                "puts the top `count` cards of the player's deck into their graveyard",
            ),
            Builtin::RandomDiscard => (
                TargetKind::Player,
                vec![count()],
                false,
                "the player discards `count` cards chosen at random",
            ),
            Builtin::SetStats => (
                TargetKind::Card,
                vec![
                    ParamSpec::optional("attack", Stat),
                    ParamSpec::optional("defense", Stat),
                ],
                true,
                "sets a creature's attack and/or defense to exact values",
            ),
            Builtin::RecycleGraveyard => (
                TargetKind::Player,
                vec![],
                false,
                "shuffles the player's graveyard into their deck",
            ),
            Builtin::MoveCard => (
                TargetKind::Card,
                vec![
                    ParamSpec::required("from_zone", Zone),
                    ParamSpec::required("to_zone", Zone),
                    ParamSpec::optional("card_definition_id", CardId),
                ],
                false,
                "moves a card in `from_zone` to `to_zone` of its owner (with \
                 `card_definition_id`: the first card of that id there, the controller's first)",
            ),
            Builtin::TapCard => (
                TargetKind::Card,
                vec![],
                true,
                "taps a permanent (creature, artifact or mana card) on the battlefield",
            ),
            Builtin::UntapCard => (
                TargetKind::Card,
                vec![],
                true,
                "untaps a permanent on the battlefield",
            ),
            Builtin::CannotBlock => (TargetKind::Card, vec![], true, "the creature cannot block"),
            Builtin::RevokeCannotBlock => (
                TargetKind::Card,
                vec![],
                true,
                "the creature can block again",
            ),
            Builtin::Unblockable => (
                TargetKind::Card,
                vec![],
                true,
                "the creature cannot be blocked",
            ),
            Builtin::RevokeUnblockable => (
                TargetKind::Card,
                vec![],
                true,
                "the creature can be blocked again",
            ),
            Builtin::GrantTechnique => (
                TargetKind::Card,
                vec![ParamSpec::required("technique", Technique)],
                true,
                "the creature gains `technique`",
            ),
            Builtin::RemoveTechnique => (
                TargetKind::Card,
                vec![ParamSpec::required("technique", Technique)],
                true,
                "the creature loses `technique`",
            ),
            Builtin::Fight => (
                TargetKind::Card,
                vec![],
                false,
                "this creature and the target creature each deal damage equal to their attack to the other",
            ),
            Builtin::RestoreStats => (
                TargetKind::Card,
                vec![],
                true,
                "a creature's base attack and defense return to its printed ones (undoing set_stats)",
            ),
            Builtin::ChooseMana => (
                TargetKind::Player,
                vec![ParamSpec::required("options", ManaOptions)],
                true,
                "the controller chooses one of `options`, which the player adds to their pool",
            ),
            Builtin::SpawnArtifact => (
                TargetKind::Player,
                vec![ParamSpec::required("template", ArtifactTemplate), count()],
                false,
                "creates `count` artifact tokens of `template` on the player's battlefield",
            ),
            Builtin::CancelDelay => (
                TargetKind::Card,
                vec![ParamSpec::optional("source_card_definition_id", CardId)],
                false,
                "cancels every delayed effect aimed at a card (only those set by cards of \
                 `source_card_definition_id`, when given)",
            ),
        };
        EffectSpec {
            name: self.name().to_owned(),
            target_kind,
            params,
            reversible,
            summary: summary.to_owned(),
        }
    }
}

/// A built-in effect with its declaration, as registered.
#[derive(Clone, Debug)]
pub struct BuiltinEffect {
    kind: Builtin,
    spec: Arc<EffectSpec>,
}

impl BuiltinEffect {
    /// The effect for one built-in.
    pub fn new(kind: Builtin) -> BuiltinEffect {
        BuiltinEffect {
            kind,
            spec: Arc::new(kind.spec()),
        }
    }

    /// Which built-in it is.
    pub fn kind(&self) -> Builtin {
        self.kind
    }
}

/// A registry holding the 30 built-in effects. Add your own with
/// [`EffectRegistry::register`].
pub fn builtin_registry() -> EffectRegistry {
    let mut registry = EffectRegistry::empty();
    for kind in Builtin::ALL {
        registry
            .register(BuiltinEffect::new(kind))
            .expect("distinct names"); // invariant: built-in effect names are distinct
    }
    registry
}

/// A target of the kind the built-in acts on, checked before a parameter error is reported:
/// the order in which running the effect by name found them.
fn check_target_first(kind: Builtin, target: Target) -> Result<(), EffectError> {
    match kind {
        // These read their parameters before their target.
        Builtin::BuffCard | Builtin::BuffAll => Ok(()),
        _ => match kind.spec().target_kind {
            TargetKind::Card => card(kind, target).map(drop),
            TargetKind::Player => player(kind, target).map(drop),
        },
    }
}

/// The built-ins that can be static, as continuous effects (docs/cards.md, "Static
/// abilities"): the stat changes, the techniques and the blocking flags. The others happen once.
fn continuous(kind: Builtin, params: &Params) -> Option<Continuous> {
    let value = |name: &str| params.get(name).cloned();
    let technique = || match params.get("technique") {
        Some(ParamValue::Technique(t)) => Some(*t),
        _ => None,
    };
    let (modifier, reach) = match kind {
        Builtin::BuffCard | Builtin::BuffAll => (
            Modifier::AddStats {
                attack: value("attack_increase"),
                defense: value("defense_increase"),
            },
            if kind == Builtin::BuffAll {
                Reach::CreaturesOfTargetPlayer
            } else {
                Reach::Target
            },
        ),
        Builtin::SetStats => (
            Modifier::SetStats {
                attack: value("attack"),
                defense: value("defense"),
            },
            Reach::Target,
        ),
        Builtin::GrantTechnique => (Modifier::GrantTechnique(technique()?), Reach::Target),
        Builtin::RemoveTechnique => (Modifier::RemoveTechnique(technique()?), Reach::Target),
        Builtin::CannotBlock => (Modifier::CannotBlock, Reach::Target),
        Builtin::Unblockable => (Modifier::Unblockable, Reach::Target),
        _ => return None,
    };
    Some(Continuous { modifier, reach })
}

impl EffectHandler for BuiltinEffect {
    fn spec(&self) -> &EffectSpec {
        &self.spec
    }

    fn check_params(&self, params: &Params) -> Result<(), String> {
        if self.kind == Builtin::SetStats
            && !params.contains("attack")
            && !params.contains("defense")
        {
            return Err("set_stats needs `attack`, `defense` or both".to_owned());
        }
        Ok(())
    }

    fn aim(&self) -> Aim {
        self.kind.aim()
    }

    fn continuous(&self, params: &Params) -> Option<Continuous> {
        continuous(self.kind, params)
    }

    fn target_zone(&self, params: &Params) -> Option<Zone> {
        target_zone(self.kind, Moving::of(params))
    }

    fn legal_target(&self, state: &GameState, target: Target, params: &Params) -> bool {
        legal_target(self.kind, state, target, Moving::of(params))
    }

    fn sweeps_zone(&self, zone: Zone, params: &Params) -> bool {
        sweeps_zone(self.kind, zone, Moving::of(params))
    }

    fn sweeps_card(
        &self,
        state: &GameState,
        source: InstanceId,
        card: InstanceId,
        zone: Zone,
        params: &Params,
    ) -> bool {
        sweeps_card(self.kind, state, source, card, zone, Moving::of(params))
    }

    fn legal_target_for(
        &self,
        state: &GameState,
        source: InstanceId,
        target: Target,
        params: &Params,
    ) -> bool {
        not_itself(self.kind, source, target) && self.legal_target(state, target, params)
    }

    fn compile(
        &self,
        params: &Params,
        definitions: &DefinitionTable,
    ) -> Option<Arc<dyn EffectHandler>> {
        let op = BuiltinOp::compile(self.kind, params, definitions).ok()?;
        Some(Arc::new(CompiledBuiltin::new(op, Arc::clone(&self.spec))))
    }

    fn apply(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
    ) -> Result<Applied, EffectError> {
        match BuiltinOp::compile(self.kind, params, &ctx.state.content().definitions) {
            Ok(op) => run(&op, ctx, target),
            Err(error) => {
                check_target_first(self.kind, target)?;
                Err(error)
            }
        }
    }

    fn reverse(&self, ctx: &mut EffectContext<'_>, applied: &Applied) -> Result<(), EffectError> {
        reverse(self.kind, ctx, applied)
    }

    fn resolve_choice(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
        option: usize,
    ) -> Result<Applied, EffectError> {
        let op = BuiltinOp::compile(self.kind, params, &ctx.state.content().definitions)?;
        resolve_choice(&op, ctx, target, option)
    }
}

/// A built-in alteration compiled with its parameters, as a game's content holds it: it ignores
/// the parameters it is given (they are the ones it was compiled with).
#[derive(Debug)]
struct CompiledBuiltin {
    op: BuiltinOp,
    spec: Arc<EffectSpec>,
    /// `op.kind()`, read on every legality check: kept rather than matched each time.
    kind: Builtin,
    /// `move_card`'s `from_zone` and `card_definition_id`, likewise.
    moving: Moving,
}

impl CompiledBuiltin {
    fn new(op: BuiltinOp, spec: Arc<EffectSpec>) -> CompiledBuiltin {
        let moving = match &op {
            BuiltinOp::MoveCard { from, by_id, .. } => Moving {
                from: Some(*from),
                by_id: by_id.is_some(),
            },
            _ => Moving::default(),
        };
        CompiledBuiltin {
            kind: op.kind(),
            op,
            spec,
            moving,
        }
    }
}

impl EffectHandler for CompiledBuiltin {
    fn spec(&self) -> &EffectSpec {
        &self.spec
    }

    fn aim(&self) -> Aim {
        self.kind.aim()
    }

    fn target_zone(&self, _params: &Params) -> Option<Zone> {
        target_zone(self.kind, self.moving)
    }

    fn legal_target(&self, state: &GameState, target: Target, _params: &Params) -> bool {
        legal_target(self.kind, state, target, self.moving)
    }

    fn legal_target_for(
        &self,
        state: &GameState,
        source: InstanceId,
        target: Target,
        _params: &Params,
    ) -> bool {
        not_itself(self.kind, source, target) && legal_target(self.kind, state, target, self.moving)
    }

    fn sweeps_zone(&self, zone: Zone, _params: &Params) -> bool {
        sweeps_zone(self.kind, zone, self.moving)
    }

    fn sweeps_card(
        &self,
        state: &GameState,
        source: InstanceId,
        card: InstanceId,
        zone: Zone,
        _params: &Params,
    ) -> bool {
        sweeps_card(self.kind, state, source, card, zone, self.moving)
    }

    fn resolve_choice(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        _params: &Params,
        option: usize,
    ) -> Result<Applied, EffectError> {
        resolve_choice(&self.op, ctx, target, option)
    }

    fn apply(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        _params: &Params,
    ) -> Result<Applied, EffectError> {
        run(&self.op, ctx, target)
    }

    fn reverse(&self, ctx: &mut EffectContext<'_>, applied: &Applied) -> Result<(), EffectError> {
        reverse(self.kind, ctx, applied)
    }
}

/// Shared handle to a built-in, for registries built by hand.
impl From<Builtin> for Arc<dyn EffectHandler> {
    fn from(kind: Builtin) -> Self {
        Arc::new(BuiltinEffect::new(kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_target_kind_agrees_with_every_spec() {
        for kind in Builtin::ALL {
            assert_eq!(kind.spec_target_kind(), kind.spec().target_kind, "{kind:?}");
        }
    }

    #[test]
    fn compiled_handlers_declare_what_the_registered_ones_do() {
        let registry = builtin_registry();
        let defs = DefinitionTable::default();
        let mut params = Params::default();
        params.insert("amount", ParamValue::Int(2));
        let handler = registry.get("damage_card").unwrap();
        let compiled = handler.compile(&params, &defs).unwrap();
        assert_eq!(compiled.spec(), handler.spec());
        assert_eq!(compiled.aim(), Aim::Harmful);
        // A parameter missing does not compile: running it reports it as before.
        assert!(handler.compile(&Params::default(), &defs).is_none());
    }
}
