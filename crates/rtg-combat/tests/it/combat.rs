//! Combat and techniques through the facade: attacks and blocks, damage assignment to ordered
//! blockers, trample, deathtouch, flying and reach, haste, the events of a combat and their order,
//! with exact resulting defenses and health. Each test pins a rule of `docs/rules.md` (sections
//! "Combat" and "Techniques").

use crate::prelude::Technique::*;
use crate::prelude::*;

use crate::support::*;

// ---------------------------------------------------------------------------------------------
// Cards and helpers
// ---------------------------------------------------------------------------------------------

fn combat_cards() -> Vec<CardDefinition> {
    let mut coward = triggered(vec![on(
        EventType::OnCardDefense,
        alt("destroy_card", TargetSpec::SelfCard, &[]),
    )]);
    coward.name = "flees when it blocks".to_owned();
    vec![
        creature("goblin", 2, 2),
        creature("bear", 2, 2),
        creature("pup", 1, 1),
        creature("troll", 3, 3),
        creature("ogre", 4, 4),
        creature("giant", 5, 5),
        creature("wall", 0, 4),
        creature("trampler", 5, 5).with_techniques([Trample]),
        creature("viper", 1, 1).with_techniques([Deathtouch]),
        creature("stinger", 4, 4).with_techniques([Deathtouch, Trample]),
        creature("limp_viper", 0, 2).with_techniques([Deathtouch]),
        creature("hawk", 2, 2).with_techniques([Flying]),
        creature("archer", 1, 3).with_techniques([Reach]),
        creature("hasty", 3, 1).with_techniques([Haste]),
        creature("coward", 1, 1).with_ability(coward),
        creature("brute", 2, 2).with_ability(triggered(vec![on(
            EventType::OnCardReceiveDamage,
            alt(
                "buff_card",
                TargetSpec::SelfCard,
                &[("defense_increase", int(5))],
            ),
        )])),
        creature("medic", 1, 1).with_ability(triggered(vec![on(
            EventType::OnCombatResolved,
            alt("heal_player", TargetSpec::Owner, &[("amount", amount(2))]),
        )])),
        // the table's cards: a 6/6 attacker of each kind, and blockers
        creature("a_plain", 6, 6),
        creature("a_trample", 6, 6).with_techniques([Trample]),
        creature("a_deathtouch", 6, 6).with_techniques([Deathtouch]),
        creature("a_dt_trample", 6, 6).with_techniques([Deathtouch, Trample]),
        creature("a_flying", 6, 6).with_techniques([Flying]),
        creature("a_flying_trample", 6, 6).with_techniques([Flying, Trample]),
        creature("b22", 2, 2),
        creature("b33", 3, 3),
        creature("b14", 1, 4),
        creature("b04", 0, 4),
        creature("dt22", 2, 2).with_techniques([Deathtouch]),
        creature("r22", 2, 2).with_techniques([Reach]),
        creature("f33", 3, 3).with_techniques([Flying]),
        basic_mana("fire", ManaType::Fire),
    ]
}

fn combat_pos() -> Pos {
    pos(combat_cards())
}

fn attack(player: PlayerId, attacker: InstanceId) -> Action {
    Action::DeclareAttack { player, attacker }
}

fn block(player: PlayerId, blocker: InstanceId, combat_index: usize) -> Action {
    Action::DeclareDefense {
        player,
        blocker,
        combat_index,
    }
}

fn order(combat_index: usize, blockers: &[InstanceId]) -> Action {
    Action::OrderBlockers {
        player: P0,
        combat_index,
        blockers: blockers.to_vec(),
    }
}

/// Runs a combat from seat 0's main phase: each attacker declared, each attack's blockers
/// declared in the listed order, then the given blocker orders, then the combat phase.
/// Returns the state after combat and the events of the combat phase alone.
fn fight(
    state: &GameState,
    attacks: &[(InstanceId, &[InstanceId])],
    orders: &[(usize, &[InstanceId])],
) -> (GameState, Vec<Event>) {
    let mut state = state.clone();
    for &(attacker, _) in attacks {
        state = ok(&state, attack(P0, attacker)).0;
    }
    state = advance_to(&state, Phase::Defense).0;
    for (index, &(_, blockers)) in attacks.iter().enumerate() {
        for &blocker in blockers {
            state = ok(&state, block(P1, blocker, index)).0;
        }
    }
    for &(index, blockers) in orders {
        state = ok(&state, order(index, blockers)).0;
    }
    let (after, events) = ok(&state, Action::AdvancePhase);
    assert_eq!(after.phase(), Phase::Combat);
    (after, events)
}

/// The events of the combat phase as (kind, source) pairs.
fn trace(events: &[Event]) -> Vec<(&'static str, Option<InstanceId>)> {
    events.iter().map(|e| (e.kind.name(), e.source)).collect()
}

fn damage_to(events: &[Event], card: InstanceId) -> Vec<i32> {
    events
        .iter()
        .filter(|e| e.kind == EventType::OnCardReceiveDamage && e.source == Some(card))
        .filter_map(|e| e.amount)
        .collect()
}

fn alive(state: &GameState, id: InstanceId) -> Option<i32> {
    let card = state.card(id);
    card.on_battlefield().then(|| card.defense())
}

// ---------------------------------------------------------------------------------------------
// Direct attacks and blocks
// ---------------------------------------------------------------------------------------------

