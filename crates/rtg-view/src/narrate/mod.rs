//! Each action of a game and what it caused, in words: "aggro plays Fireball on Goblin
//! Warrior", "Fireball deals 3 damage to Goblin Warrior; Goblin Warrior dies".
//!
//! The words come from the events and from comparing the states before and after: a buff
//! causes no event, so it is read from the stats that changed. Who dealt damage is read from
//! the action (the card played or activated, the trigger resolved) or, in combat, from the
//! declared attacks and blocks.

use std::collections::BTreeSet;

use rtg_core::{
    CardDefinition, CardType, Event, EventType, GameState, InstanceId, Location, PlayerId, Target,
    TurnCount, Zone,
};
use rtg_rules::Action;

mod changes;

use changes::{fights, flag_changes, stat_changes, static_changes};

use crate::board::{choice_options, join_or};
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
                        crate::names::shown_name(&after.def(id).name)
                    ),
                    (true, true) => format!(
                        "a {} artifact token enters {owner}'s battlefield",
                        crate::names::shown_name(&after.def(id).name)
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
