//! The built-in effects and their declarations.

use std::sync::Arc;

use imbl::Vector;
use rtg_core::{
    Applied, CardType, EffectContext, EffectError, EffectHandler, EffectRegistry, EffectSpec,
    Event, EventType, GameState, Location, Mana, ParamKind, ParamSpec, ParamValue, Params, Record,
    StatLine, Target, TargetKind, Zone,
};

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
}

impl Builtin {
    /// Every built-in effect.
    pub const ALL: [Builtin; 17] = [
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
            Builtin::DestroyCard => (TargetKind::Card, vec![], false, "destroys a creature"),
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
                ],
                false,
                "moves a card in `from_zone` to `to_zone` of its owner",
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
    spec: EffectSpec,
}

impl BuiltinEffect {
    /// The effect for one built-in.
    pub fn new(kind: Builtin) -> BuiltinEffect {
        BuiltinEffect {
            kind,
            spec: kind.spec(),
        }
    }

    /// Which built-in it is.
    pub fn kind(&self) -> Builtin {
        self.kind
    }
}

/// A registry holding the 17 built-in effects. Add your own with
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

fn card(effect: Builtin, target: Target) -> Result<rtg_core::InstanceId, EffectError> {
    match target {
        Target::Card(id) => Ok(id),
        Target::Player(_) => Err(EffectError::BadTarget {
            effect: effect.name().to_owned(),
            target,
        }),
    }
}

fn player(effect: Builtin, target: Target) -> Result<rtg_core::PlayerId, EffectError> {
    match target {
        Target::Player(p) => Ok(p),
        Target::Card(_) => Err(EffectError::BadTarget {
            effect: effect.name().to_owned(),
            target,
        }),
    }
}

fn on_battlefield(state: &GameState, id: rtg_core::InstanceId) -> bool {
    state.try_card(id).is_some_and(|c| c.on_battlefield())
}

fn mana_event(
    kind: EventType,
    ctx: &EffectContext<'_>,
    player: rtg_core::PlayerId,
    mana: &Mana,
) -> Event {
    let source = ctx.state.card(ctx.source);
    Event::new(kind)
        .source(ctx.source, source.def)
        .owner(player)
        .target(Target::Player(player))
        .amount(i32::try_from(mana.total()).unwrap_or(i32::MAX))
}

fn apply_buff(
    ctx: &mut EffectContext<'_>,
    cards: impl IntoIterator<Item = rtg_core::InstanceId>,
    attack: i32,
    defense: i32,
) -> Vector<(rtg_core::InstanceId, u32, u32)> {
    let mut changed = Vector::new();
    for id in cards {
        if !on_battlefield(ctx.state, id) {
            continue;
        }
        let card = ctx.state.card_mut(id);
        card.stats.attack_buff = card.stats.attack_buff.saturating_add(attack);
        card.stats.defense_buff = card.stats.defense_buff.saturating_add(defense);
        changed.push_back((id, card.stats.attack_epoch, card.stats.defense_epoch));
    }
    changed
}

