//! Every rejection of PTG 0.9's card language: the error variant, the line and the field, and
//! the closest valid name for a misspelt one.
//!
//! The cards are made with `support::triggered` / `support::activated`: the alteration's
//! `- effect:` is line 9, and each line after it one more.

use rtg_core::{ConditionError, VarType};
use rtg_yaml::{ErrorKind, NameKind};

use crate::support::{activated, assert_at, card_error, card_error_with, catalog_of, triggered};

const ALT: &str = "abilities[0].alterations[0]";

fn field(rest: &str) -> String {
    format!("{ALT}.{rest}")
}

/// An activated `heal_player` (always valid) with a `condition:` written on line 11.
fn with_condition(condition: &str) -> String {
    activated(&format!(
        "- effect: heal_player\n  target: owner\n  condition: {condition}\n  params: {{amount: 1}}"
    ))
}

/// An activated `draw_card` whose `count:` is written on line 12.
fn with_count(count: &str) -> String {
    activated(&format!(
        "- effect: draw_card\n  target: owner\n  params:\n    count: {count}"
    ))
}

#[track_caller]
fn assert_unknown(e: &rtg_yaml::LoadError, kind: NameKind, name: &str, suggestion: Option<&str>) {
    let ErrorKind::UnknownName {
        kind: k,
        name: n,
        suggestion: s,
        ..
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (*k, n.as_str(), s.as_deref()),
        (kind, name, suggestion),
        "{e}"
    );
}

// --- card and ability fields --------------------------------------------------------------

fn static_ability(alteration: &str) -> String {
    triggered(alteration).replace("ability_type: triggered", "ability_type: static")
}

#[test]
fn a_static_lord_loads() {
    let text = static_ability(
        "- effect: buff_card\n  target: owner\n  group: goblin\n  exclude_self: true\n  params: {attack_increase: 1}",
    );
    let card = rtg_yaml::parse_card("lord.yaml", &text, None).expect("a static lord loads");
    assert_eq!(
        card.abilities[0].ability_type,
        rtg_core::AbilityType::Static
    );
}

#[test]
fn a_static_ability_takes_only_effects_that_hold() {
    let e = card_error(&static_ability("- effect: draw_card\n  target: owner"));
    assert!(matches!(e.kind(), ErrorKind::NotStatic { .. }), "{e}");
    assert_at(
        &e,
        9,
        Some("abilities[0].alterations[0].effect"),
        &["`draw_card` happens once", "Static abilities"],
    );
}

#[test]
fn a_static_alteration_takes_no_trigger_reversal_or_chosen_target() {
    for (field, line) in [
        ("start_trigger: on_turn_start", "start_trigger"),
        ("end_trigger: on_turn_end", "end_trigger"),
        ("turn_duration: 2", "turn_duration"),
        ("trigger_owner: owner", "trigger_owner"),
        ("delay: 2", "delay"),
    ] {
        let e = card_error(&static_ability(&format!(
            "- effect: buff_card\n  target: self\n  {field}\n  params: {{attack_increase: 1}}"
        )));
        assert!(matches!(e.kind(), ErrorKind::NotOnStatic { .. }), "{e}");
        assert_at(
            &e,
            11,
            Some(&format!("abilities[0].alterations[0].{line}")),
            &["static ability holds", line],
        );
    }
    let e = card_error(&static_ability(
        "- effect: buff_card\n  target: choose\n  params: {attack_increase: 1}",
    ));
    assert_at(
        &e,
        10,
        Some("abilities[0].alterations[0].target"),
        &["chooses no target"],
    );
}

/// A static ability with `mana_requirement:` (written on line 8, its map on line 9) and
/// `max_activations:` when given.
fn static_with(ability_field: &str) -> String {
    static_ability("- effect: buff_card\n  target: self\n  params: {attack_increase: 1}").replace(
        "    ability_type: static\n",
        &format!("    ability_type: static\n{ability_field}"),
    )
}

