//! Each action of a game and what it caused, in words: "aggro plays Fireball on Goblin
//! Warrior", "Fireball deals 3 damage to Goblin Warrior; Goblin Warrior dies".
//!
//! The words come from the events and from comparing the states before and after: a buff
//! causes no event, so it is read from the stats that changed. Who dealt damage is read from
//! the action (the card played or activated, the trigger resolved) or, in combat, from the
//! declared attacks and blocks.

use std::collections::BTreeSet;

use rtg_core::{
    AbilityType, CardDefinition, CardInstance, CardType, Event, EventType, GameState, InstanceId,
    Location, Ongoing, PlayerId, Scope, Target, TurnCount, Zone,
};
use rtg_rules::Action;

use crate::board::{choice_options, join_or, static_part};
use crate::names::Names;

/// One action in words: the action itself (none for advancing the phase) and what it caused.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Narrated {
    /// "aggro plays Fireball on Goblin Warrior".
    pub action: Option<String>,
    /// "Fireball deals 3 damage to Goblin Warrior; Goblin Warrior dies", one sentence a line.
    pub lines: Vec<String>,
}

/// An action in words. With `who`, as a narration ("aggro plays Fireball"); without, as a
/// choice offered to its player ("play Fireball").
pub fn describe_action(
    state: &GameState,
    names: &Names,
    action: &Action,
    who: bool,
) -> Option<String> {
    let card = |id: InstanceId| names.card(state, id);
    let on = |t: &Option<Target>| match t {
        Some(t) => format!(" on {}", names.target(state, *t)),
        None => String::new(),
    };
    let verb = |player: PlayerId, third: &str, base: &str| {
        if who {
            format!("{} {third}", names.player(player))
        } else {
            base.to_owned()
        }
    };
    Some(match action {
        Action::PlayCard {
            player,
            card: c,
            target,
        } => format!(
            "{} {}{}",
            verb(*player, "plays", "play"),
            card(*c),
            on(target)
        ),
        Action::DeclareAttack { player, attacker } => {
            format!(
                "{} {}",
                verb(*player, "attacks with", "attack with"),
                card(*attacker)
            )
        }
        Action::DeclareDefense {
            player,
            blocker,
            combat_index,
        } => {
            let attacker = state.combats().get(*combat_index).map(|c| c.attacker);
            format!(
                "{} {} with {}",
                verb(*player, "blocks", "block"),
                attacker.map_or("?".to_owned(), card),
                card(*blocker)
            )
        }
        Action::OrderBlockers {
            player,
            combat_index,
            blockers,
        } => {
            let attacker = state.combats().get(*combat_index).map(|c| c.attacker);
            let order: Vec<String> = blockers.iter().map(|&b| card(b)).collect();
            format!(
                "{} the blockers of {}: {}",
                verb(*player, "orders", "order"),
                attacker.map_or("?".to_owned(), card),
                order.join(", ")
            )
        }
        Action::ActivateAbility {
            player,
            card: c,
            ability_index,
            target,
        } => format!(
            "{} {} of {}{}",
            verb(*player, "activates", "activate"),
            state
                .def(*c)
                .abilities
                .get(*ability_index)
                .map_or("?", |a| a.name.as_str()),
            card(*c),
            on(target)
        ),
        Action::ResolvePendingTrigger { index, target } => {
            let pending = state.pending_triggers().get(*index);
            let source = pending.map_or("a trigger".to_owned(), |p| card(p.alteration.source));
            let player = pending.map_or(PlayerId::FIRST, |p| p.controller);
            format!(
                "{} {} for {}",
                verb(player, "chooses", "choose"),
                names.target(state, *target),
                source
            )
        }
        Action::ResolveChoice { index, option } => {
            let choice = state.pending_choices().get(*index);
            let source = choice.map_or("a choice".to_owned(), |c| card(c.alteration.source));
            let player = choice.map_or(PlayerId::FIRST, |c| c.controller);
            let what = choice
                .and_then(|c| choice_options(state, c).into_iter().nth(*option))
                .unwrap_or_else(|| format!("option {}", option + 1));
            format!("{} {what} for {source}", verb(player, "chooses", "choose"))
        }
        Action::AdvancePhase => {
            if who {
                return None;
            }
            "pass (go to the next phase)".to_owned()
        }
    })
}

