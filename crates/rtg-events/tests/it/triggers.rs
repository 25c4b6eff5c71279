//! Triggers: the filters (`trigger_self`, `trigger_owner`, `trigger_card_id`), where triggers are
//! active, reversals (`end_trigger`, `turn_duration`), pending triggers and the first-in-first-out
//! queue. Tests named `..._unlike_the_reference` pin a promise of the specification that its
//! reference implementation breaks.

use std::sync::Arc;

use crate::prelude::*;

use super::support::*;

fn heal(n: i32) -> AlterationData {
    alt("heal_player", TargetSpec::Owner, &[("amount", amount(n))])
}

fn any_source(mut alteration: AlterationData) -> AlterationData {
    alteration.trigger_self = false;
    alteration
}

fn owner_filter(mut alteration: AlterationData, owner: TriggerOwner) -> AlterationData {
    alteration.trigger_owner = owner;
    alteration
}

fn card_filter(mut alteration: AlterationData, card_id: &str) -> AlterationData {
    alteration.trigger_card_id = Some(CardId::new(card_id));
    alteration
}

fn until(mut alteration: AlterationData, end: EventType) -> AlterationData {
    alteration.end_trigger = Some(end);
    alteration
}

fn lasting(mut alteration: AlterationData, turns: u32) -> AlterationData {
    alteration.turn_duration = Some(turns.into());
    alteration
}

fn buff(attack: i32, defense: i32) -> AlterationData {
    alt(
        "buff_card",
        TargetSpec::SelfCard,
        &[
            ("attack_increase", int(attack)),
            ("defense_increase", int(defense)),
        ],
    )
}

/// A creature with one triggered ability made of `alterations`.
fn watcher(
    id: &str,
    attack: i32,
    defense: i32,
    alterations: Vec<AlterationData>,
) -> CardDefinition {
    creature(id, attack, defense).with_ability(triggered(alterations))
}

/// The amounts of the `on_player_healed` events, in order.
fn heals(events: &[Event]) -> Vec<i32> {
    events
        .iter()
        .filter(|e| e.kind == EventType::OnPlayerHealed)
        .filter_map(|e| e.amount)
        .collect()
}

fn stats(state: &GameState, id: InstanceId) -> (i32, i32) {
    (state.card(id).attack(), state.card(id).defense())
}

fn attack(attacker: InstanceId) -> Action {
    Action::DeclareAttack {
        player: P0,
        attacker,
    }
}

fn bolt(n: i32) -> CardDefinition {
    spell(
        "bolt",
        vec![alt(
            "damage_card",
            TargetSpec::Choose,
            &[("amount", amount(n))],
        )],
    )
}

/// Gives both players a deck, so that turns can pass without anyone drawing from an empty deck.
fn decks(p: &mut Pos, filler: &str) {
    p.many(P0, Zone::Deck, filler, 5);
    p.many(P1, Zone::Deck, filler, 5);
}

/// Advances to the draw phase of the next turn.
fn next_turn(state: &GameState) -> (GameState, Vec<Event>) {
    let (state, mut events) = advance_to(state, Phase::End);
    let (state, more) = advance(&state, 1);
    events.extend(more);
    (state, events)
}

// ---------------------------------------------------------------------------------------------
// trigger_self

#[test]
fn trigger_self_true_fires_only_for_events_whose_source_is_the_card() {
    let mut p = pos(vec![
        watcher(
            "medic",
            1,
            1,
            vec![on(EventType::OnCardEnterBattlefield, heal(3))],
        ),
        creature("bear", 2, 2),
    ]);
    let bear = p.add(P0, Zone::Hand, "bear");
    let medic = p.add(P0, Zone::Hand, "medic");
    let (state, events) = ok(&p.state(), play(P0, bear));
    assert_eq!(names(&events), vec!["on_card_enter_battlefield"]);
    let (after, events) = ok(&state, play(P0, medic));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_player_healed"]
    );
    assert_eq!(events[1].source, Some(medic));
    assert_eq!(after.player(P0).health, 23);
}

#[test]
fn trigger_self_false_fires_for_events_of_any_source() {
    let mut p = pos(vec![
        watcher(
            "herald",
            1,
            1,
            vec![any_source(on(EventType::OnCardEnterBattlefield, heal(3)))],
        ),
        creature("bear", 2, 2),
    ]);
    p.field(P0, "herald");
    let bear = p.add(P0, Zone::Hand, "bear");
    let (after, events) = ok(&p.state(), play(P0, bear));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_player_healed"]
    );
    assert_eq!(after.player(P0).health, 23);
}

#[test]
fn trigger_self_never_filters_out_turn_events() {
    let mut p = pos(vec![watcher(
        "sun",
        0,
        1,
        vec![on(EventType::OnTurnStart, heal(1))],
    )]);
    p.field(P0, "sun");
    decks(&mut p, "sun");
    let (state, events) = next_turn(&p.state());
    assert_eq!(state.turn(), 2);
    assert_eq!(
        names(&events),
        vec![
            "on_combat_resolved",
            "on_turn_end",
            "on_turn_start",
            "on_player_healed",
            "on_card_draw"
        ]
    );
    let (_, events) = next_turn(&state);
    assert_eq!(
        heals(&events),
        vec![1],
        "every turn start, both players' turns"
    );
}

// ---------------------------------------------------------------------------------------------
// trigger_owner

