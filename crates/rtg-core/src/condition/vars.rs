//! The catalogue of condition variables: one declaration each (name, type, parameters,
//! description, example values), what the loader checks card files against and what
//! `get_all_variables()` lists. The order is PTG 0.9.13's.

use std::sync::Arc;

use super::{VarType, Variable, ZoneOwner};
use crate::alteration::Zone;
use crate::card::Technique;
use crate::ids::CardId;

/// What kind of value a variable's parameter takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VariableParamKind {
    /// The card id of a known card.
    CardId,
    /// A group (tribe) name.
    Group,
    /// A zone: `battlefield`, `hand`, `deck` or `graveyard`.
    Zone,
    /// Whose zone: `self`, `opponent` or `any`.
    ZoneOwner,
    /// A technique name.
    Technique,
}

impl VariableParamKind {
    /// What the loader expected, for messages.
    pub fn expected(self) -> &'static str {
        match self {
            VariableParamKind::CardId => "the card_id of a known card",
            VariableParamKind::Group => "a group name",
            VariableParamKind::Zone => "one of battlefield, hand, deck, graveyard",
            VariableParamKind::ZoneOwner => "one of self, opponent, any",
            VariableParamKind::Technique => {
                "one of haste, flying, reach, trample, deathtouch, vigilance"
            }
        }
    }

    /// PTG's name of the type, for `get_all_variables()`.
    pub fn type_name(self) -> &'static str {
        "str"
    }
}

/// One parameter of a variable.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VariableParam {
    /// Its name under `params:`.
    pub name: &'static str,
    /// Its kind.
    pub kind: VariableParamKind,
    /// Its default, as written; `None` makes it required.
    pub default: Option<&'static str>,
    /// What it means.
    pub description: &'static str,
}

/// Which names a name variable can be compared with, so that the loader can refuse a typo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextValues {
    /// Not a name variable.
    NotText,
    /// A card type (`creature`, `spell`, `mana`, `artifact`) or empty.
    CardType,
    /// A zone or empty.
    Zone,
    /// A known card id or empty.
    CardId,
    /// Any group name.
    Group,
}

/// One variable's declaration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VariableSpec {
    /// Its name in card files.
    pub name: &'static str,
    /// Its type.
    pub var_type: VarType,
    /// The group it is listed under (`self`, `player`, `battlefield`, `event`, `combat`).
    pub category: &'static str,
    /// What it reads.
    pub description: &'static str,
    /// Its parameters.
    pub params: &'static [VariableParam],
    /// Values it typically takes, as written in a card file.
    pub examples: &'static [&'static str],
    /// For a name variable, what it may be compared with.
    pub text_values: TextValues,
}

/// The parameters given to a variable, parsed: what [`VariableSpec::build`] turns into a
/// [`Variable`]. Missing ones take the declared defaults.
#[derive(Clone, Debug, Default)]
pub struct VariableArgs {
    /// `card_id`.
    pub card: Option<CardId>,
    /// `group`.
    pub group: Option<Arc<str>>,
    /// `zone`.
    pub zone: Option<Zone>,
    /// `zone_owner`.
    pub owner: Option<ZoneOwner>,
    /// `technique`.
    pub technique: Option<Technique>,
}

const CARD_ID: VariableParam = VariableParam {
    name: "card_id",
    kind: VariableParamKind::CardId,
    default: None,
    description: "the card_id to count",
};
const GROUP: VariableParam = VariableParam {
    name: "group",
    kind: VariableParamKind::Group,
    default: None,
    description: "the group to count",
};
const ZONE: VariableParam = VariableParam {
    name: "zone",
    kind: VariableParamKind::Zone,
    default: Some("battlefield"),
    description: "battlefield | hand | deck | graveyard",
};
const ZONE_OWNER_ANY: VariableParam = VariableParam {
    name: "zone_owner",
    kind: VariableParamKind::ZoneOwner,
    default: Some("any"),
    description: "self | opponent | any",
};
const ZONE_OWNER_SELF: VariableParam = VariableParam {
    name: "zone_owner",
    kind: VariableParamKind::ZoneOwner,
    default: Some("self"),
    description: "self | opponent | any",
};
const TECHNIQUE: VariableParam = VariableParam {
    name: "technique",
    kind: VariableParamKind::Technique,
    default: None,
    description: "the technique (trample, flying, ...)",
};