#[test]
fn an_unblocked_attacker_deals_its_attack_to_the_defending_player() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let state = p.state();
    let (declared, events) = ok(&state, attack(P0, goblin));
    let def = declared.card(goblin).def;
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnAttackDeclared)
                .source(goblin, def)
                .owner(P0)
                .target(Target::Player(P1)),
            Event::new(EventType::OnCardAttack)
                .source(goblin, def)
                .owner(P0)
                .target(Target::Player(P1)),
        ]
    );
    let (after, events) = fight(&state, &[(goblin, &[])], &[]);
    assert_eq!(after.player(P1).health, 18);
    assert_eq!(after.player(P0).health, 20);
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnPlayerReceiveDamage)
                .source(goblin, def)
                .owner(P1)
                .target(Target::Player(P1))
                .amount(2),
            Event::new(EventType::OnCombatResolved),
        ]
    );
    assert!(
        after.combats().is_empty(),
        "combats are cleared once resolved"
    );
    assert_eq!(after.card(goblin).defense(), 2);
}

#[test]
fn a_blocked_attacker_and_its_blocker_deal_damage_simultaneously() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(goblin, &[bear])], &[]);
    // both 2/2s die: the first dealt damage still deals its own
    assert_eq!(alive(&after, goblin), None);
    assert_eq!(alive(&after, bear), None);
    assert_eq!(after.player(P1).health, 20);
    assert_eq!(
        trace(&events),
        [
            ("on_card_receive_damage", Some(bear)),
            ("on_card_receive_damage", Some(goblin)),
            ("on_card_leave_battlefield", Some(goblin)),
            ("on_card_death", Some(goblin)),
            ("on_card_enter_graveyard", Some(goblin)),
            ("on_card_leave_battlefield", Some(bear)),
            ("on_card_death", Some(bear)),
            ("on_card_enter_graveyard", Some(bear)),
            ("on_combat_resolved", None),
        ]
    );
    // a survivor keeps its damage until the end of the turn
    let mut p = combat_pos();
    let troll = p.field(P0, "troll");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(troll, &[bear])], &[]);
    assert_eq!(alive(&after, troll), Some(1));
    assert_eq!(alive(&after, bear), None);
    assert_eq!(damage_to(&events, troll), [2]);
    assert_eq!(
        damage_to(&events, bear),
        [2],
        "lethal only: the excess is lost"
    );
    let (end, _) = advance_to(&after, Phase::End);
    assert_eq!(alive(&end, troll), Some(3));
}

#[test]
fn declaring_a_blocker_emits_on_defense_declared_and_on_card_defense_aimed_at_the_attacker() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let bear = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), attack(P0, goblin));
    let (defense, _) = advance_to(&state, Phase::Defense);
    let (blocked, events) = ok(&defense, block(P1, bear, 0));
    let def = blocked.card(bear).def;
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnDefenseDeclared)
                .source(bear, def)
                .owner(P1)
                .target(Target::Card(goblin)),
            Event::new(EventType::OnCardDefense)
                .source(bear, def)
                .owner(P1)
                .target(Target::Card(goblin)),
        ]
    );
    assert_eq!(
        blocked.combats()[0]
            .blockers
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [bear]
    );
}

// ---------------------------------------------------------------------------------------------
// Several blockers: order and lethal assignment
// ---------------------------------------------------------------------------------------------

#[test]
fn several_blockers_are_dealt_damage_in_declaration_order_by_default() {
    let mut p = combat_pos();
    let ogre = p.field(P0, "ogre");
    let troll = p.field(P1, "troll");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(ogre, &[troll, bear])], &[]);
    // 4 damage: 3 (lethal) to the troll declared first, the last 1 to the bear
    assert_eq!(damage_to(&events, troll), [3]);
    assert_eq!(damage_to(&events, bear), [1]);
    assert_eq!(alive(&after, troll), None);
    assert_eq!(alive(&after, bear), Some(1));
    // every blocker deals its full attack to the attacker: 3 + 2
    assert_eq!(damage_to(&events, ogre), [3, 2]);
    assert_eq!(alive(&after, ogre), None);
}

#[test]
fn the_attacking_player_orders_the_blockers_with_order_blockers() {
    let mut p = combat_pos();
    let ogre = p.field(P0, "ogre");
    let troll = p.field(P1, "troll");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(
        &p.state(),
        &[(ogre, &[troll, bear])],
        &[(0, &[bear, troll])],
    );
    // 4 damage: 2 (lethal) to the bear now first, 2 to the troll
    assert_eq!(damage_to(&events, bear), [2]);
    assert_eq!(damage_to(&events, troll), [2]);
    assert_eq!(alive(&after, bear), None);
    assert_eq!(alive(&after, troll), Some(1));
    // the blockers hit back in the chosen order too
    assert_eq!(damage_to(&events, ogre), [2, 3]);
    assert_eq!(
        trace(&events)[..4],
        [
            ("on_card_receive_damage", Some(bear)),
            ("on_card_receive_damage", Some(troll)),
            ("on_card_receive_damage", Some(ogre)),
            ("on_card_receive_damage", Some(ogre)),
        ]
    );
}