#[test]
fn a_static_ability_with_an_empty_mana_requirement_loads_as_ptg_writes_it() {
    // PTG 0.9.13's README writes `mana_requirement: {}` on every ability that costs nothing,
    // and its loader reads the key on every ability type.
    for written in [
        "    mana_requirement: {}\n",
        "    mana_requirement:\n      fire: 0\n",
    ] {
        let card = rtg_yaml::parse_card("lord.yaml", &static_with(written), None)
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        let ability = &card.abilities[0];
        assert_eq!(ability.ability_type, rtg_core::AbilityType::Static);
        assert!(ability.mana_requirement.is_empty());
    }
}

#[test]
fn a_static_ability_with_a_cost_or_a_limit_of_uses_is_refused_with_its_line_and_field() {
    let e = card_error(&static_with("    mana_requirement:\n      fire: 1\n"));
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        9,
        Some("abilities[0].mana_requirement"),
        &["never activated", "`{}` or left out"],
    );
    let e = card_error(&static_with("    max_activations: 1\n"));
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        8,
        Some("abilities[0].max_activations"),
        &["never activated", "max_activations"],
    );
}

#[test]
fn a_spell_cannot_have_a_static_ability() {
    let text =
        static_ability("- effect: buff_card\n  target: self\n  params: {attack_increase: 1}")
            .replace("type: creature\ndefense: 2", "type: spell");
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert!(
        e.to_string()
            .contains("spell never stays on the battlefield"),
        "{e}"
    );
}

/// An activated `draw_card` whose `delay:` is written on line 11.
fn with_delay(delay: &str) -> String {
    activated(&format!(
        "- effect: draw_card\n  target: owner\n  delay: {delay}\n  params: {{count: 1}}"
    ))
}

#[test]
fn a_delay_of_one_to_a_thousand_turns_is_read() {
    for turns in [1, 2, 1000] {
        let def = rtg_yaml::parse_card("c.yaml", &with_delay(&turns.to_string()), None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(def.abilities[0].alterations[0].delay, Some(turns));
    }
    let def = rtg_yaml::parse_card(
        "c.yaml",
        &activated("- effect: draw_card\n  target: owner"),
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(def.abilities[0].alterations[0].delay, None);
}

#[test]
fn a_delay_out_of_one_to_a_thousand_turns_is_refused_with_its_line_and_field() {
    for written in ["0", "-1", "1001"] {
        let e = card_error(&with_delay(written));
        assert!(
            matches!(e.kind(), ErrorKind::OutOfRange { .. }),
            "{written}: {e}"
        );
        assert_at(&e, 11, Some(&field("delay")), &["from 1 to 1000", written]);
    }
}

#[test]
fn a_delay_that_is_not_a_whole_number_is_refused_with_its_line_and_field() {
    for written in [
        "two",
        "'2'",
        "1.5",
        "true",
        "[2]",
        "{turns: 2}",
        "99999999999999999999",
    ] {
        let e = card_error(&with_delay(written));
        assert!(
            matches!(e.kind(), ErrorKind::WrongType { .. }),
            "{written}: {e}"
        );
        assert_at(&e, 11, Some(&field("delay")), &["a whole number of turns"]);
    }
}

#[test]
fn cancel_delay_checks_its_source_card_reference_against_the_catalog() {
    let cancel = |id: &str| {
        activated(&format!(
            "- effect: cancel_delay\n  target: self\n  params: {{source_card_definition_id: {id}}}"
        ))
    };
    let catalog = catalog_of(&["doom_omen"]);
    assert!(rtg_yaml::parse_card("c.yaml", &cancel("doom_omen"), Some(&catalog)).is_ok());
    let e = card_error_with(&cancel("doom_omne"), Some(&catalog));
    assert_eq!(e.line(), Some(11), "{e}");
    assert!(e.to_string().contains("doom_omne"), "{e}");
}

#[test]
fn a_delay_on_a_mass_alteration_is_refused_naming_both_fields() {
    let e = card_error(&activated(
        "- effect: damage_card\n  target: each\n  delay: 2\n  params: {amount: 1}",
    ));
    assert!(matches!(e.kind(), ErrorKind::Conflict { .. }), "{e}");
    assert_at(
        &e,
        11,
        Some(&field("delay")),
        &["`delay`", "`target: each`"],
    );
    let e = card_error(&activated(
        "- effect: damage_card\n  target: opponent\n  group: Goblin\n  delay: 2\n  params: {amount: 1}",
    ));
    assert!(matches!(e.kind(), ErrorKind::Conflict { .. }), "{e}");
    assert_at(&e, 12, Some(&field("delay")), &["`delay`", "`group`"]);
}

#[test]
fn an_artifact_has_no_stats_or_techniques() {
    let e = card_error("card_id: a\nname: A\ntype: artifact\nattack: 2\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 4, Some("attack"), &["an artifact is not a creature"]);
    let e = card_error("card_id: a\nname: A\ntype: artifact\ntechniques: [vigilance]\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        4,
        Some("techniques"),
        &["techniques apply to creatures only"],
    );
}

#[test]
fn a_group_is_a_name_without_spaces() {
    let e = card_error("card_id: a\nname: A\ntype: creature\ngroup: 'the witches'\n");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue { .. }), "{e}");
    assert_at(&e, 4, Some("group"), &["a group name", "without spaces"]);
    let e = card_error(&activated(
        "- effect: destroy_card\n  target: opponent\n  group: ''",
    ));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue { .. }), "{e}");
    assert_at(&e, 11, Some(&field("group")), &["a group name"]);
}

