//! Every rejection of a card file: the error variant, and a message that names the file, the
//! line, the field and what was expected.

use std::sync::Arc;

use rtg_core::{CardDefinition, CardType};
use rtg_yaml::{ErrorKind, NameKind, build_catalog};

use crate::support::{BASE, assert_at, base_with, card_error, card_error_with, triggered};

mod language;
mod zones;

// --- YAML structure -----------------------------------------------------------------------

#[test]
fn duplicate_keys_as_in_the_spec_appendix_are_rejected_at_the_second_key() {
    // The specification's "Clumsy Giant", as printed: `defense` twice.
    let giant = "card_id: giant_01\nname: Clumsy Giant\ntype: creature\nmana:\n  earth: 2\ndefense: 5\nattack: 3\ndefense: 1\n";
    let e = card_error(giant);
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "defense"),
        "{e}"
    );
    assert_at(
        &e,
        8,
        Some("defense"),
        &["card.yaml:8:1:", "duplicate key `defense`", "giant_01"],
    );
}

#[test]
fn duplicate_keys_in_nested_maps_are_rejected() {
    let e = card_error(&base_with(
        "  fire: 1\nattack",
        "  fire: 1\n  fire: 2\nattack",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "fire"),
        "{e}"
    );
    assert_at(&e, 6, Some("mana.fire"), &["duplicate key `fire`"]);

    let e = card_error(&base_with("amount: 2", "amount: 2\n          amount: 3"));
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "amount"),
        "{e}"
    );
    assert_at(
        &e,
        18,
        Some("abilities[0].alterations[0].params.amount"),
        &["`amount`"],
    );

    let e = card_error(&base_with(
        "    ability_type: activated\n",
        "    ability_type: activated\n    ability_type: activated\n",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "ability_type"),
        "{e}"
    );
    assert_at(&e, 11, Some("abilities[0].ability_type"), &[]);

    let gain = triggered(
        "- effect: gain_mana\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    amounts:\n      fire: 1\n      fire: 2",
    );
    let e = card_error(&gain);
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "fire"),
        "{e}"
    );
    assert_at(
        &e,
        15,
        Some("abilities[0].alterations[0].params.amounts.fire"),
        &[],
    );
}

#[test]
fn unknown_fields_are_rejected_with_the_valid_ones_and_a_suggestion() {
    let e = card_error(&base_with("defense: 2", "health: 2"));
    let ErrorKind::UnknownField {
        field,
        expected,
        suggestion,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(field, "health");
    assert!(expected.contains(&"defense".to_owned()));
    assert_eq!(suggestion.as_deref(), Some("defense"));
    assert_at(
        &e,
        7,
        Some("health"),
        &[
            "unknown field `health`",
            "card_id, name",
            "did you mean `defense`?",
        ],
    );

    let e = card_error(&base_with("    alterations:", "    alteratons:"));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { suggestion: Some(s), .. } if s == "alterations"),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alteratons"),
        &["did you mean `alterations`?"],
    );

    let e = card_error(&base_with(
        "        target: opponent",
        "        target: opponent\n        trigger_slef: false",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { suggestion: Some(s), .. } if s == "trigger_self"),
        "{e}"
    );
    assert_at(
        &e,
        16,
        Some("abilities[0].alterations[0].trigger_slef"),
        &["start_trigger", "turn_duration"],
    );
}

#[test]
fn missing_required_fields_are_rejected() {
    let e = card_error(&base_with("name: Test\n", ""));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "name"),
        "{e}"
    );
    assert_at(&e, 1, Some("name"), &["missing required field `name`"]);

    let e = card_error(&base_with("    ability_type: activated\n", ""));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "ability_type"),
        "{e}"
    );
    assert_at(&e, 9, Some("abilities[0].ability_type"), &[]);

    let e = card_error(&base_with(
        "      - effect: damage_player\n        target",
        "      - target",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "effect"),
        "{e}"
    );
}

#[test]
fn empty_alterations_are_rejected() {
    let text = "card_id: a\nname: A\ntype: creature\nabilities:\n  - name: X\n    ability_type: activated\n    alterations: []\n";
    let e = card_error(text);
    assert!(
        matches!(e.kind(), ErrorKind::EmptyList("alterations")),
        "{e}"
    );
    assert_at(&e, 7, Some("abilities[0].alterations"), &["at least one"]);
}

