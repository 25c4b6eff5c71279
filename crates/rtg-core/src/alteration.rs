//! Alterations: the link between an effect, its target, its triggers and its parameters.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::card::CardDefinition;
use crate::event::EventType;
use crate::ids::{CardId, DefIndex, InstanceId};
use crate::mana::Mana;

/// Whom or what an alteration acts on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetSpec {
    /// The card that owns the ability.
    #[serde(rename = "self")]
    SelfCard,
    /// The player who controls the card.
    Owner,
    /// The other player.
    Opponent,
    /// Chosen by a player: on the action for a spell or an activation, through a pending trigger
    /// for a triggered ability. YAML `null` (or leaving `target` out) means the same.
    Choose,
    /// Every card that meets the alteration's `target_condition` (PTG 0.9's `each`): the effect
    /// is applied to each of them in turn, as if each were its single target.
    Each,
}

impl TargetSpec {
    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            TargetSpec::SelfCard => "self",
            TargetSpec::Owner => "owner",
            TargetSpec::Opponent => "opponent",
            TargetSpec::Choose => "choose",
            TargetSpec::Each => "each",
        }
    }
}

/// Filter of a triggered alteration on the zone owner of the event.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum TriggerOwner {
    /// Events in any player's zones.
    #[default]
    Any,
    /// Only events whose zone owner is the card's controller.
    Owner,
    /// Only events whose zone owner is not the card's controller.
    Opponent,
}

/// A zone of a player.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Cards not yet drawn, top first.
    Deck,
    /// Cards available to play.
    Hand,
    /// Permanents in play.
    Battlefield,
    /// Discarded, destroyed and resolved cards.
    Graveyard,
}

impl Zone {
    /// Every zone, in a fixed order.
    pub const ALL: [Zone; 4] = [Zone::Deck, Zone::Hand, Zone::Battlefield, Zone::Graveyard];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Battlefield => "battlefield",
            Zone::Graveyard => "graveyard",
        }
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number that is either written in the card file or read from the source card when the
/// effect starts (`$attack`, `$defense`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Amount {
    /// A literal number.
    Fixed(i32),
    /// `$attack`: the source card's current attack.
    SourceAttack,
    /// `$defense`: the source card's current defense.
    SourceDefense,
}

impl Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Amount::Fixed(n) => serializer.serialize_i32(*n),
            Amount::SourceAttack => serializer.serialize_str("$attack"),
            Amount::SourceDefense => serializer.serialize_str("$defense"),
        }
    }
}

/// One validated parameter value of an alteration.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// A whole number (counts, amounts, stat values).
    Int(i32),
    /// A number or a `$attack` / `$defense` reference.
    Amount(Amount),
    /// A mana map.
    Mana(Mana),
    /// A zone name.
    Zone(Zone),
    /// A card definition id.
    Card(CardId),
    /// A card definition to create: an inline `template` or a `template_card_id` resolved
    /// through the catalog.
    Template(Arc<CardDefinition>),
    /// Free text (for effects registered by users).
    Text(Arc<str>),
    /// A whole number computed when the effect starts: a condition variable (`$life_total`) or
    /// an expression over them (see [`crate::Expr`]).
    Expr(Arc<crate::condition::Expr>),
    /// A technique name.
    Technique(crate::card::Technique),
    /// Mana maps to choose one of (`choose_mana`'s `options`), in the file's order.
    ManaOptions(Arc<[Mana]>),
}

/// The validated parameters of an alteration, by name, in sorted order.
///
/// Defaults declared by the effect are filled in when the card is loaded, so an effect finds
/// every parameter it declared.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
#[serde(transparent)]
pub struct Params(BTreeMap<Arc<str>, ParamValue>);

impl Params {
    /// No parameters.
    pub fn new() -> Params {
        Params(BTreeMap::new())
    }

    /// Returns the parameters with one more value.
    pub fn with(mut self, name: &str, value: ParamValue) -> Params {
        self.insert(name, value);
        self
    }

    /// Sets a value.
    pub fn insert(&mut self, name: &str, value: ParamValue) {
        self.0.insert(Arc::from(name), value);
    }

    /// A value by name.
    pub fn get(&self, name: &str) -> Option<&ParamValue> {
        self.0.get(name)
    }