#[test]
fn metadata_is_a_map() {
    let e = card_error("card_id: a\nname: A\ntype: creature\nmetadata: rare\n");
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 4, Some("metadata"), &["a map"]);
}

#[test]
fn max_activations_is_a_whole_number_from_1() {
    let text = activated("- effect: draw_card\n  target: owner").replace(
        "    alterations:",
        "    max_activations: 0\n    alterations:",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        8,
        Some("abilities[0].max_activations"),
        &["a whole number from 1 to 1000"],
    );
    let e = card_error(&text.replace("max_activations: 0", "max_activations: once"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 8, Some("abilities[0].max_activations"), &[]);
}

#[test]
fn a_spell_cannot_fight() {
    let text = "card_id: s\nname: S\ntype: spell\nabilities:\n  - name: F\n    ability_type: activated\n    alterations:\n      - effect: fight\n";
    let e = card_error(text);
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 8, Some(&field("effect")), &["cannot fight"]);
}

// --- each, group and their fields ----------------------------------------------------------

#[test]
fn each_is_for_card_effects() {
    let e = card_error(&activated("- effect: draw_card\n  target: each"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TargetMismatch {
                acts_on: "player",
                target: "each",
                ..
            }
        ),
        "{e}"
    );
    assert_at(&e, 10, Some(&field("target")), &["owner, opponent, choose"]);
}

#[test]
fn group_is_for_card_effects() {
    let e = card_error(&activated(
        "- effect: gain_mana\n  target: owner\n  group: witch\n  params: {amounts: {fire: 1}}",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::CardsOnly { field: "group", effect } if effect == "gain_mana"),
        "{e}"
    );
    assert_at(&e, 11, Some(&field("group")), &["acts on a player"]);
}

#[test]
fn each_and_group_exclude_each_other() {
    let e = card_error(&activated(
        "- effect: destroy_card\n  target: each\n  group: witch",
    ));
    assert!(matches!(e.kind(), ErrorKind::Conflict { .. }), "{e}");
    assert_at(
        &e,
        10,
        Some(&field("target")),
        &["give either `target: each` or `group`, not both"],
    );
}

#[test]
fn exclude_self_and_from_zone_need_each_or_group() {
    let e = card_error(&activated(
        "- effect: destroy_card\n  target: choose\n  exclude_self: true",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::Needs { field, .. } if field == "exclude_self"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("exclude_self")),
        &["`target: each` or `group`"],
    );

    let e = card_error(&activated(
        "- effect: destroy_card\n  target: self\n  from_zone: graveyard",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::Needs { field, .. } if field == "from_zone"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("from_zone")),
        &["has a meaning only with"],
    );

    let e = card_error(&activated(
        "- effect: destroy_card\n  target: each\n  from_zone: hnad",
    ));
    assert_unknown(&e, NameKind::Zone, "hnad", Some("hand"));
    assert_at(&e, 11, Some(&field("from_zone")), &["did you mean `hand`?"]);
}