#[test]
fn empty_names_and_bad_card_ids_are_rejected() {
    let e = card_error(&base_with("name: Test", "name: ''"));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue { .. }), "{e}");
    assert_at(&e, 2, Some("name"), &["not empty"]);

    let e = card_error(&base_with("card_id: test_01", "card_id: 'test 01'"));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue { .. }), "{e}");
    assert_at(&e, 1, Some("card_id"), &["without spaces"]);
}

#[test]
fn names_longer_than_the_limit_are_rejected_with_their_length() {
    // 65,536 characters once panicked the card table; the loader now refuses the name.
    let long = "x".repeat(65_536);
    let e = card_error(&base_with("name: Test", &format!("name: {long}")));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TooLong { what: "a card name", length: 65_536, limit }
                if *limit == rtg_yaml::MAX_NAME_CHARS
        ),
        "{e}"
    );
    assert_at(
        &e,
        2,
        Some("name"),
        &[
            "card.yaml:2:",
            "a card name of at most 256 characters",
            "65536",
        ],
    );
    assert!(
        !e.to_string().contains(&long),
        "the message does not repeat the name"
    );

    // Exactly the limit is fine, in characters (not bytes).
    let at_limit = "é".repeat(rtg_yaml::MAX_NAME_CHARS);
    let def = crate::support::card_ok(&base_with("name: Test", &format!("name: {at_limit}")), None);
    assert_eq!(def.name, at_limit);

    let e = card_error(&base_with(
        "name: Blast",
        &format!("name: {}", "y".repeat(257)),
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TooLong {
                what: "an ability name",
                length: 257,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        9,
        Some("abilities[0].name"),
        &["an ability name", "257"],
    );
}

// --- names --------------------------------------------------------------------------------

#[test]
fn unknown_effects_list_the_registered_ones_and_the_closest() {
    let e = card_error(&base_with("effect: damage_player", "effect: damage_playr"));
    let ErrorKind::UnknownName {
        kind: NameKind::Effect,
        name,
        expected,
        suggestion,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(name, "damage_playr");
    assert_eq!(
        expected.len(),
        rtg_effects::builtin_registry().names().count()
    );
    assert_eq!(suggestion.as_deref(), Some("damage_player"));
    assert_at(
        &e,
        14,
        Some("abilities[0].alterations[0].effect"),
        &[
            "unknown effect `damage_playr`",
            "buff_all",
            "spawn_creature",
            "did you mean `damage_player`?",
        ],
    );
}

#[test]
fn unknown_events_are_rejected_with_a_suggestion() {
    let text = triggered("- effect: draw_card\n  target: owner\n  start_trigger: on_turn_strat");
    let e = card_error(&text);
    assert!(
        matches!(e.kind(), ErrorKind::UnknownName { kind: NameKind::Event, suggestion: Some(s), .. } if s == "on_turn_start"),
        "{e}"
    );
    assert_at(
        &e,
        11,
        Some("abilities[0].alterations[0].start_trigger"),
        &[
            "unknown event `on_turn_strat`",
            "on_card_death",
            "alias on_card_enter",
            "did you mean `on_turn_start`?",
        ],
    );

    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  end_trigger: on_turn_ned",
    );
    let e = card_error(&text);
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::Event,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].end_trigger"),
        &["on_turn_end"],
    );
}

#[test]
fn unknown_techniques_are_rejected() {
    let e = card_error(&base_with(
        "attack: 2\n",
        "attack: 2\ntechniques:\n  - flying\n  - flyng\n",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownName { kind: NameKind::Technique, suggestion: Some(s), .. } if s == "flying"),
        "{e}"
    );
    assert_at(
        &e,
        9,
        Some("techniques[1]"),
        &[
            "unknown technique `flyng`",
            "haste, flying, reach, trample, deathtouch",
        ],
    );
}

