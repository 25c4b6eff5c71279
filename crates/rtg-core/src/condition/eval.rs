//! Evaluating conditions and expressions: reads of the state, nothing more.

use super::{Condition, Expr, Operand, Variable, ZoneOwner};
use crate::alteration::Zone;
use crate::card::CardType;
use crate::event::{Event, EventType};
use crate::ids::{InstanceId, PlayerId};
use crate::state::{GameState, Location};

/// What a condition or an expression is evaluated against: the game, the card `self_*`
/// variables read (the ability's card, or the candidate of a `target_condition`), the player
/// "you" means (the ability's controller) and the event being handled, if any.
#[derive(Clone, Copy, Debug)]
pub struct Scope<'a> {
    /// The game.
    pub state: &'a GameState,
    /// The card `self_*` variables read; `None` makes them 0, false or empty.
    pub subject: Option<InstanceId>,
    /// The player "you" and "your" refer to.
    pub controller: PlayerId,
    /// The event being handled (a trigger's), if any.
    pub event: Option<&'a Event>,
}

/// A variable's value.
enum Value<'a> {
    Int(i64),
    Bool(bool),
    Text(&'a str),
}

impl Condition {
    /// True when the condition holds in `scope`.
    pub fn holds(&self, scope: &Scope<'_>) -> bool {
        match self {
            Condition::All(parts) => parts.iter().all(|p| p.holds(scope)),
            Condition::Any(parts) => parts.iter().any(|p| p.holds(scope)),
            Condition::Compare {
                variable,
                op,
                value,
            } => match (scope.read(variable), value) {
                (Value::Int(left), Operand::Int(right)) => op.test(&left, &right.value(scope)),
                (Value::Bool(left), Operand::Bool(right)) => op.test(&left, right),
                (Value::Text(left), Operand::Text(right)) => op.test(left, &**right),
                // `Condition::compare` refuses a value of another type; one built by hand
                // compares as false rather than panicking.
                _ => false,
            },
        }
    }
}

impl Expr {
    /// The value in `scope`, computed with saturating arithmetic.
    pub fn value(&self, scope: &Scope<'_>) -> i64 {
        match self {
            Expr::Const(n) => i64::from(*n),
            Expr::Var(variable) => match scope.read(variable) {
                Value::Int(n) => n,
                Value::Bool(b) => i64::from(b),
                Value::Text(_) => 0,
            },
            Expr::Add(parts) => parts
                .iter()
                .fold(0i64, |sum, p| sum.saturating_add(p.value(scope))),
            Expr::Sub(a, b) => a.value(scope).saturating_sub(b.value(scope)),
            Expr::Mul(parts) => parts
                .iter()
                .fold(1i64, |product, p| product.saturating_mul(p.value(scope))),
            Expr::Div(a, divisor) => a.value(scope).div_euclid(i64::from((*divisor).max(1))),
            Expr::Min(parts) => parts.iter().map(|p| p.value(scope)).min().unwrap_or(0),
            Expr::Max(parts) => parts.iter().map(|p| p.value(scope)).max().unwrap_or(0),
            Expr::Clamp { value, min, max } => {
                let (low, high) = (min.value(scope), max.value(scope));
                value.value(scope).min(high).max(low)
            }
        }
    }