#[test]
fn trigger_owner_any_owner_and_opponent_compare_the_events_zone_owner() {
    let mut p = pos(vec![
        watcher(
            "mourner",
            0,
            5,
            vec![
                any_source(on(EventType::OnCardDeath, heal(1))),
                owner_filter(
                    any_source(on(EventType::OnCardDeath, heal(10))),
                    TriggerOwner::Owner,
                ),
                owner_filter(
                    any_source(on(EventType::OnCardDeath, heal(100))),
                    TriggerOwner::Opponent,
                ),
            ],
        ),
        creature("bear", 2, 2),
        bolt(5),
    ]);
    p.field(P0, "mourner");
    let mine = p.field(P0, "bear");
    let theirs = p.field(P1, "bear");
    let bolt_a = p.add(P0, Zone::Hand, "bolt");
    let bolt_b = p.add(P0, Zone::Hand, "bolt");
    let state = p.state();
    let (_, events) = ok(&state, play_at(P0, bolt_a, Target::Card(mine)));
    assert_eq!(
        heals(&events),
        vec![1, 10],
        "my creature died: any and owner"
    );
    let (_, events) = ok(&state, play_at(P0, bolt_b, Target::Card(theirs)));
    assert_eq!(
        heals(&events),
        vec![1, 100],
        "their creature died: any and opponent"
    );
}

#[test]
fn trigger_owner_on_turn_start_means_your_turn_or_your_opponents_turn() {
    let mut p = pos(vec![watcher(
        "clock",
        0,
        5,
        vec![
            owner_filter(on(EventType::OnTurnStart, heal(1)), TriggerOwner::Owner),
            owner_filter(on(EventType::OnTurnStart, heal(10)), TriggerOwner::Opponent),
        ],
    )]);
    p.field(P0, "clock");
    decks(&mut p, "clock");
    let (state, events) = next_turn(&p.state());
    assert_eq!(state.active(), P1);
    assert_eq!(heals(&events), vec![10], "the opponent's turn");
    let (state, events) = next_turn(&state);
    assert_eq!(state.active(), P0);
    assert_eq!(heals(&events), vec![1], "the owner's turn");
}

#[test]
fn trigger_owner_never_matches_an_event_without_a_zone_owner() {
    // on_combat_resolved concerns no player's zone: only `any` fires for it.
    let mut p = pos(vec![watcher(
        "drum",
        0,
        5,
        vec![
            on(EventType::OnCombatResolved, heal(1)),
            owner_filter(
                on(EventType::OnCombatResolved, heal(10)),
                TriggerOwner::Owner,
            ),
            owner_filter(
                on(EventType::OnCombatResolved, heal(100)),
                TriggerOwner::Opponent,
            ),
        ],
    )]);
    p.field(P0, "drum");
    let (_, events) = advance_to(&p.state(), Phase::Combat);
    assert_eq!(heals(&events), vec![1]);
}

// ---------------------------------------------------------------------------------------------
// trigger_card_id

#[test]
fn trigger_card_id_matches_the_definition_id_of_the_events_source() {
    let mut p = pos(vec![
        watcher(
            "chief",
            1,
            1,
            vec![card_filter(
                any_source(on(EventType::OnCardEnterBattlefield, heal(2))),
                "goblin_01",
            )],
        ),
        creature("goblin_01", 1, 1),
        creature("elf", 1, 1),
    ]);
    p.field(P0, "chief");
    let goblin = p.add(P0, Zone::Hand, "goblin_01");
    let elf = p.add(P0, Zone::Hand, "elf");
    let state = p.state();
    let (_, events) = ok(&state, play(P0, goblin));
    assert_eq!(
        names(&events),
        vec!["on_card_enter_battlefield", "on_player_healed"]
    );
    let (_, events) = ok(&state, play(P0, elf));
    assert_eq!(names(&events), vec!["on_card_enter_battlefield"]);
}

#[test]
fn trigger_card_id_never_matches_an_event_without_a_source() {
    let mut p = pos(vec![watcher(
        "sun",
        0,
        1,
        vec![
            card_filter(any_source(on(EventType::OnTurnStart, heal(1))), "sun"),
            on(EventType::OnTurnStart, heal(10)),
        ],
    )]);
    p.field(P0, "sun");
    decks(&mut p, "sun");
    let (_, events) = next_turn(&p.state());
    assert_eq!(heals(&events), vec![10]);
}

// ---------------------------------------------------------------------------------------------
// Where triggers are active

#[test]
fn a_creatures_own_death_trigger_fires_seen_as_it_last_was_unlike_the_reference() {
    let martyr = watcher(
        "martyr",
        2,
        2,
        vec![on(
            EventType::OnCardDeath,
            alt(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", ParamValue::Amount(Amount::SourceAttack))],
            ),
        )],
    );
    let mut p = pos(vec![martyr, bolt(9)]);
    let martyr = p.field(P0, "martyr");
    p.setup(
        martyr,
        CardSetup {
            attack_buff: 3,
            ..CardSetup::default()
        },
    );
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let (after, events) = ok(&p.state(), play_at(P0, bolt, Target::Card(martyr)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_player_receive_damage",
            "on_card_enter_graveyard",
        ]
    );
    // Its attack as it last was on the battlefield, buff included.
    assert_eq!(events[4].amount, Some(5));
    assert_eq!(events[4].source, Some(martyr));
    assert_eq!(after.player(P1).health, 15);
}

