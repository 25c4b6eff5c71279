//! What changed on the battlefields between the states around an action, as sentences: stat
//! changes with their cause, PTG 0.9's flags (taps, techniques, blocking restrictions), and what
//! static abilities changed, with the card behind it.

use rtg_core::{
    AbilityType, CardDefinition, CardInstance, GameState, InstanceId, Location, Ongoing, PlayerId,
    Scope,
};
use rtg_rules::Action;

use super::{duration, signed};
use crate::board::static_part;
use crate::names::Names;

/// The stat changes between the states of the cards on both battlefields, as sentences: buffs
/// with their cause (`Battle Cry: Goblin Warrior gets +3/+0 until end of turn`), buffs wearing
/// off, new printed stats.
pub(super) fn stat_changes(
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
pub(super) fn fights(state: &GameState, id: InstanceId) -> bool {
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
pub(super) fn flag_changes(
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
pub(super) fn static_changes(before: &GameState, after: &GameState, names: &Names) -> Vec<String> {
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
