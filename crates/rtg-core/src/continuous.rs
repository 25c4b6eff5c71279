//! Continuous effects: what static abilities do to the cards they reach, and the one fold of a
//! card's characteristics (attack, defense, techniques, the blocking flags) from its own values
//! and those effects.
//!
//! The layer order, written once here (docs/rules.md, "Static abilities"):
//!
//! 1. **Set.** The base is the printed value, or the newest of the "becomes N" effects on the
//!    card: a one-shot `set_stats` (stamped when it applied) or a static `set_stats` (stamped
//!    with its source's timestamp, the moment the source entered the battlefield, as MTG rule
//!    613.7a). Ties cannot happen across the two kinds (stamps are game-wide unique); between
//!    two statics of one source, the later alteration wins.
//! 2. **Add.** Every one-shot buff and every static buff (`buff_card`, `buff_all`) is added, in
//!    any order (addition commutes): a static pump applies on top of a static set whichever
//!    card entered first.
//! 3. **Multiply.** No effect of the language multiplies; the layer is named so that one added
//!    later goes here, after the adds.
//! 4. **Forbid.** A static `remove_technique` removes the technique whatever granted it, and a
//!    static `cannot_block` forbids blocking whatever else holds: forbidding beats granting.
//!    A one-shot `remove_technique` is newer than the static grants in force when it applies,
//!    so it takes their technique away too, for as long as it lasts (`own_removed`).
//! 5. **Clamp.** Attack is never below 0. Defense is not clamped: it is the toughness minus the
//!    damage marked, which is kept apart, so a static `+0/+2` that ends takes away toughness,
//!    never damage, and a creature dies exactly when MTG's would (toughness at most the damage).
//!
//! The engine refreshes every card's [`Ongoing`] from the state ([`GameState::refresh_ongoing`])
//! after every action and every resolved item, where the state-based checks run, and when a
//! position is built; no flag lives outside the state.

use crate::alteration::{AlterationRef, ParamValue};
use crate::card::{AbilityType, Technique, TechniqueSet};
use crate::condition::Scope;
use crate::effect::ParamKind;
use crate::event::Target;
use crate::ids::InstanceId;
use crate::state::{CardInstance, GameState};
use crate::{PlayerId, TargetSpec};

/// What a static alteration's effect does to each card it reaches, as the effect declares it
/// ([`crate::EffectHandler::continuous`]). Numbers may be computed: they are read at every
/// refresh, with the static's card as `self` and its controller as "you".
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Modifier {
    /// The base attack and/or defense become these (layer 1, `set_stats`).
    SetStats {
        /// The attack it sets, if any.
        attack: Option<ParamValue>,
        /// The defense it sets, if any.
        defense: Option<ParamValue>,
    },
    /// Attack and defense go up (or down) by these (layer 2, `buff_card`, `buff_all`).
    AddStats {
        /// Added to attack.
        attack: Option<ParamValue>,
        /// Added to defense.
        defense: Option<ParamValue>,
    },
    /// The card has the technique (`grant_technique`).
    GrantTechnique(Technique),
    /// The card does not have the technique, whatever grants it (`remove_technique`, layer 4).
    RemoveTechnique(Technique),
    /// The card cannot block (`cannot_block`, layer 4).
    CannotBlock,
    /// The card cannot be blocked (`unblockable`).
    Unblockable,
}

/// Which cards a static alteration's modifier reaches from its target.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// The target card itself (for `target: self`), or each card `each` / `group` sweeps.
    Target,
    /// Every creature on the battlefield of the target player (`buff_all`).
    CreaturesOfTargetPlayer,
}

/// An effect's continuous form: its modifier and whom it reaches.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Continuous {
    /// What it does to each card.
    pub modifier: Modifier,
    /// Which cards.
    pub reach: Reach,
}

/// A "becomes N" value with its timestamp (layer 1); a stamp of 0 means no set (stamps start at
/// 1), which keeps [`Ongoing`] small: it is on every card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stamped {
    /// When it began: its source's entry stamp (see [`crate::StatLine::attack_epoch`]); 0 for
    /// none.
    pub stamp: u32,
    /// The value.
    pub value: i32,
}

