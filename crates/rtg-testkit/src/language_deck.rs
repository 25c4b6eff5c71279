//! A deck of PTG 0.9's card language built in Rust: every effect new in 0.9 (tap, untap, both
//! blocking restrictions and their revocations, granted and removed techniques, fight,
//! restore_stats, choose_mana, spawn_artifact), artifacts with activated and triggered
//! abilities, `max_activations`, vigilance, `on_card_buff`, a condition and a tutor by group,
//! for random games of the 0.9 rules (rtg-sim's bots' tests, rtg-view's narration tests).

use std::sync::Arc;

use rtg_core::*;

use crate::cards::{ability, alteration, amount, basic_mana, creature, int, mana, triggered};

fn spell(id: &str, cost: Mana, alterations: Vec<AlterationData>) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Spell)
        .with_cost(cost)
        .with_ability(ability(AbilityType::Activated, Mana::EMPTY, alterations))
}

fn choose(effect: &str, params: &[(&str, ParamValue)]) -> AlterationData {
    alteration(effect, TargetSpec::Choose, params)
}

fn until_end_of_turn(mut alt: AlterationData) -> AlterationData {
    alt.end_trigger = Some(EventType::OnTurnEnd);
    alt
}

fn technique(t: Technique) -> ParamValue {
    ParamValue::Technique(t)
}

/// The mana options of the choice: one fire, or two earth.
pub fn prism_options() -> ParamValue {
    use ManaType::*;
    ParamValue::ManaOptions(Arc::from(
        vec![mana(&[(Fire, 1)]), mana(&[(Earth, 2)])].into_boxed_slice(),
    ))
}