#[test]
fn order_blockers_belongs_to_the_attacking_player_in_the_defense_phase() {
    let mut p = combat_pos();
    let ogre = p.field(P0, "ogre");
    let troll = p.field(P1, "troll");
    let bear = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), attack(P0, ogre));
    let (defense, _) = advance_to(&state, Phase::Defense);
    let (state, _) = ok(&defense, block(P1, troll, 0));
    let (blocked, _) = ok(&state, block(P1, bear, 0));
    let by_defender = Action::OrderBlockers {
        player: P1,
        combat_index: 0,
        blockers: vec![bear, troll],
    };
    assert_eq!(refused(&blocked, by_defender).kind(), "not_your_turn");
    assert_eq!(
        refused(&blocked, order(0, &[bear])),
        RulesError::BadBlockerOrder
    );
    let (ordered, _) = ok(&blocked, order(0, &[bear, troll]));
    let (combat, _) = advance(&ordered, 1);
    assert_eq!(
        refused(&combat, order(0, &[troll, bear])).kind(),
        "wrong_phase"
    );
}

#[test]
fn each_blocker_in_order_receives_the_lesser_of_the_damage_left_and_its_lethal_damage() {
    // contract item 7; lethal is the blocker's remaining defense (damage already marked counts)
    let mut p = combat_pos();
    let ogre = p.field(P0, "ogre");
    let hurt = p.field(P1, "troll");
    let bear = p.field(P1, "bear");
    let pup = p.field(P1, "pup");
    p.setup(
        hurt,
        CardSetup {
            damage: 2,
            ..CardSetup::default()
        },
    );
    let (after, events) = fight(&p.state(), &[(ogre, &[hurt, bear, pup])], &[]);
    assert_eq!(damage_to(&events, hurt), [1]);
    assert_eq!(damage_to(&events, bear), [2]);
    assert_eq!(damage_to(&events, pup), [1]);
    assert_eq!(
        [alive(&after, hurt), alive(&after, bear), alive(&after, pup)],
        [None, None, None]
    );
    // with too little damage the last blockers get less than lethal, or nothing
    let mut p = combat_pos();
    let troll = p.field(P0, "troll");
    let bear = p.field(P1, "bear");
    let b33 = p.field(P1, "b33");
    let pup = p.field(P1, "pup");
    let (after, events) = fight(&p.state(), &[(troll, &[bear, b33, pup])], &[]);
    assert_eq!(damage_to(&events, bear), [2]);
    assert_eq!(damage_to(&events, b33), [1]);
    assert_eq!(damage_to(&events, pup), Vec::<i32>::new());
    assert_eq!(
        [alive(&after, bear), alive(&after, b33), alive(&after, pup)],
        [None, Some(2), Some(1)]
    );
}

#[test]
fn assign_damage_splits_an_attack_over_ordered_blockers() {
    let split = |attack, defenses: &[i32], deathtouch, trample| {
        let a = assign_damage(attack, defenses, deathtouch, trample);
        (a.to_blockers, a.to_player)
    };
    assert_eq!(split(4, &[3, 2], false, false), (vec![3, 1], 0));
    assert_eq!(split(5, &[1, 2], false, true), (vec![1, 2], 2));
    assert_eq!(split(5, &[1, 2], false, false), (vec![1, 2], 0));
    assert_eq!(split(4, &[3, 3], true, true), (vec![1, 1], 2));
    assert_eq!(split(0, &[3], false, true), (vec![0], 0));
    assert_eq!(split(3, &[], false, true), (vec![], 3));
    assert_eq!(split(3, &[], false, false), (vec![], 0));
    assert_eq!(lethal_damage(3, false), 3);
    assert_eq!(lethal_damage(3, true), 1);
    assert_eq!(lethal_damage(-2, false), 0);
}

// ---------------------------------------------------------------------------------------------
// Trample and deathtouch
// ---------------------------------------------------------------------------------------------

#[test]
fn without_trample_damage_beyond_lethal_is_lost_with_trample_it_goes_to_the_player() {
    // PTG 0.1.19 sent the excess to the player whenever every blocker died; 0.2.0 only with trample
    let mut p = combat_pos();
    let giant = p.field(P0, "giant");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(giant, &[bear])], &[]);
    assert_eq!(alive(&after, bear), None);
    assert_eq!(after.player(P1).health, 20);
    assert!(
        !events
            .iter()
            .any(|e| e.kind == EventType::OnPlayerReceiveDamage)
    );

    let mut p = combat_pos();
    let trampler = p.field(P0, "trampler");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(trampler, &[bear])], &[]);
    assert_eq!(alive(&after, bear), None);
    assert_eq!(after.player(P1).health, 17);
    assert_eq!(damage_to(&events, bear), [2]);
    let to_player: Vec<_> = events
        .iter()
        .filter(|e| e.kind == EventType::OnPlayerReceiveDamage)
        .map(|e| (e.source, e.amount))
        .collect();
    assert_eq!(to_player, [(Some(trampler), Some(3))]);
}

