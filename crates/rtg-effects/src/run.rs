//! The one interpreter of the built-in effects: a `match` over the compiled [`BuiltinOp`], and
//! the reversal of the temporary ones.

use imbl::Vector;
use rtg_core::{
    Applied, CardType, EffectContext, EffectError, Event, EventType, GameState, Location, Mana,
    Record, StatLine, Target, Zone,
};

use crate::builtin::Builtin;
use crate::op::{BuiltinOp, Num};

/// The value of a compiled whole number now: a literal as written, `$attack` / `$defense` read
/// from the source and clamped to the parameter's kind.
fn value(ctx: &EffectContext<'_>, num: Num) -> i32 {
    match num {
        Num::Fixed(n) => n,
        Num::Source { amount, kind } => kind.clamp(ctx.amount(amount)),
    }
}

/// Runs a compiled built-in on a target and says what it applied.
pub fn run(
    op: &BuiltinOp,
    ctx: &mut EffectContext<'_>,
    target: Target,
) -> Result<Applied, EffectError> {
    let nothing = Applied {
        target,
        record: Record::Nothing,
    };
    let kind = op.kind();
    let record = match op {
        BuiltinOp::DamageCard { amount } => {
            let id = card(kind, target)?;
            let amount = value(ctx, *amount);
            let source = Some(ctx.source);
            let dealt = ctx.state.damage_card(id, amount, source, ctx.events);
            Record::Amount(dealt)
        }
        BuiltinOp::DamagePlayer { amount } => {
            let p = player(kind, target)?;
            let amount = value(ctx, *amount);
            let source = Some(ctx.source);
            Record::Amount(ctx.state.damage_player(p, amount, source, ctx.events))
        }
        BuiltinOp::HealPlayer { amount } => {
            let p = player(kind, target)?;
            let amount = value(ctx, *amount);
            let source = Some(ctx.source);
            Record::Amount(ctx.state.heal_player(p, amount, source, ctx.events))
        }
        BuiltinOp::BuffCard { attack, defense } | BuiltinOp::BuffAll { attack, defense } => {
            let attack = value(ctx, *attack);
            let defense = value(ctx, *defense);
            let cards: Vec<_> = if kind == Builtin::BuffCard {
                vec![card(kind, target)?]
            } else {
                let p = player(kind, target)?;
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
        BuiltinOp::DrawCard { count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, *count) {
                if ctx.state.draw(p, ctx.events).is_none() {
                    break;
                }
            }
            Record::Nothing
        }
        BuiltinOp::DestroyCard => {
            let id = card(kind, target)?;
            if ctx
                .state
                .try_card(id)
                .is_some_and(|c| c.is_creature_on_battlefield())
            {
                ctx.state.destroy(id, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::SpendMana { cost } => {
            let p = player(kind, target)?;
            let mut pool = ctx.state.player(p).pool;
            match pool.pay(cost) {
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
        BuiltinOp::GainMana { amounts } => {
            let p = player(kind, target)?;
            let amounts = *amounts;
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
        BuiltinOp::SpawnCreature { def, count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, *count) {
                ctx.state.create_token(*def, p, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::Recruit { card_id, from } => {
            let p = player(kind, target)?;
            let found = ctx.state.player(p).zone(*from).iter().copied().find(|&id| {
                let def = ctx.state.def(id);
                def.card_id == *card_id && def.card_type != CardType::Spell
            });
            if let Some(id) = found {
                ctx.state.move_card(id, Location::Battlefield, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::ReturnToHand => {
            let id = card(kind, target)?;
            if on_battlefield(ctx.state, id) {
                ctx.state.move_card(id, Location::Hand, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::Mill { count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, *count) {
                let Some(&top) = ctx.state.player(p).deck().front() else {
                    break;
                };
                ctx.state.move_card(top, Location::Graveyard, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::RandomDiscard { count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, *count) {
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
        BuiltinOp::SetStats { attack, defense } => {
            let id = card(kind, target)?;
            if !on_battlefield(ctx.state, id) {
                return Ok(nothing);
            }
            let attack = attack.map(|n| value(ctx, n));
            let defense = defense.map(|n| value(ctx, n));
            let epoch = ctx.state.fresh_epoch();
            set_stats(&mut ctx.state.card_mut(id).stats, attack, defense, epoch)
        }
        BuiltinOp::RecycleGraveyard => {
            let p = player(kind, target)?;
            let cards: Vec<_> = ctx.state.player(p).graveyard().iter().copied().collect();
            for id in cards {
                ctx.state.move_card(id, Location::Deck, ctx.events);
            }
            ctx.state.shuffle_deck(p);
            Record::Nothing
        }
        BuiltinOp::MoveCard { from, to } => {
            let id = card(kind, target)?;
            let (from, to) = (*from, *to);
            let movable = to != Zone::Battlefield || ctx.state.def(id).card_type != CardType::Spell;
            if ctx.state.card(id).location() == Location::from(from) && movable {
                ctx.state.move_card(id, Location::from(to), ctx.events);
            }
            Record::Nothing
        }
    };
    Ok(Applied { target, record })
}

pub(crate) fn reverse(
    kind: Builtin,
    ctx: &mut EffectContext<'_>,
    applied: &Applied,
) -> Result<(), EffectError> {
    let source = Some(ctx.source);
    match (kind, &applied.record, applied.target) {
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
        _ => return Err(EffectError::NotReversible(kind.name().to_owned())),
    }
    Ok(())
}

pub(crate) fn card(effect: Builtin, target: Target) -> Result<rtg_core::InstanceId, EffectError> {
    match target {
        Target::Card(id) => Ok(id),
        Target::Player(_) => Err(EffectError::BadTarget {
            effect: effect.name().to_owned(),
            target,
        }),
    }
}

pub(crate) fn player(effect: Builtin, target: Target) -> Result<rtg_core::PlayerId, EffectError> {
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