#[test]
fn a_creatures_own_leave_the_battlefield_trigger_fires_when_it_is_bounced() {
    let mut p = pos(vec![
        watcher(
            "sprite",
            1,
            1,
            vec![on(
                EventType::OnCardLeaveBattlefield,
                alt("draw_card", TargetSpec::Owner, &[]),
            )],
        ),
        spell(
            "bounce",
            vec![alt("return_to_hand", TargetSpec::Choose, &[])],
        ),
    ]);
    let sprite = p.field(P0, "sprite");
    p.add(P0, Zone::Deck, "sprite");
    let bounce = p.add(P0, Zone::Hand, "bounce");
    let (after, events) = ok(&p.state(), play_at(P0, bounce, Target::Card(sprite)));
    assert_eq!(
        names(&events),
        vec![
            "on_card_leave_battlefield",
            "on_card_draw",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(zone_ids(&after, P0, Zone::Hand), vec!["sprite", "sprite"]);
}

#[test]
fn triggers_of_cards_in_hand_deck_or_graveyard_never_fire() {
    let mut p = pos(vec![watcher(
        "sun",
        0,
        1,
        vec![on(EventType::OnTurnStart, heal(1))],
    )]);
    p.add(P0, Zone::Hand, "sun");
    p.add(P0, Zone::Graveyard, "sun");
    decks(&mut p, "sun");
    let (_, events) = next_turn(&p.state());
    assert_eq!(heals(&events), Vec::<i32>::new());
}

#[test]
fn a_spells_triggers_are_active_only_while_it_resolves() {
    // The spell deals 2 and, while it resolves, heals its owner 1 whenever a player is dealt
    // damage. Once in the graveyard it hears nothing.
    let leech = spell(
        "leech",
        vec![alt(
            "damage_player",
            TargetSpec::Opponent,
            &[("amount", amount(2))],
        )],
    )
    .with_ability(triggered(vec![any_source(on(
        EventType::OnPlayerReceiveDamage,
        heal(1),
    ))]));
    let mut p = pos(vec![leech, creature("ogre", 3, 3)]);
    let leech = p.add(P0, Zone::Hand, "leech");
    let ogre = p.field(P0, "ogre");
    let (state, events) = ok(&p.state(), play(P0, leech));
    assert_eq!(
        names(&events),
        vec![
            "on_player_receive_damage",
            "on_player_healed",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(events[1].source, Some(leech));
    let (state, _) = ok(&state, attack(ogre));
    let (after, events) = advance_to(&state, Phase::Combat);
    assert_eq!(
        names(&events),
        vec!["on_player_receive_damage", "on_combat_resolved"]
    );
    assert_eq!(after.player(P0).health, 21);
}

// ---------------------------------------------------------------------------------------------
// end_trigger and turn_duration

#[test]
fn end_trigger_reverses_the_same_amount_even_if_attack_changed_since() {
    // When it attacks, heal its owner by its attack, until the end of the turn.
    let rager = watcher(
        "rager",
        3,
        3,
        vec![until(
            on(
                EventType::OnCardAttack,
                alt(
                    "heal_player",
                    TargetSpec::Owner,
                    &[("amount", ParamValue::Amount(Amount::SourceAttack))],
                ),
            ),
            EventType::OnTurnEnd,
        )],
    );
    let pump = spell(
        "pump",
        vec![alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(4))],
        )],
    );
    let mut p = pos(vec![rager, pump]);
    let rager = p.field(P0, "rager");
    let pump = p.add(P0, Zone::Hand, "pump");
    p.builder.health(P1, 50);
    let (state, events) = ok(&p.state(), attack(rager));
    assert_eq!(
        names(&events),
        vec!["on_attack_declared", "on_card_attack", "on_player_healed"]
    );
    assert_eq!(state.player(P0).health, 23);
    assert_eq!(state.reversals().len(), 1);
    let (state, _) = advance_to(&state, Phase::MainPostcombat);
    let (state, _) = ok(&state, play_at(P0, pump, Target::Card(rager)));
    assert_eq!(state.card(rager).attack(), 7);
    let (after, events) = advance(&state, 1);
    assert_eq!(
        names(&events),
        vec!["on_turn_end", "on_player_receive_damage"]
    );
    assert_eq!(
        events[1].amount,
        Some(3),
        "what was applied, not the attack now"
    );
    assert_eq!(events[1].source, Some(rager));
    assert_eq!(after.player(P0).health, 20);
    assert!(after.reversals().is_empty());
}

#[test]
fn end_trigger_never_reverses_an_effect_that_never_started_unlike_the_reference() {
    // +2/+2 when it attacks, until the end of turn. It does not attack: nothing to reverse (the
    // reference applies -2/-2 at the end of the turn anyway, and kills it).
    let mut p = pos(vec![watcher(
        "brute",
        2,
        2,
        vec![until(
            on(EventType::OnCardAttack, buff(2, 2)),
            EventType::OnTurnEnd,
        )],
    )]);
    let brute = p.field(P0, "brute");
    let (after, events) = advance_to(&p.state(), Phase::End);
    assert_eq!(names(&events), vec!["on_combat_resolved", "on_turn_end"]);
    assert_eq!(stats(&after, brute), (2, 2));
    assert!(after.card(brute).on_battlefield());
}

#[test]
fn a_reversal_leaves_alone_a_creature_that_left_and_came_back() {
    // +2/+2 until the end of the turn; the creature is bounced and played again: it is a new
    // object, and the end of the turn does not take 2/2 off it.
    let pump = until(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(2)), ("defense_increase", int(2))],
        ),
        EventType::OnTurnEnd,
    );
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell("pump", vec![pump]),
        spell(
            "bounce",
            vec![alt("return_to_hand", TargetSpec::Choose, &[])],
        ),
    ]);
    let bear = p.field(P0, "bear");
    let pump = p.add(P0, Zone::Hand, "pump");
    let bounce = p.add(P0, Zone::Hand, "bounce");
    let (state, _) = ok(&p.state(), play_at(P0, pump, Target::Card(bear)));
    let (state, _) = ok(&state, play_at(P0, bounce, Target::Card(bear)));
    let (state, _) = ok(&state, play(P0, bear));
    assert_eq!(stats(&state, bear), (2, 2));
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(names(&events), vec!["on_combat_resolved", "on_turn_end"]);
    assert_eq!(stats(&after, bear), (2, 2));
    assert!(after.reversals().is_empty());
}

