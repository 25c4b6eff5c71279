//! `show CARD`: a card's cost, stats and rules text, for a card the person can name or see.
//! A card is found by its id or name among the game's card definitions (public: the card
//! files), or by its number among the cards the person can see (never the bot's hand or a
//! deck, whose order would give away the next draws).

use rtg::view::shown_name;
use rtg::{
    AbilityType, Action, CardDefinition, CardType, GameState, InstanceId, Location, PlayerId,
};

use super::menu::Choice;

/// The lines that answer `show what`, or the one line saying why there is none.
pub(super) fn show(
    state: &GameState,
    me: PlayerId,
    hidden: [bool; 2],
    menu: &[Choice],
    what: &str,
) -> Result<Vec<String>, String> {
    let what = what.trim();
    let shown = shown_name(what);
    let lower = what.to_lowercase();
    let found: Vec<&CardDefinition> = state
        .content()
        .definitions
        .iter()
        .map(|(_, def)| def.as_ref())
        .filter(|def| {
            def.card_id.as_str().to_lowercase() == lower || def.name.to_lowercase() == lower
        })
        .collect();
    if !found.is_empty() {
        return Ok(found.into_iter().flat_map(definition_lines).collect());
    }
    // `#18`, or `Goblin Chieftain #18` as the board writes it.
    if let Some((name, number)) = what.rsplit_once('#') {
        let id = number.trim().parse::<u32>().ok().map(InstanceId);
        let name = name.trim().to_lowercase();
        let named = |id: InstanceId| name.is_empty() || state.def(id).name.to_lowercase() == name;
        return match id.filter(|&id| in_sight(state, hidden, id) && named(id)) {
            Some(id) => Ok(instance_lines(state, me, id)),
            None => Err(format!(
                "no card `{shown}` in sight: a card's number is the one after its name on the board"
            )),
        };
    }
    if let Ok(n) = what.parse::<usize>() {
        let choice = n.checked_sub(1).and_then(|i| menu.get(i));
        return match choice.map(|c| acting_card(state, &c.action)) {
            Some(Some(id)) => Ok(instance_lines(state, me, id)),
            Some(None) => Err(format!("choice {n} uses no card")),
            None => Err(format!(
                "there is no choice {n} (1-{}); a card's own number takes a #, as `show #{n}`",
                menu.len()
            )),
        };
    }
    Err(format!(
        "no card `{shown}`: give its id (goblin_01), its name (Goblin Warrior) or its number on the board (#18)"
    ))
}

/// True for a card the person sees: in a hand that is not hidden, on a battlefield or in a
/// graveyard.
fn in_sight(state: &GameState, hidden: [bool; 2], id: InstanceId) -> bool {
    state
        .try_card(id)
        .is_some_and(|card| match card.location() {
            Location::Hand => !hidden[card.owner.index()],
            Location::Battlefield | Location::Graveyard => true,
            Location::Deck | Location::Resolving | Location::Gone => false,
        })
}

/// The card a menu choice acts with: the one played, attacking, blocking or activated, or the
/// source of the trigger or choice it resolves.
fn acting_card(state: &GameState, action: &Action) -> Option<InstanceId> {
    match action {
        Action::PlayCard { card, .. } | Action::ActivateAbility { card, .. } => Some(*card),
        Action::DeclareAttack { attacker, .. } => Some(*attacker),
        Action::DeclareDefense { blocker, .. } => Some(*blocker),
        Action::OrderBlockers { combat_index, .. } => {
            state.combats().get(*combat_index).map(|c| c.attacker)
        }
        Action::ResolvePendingTrigger { index, .. } => state
            .pending_triggers()
            .get(*index)
            .map(|p| p.alteration.source),
        Action::ResolveChoice { index, .. } => state
            .pending_choices()
            .get(*index)
            .map(|c| c.alteration.source),
        Action::AdvancePhase => None,
    }
}

/// A card in play: its definition, then which one it is, whose and where, with a creature's
/// stats now when they are not the printed ones.
fn instance_lines(state: &GameState, me: PlayerId, id: InstanceId) -> Vec<String> {
    let def = state.def(id);
    let card = state.card(id);
    let whose = if card.owner == me {
        "yours"
    } else {
        "opponent's"
    };
    let place = match card.location() {
        Location::Hand => "in hand",
        Location::Battlefield => "on the battlefield",
        Location::Graveyard => "in the graveyard",
        other => other.name(),
    };
    let mut this = format!("  #{}: {whose}, {place}", id.0);
    let now = (card.attack(), card.defense());
    if card.is_creature_on_battlefield() && now != (def.attack, def.defense) {
        this.push_str(&format!(", now {}/{}", now.0, now.1));
    }
    let mut lines = definition_lines(def);
    lines.push(this);
    lines
}

/// A definition in a few lines: name, id, type, stats and cost; its rules text; its techniques;
/// one line per ability.
fn definition_lines(def: &CardDefinition) -> Vec<String> {
    let cost = if def.mana.is_empty() {
        "nothing".to_owned()
    } else {
        def.mana.to_string()
    };
    let what = match def.card_type {
        CardType::Creature => format!("creature {}/{}, costs {cost}", def.attack, def.defense),
        CardType::Mana => format!("mana, gives {cost}"),
        other => format!("{}, costs {cost}", other.name()),
    };
    let mut lines = vec![format!(
        "{} ({}): {what}",
        shown_name(&def.name),
        def.card_id.as_str()
    )];
    if !def.description.is_empty() {
        lines.push(format!("  {}", def.description));
    }
    if !def.techniques.is_empty() {
        let techniques: Vec<&str> = def.techniques.iter().map(|t| t.name()).collect();
        lines.push(format!("  {}", techniques.join(", ")));
    }
    for ability in &def.abilities {
        let mut how = vec![
            match ability.ability_type {
                AbilityType::Triggered => "triggered",
                AbilityType::Activated => "activated",
                AbilityType::Static => "static",
            }
            .to_owned(),
        ];
        if !ability.mana_requirement.is_empty() {
            how.push(format!("costs {}", ability.mana_requirement));
        }
        if let Some(n) = ability.max_activations {
            how.push(format!("at most {n} a turn"));
        }
        let text = if ability.description.is_empty() {
            String::new()
        } else {
            format!(": {}", ability.description)
        };
        lines.push(format!(
            "  {} ({}){text}",
            shown_name(&ability.name),
            how.join(", ")
        ));
    }
    lines
}