impl Stamped {
    /// The value, when there is a set.
    #[inline]
    pub fn get(self) -> Option<Stamped> {
        (self.stamp != 0).then_some(self)
    }
}

/// The static abilities' contribution to one card's characteristics, refreshed from the state
/// after every action and resolved item. Default (nothing) for a card no static reaches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ongoing {
    /// The newest static set of attack.
    pub set_attack: Stamped,
    /// The newest static set of defense.
    pub set_defense: Stamped,
    /// The sum of static attack buffs.
    pub add_attack: i32,
    /// The sum of static defense buffs.
    pub add_defense: i32,
    /// Techniques static abilities grant.
    pub granted: TechniqueSet,
    /// Techniques static abilities remove (they beat any grant).
    pub removed: TechniqueSet,
    /// A static ability forbids it to block.
    pub cannot_block: bool,
    /// A static ability makes it unblockable.
    pub unblockable: bool,
}

impl Ongoing {
    /// True when no static ability reaches the card.
    pub fn is_empty(&self) -> bool {
        *self == Ongoing::default()
    }

    /// Keeps the newer of two sets; of two with one stamp (two alterations of one card, merged
    /// in alteration order), the later.
    fn set(slot: &mut Stamped, new: Stamped) {
        if new.stamp != 0 && new.stamp >= slot.stamp {
            *slot = new;
        }
    }
}

/// The fold of a card's characteristics: the one place they are computed.
impl CardInstance {
    /// Current attack: layers 1 to 5 (never below 0).
    #[inline]
    pub fn attack(&self) -> i32 {
        let base = match self.ongoing.set_attack.get() {
            Some(set) if self.set_wins(set, self.stats.attack_epoch) => set.value,
            _ => self.stats.base_attack,
        };
        let attack = base.saturating_add(self.stats.attack_buff);
        // Most cards have no static buff: skip the add (the hot path of every check).
        match self.ongoing.add_attack {
            0 => attack,
            add => attack.saturating_add(add),
        }
        .max(0)
    }

    /// Current defense: the toughness (layers 1 to 3) minus the damage marked. A creature at 0
    /// or less dies.
    #[inline]
    pub fn defense(&self) -> i32 {
        self.toughness().saturating_sub(self.stats.damage)
    }

    /// Defense before damage: the base (printed or set) plus every buff.
    #[inline]
    pub fn toughness(&self) -> i32 {
        let base = match self.ongoing.set_defense.get() {
            Some(set) if self.set_wins(set, self.stats.defense_epoch) => set.value,
            _ => self.stats.base_defense,
        };
        let toughness = base.saturating_add(self.stats.defense_buff);
        match self.ongoing.add_defense {
            0 => toughness,
            add => toughness.saturating_add(add),
        }
    }

    /// True when a static set (stamped `set`) is newer than the card's own base, whose stat
    /// epoch is `epoch`: the printed base (epoch = entry stamp) is always older.
    #[inline]
    fn set_wins(&self, set: Stamped, epoch: u32) -> bool {
        epoch == self.entered || set.stamp > epoch
    }

    /// Its techniques now: its own (printed, with one-shot grants and removals), those static
    /// abilities grant (less those a later one-shot removal took away), less those static
    /// abilities remove.
    #[inline]
    pub fn techniques(&self) -> TechniqueSet {
        self.own_techniques
            .union(self.ongoing.granted.difference(self.own_removed))
            .difference(self.ongoing.removed)
    }

    /// True when it has the technique now.
    #[inline]
    pub fn has(&self, technique: Technique) -> bool {
        self.techniques().contains(technique)
    }

    /// True when it cannot block: by a one-shot `cannot_block` or a static one.
    #[inline]
    pub fn cannot_block(&self) -> bool {
        self.own_cannot_block || self.ongoing.cannot_block
    }

    /// True when it cannot be blocked: by a one-shot `unblockable` or a static one.
    #[inline]
    pub fn unblockable(&self) -> bool {
        self.own_unblockable || self.ongoing.unblockable
    }
}

