//! The 17 built-in effects, one test (or a few) each: the state they leave and the exact events
//! they cause. Most effects are used by a spell that P0 plays in its main phase: the spell's
//! events are the effect's, followed by the spell itself entering its owner's graveyard.

use std::sync::Arc;

use crate::prelude::*;

use super::support::*;

/// The position: one spell in P0's hand doing `alteration`, plus whatever `build` adds.
fn with_spell(
    alteration: AlterationData,
    mut cards: Vec<CardDefinition>,
    build: impl FnOnce(&mut Pos),
) -> (GameState, InstanceId) {
    cards.push(spell("the_spell", vec![alteration]));
    let mut p = pos(cards);
    let spell = p.add(P0, Zone::Hand, "the_spell");
    build(&mut p);
    (p.state(), spell)
}

fn player_target(p: PlayerId) -> Target {
    Target::Player(p)
}

// ---------------------------------------------------------------------------------------------
// damage_card

#[test]
fn damage_card_marks_damage_and_the_creature_dies_at_lethal() {
    let mut bear = None;
    let (state, spell) = with_spell(
        alt("damage_card", TargetSpec::Choose, &[("amount", amount(2))]),
        vec![creature("bear", 2, 3)],
        |p| bear = Some(p.field(P1, "bear")),
    );
    let bear = bear.unwrap();
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec!["on_card_receive_damage", "on_card_enter_graveyard"]
    );
    assert_eq!(after.card(bear).stats.damage, 2);
    assert_eq!(after.card(bear).defense(), 1);
    let damage = events[0];
    assert_eq!(damage.source, Some(bear));
    assert_eq!(damage.zone_owner, Some(P1));
    assert_eq!(damage.target, Some(Target::Card(bear)));
    assert_eq!(damage.amount, Some(2));

    // Two more: lethal. The creature dies at the state-based check after the effect.
    let mut p = pos(vec![
        creature("bear", 2, 3),
        super::support::spell(
            "bolt",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(3))],
            )],
        ),
    ]);
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let bear = p.field(P1, "bear");
    let (after, events) = ok(&p.state(), play_at(P0, bolt, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
        ]
    );
    assert_eq!(events[3].source, Some(bear));
    assert_eq!(events[4].source, Some(bolt));
    assert_eq!(zone_ids(&after, P1, Zone::Graveyard), vec!["bear"]);
}

