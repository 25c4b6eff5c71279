//! Valid files load into the definitions they describe, defaults filled in.

use rtg_core::{
    AbilityType, Amount, CardType, EffectContext, EffectError, EffectHandler, EffectRegistry,
    EffectSpec, EventType, Mana, ManaType, ParamKind, ParamSpec, ParamValue, Params, Record,
    Target, TargetKind, TargetSpec, Technique, TriggerOwner, Zone,
};
use rtg_yaml::{ErrorKind, Loader, NameKind, parse_card};

use crate::support::{BASE, base_with};

mod language;

#[test]
fn a_creature_with_an_activated_ability_loads_every_field() {
    let card = parse_card("card.yaml", BASE, None).unwrap();
    assert_eq!(card.card_id.as_str(), "test_01");
    assert_eq!(card.name, "Test");
    assert_eq!(card.description, "");
    assert_eq!(card.card_type, CardType::Creature);
    assert_eq!(card.mana, Mana::from_pairs([(ManaType::Fire, 1)]));
    assert_eq!((card.attack, card.defense), (2, 2));
    let ability = &card.abilities[0];
    assert_eq!(ability.ability_type, AbilityType::Activated);
    assert_eq!(
        ability.mana_requirement,
        Mana::from_pairs([(ManaType::Fire, 1)])
    );
    let alt = &ability.alterations[0];
    assert_eq!(&*alt.effect, "damage_player");
    assert_eq!(alt.target, TargetSpec::Opponent);
    assert_eq!(alt.start_trigger, None);
    assert!(alt.trigger_self);
    assert_eq!(alt.trigger_owner, TriggerOwner::Any);
    assert_eq!(
        alt.params.get("amount"),
        Some(&ParamValue::Amount(Amount::Fixed(2)))
    );
}

#[test]
fn defaults_are_filled_in() {
    let text = "card_id: d\nname: D\ntype: creature\nabilities:\n  - name: A\n    ability_type: triggered\n    alterations:\n      - effect: draw_card\n        start_trigger: on_turn_start\n      - effect: buff_card\n        target: null\n        start_trigger: on_turn_start\n        params: {attack_increase: 1}\n";
    let card = parse_card("d.yaml", text, None).unwrap();
    assert_eq!((card.attack, card.defense), (0, 0));
    let draw = &card.abilities[0].alterations[0];
    assert_eq!(draw.target, TargetSpec::Choose);
    assert_eq!(draw.params.get("count"), Some(&ParamValue::Int(1)));
    let buff = &card.abilities[0].alterations[1];
    assert_eq!(buff.target, TargetSpec::Choose);
    assert_eq!(
        buff.params.get("attack_increase"),
        Some(&ParamValue::Int(1))
    );
    assert_eq!(
        buff.params.get("defense_increase"),
        Some(&ParamValue::Int(0))
    );
}

#[test]
fn on_card_enter_is_an_alias_of_on_card_enter_battlefield() {
    for name in ["on_card_enter", "on_card_enter_battlefield"] {
        let text = format!(
            "card_id: p\nname: P\ntype: creature\ndefense: 1\nabilities:\n  - name: A\n    ability_type: triggered\n    alterations:\n      - effect: heal_player\n        target: owner\n        start_trigger: {name}\n        params: {{amount: $attack}}\n"
        );
        let card = parse_card("p.yaml", &text, None).unwrap();
        let alt = &card.abilities[0].alterations[0];
        assert_eq!(alt.start_trigger, Some(EventType::OnCardEnterBattlefield));
        assert_eq!(
            alt.params.get("amount"),
            Some(&ParamValue::Amount(Amount::SourceAttack))
        );
    }
}

