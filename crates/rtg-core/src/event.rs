//! Events: what happened in a game, in the order it happened. Triggers listen for them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ids::{DefIndex, InstanceId, PlayerId};

/// Every kind of event the engine emits (the YAML names of `start_trigger` / `end_trigger`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventType {
    /// A creature is placed on the battlefield (tokens included). Alias: `on_card_enter`.
    #[serde(alias = "on_card_enter")]
    OnCardEnterBattlefield,
    /// A creature died and went to its owner's graveyard.
    OnCardDeath,
    /// A creature was dealt damage.
    OnCardReceiveDamage,
    /// A creature was declared as an attacker.
    OnCardAttack,
    /// A creature was declared as a blocker.
    OnCardDefense,
    /// Damage was removed from a creature.
    OnCardHealed,
    /// A player drew a card (one event per card).
    OnCardDraw,
    /// A card entered a graveyard.
    OnCardEnterGraveyard,
    /// A card left the battlefield (death, bounce, any move).
    OnCardLeaveBattlefield,
    /// A card left a graveyard.
    OnCardLeaveGraveyard,
    /// A player was dealt damage.
    OnPlayerReceiveDamage,
    /// A player's health reached 0.
    OnPlayerDeath,
    /// A player spent mana.
    OnPlayerManaSpent,
    /// A player gained mana.
    OnPlayerManaGained,
    /// A player was healed.
    OnPlayerHealed,
    /// A turn began (after the turn-start flags were reset).
    OnTurnStart,
    /// A turn ended.
    OnTurnEnd,
    /// An attack was declared (before blockers).
    OnAttackDeclared,
    /// A blocker was assigned to an attacker.
    OnDefenseDeclared,
    /// The combat phase resolved.
    OnCombatResolved,
    /// A player activated an activated ability.
    OnAbilityActivated,
    /// A creature's attack or defense was raised or lowered by `buff_card` or `buff_all`
    /// (PTG 0.9). Emitted only in games whose cards listen for it
    /// ([`crate::Content::hears`]).
    OnCardBuff,
    // The four below are PTG 0.9's delayed effects ([`crate::Delay`]). Each carries the turns
    // left of its delay as the event's `amount` (what `event_delay_remaining` reads), its
    // source is the card whose alteration set the delay, its zone owner the delay's controller
    // and its target the delay's target. Appended last, so no event keeps a new number.
    /// A delayed effect was set (`amount`: the turns it waits).
    OnDelaySet,
    /// A delayed effect counted down at its controller's turn start (`amount`: the turns left).
    OnDelayUpdated,
    /// A delayed effect reached 0 and took effect (`amount`: 0).
    OnDelayExpired,
    /// A delayed effect was cancelled by `cancel_delay` (`amount`: the turns it had left).
    OnDelayCancelled,
}

impl EventType {
    /// Every event type, in declaration order.
    pub const ALL: [EventType; 26] = [
        EventType::OnCardEnterBattlefield,
        EventType::OnCardDeath,
        EventType::OnCardReceiveDamage,
        EventType::OnCardAttack,
        EventType::OnCardDefense,
        EventType::OnCardHealed,
        EventType::OnCardDraw,
        EventType::OnCardEnterGraveyard,
        EventType::OnCardLeaveBattlefield,
        EventType::OnCardLeaveGraveyard,
        EventType::OnPlayerReceiveDamage,
        EventType::OnPlayerDeath,
        EventType::OnPlayerManaSpent,
        EventType::OnPlayerManaGained,
        EventType::OnPlayerHealed,
        EventType::OnTurnStart,
        EventType::OnTurnEnd,
        EventType::OnAttackDeclared,
        EventType::OnDefenseDeclared,
        EventType::OnCombatResolved,
        EventType::OnAbilityActivated,
        EventType::OnCardBuff,
        EventType::OnDelaySet,
        EventType::OnDelayUpdated,
        EventType::OnDelayExpired,
        EventType::OnDelayCancelled,
    ];