#[test]
fn damage_card_from_a_deathtouch_source_destroys_even_outside_combat() {
    let stinger = creature("stinger", 1, 1)
        .with_techniques([Technique::Deathtouch])
        .with_ability(activated(
            Mana::EMPTY,
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(1))],
            )],
        ));
    let mut p = pos(vec![stinger, creature("wall", 0, 10)]);
    let stinger = p.field(P0, "stinger");
    let wall = p.field(P1, "wall");
    let (after, events) = ok(
        &p.state(),
        Action::ActivateAbility {
            player: P0,
            card: stinger,
            ability_index: 0,
            target: Some(Target::Card(wall)),
        },
    );
    assert_eq!(
        names(&events),
        vec![
            "on_ability_activated",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
    assert_eq!(after.card(wall).location(), Location::Graveyard);
}

#[test]
fn huge_damage_to_a_creature_saturates_without_panic() {
    let (state, spell) = with_spell(
        alt(
            "damage_card",
            TargetSpec::Choose,
            &[("amount", amount(i32::MAX))],
        ),
        vec![creature("bear", 2, 3)],
        |p| {
            let bear = p.field(P1, "bear");
            p.setup(
                bear,
                CardSetup {
                    damage: 2,
                    ..CardSetup::default()
                },
            );
        },
    );
    let bear = state.player(P1).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(events[0].amount, Some(i32::MAX));
    assert_eq!(after.card(bear).location(), Location::Graveyard);
    assert_eq!(after.card(bear).stats.damage, i32::MAX);
}

// ---------------------------------------------------------------------------------------------
// damage_player

#[test]
fn damage_player_lowers_health_and_records_the_source_card() {
    let (state, spell) = with_spell(
        alt(
            "damage_player",
            TargetSpec::Opponent,
            &[("amount", amount(3))],
        ),
        vec![],
        |_| {},
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_player_receive_damage", "on_card_enter_graveyard"]
    );
    assert_eq!(after.player(P1).health, 17);
    let e = events[0];
    assert_eq!(e.source, Some(spell));
    assert_eq!(e.source_def, Some(state.card(spell).def));
    assert_eq!(e.zone_owner, Some(P1));
    assert_eq!(e.target, Some(player_target(P1)));
    assert_eq!(e.amount, Some(3));
}

#[test]
fn player_health_never_goes_below_zero_and_huge_damage_saturates() {
    for dealt in [25, i32::MAX] {
        let (state, spell) = with_spell(
            alt(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", amount(dealt))],
            ),
            vec![],
            |_| {},
        );
        let (after, events) = ok(&state, play(P0, spell));
        assert_eq!(after.player(P1).health, 0);
        assert_eq!(
            names(&events),
            vec![
                "on_player_receive_damage",
                "on_player_death",
                "on_card_enter_graveyard"
            ]
        );
        assert_eq!(
            events[0].amount,
            Some(dealt),
            "the event says what was dealt"
        );
        assert_eq!(after.status(), GameStatus::Winner(P0));
    }
}

// ---------------------------------------------------------------------------------------------
// heal_player

#[test]
fn heal_player_has_no_maximum_and_saturates() {
    let (state, spell) = with_spell(
        alt("heal_player", TargetSpec::Owner, &[("amount", amount(5))]),
        vec![],
        |_| {},
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(after.player(P0).health, 25, "health has no maximum");
    assert_eq!(
        names(&events),
        vec!["on_player_healed", "on_card_enter_graveyard"]
    );
    let e = events[0];
    assert_eq!(
        (e.source, e.zone_owner, e.target, e.amount),
        (Some(spell), Some(P0), Some(player_target(P0)), Some(5))
    );

    let (state, spell) = with_spell(
        alt(
            "heal_player",
            TargetSpec::Owner,
            &[("amount", amount(i32::MAX))],
        ),
        vec![],
        |_| {},
    );
    let (after, _) = ok(&state, play(P0, spell));
    assert_eq!(after.player(P0).health, i32::MAX);
}

#[test]
fn heal_player_amount_defense_is_the_source_current_defense() {
    // $defense counts buffs and subtracts damage, read when the ability is used.
    let healer = creature("healer", 1, 5).with_ability(activated(
        Mana::EMPTY,
        vec![alt(
            "heal_player",
            TargetSpec::Owner,
            &[("amount", ParamValue::Amount(Amount::SourceDefense))],
        )],
    ));
    let mut p = pos(vec![healer]);
    let healer = p.field(P0, "healer");
    p.setup(
        healer,
        CardSetup {
            damage: 3,
            defense_buff: 2,
            ..CardSetup::default()
        },
    );
    let activate = Action::ActivateAbility {
        player: P0,
        card: healer,
        ability_index: 0,
        target: None,
    };
    let (after, events) = ok(&p.state(), activate);
    assert_eq!(
        names(&events),
        vec!["on_ability_activated", "on_player_healed"]
    );
    assert_eq!(events[1].amount, Some(4));
    assert_eq!(after.player(P0).health, 24);
}

// ---------------------------------------------------------------------------------------------
// buff_card

#[test]
fn buff_card_adds_to_attack_and_defense_with_a_default_of_zero() {
    let (state, spell) = with_spell(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(2))],
        ),
        vec![creature("bear", 2, 2)],
        |p| {
            p.field(P0, "bear");
        },
    );
    let bear = state.player(P0).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard"],
        "a buff emits no event"
    );
    assert_eq!(
        (after.card(bear).attack(), after.card(bear).defense()),
        (4, 2)
    );
}

#[test]
fn attack_never_goes_below_zero() {
    let (state, spell) = with_spell(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(-5))],
        ),
        vec![creature("bear", 2, 2)],
        |p| {
            p.field(P0, "bear");
        },
    );
    let bear = state.player(P0).battlefield()[0];
    let (after, _) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(after.card(bear).attack(), 0);
    // The buffs still add up: +1 on top of -5 leaves a printed 2 at 0.
    assert_eq!(after.card(bear).stats.attack_buff, -5);
}

#[test]
fn a_negative_defense_buff_can_take_defense_below_zero_and_the_creature_dies() {
    let (state, spell) = with_spell(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[("defense_increase", int(-5))],
        ),
        vec![creature("bear", 2, 2)],
        |p| {
            p.field(P0, "bear");
        },
    );
    let bear = state.player(P0).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(after.card(bear).defense(), -3);
    assert_eq!(after.card(bear).location(), Location::Graveyard);
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
        ]
    );
}

#[test]
fn huge_buffs_saturate_without_panic() {
    let (state, spell) = with_spell(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[
                ("attack_increase", int(i32::MAX)),
                ("defense_increase", int(i32::MAX)),
            ],
        ),
        vec![creature("bear", 2, 2)],
        |p| {
            p.field(P0, "bear");
        },
    );
    let bear = state.player(P0).battlefield()[0];
    let (after, _) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(after.card(bear).attack(), i32::MAX);
    assert_eq!(after.card(bear).defense(), i32::MAX);
}

// ---------------------------------------------------------------------------------------------
// buff_all