#[test]
fn end_trigger_uses_the_same_filters_as_the_start() {
    // When this enters, your creatures get +1/+1 until this leaves the battlefield (trigger_self
    // applies to the end as to the start: another creature leaving does not end it).
    let anthem = watcher(
        "banner",
        1,
        1,
        vec![until(
            on(
                EventType::OnCardEnterBattlefield,
                alt(
                    "buff_all",
                    TargetSpec::Owner,
                    &[("attack_increase", int(1)), ("defense_increase", int(1))],
                ),
            ),
            EventType::OnCardLeaveBattlefield,
        )],
    );
    let mut p = pos(vec![
        anthem,
        creature("bear", 2, 2),
        spell(
            "bounce",
            vec![alt("return_to_hand", TargetSpec::Choose, &[])],
        ),
    ]);
    let bear = p.field(P0, "bear");
    let elf = p.field(P0, "bear");
    let banner = p.add(P0, Zone::Hand, "banner");
    let bounce_a = p.add(P0, Zone::Hand, "bounce");
    let bounce_b = p.add(P0, Zone::Hand, "bounce");
    let (state, _) = ok(&p.state(), play(P0, banner));
    assert_eq!(stats(&state, bear), (3, 3));
    assert_eq!(stats(&state, banner), (2, 2));
    let (state, _) = ok(&state, play_at(P0, bounce_a, Target::Card(elf)));
    assert_eq!(
        stats(&state, bear),
        (3, 3),
        "another card leaving does not end it"
    );
    assert_eq!(state.reversals().len(), 1);
    let (state, _) = ok(&state, play_at(P0, bounce_b, Target::Card(banner)));
    assert_eq!(stats(&state, bear), (2, 2), "the banner leaving ends it");
    assert!(state.reversals().is_empty());
}

#[test]
fn turn_duration_counts_every_players_turn() {
    // turn_duration 1: reversed at the start of the next turn (the opponent's);
    // turn_duration 2: at the start of the owner's next turn.
    let mut p = pos(vec![
        watcher(
            "quick",
            1,
            1,
            vec![lasting(
                on(EventType::OnCardEnterBattlefield, buff(2, 1)),
                1,
            )],
        ),
        watcher(
            "slow",
            1,
            1,
            vec![lasting(
                on(EventType::OnCardEnterBattlefield, buff(2, 1)),
                2,
            )],
        ),
    ]);
    let quick = p.add(P0, Zone::Hand, "quick");
    let slow = p.add(P0, Zone::Hand, "slow");
    decks(&mut p, "quick");
    let (state, _) = ok(&p.state(), play(P0, quick));
    let (state, _) = ok(&state, play(P0, slow));
    assert_eq!(
        (stats(&state, quick), stats(&state, slow)),
        ((3, 2), (3, 2))
    );
    let (state, _) = advance_to(&state, Phase::End);
    let (turn2, events) = advance(&state, 1);
    assert_eq!(turn2.turn(), 2);
    assert_eq!(
        (stats(&turn2, quick), stats(&turn2, slow)),
        ((1, 1), (3, 2))
    );
    // The reversal comes before on_turn_start and emits nothing.
    assert_eq!(names(&events), vec!["on_turn_start", "on_card_draw"]);
    let (turn3, _) = next_turn(&turn2);
    assert_eq!(turn3.turn(), 3);
    assert_eq!(
        (stats(&turn3, quick), stats(&turn3, slow)),
        ((1, 1), (1, 1))
    );
    assert!(turn3.reversals().is_empty());
}

#[test]
fn turn_duration_and_end_trigger_together_whichever_comes_first() {
    let mut p = pos(vec![
        // The end trigger comes first: reversed at the end of this turn, and only then.
        watcher(
            "early",
            1,
            1,
            vec![lasting(
                until(
                    on(EventType::OnCardEnterBattlefield, buff(2, 0)),
                    EventType::OnTurnEnd,
                ),
                2,
            )],
        ),
        // The duration comes first: reversed at the start of turn 2, not again at its death.
        watcher(
            "late",
            1,
            1,
            vec![lasting(
                until(
                    on(EventType::OnCardEnterBattlefield, buff(2, 0)),
                    EventType::OnCardDeath,
                ),
                1,
            )],
        ),
    ]);
    let early = p.add(P0, Zone::Hand, "early");
    let late = p.add(P0, Zone::Hand, "late");
    decks(&mut p, "early");
    let (state, _) = ok(&p.state(), play(P0, early));
    let (state, _) = ok(&state, play(P0, late));
    assert_eq!(state.reversals().len(), 2);
    let (state, _) = advance_to(&state, Phase::End);
    assert_eq!(
        (stats(&state, early), stats(&state, late)),
        ((1, 1), (3, 1))
    );
    assert_eq!(state.reversals().len(), 1);
    let (state, _) = advance(&state, 1);
    assert_eq!(
        (stats(&state, early), stats(&state, late)),
        ((1, 1), (1, 1))
    );
    assert!(state.reversals().is_empty());
    let (state, _) = next_turn(&state);
    assert_eq!(
        (stats(&state, early), stats(&state, late)),
        ((1, 1), (1, 1))
    );
}

