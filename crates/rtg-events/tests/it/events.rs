//! The 26 event types: each is emitted where its condition happens (combat, effects, turn
//! structure, actions), with the source, zone owner, target and amount documented in
//! `docs/rules.md`. The reference implementation never emits seven of them
//! (`on_card_receive_damage`, `on_card_healed`, `on_card_attack`, `on_card_defense`,
//! `on_player_death`, `on_player_mana_spent`, `on_player_healed`); rtg does.

use std::sync::Arc;

use crate::prelude::*;

use super::support::*;

/// (source, zone owner, target, amount) of an event.
type Detail = (
    Option<InstanceId>,
    Option<PlayerId>,
    Option<Target>,
    Option<i32>,
);

fn detail(event: &Event) -> Detail {
    (event.source, event.zone_owner, event.target, event.amount)
}

/// Every event with a source names that source's definition.
fn assert_source_defs(state: &GameState, events: &[Event]) {
    for e in events {
        match e.source {
            Some(id) => assert_eq!(e.source_def, Some(state.card(id).def), "{e:?}"),
            None => assert_eq!(e.source_def, None, "{e:?}"),
        }
    }
}

fn card(id: InstanceId) -> Option<Target> {
    Some(Target::Card(id))
}

fn player(p: PlayerId) -> Option<Target> {
    Some(Target::Player(p))
}

/// A position at the end phase of turn 1 (P0's), so that one advance starts P1's turn 2.
fn at_end_of_turn_one(p: &mut Pos) -> GameState {
    p.phase(Phase::End);
    p.state()
}

fn attack(p: PlayerId, attacker: InstanceId) -> Action {
    Action::DeclareAttack {
        player: p,
        attacker,
    }
}

fn block(p: PlayerId, blocker: InstanceId, combat_index: usize) -> Action {
    Action::DeclareDefense {
        player: p,
        blocker,
        combat_index,
    }
}

fn activate(p: PlayerId, card: InstanceId, ability_index: usize, target: Option<Target>) -> Action {
    Action::ActivateAbility {
        player: p,
        card,
        ability_index,
        target,
    }
}

/// P0's `attacker` attacks, P1's `blocker` (if any) blocks, and combat resolves; returns the
/// events of entering the combat phase.
fn fight(
    state: &GameState,
    attacker: InstanceId,
    blocker: Option<InstanceId>,
) -> (GameState, Vec<Event>) {
    let (state, _) = ok(state, attack(P0, attacker));
    let (mut state, _) = advance_to(&state, Phase::Defense);
    if let Some(blocker) = blocker {
        state = ok(&state, block(P1, blocker, 0)).0;
    }
    advance(&state, 1)
}

#[test]
fn on_card_enter_battlefield_when_a_creature_is_played() {
    let mut p = pos(vec![
        creature("bear", 2, 2).with_cost(mana(&[(ManaType::Fire, 1)])),
    ]);
    let bear = p.add(P0, Zone::Hand, "bear");
    p.pool(P0, mana(&[(ManaType::Fire, 1)]));
    let (after, events) = ok(&p.state(), play(P0, bear));
    assert_eq!(
        names(&events),
        vec!["on_player_mana_spent", "on_card_enter_battlefield"]
    );
    assert_eq!(detail(&events[1]), (Some(bear), Some(P0), card(bear), None));
    assert_source_defs(&after, &events);
}

#[test]
fn on_card_death_when_a_creature_dies_in_combat() {
    let mut p = pos(vec![creature("ogre", 3, 3), creature("bear", 2, 2)]);
    let ogre = p.field(P0, "ogre");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), ogre, Some(bear));
    assert_eq!(
        names(&events),
        vec![
            "on_card_receive_damage",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_combat_resolved",
        ]
    );
    assert_eq!(detail(&events[3]), (Some(bear), Some(P1), card(bear), None));
    assert_eq!(after.card(bear).location(), Location::Graveyard);
    assert_source_defs(&after, &events);
}

