//! A definition written out in the card format (what a replay carries: serde's form, as JSON,
//! which is YAML) loads back equal, conditions and expressions included: the loader reads
//! exactly what `rtg-core` writes.

use std::sync::Arc;

use rtg_core::{
    AbilityType, AlterationData, CardAbility, CardDefinition, CardType, CompareOp, Condition, Expr,
    Mana, ManaType, Operand, ParamValue, Params, TargetSpec, Technique, VARIABLES, VarType,
    Variable, VariableArgs, VariableParamKind, Zone, ZoneOwner,
};
use serde_json::Value;

use crate::support::card_ok;

/// Leaves out what the card format fills in by default and refuses on an activated ability
/// (a `trigger_owner` of `any`, `trigger_self: true`) and every null.
fn strip(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|key, v| {
                let default = match key.as_str() {
                    "trigger_owner" => v.as_str() == Some("any"),
                    "trigger_self" => v.as_bool() == Some(true),
                    _ => false,
                };
                !(v.is_null() || default)
            });
            map.values_mut().for_each(strip);
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// The definition written as JSON and loaded back.
fn reload(def: &CardDefinition) -> Arc<CardDefinition> {
    let mut value = serde_json::to_value(def).unwrap();
    strip(&mut value);
    let text = serde_json::to_string_pretty(&value).unwrap();
    card_ok(&text, None)
}

/// The variable of the catalogue entry `spec`, with parameters that differ from the defaults
/// (so that writing them out matters).
fn variable_with_params(spec: &rtg_core::VariableSpec) -> Variable {
    let mut args = VariableArgs::default();
    for param in spec.params {
        match param.kind {
            VariableParamKind::CardId => args.card = Some("goblin_01".into()),
            VariableParamKind::Group => args.group = Some(Arc::from("witch")),
            VariableParamKind::Zone => args.zone = Some(Zone::Graveyard),
            VariableParamKind::ZoneOwner => args.owner = Some(ZoneOwner::Opponent),
            VariableParamKind::Technique => args.technique = Some(Technique::Vigilance),
        }
    }
    spec.build(&args).unwrap()
}

/// A comparison of every variable of the catalogue, with a value of its type.
fn every_comparison() -> Vec<Condition> {
    VARIABLES
        .iter()
        .map(|spec| {
            let variable = variable_with_params(spec);
            let (op, value) = match spec.var_type {
                VarType::Int => (CompareOp::Ge, Operand::Int(Expr::Const(-3))),
                VarType::Bool => (CompareOp::Ne, Operand::Bool(false)),
                VarType::Text => (
                    CompareOp::Eq,
                    Operand::Text(Arc::from(match spec.text_values {
                        rtg_core::TextValues::CardType => "artifact",
                        rtg_core::TextValues::Zone => "graveyard",
                        rtg_core::TextValues::CardId => "goblin_01",
                        _ => "witch",
                    })),
                ),
            };
            Condition::compare(variable, op, value).unwrap()
        })
        .collect()
}

/// An expression of every form.
fn every_expression() -> Expr {
    let var = |v| Expr::var(v).unwrap();
    Expr::Clamp {
        value: Box::new(Expr::Add(vec![
            var(Variable::SelfAttack),
            Expr::Sub(
                Box::new(var(Variable::LifeTotal)),
                Box::new(var(Variable::OpponentLifeTotal)),
            ),
            Expr::Mul(vec![Expr::Const(2), var(Variable::TurnNumber)]),
            Expr::Div(Box::new(var(Variable::CardsInGraveyard)), 5),
            Expr::Min(vec![Expr::Const(-7), var(Variable::CardsInHand)]),
            Expr::Max(vec![var(Variable::CardsOfGroupInZone {
                group: Arc::from("witch"),
                zone: Zone::Hand,
                owner: ZoneOwner::Any,
            })]),
            var(Variable::MaxManaCostInBf {
                owner: ZoneOwner::Opponent,
            }),
        ])),
        min: Box::new(Expr::Const(0)),
        max: Box::new(Expr::Const(1_000_000)),
    }
}

fn ability(ability_type: AbilityType, alterations: Vec<AlterationData>) -> CardAbility {
    CardAbility {
        name: "A".to_owned(),
        description: String::new(),
        ability_type,
        mana_requirement: Mana::EMPTY,
        alterations,
        max_activations: Some(3),
    }
}