#[test]
fn an_until_end_of_turn_defense_buff_ends_before_damage_wears_off() {
    // The end phase runs on_turn_end (and its reversals) before damage wears off, so a creature
    // kept alive only by a temporary defense buff dies.
    let mut guard = alt(
        "buff_card",
        TargetSpec::Choose,
        &[("defense_increase", int(2))],
    );
    guard = until(guard, EventType::OnTurnEnd);
    let mut p = pos(vec![
        creature("bear", 2, 2),
        spell("guard", vec![guard]),
        bolt(3),
    ]);
    let bear = p.field(P0, "bear");
    let guard = p.add(P0, Zone::Hand, "guard");
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let (state, _) = ok(&p.state(), play_at(P0, guard, Target::Card(bear)));
    let (state, _) = ok(&state, play_at(P0, bolt, Target::Card(bear)));
    assert_eq!(state.card(bear).defense(), 1);
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(
        names(&events),
        vec![
            "on_combat_resolved",
            "on_turn_end",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
    assert_eq!(after.card(bear).location(), Location::Graveyard);
}

#[test]
fn reversing_gain_mana_removes_up_to_what_was_gained_with_no_event() {
    let surge = until(
        alt(
            "gain_mana",
            TargetSpec::Owner,
            &[("amounts", ParamValue::Mana(mana(&[(ManaType::Fire, 3)])))],
        ),
        EventType::OnTurnEnd,
    );
    let mut p = pos(vec![
        spell("surge", vec![surge]),
        creature("imp", 1, 1).with_cost(mana(&[(ManaType::Fire, 2)])),
    ]);
    let surge = p.add(P0, Zone::Hand, "surge");
    let imp = p.add(P0, Zone::Hand, "imp");
    p.pool(P0, mana(&[(ManaType::Water, 1)]));
    let (state, _) = ok(&p.state(), play(P0, surge));
    let (state, _) = ok(&state, play(P0, imp));
    assert_eq!(
        state.player(P0).pool,
        mana(&[(ManaType::Fire, 1), (ManaType::Water, 1)])
    );
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(names(&events), vec!["on_combat_resolved", "on_turn_end"]);
    assert_eq!(after.player(P0).pool, mana(&[(ManaType::Water, 1)]));
}

#[test]
fn reversing_spend_mana_gives_back_what_was_spent() {
    let drain = until(
        alt(
            "spend_mana",
            TargetSpec::Opponent,
            &[(
                "mana_requirement",
                ParamValue::Mana(mana(&[(ManaType::Any, 2)])),
            )],
        ),
        EventType::OnTurnEnd,
    );
    let mut p = pos(vec![spell("drain", vec![drain])]);
    let drain = p.add(P0, Zone::Hand, "drain");
    p.pool(P1, mana(&[(ManaType::Earth, 1), (ManaType::Air, 2)]));
    let (state, _) = ok(&p.state(), play(P0, drain));
    assert_eq!(state.player(P1).pool, mana(&[(ManaType::Air, 1)]));
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(
        names(&events),
        vec!["on_combat_resolved", "on_turn_end", "on_player_mana_gained"]
    );
    assert_eq!(events[2].amount, Some(2));
    assert_eq!(
        after.player(P1).pool,
        mana(&[(ManaType::Earth, 1), (ManaType::Air, 2)])
    );
}

#[test]
fn reversing_set_stats_restores_the_base_and_keeps_buffs_made_meanwhile() {
    let shrink = until(
        alt(
            "set_stats",
            TargetSpec::Choose,
            &[("attack", int(0)), ("defense", int(1))],
        ),
        EventType::OnTurnEnd,
    );
    let pump = spell(
        "pump",
        vec![alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(2)), ("defense_increase", int(2))],
        )],
    );
    let mut p = pos(vec![
        creature("ogre", 4, 4),
        spell("shrink", vec![shrink]),
        pump,
    ]);
    let ogre = p.field(P0, "ogre");
    p.setup(
        ogre,
        CardSetup {
            attack_buff: 1,
            ..CardSetup::default()
        },
    );
    let shrink = p.add(P0, Zone::Hand, "shrink");
    let pump = p.add(P0, Zone::Hand, "pump");
    let (state, _) = ok(&p.state(), play_at(P0, shrink, Target::Card(ogre)));
    assert_eq!(stats(&state, ogre), (0, 1));
    let (state, _) = ok(&state, play_at(P0, pump, Target::Card(ogre)));
    assert_eq!(stats(&state, ogre), (2, 3));
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(names(&events), vec!["on_combat_resolved", "on_turn_end"]);
    assert_eq!(
        stats(&after, ogre),
        (6, 6),
        "back to its 4/4 base with the +2/+2 made meanwhile; the earlier +1/+0 ended with the set"
    );
}

// ---------------------------------------------------------------------------------------------
// Pending triggers

fn sniper() -> CardDefinition {
    watcher(
        "sniper",
        1,
        1,
        vec![until(
            on(
                EventType::OnCardEnterBattlefield,
                alt("damage_card", TargetSpec::Choose, &[("amount", amount(2))]),
            ),
            EventType::OnTurnEnd,
        )],
    )
}