#[test]
fn on_card_receive_damage_from_combat_and_from_effects() {
    let mut p = pos(vec![
        creature("ogre", 3, 5),
        creature("bear", 2, 4),
        spell(
            "shock",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(1))],
            )],
        ),
    ]);
    let ogre = p.field(P0, "ogre");
    let bear = p.field(P1, "bear");
    let shock = p.add(P0, Zone::Hand, "shock");
    let (state, events) = fight(&p.state(), ogre, Some(bear));
    assert_eq!(
        names(&events),
        vec![
            "on_card_receive_damage",
            "on_card_receive_damage",
            "on_combat_resolved"
        ]
    );
    // The attacker's damage to its blocker first, then the blocker's to the attacker.
    assert_eq!(
        detail(&events[0]),
        (Some(bear), Some(P1), card(bear), Some(3))
    );
    assert_eq!(
        detail(&events[1]),
        (Some(ogre), Some(P0), card(ogre), Some(2))
    );
    let (state, _) = advance(&state, 1);
    let (after, events) = ok(&state, play_at(P0, shock, Target::Card(bear)));
    assert_eq!(
        detail(&events[0]),
        (Some(bear), Some(P1), card(bear), Some(1))
    );
    assert_eq!(after.card(bear).defense(), 0, "dead");
    assert_eq!(after.card(bear).location(), Location::Graveyard);
}

#[test]
fn on_card_attack_and_on_attack_declared_when_an_attacker_is_declared() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let bear = p.field(P0, "bear");
    let (after, events) = ok(&p.state(), attack(P0, bear));
    assert_eq!(names(&events), vec!["on_attack_declared", "on_card_attack"]);
    for e in &events {
        assert_eq!(detail(e), (Some(bear), Some(P0), player(P1), None));
    }
    assert_source_defs(&after, &events);
}

#[test]
fn on_attack_declared_comes_before_blockers_are_chosen() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let a = p.field(P0, "bear");
    let b = p.field(P0, "bear");
    let (state, first) = ok(&p.state(), attack(P0, a));
    let (state, _) = advance(&state, 1);
    assert_eq!(state.phase(), Phase::Attack);
    let (_, second) = ok(&state, attack(P0, b));
    assert_eq!(kinds(&first)[0], EventType::OnAttackDeclared);
    assert_eq!(kinds(&second)[0], EventType::OnAttackDeclared);
    assert_eq!(second[0].source, Some(b));
}

#[test]
fn on_card_defense_and_on_defense_declared_when_a_blocker_is_declared() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let attacker = p.field(P0, "bear");
    let blocker = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), attack(P0, attacker));
    let (state, _) = advance_to(&state, Phase::Defense);
    let (after, events) = ok(&state, block(P1, blocker, 0));
    assert_eq!(
        names(&events),
        vec!["on_defense_declared", "on_card_defense"]
    );
    for e in &events {
        assert_eq!(detail(e), (Some(blocker), Some(P1), card(attacker), None));
    }
    assert_source_defs(&after, &events);
}

#[test]
fn on_card_healed_when_damage_wears_off_at_the_end_of_the_turn() {
    let mut p = pos(vec![creature("ogre", 3, 5), creature("bear", 2, 4)]);
    let ogre = p.field(P0, "ogre");
    let bear = p.field(P1, "bear");
    let (state, _) = fight(&p.state(), ogre, Some(bear));
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(
        names(&events),
        vec!["on_turn_end", "on_card_healed", "on_card_healed"]
    );
    // The active player's creatures first.
    assert_eq!(
        detail(&events[1]),
        (Some(ogre), Some(P0), card(ogre), Some(2))
    );
    assert_eq!(
        detail(&events[2]),
        (Some(bear), Some(P1), card(bear), Some(3))
    );
    assert_eq!(after.card(ogre).stats.damage, 0);
    assert_eq!(after.card(bear).defense(), 4);
}