#[test]
fn duplicate_techniques_are_rejected() {
    let e = card_error(&base_with(
        "attack: 2\n",
        "attack: 2\ntechniques:\n  - flying\n  - flying\n",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateItem(t) if t == "flying"),
        "{e}"
    );
    assert_at(&e, 9, Some("techniques[1]"), &["listed twice"]);
}

#[test]
fn unknown_mana_types_are_rejected() {
    let e = card_error(&base_with("  fire: 1\nattack", "  fyre: 1\nattack"));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownName { kind: NameKind::ManaType, suggestion: Some(s), .. } if s == "fire"),
        "{e}"
    );
    assert_at(
        &e,
        5,
        Some("mana.fyre"),
        &["unknown mana type `fyre`", "fire, earth, water, air, any"],
    );

    let text = triggered(
        "- effect: gain_mana\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    amounts: {watr: 1}",
    );
    let e = card_error(&text);
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::ManaType,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.amounts.watr"),
        &["did you mean `water`?"],
    );
}

#[test]
fn unknown_zones_are_rejected() {
    let text = triggered(
        "- effect: recruit\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    card_definition_id: trig_01\n    from_zone: graveyrd",
    );
    let e = card_error(&text);
    assert!(
        matches!(e.kind(), ErrorKind::UnknownName { kind: NameKind::Zone, suggestion: Some(s), .. } if s == "graveyard"),
        "{e}"
    );
    assert_at(
        &e,
        14,
        Some("abilities[0].alterations[0].params.from_zone"),
        &[
            "unknown zone `graveyrd`",
            "deck, hand, battlefield, graveyard",
        ],
    );
}

#[test]
fn unknown_card_types_targets_owners_and_ability_types_are_rejected() {
    let e = card_error(&base_with("type: creature", "type: creatur"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::CardType,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        3,
        Some("type"),
        &[
            "unknown card type `creatur`",
            "creature, spell, mana",
            "did you mean `creature`?",
        ],
    );

    let e = card_error(&base_with("target: opponent", "target: oponent"));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::Target,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        15,
        Some("abilities[0].alterations[0].target"),
        &["self, owner, opponent, choose", "did you mean `opponent`?"],
    );

    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_death\n  trigger_owner: mine",
    );
    let e = card_error(&text);
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::TriggerOwner,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].trigger_owner"),
        &["any, owner, opponent"],
    );

    let e = card_error(&base_with(
        "ability_type: activated",
        "ability_type: activate",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::AbilityType,
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        10,
        Some("abilities[0].ability_type"),
        &["triggered, activated", "did you mean `activated`?"],
    );
}

// --- values -------------------------------------------------------------------------------