    /// The canonical YAML name.
    pub fn name(self) -> &'static str {
        match self {
            EventType::OnCardEnterBattlefield => "on_card_enter_battlefield",
            EventType::OnCardDeath => "on_card_death",
            EventType::OnCardReceiveDamage => "on_card_receive_damage",
            EventType::OnCardAttack => "on_card_attack",
            EventType::OnCardDefense => "on_card_defense",
            EventType::OnCardHealed => "on_card_healed",
            EventType::OnCardDraw => "on_card_draw",
            EventType::OnCardEnterGraveyard => "on_card_enter_graveyard",
            EventType::OnCardLeaveBattlefield => "on_card_leave_battlefield",
            EventType::OnCardLeaveGraveyard => "on_card_leave_graveyard",
            EventType::OnPlayerReceiveDamage => "on_player_receive_damage",
            EventType::OnPlayerDeath => "on_player_death",
            EventType::OnPlayerManaSpent => "on_player_mana_spent",
            EventType::OnPlayerManaGained => "on_player_mana_gained",
            EventType::OnPlayerHealed => "on_player_healed",
            EventType::OnTurnStart => "on_turn_start",
            EventType::OnTurnEnd => "on_turn_end",
            EventType::OnAttackDeclared => "on_attack_declared",
            EventType::OnDefenseDeclared => "on_defense_declared",
            EventType::OnCombatResolved => "on_combat_resolved",
            EventType::OnAbilityActivated => "on_ability_activated",
            EventType::OnCardBuff => "on_card_buff",
            EventType::OnDelaySet => "on_delay_set",
            EventType::OnDelayUpdated => "on_delay_updated",
            EventType::OnDelayExpired => "on_delay_expired",
            EventType::OnDelayCancelled => "on_delay_cancelled",
        }
    }

    /// True for the four events about a delayed effect, whose `amount` is its turns left.
    pub fn is_about_a_delay(self) -> bool {
        matches!(
            self,
            EventType::OnDelaySet
                | EventType::OnDelayUpdated
                | EventType::OnDelayExpired
                | EventType::OnDelayCancelled
        )
    }

    /// The event's bit in a set of event types held as a `u32`.
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// Parses a YAML name, accepting the documented alias `on_card_enter`.
    pub fn from_name(name: &str) -> Option<EventType> {
        if name == "on_card_enter" {
            return Some(EventType::OnCardEnterBattlefield);
        }
        EventType::ALL.into_iter().find(|e| e.name() == name)
    }
}

impl fmt::Display for EventType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player or a card: what an effect or an event is aimed at.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A player.
    Player(PlayerId),
    /// A card instance.
    Card(InstanceId),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Player(p) => write!(f, "{p}"),
            Target::Card(c) => write!(f, "{c}"),
        }
    }
}

/// One thing that happened.
///
/// The `source` is the card the event happened to (entering, leaving, dying, drawn, attacking,
/// blocking, dealt damage, healed) or, for a player event, the card that caused it, if any.
/// `zone_owner` is the player whose zone or self is involved; `target` what was acted on;
/// `amount` the number involved (damage, healing, mana), where there is one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Event {
    /// What happened.
    pub kind: EventType,
    /// The card it happened to or that caused it.
    pub source: Option<InstanceId>,
    /// The definition of the source card.
    pub source_def: Option<DefIndex>,
    /// The player whose zone (or self) is involved.
    pub zone_owner: Option<PlayerId>,
    /// What was acted on.
    pub target: Option<Target>,
    /// The number involved, if any.
    pub amount: Option<i32>,
}

impl Event {
    /// An event of `kind` with no details yet.
    pub fn new(kind: EventType) -> Event {
        Event {
            kind,
            source: None,
            source_def: None,
            zone_owner: None,
            target: None,
            amount: None,
        }
    }

    /// Returns the event with this source card.
    pub fn source(mut self, id: InstanceId, def: DefIndex) -> Event {
        self.source = Some(id);
        self.source_def = Some(def);
        self
    }

    /// Returns the event with an optional source card.
    pub fn maybe_source(mut self, source: Option<(InstanceId, DefIndex)>) -> Event {
        if let Some((id, def)) = source {
            self = self.source(id, def);
        }
        self
    }

    /// Returns the event with this zone owner.
    pub fn owner(mut self, owner: PlayerId) -> Event {
        self.zone_owner = Some(owner);
        self
    }

    /// Returns the event with this target.
    pub fn target(mut self, target: Target) -> Event {
        self.target = Some(target);
        self
    }

    /// Returns the event with this amount.
    pub fn amount(mut self, amount: i32) -> Event {
        self.amount = Some(amount);
        self
    }
}