#[test]
fn a_choose_target_trigger_waits_as_a_pending_trigger_and_blocks_every_other_action() {
    let mut p = pos(vec![
        sniper(),
        creature("ogre", 3, 5),
        creature("bear", 2, 2),
    ]);
    let sniper = p.add(P0, Zone::Hand, "sniper");
    let other = p.add(P0, Zone::Hand, "bear");
    let ogre = p.field(P1, "ogre");
    let (state, events) = ok(&p.state(), play(P0, sniper));
    assert_eq!(names(&events), vec!["on_card_enter_battlefield"]);
    assert_eq!(state.pending_triggers().len(), 1);
    let pending = &state.pending_triggers()[0];
    assert_eq!(pending.alteration.source, sniper);
    assert_eq!(
        (pending.alteration.ability, pending.alteration.alteration),
        (0, 0)
    );
    assert_eq!(pending.controller, P0);
    assert_eq!(pending.target_kind, TargetKind::Card);
    assert_eq!(pending.event, events[0]);

    assert_eq!(
        refused(&state, Action::AdvancePhase).kind(),
        "pending_trigger"
    );
    assert_eq!(refused(&state, play(P0, other)).kind(), "pending_trigger");
    let no_such = Action::ResolvePendingTrigger {
        index: 1,
        target: Target::Card(ogre),
    };
    assert_eq!(refused(&state, no_such).kind(), "no_such_pending_trigger");
    let wrong_kind = Action::ResolvePendingTrigger {
        index: 0,
        target: Target::Player(P1),
    };
    assert_eq!(refused(&state, wrong_kind).kind(), "illegal_target");

    // Resolving applies the effect and arms its end trigger.
    let resolve = Action::ResolvePendingTrigger {
        index: 0,
        target: Target::Card(ogre),
    };
    let (state, events) = ok(&state, resolve);
    assert_eq!(names(&events), vec!["on_card_receive_damage"]);
    assert_eq!(events[0].amount, Some(2));
    assert!(state.pending_triggers().is_empty());
    assert_eq!(state.card(ogre).defense(), 3);
    assert_eq!(state.reversals().len(), 1);
    let (after, events) = advance_to(&state, Phase::End);
    assert_eq!(
        names(&events),
        vec!["on_combat_resolved", "on_turn_end", "on_card_healed"]
    );
    assert_eq!(after.card(ogre).defense(), 5);
}

#[test]
fn each_event_creates_its_own_pending_trigger_not_once_per_card_lifetime() {
    let mut p = pos(vec![watcher(
        "hunter",
        1,
        5,
        vec![on(
            EventType::OnTurnStart,
            alt(
                "damage_player",
                TargetSpec::Choose,
                &[("amount", amount(1))],
            ),
        )],
    )]);
    p.field(P0, "hunter");
    decks(&mut p, "hunter");
    let resolve = Action::ResolvePendingTrigger {
        index: 0,
        target: Target::Player(P1),
    };
    let mut state = p.state();
    for turn in 2..=4 {
        let (next, events) = next_turn(&state);
        assert_eq!(next.turn(), turn);
        assert_eq!(next.pending_triggers().len(), 1, "turn {turn}");
        // The turn start settled and the draw followed; the trigger waits for its target.
        assert!(names(&events).ends_with(&["on_turn_start", "on_card_draw"]));
        let (resolved, events) = ok(&next, resolve.clone());
        assert_eq!(names(&events), vec!["on_player_receive_damage"]);
        state = resolved;
    }
    assert_eq!(state.player(P1).health, 17);
}

#[test]
fn two_events_in_one_step_create_two_pending_triggers() {
    let wasp = Arc::new(creature("token_wasp", 1, 1));
    let mut p = pos(vec![
        watcher(
            "warden",
            1,
            5,
            vec![any_source(on(
                EventType::OnCardEnterBattlefield,
                alt(
                    "damage_player",
                    TargetSpec::Choose,
                    &[("amount", amount(1))],
                ),
            ))],
        ),
        spell(
            "hive",
            vec![alt(
                "spawn_creature",
                TargetSpec::Owner,
                &[("template", ParamValue::Template(wasp)), ("count", int(2))],
            )],
        ),
    ]);
    p.field(P0, "warden");
    let hive = p.add(P0, Zone::Hand, "hive");
    let (state, _) = ok(&p.state(), play(P0, hive));
    assert_eq!(state.pending_triggers().len(), 2);
    assert_ne!(
        state.pending_triggers()[0].event.source,
        state.pending_triggers()[1].event.source
    );
    let resolve = |index| Action::ResolvePendingTrigger {
        index,
        target: Target::Player(P1),
    };
    let (state, _) = ok(&state, resolve(1));
    let (state, _) = ok(&state, resolve(0));
    assert!(state.pending_triggers().is_empty());
    assert_eq!(state.player(P1).health, 18);
}

#[test]
fn a_pending_trigger_with_no_legal_target_is_dropped() {
    // When this dies, deal 2 to a creature of your choice: there is none left.
    let mut p = pos(vec![
        watcher(
            "spiteful",
            1,
            1,
            vec![on(
                EventType::OnCardDeath,
                alt("damage_card", TargetSpec::Choose, &[("amount", amount(2))]),
            )],
        ),
        bolt(1),
    ]);
    let spiteful = p.field(P0, "spiteful");
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let (after, events) = ok(&p.state(), play_at(P0, bolt, Target::Card(spiteful)));
    assert!(after.pending_triggers().is_empty());
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
    assert!(legal_actions(&after).contains(&Action::AdvancePhase));
}