const fn plain(
    name: &'static str,
    var_type: VarType,
    category: &'static str,
    description: &'static str,
    examples: &'static [&'static str],
) -> VariableSpec {
    VariableSpec {
        name,
        var_type,
        category,
        description,
        params: &[],
        examples,
        text_values: TextValues::NotText,
    }
}

const fn text(
    name: &'static str,
    category: &'static str,
    description: &'static str,
    examples: &'static [&'static str],
    text_values: TextValues,
) -> VariableSpec {
    VariableSpec {
        name,
        var_type: VarType::Text,
        category,
        description,
        params: &[],
        examples,
        text_values,
    }
}

use VarType::{Bool, Int};

const BOOLS: &[&str] = &["true", "false"];

/// Every variable, in PTG 0.9.13's order.
pub static VARIABLES: [VariableSpec; 46] = [
    plain(
        "self_attack",
        Int,
        "self",
        "Attack value of this card",
        &["1", "3", "5"],
    ),
    plain(
        "self_defense",
        Int,
        "self",
        "Current defense of this card (damage counted)",
        &["1", "3", "5"],
    ),
    plain(
        "self_max_defense",
        Int,
        "self",
        "Defense of this card without the damage marked on it",
        &["1", "3", "5"],
    ),
    plain(
        "self_is_tapped",
        Bool,
        "self",
        "Whether this card is tapped",
        BOOLS,
    ),
    plain(
        "self_entered_this_turn",
        Bool,
        "self",
        "Whether this card entered the battlefield since its controller's turn began",
        BOOLS,
    ),
    VariableSpec {
        params: &[TECHNIQUE],
        ..plain(
            "self_has_technique",
            Bool,
            "self",
            "Whether this card has a technique now (printed or granted, not removed)",
            BOOLS,
        )
    },
    text(
        "self_group",
        "self",
        "Group of this card, or empty",
        &["witch", "goblin"],
        TextValues::Group,
    ),
    text(
        "self_type",
        "self",
        "Type of this card (creature, spell, mana, artifact)",
        &["creature", "spell", "mana", "artifact"],
        TextValues::CardType,
    ),
    text(
        "self_in_zone",
        "self",
        "Zone this card is in (battlefield, hand, deck, graveyard), or empty",
        &["battlefield", "hand", "deck", "graveyard"],
        TextValues::Zone,
    ),
    plain(
        "self_is_owned_by_controller",
        Bool,
        "self",
        "Whether this card belongs to the ability's controller",
        BOOLS,
    ),
    plain(
        "self_is_owned_by_opponent",
        Bool,
        "self",
        "Whether this card belongs to the opponent of the ability's controller",
        BOOLS,
    ),
    plain(
        "self_attacked_this_turn",
        Bool,
        "self",
        "Whether this card attacked since its controller's turn began",
        BOOLS,
    ),
    plain(
        "self_mana_cost",
        Int,
        "self",
        "Total mana cost of this card (every type counted)",
        &["1", "3", "7"],
    ),
    plain(
        "life_total",
        Int,
        "player",
        "Health of the ability's controller",
        &["10", "15", "20"],
    ),
    plain(
        "opponent_life_total",
        Int,
        "player",
        "Health of the opponent",
        &["10", "15", "20"],
    ),
    plain(
        "cards_in_hand",
        Int,
        "player",
        "Cards in the controller's hand",
        &["0", "3", "7"],
    ),
    plain(
        "opponent_cards_in_hand",
        Int,
        "player",
        "Cards in the opponent's hand",
        &["0", "3", "7"],
    ),
    plain(
        "cards_in_deck",
        Int,
        "player",
        "Cards in the controller's deck",
        &["0", "10", "30"],
    ),
    plain(
        "cards_in_graveyard",
        Int,
        "player",
        "Cards in the controller's graveyard",
        &["0", "5", "15"],
    ),
    plain(
        "cards_played_this_turn",
        Int,
        "player",
        "Mana cards the controller played this turn",
        &["0", "1"],
    ),
    plain(
        "turn_number",
        Int,
        "player",
        "The turn counter (every player's turn counts; turn 1 is the first seat's)",
        &["1", "5", "10"],
    ),
    plain(
        "mana_available",
        Int,
        "player",
        "Total mana in the controller's pool",
        &["0", "3", "10"],
    ),
    plain(
        "opponent_attacked_last_turn",
        Bool,
        "player",
        "Whether the last combat resolved was the opponent's attack",
        BOOLS,
    ),
    plain(
        "creatures_in_bf",
        Int,
        "battlefield",
        "Creatures on the controller's battlefield",
        &["0", "2", "5"],
    ),
    plain(
        "opponent_creatures_in_bf",
        Int,
        "battlefield",
        "Creatures on the opponent's battlefield",
        &["0", "2", "5"],
    ),
    plain(
        "artifacts_in_bf",
        Int,
        "battlefield",
        "Artifacts on the controller's battlefield",
        &["0", "1", "3"],
    ),
    plain(
        "mana_cards_in_bf",
        Int,
        "battlefield",
        "Mana cards on the controller's battlefield",
        &["0", "3", "10"],
    ),
    plain(
        "cards_in_bf",
        Int,
        "battlefield",
        "Cards on the controller's battlefield",
        &["0", "3", "7"],
    ),
    plain(
        "opponent_cards_in_bf",
        Int,
        "battlefield",
        "Cards on the opponent's battlefield",
        &["0", "3", "7"],
    ),
    VariableSpec {
        params: &[CARD_ID, ZONE, ZONE_OWNER_ANY],
        ..plain(
            "cards_with_id_in_zone",
            Int,
            "battlefield",
            "Cards with a given card_id in a zone",
            &["0", "1"],
        )
    },
    VariableSpec {
        params: &[GROUP, ZONE, ZONE_OWNER_ANY],
        ..plain(
            "cards_of_group_in_zone",
            Int,
            "battlefield",
            "Cards of a given group in a zone",
            &["0", "1"],
        )
    },
    plain(
        "max_attack_in_bf",
        Int,
        "battlefield",
        "Highest attack among the controller's creatures (0 if none)",
        &["0", "3", "7"],
    ),
    plain(
        "max_defense_in_bf",
        Int,
        "battlefield",
        "Highest current defense among the controller's creatures (0 if none)",
        &["0", "2", "8"],
    ),
    VariableSpec {
        params: &[ZONE_OWNER_SELF],
        ..plain(
            "max_mana_cost_in_bf",
            Int,
            "battlefield",
            "Highest total mana cost among the cards on a battlefield (0 if none)",
            &["0", "3", "7"],
        )
    },
    plain(
        "event_in_self_zone",
        Bool,
        "event",
        "Whether the event happened in the controller's zone",
        BOOLS,
    ),
    plain(
        "event_in_opponent_zone",
        Bool,
        "event",
        "Whether the event happened in the opponent's zone",
        BOOLS,
    ),
    text(
        "event_source_card_id",
        "event",
        "Card id of the event's source card, or empty",
        &["goblin_01", "giant_01"],
        TextValues::CardId,
    ),
    text(
        "event_source_group",
        "event",
        "Group of the event's source card, or empty",
        &["witch", "dragon"],
        TextValues::Group,
    ),
    text(
        "event_source_type",
        "event",
        "Type of the event's source card, or empty",
        &["creature", "spell", "mana", "artifact"],
        TextValues::CardType,
    ),
    plain(
        "event_source_mana_cost",
        Int,
        "event",
        "Total mana cost of the event's source card (0 if none)",
        &["1", "3", "7"],
    ),
    plain(
        "event_delay_remaining",
        Int,
        "event",
        "Turns left of the delayed effect the event is about (-1 if none)",
        &["0", "1", "3"],
    ),
    plain(
        "event_damage_amount",
        Int,
        "event",
        "Damage dealt by a damage event (0 for other events)",
        &["1", "3", "5"],
    ),
    plain(
        "attackers_count",
        Int,
        "combat",
        "Attacks declared in the current combat (0 once it has resolved)",
        &["0", "1", "3"],
    ),
    plain(
        "blockers_count",
        Int,
        "combat",
        "Blockers of this card's combat (of the first attack when it is in none)",
        &["0", "1", "3"],
    ),
    plain(
        "strongest_ally_attacker_attack",
        Int,
        "combat",
        "Highest attack among this card's fellow attackers (0 if it attacks alone)",
        &["0", "3", "5"],
    ),
    plain(
        "attacking_with_stronger_ally",
        Bool,
        "combat",
        "Whether a fellow attacker of this card has more attack than it",
        BOOLS,
    ),
];