#[test]
fn on_card_healed_when_temporary_damage_is_reversed() {
    let mut burn = alt("damage_card", TargetSpec::Choose, &[("amount", amount(2))]);
    burn.end_trigger = Some(EventType::OnTurnEnd);
    let mut p = pos(vec![creature("bear", 2, 4), spell("scorch", vec![burn])]);
    let bear = p.field(P1, "bear");
    let scorch = p.add(P0, Zone::Hand, "scorch");
    let (state, _) = ok(&p.state(), play_at(P0, scorch, Target::Card(bear)));
    assert_eq!(state.card(bear).defense(), 2);
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(
        names(&events),
        vec!["on_combat_resolved", "on_turn_end", "on_card_healed"]
    );
    assert_eq!(
        detail(&events[2]),
        (Some(bear), Some(P1), card(bear), Some(2))
    );
    assert_eq!(after.card(bear).defense(), 4);
}

#[test]
fn on_card_draw_for_every_draw_opening_hand_draw_step_and_draw_card() {
    let bear = Arc::new(creature("bear", 2, 2));
    let deck: Vec<_> = std::iter::repeat_n(Arc::clone(&bear), 10).collect();
    let content = content_for([&deck, &deck], builtin_registry()).unwrap();
    let config = GameConfig {
        opening_hand: 3,
        ..GameConfig::default()
    };
    let fresh = new_game(content, [&deck, &deck], &config).unwrap();
    let started = start(&fresh, 3).unwrap();
    assert_eq!(
        names(&started.events),
        vec![
            "on_card_draw",
            "on_card_draw",
            "on_card_draw",
            "on_card_draw",
            "on_card_draw",
            "on_card_draw",
            "on_turn_start",
        ],
        "the opening hands, then turn 1 (which skips its draw)"
    );
    let owners: Vec<_> = started.events[..6].iter().map(|e| e.zone_owner).collect();
    assert_eq!(
        owners,
        [Some(P0); 3]
            .into_iter()
            .chain([Some(P1); 3])
            .collect::<Vec<_>>()
    );
    for e in &started.events[..6] {
        assert_eq!(e.target, player(e.zone_owner.unwrap()));
        assert_eq!(
            started.state.card(e.source.unwrap()).location(),
            Location::Hand
        );
    }
    assert_source_defs(&started.state, &started.events);

    // The draw step of turn 2.
    let (state, _) = advance_to(&started.state, Phase::End);
    let (state, events) = advance(&state, 1);
    assert_eq!(names(&events), vec!["on_turn_start", "on_card_draw"]);
    let drawn = events[1].source.unwrap();
    assert_eq!(
        detail(&events[1]),
        (Some(drawn), Some(P1), player(P1), None)
    );
    assert_eq!(state.player(P1).hand().len(), 4);

    // draw_card: one event per card.
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell(
            "insight",
            vec![alt("draw_card", TargetSpec::Owner, &[("count", int(2))])],
        ),
    ]);
    let insight = p.add(P0, Zone::Hand, "insight");
    p.many(P0, Zone::Deck, "bear", 3);
    let (_, events) = ok(&p.state(), play(P0, insight));
    assert_eq!(
        names(&events),
        vec!["on_card_draw", "on_card_draw", "on_card_enter_graveyard"]
    );
}