#[test]
fn spec_examples_load() {
    // The specification's examples, with `defense` given once.
    let sky_knight = "card_id: sky_knight_01\nname: Sky Knight\ntype: creature\nmana:\n  air: 2\nattack: 3\ndefense: 2\ntechniques:\n  - flying\n  - haste\n";
    let card = parse_card("sky.yaml", sky_knight, None).unwrap();
    assert!(
        card.has(Technique::Flying) && card.has(Technique::Haste) && !card.has(Technique::Reach)
    );

    let fireball = "card_id: fireball_01\nname: Fireball\ndescription: Deal 3 damage to any target.\ntype: spell\nmana:\n  fire: 2\nabilities:\n  - name: Explosion\n    description: Deal 3 damage.\n    ability_type: activated\n    mana_requirement: {}\n    alterations:\n      - effect: damage_card\n        start_trigger: null\n        params:\n          amount: 3\n";
    let card = parse_card("fireball.yaml", fireball, None).unwrap();
    assert_eq!(card.card_type, CardType::Spell);
    assert_eq!(card.abilities[0].alterations[0].target, TargetSpec::Choose);

    let hive = "card_id: hive_mind_01\nname: Hive Mind\ndescription: When this enters, create two 1/1 Wasps.\ntype: creature\nmana:\n  any: 3\nattack: 1\ndefense: 2\nabilities:\n  - name: Swarm\n    description: Spawn two Wasp tokens.\n    ability_type: triggered\n    mana_requirement: {}\n    alterations:\n      - effect: spawn_creature\n        target: owner\n        start_trigger: on_card_enter_battlefield\n        params:\n          template:\n            card_id: token_wasp\n            name: Wasp\n            type: creature\n            defense: 1\n            attack: 1\n          count: 2\n";
    let card = parse_card("hive.yaml", hive, None).unwrap();
    let params = &card.abilities[0].alterations[0].params;
    let Some(ParamValue::Template(wasp)) = params.get("template") else {
        panic!("{params:?}")
    };
    assert_eq!(
        (wasp.card_id.as_str(), wasp.attack, wasp.defense),
        ("token_wasp", 1, 1)
    );
    assert_eq!(params.get("count"), Some(&ParamValue::Int(2)));
    assert_eq!(card.templates().count(), 1);

    let necromancer = "card_id: necromancer_01\nname: Necromancer\ndescription: When this enters, return a Goblin Warrior from your\n             graveyard to the battlefield.\ntype: creature\nmana:\n  any: 4\nattack: 2\ndefense: 1\nabilities:\n  - name: Dark Ritual\n    ability_type: triggered\n    mana_requirement: {}\n    alterations:\n      - effect: recruit\n        target: owner\n        start_trigger: on_card_enter_battlefield\n        params:\n          card_definition_id: goblin_01\n          from_zone: graveyard\n";
    let card = parse_card("necro.yaml", necromancer, None).unwrap();
    assert!(
        card.description
            .ends_with("your graveyard to the battlefield.")
    );
    let params = &card.abilities[0].alterations[0].params;
    assert_eq!(
        params.get("from_zone"),
        Some(&ParamValue::Zone(Zone::Graveyard))
    );
    assert_eq!(
        params.get("card_definition_id"),
        Some(&ParamValue::Card("goblin_01".into()))
    );

    let ritualist = "card_id: dark_ritualist_01\nname: Dark Ritualist\ntype: creature\nmana: {any: 2}\nattack: 1\ndefense: 1\nabilities:\n  - name: Dark Ritual\n    ability_type: triggered\n    mana_requirement: {}\n    alterations:\n      - effect: gain_mana\n        target: owner\n        start_trigger: on_card_enter\n        params:\n          amounts:\n            fire: 2\n";
    let card = parse_card("rit.yaml", ritualist, None).unwrap();
    assert_eq!(
        card.abilities[0].alterations[0].params.get("amounts"),
        Some(&ParamValue::Mana(Mana::from_pairs([(ManaType::Fire, 2)])))
    );

    let tribal = "card_id: t\nname: T\ntype: creature\ndefense: 1\nabilities:\n  - name: Tribal\n    ability_type: triggered\n    alterations:\n      - effect: heal_player\n        target: owner\n        start_trigger: on_card_death\n        trigger_self: false\n        trigger_owner: opponent\n        trigger_card_id: giant_01\n        params:\n          amount: 5\n";
    let card = parse_card("t.yaml", tribal, None).unwrap();
    let alt = &card.abilities[0].alterations[0];
    assert!(!alt.trigger_self);
    assert_eq!(alt.trigger_owner, TriggerOwner::Opponent);
    assert_eq!(
        alt.trigger_card_id.as_ref().map(|c| c.as_str()),
        Some("giant_01")
    );

    let temporary = "card_id: b\nname: B\ntype: creature\ndefense: 1\nabilities:\n  - name: Surge\n    ability_type: triggered\n    alterations:\n      - effect: buff_card\n        start_trigger: on_card_enter_battlefield\n        target: self\n        turn_duration: 1\n        params:\n          attack_increase: 2\n          defense_increase: 1\n      - effect: buff_card\n        start_trigger: on_turn_start\n        end_trigger: on_turn_end\n        target: self\n        params:\n          attack_increase: 1\n";
    let card = parse_card("b.yaml", temporary, None).unwrap();
    assert_eq!(
        card.abilities[0].alterations[0].turn_duration,
        Some(1.into())
    );
    assert_eq!(
        card.abilities[0].alterations[1].end_trigger,
        Some(EventType::OnTurnEnd)
    );

    let mana = "card_id: fire_mana_01\nname: Fire Mana\ndescription: Provides 1 fire mana.\ntype: mana\nmana:\n  fire: 1\n";
    assert_eq!(
        parse_card("m.yaml", mana, None).unwrap().card_type,
        CardType::Mana
    );
}