#[test]
fn conditions_and_expressions_written_out_load_back_equal() {
    let mut heal = AlterationData::new("heal_player", TargetSpec::Owner);
    heal.params = Params::new().with("amount", ParamValue::Expr(Arc::new(every_expression())));
    heal.condition = Some(Arc::new(Condition::Any(vec![
        Condition::All(every_comparison()),
        Condition::compare(
            Variable::LifeTotal,
            CompareOp::Lt,
            Operand::Int(every_expression()),
        )
        .unwrap(),
    ])));

    let mut each = AlterationData::new("buff_card", TargetSpec::Each);
    each.start_trigger = None;
    each.exclude_self = true;
    each.from_zone = Some(Zone::Battlefield);
    each.end_trigger = Some(rtg_core::EventType::OnTurnEnd);
    each.target_condition = Some(Arc::new(
        Condition::compare(
            Variable::SelfIsOwnedByController,
            CompareOp::Eq,
            Operand::Bool(true),
        )
        .unwrap(),
    ));
    each.params = Params::new()
        .with(
            "attack_increase",
            ParamValue::Expr(Arc::new(Expr::var(Variable::CreaturesInBf).unwrap())),
        )
        .with("defense_increase", ParamValue::Int(-1));

    // A sweep of a hand, with an effect that means something there (the loader refuses one
    // that would do nothing to every card it sweeps).
    let mut group = AlterationData::new("move_card", TargetSpec::SelfCard);
    group.group = Some(Arc::from("witch"));
    group.from_zone = Some(Zone::Hand);
    group.params = Params::new()
        .with("from_zone", ParamValue::Zone(Zone::Hand))
        .with("to_zone", ParamValue::Zone(Zone::Graveyard));

    let mut choose = AlterationData::new("choose_mana", TargetSpec::Owner);
    choose.params = Params::new().with(
        "options",
        ParamValue::ManaOptions(Arc::from(vec![
            Mana::from_pairs([(ManaType::Fire, 2)]),
            Mana::from_pairs([(ManaType::Water, 1), (ManaType::Earth, 1)]),
        ])),
    );

    let relic = CardDefinition::vanilla("relic_token", "Relic", CardType::Artifact);
    let mut spawn = AlterationData::new("spawn_artifact", TargetSpec::Owner);
    spawn.params = Params::new()
        .with("template", ParamValue::Template(Arc::new(relic)))
        .with("count", ParamValue::Int(2));

    let mut triggered = AlterationData::new("draw_card", TargetSpec::Owner);
    triggered.start_trigger = Some(rtg_core::EventType::OnCardEnterBattlefield);
    triggered.trigger_self = false;
    triggered.condition = Some(Arc::new(
        Condition::compare(
            Variable::EventSourceGroup,
            CompareOp::Eq,
            Operand::Text(Arc::from("witch")),
        )
        .unwrap(),
    ));
    triggered.params = Params::new().with(
        "count",
        ParamValue::Expr(Arc::new(Expr::Min(vec![
            Expr::Div(Box::new(Expr::var(Variable::CardsInGraveyard).unwrap()), 5),
            Expr::Const(3),
        ]))),
    );

    let def = CardDefinition::vanilla("coven_01", "Coven", CardType::Creature)
        .with_stats(2, 3)
        .with_group("witch")
        .with_techniques([Technique::Vigilance])
        .with_ability(ability(
            AbilityType::Activated,
            vec![heal, each, group, choose, spawn],
        ))
        .with_ability(ability(AbilityType::Triggered, vec![triggered]));
    let loaded = reload(&def);
    assert_eq!(*loaded, def);
    // And once more: the written form is stable.
    assert_eq!(*reload(&loaded), def);
}

#[test]
fn loaded_cards_of_the_new_language_written_out_load_back_equal() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = crate::support::catalog_of(&["goblin_01", "giant_01", "goblin_king_01"]);
    for file in rtg_yaml::yaml_files_in(root.join("tests/ptg09")).unwrap() {
        let def = rtg_yaml::load_card(&file, Some(&catalog)).unwrap();
        assert_eq!(*reload(&def), *def, "{}", file.display());
    }
    // The engine's fixtures of the language, with the cards they name.
    let mut files = Vec::new();
    for dir in ["cards", "fixtures/cards", "fixtures/language"] {
        files.extend(rtg_yaml::yaml_files_in(root.join("../..").join(dir)).unwrap_or_default());
    }
    let report = rtg_yaml::Loader::default().load_card_files(&files, None);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert!(report.cards.len() > 100, "{}", report.cards.len());
    for card in &report.cards {
        let def = &card.definition;
        assert_eq!(*reload(def), **def, "{}", card.source.display());
    }
}