#[test]
fn on_card_enter_graveyard_for_every_card_that_enters_a_graveyard() {
    // Death and a spell resolving.
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell(
            "bolt",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(2))],
            )],
        ),
        spell(
            "mind_rot",
            vec![alt("random_discard", TargetSpec::Opponent, &[])],
        ),
        spell("glimpse", vec![alt("mill", TargetSpec::Opponent, &[])]),
    ]);
    let bear = p.field(P1, "bear");
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let mind_rot = p.add(P0, Zone::Hand, "mind_rot");
    let glimpse = p.add(P0, Zone::Hand, "glimpse");
    let in_hand = p.add(P1, Zone::Hand, "bear");
    let in_deck = p.add(P1, Zone::Deck, "bear");
    let (state, events) = ok(&p.state(), play_at(P0, bolt, Target::Card(bear)));
    let entered: Vec<_> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardEnterGraveyard)
        .map(detail)
        .collect();
    assert_eq!(
        entered,
        vec![
            (Some(bear), Some(P1), card(bear), None),
            (Some(bolt), Some(P0), card(bolt), None)
        ]
    );
    // A discard.
    let (state, events) = ok(&state, play(P0, mind_rot));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert_eq!(
        detail(&events[0]),
        (Some(in_hand), Some(P1), card(in_hand), None)
    );
    // A mill.
    let (state, events) = ok(&state, play(P0, glimpse));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_graveyard", "on_card_enter_graveyard"]
    );
    assert_eq!(
        detail(&events[0]),
        (Some(in_deck), Some(P1), card(in_deck), None)
    );
    assert_eq!(
        zone_ids(&state, P1, Zone::Graveyard),
        vec!["bear", "bear", "bear"]
    );

    // The hand-limit discard at the end of the turn, before on_turn_end.
    let mut p = pos(vec![creature("bear", 2, 2)]);
    p.many(P0, Zone::Hand, "bear", 9);
    p.phase(Phase::MainPostcombat);
    let (after, events) = advance(&p.state(), 1);
    assert_eq!(
        names(&events),
        vec![
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
            "on_turn_end"
        ]
    );
    assert_eq!(after.player(P0).hand().len(), 7);
    assert_eq!(after.player(P0).graveyard().len(), 2);
    assert_source_defs(&after, &events);
}

#[test]
fn on_card_leave_battlefield_for_death_bounce_and_moves() {
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell(
            "bounce",
            vec![alt("return_to_hand", TargetSpec::Choose, &[])],
        ),
        spell(
            "tuck",
            vec![alt(
                "move_card",
                TargetSpec::Choose,
                &[
                    ("from_zone", ParamValue::Zone(Zone::Battlefield)),
                    ("to_zone", ParamValue::Zone(Zone::Graveyard)),
                ],
            )],
        ),
    ]);
    let a = p.field(P1, "bear");
    let b = p.field(P1, "bear");
    let bounce = p.add(P0, Zone::Hand, "bounce");
    let tuck = p.add(P0, Zone::Hand, "tuck");
    let (state, events) = ok(&p.state(), play_at(P0, bounce, Target::Card(a)));
    assert_eq!(
        names(&events),
        vec!["on_card_leave_battlefield", "on_card_enter_graveyard"]
    );
    assert_eq!(detail(&events[0]), (Some(a), Some(P1), card(a), None));
    // Moved to the graveyard without dying: no on_card_death.
    let (_, events) = ok(&state, play_at(P0, tuck, Target::Card(b)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_battlefield",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(detail(&events[0]), (Some(b), Some(P1), card(b), None));
}

#[test]
fn on_card_leave_graveyard_when_a_card_is_taken_out_of_a_graveyard() {
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell(
            "raise",
            vec![alt(
                "recruit",
                TargetSpec::Owner,
                &[
                    ("card_definition_id", ParamValue::Card(CardId::new("bear"))),
                    ("from_zone", ParamValue::Zone(Zone::Graveyard)),
                ],
            )],
        ),
    ]);
    let raise = p.add(P0, Zone::Hand, "raise");
    let bear = p.add(P0, Zone::Graveyard, "bear");
    let (after, events) = ok(&p.state(), play(P0, raise));
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_graveyard",
            "on_card_enter_battlefield",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(detail(&events[0]), (Some(bear), Some(P0), card(bear), None));
    assert_source_defs(&after, &events);
}