#[test]
fn the_worked_example_a_trampler_with_two_ordered_blockers() {
    // a 5/5 trampler blocked by a 2/2 and a 1/1, ordered [1/1, 2/2]
    let mut p = combat_pos();
    let trampler = p.field(P0, "trampler");
    let bear = p.field(P1, "bear");
    let pup = p.field(P1, "pup");
    let (after, events) = fight(
        &p.state(),
        &[(trampler, &[bear, pup])],
        &[(0, &[pup, bear])],
    );
    assert_eq!(damage_to(&events, pup), [1]);
    assert_eq!(damage_to(&events, bear), [2]);
    assert_eq!(after.player(P1).health, 18);
    assert_eq!(damage_to(&events, trampler), [1, 2]);
    assert_eq!(alive(&after, trampler), Some(2));
    assert_eq!([alive(&after, bear), alive(&after, pup)], [None, None]);
    assert_eq!(
        trace(&events),
        [
            ("on_card_receive_damage", Some(pup)),
            ("on_card_receive_damage", Some(bear)),
            ("on_card_receive_damage", Some(trampler)),
            ("on_card_receive_damage", Some(trampler)),
            ("on_player_receive_damage", Some(trampler)),
            ("on_card_leave_battlefield", Some(bear)),
            ("on_card_death", Some(bear)),
            ("on_card_enter_graveyard", Some(bear)),
            ("on_card_leave_battlefield", Some(pup)),
            ("on_card_death", Some(pup)),
            ("on_card_enter_graveyard", Some(pup)),
            ("on_combat_resolved", None),
        ]
    );
}

#[test]
fn deathtouch_destroys_any_creature_it_damages_attacking_or_blocking() {
    // an attacking deathtouch 1/1 kills a 5/5 blocker
    let mut p = combat_pos();
    let viper = p.field(P0, "viper");
    let giant = p.field(P1, "giant");
    let (after, events) = fight(&p.state(), &[(viper, &[giant])], &[]);
    assert_eq!(damage_to(&events, giant), [1]);
    assert_eq!([alive(&after, viper), alive(&after, giant)], [None, None]);
    // a blocking deathtouch 1/1 kills a 5/5 attacker
    let mut p = combat_pos();
    let giant = p.field(P0, "giant");
    let viper = p.field(P1, "viper");
    let (after, events) = fight(&p.state(), &[(giant, &[viper])], &[]);
    assert_eq!(damage_to(&events, giant), [1]);
    assert_eq!([alive(&after, giant), alive(&after, viper)], [None, None]);
    assert_eq!(after.player(P1).health, 20);
    // deathtouch needs damage: a 0-attack deathtouch creature destroys nothing
    let mut p = combat_pos();
    let giant = p.field(P0, "giant");
    let limp = p.field(P1, "limp_viper");
    let (after, events) = fight(&p.state(), &[(giant, &[limp])], &[]);
    assert_eq!(damage_to(&events, giant), Vec::<i32>::new());
    assert_eq!([alive(&after, giant), alive(&after, limp)], [Some(5), None]);
}

#[test]
fn deathtouch_with_trample_assigns_one_to_each_blocker_and_the_rest_to_the_player() {
    let mut p = combat_pos();
    let stinger = p.field(P0, "stinger");
    let troll = p.field(P1, "troll");
    let bear = p.field(P1, "bear");
    let (after, events) = fight(&p.state(), &[(stinger, &[troll, bear])], &[]);
    assert_eq!(damage_to(&events, troll), [1]);
    assert_eq!(damage_to(&events, bear), [1]);
    assert_eq!(after.player(P1).health, 18);
    assert_eq!([alive(&after, troll), alive(&after, bear)], [None, None]);
    assert_eq!(
        alive(&after, stinger),
        None,
        "3 + 2 damage back kills the 4/4"
    );
}

// ---------------------------------------------------------------------------------------------
// The damage table: 1-3 blockers x attacker kinds x blocker keywords
// ---------------------------------------------------------------------------------------------

/// One combat of the table: a 6/6 attacker and its blockers in order; the expected damage to
/// each blocker, to the defending player, and who is left with what defense (`None`: died).
struct Row {
    attacker: &'static str,
    blockers: &'static [&'static str],
    split: &'static [i32],
    to_player: i32,
    attacker_after: Option<i32>,
    blockers_after: &'static [Option<i32>],
}

const fn row(
    attacker: &'static str,
    blockers: &'static [&'static str],
    split: &'static [i32],
    to_player: i32,
    attacker_after: Option<i32>,
    blockers_after: &'static [Option<i32>],
) -> Row {
    Row {
        attacker,
        blockers,
        split,
        to_player,
        attacker_after,
        blockers_after,
    }
}