/// One static alteration of a definition, with its continuous form.
#[derive(Clone, Debug)]
pub(crate) struct StaticAlteration {
    pub(crate) ability: u16,
    pub(crate) alteration: u16,
    pub(crate) continuous: Continuous,
}

/// What a refresh changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Refresh {
    /// Some card's characteristics changed.
    pub changed: bool,
    /// Some creature's defense went down: the state-based checks must look.
    pub weakened: bool,
}

impl GameState {
    /// Recomputes every card's [`Ongoing`] from the static abilities on the battlefield whose
    /// condition holds now. It emits no event: a continuous effect starting or stopping is not
    /// an event (MTG rule 611.3; PTG 0.9.13's static listeners apply their effect without
    /// `on_card_buff`). A game whose cards have no static ability returns at once.
    #[inline]
    pub fn refresh_ongoing(&mut self) -> Refresh {
        if !self.content().has_statics() {
            return Refresh::default();
        }
        self.refresh_statics()
    }

    #[inline(never)]
    fn refresh_statics(&mut self) -> Refresh {
        let mut reached: Vec<(InstanceId, Ongoing)> = Vec::new();
        for seat in PlayerId::ALL {
            for &source in self.player(seat).battlefield() {
                self.reach_of(source, &mut reached);
            }
        }
        reached.sort_by_key(|(id, _)| *id);
        let mut merged: Vec<(InstanceId, Ongoing)> = Vec::with_capacity(reached.len());
        for (id, part) in reached {
            match merged.last_mut() {
                Some((last, acc)) if *last == id => merge(acc, &part),
                _ => merged.push((id, part)),
            }
        }
        let mut refresh = Refresh::default();
        // Only battlefield cards have ongoing effects (a move clears them).
        let previous: Vec<InstanceId> = PlayerId::ALL
            .into_iter()
            .flat_map(|seat| self.player(seat).battlefield().iter().copied())
            .filter(|&id| !self.card(id).ongoing.is_empty())
            .collect();
        let mut update = |state: &mut GameState, id: InstanceId, new: Ongoing| {
            let old_card = *state.card(id);
            if old_card.ongoing == new {
                return;
            }
            state.card_mut(id).ongoing = new;
            let new_card = *state.card(id);
            refresh.changed = true;
            if new_card.defense() < old_card.defense() {
                refresh.weakened = true;
            }
        };
        for id in previous {
            if merged.binary_search_by_key(&id, |(i, _)| *i).is_err() {
                update(self, id, Ongoing::default());
            }
        }
        for (id, new) in merged {
            update(self, id, new);
        }
        refresh
    }

    /// What the static abilities of `source` do now, card by card, one entry per alteration and
    /// card reached (empty for a card that is not on the battlefield or has none): what a bot
    /// weighs a lord by.
    pub fn static_reach(&self, source: InstanceId) -> Vec<(InstanceId, Ongoing)> {
        let mut reached = Vec::new();
        if self.content().has_statics() && self.card(source).on_battlefield() {
            self.reach_of(source, &mut reached);
        }
        reached
    }

    fn reach_of(&self, source: InstanceId, reached: &mut Vec<(InstanceId, Ongoing)>) {
        let card = self.card(source);
        for s in self.content().statics(card.def) {
            let at = AlterationRef {
                source,
                def: card.def,
                ability: s.ability,
                alteration: s.alteration,
            };
            // A stamp of 0 means "no set"; a card on the battlefield always has a later one.
            self.apply_static(at, s, card.entered.max(1), reached);
        }
    }