    /// True when the parameter is present.
    pub fn contains(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// The values in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &ParamValue)> {
        self.0.iter().map(|(k, v)| (&**k, v))
    }

    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One alteration of an ability: the spec's alteration structure, every field.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AlterationData {
    /// The registered name of the effect (`damage_card`, or a user's own effect).
    pub effect: Arc<str>,
    /// Whom the effect acts on.
    pub target: TargetSpec,
    /// The event that starts a triggered alteration; `None` means "when used" (a spell resolving,
    /// an ability activated).
    pub start_trigger: Option<EventType>,
    /// The event that reverses what the start applied.
    pub end_trigger: Option<EventType>,
    /// Fire only for events whose source is this card (default true).
    pub trigger_self: bool,
    /// Filter on the zone owner of the event (default any).
    pub trigger_owner: TriggerOwner,
    /// Fire only for events whose source has this definition id.
    pub trigger_card_id: Option<CardId>,
    /// Reverse what the start applied this many turns later (every player's turn counts).
    pub turn_duration: Option<TurnCount>,
    /// Validated parameters, defaults filled in.
    pub params: Params,
    // The fields below are PTG 0.9's; each is left out of the serialised form when it holds its
    // default, so that a PTG 0.2.0 card serialises (and digests) as it always did.
    /// What must hold for the alteration to take effect, checked when it starts (and, for a
    /// triggered one, also when it fires): PTG 0.9's `condition`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition: Option<Arc<crate::condition::Condition>>,
    /// What a target must meet (a chosen one, each card of `each` or `group`): PTG 0.9's
    /// `target_condition`, evaluated with the candidate as `self`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_condition: Option<Arc<crate::condition::Condition>>,
    /// With `each` or `group`: leave the ability's own card out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exclude_self: bool,
    /// Apply the effect to every card of this group in the target player's `from_zone`
    /// (PTG 0.9's mass effects by group) instead of to a single target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<Arc<str>>,
    /// The zone `group` and `each` look in; `None` means the effect's own target zone (the
    /// battlefield for card effects).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_zone: Option<Zone>,
    /// PTG 0.9's delayed effect: when the alteration takes effect, it does not apply yet; its
    /// target and computed numbers are fixed and it waits this many of its controller's turn
    /// starts (1 to [`crate::MAX_COUNT`]; see [`crate::Delay`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delay: Option<u32>,
}

impl AlterationData {
    /// An alteration of `effect` on `target` with default filters and no triggers.
    pub fn new(effect: &str, target: TargetSpec) -> AlterationData {
        AlterationData {
            effect: Arc::from(effect),
            target,
            start_trigger: None,
            end_trigger: None,
            trigger_self: true,
            trigger_owner: TriggerOwner::Any,
            trigger_card_id: None,
            turn_duration: None,
            params: Params::new(),
            condition: None,
            target_condition: None,
            exclude_self: false,
            group: None,
            from_zone: None,
            delay: None,
        }
    }

    /// True when the alteration acts on many cards at once (`target: each`, or a `group`).
    pub fn is_mass(&self) -> bool {
        self.target == TargetSpec::Each || self.group.is_some()
    }

    /// True when a use of this alteration is later undone (by an end trigger or a duration).
    pub fn is_temporary(&self) -> bool {
        self.end_trigger.is_some() || self.turn_duration.is_some()
    }
}

/// How many turns a temporary alteration lasts: a fixed number, or an expression read when the
/// reversal is armed (right after the effect applied) and brought into 1 to
/// [`crate::MAX_COUNT`] turns.
///
/// A fixed count serialises as the bare number it always was, so PTG 0.2.0 cards digest as
/// before.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TurnCount {
    /// A number of turns written as a whole number.
    Fixed(u32),
    /// A number of turns computed from the game (rtg's expressions).
    Computed(Arc<crate::condition::Expr>),
}

impl TurnCount {
    /// The number of turns in `scope`: the fixed count, or the expression's value brought into
    /// 1 to [`crate::MAX_COUNT`] (a duration is never shorter than one turn).
    pub fn turns(&self, scope: &crate::condition::Scope<'_>) -> u32 {
        match self {
            TurnCount::Fixed(n) => *n,
            TurnCount::Computed(expr) => {
                u32::try_from(expr.value_in(scope, 1, crate::MAX_COUNT)).unwrap_or(1)
            }
        }
    }

    /// The fixed count, when it is one.
    pub fn fixed(&self) -> Option<u32> {
        match self {
            TurnCount::Fixed(n) => Some(*n),
            TurnCount::Computed(_) => None,
        }
    }
}

impl From<u32> for TurnCount {
    fn from(n: u32) -> TurnCount {
        TurnCount::Fixed(n)
    }
}

impl Serialize for TurnCount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            TurnCount::Fixed(n) => serializer.serialize_u32(*n),
            TurnCount::Computed(expr) => expr.serialize(serializer),
        }
    }
}

/// A reference to one alteration of one ability of one card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct AlterationRef {
    /// The card whose ability it is.
    pub source: InstanceId,
    /// The card's definition.
    pub def: DefIndex,
    /// Index of the ability in the definition.
    pub ability: u16,
    /// Index of the alteration in the ability.
    pub alteration: u16,
}