/// Sets the given stats outright (contract item 16: damage and earlier buffs no longer count),
/// renewing each set stat's epoch, and returns what the reversal needs.
fn set_stats(card: &mut StatLine, attack: Option<i32>, defense: Option<i32>, epoch: u32) -> Record {
    let mut record_attack = None;
    let mut record_defense = None;
    if let Some(a) = attack {
        record_attack = Some((card.base_attack, epoch));
        card.base_attack = a;
        card.attack_buff = 0;
        card.attack_epoch = epoch;
    }
    if let Some(d) = defense {
        record_defense = Some((card.base_defense, epoch));
        card.base_defense = d;
        card.defense_buff = 0;
        card.damage = 0;
        card.defense_epoch = epoch;
    }
    Record::SetStats {
        attack: record_attack,
        defense: record_defense,
    }
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

    fn target_zone(&self, params: &Params) -> Option<Zone> {
        match (self.kind, params.get("from_zone")) {
            (Builtin::MoveCard, Some(ParamValue::Zone(zone))) => Some(*zone),
            _ if self.spec.target_kind == TargetKind::Card => Some(Zone::Battlefield),
            _ => None,
        }
    }

    fn legal_target(&self, state: &GameState, target: Target, params: &Params) -> bool {
        match (self.kind, target) {
            (Builtin::MoveCard, Target::Card(id)) => {
                let Some(card) = state.try_card(id) else {
                    return false;
                };
                matches!(params.get("from_zone"), Some(ParamValue::Zone(z)) if card.location() == Location::from(*z))
            }
            (_, Target::Player(p)) => self.spec.target_kind == TargetKind::Player && p.is_seat(),
            (_, Target::Card(id)) => {
                self.spec.target_kind == TargetKind::Card
                    && state
                        .try_card(id)
                        .is_some_and(|c| c.on_battlefield() && state.def(id).is_creature())
            }
        }
    }

    fn apply(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
    ) -> Result<Applied, EffectError> {
        let name = self.kind.name();
        let nothing = Applied {
            target,
            record: Record::Nothing,
        };
        let record = match self.kind {
            Builtin::DamageCard => {
                let id = card(self.kind, target)?;
                let amount = ctx.int(name, params, "amount")?;
                let source = Some(ctx.source);
                let dealt = ctx.state.damage_card(id, amount, source, ctx.events);
                Record::Amount(dealt)
            }
            Builtin::DamagePlayer => {
                let p = player(self.kind, target)?;
                let amount = ctx.int(name, params, "amount")?;
                let source = Some(ctx.source);
                Record::Amount(ctx.state.damage_player(p, amount, source, ctx.events))
            }
            Builtin::HealPlayer => {
                let p = player(self.kind, target)?;
                let amount = ctx.int(name, params, "amount")?;
                let source = Some(ctx.source);
                Record::Amount(ctx.state.heal_player(p, amount, source, ctx.events))
            }
            Builtin::BuffCard | Builtin::BuffAll => {
                let attack = ctx.int(name, params, "attack_increase")?;
                let defense = ctx.int(name, params, "defense_increase")?;
                let cards: Vec<_> = if self.kind == Builtin::BuffCard {
                    vec![card(self.kind, target)?]
                } else {
                    let p = player(self.kind, target)?;
                    ctx.state
                        .player(p)
                        .battlefield()
                        .iter()
                        .copied()
                        .filter(|&id| ctx.state.def(id).is_creature())
                        .collect()
                };
                let cards = apply_buff(ctx, cards, attack, defense);
                Record::Buffs {
                    attack,
                    defense,
                    cards,
                }
            }
            Builtin::DrawCard => {
                let p = player(self.kind, target)?;
                for _ in 0..ctx.int(name, params, "count")? {
                    if ctx.state.draw(p, ctx.events).is_none() {
                        break;
                    }
                }
                Record::Nothing
            }
            Builtin::DestroyCard => {
                let id = card(self.kind, target)?;
                if on_battlefield(ctx.state, id) && ctx.state.def(id).is_creature() {
                    ctx.state.destroy(id, ctx.events);
                }
                Record::Nothing
            }
            Builtin::SpendMana => {
                let p = player(self.kind, target)?;
                let cost = ctx.mana(name, params, "mana_requirement")?;
                let mut pool = ctx.state.player(p).pool;
                match pool.pay(&cost) {
                    Ok(paid) => {
                        ctx.state.player_mut(p).pool = pool;
                        if !paid.is_empty() {
                            let event = mana_event(EventType::OnPlayerManaSpent, ctx, p, &paid);
                            ctx.events.push(event);
                        }
                        Record::Mana {
                            mana: paid,
                            refill: ctx.state.player(p).refills,
                        }
                    }
                    Err(_) => Record::Mana {
                        mana: Mana::EMPTY,
                        refill: ctx.state.player(p).refills,
                    },
                }
            }
            Builtin::GainMana => {
                let p = player(self.kind, target)?;
                let amounts = ctx.mana(name, params, "amounts")?;
                ctx.state.player_mut(p).pool.add_all(&amounts);
                if !amounts.is_empty() {
                    let event = mana_event(EventType::OnPlayerManaGained, ctx, p, &amounts);
                    ctx.events.push(event);
                }
                Record::Mana {
                    mana: amounts,
                    refill: ctx.state.player(p).refills,
                }
            }
            Builtin::SpawnCreature => {
                let p = player(self.kind, target)?;
                let Some(ParamValue::Template(template)) = params.get("template") else {
                    return Err(EffectError::BadParam {
                        effect: name.to_owned(),
                        param: "template".to_owned(),
                    });
                };
                let def = ctx
                    .state
                    .content()
                    .definitions
                    .index_of(template.card_id.as_str())
                    .ok_or_else(|| EffectError::UnknownDefinition(template.card_id.to_string()))?;
                for _ in 0..ctx.int(name, params, "count")? {
                    ctx.state.create_token(def, p, ctx.events);
                }
                Record::Nothing
            }
            Builtin::Recruit => {
                let p = player(self.kind, target)?;
                let zone = ctx.zone(name, params, "from_zone")?;
                let Some(ParamValue::Card(wanted)) = params.get("card_definition_id") else {
                    return Err(EffectError::BadParam {
                        effect: name.to_owned(),
                        param: "card_definition_id".to_owned(),
                    });
                };
                let found = ctx.state.player(p).zone(zone).iter().copied().find(|&id| {
                    let def = ctx.state.def(id);
                    def.card_id == *wanted && def.card_type != CardType::Spell
                });
                if let Some(id) = found {
                    ctx.state.move_card(id, Location::Battlefield, ctx.events);
                }
                Record::Nothing
            }
            Builtin::ReturnToHand => {
                let id = card(self.kind, target)?;
                if on_battlefield(ctx.state, id) {
                    ctx.state.move_card(id, Location::Hand, ctx.events);
                }
                Record::Nothing
            }
            Builtin::Mill => {
                let p = player(self.kind, target)?;
                for _ in 0..ctx.int(name, params, "count")? {
                    let Some(&top) = ctx.state.player(p).deck().front() else {
                        break;
                    };
                    ctx.state.move_card(top, Location::Graveyard, ctx.events);
                }
                Record::Nothing
            }
            Builtin::RandomDiscard => {
                let p = player(self.kind, target)?;
                for _ in 0..ctx.int(name, params, "count")? {
                    let hand = ctx.state.player(p).hand();
                    if hand.is_empty() {
                        break;
                    }
                    let len = u32::try_from(hand.len()).unwrap_or(u32::MAX);
                    let pick = ctx.state.rng_mut().below(len) as usize;
                    let id = ctx.state.player(p).hand()[pick];
                    ctx.state.move_card(id, Location::Graveyard, ctx.events);
                }
                Record::Nothing
            }
            Builtin::SetStats => {
                let id = card(self.kind, target)?;
                if !on_battlefield(ctx.state, id) {
                    return Ok(nothing);
                }
                let attack = ctx.opt_int(name, params, "attack");
                let defense = ctx.opt_int(name, params, "defense");
                let epoch = ctx.state.fresh_epoch();
                set_stats(&mut ctx.state.card_mut(id).stats, attack, defense, epoch)
            }
            Builtin::RecycleGraveyard => {
                let p = player(self.kind, target)?;
                let cards: Vec<_> = ctx.state.player(p).graveyard().iter().copied().collect();
                for id in cards {
                    ctx.state.move_card(id, Location::Deck, ctx.events);
                }
                ctx.state.shuffle_deck(p);
                Record::Nothing
            }
            Builtin::MoveCard => {
                let id = card(self.kind, target)?;
                let from = ctx.zone(name, params, "from_zone")?;
                let to = ctx.zone(name, params, "to_zone")?;
                let movable =
                    to != Zone::Battlefield || ctx.state.def(id).card_type != CardType::Spell;
                if ctx.state.card(id).location() == Location::from(from) && movable {
                    ctx.state.move_card(id, Location::from(to), ctx.events);
                }
                Record::Nothing
            }
        };
        Ok(Applied { target, record })
    }

    fn reverse(&self, ctx: &mut EffectContext<'_>, applied: &Applied) -> Result<(), EffectError> {
        let source = Some(ctx.source);
        match (self.kind, &applied.record, applied.target) {
            (Builtin::DamageCard, Record::Amount(n), Target::Card(id)) => {
                ctx.state.heal_card(id, *n, ctx.events);
            }
            (Builtin::DamagePlayer, Record::Amount(n), Target::Player(p)) => {
                ctx.state.heal_player(p, *n, source, ctx.events);
            }
            (Builtin::HealPlayer, Record::Amount(n), Target::Player(p)) => {
                ctx.state.damage_player(p, *n, source, ctx.events);
            }
            (
                Builtin::BuffCard | Builtin::BuffAll,
                Record::Buffs {
                    attack,
                    defense,
                    cards,
                },
                _,
            ) => {
                for &(id, attack_epoch, defense_epoch) in cards {
                    let card = ctx.state.card(id);
                    if !card.on_battlefield() {
                        continue;
                    }
                    let (attack_holds, defense_holds) = (
                        card.stats.attack_epoch == attack_epoch,
                        card.stats.defense_epoch == defense_epoch,
                    );
                    let stats = &mut ctx.state.card_mut(id).stats;
                    if attack_holds {
                        stats.attack_buff = stats.attack_buff.saturating_sub(*attack);
                    }
                    if defense_holds {
                        stats.defense_buff = stats.defense_buff.saturating_sub(*defense);
                    }
                }
            }
            (Builtin::SetStats, Record::SetStats { attack, defense }, Target::Card(id)) => {
                // Only the base comes back: buffs made while the set held stay (their own
                // reversals still apply), and buffs from before it ended when it was set.
                if ctx.state.card(id).on_battlefield() {
                    let stats = &mut ctx.state.card_mut(id).stats;
                    if let Some((base, epoch)) = attack
                        && stats.attack_epoch == *epoch
                    {
                        stats.base_attack = *base;
                    }
                    if let Some((base, epoch)) = defense
                        && stats.defense_epoch == *epoch
                    {
                        stats.base_defense = *base;
                    }
                }
            }
            (Builtin::SetStats, Record::Nothing, _) => {}
            // A pool refilled since the start already lost (or regained) that mana: nothing to undo.
            (
                Builtin::SpendMana | Builtin::GainMana,
                Record::Mana { refill, .. },
                Target::Player(p),
            ) if ctx.state.player(p).refills != *refill => {}
            (Builtin::SpendMana, Record::Mana { mana: paid, .. }, Target::Player(p)) => {
                ctx.state.player_mut(p).pool.add_all(paid);
                if !paid.is_empty() {
                    let event = mana_event(EventType::OnPlayerManaGained, ctx, p, paid);
                    ctx.events.push(event);
                }
            }
            (Builtin::GainMana, Record::Mana { mana: gained, .. }, Target::Player(p)) => {
                ctx.state.player_mut(p).pool.remove_up_to(gained);
            }
            _ => return Err(EffectError::NotReversible(self.kind.name().to_owned())),
        }
        Ok(())
    }
}

/// Shared handle to a built-in, for registries built by hand.
impl From<Builtin> for Arc<dyn EffectHandler> {
    fn from(kind: Builtin) -> Self {
        Arc::new(BuiltinEffect::new(kind))
    }
}