#[test]
fn target_condition_is_for_card_targets() {
    let e = card_error(&activated(
        "- effect: draw_card\n  target: owner\n  target_condition: {variable: life_total, operator: '<', value: 5}",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::CardsOnly {
                field: "target_condition",
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("target_condition")),
        &["acts on a player"],
    );
}

#[test]
fn require_in_zone_and_owner_need_require_group() {
    let e = card_error(&triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  require_in_zone: battlefield",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::Needs { field, .. } if field == "require_in_zone"),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some(&field("require_in_zone")),
        &["`require_group`"],
    );

    let e = card_error(&triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  require_zone_owner: owner",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::Needs { field, .. } if field == "require_zone_owner"),
        "{e}"
    );
    assert_at(&e, 12, Some(&field("require_zone_owner")), &[]);

    let e = card_error(&triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  require_group: witch\n  require_zone_owner: owners",
    ));
    assert_unknown(&e, NameKind::ZoneOwner, "owners", Some("owner"));
    assert_at(
        &e,
        13,
        Some(&field("require_zone_owner")),
        &["owner, self, opponent, any"],
    );
}

// --- conditions ----------------------------------------------------------------------------

#[test]
fn a_condition_is_a_map() {
    let e = card_error(&with_condition("[life_total]"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        11,
        Some(&field("condition")),
        &["a comparison", "found a list"],
    );
}

#[test]
fn unknown_variables_are_refused_with_the_closest() {
    let e = card_error(&with_condition(
        "{variable: life_totl, operator: '<', value: 5}",
    ));
    assert_unknown(&e, NameKind::Variable, "life_totl", Some("life_total"));
    assert_at(
        &e,
        11,
        Some(&field("condition.variable")),
        &[
            "unknown condition variable `life_totl`",
            "did you mean `life_total`?",
        ],
    );
}

#[test]
fn the_readmes_creatures_with_id_in_zone_is_refused_with_cards_with_id_in_zone() {
    // The README's "AND condition" example as printed (defects D-README-1).
    let text = triggered(
        "- effect: buff_card
  target: self
  start_trigger: on_turn_start
  trigger_self: false
  condition:
    operator: and
    conditions:
      - variable: creatures_with_id_in_zone
        operator: \">\"
        value: 0
        params:
          card_id: giant_01
          zone: battlefield
          zone_owner: self
      - variable: life_total
        operator: \">\"
        value: 15
  params:
    attack_increase: 2",
    );
    let e = card_error(&text);
    assert_unknown(
        &e,
        NameKind::Variable,
        "creatures_with_id_in_zone",
        Some("cards_with_id_in_zone"),
    );
    assert_at(
        &e,
        16,
        Some(&field("condition.conditions[0].variable")),
        &["did you mean `cards_with_id_in_zone`?"],
    );
    // Fixed, it loads (tests/ptg09/giant_ally_01.yaml is the same card).
    crate::support::card_ok(
        &text.replace("creatures_with_id_in_zone", "cards_with_id_in_zone"),
        None,
    );
}

#[test]
fn unknown_operators_are_refused_with_the_closest() {
    let e = card_error(&with_condition(
        "{variable: life_total, operator: '=>', value: 5}",
    ));
    assert_unknown(&e, NameKind::Operator, "=>", Some(">="));
    assert_at(
        &e,
        11,
        Some(&field("condition.operator")),
        &["==, !=, >, >=, <, <=", "did you mean `>=`?"],
    );

    let e = card_error(&with_condition(
        "{variable: life_total, operator: gt, value: 5}",
    ));
    assert_unknown(&e, NameKind::Operator, "gt", Some(">"));

    // Unquoted, `>` starts a folded text: the operator read is empty.
    let e = card_error(&activated(
        "- effect: heal_player\n  target: owner\n  condition:\n    variable: life_total\n    operator: >\n    value: 5\n  params: {amount: 1}",
    ));
    assert!(matches!(e.kind(), ErrorKind::Expected(_)), "{e}");
    assert_eq!(
        e.field.as_deref(),
        Some(field("condition.operator").as_str()),
        "{e}"
    );
    assert!(e.to_string().contains("quoted"), "{e}");

    let e = card_error(&with_condition(
        "{operator: xor, conditions: [{variable: life_total, value: 5}]}",
    ));
    assert_unknown(&e, NameKind::Operator, "xor", Some("or"));
    assert_at(&e, 11, Some(&field("condition.operator")), &["and, or"]);
}

#[test]
fn an_operator_must_apply_to_the_variables_type() {
    let e = card_error(&with_condition(
        "{variable: self_is_tapped, operator: '>', value: true}",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Condition(ConditionError::Operator {
                variable: "self_is_tapped",
                var_type: VarType::Bool,
                ..
            })
        ),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.operator")),
        &["does not apply to `self_is_tapped`", "== !="],
    );
}

#[test]
fn a_value_must_have_the_variables_type() {
    for (condition, variable) in [
        ("{variable: self_is_tapped, value: 3}", "self_is_tapped"),
        ("{variable: life_total, value: lots}", "life_total"),
        ("{variable: life_total, value: 2.5}", "life_total"),
        ("{variable: life_total, value: true}", "life_total"),
        ("{variable: self_group, value: 3}", "self_group"),
        (
            "{variable: self_is_tapped, value: $life_total}",
            "self_is_tapped",
        ),
        ("{variable: life_total, value: ~}", "life_total"),
    ] {
        let e = card_error(&with_condition(condition));
        assert!(
            matches!(e.kind(), ErrorKind::Condition(ConditionError::ValueType { variable: v, .. }) if *v == variable),
            "{condition}: {e}"
        );
        assert_at(
            &e,
            11,
            Some(&field("condition.value")),
            &["compare it with"],
        );
    }
}

#[test]
fn a_comparison_needs_its_variable_and_value() {
    let e = card_error(&with_condition("{operator: '>', value: 5}"));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "variable"),
        "{e}"
    );
    assert_at(&e, 11, Some(&field("condition.variable")), &[]);
    let e = card_error(&with_condition("{variable: life_total, operator: '>'}"));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "value"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.value")),
        &["missing required field `value`"],
    );
}