/// b22 = 2/2, b33 = 3/3, b14 = 1/4, b04 = 0/4, dt22 = 2/2 deathtouch, r22 = 2/2 reach,
/// f33 = 3/3 flying. The attackers are 6/6.
#[rustfmt::skip]
const TABLE: &[Row] = &[
    // one blocker
    row("a_plain",      &["b22"], &[2], 0, Some(4), &[None]),
    row("a_trample",    &["b22"], &[2], 4, Some(4), &[None]),
    row("a_deathtouch", &["b22"], &[1], 0, Some(4), &[None]),
    row("a_dt_trample", &["b22"], &[1], 5, Some(4), &[None]),
    row("a_plain",      &["b04"], &[4], 0, Some(6), &[None]),
    row("a_trample",    &["b04"], &[4], 2, Some(6), &[None]),
    row("a_deathtouch", &["b04"], &[1], 0, Some(6), &[None]),
    row("a_dt_trample", &["b04"], &[1], 5, Some(6), &[None]),
    // one deathtouch blocker: the attacker dies whatever it is
    row("a_plain",      &["dt22"], &[2], 0, None, &[None]),
    row("a_trample",    &["dt22"], &[2], 4, None, &[None]),
    row("a_deathtouch", &["dt22"], &[1], 0, None, &[None]),
    row("a_dt_trample", &["dt22"], &[1], 5, None, &[None]),
    // two blockers
    row("a_plain",      &["b22", "b33"], &[2, 3], 0, Some(1), &[None, None]),
    row("a_trample",    &["b22", "b33"], &[2, 3], 1, Some(1), &[None, None]),
    row("a_deathtouch", &["b22", "b33"], &[1, 1], 0, Some(1), &[None, None]),
    row("a_dt_trample", &["b22", "b33"], &[1, 1], 4, Some(1), &[None, None]),
    row("a_plain",      &["b33", "dt22"], &[3, 2], 0, None, &[None, None]),
    row("a_trample",    &["b33", "dt22"], &[3, 2], 1, None, &[None, None]),
    row("a_deathtouch", &["b33", "dt22"], &[1, 1], 0, None, &[None, None]),
    row("a_dt_trample", &["b33", "dt22"], &[1, 1], 4, None, &[None, None]),
    // three blockers
    row("a_plain",      &["b22", "b33", "b14"], &[2, 3, 1], 0, None, &[None, None, Some(3)]),
    row("a_trample",    &["b22", "b33", "b14"], &[2, 3, 1], 0, None, &[None, None, Some(3)]),
    row("a_deathtouch", &["b22", "b33", "b14"], &[1, 1, 1], 0, None, &[None, None, None]),
    row("a_dt_trample", &["b22", "b33", "b14"], &[1, 1, 1], 3, None, &[None, None, None]),
    row("a_plain",      &["b14", "b22", "dt22"], &[4, 2, 0], 0, None, &[None, None, Some(2)]),
    row("a_trample",    &["b14", "b22", "dt22"], &[4, 2, 0], 0, None, &[None, None, Some(2)]),
    row("a_deathtouch", &["b14", "b22", "dt22"], &[1, 1, 1], 0, None, &[None, None, None]),
    row("a_dt_trample", &["b14", "b22", "dt22"], &[1, 1, 1], 3, None, &[None, None, None]),
    row("a_plain",      &["b04", "b04", "b04"], &[4, 2, 0], 0, Some(6), &[None, Some(2), Some(4)]),
    row("a_dt_trample", &["b04", "b04", "b04"], &[1, 1, 1], 3, Some(6), &[None, None, None]),
    // flyers, blocked by reach and flying creatures
    row("a_flying",         &["r22"], &[2], 0, Some(4), &[None]),
    row("a_flying",         &["r22", "f33"], &[2, 3], 0, Some(1), &[None, None]),
    row("a_flying_trample", &["r22", "f33"], &[2, 3], 1, Some(1), &[None, None]),
    row("a_flying_trample", &["f33", "r22", "r22"], &[3, 2, 1], 0, None, &[None, None, Some(1)]),
];