#[test]
fn wrong_value_types_are_rejected() {
    let e = card_error(&base_with("attack: 2", "attack: two"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        6,
        Some("attack"),
        &[
            "expected a whole number from 0 to 1000000",
            "found string \"two\"",
        ],
    );

    let e = card_error(&base_with("name: Test", "name: [Test]"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 2, Some("name"), &["expected a string"]);

    let e = card_error(&base_with("mana:\n  fire: 1\n", "mana: 3\n"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 4, Some("mana"), &["map of mana type to count"]);

    let e = card_error(&base_with("amount: 2", "amount: lots"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        17,
        Some("abilities[0].alterations[0].params.amount"),
        &[
            "`$attack`, `$defense`, another `$variable` or an expression",
            "found string \"lots\"",
        ],
    );

    let e = card_error(&base_with("amount: 2", "amount: 2.5"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        17,
        Some("abilities[0].alterations[0].params.amount"),
        &["floating point"],
    );

    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_death\n  trigger_self: 'no'",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].trigger_self"),
        &["a boolean"],
    );

    let e = card_error("[1, 2]\n");
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(&e, 1, None, &["a card definition"]);
}

#[test]
fn negative_and_overflowing_card_numbers_are_rejected() {
    for (text, line, field, found) in [
        (
            base_with("attack: 2", "attack: -1"),
            6,
            "attack",
            "found -1",
        ),
        (
            base_with("defense: 2", "defense: 1000001"),
            7,
            "defense",
            "found 1000001",
        ),
        (
            base_with("attack: 2", "attack: 99999999999999999999999"),
            6,
            "attack",
            "found 99999999999999999999999",
        ),
        (
            base_with("  fire: 1\natt", "  fire: -3\natt"),
            5,
            "mana.fire",
            "found -3",
        ),
        (
            base_with("      fire: 1", "      fire: 4294967296"),
            12,
            "abilities[0].mana_requirement.fire",
            "found 4294967296",
        ),
    ] {
        let e = card_error(&text);
        assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
        assert_at(
            &e,
            line,
            Some(field),
            &["expected a whole number from 0 to 1000000", found],
        );
    }
}

#[test]
fn params_out_of_their_kinds_range_are_rejected() {
    let amount = "abilities[0].alterations[0].params.amount";
    let e = card_error(&base_with("amount: 2", "amount: -2"));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(&e, 17, Some(amount), &["from 0 to 1000000", "found -2"]);

    let e = card_error(&base_with("amount: 2", "amount: 1000001"));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");

    // Count: 0 to 1000.
    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    count: 1001",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.count"),
        &["from 0 to 1000", "found 1001"],
    );

    // SignedInt: -1000000 to 1000000, so -3 is fine and -1000001 is not.
    let buff = |n: &str| {
        triggered(&format!(
            "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  params:\n    attack_increase: {n}"
        ))
    };
    assert!(rtg_yaml::parse_card("card.yaml", &buff("-3"), None).is_ok());
    let e = card_error(&buff("-1000001"));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.attack_increase"),
        &["from -1000000 to 1000000"],
    );

    // Stat: 0 to 1000000.
    let text =
        triggered("- effect: set_stats\n  start_trigger: on_turn_start\n  params:\n    attack: -1");
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].params.attack"),
        &["from 0 to 1000000"],
    );

    // Mana counts in params.
    let text = triggered(
        "- effect: gain_mana\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    amounts:\n      fire: -1",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        14,
        Some("abilities[0].alterations[0].params.amounts.fire"),
        &["from 0 to 1000000"],
    );
}

#[test]
fn turn_duration_zero_is_rejected() {
    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  turn_duration: 0",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].turn_duration"),
        &["from 1 to 1000", "found 0"],
    );
}

// --- effects and their params ---------------------------------------------------------------

#[test]
fn params_the_effect_does_not_take_are_rejected() {
    let e = card_error(&base_with("amount: 2", "amount: 2\n          amont: 3"));
    let ErrorKind::UnknownParam {
        effect,
        param,
        expected,
        suggestion,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (effect.as_str(), param.as_str()),
        ("damage_player", "amont")
    );
    assert_eq!(expected, &["amount".to_owned()]);
    assert_eq!(suggestion.as_deref(), Some("amount"));
    assert_at(
        &e,
        18,
        Some("abilities[0].alterations[0].params.amont"),
        &[
            "effect `damage_player` takes no parameter `amont`",
            "did you mean `amount`?",
        ],
    );

    let text = triggered(
        "- effect: recycle_graveyard\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    count: 2",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::UnknownParam { .. }), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.count"),
        &["no parameters"],
    );
}

#[test]
fn missing_required_params_are_rejected() {
    let e = card_error(&base_with("        params:\n          amount: 2\n", ""));
    let ErrorKind::MissingParam {
        effect,
        param,
        expected,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (effect.as_str(), param.as_str()),
        ("damage_player", "amount")
    );
    assert!(expected.contains("whole number"));
    assert_at(
        &e,
        14,
        Some("abilities[0].alterations[0].params.amount"),
        &["needs the parameter `amount`"],
    );

    let text = triggered(
        "- effect: recruit\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    card_definition_id: trig_01",
    );
    let e = card_error(&text);
    assert!(
        matches!(e.kind(), ErrorKind::MissingParam { param, .. } if param == "from_zone"),
        "{e}"
    );
    // The position of the `params` map (its first entry), where the parameter is missing.
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.from_zone"),
        &["deck, hand, battlefield, graveyard"],
    );

    let text = triggered(
        "- effect: spawn_creature\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    count: 2",
    );
    let e = card_error(&text);
    assert!(
        matches!(e.kind(), ErrorKind::MissingParam { param, .. } if param == "template"),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.template"),
        &["template_card_id"],
    );
}