#[test]
fn unknown_keys_of_a_comparison_or_a_group_are_refused() {
    let e = card_error(&with_condition("{variable: life_total, values: 5}"));
    let ErrorKind::UnknownField {
        field: f,
        suggestion,
        ..
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (f.as_str(), suggestion.as_deref()),
        ("values", Some("value"))
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.values")),
        &["did you mean `value`?"],
    );

    let e = card_error(&with_condition(
        "{operator: and, conditions: [{variable: life_total, value: 5}], variable: life_total}",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { field, .. } if field == "variable"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.variable")),
        &["operator, conditions"],
    );
}

#[test]
fn a_group_of_conditions_needs_a_non_empty_list() {
    let e = card_error(&with_condition("{operator: and, conditions: []}"));
    assert!(
        matches!(e.kind(), ErrorKind::EmptyList("conditions")),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.conditions")),
        &["at least one"],
    );
    let e = card_error(&with_condition("{operator: or}"));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "conditions"),
        "{e}"
    );
    assert_at(&e, 11, Some(&field("condition.conditions")), &[]);
    let e = card_error(&with_condition(
        "{conditions: [{variable: life_total, value: 5}]}",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "operator"),
        "{e}"
    );
    let e = card_error(&with_condition(
        "{operator: and, conditions: {variable: life_total}}",
    ));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    // Errors deep in a group name the path to them.
    let e = card_error(&with_condition(
        "{operator: and, conditions: [{variable: life_total, value: 5}, {operator: or, conditions: [{variable: nope, value: 1}]}]}",
    ));
    assert_at(
        &e,
        11,
        Some(&field("condition.conditions[1].conditions[0].variable")),
        &[],
    );
}