#[test]
fn damage_table_over_blocker_counts_attacker_kinds_and_blocker_keywords() {
    for (i, row) in TABLE.iter().enumerate() {
        let what = format!("row {i}: {} blocked by {:?}", row.attacker, row.blockers);
        let mut p = combat_pos();
        let attacker = p.field(P0, row.attacker);
        let blockers: Vec<InstanceId> = row.blockers.iter().map(|b| p.field(P1, b)).collect();
        let state = p.state();
        // the pure assignment agrees with the table
        let defenses: Vec<i32> = blockers.iter().map(|&b| state.card(b).defense()).collect();
        let def = state.def(attacker);
        let assignment = assign_damage(6, &defenses, has_deathtouch(def), has_trample(def));
        assert_eq!(assignment.to_blockers, row.split, "{what}");
        assert_eq!(assignment.to_player, row.to_player, "{what}");
        // and so does a real combat
        let (after, events) = fight(&state, &[(attacker, &blockers)], &[]);
        for (k, &b) in blockers.iter().enumerate() {
            let dealt: i32 = damage_to(&events, b).iter().sum();
            assert_eq!(dealt, row.split[k], "{what}: damage to blocker {k}");
            assert_eq!(
                alive(&after, b),
                row.blockers_after[k],
                "{what}: blocker {k} after"
            );
        }
        assert_eq!(
            after.player(P1).health,
            20 - row.to_player,
            "{what}: player"
        );
        assert_eq!(
            alive(&after, attacker),
            row.attacker_after,
            "{what}: attacker after"
        );
        let back: i32 = damage_to(&events, attacker).iter().sum();
        let attacks: i32 = blockers.iter().map(|&b| state.card(b).attack()).sum();
        assert_eq!(back, attacks, "{what}: every blocker deals its full attack");
        assert_eq!(
            events.last().map(|e| e.kind),
            Some(EventType::OnCombatResolved)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Flying, reach, haste, zero attack, block restrictions
// ---------------------------------------------------------------------------------------------

#[test]
fn a_flyer_can_be_blocked_only_by_flying_or_reach_creatures() {
    let mut p = combat_pos();
    let hawk = p.field(P0, "hawk");
    let bear = p.field(P1, "bear");
    let archer = p.field(P1, "archer");
    let other_hawk = p.field(P1, "hawk");
    let (state, _) = ok(&p.state(), attack(P0, hawk));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(legal_blockers(&defense, hawk), [archer, other_hawk]);
    assert_eq!(
        refused(&defense, block(P1, bear, 0)),
        RulesError::CannotBlock(BlockRefusal::Flying {
            blocker: bear,
            attacker: hawk
        })
    );
    ok(&defense, block(P1, archer, 0));
    ok(&defense, block(P1, other_hawk, 0));
}

#[test]
fn reach_blocks_flyers_but_does_not_grant_flying_and_flyers_block_anything() {
    let mut p = combat_pos();
    let archer = p.field(P0, "archer");
    let bear = p.field(P1, "bear");
    let hawk = p.field(P1, "hawk");
    let (state, _) = ok(&p.state(), attack(P0, archer));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(legal_blockers(&defense, archer), [bear, hawk]);
    let (after, _) = fight(&p.state(), &[(archer, &[hawk])], &[]);
    assert_eq!(
        [alive(&after, archer), alive(&after, hawk)],
        [Some(1), Some(1)]
    );
}

#[test]
fn haste_lets_a_creature_attack_the_turn_it_enters() {
    let mut p = combat_pos();
    let hasty = p.add(P0, Zone::Hand, "hasty");
    let goblin = p.add(P0, Zone::Hand, "goblin");
    let state = p.state();
    let (state, _) = ok(&state, play(P0, hasty));
    let (state, _) = ok(&state, play(P0, goblin));
    assert!(state.card(hasty).summoning_sick && state.card(goblin).summoning_sick);
    assert_eq!(legal_attackers(&state, P0), [hasty]);
    assert_eq!(
        refused(&state, attack(P0, goblin)),
        RulesError::SummoningSick(goblin)
    );
    let (after, _) = fight(&state, &[(hasty, &[])], &[]);
    assert_eq!(after.player(P1).health, 17);
}

#[test]
fn a_creature_with_zero_attack_deals_no_damage() {
    let mut p = combat_pos();
    let wall = p.field(P0, "wall");
    let (after, events) = fight(&p.state(), &[(wall, &[])], &[]);
    assert_eq!(after.player(P1).health, 20);
    assert_eq!(names(&events), ["on_combat_resolved"]);
    // blocking with it deals nothing either
    let mut p = combat_pos();
    let bear = p.field(P0, "bear");
    let wall = p.field(P1, "wall");
    let (after, events) = fight(&p.state(), &[(bear, &[wall])], &[]);
    assert_eq!(
        names(&events),
        ["on_card_receive_damage", "on_combat_resolved"]
    );
    assert_eq!(
        [alive(&after, bear), alive(&after, wall)],
        [Some(2), Some(2)]
    );
}

#[test]
fn a_summoning_sick_creature_can_block() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let fresh = p.field(P1, "troll");
    p.setup(
        fresh,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    let state = p.state();
    assert_eq!(legal_blockers(&state, goblin), [fresh]);
    let (after, _) = fight(&state, &[(goblin, &[fresh])], &[]);
    assert_eq!(
        [alive(&after, goblin), alive(&after, fresh)],
        [None, Some(1)]
    );
}

#[test]
fn a_creature_blocks_at_most_one_attacker() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let bear = p.field(P0, "bear");
    let troll = p.field(P1, "troll");
    let (state, _) = ok(&p.state(), attack(P0, goblin));
    let (state, _) = ok(&state, attack(P0, bear));
    let (defense, _) = advance_to(&state, Phase::Defense);
    let (blocking, _) = ok(&defense, block(P1, troll, 0));
    assert_eq!(
        refused(&blocking, block(P1, troll, 1)),
        RulesError::CannotBlock(BlockRefusal::AlreadyBlocking(troll))
    );
    assert_eq!(
        refused(&blocking, block(P1, troll, 0)),
        RulesError::CannotBlock(BlockRefusal::AlreadyBlocking(troll))
    );
    assert!(legal_blockers(&blocking, bear).is_empty());
}

#[test]
fn only_the_defending_player_blocks() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let bear = p.field(P0, "bear");
    let troll = p.field(P1, "troll");
    let (state, _) = ok(&p.state(), attack(P0, goblin));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P0, bear, 0)).kind(),
        "not_your_turn"
    );
    assert_eq!(
        refused(&defense, block(P0, troll, 0)).kind(),
        "not_your_turn"
    );
    assert_eq!(
        refused(&defense, block(P1, bear, 0)).kind(),
        "not_your_card"
    );
    ok(&defense, block(P1, troll, 0));
}

#[test]
fn a_blocked_attacker_whose_blockers_are_gone_deals_no_damage_unless_it_tramples() {
    // the coward destroys itself when it blocks: its attacker stays blocked
    let mut p = combat_pos();
    let giant = p.field(P0, "giant");
    let coward = p.field(P1, "coward");
    let (state, _) = ok(&p.state(), attack(P0, giant));
    let (defense, _) = advance_to(&state, Phase::Defense);
    let (blocked, events) = ok(&defense, block(P1, coward, 0));
    assert_eq!(alive(&blocked, coward), None);
    assert!(names(&events).contains(&"on_card_death"));
    let (after, events) = ok(&blocked, Action::AdvancePhase);
    assert_eq!(after.player(P1).health, 20);
    assert_eq!(names(&events), ["on_combat_resolved"]);
    // a trampler deals all of its damage to the player
    let mut p = combat_pos();
    let trampler = p.field(P0, "trampler");
    let coward = p.field(P1, "coward");
    let (after, _) = fight(&p.state(), &[(trampler, &[coward])], &[]);
    assert_eq!(after.player(P1).health, 15);
}