#[test]
fn effect_param_checks_are_applied() {
    let text = triggered("- effect: set_stats\n  start_trigger: on_card_enter\n  params: {}");
    let e = card_error(&text);
    let ErrorKind::BadParams { effect, message } = e.kind() else {
        panic!("{e}")
    };
    assert_eq!(effect, "set_stats");
    assert!(message.contains("attack"));
    assert_at(
        &e,
        11,
        Some("abilities[0].alterations[0].params"),
        &["invalid parameters for effect `set_stats`"],
    );
}

#[test]
fn targets_must_fit_what_the_effect_acts_on() {
    let e = card_error(&base_with("target: opponent", "target: self"));
    let ErrorKind::TargetMismatch {
        effect,
        acts_on,
        target,
        allowed,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!(
        (effect.as_str(), *acts_on, *target),
        ("damage_player", "player", "self")
    );
    assert_eq!(allowed, &["owner", "opponent", "choose"]);
    assert_at(
        &e,
        15,
        Some("abilities[0].alterations[0].target"),
        &["acts on a player", "owner, opponent, choose"],
    );

    let e = card_error(&base_with(
        "effect: damage_player\n        target: opponent",
        "effect: damage_card\n        target: owner",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TargetMismatch {
                acts_on: "card",
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        15,
        Some("abilities[0].alterations[0].target"),
        &["acts on a card", "self, choose"],
    );
}

#[test]
fn triggered_alterations_need_a_start_trigger() {
    let text = triggered("- effect: draw_card\n  target: owner");
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::MissingStartTrigger), "{e}");
    assert_at(
        &e,
        9,
        Some("abilities[0].alterations[0]"),
        &["needs a `start_trigger`"],
    );
}

#[test]
fn activated_alterations_take_no_trigger() {
    let e = card_error(&base_with(
        "target: opponent",
        "target: opponent\n        start_trigger: on_turn_start",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TriggerOnActivated {
                field: "start_trigger"
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        16,
        Some("abilities[0].alterations[0].start_trigger"),
        &["activated ability", "`start_trigger`"],
    );

    let e = card_error(&base_with(
        "target: opponent",
        "target: opponent\n        trigger_card_id: test_01",
    ));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TriggerOnActivated {
                field: "trigger_card_id"
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        16,
        Some("abilities[0].alterations[0].trigger_card_id"),
        &[],
    );
}

#[test]
fn reversals_of_effects_that_cannot_be_undone_are_rejected() {
    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_turn_start\n  end_trigger: on_turn_end",
    );
    let e = card_error(&text);
    assert!(
        matches!(e.kind(), ErrorKind::NotReversible { effect, field: "end_trigger" } if effect == "draw_card"),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].end_trigger"),
        &["cannot be reversed: effect `draw_card` cannot be undone"],
    );

    let text = triggered(
        "- effect: mill\n  target: opponent\n  start_trigger: on_turn_start\n  turn_duration: 2",
    );
    let e = card_error(&text);
    assert!(
        matches!(
            e.kind(),
            ErrorKind::NotReversible {
                field: "turn_duration",
                ..
            }
        ),
        "{e}"
    );
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].turn_duration"),
        &["effect `mill` cannot be undone"],
    );
}

#[test]
fn end_trigger_and_turn_duration_together_are_accepted_whichever_comes_first() {
    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  end_trigger: on_card_death\n  turn_duration: 2",
    );
    let card = rtg_yaml::parse_card("both.yaml", &text, None).expect("both timers are allowed");
    let alt = &card.abilities[0].alterations[0];
    assert_eq!(alt.end_trigger, Some(rtg_core::EventType::OnCardDeath));
    assert_eq!(alt.turn_duration, Some(2.into()));
}