    fn apply_static(
        &self,
        at: AlterationRef,
        s: &StaticAlteration,
        stamp: u32,
        reached: &mut Vec<(InstanceId, Ongoing)>,
    ) {
        let alt = crate::targets::alteration(self, at);
        let controller = self.card(at.source).owner;
        let scope = Scope {
            state: self,
            subject: Some(at.source),
            controller,
            event: None,
        };
        if alt.condition.as_ref().is_some_and(|c| !c.holds(&scope)) {
            return;
        }
        let Some(part) = evaluate(&s.continuous.modifier, &scope, stamp) else {
            return;
        };
        let target = crate::targets::resolve_target(alt.target, at, controller);
        let mut reach = |id: InstanceId| {
            let card = self.card(id);
            if card.is_creature_on_battlefield() {
                reached.push((id, part));
            }
        };
        match (s.continuous.reach, target) {
            (Reach::CreaturesOfTargetPlayer, Some(Target::Player(p))) => {
                for &id in self.player(p).battlefield() {
                    if crate::targets::meets_target_condition(self, at, Target::Card(id), None) {
                        reach(id);
                    }
                }
            }
            (Reach::Target, _) if alt.is_mass() => {
                let player = match target {
                    Some(Target::Player(p)) => Some(p),
                    Some(Target::Card(id)) => Some(self.card(id).owner),
                    None => None,
                };
                for id in crate::targets::mass_targets(self, at, player, None) {
                    reach(id);
                }
            }
            (Reach::Target, Some(Target::Card(id)))
                if alt.target == TargetSpec::SelfCard
                    && crate::targets::meets_target_condition(self, at, Target::Card(id), None) =>
            {
                reach(id);
            }
            _ => {}
        }
    }
}

/// The contribution of one modifier, its numbers read in `scope`.
fn evaluate(modifier: &Modifier, scope: &Scope<'_>, stamp: u32) -> Option<Ongoing> {
    let mut part = Ongoing::default();
    let number = |value: &Option<ParamValue>, kind: ParamKind| -> Option<i32> {
        value.as_ref().and_then(|v| v.whole_in(scope, || kind))
    };
    match modifier {
        Modifier::SetStats { attack, defense } => {
            let stamped = |value| Stamped { stamp, value };
            part.set_attack =
                number(attack, ParamKind::Stat).map_or_else(Stamped::default, stamped);
            part.set_defense =
                number(defense, ParamKind::Stat).map_or_else(Stamped::default, stamped);
        }
        Modifier::AddStats { attack, defense } => {
            part.add_attack = number(attack, ParamKind::SignedInt).unwrap_or(0);
            part.add_defense = number(defense, ParamKind::SignedInt).unwrap_or(0);
        }
        Modifier::GrantTechnique(t) => part.granted.insert(*t),
        Modifier::RemoveTechnique(t) => part.removed.insert(*t),
        Modifier::CannotBlock => part.cannot_block = true,
        Modifier::Unblockable => part.unblockable = true,
    }
    (!part.is_empty()).then_some(part)
}

fn merge(acc: &mut Ongoing, part: &Ongoing) {
    Ongoing::set(&mut acc.set_attack, part.set_attack);
    Ongoing::set(&mut acc.set_defense, part.set_defense);
    acc.add_attack = acc.add_attack.saturating_add(part.add_attack);
    acc.add_defense = acc.add_defense.saturating_add(part.add_defense);
    for t in part.granted.iter() {
        acc.granted.insert(t);
    }
    for t in part.removed.iter() {
        acc.removed.insert(t);
    }
    acc.cannot_block |= part.cannot_block;
    acc.unblockable |= part.unblockable;
}

/// The static alterations of a definition with their continuous forms, as [`crate::Content`]
/// indexes them: for every static ability, each alteration whose effect has a continuous form.
pub(crate) fn statics_of(
    def: &crate::CardDefinition,
    effects: &crate::EffectRegistry,
) -> Vec<StaticAlteration> {
    let mut out = Vec::new();
    for (a, ability) in def.abilities.iter().enumerate() {
        if ability.ability_type != AbilityType::Static {
            continue;
        }
        for (i, alt) in ability.alterations.iter().enumerate() {
            let continuous = effects
                .get(&alt.effect)
                .and_then(|handler| handler.continuous(&alt.params));
            if let (Some(continuous), Ok(ability), Ok(alteration)) =
                (continuous, u16::try_from(a), u16::try_from(i))
            {
                out.push(StaticAlteration {
                    ability,
                    alteration,
                    continuous,
                });
            }
        }
    }
    out
}