#[test]
fn on_combat_resolved_is_emitted_once_in_every_combat_phase_attackers_or_not() {
    let mut p = combat_pos();
    p.add(P0, Zone::Deck, "bear");
    p.add(P1, Zone::Deck, "bear");
    p.phase(Phase::Draw);
    let (state, events) = advance(&p.state(), 4);
    assert_eq!(state.phase(), Phase::Combat);
    assert_eq!(names(&events), ["on_combat_resolved"]);
    // two turns later, one per combat phase
    let (_, events) = advance(&state, 14);
    let count = events
        .iter()
        .filter(|e| e.kind == EventType::OnCombatResolved)
        .count();
    assert_eq!(count, 2);
}

#[test]
fn combat_events_come_in_order_damage_then_deaths_then_player_deaths_then_resolved() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let troll = p.field(P0, "troll");
    let bear = p.field(P1, "bear");
    p.builder.health(P1, 3);
    let (after, events) = fight(&p.state(), &[(goblin, &[bear]), (troll, &[])], &[]);
    assert_eq!(
        trace(&events),
        [
            ("on_card_receive_damage", Some(bear)),
            ("on_card_receive_damage", Some(goblin)),
            ("on_player_receive_damage", Some(troll)),
            ("on_card_leave_battlefield", Some(goblin)),
            ("on_card_death", Some(goblin)),
            ("on_card_enter_graveyard", Some(goblin)),
            ("on_card_leave_battlefield", Some(bear)),
            ("on_card_death", Some(bear)),
            ("on_card_enter_graveyard", Some(bear)),
            ("on_player_death", None),
            ("on_combat_resolved", None),
        ]
    );
    assert_eq!(after.player(P1).health, 0);
    assert_eq!(check_victory(&after), GameStatus::Winner(P0));
}