#[test]
fn on_player_receive_damage_from_an_unblocked_attacker() {
    let mut p = pos(vec![creature("ogre", 3, 3)]);
    let ogre = p.field(P0, "ogre");
    let (after, events) = fight(&p.state(), ogre, None);
    assert_eq!(
        names(&events),
        vec!["on_player_receive_damage", "on_combat_resolved"]
    );
    assert_eq!(
        detail(&events[0]),
        (Some(ogre), Some(P1), player(P1), Some(3))
    );
    assert_eq!(after.player(P1).health, 17);
    assert_source_defs(&after, &events);
}

#[test]
fn on_player_death_when_health_reaches_zero() {
    let mut p = pos(vec![creature("ogre", 3, 3)]);
    let ogre = p.field(P0, "ogre");
    p.builder.health(P1, 3);
    let (after, events) = fight(&p.state(), ogre, None);
    assert_eq!(
        names(&events),
        vec![
            "on_player_receive_damage",
            "on_player_death",
            "on_combat_resolved"
        ]
    );
    assert_eq!(detail(&events[1]), (None, Some(P1), player(P1), None));
    assert_eq!(after.status(), GameStatus::Winner(P0));
}

#[test]
fn on_player_mana_spent_when_a_cost_is_paid() {
    let pricey = creature("bear", 2, 2).with_cost(mana(&[(ManaType::Fire, 1), (ManaType::Any, 1)]));
    let pinger = creature("pinger", 1, 1).with_ability(activated(
        mana(&[(ManaType::Water, 1)]),
        vec![alt(
            "damage_player",
            TargetSpec::Opponent,
            &[("amount", amount(1))],
        )],
    ));
    let mut p = pos(vec![pricey, pinger]);
    let bear = p.add(P0, Zone::Hand, "bear");
    let pinger = p.field(P0, "pinger");
    p.pool(P0, mana(&[(ManaType::Fire, 2), (ManaType::Water, 1)]));
    let (state, events) = ok(&p.state(), play(P0, bear));
    assert_eq!(
        detail(&events[0]),
        (Some(bear), Some(P0), player(P0), Some(2))
    );
    assert_eq!(state.player(P0).pool, mana(&[(ManaType::Water, 1)]));
    let (after, events) = ok(&state, activate(P0, pinger, 0, None));
    assert_eq!(
        names(&events),
        vec![
            "on_player_mana_spent",
            "on_ability_activated",
            "on_player_receive_damage"
        ]
    );
    assert_eq!(
        detail(&events[0]),
        (Some(pinger), Some(P0), player(P0), Some(1))
    );
    assert!(after.player(P0).pool.is_empty());
    assert_source_defs(&after, &events);
}

#[test]
fn a_mana_card_entering_emits_on_player_mana_gained_and_not_enter_battlefield() {
    let mut p = pos(vec![basic_mana("fire", ManaType::Fire)]);
    let fire = p.add(P0, Zone::Hand, "fire");
    let (after, events) = ok(&p.state(), play(P0, fire));
    assert_eq!(names(&events), vec!["on_player_mana_gained"]);
    assert_eq!(
        detail(&events[0]),
        (Some(fire), Some(P0), player(P0), Some(1))
    );
    assert_eq!(after.player(P0).pool, mana(&[(ManaType::Fire, 1)]));
    assert_eq!(after.mana_sources(P0), mana(&[(ManaType::Fire, 1)]));
    assert_source_defs(&after, &events);
}

#[test]
fn on_player_healed_when_a_player_is_healed() {
    let mut p = pos(vec![spell(
        "salve",
        vec![alt(
            "heal_player",
            TargetSpec::Owner,
            &[("amount", amount(4))],
        )],
    )]);
    let salve = p.add(P0, Zone::Hand, "salve");
    let (after, events) = ok(&p.state(), play(P0, salve));
    assert_eq!(
        names(&events),
        vec!["on_player_healed", "on_card_enter_graveyard"]
    );
    assert_eq!(
        detail(&events[0]),
        (Some(salve), Some(P0), player(P0), Some(4))
    );
    assert_eq!(after.player(P0).health, 24);
}