#[test]
fn null_and_empty_optional_fields_mean_their_defaults() {
    let text =
        "card_id: n\nname: N\ndescription:\ntype: creature\nmana:\nabilities:\ntechniques:\n";
    let card = parse_card("n.yaml", text, None).unwrap();
    assert!(card.mana.is_empty() && card.abilities.is_empty() && card.techniques.is_empty());
    let flow = base_with("mana:\n  fire: 1\n", "mana: {fire: 1, water: 2}\n");
    let card = parse_card("f.yaml", &flow, None).unwrap();
    assert_eq!(card.mana.get(ManaType::Water), 2);
}

/// A user's effect: poisons a player, with a free-text reason.
struct Poison(EffectSpec);

impl EffectHandler for Poison {
    fn spec(&self) -> &EffectSpec {
        &self.0
    }
    fn apply(
        &self,
        _ctx: &mut EffectContext<'_>,
        target: Target,
        _params: &Params,
    ) -> Result<rtg_core::Applied, EffectError> {
        Ok(rtg_core::Applied {
            target,
            record: Record::Nothing,
        })
    }
}

#[test]
fn a_loader_with_a_custom_registry_accepts_its_effects() {
    let mut registry = EffectRegistry::empty();
    registry
        .register(Poison(EffectSpec {
            name: "poison".to_owned(),
            target_kind: TargetKind::Player,
            params: vec![
                ParamSpec::required("reason", ParamKind::Text),
                ParamSpec::required("minion", ParamKind::Template),
            ],
            reversible: false,
            summary: "poisons".to_owned(),
        }))
        .unwrap();
    let text = "card_id: v\nname: V\ntype: creature\ndefense: 1\nabilities:\n  - name: Bite\n    ability_type: activated\n    alterations:\n      - effect: poison\n        target: opponent\n        params:\n          reason: venom\n          minion:\n            card_id: snake\n            name: Snake\n            type: creature\n";
    let card = Loader::new(registry.clone())
        .parse_card("v.yaml", text, None)
        .unwrap();
    let params = &card.abilities[0].alterations[0].params;
    assert_eq!(
        params.get("reason"),
        Some(&ParamValue::Text("venom".into()))
    );
    assert!(
        matches!(params.get("minion"), Some(ParamValue::Template(t)) if t.card_id.as_str() == "snake")
    );

    // A template under another name is checked too (located by searching the text).
    let bad = text.replace(
        "            type: creature\n",
        "            type: creature\n            helth: 1\n",
    );
    let e = Loader::new(registry)
        .parse_card("v.yaml", &bad, None)
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnknownField { .. }), "{e}");
    assert_eq!(e.line(), Some(17), "{e}");

    // The built-in loader does not know it.
    let e = parse_card("v.yaml", text, None).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnknownName {
                kind: NameKind::Effect,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn stat_references_stand_for_any_whole_number_parameter() {
    // Contract item 22: `$attack` / `$defense` for counts, stats and signed amounts too.
    use rtg_core::{Amount, ParamValue};
    for (effect, param, written, expected) in [
        (
            "buff_card",
            "attack_increase",
            "$attack",
            Amount::SourceAttack,
        ),
        (
            "buff_card",
            "defense_increase",
            "$defense",
            Amount::SourceDefense,
        ),
        ("set_stats", "attack", "$defense", Amount::SourceDefense),
        ("draw_card", "count", "$attack", Amount::SourceAttack),
        ("damage_player", "amount", "$attack", Amount::SourceAttack),
    ] {
        let target = if effect == "draw_card" || effect == "damage_player" {
            "owner"
        } else {
            "self"
        };
        let text = format!(
            "card_id: r\nname: R\ntype: creature\nattack: 2\ndefense: 3\nabilities:\n  - name: X\n    ability_type: activated\n    alterations:\n      - effect: {effect}\n        target: {target}\n        params:\n          {param}: {written}\n"
        );
        let card = rtg_yaml::parse_card("r.yaml", &text, None)
            .unwrap_or_else(|e| panic!("{effect}.{param}: {e}"));
        let params = &card.abilities[0].alterations[0].params;
        assert_eq!(
            params.get(param),
            Some(&ParamValue::Amount(expected)),
            "{effect}.{param}"
        );
    }
}