#[test]
fn triggers_fired_by_combat_resolve_after_combat_damage_never_in_the_middle() {
    // the brute grows +0/+5 when dealt damage, but the trigger waits until combat is over, when
    // the brute is already dead; the medic heals its owner once combat has resolved
    let mut p = combat_pos();
    let brute = p.field(P0, "brute");
    p.field(P0, "medic");
    let troll = p.field(P1, "troll");
    let (after, events) = fight(&p.state(), &[(brute, &[troll])], &[]);
    assert_eq!(alive(&after, brute), None);
    assert_eq!(alive(&after, troll), Some(1));
    assert_eq!(after.player(P0).health, 22);
    assert_eq!(
        names(&events),
        [
            "on_card_receive_damage",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_combat_resolved",
            "on_player_healed",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Technique helpers and queries
// ---------------------------------------------------------------------------------------------

#[test]
fn technique_helpers_read_a_definitions_techniques() {
    let cards = combat_cards();
    let def = |id: &str| {
        cards
            .iter()
            .find(|c| c.card_id.as_str() == id)
            .unwrap()
            .clone()
    };
    let (hawk, archer, bear, stinger, hasty) = (
        def("hawk"),
        def("archer"),
        def("bear"),
        def("stinger"),
        def("hasty"),
    );
    assert!(has_flying(&hawk) && !has_flying(&archer) && !has_flying(&bear));
    assert!(has_reach(&archer) && !has_reach(&hawk));
    assert!(has_trample(&stinger) && has_deathtouch(&stinger) && !has_trample(&bear));
    assert!(has_haste(&hasty) && !has_haste(&bear));
    assert!(!has_deathtouch(&hasty));
    // can_block(blocker, attacker)
    assert!(!can_block(&bear, &hawk));
    assert!(can_block(&archer, &hawk));
    assert!(can_block(&hawk, &hawk));
    assert!(can_block(&hawk, &bear));
    assert!(can_block(&bear, &archer), "reach does not grant flying");
}

#[test]
fn legal_attackers_and_legal_blockers_answer_for_the_current_position() {
    let mut p = combat_pos();
    let ready = p.field(P0, "bear");
    let sick = p.field(P0, "goblin");
    let sick_hasty = p.field(P0, "hasty");
    let tired = p.field(P0, "troll");
    p.field(P0, "fire");
    let hawk = p.field(P0, "hawk");
    let theirs = p.field(P1, "bear");
    let their_archer = p.field(P1, "archer");
    let their_tired = p.field(P1, "goblin");
    p.setup(
        sick,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.setup(
        sick_hasty,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.setup(
        tired,
        CardSetup {
            attacked: true,
            ..CardSetup::default()
        },
    );
    p.setup(
        their_tired,
        CardSetup {
            attacked: true,
            ..CardSetup::default()
        },
    );
    let state = p.state();
    assert_eq!(legal_attackers(&state, P0), [ready, sick_hasty, hawk]);
    assert_eq!(legal_attackers(&state, P1), [theirs, their_archer]);
    assert!(can_attack(&state, P0, ready) && !can_attack(&state, P0, sick));
    assert_eq!(legal_blockers(&state, ready), [theirs, their_archer]);
    assert_eq!(legal_blockers(&state, hawk), [their_archer]);
    assert!(can_block_card(&state, theirs, ready));
    assert!(!can_block_card(&state, theirs, hawk));
    assert!(!can_block_card(&state, their_tired, ready));
    assert!(
        !can_block_card(&state, sick, ready),
        "not against one's own creature"
    );
    assert!(legal_blockers(&state, InstanceId(999)).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Snapshots of whole combats
// ---------------------------------------------------------------------------------------------

fn label(state: &GameState, id: InstanceId) -> String {
    format!("{id}({})", state.def(id).card_id)
}

/// One line per event: `kind source=#3(goblin) target=P1 amount=2 owner=P1`.
fn render(state: &GameState, events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        out.push_str(e.kind.name());
        if let Some(source) = e.source {
            out.push_str(&format!(" source={}", label(state, source)));
        }
        match e.target {
            Some(Target::Card(id)) => out.push_str(&format!(" target={}", label(state, id))),
            Some(Target::Player(p)) => out.push_str(&format!(" target={p}")),
            None => {}
        }
        if let Some(amount) = e.amount {
            out.push_str(&format!(" amount={amount}"));
        }
        if let Some(owner) = e.zone_owner {
            out.push_str(&format!(" owner={owner}"));
        }
        out.push('\n');
    }
    out
}

/// Plays actions from a position and renders each action and its events, then the result.
fn transcript(state: &GameState, actions: &[Action]) -> String {
    let mut state = state.clone();
    let mut out = String::new();
    for action in actions {
        let (next, events) = ok(&state, action.clone());
        let line = match action {
            Action::DeclareAttack { player, attacker } => {
                format!("{player} attacks with {}", label(&next, *attacker))
            }
            Action::DeclareDefense {
                player,
                blocker,
                combat_index,
            } => {
                format!(
                    "{player} blocks attack {combat_index} with {}",
                    label(&next, *blocker)
                )
            }
            Action::OrderBlockers {
                player,
                combat_index,
                blockers,
            } => {
                let order: Vec<String> = blockers.iter().map(|&b| label(&next, b)).collect();
                format!(
                    "{player} orders attack {combat_index}: {}",
                    order.join(", ")
                )
            }
            Action::AdvancePhase => format!("advance to {}", next.phase()),
            other => format!("{other:?}"),
        };
        out.push_str(&format!("> {line}\n"));
        out.push_str(&render(&next, &events));
        state = next;
    }
    out.push_str("= ");
    for player in [P0, P1] {
        out.push_str(&format!(
            "{player} health {}; ",
            state.player(player).health
        ));
    }
    let creatures: Vec<String> = [P0, P1]
        .iter()
        .flat_map(|&p| {
            state
                .player(p)
                .battlefield()
                .iter()
                .copied()
                .collect::<Vec<_>>()
        })
        .filter(|&id| state.def(id).is_creature())
        .map(|id| {
            format!(
                "{} {}/{}",
                label(&state, id),
                state.card(id).attack(),
                state.card(id).defense()
            )
        })
        .collect();
    out.push_str(&format!("battlefield: {}\n", creatures.join(", ")));
    out
}

#[test]
fn snapshot_a_direct_attack_and_a_trade() {
    let mut p = combat_pos();
    let goblin = p.field(P0, "goblin");
    let troll = p.field(P0, "troll");
    let bear = p.field(P1, "bear");
    insta::assert_snapshot!(transcript(
        &p.state(),
        &[
            attack(P0, goblin),
            attack(P0, troll),
            Action::AdvancePhase,
            Action::AdvancePhase,
            block(P1, bear, 0),
            Action::AdvancePhase,
        ],
    ));
}

#[test]
fn snapshot_the_worked_example_trampler_and_ordered_blockers() {
    let mut p = combat_pos();
    let trampler = p.field(P0, "trampler");
    let bear = p.field(P1, "bear");
    let pup = p.field(P1, "pup");
    insta::assert_snapshot!(transcript(
        &p.state(),
        &[
            attack(P0, trampler),
            Action::AdvancePhase,
            Action::AdvancePhase,
            block(P1, bear, 0),
            block(P1, pup, 0),
            order(0, &[pup, bear]),
            Action::AdvancePhase,
        ],
    ));
}

#[test]
fn snapshot_deathtouch_blocker_and_a_lethal_attack() {
    let mut p = combat_pos();
    let giant = p.field(P0, "giant");
    let hawk = p.field(P0, "hawk");
    let viper = p.field(P1, "viper");
    p.builder.health(P1, 2);
    insta::assert_snapshot!(transcript(
        &p.state(),
        &[
            attack(P0, giant),
            attack(P0, hawk),
            Action::AdvancePhase,
            Action::AdvancePhase,
            block(P1, viper, 0),
            Action::AdvancePhase,
        ],
    ));
}

#[test]
fn snapshot_combat_triggers_resolve_after_the_damage() {
    let mut p = combat_pos();
    let brute = p.field(P0, "brute");
    p.field(P0, "medic");
    let troll = p.field(P1, "troll");
    insta::assert_snapshot!(transcript(
        &p.state(),
        &[
            attack(P0, brute),
            Action::AdvancePhase,
            Action::AdvancePhase,
            block(P1, troll, 0),
            Action::AdvancePhase,
        ],
    ));
}