/// The index of each variable in [`VARIABLES`].
fn index(variable: &Variable) -> usize {
    use Variable::*;
    match variable {
        SelfAttack => 0,
        SelfDefense => 1,
        SelfMaxDefense => 2,
        SelfIsTapped => 3,
        SelfEnteredThisTurn => 4,
        SelfHasTechnique(_) => 5,
        SelfGroup => 6,
        SelfType => 7,
        SelfInZone => 8,
        SelfIsOwnedByController => 9,
        SelfIsOwnedByOpponent => 10,
        SelfAttackedThisTurn => 11,
        SelfManaCost => 12,
        LifeTotal => 13,
        OpponentLifeTotal => 14,
        CardsInHand => 15,
        OpponentCardsInHand => 16,
        CardsInDeck => 17,
        CardsInGraveyard => 18,
        CardsPlayedThisTurn => 19,
        TurnNumber => 20,
        ManaAvailable => 21,
        OpponentAttackedLastTurn => 22,
        CreaturesInBf => 23,
        OpponentCreaturesInBf => 24,
        ArtifactsInBf => 25,
        ManaCardsInBf => 26,
        CardsInBf => 27,
        OpponentCardsInBf => 28,
        CardsWithIdInZone { .. } => 29,
        CardsOfGroupInZone { .. } => 30,
        MaxAttackInBf => 31,
        MaxDefenseInBf => 32,
        MaxManaCostInBf { .. } => 33,
        EventInSelfZone => 34,
        EventInOpponentZone => 35,
        EventSourceCardId => 36,
        EventSourceGroup => 37,
        EventSourceType => 38,
        EventSourceManaCost => 39,
        EventDelayRemaining => 40,
        EventDamageAmount => 41,
        AttackersCount => 42,
        BlockersCount => 43,
        StrongestAllyAttackerAttack => 44,
        AttackingWithStrongerAlly => 45,
    }
}

