//! Card definitions: the immutable blueprint of a card, with its abilities and techniques.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::alteration::AlterationData;
use crate::ids::CardId;
use crate::mana::ManaCost;

/// What kind of card a definition is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// Stays on the battlefield; can attack and block. Its defense is its current life.
    Creature,
    /// Resolves at once, then goes to the graveyard.
    Spell,
    /// A free permanent that adds its mana to the pool and to the player's sources.
    Mana,
    /// A permanent that is not a creature: it never attacks, blocks or is dealt damage; its
    /// abilities trigger and activate like a creature's (PTG 0.9's card language).
    Artifact,
}

impl CardType {
    /// The YAML name of the type.
    pub fn name(self) -> &'static str {
        match self {
            CardType::Creature => "creature",
            CardType::Spell => "spell",
            CardType::Mana => "mana",
            CardType::Artifact => "artifact",
        }
    }

    /// Every card type, in declaration order.
    pub const ALL: [CardType; 4] = [
        CardType::Creature,
        CardType::Spell,
        CardType::Mana,
        CardType::Artifact,
    ];

    /// Parses a YAML name.
    pub fn from_name(name: &str) -> Option<CardType> {
        CardType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// True for the types that stay on the battlefield once played: creatures, mana cards and
    /// artifacts.
    pub fn is_permanent(self) -> bool {
        self != CardType::Spell
    }
}

/// A passive creature keyword.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    /// Ignores summoning sickness for attacking and activating.
    Haste,
    /// Can be blocked only by creatures with flying or reach.
    Flying,
    /// Can block creatures with flying.
    Reach,
    /// Combat damage beyond lethal to every blocker goes to the defending player.
    Trample,
    /// Any damage it deals to a creature destroys it; lethal damage for assignment is 1.
    Deathtouch,
    /// Attacking does not tap it (under the `ptg-0.9` rules, where attackers tap).
    Vigilance,
}

impl Technique {
    /// Every technique, in declaration order.
    pub const ALL: [Technique; 6] = [
        Technique::Haste,
        Technique::Flying,
        Technique::Reach,
        Technique::Trample,
        Technique::Deathtouch,
        Technique::Vigilance,
    ];

    /// The YAML name of the technique.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Haste => "haste",
            Technique::Flying => "flying",
            Technique::Reach => "reach",
            Technique::Trample => "trample",
            Technique::Deathtouch => "deathtouch",
            Technique::Vigilance => "vigilance",
        }
    }

    /// Parses a YAML name.
    pub fn from_name(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of techniques, stored as bits so that checking one is a single instruction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TechniqueSet(u8);

impl TechniqueSet {
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// True when the set holds `technique`.
    #[inline]
    pub fn contains(self, technique: Technique) -> bool {
        self.0 & technique.bit() != 0
    }

    /// Adds a technique.
    pub fn insert(&mut self, technique: Technique) {
        self.0 |= technique.bit();
    }

    /// Removes a technique.
    pub fn remove(&mut self, technique: Technique) {
        self.0 &= !technique.bit();
    }

    /// The techniques in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .into_iter()
            .filter(move |t| self.contains(*t))
    }

    /// True when the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The techniques of either set.
    #[inline]
    pub fn union(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | other.0)
    }

    /// The techniques of this set that are not in `other`.
    #[inline]
    pub fn difference(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & !other.0)
    }

    /// The number of techniques in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> Self {
        let mut set = TechniqueSet::EMPTY;
        for technique in iter {
            set.insert(technique);
        }
        set
    }
}

impl fmt::Debug for TechniqueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for TechniqueSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// How an ability is used.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityType {
    /// Fires by itself when its alterations' `start_trigger` event happens.
    Triggered,
    /// Used by its controller, who pays its `mana_requirement` (on a spell: what the spell does).
    Activated,
    /// Holds by itself while its card is on the battlefield and its condition holds: its
    /// alterations are continuous effects ([`crate::continuous`]), never used or triggered.
    Static,
}