#[test]
fn a_pending_trigger_whose_targets_disappear_before_it_can_be_resolved_is_dropped() {
    // Entering, it asks for a creature to damage, then destroys itself before anyone can choose:
    // no creature is left, so the pending trigger is dropped rather than locking the game.
    let doomed = watcher(
        "doomed",
        1,
        1,
        vec![
            on(
                EventType::OnCardEnterBattlefield,
                alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]),
            ),
            on(
                EventType::OnCardEnterBattlefield,
                alt("destroy_card", TargetSpec::SelfCard, &[]),
            ),
        ],
    );
    let mut p = pos(vec![doomed]);
    let doomed = p.add(P0, Zone::Hand, "doomed");
    let (after, events) = ok(&p.state(), play(P0, doomed));
    assert_eq!(
        names(&events),
        vec![
            "on_card_enter_battlefield",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
    assert!(after.pending_triggers().is_empty());
    assert_eq!(legal_actions(&after).last(), Some(&Action::AdvancePhase));
}

// ---------------------------------------------------------------------------------------------
// The queue

#[test]
fn the_queue_is_first_in_first_out_active_players_cards_first_in_battlefield_order() {
    // P1 is active (turn 2). At the turn start P1's two cards fire first, in battlefield order,
    // then P0's. Each heal fires P0's "whenever a player is healed, deal 1 to the opponent",
    // queued behind the heals already waiting: breadth first, not depth first.
    let mut p = pos(vec![
        watcher("sun", 0, 5, vec![on(EventType::OnTurnStart, heal(1))]),
        watcher("moon", 0, 5, vec![on(EventType::OnTurnStart, heal(2))]),
        watcher("star", 0, 5, vec![on(EventType::OnTurnStart, heal(3))]),
        watcher(
            "echo",
            0,
            5,
            vec![any_source(on(
                EventType::OnPlayerHealed,
                alt(
                    "damage_player",
                    TargetSpec::Opponent,
                    &[("amount", amount(1))],
                ),
            ))],
        ),
    ]);
    p.field(P0, "star");
    p.field(P0, "echo");
    p.field(P1, "moon");
    p.field(P1, "sun");
    decks(&mut p, "sun");
    p.phase(Phase::End);
    let (after, events) = advance(&p.state(), 1);
    assert_eq!(
        names(&events),
        vec![
            "on_turn_start",
            "on_player_healed",
            "on_player_healed",
            "on_player_healed",
            "on_player_receive_damage",
            "on_player_receive_damage",
            "on_player_receive_damage",
            "on_card_draw",
        ]
    );
    assert_eq!(heals(&events), vec![2, 1, 3]);
    assert_eq!(after.player(P1).health, 20 + 3 - 3);
}

#[test]
fn matching_order_battlefields_then_the_resolving_spell_then_cards_that_just_left() {
    // Whenever a creature leaves the battlefield: P0's creature heals 100, P1's creature heals its
    // owner 10, the resolving spell heals 1. The spell destroys a creature of P0 whose own "when
    // I leave" trigger heals 1000: it comes last although it was first on the battlefield.
    let hears = |n| any_source(on(EventType::OnCardLeaveBattlefield, heal(n)));
    let quake = spell("quake", vec![alt("destroy_card", TargetSpec::Choose, &[])])
        .with_ability(triggered(vec![hears(1)]));
    let mut p = pos(vec![
        quake,
        watcher("ear", 0, 5, vec![hears(100)]),
        watcher("foreign_ear", 0, 5, vec![hears(10)]),
        watcher(
            "ghost",
            0,
            5,
            vec![on(EventType::OnCardLeaveBattlefield, heal(1000))],
        ),
    ]);
    let ghost = p.field(P0, "ghost");
    p.field(P0, "ear");
    p.field(P1, "foreign_ear");
    let quake = p.add(P0, Zone::Hand, "quake");
    let (_, events) = ok(&p.state(), play_at(P0, quake, Target::Card(ghost)));
    assert_eq!(heals(&events), vec![100, 10, 1, 1000]);
}

#[test]
fn a_runaway_chain_stops_at_the_chain_limit_and_the_action_is_refused_with_the_state_unchanged() {
    assert_eq!(CHAIN_LIMIT, 10_000);
    // Whenever a player is healed, heal its owner: it never ends.
    let mut p = pos(vec![
        watcher(
            "loop",
            0,
            5,
            vec![any_source(on(EventType::OnPlayerHealed, heal(1)))],
        ),
        spell("salve", vec![heal(1)]),
    ]);
    p.field(P0, "loop");
    let salve = p.add(P0, Zone::Hand, "salve");
    let error = refused(&p.state(), play(P0, salve));
    assert_eq!(error.kind(), "chain_limit");
    assert!(matches!(
        error,
        RulesError::ChainLimit(TriggerError::ChainLimit { limit: 10_000 })
    ));
}

#[test]
fn state_based_checks_run_after_each_queued_item() {
    // At the turn start it deals 5 to itself, then 1 to itself. It dies after the first (the
    // state-based check runs before the next item), so the second finds no target.
    let mut p = pos(vec![watcher(
        "fool",
        1,
        5,
        vec![
            on(
                EventType::OnTurnStart,
                alt(
                    "damage_card",
                    TargetSpec::SelfCard,
                    &[("amount", amount(5))],
                ),
            ),
            on(
                EventType::OnTurnStart,
                alt(
                    "damage_card",
                    TargetSpec::SelfCard,
                    &[("amount", amount(1))],
                ),
            ),
        ],
    )]);
    let fool = p.field(P0, "fool");
    decks(&mut p, "fool");
    let (after, events) = next_turn(&p.state());
    assert_eq!(
        names(&events),
        vec![
            "on_combat_resolved",
            "on_turn_end",
            "on_turn_start",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_draw",
        ]
    );
    assert_eq!(after.card(fool).stats.damage, 5);
}

#[test]
fn once_the_game_is_over_the_queue_is_cleared() {
    let mut p = pos(vec![watcher(
        "bomb",
        0,
        5,
        vec![
            on(
                EventType::OnTurnStart,
                alt(
                    "damage_player",
                    TargetSpec::Opponent,
                    &[("amount", amount(20))],
                ),
            ),
            on(EventType::OnTurnStart, heal(5)),
        ],
    )]);
    p.field(P0, "bomb");
    decks(&mut p, "bomb");
    p.phase(Phase::End);
    let (after, events) = advance(&p.state(), 1);
    assert_eq!(
        names(&events),
        vec![
            "on_turn_start",
            "on_player_receive_damage",
            "on_player_death"
        ]
    );
    assert_eq!(after.status(), GameStatus::Winner(P0));
    assert_eq!(
        after.player(P0).health,
        20,
        "the queued heal never resolved"
    );
    assert_eq!(refused(&after, Action::AdvancePhase).kind(), "game_over");
}

#[test]
fn rtg_emits_and_triggers_on_the_seven_events_the_reference_never_emits() {
    // A watcher gains 1 fire mana whenever one of the seven events happens (any source).
    let hears = |kind| {
        any_source(on(
            kind,
            alt(
                "gain_mana",
                TargetSpec::Owner,
                &[("amounts", ParamValue::Mana(mana(&[(ManaType::Fire, 1)])))],
            ),
        ))
    };
    let seven = [
        EventType::OnCardReceiveDamage,
        EventType::OnCardHealed,
        EventType::OnCardAttack,
        EventType::OnCardDefense,
        EventType::OnPlayerDeath,
        EventType::OnPlayerManaSpent,
        EventType::OnPlayerHealed,
    ];
    let mut p = pos(vec![
        watcher("scribe", 0, 9, seven.iter().map(|&k| hears(k)).collect()),
        creature("ogre", 3, 5),
        creature("bear", 2, 4),
        spell("salve", vec![heal(2)]).with_cost(mana(&[(ManaType::Water, 1)])),
    ]);
    p.field(P0, "scribe");
    let ogre = p.field(P0, "ogre");
    let bear = p.field(P1, "bear");
    let salve = p.add(P0, Zone::Hand, "salve");
    p.pool(P0, mana(&[(ManaType::Water, 1)]));
    let gained = |events: &[Event]| {
        events
            .iter()
            .filter(|e| e.kind == EventType::OnPlayerManaGained)
            .count()
    };

    let (state, events) = ok(&p.state(), play(P0, salve));
    assert_eq!(
        names(&events),
        vec![
            "on_player_mana_spent",
            "on_player_healed",
            "on_player_mana_gained",
            "on_player_mana_gained",
            "on_card_enter_graveyard",
        ]
    );
    let (state, events) = ok(&state, attack(ogre));
    assert_eq!(
        names(&events),
        vec![
            "on_attack_declared",
            "on_card_attack",
            "on_player_mana_gained"
        ]
    );
    let (state, _) = advance_to(&state, Phase::Defense);
    let block = Action::DeclareDefense {
        player: P1,
        blocker: bear,
        combat_index: 0,
    };
    let (state, events) = ok(&state, block);
    assert_eq!(
        names(&events),
        vec![
            "on_defense_declared",
            "on_card_defense",
            "on_player_mana_gained"
        ]
    );
    let (state, events) = advance(&state, 1);
    assert_eq!(gained(&events), 2, "two creatures dealt damage");
    let (state, events) = advance_to(&state, Phase::End);
    assert_eq!(
        gained(&events),
        2,
        "two creatures healed as damage wears off"
    );
    assert_eq!(state.player(P0).pool.get(ManaType::Fire), 8);

    // on_player_death is emitted too; its triggers are queued, but the game is over and the
    // queue is cleared, so they never resolve.
    let mut p = pos(vec![
        watcher("scribe", 0, 9, seven.iter().map(|&k| hears(k)).collect()),
        spell(
            "blast",
            vec![alt(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", amount(20))],
            )],
        ),
    ]);
    p.field(P0, "scribe");
    let blast = p.add(P0, Zone::Hand, "blast");
    let (_, events) = ok(&p.state(), play(P0, blast));
    assert!(kinds(&events).contains(&EventType::OnPlayerDeath));
}

#[test]
fn reversing_gain_mana_after_the_refill_leaves_the_fresh_pool_alone() {
    // Gains 3 fire for two turns: the owner's next turn start refills the pool first, and the
    // reversal that follows must not take the refilled mana.
    let surge = lasting(
        alt(
            "gain_mana",
            TargetSpec::Owner,
            &[("amounts", ParamValue::Mana(mana(&[(ManaType::Fire, 3)])))],
        ),
        2,
    );
    let mut p = pos(vec![
        spell("surge", vec![surge]),
        basic_mana("fire_mana", ManaType::Fire),
        creature("filler", 1, 1),
    ]);
    decks(&mut p, "filler");
    let surge = p.add(P0, Zone::Hand, "surge");
    p.field(P0, "fire_mana");
    p.field(P0, "fire_mana");
    let (state, _) = ok(&p.state(), play(P0, surge));
    assert_eq!(state.player(P0).pool, mana(&[(ManaType::Fire, 3)]));
    let (state, _) = next_turn(&state);
    let (state, _) = next_turn(&state);
    assert_eq!(state.turn(), 3);
    assert_eq!(
        state.player(P0).pool,
        mana(&[(ManaType::Fire, 2)]),
        "the refill from two fire sources stays whole"
    );
    assert!(
        state.reversals().is_empty(),
        "the reversal ran and was spent"
    );
}

#[test]
fn set_stats_of_attack_keeps_an_earlier_temporary_defense_buff_expiring() {
    let guard = until(buff(0, 3), EventType::OnTurnEnd);
    let sharpen = alt("set_stats", TargetSpec::Choose, &[("attack", int(5))]);
    let mut p = pos(vec![
        creature("wall", 1, 2).with_ability(activated(Mana::EMPTY, vec![guard])),
        spell("sharpen", vec![sharpen]),
    ]);
    let wall = p.field(P0, "wall");
    let sharpen = p.add(P0, Zone::Hand, "sharpen");
    let (state, _) = ok(
        &p.state(),
        Action::ActivateAbility {
            player: P0,
            card: wall,
            ability_index: 0,
            target: None,
        },
    );
    assert_eq!(stats(&state, wall), (1, 5));
    let (state, _) = ok(&state, play_at(P0, sharpen, Target::Card(wall)));
    assert_eq!(
        stats(&state, wall),
        (5, 5),
        "attack set, defense buff untouched"
    );
    let (after, _) = advance_to(&state, Phase::End);
    assert_eq!(
        stats(&after, wall),
        (5, 2),
        "the +0/+3 still ends at turn end"
    );
}