/// The cards, mana first.
pub fn language_cards() -> Vec<Arc<CardDefinition>> {
    use ManaType::*;
    use TargetSpec::*;
    let any = |n: u32| mana(&[(Any, n)]);
    // An artifact token with an activated ability, once a turn.
    let mut spark = ability(
        AbilityType::Activated,
        any(1),
        vec![alteration(
            "damage_player",
            Opponent,
            &[("amount", amount(1))],
        )],
    );
    spark.max_activations = Some(1);
    let relic = Arc::new(
        CardDefinition::vanilla("relic", "Relic", CardType::Artifact).with_ability(spark.clone()),
    );
    // An artifact that taps a creature of the opponent's, once a turn, for one mana.
    let mut hold = ability(
        AbilityType::Activated,
        any(1),
        vec![choose("tap_card", &[])],
    );
    hold.max_activations = Some(1);
    // An artifact whose triggered ability gives mana by a choice, at most once a turn.
    let mut altar = triggered(
        EventType::OnCardEnterBattlefield,
        "choose_mana",
        Owner,
        &[("options", prism_options())],
    );
    altar.alterations[0].trigger_self = false;
    altar.alterations[0].trigger_owner = TriggerOwner::Owner;
    altar.max_activations = Some(1);
    // A creature that cheers when any creature is buffed (so `on_card_buff` is heard).
    let mut cheer = triggered(
        EventType::OnCardBuff,
        "heal_player",
        Owner,
        &[("amount", amount(1))],
    );
    cheer.alterations[0].trigger_self = false;
    // A medic that heals only while its owner is below 15 health.
    let mut medic = triggered(
        EventType::OnTurnStart,
        "heal_player",
        Owner,
        &[("amount", amount(1))],
    );
    medic.alterations[0].condition = Some(Arc::new(
        Condition::compare(
            Variable::LifeTotal,
            CompareOp::Lt,
            Operand::Int(Expr::Const(15)),
        )
        .unwrap(),
    ));
    // A creature's activated ability, once a turn: under `ptg-0.9` an attacker without
    // vigilance is tapped and cannot use it after attacking.
    let mut watch = ability(
        AbilityType::Activated,
        Mana::EMPTY,
        vec![alteration("heal_player", Owner, &[("amount", amount(1))])],
    );
    watch.max_activations = Some(1);
    // A tutor: every goblin of the owner's deck goes to the hand (`move_card` by group: no
    // card is drawn).
    let mut muster = alteration(
        "move_card",
        Owner,
        &[
            ("from_zone", ParamValue::Zone(Zone::Deck)),
            ("to_zone", ParamValue::Zone(Zone::Hand)),
        ],
    );
    muster.group = Some(Arc::from("goblin"));
    muster.from_zone = Some(Zone::Deck);
    let mut cowed = choose("cannot_block", &[]);
    cowed.turn_duration = Some(2.into());
    let cards = vec![
        basic_mana("fire_mana", Fire),
        basic_mana("earth_mana", Earth),
        basic_mana("water_mana", Water),
        creature("goblin", mana(&[(Fire, 1)]), 2, 2).with_group("goblin"),
        creature("sentinel", mana(&[(Earth, 1)]), 2, 3)
            .with_techniques([Technique::Vigilance])
            .with_ability(watch.clone()),
        creature("scout", mana(&[(Fire, 1)]), 2, 2).with_ability(watch),
        creature("archer", mana(&[(Earth, 1)]), 1, 3).with_techniques([Technique::Reach]),
        creature("hawk", mana(&[(Any, 2)]), 2, 2).with_techniques([Technique::Flying]),
        creature("brawler", mana(&[(Earth, 2)]), 3, 3).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "fight",
            Choose,
            &[],
        )),
        creature("shrinker", mana(&[(Water, 1)]), 1, 1).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "set_stats",
            Choose,
            &[("attack", int(0)), ("defense", int(1))],
        )),
        creature("smith", mana(&[(Any, 2)]), 1, 2).with_ability(triggered(
            EventType::OnCardEnterBattlefield,
            "spawn_artifact",
            Owner,
            &[("template", ParamValue::Template(relic)), ("count", int(1))],
        )),
        creature("fan", mana(&[(Any, 1)]), 0, 2).with_ability(cheer),
        creature("medic", mana(&[(Any, 1)]), 1, 2).with_ability(medic),
        CardDefinition::vanilla("shackle", "Shackle", CardType::Artifact)
            .with_cost(any(1))
            .with_ability(hold),
        CardDefinition::vanilla("altar", "Altar", CardType::Artifact)
            .with_cost(any(1))
            .with_ability(altar),
        CardDefinition::vanilla("totem", "Totem", CardType::Artifact)
            .with_cost(any(2))
            .with_ability(spark),
        spell("snare", mana(&[(Water, 1)]), vec![choose("tap_card", &[])]),
        spell("rouse", any(1), vec![choose("untap_card", &[])]),
        spell("cow", mana(&[(Water, 1)]), vec![cowed]),
        spell("embolden", any(1), vec![choose("revoke_cannot_block", &[])]),
        spell(
            "cloak",
            mana(&[(Water, 1)]),
            vec![until_end_of_turn(choose("unblockable", &[]))],
        ),
        spell("expose", any(1), vec![choose("revoke_unblockable", &[])]),
        spell(
            "wings",
            any(1),
            vec![until_end_of_turn(choose(
                "grant_technique",
                &[("technique", technique(Technique::Flying))],
            ))],
        ),
        spell(
            "clip",
            any(1),
            vec![choose(
                "remove_technique",
                &[("technique", technique(Technique::Reach))],
            )],
        ),
        spell(
            "venom",
            any(1),
            vec![until_end_of_turn(choose(
                "grant_technique",
                &[("technique", technique(Technique::Deathtouch))],
            ))],
        ),
        spell("restore", Mana::EMPTY, vec![choose("restore_stats", &[])]),
        spell("muster", any(1), vec![muster]),
        spell(
            "prism",
            Mana::EMPTY,
            vec![alteration(
                "choose_mana",
                Owner,
                &[("options", prism_options())],
            )],
        ),
        spell(
            "cry",
            mana(&[(Fire, 1)]),
            vec![until_end_of_turn(choose(
                "buff_card",
                &[("attack_increase", int(2)), ("defense_increase", int(0))],
            ))],
        ),
    ];
    cards.into_iter().map(Arc::new).collect()
}

/// A 42-card deck of the language cards: 15 mana cards, three goblins, then one of each other
/// card.
pub fn language_deck() -> Vec<Arc<CardDefinition>> {
    let cards = language_cards();
    let mut deck: Vec<_> = cards[..3].iter().cycle().take(15).cloned().collect();
    deck.extend([cards[3].clone(), cards[3].clone()]);
    deck.extend(cards[3..].iter().cloned());
    deck
}