/// A named power of a card: one or more alterations used together.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardAbility {
    /// Display name.
    pub name: String,
    /// Tooltip text.
    pub description: String,
    /// Triggered or activated.
    pub ability_type: AbilityType,
    /// Cost to activate (activated abilities of permanents only).
    pub mana_requirement: ManaCost,
    /// What the ability does.
    pub alterations: Vec<AlterationData>,
    /// The most times the ability may be used in one turn (each turn, both players'): an
    /// activated ability's activations, a triggered ability's firings. `None`: no limit.
    // Left out when absent (as every field PTG 0.2.0 did not have), so that the serialised form
    // of a PTG 0.2.0 card, and every digest made from it, stays what it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_activations: Option<u32>,
}

/// The blueprint of a card: immutable, shared by every instance of it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardDefinition {
    /// Unique id (`card_id`).
    pub card_id: CardId,
    /// Display name.
    pub name: String,
    /// What the card does, for people.
    pub description: String,
    /// Creature, spell or mana.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Cost to play; for a mana card, the mana it provides.
    pub mana: ManaCost,
    /// Printed attack.
    pub attack: i32,
    /// Printed defense (a creature's life).
    pub defense: i32,
    /// Abilities in file order (their index is the `ability_index` of an activation).
    pub abilities: Vec<CardAbility>,
    /// Passive keywords.
    pub techniques: TechniqueSet,
    /// The card's tribe (`group`), if any: what `group` alterations and group conditions match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<Arc<str>>,
}

impl CardDefinition {
    /// A definition with no abilities and no techniques; handy in tests and examples.
    ///
    /// ```
    /// use rtg_core::{CardDefinition, CardType, Mana, ManaType};
    /// let goblin = CardDefinition::vanilla("goblin_01", "Goblin Warrior", CardType::Creature)
    ///     .with_cost(Mana::from_pairs([(ManaType::Fire, 1)]))
    ///     .with_stats(2, 2);
    /// assert_eq!(goblin.attack, 2);
    /// ```
    pub fn vanilla(card_id: &str, name: &str, card_type: CardType) -> CardDefinition {
        CardDefinition {
            card_id: CardId::new(card_id),
            name: name.to_owned(),
            description: String::new(),
            card_type,
            mana: ManaCost::EMPTY,
            attack: 0,
            defense: 0,
            abilities: Vec::new(),
            techniques: TechniqueSet::EMPTY,
            group: None,
        }
    }

    /// Returns the definition with this cost.
    pub fn with_cost(mut self, mana: ManaCost) -> CardDefinition {
        self.mana = mana;
        self
    }

    /// Returns the definition with these printed stats.
    pub fn with_stats(mut self, attack: i32, defense: i32) -> CardDefinition {
        self.attack = attack;
        self.defense = defense;
        self
    }

    /// Returns the definition with these techniques.
    pub fn with_techniques(mut self, techniques: impl IntoIterator<Item = Technique>) -> Self {
        self.techniques = techniques.into_iter().collect();
        self
    }

    /// Returns the definition in this group (tribe).
    pub fn with_group(mut self, group: &str) -> CardDefinition {
        self.group = Some(Arc::from(group));
        self
    }

    /// Returns the definition with one more ability.
    pub fn with_ability(mut self, ability: CardAbility) -> CardDefinition {
        self.abilities.push(ability);
        self
    }

    /// True for creatures.
    pub fn is_creature(&self) -> bool {
        self.card_type == CardType::Creature
    }

    /// True when the card's group is `group`.
    pub fn in_group(&self, group: &str) -> bool {
        self.group.as_deref() == Some(group)
    }

    /// The total of its mana cost, every type counted (`any` included).
    pub fn mana_value(&self) -> u64 {
        self.mana.total()
    }

    /// True when the definition has this technique.
    pub fn has(&self, technique: Technique) -> bool {
        self.techniques.contains(technique)
    }

    /// The card definitions this one mentions as spawn templates (inline or by catalog id),
    /// which a game must be able to create.
    pub fn templates(&self) -> impl Iterator<Item = &Arc<CardDefinition>> {
        self.abilities
            .iter()
            .flat_map(|a| a.alterations.iter())
            .flat_map(|alt| alt.params.iter())
            .filter_map(|(_, value)| match value {
                crate::alteration::ParamValue::Template(def) => Some(def),
                _ => None,
            })
    }
}