/// The card an action makes act: the card played or activated, the source of the trigger.
fn cause_of(before: &GameState, action: &Action) -> Option<InstanceId> {
    match action {
        Action::PlayCard { card, .. } | Action::ActivateAbility { card, .. } => Some(*card),
        Action::ResolvePendingTrigger { index, .. } => before
            .pending_triggers()
            .get(*index)
            .map(|p| p.alteration.source),
        Action::ResolveChoice { index, .. } => before
            .pending_choices()
            .get(*index)
            .map(|c| c.alteration.source),
        _ => None,
    }
}

/// How long a buff from `def` lasts, in words (` until end of turn`), from its temporary
/// buff alterations; empty when it lasts.
fn duration(def: &CardDefinition) -> String {
    let alteration = def
        .abilities
        .iter()
        .flat_map(|a| a.alterations.iter())
        .find(|a| a.effect.starts_with("buff") && a.is_temporary());
    let Some(alteration) = alteration else {
        return String::new();
    };
    let turns = alteration.turn_duration.as_ref();
    match (alteration.end_trigger, turns.map(TurnCount::fixed)) {
        (Some(EventType::OnTurnEnd), _) => " until end of turn".to_owned(),
        (_, Some(Some(1))) => " for 1 turn".to_owned(),
        (_, Some(Some(n))) => format!(" for {n} turns"),
        (_, Some(None)) => " for a computed number of turns".to_owned(),
        (Some(event), None) => format!(" until {}", event.name()),
        (None, None) => String::new(),
    }
}

fn signed(n: i32) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

