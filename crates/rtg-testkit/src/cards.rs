//! Cards built in Rust for the tests: small constructors, and a varied pool and deck of them for
//! random games.

use std::sync::Arc;

use rtg_core::*;

/// A mana amount from `(type, count)` pairs.
pub fn mana(pairs: &[(ManaType, u32)]) -> Mana {
    Mana::from_pairs(pairs.iter().copied())
}

/// A vanilla creature named after its id, of this cost.
pub fn creature(id: &str, cost: Mana, attack: i32, defense: i32) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Creature)
        .with_cost(cost)
        .with_stats(attack, defense)
}

/// A mana card named after its id that gives one mana of `kind`.
pub fn basic_mana(id: &str, kind: ManaType) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Mana).with_cost(mana(&[(kind, 1)]))
}

/// An alteration of `effect` on `target` with these parameters.
pub fn alteration(
    effect: &str,
    target: TargetSpec,
    params: &[(&str, ParamValue)],
) -> AlterationData {
    let mut alt = AlterationData::new(effect, target);
    for (name, value) in params {
        alt.params.insert(name, value.clone());
    }
    alt
}

/// An ability named "ability" of this type, cost and alterations, with no activation limit.
pub fn ability(
    ability_type: AbilityType,
    cost: Mana,
    alterations: Vec<AlterationData>,
) -> CardAbility {
    CardAbility {
        name: "ability".to_owned(),
        description: String::new(),
        ability_type,
        mana_requirement: cost,
        alterations,
        max_activations: None,
    }
}

/// A free triggered ability: on `event`, `effect` on `target`.
pub fn triggered(
    event: EventType,
    effect: &str,
    target: TargetSpec,
    params: &[(&str, ParamValue)],
) -> CardAbility {
    let mut alt = alteration(effect, target, params);
    alt.start_trigger = Some(event);
    ability(AbilityType::Triggered, Mana::EMPTY, vec![alt])
}

/// An integer parameter.
pub fn int(n: i32) -> ParamValue {
    ParamValue::Int(n)
}

/// A fixed amount parameter.
pub fn amount(n: i32) -> ParamValue {
    ParamValue::Amount(Amount::Fixed(n))
}

/// A varied pool of cards using most effects, for random games.
pub fn sample_cards() -> Vec<Arc<CardDefinition>> {
    use ManaType::*;
    let wasp = Arc::new(creature("wasp", Mana::EMPTY, 1, 1).with_techniques([Technique::Flying]));
    let cards = vec![
        basic_mana("fire_mana", Fire),
        basic_mana("earth_mana", Earth),
        creature("goblin", mana(&[(Fire, 1)]), 2, 2),
        creature("giant", mana(&[(Earth, 2)]), 3, 5).with_techniques([Technique::Trample]),
        creature("knight", mana(&[(Any, 2)]), 3, 2)
            .with_techniques([Technique::Flying, Technique::Haste]),
        creature("archer", mana(&[(Earth, 1)]), 1, 3).with_techniques([Technique::Reach]),
        creature("viper", mana(&[(Any, 2)]), 1, 1).with_techniques([Technique::Deathtouch]),
        CardDefinition::vanilla("fireball", "Fireball", CardType::Spell)
            .with_cost(mana(&[(Fire, 2)]))
            .with_ability(ability(
                AbilityType::Activated,
                Mana::EMPTY,
                vec![alteration(
                    "damage_card",
                    TargetSpec::Choose,
                    &[("amount", amount(3))],
                )],
            )),
        CardDefinition::vanilla("insight", "Insight", CardType::Spell)
            .with_cost(mana(&[(Any, 1)]))
            .with_ability(ability(
                AbilityType::Activated,
                Mana::EMPTY,
                vec![alteration(
                    "draw_card",
                    TargetSpec::Owner,
                    &[("count", int(2))],
                )],
            )),
        creature("priest", mana(&[(Any, 2)]), 1, 3).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "heal_player",
            TargetSpec::Owner,
            &[("amount", amount(3))],
        )),
        creature("hive", mana(&[(Any, 3)]), 1, 2).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "spawn_creature",
            TargetSpec::Owner,
            &[("template", ParamValue::Template(wasp)), ("count", int(2))],
        )),
        creature("polymorphist", mana(&[(Any, 3)]), 2, 2).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "set_stats",
            TargetSpec::Choose,
            &[("attack", int(1)), ("defense", int(1))],
        )),
        creature("pyromancer", mana(&[(Fire, 2)]), 2, 3).with_ability(ability(
            AbilityType::Activated,
            mana(&[(Fire, 1)]),
            vec![alteration(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", amount(1))],
            )],
        )),
        creature("ripper", mana(&[(Any, 3)]), 2, 3).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "random_discard",
            TargetSpec::Opponent,
            &[("count", int(1))],
        )),
        creature("mourner", mana(&[(Any, 2)]), 1, 2).with_ability({
            let mut a = triggered(
                EventType::OnCardDeath,
                "draw_card",
                TargetSpec::Owner,
                &[("count", int(1))],
            );
            a.alterations[0].trigger_self = false;
            a
        }),
        creature("rager", mana(&[(Fire, 1)]), 1, 1).with_ability({
            let mut a = triggered(
                EventType::OnTurnStart,
                "buff_card",
                TargetSpec::SelfCard,
                &[("attack_increase", int(2)), ("defense_increase", int(0))],
            );
            a.alterations[0].end_trigger = Some(EventType::OnTurnEnd);
            a.alterations[0].trigger_owner = TriggerOwner::Owner;
            a
        }),
    ];
    cards.into_iter().map(Arc::new).collect()
}

/// A 30-card deck from the sample cards: 12 mana, the rest spread.
pub fn sample_deck() -> Vec<Arc<CardDefinition>> {
    let cards = sample_cards();
    let mut deck = Vec::new();
    for _ in 0..6 {
        deck.push(Arc::clone(&cards[0]));
        deck.push(Arc::clone(&cards[1]));
    }
    let mut i = 2;
    while deck.len() < 30 {
        deck.push(Arc::clone(&cards[i]));
        i = if i + 1 >= cards.len() { 2 } else { i + 1 };
    }
    deck
}