#[test]
fn buff_all_buffs_every_creature_of_that_player_only() {
    let (state, spell) = with_spell(
        alt(
            "buff_all",
            TargetSpec::Owner,
            &[("attack_increase", int(1)), ("defense_increase", int(2))],
        ),
        vec![
            creature("bear", 2, 2),
            creature("elf", 1, 1),
            basic_mana("fire", ManaType::Fire),
        ],
        |p| {
            p.field(P0, "bear");
            p.field(P0, "fire");
            p.field(P0, "elf");
            p.field(P1, "bear");
        },
    );
    let mine: Vec<_> = state.player(P0).battlefield().iter().copied().collect();
    let theirs = state.player(P1).battlefield()[0];
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    let stats = |id: InstanceId| (after.card(id).attack(), after.card(id).defense());
    assert_eq!(stats(mine[0]), (3, 4));
    assert_eq!(stats(mine[2]), (2, 3));
    assert_eq!(
        after.card(mine[1]).stats,
        state.card(mine[1]).stats,
        "a mana card is not buffed"
    );
    assert_eq!(stats(theirs), (2, 2));
}

// ---------------------------------------------------------------------------------------------
// draw_card

#[test]
fn draw_card_draws_one_by_default_with_one_event_per_card() {
    let (state, spell) = with_spell(
        alt("draw_card", TargetSpec::Owner, &[]),
        vec![creature("bear", 2, 2), creature("elf", 1, 1)],
        |p| {
            p.add(P0, Zone::Deck, "bear");
            p.add(P0, Zone::Deck, "elf");
        },
    );
    let top = state.player(P0).deck()[0];
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_draw", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P0, Zone::Hand), vec!["bear"]);
    let e = events[0];
    assert_eq!(
        (e.source, e.zone_owner, e.target),
        (Some(top), Some(P0), Some(player_target(P0)))
    );
}

#[test]
fn draw_card_from_an_empty_deck_loses_the_game() {
    let (state, spell) = with_spell(
        alt("draw_card", TargetSpec::Owner, &[("count", int(3))]),
        vec![creature("bear", 2, 2)],
        |p| {
            p.add(P0, Zone::Deck, "bear");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_draw", "on_player_death", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P0, Zone::Hand), vec!["bear"]);
    assert_eq!(after.status(), GameStatus::Winner(P1));
}

// ---------------------------------------------------------------------------------------------
// destroy_card

#[test]
fn destroy_card_kills_whatever_its_defense() {
    let (state, spell) = with_spell(
        alt("destroy_card", TargetSpec::Choose, &[]),
        vec![creature("giant", 5, 50)],
        |p| {
            p.field(P1, "giant");
        },
    );
    let giant = state.player(P1).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(giant)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
        ]
    );
    for e in &events[..3] {
        assert_eq!((e.source, e.zone_owner), (Some(giant), Some(P1)));
    }
    assert_eq!(zone_ids(&after, P1, Zone::Graveyard), vec!["giant"]);
}

// ---------------------------------------------------------------------------------------------
// spend_mana