#[test]
fn variable_parameters_are_checked() {
    let e = card_error(&with_condition(
        "{variable: cards_of_group_in_zone, value: 1, params: {group: witch, zones: hand}}",
    ));
    let ErrorKind::UnknownVariableParam {
        variable,
        param,
        suggestion,
        ..
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (variable.as_str(), param.as_str(), suggestion.as_deref()),
        ("cards_of_group_in_zone", "zones", Some("zone"))
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.params.zones")),
        &["takes no parameter `zones`", "group, zone, zone_owner"],
    );

    let e = card_error(&with_condition(
        "{variable: life_total, value: 1, params: {zone: hand}}",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownVariableParam { .. }),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.params.zone")),
        &["it takes: no parameters"],
    );

    let e = card_error(&with_condition(
        "{variable: cards_of_group_in_zone, value: 1}",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::MissingVariableParam { param, .. } if param == "group"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.params.group")),
        &["needs the parameter `group`"],
    );

    let e = card_error(&with_condition(
        "{variable: cards_of_group_in_zone, value: 1, params: {group: witch, zone: librar}}",
    ));
    assert_unknown(&e, NameKind::Zone, "librar", None);
    assert_at(&e, 11, Some(&field("condition.params.zone")), &[]);

    let e = card_error(&with_condition(
        "{variable: cards_of_group_in_zone, value: 1, params: {group: witch, zone_owner: owner}}",
    ));
    assert_unknown(&e, NameKind::ZoneOwner, "owner", Some("self"));
    assert_at(
        &e,
        11,
        Some(&field("condition.params.zone_owner")),
        &["self, opponent, any"],
    );

    let e = card_error(&with_condition(
        "{variable: self_has_technique, value: true, params: {technique: flyng}}",
    ));
    assert_unknown(&e, NameKind::Technique, "flyng", Some("flying"));
    assert_at(&e, 11, Some(&field("condition.params.technique")), &[]);

    let e = card_error(&with_condition(
        "{variable: cards_of_group_in_zone, value: 1, params: [witch]}",
    ));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 11, Some(&field("condition.params")), &[]);
}

#[test]
fn card_ids_in_conditions_must_name_known_cards() {
    let catalog = catalog_of(&["goblin_01", "giant_01"]);
    let e = card_error_with(
        &with_condition(
            "{variable: cards_with_id_in_zone, value: 1, params: {card_id: goblin_02}}",
        ),
        Some(&catalog),
    );
    assert!(
        matches!(e.kind(), ErrorKind::UnknownCard { card_id, close } if card_id == "goblin_02" && close.contains(&"goblin_01".to_owned())),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("condition.params.card_id")),
        &["did you mean"],
    );

    let e = card_error_with(
        &with_condition("{variable: event_source_card_id, value: gaint_01}"),
        Some(&catalog),
    );
    assert!(matches!(e.kind(), ErrorKind::UnknownCard { .. }), "{e}");
    assert_at(
        &e,
        11,
        Some(&field("condition.value")),
        &["did you mean `giant_01`?"],
    );
}

#[test]
fn names_compared_with_type_and_zone_variables_are_checked() {
    let e = card_error(&with_condition("{variable: self_type, value: creture}"));
    assert_unknown(&e, NameKind::CardType, "creture", Some("creature"));
    assert_at(
        &e,
        11,
        Some(&field("condition.value")),
        &["creature, spell, mana, artifact"],
    );
    let e = card_error(&with_condition(
        "{variable: event_source_type, value: artefact}",
    ));
    assert_unknown(&e, NameKind::CardType, "artefact", Some("artifact"));
    let e = card_error(&with_condition("{variable: self_in_zone, value: grave}"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::Zone,
                ..
            }
        ),
        "{e}"
    );
    let e = card_error(&with_condition(
        "{variable: self_group, value: 'two words'}",
    ));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue { .. }), "{e}");
}