pub(super) fn spec_of(variable: &Variable) -> &'static VariableSpec {
    &VARIABLES[index(variable)]
}

impl VariableSpec {
    /// The variable named `name`, if there is one.
    pub fn find(name: &str) -> Option<&'static VariableSpec> {
        VARIABLES.iter().find(|v| v.name == name)
    }

    /// A parameter by name.
    pub fn param(&self, name: &str) -> Option<&'static VariableParam> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The variable with these parameters (the declared defaults for the ones left out);
    /// `Err` names a required parameter that is missing.
    pub fn build(&self, args: &VariableArgs) -> Result<Variable, &'static str> {
        use Variable::*;
        let zone = args.zone.unwrap_or(Zone::Battlefield);
        let any = args.owner.unwrap_or(ZoneOwner::Any);
        Ok(match self.name {
            "self_attack" => SelfAttack,
            "self_defense" => SelfDefense,
            "self_max_defense" => SelfMaxDefense,
            "self_is_tapped" => SelfIsTapped,
            "self_entered_this_turn" => SelfEnteredThisTurn,
            "self_has_technique" => SelfHasTechnique(args.technique.ok_or("technique")?),
            "self_group" => SelfGroup,
            "self_type" => SelfType,
            "self_in_zone" => SelfInZone,
            "self_is_owned_by_controller" => SelfIsOwnedByController,
            "self_is_owned_by_opponent" => SelfIsOwnedByOpponent,
            "self_attacked_this_turn" => SelfAttackedThisTurn,
            "self_mana_cost" => SelfManaCost,
            "life_total" => LifeTotal,
            "opponent_life_total" => OpponentLifeTotal,
            "cards_in_hand" => CardsInHand,
            "opponent_cards_in_hand" => OpponentCardsInHand,
            "cards_in_deck" => CardsInDeck,
            "cards_in_graveyard" => CardsInGraveyard,
            "cards_played_this_turn" => CardsPlayedThisTurn,
            "turn_number" => TurnNumber,
            "mana_available" => ManaAvailable,
            "opponent_attacked_last_turn" => OpponentAttackedLastTurn,
            "creatures_in_bf" => CreaturesInBf,
            "opponent_creatures_in_bf" => OpponentCreaturesInBf,
            "artifacts_in_bf" => ArtifactsInBf,
            "mana_cards_in_bf" => ManaCardsInBf,
            "cards_in_bf" => CardsInBf,
            "opponent_cards_in_bf" => OpponentCardsInBf,
            "cards_with_id_in_zone" => CardsWithIdInZone {
                card: args.card.clone().ok_or("card_id")?,
                zone,
                owner: any,
            },
            "cards_of_group_in_zone" => CardsOfGroupInZone {
                group: args.group.clone().ok_or("group")?,
                zone,
                owner: any,
            },
            "max_attack_in_bf" => MaxAttackInBf,
            "max_defense_in_bf" => MaxDefenseInBf,
            "max_mana_cost_in_bf" => MaxManaCostInBf {
                owner: args.owner.unwrap_or(ZoneOwner::Own),
            },
            "event_in_self_zone" => EventInSelfZone,
            "event_in_opponent_zone" => EventInOpponentZone,
            "event_source_card_id" => EventSourceCardId,
            "event_source_group" => EventSourceGroup,
            "event_source_type" => EventSourceType,
            "event_source_mana_cost" => EventSourceManaCost,
            "event_delay_remaining" => EventDelayRemaining,
            "event_damage_amount" => EventDamageAmount,
            "attackers_count" => AttackersCount,
            "blockers_count" => BlockersCount,
            "strongest_ally_attacker_attack" => StrongestAllyAttackerAttack,
            "attacking_with_stronger_ally" => AttackingWithStrongerAlly,
            // invariant: `build` is only called on the specs of VARIABLES, each named above.
            _ => unreachable!("variable `{}` is not in the catalogue", self.name),
        })
    }
}

