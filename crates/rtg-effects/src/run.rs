//! The one interpreter of the built-in effects: a `match` over the compiled [`BuiltinOp`], and
//! the reversal of the temporary ones.

use imbl::Vector;
use rtg_core::{
    Applied, CardId, CardType, EffectContext, EffectError, Event, EventType, GameState, InstanceId,
    Location, Mana, PendingChoice, PlayerId, Record, StatLine, Target, Technique, Zone,
};

use crate::builtin::Builtin;
use crate::op::{BuiltinOp, Num};
use crate::targets::destroyable;

/// The value of a compiled whole number now: a literal as written, `$attack` / `$defense` read
/// from the source and clamped to the parameter's kind.
fn value(ctx: &EffectContext<'_>, num: &Num) -> i32 {
    match num {
        Num::Fixed(n) => *n,
        Num::Source { amount, kind } => kind.clamp(ctx.amount(*amount)),
        Num::Computed { expr, kind } => ctx.computed(expr, *kind),
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
            let amount = value(ctx, amount);
            let source = Some(ctx.source);
            let dealt = ctx.state.damage_card(id, amount, source, ctx.events);
            Record::Amount(dealt)
        }
        BuiltinOp::DamagePlayer { amount } => {
            let p = player(kind, target)?;
            let amount = value(ctx, amount);
            let source = Some(ctx.source);
            Record::Amount(ctx.state.damage_player(p, amount, source, ctx.events))
        }
        BuiltinOp::HealPlayer { amount } => {
            let p = player(kind, target)?;
            let amount = value(ctx, amount);
            let source = Some(ctx.source);
            Record::Amount(ctx.state.heal_player(p, amount, source, ctx.events))
        }
        BuiltinOp::BuffCard { attack, defense } | BuiltinOp::BuffAll { attack, defense } => {
            let attack = value(ctx, attack);
            let defense = value(ctx, defense);
            let buffed = if kind == Builtin::BuffCard {
                Buffed::One(card(kind, target)?)
            } else {
                Buffed::CreaturesOf(player(kind, target)?)
            };
            let cards = apply_buff(ctx, buffed, attack, defense);
            Record::Buffs {
                attack,
                defense,
                cards,
            }
        }
        BuiltinOp::DrawCard { count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, count) {
                if ctx.state.draw(p, ctx.events).is_none() {
                    break;
                }
            }
            Record::Nothing
        }
        BuiltinOp::DestroyCard => {
            let id = card(kind, target)?;
            match ctx.state.try_card(id).map(|c| c.location()) {
                Some(Location::Battlefield) if destroyable(ctx.state, id) => {
                    ctx.state.destroy(id, ctx.events);
                }
                // Only a sweep of a hand or a deck reaches a card there (`sweeps_card`): it goes
                // to its owner's graveyard, as PTG's `destroy_card` puts it.
                Some(Location::Hand | Location::Deck) => {
                    ctx.state.move_card(id, Location::Graveyard, ctx.events);
                }
                _ => {}
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
            for _ in 0..value(ctx, count) {
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
            for _ in 0..value(ctx, count) {
                let Some(&top) = ctx.state.player(p).deck().front() else {
                    break;
                };
                ctx.state.move_card(top, Location::Graveyard, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::RandomDiscard { count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, count) {
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
            let attack = attack.as_ref().map(|n| value(ctx, n));
            let defense = defense.as_ref().map(|n| value(ctx, n));
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
        BuiltinOp::MoveCard { from, to, by_id } => {
            let named = card(kind, target)?;
            let (from, to) = (*from, *to);
            let id = match by_id {
                None => named,
                // PTG's `card_definition_id`: the first card of that id in `from`, looked for in
                // the controller's zone first (PTG looks in the first seat's: defect E06).
                Some(card_id) => {
                    let state = &*ctx.state;
                    let owners = [ctx.controller, ctx.controller.opponent()];
                    let found = owners.into_iter().find_map(|p| {
                        let mut zone = state.player(p).zone(from).iter().copied();
                        zone.find(|&id| state.def(id).card_id == *card_id)
                    });
                    let Some(id) = found else {
                        return Ok(nothing);
                    };
                    id
                }
            };
            let movable = to != Zone::Battlefield || ctx.state.def(id).card_type != CardType::Spell;
            if ctx.state.card(id).location() == Location::from(from) && movable {
                ctx.state.move_card(id, Location::from(to), ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::TapCard => set_flag(ctx, card(kind, target)?, Flag::Tapped, true),
        BuiltinOp::UntapCard => set_flag(ctx, card(kind, target)?, Flag::Tapped, false),
        BuiltinOp::CannotBlock => set_flag(ctx, card(kind, target)?, Flag::CannotBlock, true),
        BuiltinOp::RevokeCannotBlock => {
            set_flag(ctx, card(kind, target)?, Flag::CannotBlock, false)
        }
        BuiltinOp::Unblockable => set_flag(ctx, card(kind, target)?, Flag::Unblockable, true),
        BuiltinOp::RevokeUnblockable => {
            set_flag(ctx, card(kind, target)?, Flag::Unblockable, false)
        }
        BuiltinOp::GrantTechnique { technique } => {
            set_technique(ctx, card(kind, target)?, *technique, true)
        }
        BuiltinOp::RemoveTechnique { technique } => {
            set_technique(ctx, card(kind, target)?, *technique, false)
        }
        BuiltinOp::Fight => {
            let id = card(kind, target)?;
            fight(ctx, ctx.source, id);
            Record::Nothing
        }
        BuiltinOp::RestoreStats => {
            let id = card(kind, target)?;
            if !creature_here(ctx.state, id) {
                return Ok(nothing);
            }
            let printed = std::sync::Arc::clone(ctx.state.def(id));
            restore_stats(
                &mut ctx.state.card_mut(id).stats,
                printed.attack,
                printed.defense,
            )
        }
        BuiltinOp::ChooseMana { options } => {
            let p = player(kind, target)?;
            let choice = PendingChoice {
                alteration: ctx.alteration,
                controller: ctx.controller,
                target: Target::Player(p),
                options: u16::try_from(options.len()).unwrap_or(u16::MAX),
                event: ctx.event,
            };
            ctx.state.pending_choices_mut().push_back(choice);
            Record::Deferred
        }
        BuiltinOp::SpawnArtifact { def, count } => {
            let p = player(kind, target)?;
            for _ in 0..value(ctx, count) {
                ctx.state.create_token(*def, p, ctx.events);
            }
            Record::Nothing
        }
        BuiltinOp::CancelDelay { source } => {
            cancel_delays(ctx, card(kind, target)?, source.as_ref());
            Record::Nothing
        }
    };
    Ok(Applied { target, record })
}

/// Removes every delay aimed at card `id` (only those whose source is of definition `source`,
/// when given), recording `on_delay_cancelled` for each with the turns it had left, in the
/// order they were set. PTG 0.9.13 removes them without the event (docs/rules.md).
fn cancel_delays(ctx: &mut EffectContext<'_>, id: rtg_core::InstanceId, source: Option<&CardId>) {
    let state = &*ctx.state;
    let cancelled = |d: &rtg_core::Delay| {
        d.target == Target::Card(id)
            && source.is_none_or(|s| state.definition(d.alteration.def).card_id == *s)
    };
    if !state.delays().iter().any(cancelled) {
        return;
    }
    let (gone, kept): (Vec<_>, Vec<_>) = state.delays().iter().cloned().partition(cancelled);
    *ctx.state.delays_mut() = kept.into_iter().collect();
    for d in gone {
        let at = d.alteration;
        ctx.events.push(
            Event::new(EventType::OnDelayCancelled)
                .source(at.source, at.def)
                .owner(d.controller)
                .target(d.target)
                .amount(i32::try_from(d.remaining).unwrap_or(i32::MAX)),
        );
    }
}

/// Applies option `option` of a choice the op asked for (`choose_mana`: that mana is added to
/// the target's pool) and says what it applied.
pub(crate) fn resolve_choice(
    op: &BuiltinOp,
    ctx: &mut EffectContext<'_>,
    target: Target,
    option: usize,
) -> Result<Applied, EffectError> {
    let kind = op.kind();
    let no_option = || EffectError::NoSuchOption {
        effect: kind.name().to_owned(),
        option,
    };
    let BuiltinOp::ChooseMana { options } = op else {
        return Err(no_option());
    };
    let amounts = *options.get(option).ok_or_else(no_option)?;
    let p = player(kind, target)?;
    ctx.state.player_mut(p).pool.add_all(&amounts);
    if !amounts.is_empty() {
        let event = mana_event(EventType::OnPlayerManaGained, ctx, p, &amounts);
        ctx.events.push(event);
    }
    Ok(Applied {
        target,
        record: Record::Mana {
            mana: amounts,
            refill: ctx.state.player(p).refills,
        },
    })
}

/// A flag of a card that an effect sets and its reversal clears (or the other way round).
#[derive(Clone, Copy)]
enum Flag {
    Tapped,
    CannotBlock,
    Unblockable,
}

fn flag_mut(state: &mut GameState, id: InstanceId, flag: Flag) -> &mut bool {
    let card = state.card_mut(id);
    match flag {
        Flag::Tapped => &mut card.tapped,
        Flag::CannotBlock => &mut card.own_cannot_block,
        Flag::Unblockable => &mut card.own_unblockable,
    }
}

fn flag_of(state: &GameState, id: InstanceId, flag: Flag) -> bool {
    let card = state.card(id);
    match flag {
        Flag::Tapped => card.tapped,
        Flag::CannotBlock => card.own_cannot_block,
        Flag::Unblockable => card.own_unblockable,
    }
}

/// Sets a flag of a card on the battlefield (any permanent for tapping, a creature otherwise:
/// the effects' legal targets). Records the change, or nothing when the flag already was so:
/// the reversal then has nothing to undo (tapping a tapped creature until end of turn does not
/// untap it at the end).
fn set_flag(ctx: &mut EffectContext<'_>, id: InstanceId, flag: Flag, value: bool) -> Record {
    let here = match flag {
        Flag::Tapped => on_battlefield(ctx.state, id),
        Flag::CannotBlock | Flag::Unblockable => creature_here(ctx.state, id),
    };
    if !here || flag_of(ctx.state, id, flag) == value {
        return Record::Nothing;
    }
    *flag_mut(ctx.state, id, flag) = value;
    Record::Changed {
        entered: ctx.state.card(id).entered,
    }
}

/// Grants or removes a technique of a creature on the battlefield; records the change, or
/// nothing when it already had (or lacked) it.
fn set_technique(
    ctx: &mut EffectContext<'_>,
    id: InstanceId,
    technique: Technique,
    grant: bool,
) -> Record {
    if !creature_here(ctx.state, id) {
        return Record::Nothing;
    }
    let card = ctx.state.card(id);
    // A removal of a technique a static ability grants (and a later removal does not yet
    // suppress) takes the static's grant away too (docs/rules.md, "Static abilities").
    if !grant && card.ongoing.granted.contains(technique) && !card.own_removed.contains(technique) {
        let owned = card.own_techniques.contains(technique);
        let card = ctx.state.card_mut(id);
        card.own_techniques.remove(technique);
        card.own_removed.insert(technique);
        return Record::Suppressed {
            technique,
            entered: card.entered,
            owned,
        };
    }
    if card.own_techniques.contains(technique) == grant {
        return Record::Nothing;
    }
    let card = ctx.state.card_mut(id);
    if grant {
        card.own_techniques.insert(technique);
    } else {
        card.own_techniques.remove(technique);
    }
    Record::Technique {
        technique,
        entered: card.entered,
    }
}

/// The same object still on the battlefield: a reversal recorded for an earlier stay there
/// leaves a card that came back alone.
fn same_object(state: &GameState, id: InstanceId, entered: u32) -> bool {
    state
        .try_card(id)
        .is_some_and(|c| c.on_battlefield() && c.entered == entered)
}

/// Two creatures deal damage equal to their attack to each other, at once: both amounts are
/// taken before either is dealt (deathtouch counts, as in combat). Nothing happens unless both
/// are creatures on the battlefield, and a creature does not fight itself.
fn fight(ctx: &mut EffectContext<'_>, source: InstanceId, target: InstanceId) {
    if source == target || !creature_here(ctx.state, source) || !creature_here(ctx.state, target) {
        return;
    }
    let (to_target, to_source) = (
        ctx.state.card(source).attack(),
        ctx.state.card(target).attack(),
    );
    ctx.state
        .damage_card(target, to_target, Some(source), ctx.events);
    ctx.state
        .damage_card(source, to_source, Some(target), ctx.events);
}

/// Puts a creature's base attack and defense back to its printed ones (where `set_stats` had
/// changed them), keeping its buffs and damage; records the bases replaced, each with the
/// stat's epoch, for the reversal.
fn restore_stats(card: &mut StatLine, attack: i32, defense: i32) -> Record {
    let record_attack = (card.base_attack != attack).then(|| {
        let before = (card.base_attack, card.attack_epoch);
        card.base_attack = attack;
        before
    });
    let record_defense = (card.base_defense != defense).then(|| {
        let before = (card.base_defense, card.defense_epoch);
        card.base_defense = defense;
        before
    });
    if record_attack.is_none() && record_defense.is_none() {
        return Record::Nothing;
    }
    Record::SetStats {
        attack: record_attack,
        defense: record_defense,
    }
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
        (
            Builtin::GainMana | Builtin::ChooseMana,
            Record::Mana { mana: gained, .. },
            Target::Player(p),
        ) => {
            ctx.state.player_mut(p).pool.remove_up_to(gained);
        }
        (
            Builtin::TapCard
            | Builtin::UntapCard
            | Builtin::CannotBlock
            | Builtin::RevokeCannotBlock
            | Builtin::Unblockable
            | Builtin::RevokeUnblockable,
            Record::Changed { entered },
            Target::Card(id),
        ) => {
            if same_object(ctx.state, id, *entered) {
                let (flag, set) = match kind {
                    Builtin::TapCard => (Flag::Tapped, false),
                    Builtin::UntapCard => (Flag::Tapped, true),
                    Builtin::CannotBlock => (Flag::CannotBlock, false),
                    Builtin::RevokeCannotBlock => (Flag::CannotBlock, true),
                    Builtin::Unblockable => (Flag::Unblockable, false),
                    _ => (Flag::Unblockable, true),
                };
                *flag_mut(ctx.state, id, flag) = set;
            }
        }
        (
            Builtin::GrantTechnique | Builtin::RemoveTechnique,
            Record::Technique { technique, entered },
            Target::Card(id),
        ) => {
            if same_object(ctx.state, id, *entered) {
                let card = ctx.state.card_mut(id);
                if kind == Builtin::GrantTechnique {
                    card.own_techniques.remove(*technique);
                } else {
                    card.own_techniques.insert(*technique);
                }
            }
        }
        (
            Builtin::RemoveTechnique,
            Record::Suppressed {
                technique,
                entered,
                owned,
            },
            Target::Card(id),
        ) => {
            if same_object(ctx.state, id, *entered) {
                let card = ctx.state.card_mut(id);
                card.own_removed.remove(*technique);
                if *owned {
                    card.own_techniques.insert(*technique);
                }
            }
        }
        (Builtin::RestoreStats, Record::SetStats { .. }, Target::Card(_)) => {
            return reverse(Builtin::SetStats, ctx, applied);
        }
        // A change that found nothing to change has nothing to undo; a choice never made
        // applied nothing.
        (
            Builtin::TapCard
            | Builtin::UntapCard
            | Builtin::CannotBlock
            | Builtin::RevokeCannotBlock
            | Builtin::Unblockable
            | Builtin::RevokeUnblockable
            | Builtin::GrantTechnique
            | Builtin::RemoveTechnique
            | Builtin::RestoreStats,
            Record::Nothing,
            _,
        )
        | (Builtin::ChooseMana, Record::Deferred, _) => {}
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

fn creature_here(state: &GameState, id: InstanceId) -> bool {
    state
        .try_card(id)
        .is_some_and(|c| c.is_creature_on_battlefield())
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

/// The cards a buff changes.
#[derive(Clone, Copy)]
enum Buffed {
    /// One card (`buff_card`).
    One(InstanceId),
    /// Every creature on the player's battlefield (`buff_all`).
    CreaturesOf(PlayerId),
}

fn apply_buff(
    ctx: &mut EffectContext<'_>,
    buffed: Buffed,
    attack: i32,
    defense: i32,
) -> Vector<(rtg_core::InstanceId, u32, u32)> {
    let mut changed = Vector::new();
    // PTG 0.9's `on_card_buff`, for each creature whose stats a non-zero buff changed: under
    // PTG 0.9's rules always, as PTG emits it; under PTG 0.2's only in games whose cards listen
    // for it (see `Content::hears`), so that their logs stay what they were.
    let heard = (attack != 0 || defense != 0)
        && (ctx.state.rules().emits_every_buff()
            || ctx.state.content().hears(EventType::OnCardBuff));
    // The battlefield is read by position rather than collected into a list (an allocation per
    // buff in the in-place step): a buff changes stats only, so no card enters or leaves it.
    let count = match buffed {
        Buffed::One(_) => 1,
        Buffed::CreaturesOf(p) => ctx.state.player(p).battlefield().len(),
    };
    for at in 0..count {
        let id = match buffed {
            Buffed::One(id) => id,
            Buffed::CreaturesOf(p) => {
                let id = ctx.state.player(p).battlefield()[at];
                if !ctx.state.def(id).is_creature() {
                    continue;
                }
                id
            }
        };
        if !on_battlefield(ctx.state, id) {
            continue;
        }
        let card = ctx.state.card_mut(id);
        card.stats.attack_buff = card.stats.attack_buff.saturating_add(attack);
        card.stats.defense_buff = card.stats.defense_buff.saturating_add(defense);
        changed.push_back((id, card.stats.attack_epoch, card.stats.defense_epoch));
        if heard {
            let (def, owner) = (card.def, card.owner);
            ctx.events.push(
                Event::new(EventType::OnCardBuff)
                    .source(id, def)
                    .owner(owner)
                    .target(Target::Card(id)),
            );
        }
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