/// Who dealt combat damage to `id`: its attacker when it blocked, its blockers when it attacked.
fn combat_dealers(before: &GameState, names: &Names, id: InstanceId) -> Option<String> {
    for combat in before.combats().iter() {
        if combat.blockers.contains(&id) {
            return Some(names.card(before, combat.attacker));
        }
        if combat.attacker == id && !combat.blockers.is_empty() {
            let list: Vec<String> = combat
                .blockers
                .iter()
                .map(|&b| names.card(before, b))
                .collect();
            return Some(join_and(&list));
        }
    }
    None
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn where_now(state: &GameState, names: &Names, id: InstanceId) -> String {
    let card = state.card(id);
    let owner = names.player(card.owner);
    match card.location().zone() {
        Some(Zone::Hand) => format!("returns to {owner}'s hand"),
        Some(Zone::Deck) => format!("is put into {owner}'s deck"),
        Some(Zone::Graveyard) => format!("goes to {owner}'s graveyard"),
        Some(Zone::Battlefield) => format!("enters {owner}'s battlefield"),
        None => "leaves the game".to_owned(),
    }
}

/// The stat changes between the states of the cards on both battlefields, as sentences: buffs
/// with their cause (`Battle Cry: Goblin Warrior gets +3/+0 until end of turn`), buffs wearing
/// off, new printed stats.
fn stat_changes(
    before: &GameState,
    after: &GameState,
    names: &Names,
    cause: Option<InstanceId>,
) -> (Vec<String>, Vec<String>) {
    let (mut gained, mut lost) = (Vec::new(), Vec::new());
    for seat in PlayerId::ALL {
        for &id in after.player(seat).battlefield().iter() {
            let Some(old) = before.try_card(id) else {
                continue;
            };
            if old.location() != Location::Battlefield {
                continue;
            }
            let (old, new) = (old.stats, after.card(id).stats);
            let name = names.card(after, id);
            if (old.base_attack, old.base_defense) != (new.base_attack, new.base_defense) {
                gained.push(format!(
                    "{name} becomes {}/{}",
                    new.base_attack, new.base_defense
                ));
            }
            let (da, dd) = (
                new.attack_buff - old.attack_buff,
                new.defense_buff - old.defense_buff,
            );
            if (da, dd) == (0, 0) {
                continue;
            }
            let delta = format!("{}/{}", signed(da), signed(dd));
            match cause {
                Some(source) => gained.push(format!(
                    "{}: {name} gets {delta}{}",
                    names.card(before, source),
                    duration(before.def(source))
                )),
                None if da <= 0 && dd <= 0 => lost.push(format!(
                    "{}/{} on {name} wears off",
                    signed(-da),
                    signed(-dd)
                )),
                None => gained.push(format!("{name} gets {delta}")),
            }
        }
    }
    (gained, lost)
}

/// True when the card's definition has a `fight` alteration (the effect whose damage goes both
/// ways); no card of PTG 0.2.0's language has one.
fn fights(state: &GameState, id: InstanceId) -> bool {
    state
        .try_card(id)
        .map(|c| state.definition(c.def))
        .is_some_and(|d| {
            d.abilities
                .iter()
                .flat_map(|a| a.alterations.iter())
                .any(|a| &*a.effect == "fight")
        })
}

/// The changes of PTG 0.9's flags between the states of the cards that stayed on a battlefield,
/// as sentences: taps and untaps, techniques gained and lost, blocking restrictions. Those
/// with a card behind the action (`Frost Snare taps Goblin Warrior`, `Wings: Goblin Warrior
/// gains flying`) come first in the narration; those without (a reversal wearing off as the
/// phase advances: `Goblin Warrior untaps`, `Goblin Warrior loses flying`) last. What the
/// rules do on their own is not told (the board shows it): an attacker tapped as it is
/// declared (`ptg-0.9`), the active player's permanents untapping as its turn begins. None of
/// these flags ever changes in a game of PTG 0.2.0's cards and rules.
fn flag_changes(
    before: &GameState,
    after: &GameState,
    names: &Names,
    action: &Action,
    cause: Option<&str>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let turn_changed = after.turn() != before.turn();
    for seat in PlayerId::ALL {
        for &id in after.player(seat).battlefield().iter() {
            let Some(old) = before.try_card(id) else {
                continue;
            };
            let new = after.card(id);
            // The same object: a card that left and came back in the step is a new one.
            if old.location() != Location::Battlefield || old.entered != new.entered {
                continue;
            }
            let name = names.card(after, id);
            let said = |done: &str, alone: String| match cause {
                Some(c) => format!("{c}{done}"),
                None => alone,
            };
            if !old.tapped && new.tapped {
                let by_attacking =
                    matches!(action, Action::DeclareAttack { attacker, .. } if *attacker == id);
                if !by_attacking {
                    lines.push(said(&format!(" taps {name}"), format!("{name} is tapped")));
                }
            }
            if old.tapped && !new.tapped {
                let untap_step = turn_changed && new.owner == after.active();
                if !untap_step {
                    lines.push(said(&format!(" untaps {name}"), format!("{name} untaps")));
                }
            }
            // A change static abilities alone made (the card's own techniques and flags as
            // they were) is told by `static_changes`, with its cause.
            if old.techniques() != new.techniques() && old.own_techniques != new.own_techniques {
                for t in new.techniques().iter().filter(|&t| !old.has(t)) {
                    let what = format!("{name} gains {}", t.name());
                    lines.push(said(&format!(": {what}"), what));
                }
                for t in old.techniques().iter().filter(|&t| !new.has(t)) {
                    let what = format!("{name} loses {}", t.name());
                    lines.push(said(&format!(": {what}"), what));
                }
            }
            if old.cannot_block() != new.cannot_block()
                && old.own_cannot_block != new.own_cannot_block
            {
                let what = if new.cannot_block() {
                    format!("{name} cannot block")
                } else {
                    format!("{name} can block again")
                };
                lines.push(said(&format!(": {what}"), what));
            }
            if old.unblockable() != new.unblockable() && old.own_unblockable != new.own_unblockable
            {
                let what = if new.unblockable() {
                    format!("{name} cannot be blocked")
                } else {
                    format!("{name} can be blocked again")
                };
                lines.push(said(&format!(": {what}"), what));
            }
        }
    }
    lines
}

/// True when the definition has a static ability.
fn has_static(def: &CardDefinition) -> bool {
    def.abilities
        .iter()
        .any(|a| a.ability_type == AbilityType::Static)
}

/// The same object on a battlefield in both states (a card that left and came back in the step
/// is a new one).
fn stayed(before: &GameState, after: &GameState, id: InstanceId) -> Option<CardInstance> {
    let old = before.try_card(id)?;
    let new = after.try_card(id)?;
    (old.location() == Location::Battlefield
        && new.location() == Location::Battlefield
        && old.entered == new.entered)
        .then_some(*old)
}

/// Why static abilities changed in a step, in words: the one card with a static ability that
/// entered or left a battlefield or one of whose static conditions began or stopped holding
/// (` while Goblin Warlord is on the battlefield`, ` as Goblin Warlord leaves the battlefield`,
/// ` while Desperate Fangs's Last Stand holds`, ` as Desperate Fangs's Last Stand ends`), with
/// whether it may be an end; ` (static abilities)` when there are several such cards or none.
fn static_cause(before: &GameState, after: &GameState, names: &Names) -> (String, bool) {
    let mut causes: Vec<(String, bool)> = Vec::new();
    for seat in PlayerId::ALL {
        for &id in after.player(seat).battlefield().iter() {
            let def = after.def(id);
            if !has_static(def) {
                continue;
            }
            let name = names.card(after, id);
            if stayed(before, after, id).is_none() {
                causes.push((format!(" while {name} is on the battlefield"), false));
                continue;
            }
            for ability in def
                .abilities
                .iter()
                .filter(|a| a.ability_type == AbilityType::Static)
            {
                let holds = |state: &GameState| {
                    let scope = Scope {
                        state,
                        subject: Some(id),
                        controller: state.card(id).owner,
                        event: None,
                    };
                    ability
                        .alterations
                        .iter()
                        .map(|alt| alt.condition.as_ref().is_none_or(|c| c.holds(&scope)))
                        .collect::<Vec<bool>>()
                };
                let (then, now) = (holds(before), holds(after));
                if then == now {
                    continue;
                }
                let what = format!("{name}'s {}", ability.name);
                // Some condition began to hold: a beginning; else only ends.
                if then.iter().zip(&now).any(|(t, n)| !t && *n) {
                    causes.push((format!(" while {what} holds"), false));
                } else {
                    causes.push((format!(" as {what} ends"), true));
                }
            }
        }
        for &id in before.player(seat).battlefield().iter() {
            if has_static(before.def(id)) && stayed(before, after, id).is_none() {
                let name = names.card(before, id);
                causes.push((format!(" as {name} leaves the battlefield"), true));
            }
        }
    }
    match <[_; 1]>::try_from(causes) {
        Ok([one]) => one,
        // Several causes or none: a change that only takes away is told as a loss.
        Err(_) => (" (static abilities)".to_owned(), true),
    }
}

/// What static abilities changed on the creatures of both battlefields, as sentences with
/// their cause ([`static_cause`]): `Goblin Grunt gets +1/+1 while Goblin Warlord is on the
/// battlefield`, `Goblin Grunt loses +1/+1 as Goblin Warlord leaves the battlefield`, the same
/// for the techniques and blocking flags they grant (`Goblin Grunt gains deathtouch while
/// Desperate Fangs's Last Stand holds`, `Archer cannot block while Jailer is on the
/// battlefield`). A creature that entered in the step is told what static abilities give it
/// at once, without a cause (`Goblin Grunt gets +1/+1 (static abilities)`). Nothing is said in
/// a game whose cards have no static ability.
fn static_changes(before: &GameState, after: &GameState, names: &Names) -> Vec<String> {
    let mut lines = Vec::new();
    if !after.content().has_statics() {
        return lines;
    }
    let mut memo: Option<(String, bool)> = None;
    let mut cause = || {
        memo.get_or_insert_with(|| static_cause(before, after, names))
            .clone()
    };
    for seat in PlayerId::ALL {
        for &id in after.player(seat).battlefield().iter() {
            let new = after.card(id);
            if !new.is_creature_on_battlefield() {
                continue;
            }
            // A creature that entered in the step is compared with itself without static
            // abilities: it is told what they give it at once, with no cause (the abilities
            // that reach it may have been there before it, or be its own).
            let entered = stayed(before, after, id).is_none();
            let old = stayed(before, after, id).unwrap_or_else(|| {
                let mut bare = *new;
                bare.ongoing = Ongoing::default();
                bare
            });
            let mut cause = || {
                if entered {
                    (" (static abilities)".to_owned(), true)
                } else {
                    cause()
                }
            };
            let name = names.card(after, id);
            let (a0, d0) = static_part(&old);
            let (a1, d1) = static_part(new);
            let (da, dd) = (a1 - a0, d1 - d0);
            if (da, dd) != (0, 0) {
                let (why, ends) = cause();
                // An end that only takes away is a loss; anything else is what it gets.
                let lost = da <= 0 && dd <= 0 && ends;
                lines.push(if lost {
                    format!("{name} loses {}/{}{why}", signed(-da), signed(-dd))
                } else {
                    format!("{name} gets {}/{}{why}", signed(da), signed(dd))
                });
            }
            if old.own_techniques == new.own_techniques && old.techniques() != new.techniques() {
                for t in new.techniques().iter().filter(|&t| !old.has(t)) {
                    lines.push(format!("{name} gains {}{}", t.name(), cause().0));
                }
                for t in old.techniques().iter().filter(|&t| !new.has(t)) {
                    lines.push(format!("{name} loses {}{}", t.name(), cause().0));
                }
            }
            if old.own_cannot_block == new.own_cannot_block
                && old.cannot_block() != new.cannot_block()
            {
                let what = if new.cannot_block() {
                    "cannot block"
                } else {
                    "can block again"
                };
                lines.push(format!("{name} {what}{}", cause().0));
            }
            if old.own_unblockable == new.own_unblockable && old.unblockable() != new.unblockable()
            {
                let what = if new.unblockable() {
                    "cannot be blocked"
                } else {
                    "can be blocked again"
                };
                lines.push(format!("{name} {what}{}", cause().0));
            }
        }
    }
    lines
}

/// Narrates one action: what it was and what it caused, from the states around it and its
/// events.
pub fn narrate(
    before: &GameState,
    after: &GameState,
    action: &Action,
    events: &[Event],
) -> Narrated {
    narrate_for(before, after, action, events, [false, false])
}

/// [`narrate`] for a person who does not see the hands of the `hidden` seats (see
/// [`Names::seen_by`]).
pub fn narrate_for(
    before: &GameState,
    after: &GameState,
    action: &Action,
    events: &[Event],
    hidden: [bool; 2],
) -> Narrated {
    let names = Names::seen_by(&[before, after], hidden);
    let name = |id: InstanceId| names.card(after, id);
    let cause = cause_of(before, action);
    let cause_name = cause.map(|c| names.card(before, c));
    let played = match action {
        Action::PlayCard { card, .. } => Some(*card),
        _ => None,
    };
    let turn_changed = after.turn() != before.turn();
    let died: BTreeSet<InstanceId> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardDeath)
        .filter_map(|e| e.source)
        .collect();
    let (gained, wore_off) = stat_changes(before, after, &names, cause);
    let flagged = flag_changes(before, after, &names, action, cause_name.as_deref());
    let statics = static_changes(before, after, &names);
    let (flags_caused, flags_alone) = if cause_name.is_some() {
        (flagged, Vec::new())
    } else {
        (Vec::new(), flagged)
    };
    let mut lines: Vec<String> = gained;
    lines.extend(flags_caused);
    let mut healed: Vec<String> = Vec::new();
    let mut drawn: [u32; 2] = [0, 0];
    // A fight's second damage event (the target's blow back at the fighter): its index, the
    // target and the fighter.
    let mut blow_back: Option<(usize, InstanceId, InstanceId)> = None;
    let in_combat = |id: InstanceId| combat_dealers(before, &names, id).is_some();
    // Damage as much as the card's attack, before or after the step (what a fight deals).
    let hits_as_hard = |id: InstanceId, amount: Option<i32>| {
        [before, after]
            .iter()
            .any(|s| s.try_card(id).map(|c| Some(c.attack())) == Some(amount))
    };
    // The card the action chose as its target, if any.
    let chosen = match action {
        Action::PlayCard { target, .. } | Action::ActivateAbility { target, .. } => *target,
        Action::ResolvePendingTrigger { target, .. } => Some(*target),
        _ => None,
    }
    .and_then(|t| match t {
        Target::Card(id) => Some(id),
        Target::Player(_) => None,
    });
    for (index, event) in events.iter().enumerate() {
        let source = event.source;
        let amount = event.amount.unwrap_or(0);
        let player = |p: Option<PlayerId>| p.map_or("?", |p| names.player(p)).to_owned();
        let target_player = match event.target {
            Some(Target::Player(p)) => Some(p),
            _ => event.zone_owner,
        };
        match (event.kind, source) {
            (EventType::OnCardReceiveDamage, Some(_))
                if blow_back.is_some_and(|(at, _, _)| at == index) =>
            {
                if let Some((_, target, fighter)) = blow_back.take() {
                    lines.push(format!(
                        "{} deals {amount} damage to {}",
                        name(target),
                        name(fighter)
                    ));
                }
            }
            // A fight: the fighter's blow at its target, then the target's back at it, as two
            // damage events in a row outside combat, each of its dealer's attack.
            (EventType::OnCardReceiveDamage, Some(id))
                if events.get(index + 1).is_some_and(|next| {
                    next.kind == EventType::OnCardReceiveDamage
                        && next.source.is_some_and(|f| {
                            Some(f) == cause
                                && f != id
                                && fights(after, f)
                                && !in_combat(f)
                                && !in_combat(id)
                                && hits_as_hard(f, event.amount)
                                && hits_as_hard(id, next.amount)
                        })
                }) =>
            {
                if let Some(fighter) = events[index + 1].source {
                    lines.push(format!(
                        "{} fights {}: {} deals {amount} damage to {}",
                        name(fighter),
                        name(id),
                        name(fighter),
                        name(id)
                    ));
                    blow_back = Some((index + 1, id, fighter));
                }
            }
            // A fighter with no attack deals nothing: the only damage is its target's blow back
            // (the target the action chose).
            (EventType::OnCardReceiveDamage, Some(id))
                if Some(id) == cause
                    && fights(after, id)
                    && !in_combat(id)
                    && chosen.is_some_and(|t| t != id && hits_as_hard(t, event.amount)) =>
            {
                if let Some(target) = chosen {
                    lines.push(format!(
                        "{} fights back: {} deals {amount} damage to {}",
                        name(target),
                        name(target),
                        name(id)
                    ));
                }
            }
            (EventType::OnCardReceiveDamage, Some(id)) => {
                let dealer = combat_dealers(before, &names, id).or_else(|| cause_name.clone());
                lines.push(match dealer {
                    Some(dealer) => {
                        let verb = if dealer.contains(" and ") {
                            "deal"
                        } else {
                            "deals"
                        };
                        format!("{dealer} {verb} {amount} damage to {}", name(id))
                    }
                    None => format!("{} is dealt {amount} damage", name(id)),
                });
            }
            (EventType::OnCardDeath, Some(id)) => {
                let who = name(id);
                let sentence = format!("{who} dies");
                match lines.iter_mut().rev().find(|l| {
                    l.ends_with(&format!(" to {who}"))
                        || l.ends_with(&format!("{who} is dealt {amount} damage"))
                }) {
                    Some(line) => {
                        line.push_str("; ");
                        line.push_str(&sentence);
                    }
                    None => lines.push(sentence),
                }
            }
            (EventType::OnCardHealed, Some(id)) => match &cause_name {
                Some(c) if !turn_changed => {
                    lines.push(format!("{c} heals {amount} damage from {}", name(id)))
                }
                _ => healed.push(name(id)),
            },
            (EventType::OnCardEnterBattlefield, Some(id)) if Some(id) != played => {
                let card = after.card(id);
                let owner = names.player(card.owner);
                let artifact = after.def(id).card_type == CardType::Artifact;
                lines.push(match (card.token, artifact) {
                    (true, false) => format!(
                        "a {} token enters {owner}'s battlefield",
                        after.def(id).name
                    ),
                    (true, true) => format!(
                        "a {} artifact token enters {owner}'s battlefield",
                        after.def(id).name
                    ),
                    (false, false) => format!("{} enters {owner}'s battlefield", name(id)),
                    (false, true) => {
                        format!("the artifact {} enters {owner}'s battlefield", name(id))
                    }
                });
            }
            (EventType::OnCardLeaveBattlefield, Some(id)) if !died.contains(&id) => {
                lines.push(format!("{} {}", name(id), where_now(after, &names, id)));
            }
            (EventType::OnCardEnterGraveyard, Some(id)) => {
                let spell_done = Some(id) == played && after.def(id).card_type == CardType::Spell;
                let from = before.try_card(id).map(|c| c.location());
                if died.contains(&id) || spell_done || from == Some(Location::Battlefield) {
                    continue;
                }
                let owner = names.player(after.card(id).owner);
                lines.push(match from {
                    Some(Location::Hand) => {
                        format!("{} is discarded from {owner}'s hand", name(id))
                    }
                    Some(Location::Deck) => format!("{} is milled from {owner}'s deck", name(id)),
                    _ => format!("{} goes to {owner}'s graveyard", name(id)),
                });
            }
            (EventType::OnCardLeaveGraveyard, Some(id)) => {
                lines.push(format!(
                    "{} leaves the graveyard and {}",
                    name(id),
                    where_now(after, &names, id)
                ));
            }
            (EventType::OnCardDraw, _) if !turn_changed => {
                if let Some(p) = event.zone_owner {
                    drawn[p.index()] += 1;
                }
            }
            (EventType::OnPlayerReceiveDamage, _) => {
                let by = source
                    .map(|s| names.card(after, s))
                    .or_else(|| cause_name.clone());
                let to = player(target_player);
                lines.push(match by {
                    Some(by) => format!("{by} deals {amount} damage to {to}"),
                    None => format!("{to} is dealt {amount} damage"),
                });
            }
            (EventType::OnPlayerHealed, _) => {
                let to = player(target_player);
                let by = source.map(|s| names.card(after, s));
                lines.push(match by {
                    Some(by) if !turn_changed => format!("{by} heals {to} by {amount}"),
                    _ => format!("{to} gains {amount} health"),
                });
            }
            (EventType::OnPlayerDeath, _) => {
                lines.push(format!("{}'s health reaches 0", player(target_player)));
            }
            // The mana of a choice made is the option taken.
            (EventType::OnPlayerManaGained, _)
                if !turn_changed && matches!(action, Action::ResolveChoice { .. }) =>
            {
                let to = player(target_player);
                let chosen = match action {
                    Action::ResolveChoice { index, option } => before
                        .pending_choices()
                        .get(*index)
                        .and_then(|c| choice_options(before, c).into_iter().nth(*option)),
                    _ => None,
                };
                let mana = chosen.unwrap_or_else(|| format!("{amount} mana"));
                match source {
                    Some(s) => {
                        lines.push(format!("{to} gets {mana} from {}", names.card(after, s)))
                    }
                    None => lines.push(format!("{to} gets {mana}")),
                }
            }
            // PTG 0.9's delayed effects: set, counted down, happening, cancelled. The countdown
            // to 0 says it happens, before what it does (its `on_delay_expired` comes after).
            (EventType::OnDelaySet, Some(id)) => {
                lines.push(format!(
                    "{}'s effect is delayed {}",
                    name(id),
                    turns(amount)
                ));
            }
            (EventType::OnDelayUpdated, Some(id)) if amount > 0 => {
                lines.push(format!(
                    "{}'s effect happens in {}",
                    name(id),
                    turns(amount)
                ));
            }
            (EventType::OnDelayUpdated, Some(id)) => {
                lines.push(format!("{}'s delayed effect happens", name(id)));
            }
            (EventType::OnDelayCancelled, Some(id)) => {
                lines.push(format!("{}'s delayed effect is cancelled", name(id)));
            }
            // `on_card_buff` (PTG 0.9) goes with a buff, told from the stats; said only when
            // the stats did not show it (a buff undone in the same step).
            (EventType::OnCardBuff, Some(id)) => {
                let who = name(id);
                let told = |l: &String| {
                    l.contains(&format!("{who} gets ")) || l.contains(&format!("{who} loses "))
                };
                if !lines.iter().any(|l| l.contains(&format!("{who} gets ")))
                    && !statics.iter().any(told)
                {
                    lines.push(format!("{who} is buffed"));
                }
            }
            (EventType::OnPlayerManaGained, _) if !turn_changed => {
                let to = player(target_player);
                let mana = source
                    .map(|s| after.def(s))
                    .filter(|d| {
                        d.card_type == CardType::Mana
                            && d.mana.total() == u64::from(amount.unsigned_abs())
                    })
                    .map_or(format!("{amount} mana"), |d| d.mana.to_string());
                match source {
                    Some(s) => {
                        lines.push(format!("{to} gets {mana} from {}", names.card(after, s)))
                    }
                    None => lines.push(format!("{to} gets {mana}")),
                }
            }
            _ => {}
        }
    }
    // What static abilities changed, after the moves that caused it.
    lines.extend(statics);
    for (seat, n) in drawn.iter().enumerate() {
        let who = names.player(PlayerId::ALL[seat]);
        match n {
            0 => {}
            1 => lines.push(format!("{who} draws a card")),
            n => lines.push(format!("{who} draws {n} cards")),
        }
    }
    // A choice now waiting (`choose_mana`): who chooses, for which card, between what.
    for choice in after.pending_choices().iter() {
        if before.pending_choices().contains(choice) {
            continue;
        }
        lines.push(format!(
            "{} must choose for {}: {}",
            names.player(choice.controller),
            names.card(after, choice.alteration.source),
            join_or(&choice_options(after, choice))
        ));
    }
    if !healed.is_empty() {
        lines.push(format!("the damage on {} wears off", join_and(&healed)));
    }
    lines.extend(wore_off);
    lines.extend(flags_alone);
    Narrated {
        action: describe_action(before, &names, action, true),
        lines,
    }
}

/// "1 turn", "2 turns".
fn turns(n: i32) -> String {
    if n == 1 {
        "1 turn".to_owned()
    } else {
        format!("{n} turns")
    }
}