/// The parameters a variable was built with, for writing it back as a card file.
pub(super) fn args_of(variable: &Variable) -> Vec<(&'static str, String)> {
    match variable {
        Variable::SelfHasTechnique(t) => vec![("technique", t.name().to_owned())],
        Variable::CardsWithIdInZone { card, zone, owner } => vec![
            ("card_id", card.to_string()),
            ("zone", zone.name().to_owned()),
            ("zone_owner", owner.name().to_owned()),
        ],
        Variable::CardsOfGroupInZone { group, zone, owner } => vec![
            ("group", group.to_string()),
            ("zone", zone.name().to_owned()),
            ("zone_owner", owner.name().to_owned()),
        ],
        Variable::MaxManaCostInBf { owner } => vec![("zone_owner", owner.name().to_owned())],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_is_declared_once_and_builds_to_itself() {
        let args = VariableArgs {
            card: Some(CardId::new("goblin_01")),
            group: Some(Arc::from("goblin")),
            technique: Some(Technique::Flying),
            ..VariableArgs::default()
        };
        for (i, spec) in VARIABLES.iter().enumerate() {
            assert_eq!(
                VariableSpec::find(spec.name).map(|s| s.name),
                Some(spec.name)
            );
            let variable = spec.build(&args).unwrap();
            assert_eq!(index(&variable), i, "{}", spec.name);
            assert_eq!(variable.name(), spec.name);
            assert_eq!(
                spec.text_values != TextValues::NotText,
                spec.var_type == VarType::Text,
                "{}",
                spec.name
            );
        }
    }
}