#[test]
fn spend_mana_takes_from_the_pool() {
    let (state, spell) = with_spell(
        alt(
            "spend_mana",
            TargetSpec::Opponent,
            &[(
                "mana_requirement",
                ParamValue::Mana(mana(&[(ManaType::Fire, 1), (ManaType::Any, 1)])),
            )],
        ),
        vec![],
        |p| {
            p.pool(P1, mana(&[(ManaType::Fire, 2), (ManaType::Water, 1)]));
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_player_mana_spent", "on_card_enter_graveyard"]
    );
    assert_eq!(after.player(P1).pool, mana(&[(ManaType::Water, 1)]));
    let e = events[0];
    assert_eq!(
        (e.source, e.zone_owner, e.target, e.amount),
        (Some(spell), Some(P1), Some(player_target(P1)), Some(2))
    );
}

#[test]
fn spend_mana_that_cannot_be_covered_spends_nothing() {
    let (state, spell) = with_spell(
        alt(
            "spend_mana",
            TargetSpec::Opponent,
            &[(
                "mana_requirement",
                ParamValue::Mana(mana(&[(ManaType::Fire, 3)])),
            )],
        ),
        vec![],
        |p| {
            p.pool(P1, mana(&[(ManaType::Fire, 2)]));
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    assert_eq!(after.player(P1).pool, mana(&[(ManaType::Fire, 2)]));
}

// ---------------------------------------------------------------------------------------------
// gain_mana

#[test]
fn gain_mana_adds_to_the_pool_but_not_to_the_mana_sources() {
    let (state, spell) = with_spell(
        alt(
            "gain_mana",
            TargetSpec::Owner,
            &[("amounts", ParamValue::Mana(mana(&[(ManaType::Water, 2)])))],
        ),
        vec![basic_mana("fire", ManaType::Fire)],
        |p| {
            p.field(P0, "fire");
            p.pool(P0, mana(&[(ManaType::Fire, 1)]));
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_player_mana_gained", "on_card_enter_graveyard"]
    );
    assert_eq!(
        after.player(P0).pool,
        mana(&[(ManaType::Fire, 1), (ManaType::Water, 2)])
    );
    assert_eq!(after.mana_sources(P0), mana(&[(ManaType::Fire, 1)]));
    let e = events[0];
    assert_eq!(
        (e.source, e.zone_owner, e.target, e.amount),
        (Some(spell), Some(P0), Some(player_target(P0)), Some(2))
    );
}

// ---------------------------------------------------------------------------------------------
// spawn_creature

#[test]
fn spawn_creature_with_an_inline_template_creates_sick_tokens() {
    let wasp = Arc::new(creature("token_wasp", 1, 1));
    let (state, spell) = with_spell(
        alt(
            "spawn_creature",
            TargetSpec::Owner,
            &[("template", ParamValue::Template(wasp)), ("count", int(2))],
        ),
        vec![],
        |_| {},
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec![
            "on_card_enter_battlefield",
            "on_card_enter_battlefield",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(
        zone_ids(&after, P0, Zone::Battlefield),
        vec!["token_wasp", "token_wasp"]
    );
    for &id in after.player(P0).battlefield() {
        let token = after.card(id);
        assert!(token.token && token.summoning_sick);
        assert_eq!((token.attack(), token.defense()), (1, 1));
    }
    assert_eq!(events[0].source, Some(after.player(P0).battlefield()[0]));
    assert_eq!(events[0].zone_owner, Some(P0));
}

#[test]
fn spawn_creature_with_a_catalog_template_defaults_to_one() {
    // `template_card_id: goblin_01` is resolved by the loader into the catalog's definition.
    let goblin = creature("goblin_01", 2, 2);
    let (state, spell) = with_spell(
        alt(
            "spawn_creature",
            TargetSpec::Opponent,
            &[("template", ParamValue::Template(Arc::new(goblin.clone())))],
        ),
        vec![goblin],
        |p| {
            p.add(P1, Zone::Hand, "goblin_01");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P1, Zone::Battlefield), vec!["goblin_01"]);
    let token = after.player(P1).battlefield()[0];
    assert_eq!(
        after.card(token).def,
        after.card(state.player(P1).hand()[0]).def
    );
    assert!(after.card(token).token);
}

// ---------------------------------------------------------------------------------------------
// recruit

fn recruit_from(zone: Zone) -> (GameState, GameState, Vec<Event>) {
    let (state, spell) = with_spell(
        alt(
            "recruit",
            TargetSpec::Owner,
            &[
                (
                    "card_definition_id",
                    ParamValue::Card(CardId::new("goblin_01")),
                ),
                ("from_zone", ParamValue::Zone(zone)),
            ],
        ),
        vec![creature("goblin_01", 2, 2), creature("elf", 1, 1)],
        |p| {
            p.add(P0, zone, "elf");
            p.add(P0, zone, "goblin_01");
            p.add(P0, zone, "goblin_01");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    (state, after, events)
}

#[test]
fn recruit_from_the_hand_puts_the_first_matching_card_onto_the_battlefield() {
    let (before, after, events) = recruit_from(Zone::Hand);
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P0, Zone::Battlefield), vec!["goblin_01"]);
    assert_eq!(zone_ids(&after, P0, Zone::Hand), vec!["elf", "goblin_01"]);
    assert_eq!(
        after.player(P0).battlefield()[0],
        before.player(P0).hand()[2]
    );
    assert!(after.card(after.player(P0).battlefield()[0]).summoning_sick);
}

#[test]
fn recruit_from_the_deck() {
    let (_, after, events) = recruit_from(Zone::Deck);
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P0, Zone::Battlefield), vec!["goblin_01"]);
    assert_eq!(zone_ids(&after, P0, Zone::Deck), vec!["elf", "goblin_01"]);
}

#[test]
fn recruit_from_the_graveyard_leaves_the_graveyard() {
    let (before, after, events) = recruit_from(Zone::Graveyard);
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_graveyard",
            "on_card_enter_battlefield",
            "on_card_enter_graveyard"
        ]
    );
    let goblin = before.player(P0).graveyard()[1];
    assert_eq!(events[0].source, Some(goblin));
    assert_eq!(events[1].source, Some(goblin));
    assert_eq!(
        zone_ids(&after, P0, Zone::Graveyard),
        vec!["elf", "goblin_01", "the_spell"]
    );
}

#[test]
fn recruit_of_a_mana_card_adds_its_mana_and_never_recruits_a_spell() {
    let (state, spell) = with_spell(
        alt(
            "recruit",
            TargetSpec::Owner,
            &[
                ("card_definition_id", ParamValue::Card(CardId::new("fire"))),
                ("from_zone", ParamValue::Zone(Zone::Deck)),
            ],
        ),
        vec![basic_mana("fire", ManaType::Fire)],
        |p| {
            p.add(P0, Zone::Deck, "fire");
        },
    );
    let fire = state.player(P0).deck()[0];
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_player_mana_gained", "on_card_enter_graveyard"]
    );
    assert_eq!(events[0].source, Some(fire));
    assert_eq!(after.player(P0).pool, mana(&[(ManaType::Fire, 1)]));
    assert_eq!(after.mana_sources(P0), mana(&[(ManaType::Fire, 1)]));

    let (state, spell) = with_spell(
        alt(
            "recruit",
            TargetSpec::Owner,
            &[
                ("card_definition_id", ParamValue::Card(CardId::new("zap"))),
                ("from_zone", ParamValue::Zone(Zone::Hand)),
            ],
        ),
        vec![super::support::spell(
            "zap",
            vec![alt("draw_card", TargetSpec::Owner, &[])],
        )],
        |p| {
            p.add(P0, Zone::Hand, "zap");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    assert_eq!(zone_ids(&after, P0, Zone::Hand), vec!["zap"]);
}

#[test]
fn recruit_without_a_match_does_nothing() {
    let (state, spell) = with_spell(
        alt(
            "recruit",
            TargetSpec::Owner,
            &[
                (
                    "card_definition_id",
                    ParamValue::Card(CardId::new("goblin_01")),
                ),
                ("from_zone", ParamValue::Zone(Zone::Hand)),
            ],
        ),
        vec![creature("goblin_01", 2, 2)],
        |p| {
            p.add(P0, Zone::Deck, "goblin_01");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    assert!(after.player(P0).battlefield().is_empty());
}

// ---------------------------------------------------------------------------------------------
// return_to_hand

#[test]
fn return_to_hand_bounces_a_creature_which_comes_back_fresh() {
    let (state, spell) = with_spell(
        alt("return_to_hand", TargetSpec::Choose, &[]),
        vec![creature("bear", 2, 3)],
        |p| {
            let bear = p.field(P0, "bear");
            p.setup(
                bear,
                CardSetup {
                    damage: 2,
                    attack_buff: 1,
                    ..CardSetup::default()
                },
            );
        },
    );
    let bear = state.player(P0).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec!["on_card_leave_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(
        (events[0].source, events[0].zone_owner),
        (Some(bear), Some(P0))
    );
    assert_eq!(after.card(bear).location(), Location::Hand);
    // Played again, it is as printed and summoning sick.
    let (again, _) = ok(&after, play(P0, bear));
    let card = again.card(bear);
    assert_eq!(
        (card.attack(), card.defense(), card.stats.damage),
        (2, 3, 0)
    );
    assert!(card.summoning_sick);
}

#[test]
fn return_to_hand_takes_no_params_and_works_on_self() {
    let spec = builtin_registry()
        .get("return_to_hand")
        .unwrap()
        .spec()
        .clone();
    assert!(
        spec.params.is_empty(),
        "the spec's card_uuid is the target, not a param"
    );
    assert_eq!(spec.target_kind, TargetKind::Card);
    let shy = creature("shy", 1, 1).with_ability(activated(
        Mana::EMPTY,
        vec![alt("return_to_hand", TargetSpec::SelfCard, &[])],
    ));
    let mut p = pos(vec![shy]);
    let shy = p.field(P0, "shy");
    let activate = Action::ActivateAbility {
        player: P0,
        card: shy,
        ability_index: 0,
        target: None,
    };
    let (after, events) = ok(&p.state(), activate);
    assert_eq!(
        names(&events),
        vec!["on_ability_activated", "on_card_leave_battlefield"]
    );
    assert_eq!(after.card(shy).location(), Location::Hand);
}

#[test]
fn return_to_hand_of_a_token_makes_it_gone() {
    let wasp = Arc::new(creature("token_wasp", 1, 1));
    let mut p = pos(vec![
        spell(
            "hive",
            vec![alt(
                "spawn_creature",
                TargetSpec::Owner,
                &[("template", ParamValue::Template(wasp))],
            )],
        ),
        spell(
            "bounce",
            vec![alt("return_to_hand", TargetSpec::Choose, &[])],
        ),
    ]);
    let hive = p.add(P0, Zone::Hand, "hive");
    let bounce = p.add(P0, Zone::Hand, "bounce");
    let (state, _) = ok(&p.state(), play(P0, hive));
    let token = state.player(P0).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, bounce, Target::Card(token)));
    assert_eq!(
        names(&events),
        vec!["on_card_leave_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(after.card(token).location(), Location::Gone);
    assert!(after.player(P0).hand().is_empty());
    assert!(after.player(P0).battlefield().is_empty());
    assert!(after.check_invariants().is_ok());
}

// ---------------------------------------------------------------------------------------------
// mill

#[test]
fn mill_puts_the_top_cards_into_the_graveyard_and_stops_at_an_empty_deck() {
    let (state, spell) = with_spell(
        alt("mill", TargetSpec::Opponent, &[]),
        vec![creature("bear", 2, 2), creature("elf", 1, 1)],
        |p| {
            p.add(P1, Zone::Deck, "bear");
            p.add(P1, Zone::Deck, "elf");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert_eq!(zone_ids(&after, P1, Zone::Graveyard), vec!["bear"]);
    assert_eq!(zone_ids(&after, P1, Zone::Deck), vec!["elf"]);
    assert_eq!(events[0].zone_owner, Some(P1));

    let (state, spell) = with_spell(
        alt("mill", TargetSpec::Opponent, &[("count", int(5))]),
        vec![creature("bear", 2, 2)],
        |p| {
            p.add(P1, Zone::Deck, "bear");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert!(after.player(P1).deck().is_empty());
    assert_eq!(
        after.status(),
        GameStatus::Ongoing,
        "milling an empty deck is not drawing from it"
    );
}

// ---------------------------------------------------------------------------------------------
// random_discard

fn discard_with_seed(seed: u64) -> (GameState, Vec<Event>) {
    let (state, spell) = with_spell(
        alt("random_discard", TargetSpec::Opponent, &[]),
        vec![
            creature("a", 1, 1),
            creature("b", 1, 1),
            creature("c", 1, 1),
            creature("d", 1, 1),
        ],
        |p| {
            for id in ["a", "b", "c", "d"] {
                p.add(P1, Zone::Hand, id);
            }
            p.builder.seed(seed);
        },
    );
    ok(&state, play(P0, spell))
}

#[test]
fn random_discard_discards_one_by_default_chosen_by_the_seeded_generator() {
    let (after, events) = discard_with_seed(7);
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert_eq!(after.player(P1).hand().len(), 3);
    assert_eq!(after.player(P1).graveyard().len(), 1);
    assert_eq!(events[0].source, Some(after.player(P1).graveyard()[0]));
    // Same seed, same discard.
    let (again, _) = discard_with_seed(7);
    assert_eq!(
        zone_ids(&again, P1, Zone::Graveyard),
        zone_ids(&after, P1, Zone::Graveyard)
    );
    // The choice depends on the seed.
    let picks: std::collections::BTreeSet<_> = (0..16)
        .map(|seed| zone_ids(&discard_with_seed(seed).0, P1, Zone::Graveyard))
        .collect();
    assert!(picks.len() > 1, "the discard is random: {picks:?}");
}

#[test]
fn random_discard_stops_at_an_empty_hand() {
    let (state, spell) = with_spell(
        alt("random_discard", TargetSpec::Opponent, &[("count", int(5))]),
        vec![creature("a", 1, 1)],
        |p| {
            p.add(P1, Zone::Hand, "a");
        },
    );
    let (after, events) = ok(&state, play(P0, spell));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert!(after.player(P1).hand().is_empty());
}

// ---------------------------------------------------------------------------------------------
// set_stats

#[test]
fn set_stats_sets_the_current_values_exactly_and_later_buffs_add() {
    // A 2/4 with +1/+1 and 2 damage (3/3 now) is set to 5/1: 5/1 exactly.
    let mut p = pos(vec![
        creature("bear", 2, 4),
        spell(
            "polymorph",
            vec![alt(
                "set_stats",
                TargetSpec::Choose,
                &[("attack", int(5)), ("defense", int(1))],
            )],
        ),
        spell(
            "pump",
            vec![alt(
                "buff_card",
                TargetSpec::Choose,
                &[("attack_increase", int(1)), ("defense_increase", int(2))],
            )],
        ),
    ]);
    let polymorph = p.add(P0, Zone::Hand, "polymorph");
    let pump = p.add(P0, Zone::Hand, "pump");
    let bear = p.field(P0, "bear");
    p.setup(
        bear,
        CardSetup {
            damage: 2,
            attack_buff: 1,
            defense_buff: 1,
            ..CardSetup::default()
        },
    );
    let (after, events) = ok(&p.state(), play_at(P0, polymorph, Target::Card(bear)));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    assert_eq!(
        (after.card(bear).attack(), after.card(bear).defense()),
        (5, 1)
    );
    let (after, _) = ok(&after, play_at(P0, pump, Target::Card(bear)));
    assert_eq!(
        (after.card(bear).attack(), after.card(bear).defense()),
        (6, 3)
    );
}

#[test]
fn set_stats_of_one_stat_leaves_the_other_alone() {
    let (state, spell) = with_spell(
        alt("set_stats", TargetSpec::Choose, &[("attack", int(0))]),
        vec![creature("bear", 2, 4)],
        |p| {
            let bear = p.field(P1, "bear");
            p.setup(
                bear,
                CardSetup {
                    damage: 1,
                    attack_buff: 3,
                    defense_buff: 1,
                    ..CardSetup::default()
                },
            );
        },
    );
    let bear = state.player(P1).battlefield()[0];
    let (after, _) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        (after.card(bear).attack(), after.card(bear).defense()),
        (0, 4)
    );
}

#[test]
fn set_stats_makes_earlier_temporary_buffs_stop_counting() {
    // A +3/+3 until end of turn, then a set to 1/1: at the end of the turn the creature is still
    // 1/1 (the earlier buff's reversal no longer applies), not -2/-2 and dead.
    let mut giant = alt(
        "buff_card",
        TargetSpec::Choose,
        &[("attack_increase", int(3)), ("defense_increase", int(3))],
    );
    giant.end_trigger = Some(EventType::OnTurnEnd);
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell("giant_growth", vec![giant]),
        spell(
            "polymorph",
            vec![alt(
                "set_stats",
                TargetSpec::Choose,
                &[("attack", int(1)), ("defense", int(1))],
            )],
        ),
    ]);
    let growth = p.add(P0, Zone::Hand, "giant_growth");
    let polymorph = p.add(P0, Zone::Hand, "polymorph");
    let bear = p.field(P0, "bear");
    let (state, _) = ok(&p.state(), play_at(P0, growth, Target::Card(bear)));
    assert_eq!(state.card(bear).attack(), 5);
    let (state, _) = ok(&state, play_at(P0, polymorph, Target::Card(bear)));
    let (end, events) = advance_to(&state, Phase::End);
    assert_eq!((end.card(bear).attack(), end.card(bear).defense()), (1, 1));
    assert!(end.card(bear).on_battlefield());
    assert_eq!(names(&events), vec!["on_combat_resolved", "on_turn_end"]);
}

// ---------------------------------------------------------------------------------------------
// recycle_graveyard

fn recycle_with_seed(seed: u64) -> (GameState, Vec<Event>) {
    let (state, spell) = with_spell(
        alt("recycle_graveyard", TargetSpec::Owner, &[]),
        vec![
            creature("a", 1, 1),
            creature("b", 1, 1),
            creature("c", 1, 1),
            creature("d", 1, 1),
        ],
        |p| {
            p.add(P0, Zone::Deck, "d");
            for id in ["a", "b", "c"] {
                p.add(P0, Zone::Graveyard, id);
            }
            p.builder.seed(seed);
        },
    );
    ok(&state, play(P0, spell))
}

#[test]
fn recycle_graveyard_shuffles_the_graveyard_into_the_deck_deterministically() {
    let (after, events) = recycle_with_seed(3);
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_graveyard",
            "on_card_leave_graveyard",
            "on_card_leave_graveyard",
            "on_card_enter_graveyard",
        ]
    );
    // The spell itself resolves before it goes to the graveyard: it is not recycled.
    assert_eq!(zone_ids(&after, P0, Zone::Graveyard), vec!["the_spell"]);
    let mut deck = zone_ids(&after, P0, Zone::Deck);
    let (again, _) = recycle_with_seed(3);
    assert_eq!(
        zone_ids(&again, P0, Zone::Deck),
        deck,
        "same seed, same order"
    );
    deck.sort();
    assert_eq!(deck, vec!["a", "b", "c", "d"]);
    let orders: std::collections::BTreeSet<_> = (0..16)
        .map(|seed| zone_ids(&recycle_with_seed(seed).0, P0, Zone::Deck))
        .collect();
    assert!(orders.len() > 1, "the order depends on the seed");
}

// ---------------------------------------------------------------------------------------------
// move_card

fn mover(from: Zone, to: Zone) -> AlterationData {
    alt(
        "move_card",
        TargetSpec::Choose,
        &[
            ("from_zone", ParamValue::Zone(from)),
            ("to_zone", ParamValue::Zone(to)),
        ],
    )
}

#[test]
fn move_card_from_hand_to_graveyard() {
    let (state, spell) = with_spell(
        mover(Zone::Hand, Zone::Graveyard),
        vec![creature("bear", 2, 2)],
        |p| {
            p.add(P1, Zone::Hand, "bear");
        },
    );
    let bear = state.player(P1).hand()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert_eq!(
        (events[0].source, events[0].zone_owner),
        (Some(bear), Some(P1))
    );
    assert_eq!(zone_ids(&after, P1, Zone::Graveyard), vec!["bear"]);
}

#[test]
fn move_card_from_graveyard_to_battlefield_and_from_battlefield_to_the_top_of_the_deck() {
    let (state, spell) = with_spell(
        mover(Zone::Graveyard, Zone::Battlefield),
        vec![creature("bear", 2, 2)],
        |p| {
            p.add(P0, Zone::Graveyard, "bear");
        },
    );
    let bear = state.player(P0).graveyard()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_graveyard",
            "on_card_enter_battlefield",
            "on_card_enter_graveyard"
        ]
    );
    assert!(after.card(bear).on_battlefield());

    let (state, spell) = with_spell(
        mover(Zone::Battlefield, Zone::Deck),
        vec![creature("bear", 2, 2), creature("elf", 1, 1)],
        |p| {
            p.field(P1, "bear");
            p.add(P1, Zone::Deck, "elf");
        },
    );
    let bear = state.player(P1).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(
        names(&events),
        vec!["on_card_leave_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(
        zone_ids(&after, P1, Zone::Deck),
        vec!["bear", "elf"],
        "a card put into a deck goes on top"
    );
}

#[test]
fn move_card_needs_the_card_in_its_from_zone() {
    let (state, spell) = with_spell(
        mover(Zone::Hand, Zone::Graveyard),
        vec![creature("bear", 2, 2)],
        |p| {
            p.add(P1, Zone::Deck, "bear");
        },
    );
    let bear = state.player(P1).deck()[0];
    let error = refused(&state, play_at(P0, spell, Target::Card(bear)));
    assert_eq!(error.kind(), "illegal_target");
}

#[test]
fn move_card_never_puts_a_spell_onto_the_battlefield() {
    let (state, spell) = with_spell(
        mover(Zone::Hand, Zone::Battlefield),
        vec![spell(
            "other_spell",
            vec![alt("draw_card", TargetSpec::Owner, &[])],
        )],
        |p| {
            p.add(P1, Zone::Hand, "other_spell");
        },
    );
    let other = state.player(P1).hand()[0];
    let (after, events) = ok(&state, play_at(P0, spell, Target::Card(other)));
    assert_eq!(names(&events), vec!["on_card_enter_graveyard"]);
    assert_eq!(after.card(other).location(), Location::Hand);
}

#[test]
fn dollar_attack_is_the_source_attack_when_the_effect_starts() {
    let archer = creature("archer", 3, 3).with_ability(activated(
        Mana::EMPTY,
        vec![alt(
            "damage_player",
            TargetSpec::Opponent,
            &[("amount", ParamValue::Amount(Amount::SourceAttack))],
        )],
    ));
    let mut p = pos(vec![archer]);
    let archer = p.field(P0, "archer");
    p.setup(
        archer,
        CardSetup {
            attack_buff: 2,
            ..CardSetup::default()
        },
    );
    let activate = Action::ActivateAbility {
        player: P0,
        card: archer,
        ability_index: 0,
        target: None,
    };
    let (after, events) = ok(&p.state(), activate);
    assert_eq!(
        names(&events),
        vec!["on_ability_activated", "on_player_receive_damage"]
    );
    assert_eq!(events[1].amount, Some(5));
    assert_eq!(after.player(P1).health, 15);
}

#[test]
fn dollar_attack_of_a_queued_trigger_is_read_when_it_resolves_not_when_it_fired() {
    // At the turn start: +3 attack, then damage equal to its attack. Both are queued by the same
    // event; the damage reads the attack when it resolves, after the buff.
    let brute = creature("brute", 1, 5).with_ability(triggered(vec![
        on(
            EventType::OnTurnStart,
            alt(
                "buff_card",
                TargetSpec::SelfCard,
                &[("attack_increase", int(3))],
            ),
        ),
        on(
            EventType::OnTurnStart,
            alt(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", ParamValue::Amount(Amount::SourceAttack))],
            ),
        ),
    ]));
    let mut p = pos(vec![brute]);
    p.field(P0, "brute");
    p.many(P1, Zone::Deck, "brute", 1);
    p.phase(Phase::End);
    let (after, events) = advance(&p.state(), 1);
    assert_eq!(
        names(&events),
        vec!["on_turn_start", "on_player_receive_damage", "on_card_draw"]
    );
    assert_eq!(events[1].amount, Some(4));
    assert_eq!(after.player(P1).health, 16);
}

#[test]
fn every_builtin_effect_is_registered_with_its_target_kind() {
    let registry = builtin_registry();
    let expected = [
        ("damage_card", TargetKind::Card, true),
        ("damage_player", TargetKind::Player, true),
        ("heal_player", TargetKind::Player, true),
        ("buff_card", TargetKind::Card, true),
        ("buff_all", TargetKind::Player, true),
        ("draw_card", TargetKind::Player, false),
        ("destroy_card", TargetKind::Card, false),
        ("spend_mana", TargetKind::Player, true),
        ("gain_mana", TargetKind::Player, true),
        ("spawn_creature", TargetKind::Player, false),
        ("recruit", TargetKind::Player, false),
        ("return_to_hand", TargetKind::Card, false),
        ("mill", TargetKind::Player, false),
        ("random_discard", TargetKind::Player, false),
        ("set_stats", TargetKind::Card, true),
        ("recycle_graveyard", TargetKind::Player, false),
        ("move_card", TargetKind::Card, false),
        ("tap_card", TargetKind::Card, true),
        ("untap_card", TargetKind::Card, true),
        ("cannot_block", TargetKind::Card, true),
        ("revoke_cannot_block", TargetKind::Card, true),
        ("unblockable", TargetKind::Card, true),
        ("revoke_unblockable", TargetKind::Card, true),
        ("grant_technique", TargetKind::Card, true),
        ("remove_technique", TargetKind::Card, true),
        ("fight", TargetKind::Card, false),
        ("restore_stats", TargetKind::Card, true),
        ("choose_mana", TargetKind::Player, true),
        ("spawn_artifact", TargetKind::Player, false),
        ("cancel_delay", TargetKind::Card, false),
    ];
    assert_eq!(registry.len(), expected.len());
    for (name, kind, reversible) in expected {
        let spec = registry
            .get(name)
            .unwrap_or_else(|| panic!("{name} registered"))
            .spec();
        assert_eq!(
            (spec.target_kind, spec.reversible),
            (kind, reversible),
            "{name}"
        );
    }
}