    /// The value in `scope`, brought into `low..=high`.
    pub fn value_in(&self, scope: &Scope<'_>, low: i32, high: i32) -> i32 {
        let v = self.value(scope).clamp(i64::from(low), i64::from(high));
        // invariant: clamped into an i32 range just above.
        i32::try_from(v).unwrap_or(high)
    }
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl<'a> Scope<'a> {
    fn owners(&self, owner: ZoneOwner) -> &'static [PlayerId] {
        const BOTH: [PlayerId; 2] = [PlayerId::FIRST, PlayerId::SECOND];
        const FIRST: [PlayerId; 1] = [PlayerId::FIRST];
        const SECOND: [PlayerId; 1] = [PlayerId::SECOND];
        let pick = |p: PlayerId| -> &'static [PlayerId] {
            if p == PlayerId::FIRST {
                &FIRST
            } else {
                &SECOND
            }
        };
        match owner {
            ZoneOwner::Own => pick(self.controller),
            ZoneOwner::Opponent => pick(self.controller.opponent()),
            ZoneOwner::Any => &BOTH,
        }
    }

    fn count_in(&self, zone: Zone, owner: ZoneOwner, keep: impl Fn(InstanceId) -> bool) -> i64 {
        let mut n = 0usize;
        for &player in self.owners(owner) {
            n += self
                .state
                .player(player)
                .zone(zone)
                .iter()
                .filter(|&&id| keep(id))
                .count();
        }
        count(n)
    }

    fn battlefield_of(&self, player: PlayerId) -> impl Iterator<Item = InstanceId> + 'a {
        self.state.player(player).battlefield().iter().copied()
    }

    fn creatures_of(&self, player: PlayerId) -> impl Iterator<Item = InstanceId> + 'a {
        let state = self.state;
        self.battlefield_of(player)
            .filter(move |&id| state.card(id).creature)
    }

    fn of_type(&self, player: PlayerId, card_type: CardType) -> i64 {
        let state = self.state;
        count(
            self.battlefield_of(player)
                .filter(|&id| state.def(id).card_type == card_type)
                .count(),
        )
    }

    /// The subject, when it is a card of this game.
    fn subject(&self) -> Option<InstanceId> {
        self.subject.filter(|id| self.state.try_card(*id).is_some())
    }

    /// The event's source card, when there is one.
    fn event_source(&self) -> Option<InstanceId> {
        self.event
            .and_then(|e| e.source)
            .filter(|id| self.state.try_card(*id).is_some())
    }

    /// The attacks of the subject's side other than the subject's own.
    fn fellow_attackers(&self) -> impl Iterator<Item = InstanceId> + 'a {
        let state = self.state;
        let subject = self.subject();
        let side = subject.map_or(self.controller, |id| state.card(id).owner);
        state
            .combats()
            .iter()
            .map(|c| c.attacker)
            .filter(move |&a| Some(a) != subject && state.card(a).owner == side)
    }

    fn read(&self, variable: &Variable) -> Value<'a> {
        use Variable::*;
        let state = self.state;
        let me = self.controller;
        let foe = me.opponent();
        let subject = self.subject().map(|id| state.card(id));
        let subject_def = self.subject().map(|id| state.def(id));
        let source_def = self.event_source().map(|id| state.def(id));
        let int = |n: i64| Value::Int(n);
        match variable {
            SelfAttack => int(subject.map_or(0, |c| i64::from(c.attack()))),
            SelfDefense => int(subject.map_or(0, |c| i64::from(c.defense()))),
            SelfMaxDefense => int(subject.map_or(0, |c| {
                i64::from(c.stats.base_defense) + i64::from(c.stats.defense_buff)
            })),
            SelfIsTapped => Value::Bool(subject.is_some_and(|c| c.tapped)),
            SelfEnteredThisTurn => Value::Bool(subject.is_some_and(|c| c.summoning_sick)),
            SelfHasTechnique(t) => Value::Bool(subject.is_some_and(|c| c.has(*t))),
            SelfGroup => Value::Text(subject_def.and_then(|d| d.group.as_deref()).unwrap_or("")),
            SelfType => Value::Text(subject_def.map_or("", |d| d.card_type.name())),
            SelfInZone => Value::Text(
                subject
                    .and_then(|c| c.location().zone())
                    .map_or("", |z| z.name()),
            ),
            SelfIsOwnedByController => Value::Bool(subject.is_some_and(|c| c.owner == me)),
            SelfIsOwnedByOpponent => Value::Bool(subject.is_some_and(|c| c.owner != me)),
            SelfAttackedThisTurn => Value::Bool(subject.is_some_and(|c| c.attacked_this_turn)),
            SelfManaCost => int(subject_def.map_or(0, |d| mana_value(d.mana.total()))),
            LifeTotal => int(i64::from(state.player(me).health)),
            OpponentLifeTotal => int(i64::from(state.player(foe).health)),
            CardsInHand => int(count(state.player(me).hand().len())),
            OpponentCardsInHand => int(count(state.player(foe).hand().len())),
            CardsInDeck => int(count(state.player(me).deck().len())),
            CardsInGraveyard => int(count(state.player(me).graveyard().len())),
            CardsPlayedThisTurn => int(i64::from(state.player(me).mana_played)),
            TurnNumber => int(i64::from(state.turn())),
            ManaAvailable => int(mana_value(state.player(me).pool.total())),
            OpponentAttackedLastTurn => Value::Bool(state.last_attacker() == Some(foe)),
            CreaturesInBf => int(count(self.creatures_of(me).count())),
            OpponentCreaturesInBf => int(count(self.creatures_of(foe).count())),
            ArtifactsInBf => int(self.of_type(me, CardType::Artifact)),
            ManaCardsInBf => int(self.of_type(me, CardType::Mana)),
            CardsInBf => int(count(state.player(me).battlefield().len())),
            OpponentCardsInBf => int(count(state.player(foe).battlefield().len())),
            CardsWithIdInZone { card, zone, owner } => {
                int(self.count_in(*zone, *owner, |id| state.def(id).card_id == *card))
            }
            CardsOfGroupInZone { group, zone, owner } => {
                int(self.count_in(*zone, *owner, |id| state.def(id).in_group(group)))
            }
            MaxAttackInBf => int(self
                .creatures_of(me)
                .map(|id| i64::from(state.card(id).attack()))
                .max()
                .unwrap_or(0)),
            MaxDefenseInBf => int(self
                .creatures_of(me)
                .map(|id| i64::from(state.card(id).defense()))
                .max()
                .unwrap_or(0)
                .max(0)),
            MaxManaCostInBf { owner } => {
                let mut best = 0;
                for &player in self.owners(*owner) {
                    for id in self.battlefield_of(player) {
                        best = best.max(mana_value(state.def(id).mana.total()));
                    }
                }
                int(best)
            }
            EventInSelfZone => Value::Bool(self.event.is_some_and(|e| e.zone_owner == Some(me))),
            EventInOpponentZone => {
                Value::Bool(self.event.is_some_and(|e| e.zone_owner == Some(foe)))
            }
            EventSourceCardId => Value::Text(source_def.map_or("", |d| d.card_id.as_str())),
            EventSourceGroup => {
                Value::Text(source_def.and_then(|d| d.group.as_deref()).unwrap_or(""))
            }
            EventSourceType => Value::Text(source_def.map_or("", |d| d.card_type.name())),
            EventSourceManaCost => int(source_def.map_or(0, |d| mana_value(d.mana.total()))),
            // PTG's `context["remaining"]`: the turns left of the delay the event is about, -1
            // when it has none. PTG's `on_delay_expired` carries none (the delay is gone), so
            // it reads -1 there, though the event's amount is 0.
            EventDelayRemaining => int(self.event.map_or(-1, |e| {
                if e.kind.is_about_a_delay() && e.kind != EventType::OnDelayExpired {
                    i64::from(e.amount.unwrap_or(-1))
                } else {
                    -1
                }
            })),
            EventDamageAmount => int(self.event.map_or(0, |e| match e.kind {
                EventType::OnCardReceiveDamage | EventType::OnPlayerReceiveDamage => {
                    i64::from(e.amount.unwrap_or(0))
                }
                _ => 0,
            })),
            AttackersCount => int(count(state.combats().len())),
            BlockersCount => {
                let combats = state.combats();
                let own = self.subject().and_then(|id| {
                    combats
                        .iter()
                        .find(|c| c.attacker == id || c.blockers.contains(&id))
                });
                int(own
                    .or(combats.first())
                    .map_or(0, |c| count(c.blockers.len())))
            }
            StrongestAllyAttackerAttack => int(self
                .fellow_attackers()
                .map(|id| i64::from(state.card(id).attack()))
                .max()
                .unwrap_or(0)),
            AttackingWithStrongerAlly => {
                let own = subject.map_or(0, |c| c.attack());
                let attacking = self.subject().is_some_and(|id| {
                    state.combats().iter().any(|c| c.attacker == id)
                        && state.card(id).location() == Location::Battlefield
                });
                Value::Bool(
                    attacking
                        && self
                            .fellow_attackers()
                            .any(|id| state.card(id).attack() > own),
                )
            }
        }
    }
}

fn mana_value(total: u64) -> i64 {
    i64::try_from(total).unwrap_or(i64::MAX)
}