#[test]
fn mana_requirements_of_triggered_abilities_are_rejected() {
    let text = "card_id: a\nname: A\ntype: creature\nabilities:\n  - name: T\n    ability_type: triggered\n    mana_requirement: {fire: 1}\n    alterations:\n      - effect: draw_card\n        target: owner\n        start_trigger: on_turn_start\n";
    let e = card_error(text);
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        7,
        Some("abilities[0].mana_requirement"),
        &["triggered ability"],
    );

    // Contract item 6: a spell's ability may carry a requirement (the specification's own
    // Fireball does); it loads and is kept, and only the card's `mana` is charged.
    let spell = "card_id: s\nname: S\ntype: spell\nmana: {fire: 1}\nabilities:\n  - name: T\n    ability_type: activated\n    mana_requirement: {fire: 1}\n    alterations:\n      - effect: damage_card\n        params: {amount: 1}\n";
    let card = rtg_yaml::parse_card("s.yaml", spell, None).unwrap();
    assert_eq!(
        card.abilities[0]
            .mana_requirement
            .get(rtg_core::ManaType::Fire),
        1
    );
}

// --- card types -----------------------------------------------------------------------------

#[test]
fn mana_cards_cannot_provide_any() {
    let e = card_error("card_id: m\nname: M\ntype: mana\nmana:\n  any: 1\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 5, Some("mana.any"), &["cannot hold `any`"]);

    let text = triggered(
        "- effect: gain_mana\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    amounts: {any: 2}",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.amounts.any"),
        &["cannot hold `any`"],
    );
}

#[test]
fn non_creatures_have_no_stats_or_techniques() {
    let e = card_error("card_id: m\nname: M\ntype: mana\nmana: {fire: 1}\nattack: 1\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 5, Some("attack"), &["not a creature"]);

    let e = card_error("card_id: s\nname: S\ntype: spell\ndefense: 3\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 4, Some("defense"), &["a spell is not a creature"]);

    let e = card_error("card_id: s\nname: S\ntype: spell\ntechniques: [haste]\n");
    assert!(matches!(e.kind(), ErrorKind::Meaningless(_)), "{e}");
    assert_at(&e, 4, Some("techniques"), &["creatures only"]);
}

// --- templates and references ---------------------------------------------------------------

fn spawn(params: &str) -> String {
    triggered(&format!(
        "- effect: spawn_creature\n  target: owner\n  start_trigger: on_card_enter\n  params:\n{}",
        params
            .lines()
            .map(|l| format!("    {l}\n"))
            .collect::<String>()
    ))
}

#[test]
fn spawn_templates_must_be_creatures() {
    let e = card_error(&spawn(
        "template:\n  card_id: bolt\n  name: Bolt\n  type: spell",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::WrongTemplateType { card_id, card_type: "spell", required: "creature" } if card_id == "bolt"),
        "{e}"
    );
    assert_at(
        &e,
        16,
        Some("abilities[0].alterations[0].params.template.type"),
        &["must be a creature", "`bolt` is a spell"],
    );

    let spell = Arc::new(CardDefinition::vanilla("bolt_01", "Bolt", CardType::Spell));
    let catalog = build_catalog([spell]).unwrap();
    let e = card_error_with(&spawn("template_card_id: bolt_01"), Some(&catalog));
    assert!(
        matches!(e.kind(), ErrorKind::WrongTemplateType { .. }),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.template_card_id"),
        &["must be a creature"],
    );
}

#[test]
fn inline_templates_are_checked_like_cards() {
    let e = card_error(&spawn(
        "template:\n  card_id: wasp\n  name: Wasp\n  type: creature\n  health: 1",
    ));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { suggestion: Some(s), .. } if s == "defense"),
        "{e}"
    );
    assert_at(
        &e,
        17,
        Some("abilities[0].alterations[0].params.template.health"),
        &["did you mean `defense`?"],
    );

    let e = card_error(&spawn(
        "template:\n  card_id: wasp\n  name: Wasp\n  type: creature\n  attack: -1",
    ));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { .. }), "{e}");
    assert_at(
        &e,
        17,
        Some("abilities[0].alterations[0].params.template.attack"),
        &[],
    );

    let e = card_error(&spawn("template: wasp_01"));
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.template"),
        &["a card definition"],
    );
}

#[test]
fn template_card_id_without_a_catalog_is_unresolved() {
    let e = card_error(&spawn("template_card_id: wasp_01"));
    assert!(
        matches!(e.kind(), ErrorKind::UnresolvedTemplate { card_id, .. } if card_id == "wasp_01"),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.template_card_id"),
        &["unresolved template_card_id `wasp_01`", "no catalog"],
    );
}