#[test]
fn on_turn_start_has_no_source_and_the_active_player_as_zone_owner() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    p.add(P1, Zone::Deck, "bear");
    let state = at_end_of_turn_one(&mut p);
    let (after, events) = advance(&state, 1);
    assert_eq!(
        (after.turn(), after.active(), after.phase()),
        (2, P1, Phase::Draw)
    );
    assert_eq!(names(&events), vec!["on_turn_start", "on_card_draw"]);
    assert_eq!(detail(&events[0]), (None, Some(P1), None, None));
    assert_eq!(events[0].source_def, None);
}

#[test]
fn the_turn_start_refill_of_the_pool_is_not_a_mana_gain() {
    // The refill replaces the pool with the mana sources: no on_player_mana_gained.
    let mut p = pos(vec![basic_mana("water", ManaType::Water)]);
    p.field(P1, "water");
    p.add(P1, Zone::Deck, "water");
    p.phase(Phase::End);
    let (after, events) = advance(&p.state(), 1);
    assert_eq!(names(&events), vec!["on_turn_start", "on_card_draw"]);
    assert_eq!(after.player(P1).pool, mana(&[(ManaType::Water, 1)]));
}

#[test]
fn on_turn_end_has_no_source_and_the_active_player_as_zone_owner() {
    let mut p = pos(vec![]);
    p.phase(Phase::MainPostcombat);
    let (_, events) = advance(&p.state(), 1);
    assert_eq!(names(&events), vec!["on_turn_end"]);
    assert_eq!(detail(&events[0]), (None, Some(P0), None, None));
}

#[test]
fn on_combat_resolved_once_in_every_combat_phase_even_without_attackers() {
    let p = pos(vec![]);
    let (state, events) = advance_to(&p.state(), Phase::Combat);
    assert_eq!(names(&events), vec!["on_combat_resolved"]);
    assert_eq!(detail(&events[0]), (None, None, None, None));
    let (_, events) = advance_to(&state, Phase::End);
    assert_eq!(names(&events), vec!["on_turn_end"]);
}

#[test]
fn on_ability_activated_names_the_card_and_the_ability_index() {
    let totem = creature("totem", 0, 3)
        .with_ability(activated(
            Mana::EMPTY,
            vec![alt("draw_card", TargetSpec::Owner, &[])],
        ))
        .with_ability(activated(
            Mana::EMPTY,
            vec![alt(
                "heal_player",
                TargetSpec::Owner,
                &[("amount", amount(1))],
            )],
        ));
    let mut p = pos(vec![totem]);
    let totem = p.field(P0, "totem");
    let (after, events) = ok(&p.state(), activate(P0, totem, 1, None));
    assert_eq!(
        names(&events),
        vec!["on_ability_activated", "on_player_healed"]
    );
    assert_eq!(detail(&events[0]), (Some(totem), Some(P0), None, Some(1)));
    assert_eq!(
        detail(&events[1]),
        (Some(totem), Some(P0), player(P0), Some(1))
    );
    assert_source_defs(&after, &events);
}

#[test]
fn simultaneous_deaths_are_processed_once_each_active_player_first_in_battlefield_order() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let a1 = p.field(P0, "bear");
    let a2 = p.field(P0, "bear");
    let b1 = p.field(P1, "bear");
    let b2 = p.field(P1, "bear");
    // Attacks declared in the other order: deaths still follow battlefield order.
    let (state, _) = ok(&p.state(), attack(P0, a2));
    let (state, _) = ok(&state, attack(P0, a1));
    let (state, _) = advance_to(&state, Phase::Defense);
    let (state, _) = ok(&state, block(P1, b2, 0));
    let (state, _) = ok(&state, block(P1, b1, 1));
    let (after, events) = advance(&state, 1);
    let mut expected = vec!["on_card_receive_damage"; 4];
    for _ in 0..4 {
        expected.extend([
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]);
    }
    expected.push("on_combat_resolved");
    assert_eq!(names(&events), expected);
    let damaged: Vec<_> = events[..4].iter().map(|e| e.source.unwrap()).collect();
    assert_eq!(
        damaged,
        vec![b2, a2, b1, a1],
        "combats in declaration order"
    );
    let died: Vec<_> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardDeath)
        .map(|e| e.source.unwrap())
        .collect();
    assert_eq!(died, vec![a1, a2, b1, b2]);
    assert_eq!(after.player(P0).graveyard().len(), 2);
    assert_eq!(after.player(P1).graveyard().len(), 2);
}