#[test]
fn deep_errors_in_a_target_condition_name_their_path() {
    let e = card_error(&activated(
        "- effect: destroy_card\n  target: each\n  target_condition:\n    operator: and\n    conditions:\n      - {variable: self_attack, operator: '>', value: 2}\n      - {variable: self_defence, value: 1}",
    ));
    assert_unknown(&e, NameKind::Variable, "self_defence", Some("self_defense"));
    assert_at(
        &e,
        15,
        Some(&field("target_condition.conditions[1].variable")),
        &[],
    );
}

// --- computed numbers ----------------------------------------------------------------------

#[test]
fn a_dollar_variable_must_be_a_known_number_without_required_parameters() {
    let e = card_error(&with_count("$creatures_in_bff"));
    assert_unknown(
        &e,
        NameKind::Variable,
        "creatures_in_bff",
        Some("creatures_in_bf"),
    );
    assert_at(
        &e,
        12,
        Some(&field("params.count")),
        &["did you mean `creatures_in_bf`?"],
    );

    let e = card_error(&with_count("$self_is_tapped"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Condition(ConditionError::NotANumber {
                variable: "self_is_tapped",
                ..
            })
        ),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some(&field("params.count")),
        &["cannot be used as a number"],
    );

    let e = card_error(&with_count("$cards_of_group_in_zone"));
    assert!(
        matches!(e.kind(), ErrorKind::MissingVariableParam { param, .. } if param == "group"),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some(&field("params.count")),
        &["{variable: cards_of_group_in_zone, params:"],
    );

    let e = card_error(&with_count("{variable: self_group}"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Condition(ConditionError::NotANumber { .. })
        ),
        "{e}"
    );
    assert_at(&e, 12, Some(&field("params.count.variable")), &[]);

    let e = card_error(&with_count("{params: {group: witch}}"));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "variable"),
        "{e}"
    );
}

#[test]
fn expression_maps_are_checked() {
    let cases: &[(&str, &str)] = &[
        ("{add: []}", "params.count.add"),
        ("{add: [1], mul: [2]}", "params.count.mul"),
        ("{plus: [1, 2]}", "params.count.plus"),
        ("{}", "params.count"),
        ("{sub: [1, 2, 3]}", "params.count.sub"),
        ("{div: [$cards_in_hand, 0]}", "params.count.div[1]"),
        (
            "{div: [$cards_in_hand, $life_total]}",
            "params.count.div[1]",
        ),
        ("{clamp: {value: 1, min: 0}}", "params.count.clamp.max"),
        (
            "{clamp: {value: 1, min: 0, max: 2, step: 1}}",
            "params.count.clamp.step",
        ),
        ("{add: [1, 2000000]}", "params.count.add[1]"),
        ("{add: [1, many]}", "params.count.add[1]"),
        ("{min: 3}", "params.count.min"),
        ("{max: [1, {min: [true]}]}", "params.count.max[1].min[0]"),
    ];
    for (written, at) in cases {
        let e = card_error(&with_count(written));
        let expected_kind = match *written {
            "{add: []}" => matches!(e.kind(), ErrorKind::EmptyList("add")),
            "{add: [1], mul: [2]}" => matches!(e.kind(), ErrorKind::Conflict { .. }),
            "{plus: [1, 2]}" => matches!(
                e.kind(),
                ErrorKind::UnknownField {
                    suggestion: None,
                    ..
                }
            ),
            "{}" | "{sub: [1, 2, 3]}" => matches!(e.kind(), ErrorKind::Expected(_)),
            "{div: [$cards_in_hand, 0]}" | "{add: [1, 2000000]}" => {
                matches!(e.kind(), ErrorKind::OutOfRange { .. })
            }
            "{clamp: {value: 1, min: 0}}" => matches!(e.kind(), ErrorKind::MissingField { .. }),
            "{clamp: {value: 1, min: 0, max: 2, step: 1}}" => {
                matches!(e.kind(), ErrorKind::UnknownField { .. })
            }
            _ => matches!(e.kind(), ErrorKind::WrongType { .. }),
        };
        assert!(expected_kind, "{written}: {e:?}");
        assert_at(&e, 12, Some(&field(at)), &[]);
    }
    let e = card_error(&with_count("{sub: [1, 2, 3]}"));
    assert!(
        e.to_string().contains("`sub` to take a list of two items"),
        "{e}"
    );
    let e = card_error(&with_count("{mul: [1], add: [2]}"));
    assert!(
        e.to_string()
            .contains("give either `mul` or `add`, not both"),
        "{e}"
    );
}