#[test]
fn template_card_id_unknown_to_the_catalog_lists_close_names() {
    let wasp =
        Arc::new(CardDefinition::vanilla("wasp_01", "Wasp", CardType::Creature).with_stats(1, 1));
    let catalog = build_catalog([wasp]).unwrap();
    let e = card_error_with(&spawn("template_card_id: wasp_02"), Some(&catalog));
    assert!(
        matches!(e.kind(), ErrorKind::UnresolvedTemplate { close, .. } if close == &["wasp_01"]),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.template_card_id"),
        &["did you mean `wasp_01`?"],
    );
}

#[test]
fn template_and_template_card_id_together_are_rejected() {
    let e = card_error(&spawn(
        "template:\n  card_id: w\n  name: W\n  type: creature\ntemplate_card_id: w",
    ));
    assert!(matches!(e.kind(), ErrorKind::Conflict { .. }), "{e}");
    assert_at(
        &e,
        17,
        Some("abilities[0].alterations[0].params.template_card_id"),
        &["either `template` or `template_card_id`"],
    );
}

#[test]
fn card_references_must_name_known_cards_when_a_catalog_is_given() {
    let goblin = Arc::new(CardDefinition::vanilla(
        "goblin_01",
        "Goblin",
        CardType::Creature,
    ));
    let catalog = build_catalog([goblin]).unwrap();
    let recruit = triggered(
        "- effect: recruit\n  target: owner\n  start_trigger: on_turn_start\n  params:\n    card_definition_id: goblin_1\n    from_zone: graveyard",
    );
    // Without a catalog there is nothing to check against.
    assert!(rtg_yaml::parse_card("card.yaml", &recruit, None).is_ok());
    let e = card_error_with(&recruit, Some(&catalog));
    assert!(
        matches!(e.kind(), ErrorKind::UnknownCard { card_id, close } if card_id == "goblin_1" && close == &["goblin_01"]),
        "{e}"
    );
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].params.card_definition_id"),
        &["unknown card `goblin_1`", "did you mean `goblin_01`?"],
    );

    let tribal = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_enter\n  trigger_self: false\n  trigger_card_id: goblin_02",
    );
    let e = card_error_with(&tribal, Some(&catalog));
    assert!(matches!(e.kind(), ErrorKind::UnknownCard { .. }), "{e}");
    assert_at(
        &e,
        13,
        Some("abilities[0].alterations[0].trigger_card_id"),
        &["goblin_01"],
    );

    // A card may name itself.
    let own = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_death\n  trigger_self: false\n  trigger_card_id: trig_01",
    );
    assert!(rtg_yaml::parse_card("card.yaml", &own, Some(&catalog)).is_ok());
}

#[test]
fn the_error_display_is_path_line_column_error_message() {
    let e = card_error(&base_with("attack: 2", "attack: -1"));
    assert_eq!(
        e.to_string(),
        "card.yaml:6:9: error: card `test_01`, field `attack`: expected a whole number from 0 to 1000000, found -1"
    );
    assert_eq!((e.line(), e.column()), (Some(6), Some(9)));
    assert_eq!(e.card_id.as_ref().map(|c| c.as_str()), Some("test_01"));
    assert!(BASE.contains("attack: 2"));
}

#[test]
fn turn_duration_takes_an_expression_and_checks_it() {
    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  turn_duration: {min: [$creatures_in_bf, 3]}",
    );
    let card =
        rtg_yaml::parse_card("computed.yaml", &text, None).expect("an expression is a duration");
    let duration = card.abilities[0].alterations[0].turn_duration.as_ref();
    assert!(
        matches!(duration, Some(rtg_core::TurnCount::Computed(_))),
        "{duration:?}"
    );

    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  turn_duration: $creatures_in_bff",
    );
    let e = card_error(&text);
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].turn_duration"),
        &["creatures_in_bf"],
    );

    let text = triggered(
        "- effect: buff_card\n  target: self\n  start_trigger: on_turn_start\n  turn_duration: soon",
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::WrongType { .. }), "{e}");
    assert_at(
        &e,
        12,
        Some("abilities[0].alterations[0].turn_duration"),
        &["from 1 to 1000", "an expression"],
    );
}