#[test]
fn a_creature_dealt_lethal_damage_twice_dies_once() {
    let mut p = pos(vec![
        creature("bear", 1, 1).with_techniques([Technique::Deathtouch]),
        creature("ogre", 3, 2),
    ]);
    let ogre = p.field(P0, "ogre");
    let b1 = p.field(P1, "bear");
    let b2 = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), attack(P0, ogre));
    let (state, _) = advance_to(&state, Phase::Defense);
    let (state, _) = ok(&state, block(P1, b1, 0));
    let (state, _) = ok(&state, block(P1, b2, 0));
    let (_, events) = advance(&state, 1);
    let ogre_events: Vec<_> = events
        .iter()
        .filter(|e| e.source == Some(ogre))
        .map(|e| e.kind.name())
        .collect();
    assert_eq!(
        ogre_events,
        vec![
            "on_card_receive_damage",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
}

#[test]
fn a_dying_token_emits_death_and_graveyard_entry_then_is_gone() {
    let wasp = Arc::new(creature("token_wasp", 1, 1));
    let mut p = pos(vec![
        spell(
            "hive",
            vec![alt(
                "spawn_creature",
                TargetSpec::Opponent,
                &[("template", ParamValue::Template(wasp))],
            )],
        ),
        spell(
            "bolt",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(1))],
            )],
        ),
    ]);
    let hive = p.add(P0, Zone::Hand, "hive");
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let (state, _) = ok(&p.state(), play(P0, hive));
    let token = state.player(P1).battlefield()[0];
    let (after, events) = ok(&state, play_at(P0, bolt, Target::Card(token)));
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
    assert_eq!(
        detail(&events[3]),
        (Some(token), Some(P1), card(token), None)
    );
    assert_eq!(after.card(token).location(), Location::Gone);
    assert!(after.player(P1).graveyard().is_empty());
    assert!(after.check_invariants().is_ok());
}

#[test]
fn every_event_type_has_a_test_here() {
    // The list of event types is closed: a new one must get a test in this file.
    assert_eq!(EventType::ALL.len(), 26);
    for kind in EventType::ALL {
        assert_eq!(EventType::from_name(kind.name()), Some(kind));
    }
    assert_eq!(
        EventType::from_name("on_card_enter"),
        Some(EventType::OnCardEnterBattlefield),
        "the documented alias"
    );
}