#[test]
fn a_computed_number_is_only_for_whole_number_parameters() {
    let e = card_error(&activated(
        "- effect: move_card\n  target: choose\n  params: {from_zone: $life_total, to_zone: hand}",
    ));
    assert_unknown(&e, NameKind::Zone, "$life_total", None);
    assert_at(&e, 11, Some(&field("params.from_zone")), &["deck, hand"]);
}

// --- the new effects' parameters ------------------------------------------------------------

#[test]
fn techniques_are_checked_with_a_suggestion() {
    let e = card_error(&activated(
        "- effect: grant_technique\n  target: self\n  params: {technique: vigilence}",
    ));
    assert_unknown(&e, NameKind::Technique, "vigilence", Some("vigilance"));
    assert_at(
        &e,
        11,
        Some(&field("params.technique")),
        &["did you mean `vigilance`?"],
    );
    let e = card_error(&activated(
        "- effect: remove_technique\n  target: self\n  params: {technique: [flying]}",
    ));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    let e = card_error(&activated("- effect: grant_technique\n  target: self"));
    assert!(matches!(e.kind(), ErrorKind::MissingParam { .. }), "{e}");
}

#[test]
fn mana_options_are_checked() {
    let options = |written: &str| {
        card_error(&activated(&format!(
            "- effect: choose_mana\n  target: owner\n  params:\n    options: {written}"
        )))
    };
    let e = options("[]");
    assert!(matches!(e.kind(), ErrorKind::EmptyList("options")), "{e}");
    assert_at(&e, 12, Some(&field("params.options")), &[]);
    let e = options(&format!("[{}]", vec!["{fire: 1}"; 17].join(", ")));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some(&field("params.options")),
        &["1 to 16 options", "17 options"],
    );
    let e = options("[{fire: 1}, {any: 1}]");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        12,
        Some(&field("params.options[1]")),
        &["cannot hold `any`"],
    );
    let e = options("[{fire: 1}, {}]");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    let e = options("[{fire: 1}, {fyre: 1}]");
    assert_unknown(&e, NameKind::ManaType, "fyre", Some("fire"));
    assert_at(&e, 12, Some(&field("params.options[1].fyre")), &[]);
    let e = options("[{fire: 2000000}]");
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    let e = options("{fire: 1}");
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some(&field("params.options")),
        &["a list of mana maps"],
    );
    let e = options("[fire]");
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 12, Some(&field("params.options[0]")), &[]);
}

#[test]
fn an_artifact_template_must_be_an_artifact() {
    let e = card_error(&activated(
        "- effect: spawn_artifact\n  target: owner\n  params:\n    template:\n      card_id: wisp\n      name: Wisp\n      type: creature",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::WrongTemplateType {
                required: "artifact",
                card_type: "creature",
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        15,
        Some(&field("params.template.type")),
        &["a spawn template must be an artifact, but `wisp` is a creature"],
    );

    let catalog = catalog_of(&["goblin_01"]);
    let e = card_error_with(
        &activated(
            "- effect: spawn_artifact\n  target: owner\n  params: {template_card_id: goblin_01}",
        ),
        Some(&catalog),
    );
    assert!(
        matches!(e.kind(), ErrorKind::WrongTemplateType { .. }),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some(&field("params.template_card_id")),
        &["must be an artifact"],
    );

    let e = card_error(&activated("- effect: spawn_artifact\n  target: owner"));
    assert!(matches!(e.kind(), ErrorKind::MissingParam { .. }), "{e}");
    assert!(e.to_string().contains("naming an artifact card"), "{e}");
}