#[test]
fn the_delay_events_carry_its_source_controller_target_and_turns_left() {
    // Source: the card that set the delay; zone owner: its controller; target: the delay's;
    // amount: the turns left (what `event_delay_remaining` reads).
    let mut doom = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(1))],
    );
    doom.delay = Some(2);
    let mut sting = alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]);
    sting.delay = Some(1);
    let ward = alt("cancel_delay", TargetSpec::Choose, &[]);
    let mut p = pos(vec![
        spell("doom", vec![doom]),
        spell("sting", vec![sting]),
        spell("ward", vec![ward]),
        creature("bear", 2, 2),
    ]);
    let bear = p.field(P1, "bear");
    let doom = p.add(P0, Zone::Hand, "doom");
    let sting = p.add(P0, Zone::Hand, "sting");
    let ward = p.add(P0, Zone::Hand, "ward");
    for _ in 0..4 {
        p.add(P0, Zone::Deck, "bear");
        p.add(P1, Zone::Deck, "bear");
    }
    let of = |events: &[Event], kind: EventType| -> Vec<Detail> {
        events
            .iter()
            .filter(|e| e.kind == kind)
            .map(detail)
            .collect()
    };
    let (state, events) = ok(&p.state(), play(P0, doom));
    assert_source_defs(&state, &events);
    assert_eq!(
        of(&events, EventType::OnDelaySet),
        vec![(Some(doom), Some(P0), player(P1), Some(2))]
    );
    assert_eq!(state.player(P1).health, 20, "nothing happens yet");
    let (state, events) = ok(&state, play_at(P0, sting, Target::Card(bear)));
    assert_eq!(
        of(&events, EventType::OnDelaySet),
        vec![(Some(sting), Some(P0), card(bear), Some(1))]
    );
    let (state, events) = ok(&state, play_at(P0, ward, Target::Card(bear)));
    assert_source_defs(&state, &events);
    assert_eq!(
        of(&events, EventType::OnDelayCancelled),
        vec![(Some(sting), Some(P0), card(bear), Some(1))]
    );
    assert_eq!(state.delays().len(), 1);
    // P1's turn 2 counts nothing; P0's turn 3 counts doom to 1.
    let (state, events) = advance(&state, 13);
    assert_eq!((state.turn(), state.active()), (3, P0));
    assert_eq!(
        of(&events, EventType::OnDelayUpdated),
        vec![(Some(doom), Some(P0), player(P1), Some(1))]
    );
    assert!(of(&events, EventType::OnDelayExpired).is_empty());
    let (state, events) = advance(&state, 14);
    assert_eq!((state.turn(), state.active()), (5, P0));
    assert_source_defs(&state, &events);
    assert_eq!(
        of(&events, EventType::OnDelayUpdated),
        vec![(Some(doom), Some(P0), player(P1), Some(0))]
    );
    assert_eq!(
        of(&events, EventType::OnDelayExpired),
        vec![(Some(doom), Some(P0), player(P1), Some(0))]
    );
    assert_eq!(state.player(P1).health, 19);
    assert!(state.delays().is_empty());
}

#[test]
fn on_card_buff_when_a_buff_changes_a_creatures_stats_in_a_game_that_listens() {
    // Source, zone owner and target: the buffed creature; one event per creature of a
    // `buff_all`, none for a buff of +0/+0. (Games whose cards never listen for it emit none:
    // `language::on_card_buff_is_emitted_only_in_games_whose_cards_listen_for_it`.)
    let mut hear = on(
        EventType::OnCardBuff,
        alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]),
    );
    hear.trigger_self = false;
    let fan = creature("fan", 0, 1).with_ability(triggered(vec![hear]));
    let rally = |attack: i32| {
        alt(
            "buff_all",
            TargetSpec::Owner,
            &[
                ("attack_increase", int(attack)),
                ("defense_increase", int(0)),
            ],
        )
    };
    let mut p = pos(vec![
        fan,
        creature("bear", 2, 2),
        spell("rally", vec![rally(1)]),
        spell("nothing", vec![rally(0)]),
    ]);
    let fan = p.field(P0, "fan");
    let bear = p.field(P0, "bear");
    let rally = p.add(P0, Zone::Hand, "rally");
    let nothing = p.add(P0, Zone::Hand, "nothing");
    let (state, events) = ok(&p.state(), play(P0, rally));
    assert_source_defs(&state, &events);
    let buffs: Vec<Detail> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardBuff)
        .map(detail)
        .collect();
    assert_eq!(
        buffs,
        vec![
            (Some(fan), Some(P0), card(fan), None),
            (Some(bear), Some(P0), card(bear), None)
        ]
    );
    let (_, events) = ok(&state, play(P0, nothing));
    assert!(!kinds(&events).contains(&EventType::OnCardBuff));
}
