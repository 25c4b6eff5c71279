//! The rules engine through the facade: turns and phases, mana, actions and their errors,
//! state-based checks and victory, determinism, the position builder and the `Game` shell.
//!
//! Each test pins one rule of `docs/rules.md` (sections "Turns and phases", "Mana", "Actions and
//! their errors", "State-based checks and victory").

use std::sync::Arc;

use crate::prelude::ManaType::*;
use crate::prelude::*;

use crate::positions::*;

// ---------------------------------------------------------------------------------------------
// Cards and helpers
// ---------------------------------------------------------------------------------------------

fn ping_opponent() -> AlterationData {
    alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(1))],
    )
}

/// The cards of the rules tests.
fn cards() -> Vec<CardDefinition> {
    let mut echo = triggered(vec![on(
        EventType::OnPlayerHealed,
        alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]),
    )]);
    echo.alterations[0].trigger_self = false;
    let mut herald = triggered(vec![on(
        EventType::OnTurnStart,
        alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]),
    )]);
    herald.alterations[0].trigger_owner = TriggerOwner::Owner;
    let mut fading = triggered(vec![on(
        EventType::OnTurnStart,
        alt(
            "damage_card",
            TargetSpec::SelfCard,
            &[("amount", amount(1))],
        ),
    )]);
    fading.alterations[0].trigger_owner = TriggerOwner::Owner;
    let mut costly = spell(
        "costly",
        vec![alt(
            "heal_player",
            TargetSpec::Owner,
            &[("amount", amount(1))],
        )],
    )
    .with_cost(mana(&[(Fire, 1)]));
    costly.abilities[0].mana_requirement = mana(&[(Water, 5)]);
    let wasp = Arc::new(creature("wasp", 1, 1).with_techniques([Technique::Flying]));
    vec![
        basic_mana("fire", Fire),
        basic_mana("earth", Earth),
        basic_mana("water", Water),
        basic_mana("air", Air),
        creature("goblin", 2, 2).with_cost(mana(&[(Fire, 1)])),
        creature("bear", 2, 2),
        creature("troll", 3, 3),
        creature("wall", 0, 4),
        creature("wisp", 1, 0),
        creature("ogre", 3, 3).with_cost(mana(&[(Fire, 1), (Any, 1)])),
        creature("golem", 2, 2).with_cost(mana(&[(Any, 2)])),
        creature("dragon", 5, 5).with_cost(mana(&[(Fire, 2), (Water, 1), (Any, 1)])),
        creature("hasty", 2, 1).with_techniques([Technique::Haste]),
        creature("flyer", 1, 1).with_techniques([Technique::Flying]),
        creature("pinger", 1, 1).with_ability(activated(mana(&[(Fire, 1)]), vec![ping_opponent()])),
        creature("hasty_pinger", 1, 1)
            .with_techniques([Technique::Haste])
            .with_ability(activated(mana(&[(Fire, 1)]), vec![ping_opponent()])),
        creature("sniper", 1, 1).with_ability(activated(
            Mana::EMPTY,
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(1))],
            )],
        )),
        creature("watcher", 1, 3).with_ability(triggered(vec![on(
            EventType::OnTurnEnd,
            alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]),
        )])),
        creature("shaper", 2, 2).with_ability(triggered(vec![on(
            EventType::OnCardEnterBattlefield,
            alt(
                "set_stats",
                TargetSpec::Choose,
                &[("attack", int(1)), ("defense", int(1))],
            ),
        )])),
        creature("echo", 1, 1).with_ability(echo),
        creature("herald", 1, 1).with_ability(herald),
        creature("withering", 1, 1).with_ability(triggered(vec![on(
            EventType::OnTurnEnd,
            alt(
                "damage_card",
                TargetSpec::SelfCard,
                &[("amount", amount(1))],
            ),
        )])),
        creature("fading", 1, 1).with_ability(fading),
        CardDefinition::vanilla("crystal", "crystal", CardType::Mana)
            .with_cost(mana(&[(Water, 1)]))
            .with_ability(activated(
                Mana::EMPTY,
                vec![alt(
                    "heal_player",
                    TargetSpec::Owner,
                    &[("amount", amount(1))],
                )],
            )),
        spell(
            "fireball",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(3))],
            )],
        )
        .with_cost(mana(&[(Fire, 2)])),
        spell(
            "double_bolt",
            vec![
                alt("damage_card", TargetSpec::Choose, &[("amount", amount(3))]),
                alt("damage_card", TargetSpec::Choose, &[("amount", amount(3))]),
            ],
        ),
        spell(
            "soothe",
            vec![alt(
                "heal_player",
                TargetSpec::Owner,
                &[("amount", amount(2))],
            )],
        ),
        spell(
            "bolt",
            vec![alt(
                "damage_player",
                TargetSpec::Opponent,
                &[("amount", amount(5))],
            )],
        ),
        spell(
            "doom",
            vec![
                alt("damage_player", TargetSpec::Owner, &[("amount", amount(5))]),
                alt(
                    "damage_player",
                    TargetSpec::Opponent,
                    &[("amount", amount(5))],
                ),
            ],
        ),
        spell(
            "swarm",
            vec![alt(
                "spawn_creature",
                TargetSpec::Owner,
                &[("template", ParamValue::Template(wasp)), ("count", int(2))],
            )],
        ),
        spell("bogus", vec![alt("no_such_effect", TargetSpec::Owner, &[])]),
        costly,
    ]
}

/// A position with the rules cards: seat 0 active in the main phase of turn 1.
fn rules_pos() -> Pos {
    pos(cards())
}

/// The definition of one of the rules cards, shared.
fn card(id: &str) -> Arc<CardDefinition> {
    Arc::new(
        cards()
            .into_iter()
            .find(|c| c.card_id.as_str() == id)
            .expect("a rules card"),
    )
}

/// A deck of `count` copies of each card, in order.
fn deck_of(ids: &[(&str, usize)]) -> Vec<Arc<CardDefinition>> {
    let mut deck = Vec::new();
    for &(id, count) in ids {
        let def = card(id);
        for _ in 0..count {
            deck.push(Arc::clone(&def));
        }
    }
    deck
}

/// A new game between two decks (not started).
fn new_state(decks: [&[Arc<CardDefinition>]; 2], config: &GameConfig) -> GameState {
    let content = content_for(decks, builtin_registry()).expect("content");
    new_game(content, decks, config).expect("new game")
}

/// A started game between two decks and the events of the start.
fn started(decks: [&[Arc<CardDefinition>]; 2], config: &GameConfig) -> (GameState, Vec<Event>) {
    let state = new_state(decks, config);
    let outcome = start(&state, config.opening_hand).expect("start");
    (outcome.state, outcome.events)
}

fn seeded(seed: u64) -> GameConfig {
    GameConfig {
        seed,
        ..GameConfig::default()
    }
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

fn activate(player: PlayerId, card: InstanceId, ability_index: usize) -> Action {
    Action::ActivateAbility {
        player,
        card,
        ability_index,
        target: None,
    }
}

fn activate_at(player: PlayerId, card: InstanceId, ability_index: usize, target: Target) -> Action {
    Action::ActivateAbility {
        player,
        card,
        ability_index,
        target: Some(target),
    }
}

fn order(player: PlayerId, combat_index: usize, blockers: &[InstanceId]) -> Action {
    Action::OrderBlockers {
        player,
        combat_index,
        blockers: blockers.to_vec(),
    }
}

fn refused_kind(state: &GameState, action: Action) -> &'static str {
    refused(state, action).kind()
}

fn phases_of(state: &GameState) -> (u32, PlayerId, Phase) {
    (state.turn(), state.active(), state.phase())
}

// ---------------------------------------------------------------------------------------------
// Turns and phases
// ---------------------------------------------------------------------------------------------

#[test]
fn phases_run_in_order_and_advancing_from_end_enters_the_next_players_draw() {
    let mut p = rules_pos();
    p.add(P1, Zone::Deck, "bear");
    p.phase(Phase::Draw);
    let mut state = p.state();
    let mut seen = vec![phases_of(&state)];
    for _ in 0..7 {
        state = ok(&state, Action::AdvancePhase).0;
        seen.push(phases_of(&state));
    }
    use Phase::*;
    assert_eq!(
        seen,
        vec![
            (1, P0, Draw),
            (1, P0, Main),
            (1, P0, Attack),
            (1, P0, Defense),
            (1, P0, Combat),
            (1, P0, MainPostcombat),
            (1, P0, End),
            (2, P1, Draw),
        ]
    );
    assert_eq!(next_phase(Draw), Some(Main));
    assert_eq!(next_phase(MainPostcombat), Some(End));
    assert_eq!(next_phase(End), None);
    assert_eq!(
        Phase::ALL.map(Phase::name),
        [
            "draw",
            "main",
            "attack",
            "defense",
            "combat",
            "main_postcombat",
            "end"
        ]
    );
}

#[test]
fn end_is_a_phase_the_game_rests_in_until_advanced() {
    let mut p = rules_pos();
    p.add(P1, Zone::Deck, "bear");
    p.phase(Phase::MainPostcombat);
    let (end, _) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(phases_of(&end), (1, P0, Phase::End));
    assert!(legal_actions(&end).contains(&Action::AdvancePhase));
    let (next, events) = ok(&end, Action::AdvancePhase);
    assert_eq!(phases_of(&next), (2, P1, Phase::Draw));
    assert_eq!(names(&events), ["on_turn_start", "on_card_draw"]);
}

#[test]
fn draw_phase_refills_the_pool_from_mana_sources_replacing_unspent_and_temporary_mana() {
    let mut p = rules_pos();
    p.phase(Phase::End);
    p.add(P1, Zone::Deck, "bear");
    p.field(P1, "fire");
    p.field(P1, "fire");
    p.field(P1, "earth");
    p.pool(P1, mana(&[(Water, 3), (Fire, 1)]));
    p.pool(P0, mana(&[(Air, 2)]));
    p.builder.mana_played(P1, 1);
    let (next, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(next.player(P1).pool, mana(&[(Fire, 2), (Earth, 1)]));
    assert_eq!(next.player(P1).mana_played, 0);
    assert_eq!(next.mana_sources(P1), mana(&[(Fire, 2), (Earth, 1)]));
    // the other player's pool is not touched: unspent mana waits for its owner's turn
    assert_eq!(next.player(P0).pool, mana(&[(Air, 2)]));
    // refilling is not gaining: no mana event
    assert_eq!(names(&events), ["on_turn_start", "on_card_draw"]);
}

#[test]
fn unspent_mana_stays_in_the_pool_until_its_owners_next_turn_starts() {
    let mut p = rules_pos();
    p.add(P0, Zone::Deck, "bear");
    p.add(P1, Zone::Deck, "bear");
    p.field(P0, "fire");
    p.pool(P0, mana(&[(Fire, 1), (Water, 2)]));
    let state = p.state();
    let (end, _) = advance_to(&state, Phase::End);
    assert_eq!(end.player(P0).pool, mana(&[(Fire, 1), (Water, 2)]));
    let (their_turn, _) = advance(&end, 1);
    assert_eq!(phases_of(&their_turn), (2, P1, Phase::Draw));
    assert_eq!(their_turn.player(P0).pool, mana(&[(Fire, 1), (Water, 2)]));
    let (their_end, _) = advance_to(&their_turn, Phase::End);
    assert_eq!(their_end.player(P0).pool, mana(&[(Fire, 1), (Water, 2)]));
    let (mine, _) = advance(&their_end, 1);
    assert_eq!(phases_of(&mine), (3, P0, Phase::Draw));
    assert_eq!(mine.player(P0).pool, mana(&[(Fire, 1)]));
}

#[test]
fn draw_phase_clears_summoning_sickness_and_attacked_flags_of_the_active_player_only() {
    let mut p = rules_pos();
    p.phase(Phase::End);
    p.add(P1, Zone::Deck, "bear");
    let mine = p.field(P0, "bear");
    let theirs = p.field(P1, "bear");
    let flags = CardSetup {
        sick: true,
        attacked: true,
        ..CardSetup::default()
    };
    p.setup(mine, flags).setup(theirs, flags);
    let (next, _) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(next.active(), P1);
    let theirs = next.card(theirs);
    assert!(!theirs.summoning_sick && !theirs.attacked_this_turn);
    let mine = next.card(mine);
    assert!(mine.summoning_sick && mine.attacked_this_turn);
}

#[test]
fn draw_phase_emits_on_turn_start_then_draws_the_top_card() {
    let mut p = rules_pos();
    p.phase(Phase::End);
    let top = p.add(P1, Zone::Deck, "bear");
    p.add(P1, Zone::Deck, "goblin");
    let (next, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnTurnStart).owner(P1),
            Event::new(EventType::OnCardDraw)
                .source(top, next.card(top).def)
                .owner(P1)
                .target(Target::Player(P1)),
        ]
    );
    assert_eq!(zone_ids(&next, P1, Zone::Hand), ["bear"]);
    assert_eq!(zone_ids(&next, P1, Zone::Deck), ["goblin"]);
}

#[test]
fn turn_one_skips_only_the_draw_and_gets_its_full_turn_start() {
    let deck = deck_of(&[("bear", 20)]);
    let (state, events) = started([&deck, &deck], &GameConfig::default());
    assert_eq!(phases_of(&state), (1, P0, Phase::Draw));
    assert_eq!(state.player(P0).hand().len(), 7);
    assert_eq!(state.player(P1).hand().len(), 7);
    // fourteen opening draws, then turn 1 starts without a draw
    assert_eq!(events.len(), 15);
    assert!(events[..14].iter().all(|e| e.kind == EventType::OnCardDraw));
    assert_eq!(events[14], Event::new(EventType::OnTurnStart).owner(P0));

    // the rest of the turn-start work does happen on turn 1: pool, sickness, turn-start triggers
    let mut p = rules_pos();
    p.phase(Phase::Draw);
    let herald = p.field(P0, "herald");
    p.field(P0, "fire");
    p.add(P0, Zone::Deck, "bear");
    p.add(P1, Zone::Deck, "bear");
    p.setup(
        herald,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    let outcome = start(&p.state(), 0).unwrap();
    let first = outcome.state;
    assert!(!first.card(herald).summoning_sick);
    assert_eq!(first.player(P0).pool, mana(&[(Fire, 1)]));
    assert_eq!(first.player(P0).health, 21, "the turn-start trigger fired");
    assert_eq!(first.player(P0).hand().len(), 0, "no draw on turn 1");
    assert_eq!(
        names(&outcome.events),
        ["on_turn_start", "on_player_healed"]
    );
}

#[test]
fn turn_counter_counts_every_players_turn_and_only_turn_one_skips_the_draw() {
    let deck = deck_of(&[("bear", 20)]);
    let (mut state, _) = started([&deck, &deck], &GameConfig::default());
    let mut turns = vec![(
        state.turn(),
        state.active(),
        state.player(P0).hand().len(),
        state.player(P1).hand().len(),
    )];
    for _ in 0..3 {
        let (next, _) = advance(&state, 7);
        state = next;
        assert_eq!(state.phase(), Phase::Draw);
        turns.push((
            state.turn(),
            state.active(),
            state.player(P0).hand().len(),
            state.player(P1).hand().len(),
        ));
    }
    // hand sizes on entering each draw phase: P1 draws on turn 2 (8 cards, back to 7 at its END),
    // P0 on turn 3, and so on
    assert_eq!(
        turns,
        vec![(1, P0, 7, 7), (2, P1, 7, 8), (3, P0, 8, 7), (4, P1, 7, 8)]
    );
}

#[test]
fn opening_hand_is_seven_by_default_and_configurable() {
    assert_eq!(GameConfig::default().opening_hand, 7);
    let deck = deck_of(&[("bear", 20)]);
    let config = GameConfig {
        opening_hand: 4,
        ..GameConfig::default()
    };
    let (state, _) = started([&deck, &deck], &config);
    assert_eq!(state.player(P0).hand().len(), 4);
    assert_eq!(state.player(P1).hand().len(), 4);
    assert_eq!(state.player(P0).deck().len(), 16);
}

#[test]
fn end_phase_discards_at_random_down_to_seven_then_on_turn_end_then_damage_wears_off() {
    let mut p = rules_pos();
    p.phase(Phase::MainPostcombat);
    let hand: Vec<InstanceId> = [
        "bear", "goblin", "troll", "wall", "ogre", "golem", "fire", "earth", "water",
    ]
    .iter()
    .map(|c| p.add(P0, Zone::Hand, c))
    .collect();
    let mine = p.field(P0, "troll");
    let theirs = p.field(P1, "goblin");
    p.setup(
        mine,
        CardSetup {
            damage: 3,
            defense_buff: 2,
            ..CardSetup::default()
        },
    );
    p.setup(
        theirs,
        CardSetup {
            damage: 1,
            ..CardSetup::default()
        },
    );
    let state = p.state();
    assert_eq!(state.card(mine).defense(), 2);
    let (end, events) = ok(&state, Action::AdvancePhase);
    assert_eq!(end.phase(), Phase::End);
    assert_eq!(end.player(P0).hand().len(), 7);
    let discarded: Vec<InstanceId> = end.player(P0).graveyard().iter().copied().collect();
    assert_eq!(discarded.len(), 2);
    assert!(discarded.iter().all(|id| hand.contains(id)));
    assert_eq!(
        names(&events),
        [
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
            "on_turn_end",
            "on_card_healed",
            "on_card_healed",
        ]
    );
    // damage wears off: printed defense plus active buffs; the active player's creatures first
    assert_eq!(events[3].source, Some(mine));
    assert_eq!(events[3].amount, Some(3));
    assert_eq!(events[4].source, Some(theirs));
    assert_eq!(end.card(mine).defense(), 5);
    assert_eq!(end.card(theirs).defense(), 2);
    assert_eq!(end.card(mine).stats.damage, 0);
}

#[test]
fn end_phase_discard_is_seeded() {
    let discards = |seed: u64| {
        let mut p = rules_pos();
        p.phase(Phase::MainPostcombat);
        for i in 0..10 {
            p.add(P0, Zone::Hand, if i % 2 == 0 { "bear" } else { "goblin" });
        }
        p.builder.seed(seed);
        let (end, _) = ok(&p.state(), Action::AdvancePhase);
        end.player(P0)
            .graveyard()
            .iter()
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(discards(3), discards(3));
    assert_eq!(discards(3).len(), 3);
    let all: Vec<Vec<InstanceId>> = (0..8).map(discards).collect();
    assert!(
        all.iter().any(|d| *d != all[0]),
        "different seeds discard differently"
    );
}

#[test]
fn the_hand_limit_is_seven_by_default_and_configurable() {
    assert_eq!(GameConfig::default().hand_limit, 7);
    assert_eq!(HAND_LIMIT, 7);
    let deck = deck_of(&[("bear", 20)]);
    let config = GameConfig {
        hand_limit: 5,
        ..GameConfig::default()
    };
    let (state, _) = started([&deck, &deck], &config);
    assert_eq!(state.player(P0).hand_limit, 5);
    let (end, _) = advance_to(&state, Phase::End);
    assert_eq!(end.player(P0).hand().len(), 5);
    assert_eq!(end.player(P0).graveyard().len(), 2);
    assert_eq!(
        end.player(P1).hand().len(),
        7,
        "only the active player discards"
    );
}

// ---------------------------------------------------------------------------------------------
// Mana
// ---------------------------------------------------------------------------------------------

#[test]
fn a_mana_card_is_free_goes_to_the_battlefield_and_adds_to_pool_and_sources() {
    let mut p = rules_pos();
    let fire = p.add(P0, Zone::Hand, "fire");
    let state = p.state();
    let (next, events) = ok(&state, play(P0, fire));
    assert_eq!(zone_ids(&next, P0, Zone::Battlefield), ["fire"]);
    assert_eq!(next.player(P0).pool, mana(&[(Fire, 1)]));
    assert_eq!(next.mana_sources(P0), mana(&[(Fire, 1)]));
    assert_eq!(next.player(P0).mana_played, 1);
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnPlayerManaGained)
                .source(fire, next.card(fire).def)
                .owner(P0)
                .target(Target::Player(P0))
                .amount(1)
        ]
    );
}

#[test]
fn only_one_mana_card_per_turn() {
    let mut p = rules_pos();
    let fire = p.add(P0, Zone::Hand, "fire");
    let earth = p.add(P0, Zone::Hand, "earth");
    p.add(P0, Zone::Deck, "bear");
    p.add(P1, Zone::Deck, "bear");
    let (after, _) = ok(&p.state(), play(P0, fire));
    assert_eq!(refused_kind(&after, play(P0, earth)), "mana_already_played");
    // the count is per turn: on the player's next turn a mana card can be played again
    let (end, _) = advance_to(&after, Phase::End);
    let (their_turn, _) = advance(&end, 1);
    let (their_end, _) = advance_to(&their_turn, Phase::End);
    let (mine, _) = advance_to(&advance(&their_end, 1).0, Phase::Main);
    assert_eq!(phases_of(&mine), (3, P0, Phase::Main));
    let (next, _) = ok(&mine, play(P0, earth));
    assert_eq!(next.player(P0).pool, mana(&[(Fire, 1), (Earth, 1)]));
}

#[test]
fn any_is_paid_after_the_specific_types_the_specifications_worked_example() {
    // Pool {fire: 2, earth: 1}, cost {fire: 1, any: 1} -> {earth: 1}
    let mut p = rules_pos();
    let ogre = p.add(P0, Zone::Hand, "ogre");
    p.pool(P0, mana(&[(Fire, 2), (Earth, 1)]));
    let (next, events) = ok(&p.state(), play(P0, ogre));
    assert_eq!(next.player(P0).pool, mana(&[(Earth, 1)]));
    assert_eq!(
        names(&events),
        ["on_player_mana_spent", "on_card_enter_battlefield"]
    );
    assert_eq!(events[0].amount, Some(2));
    assert_eq!(events[0].source, Some(ogre));

    // specific first: the fire requirement is not eaten by `any`
    let mut p = rules_pos();
    let ogre = p.add(P0, Zone::Hand, "ogre");
    p.pool(P0, mana(&[(Fire, 1), (Earth, 1)]));
    let (next, _) = ok(&p.state(), play(P0, ogre));
    assert_eq!(next.player(P0).pool, Mana::EMPTY);
}

#[test]
fn any_takes_the_types_in_the_order_fire_earth_water_air() {
    for (pool, left) in [
        (mana(&[(Air, 1), (Water, 1), (Earth, 1)]), mana(&[(Air, 1)])),
        (mana(&[(Air, 1), (Water, 1), (Fire, 1)]), mana(&[(Air, 1)])),
        (mana(&[(Air, 2), (Water, 1)]), mana(&[(Air, 1)])),
        (mana(&[(Fire, 1), (Air, 1), (Earth, 1)]), mana(&[(Air, 1)])),
    ] {
        let mut p = rules_pos();
        let golem = p.add(P0, Zone::Hand, "golem");
        p.pool(P0, pool);
        let (next, _) = ok(&p.state(), play(P0, golem));
        assert_eq!(next.player(P0).pool, left, "paying {{any: 2}} from {pool}");
    }
}

#[test]
fn not_enough_mana_carries_the_missing_amounts_per_type() {
    // dragon costs {fire: 2, water: 1, any: 1}
    for (pool, missing) in [
        (mana(&[(Fire, 1)]), mana(&[(Fire, 1), (Water, 1), (Any, 1)])),
        (mana(&[(Fire, 3)]), mana(&[(Water, 1)])),
        (mana(&[(Fire, 2), (Water, 1)]), mana(&[(Any, 1)])),
        (Mana::EMPTY, mana(&[(Fire, 2), (Water, 1), (Any, 1)])),
    ] {
        let mut p = rules_pos();
        let dragon = p.add(P0, Zone::Hand, "dragon");
        p.pool(P0, pool);
        let error = refused(&p.state(), play(P0, dragon));
        assert_eq!(error, RulesError::NotEnoughMana { missing }, "pool {pool}");
        assert_eq!(error.kind(), "not_enough_mana");
    }
}

#[test]
fn a_spell_pays_its_card_cost_and_ability_requirements_apply_only_to_permanents() {
    // `costly` costs {fire: 1}; its ability's mana_requirement {water: 5} is not charged
    let mut p = rules_pos();
    let costly = p.add(P0, Zone::Hand, "costly");
    p.pool(P0, mana(&[(Fire, 1)]));
    let (next, _) = ok(&p.state(), play(P0, costly));
    assert_eq!(next.player(P0).pool, Mana::EMPTY);
    assert_eq!(next.player(P0).health, 21);
    // an activated ability of a permanent pays its mana_requirement
    let mut p = rules_pos();
    let pinger = p.field(P0, "pinger");
    let state = p.state();
    assert_eq!(
        refused(&state, activate(P0, pinger, 0)),
        RulesError::NotEnoughMana {
            missing: mana(&[(Fire, 1)])
        }
    );
    p.pool(P0, mana(&[(Fire, 1), (Earth, 1)]));
    let (next, events) = ok(&p.state(), activate(P0, pinger, 0));
    assert_eq!(next.player(P0).pool, mana(&[(Earth, 1)]));
    assert_eq!(next.player(P1).health, 19);
    assert_eq!(
        names(&events),
        [
            "on_player_mana_spent",
            "on_ability_activated",
            "on_player_receive_damage"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

#[test]
fn a_summoning_sick_creature_cannot_attack_or_activate() {
    let mut p = rules_pos();
    let goblin = p.add(P0, Zone::Hand, "goblin");
    let pinger = p.field(P0, "pinger");
    p.setup(
        pinger,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.pool(P0, mana(&[(Fire, 2)]));
    let state = p.state();
    assert_eq!(
        refused(&state, activate(P0, pinger, 0)),
        RulesError::SummoningSick(pinger)
    );
    assert_eq!(
        refused(&state, attack(P0, pinger)),
        RulesError::SummoningSick(pinger)
    );
    // a creature that just entered is sick
    let (next, _) = ok(&state, play(P0, goblin));
    assert!(next.card(goblin).summoning_sick);
    assert_eq!(refused_kind(&next, attack(P0, goblin)), "summoning_sick");
    let (attack_phase, _) = advance(&next, 1);
    assert_eq!(
        refused_kind(&attack_phase, attack(P0, goblin)),
        "summoning_sick"
    );
}

#[test]
fn haste_ignores_summoning_sickness_for_attacking_and_activating() {
    let mut p = rules_pos();
    let hasty = p.add(P0, Zone::Hand, "hasty");
    let pinger = p.field(P0, "hasty_pinger");
    p.setup(
        pinger,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.pool(P0, mana(&[(Fire, 1)]));
    let (next, _) = ok(&p.state(), play(P0, hasty));
    assert!(next.card(hasty).summoning_sick);
    let (next, _) = ok(&next, attack(P0, hasty));
    let (next, _) = ok(&next, activate(P0, pinger, 0));
    assert_eq!(next.player(P1).health, 19);
    assert_eq!(next.combats().len(), 1);
}

#[test]
fn summoning_sickness_only_matters_for_creatures() {
    // a mana card with an activated ability can use it the turn it is played
    let mut p = rules_pos();
    let crystal = p.add(P0, Zone::Hand, "crystal");
    let (next, _) = ok(&p.state(), play(P0, crystal));
    assert!(next.card(crystal).summoning_sick);
    let (next, _) = ok(&next, activate(P0, crystal, 0));
    assert_eq!(next.player(P0).health, 21);
    assert_eq!(next.player(P0).pool, mana(&[(Water, 1)]));
}

#[test]
fn each_creature_attacks_at_most_once_per_turn() {
    let mut p = rules_pos();
    let bear = p.field(P0, "bear");
    let (main, _) = ok(&p.state(), attack(P0, bear));
    assert!(main.card(bear).attacked_this_turn);
    assert_eq!(
        refused(&main, attack(P0, bear)),
        RulesError::AlreadyAttacked(bear)
    );
    let (attack_phase, _) = advance(&main, 1);
    assert_eq!(
        refused_kind(&attack_phase, attack(P0, bear)),
        "already_attacked"
    );
    assert_eq!(attack_phase.combats().len(), 1);
}

#[test]
fn attackers_may_be_declared_in_the_main_and_attack_phases_only() {
    let mut p = rules_pos();
    let bear = p.field(P0, "bear");
    p.add(P1, Zone::Deck, "bear");
    let main = p.state();
    ok(&main, attack(P0, bear));
    let (attack_phase, _) = advance(&main, 1);
    ok(&attack_phase, attack(P0, bear));
    for phase in [
        Phase::Draw,
        Phase::Defense,
        Phase::Combat,
        Phase::MainPostcombat,
        Phase::End,
    ] {
        let mut p = rules_pos();
        let bear = p.field(P0, "bear");
        p.phase(phase);
        assert_eq!(
            refused_kind(&p.state(), attack(P0, bear)),
            "wrong_phase",
            "declaring an attacker in {phase}"
        );
    }
}

#[test]
fn a_creature_that_attacked_cannot_block_until_its_controllers_next_turn() {
    let mut p = rules_pos();
    let a = p.field(P0, "bear");
    let g = p.field(P1, "goblin");
    for _ in 0..3 {
        p.add(P0, Zone::Deck, "bear");
        p.add(P1, Zone::Deck, "bear");
    }
    // turn 1: P0 attacks with A
    let (state, _) = ok(&p.state(), attack(P0, a));
    let (state, _) = advance_to(&state, Phase::End);
    // turn 2: P1 attacks with G; A attacked during P0's turn and cannot block
    let (state, _) = advance_to(&advance(&state, 1).0, Phase::Main);
    assert_eq!(phases_of(&state), (2, P1, Phase::Main));
    assert!(state.card(a).attacked_this_turn);
    let (state, _) = ok(&state, attack(P1, g));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P0, a, 0)),
        RulesError::CannotBlock(BlockRefusal::Attacked(a))
    );
    assert!(legal_blockers(&defense, g).is_empty());
    // turn 3: P0's turn begins, the flag clears; turn 4: A blocks
    let (state, _) = advance_to(&defense, Phase::End);
    let (state, _) = advance(&state, 1);
    assert_eq!(phases_of(&state), (3, P0, Phase::Draw));
    assert!(!state.card(a).attacked_this_turn);
    let (state, _) = advance_to(&state, Phase::End);
    let (state, _) = advance_to(&advance(&state, 1).0, Phase::Main);
    let (state, _) = ok(&state, attack(P1, g));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(legal_blockers(&defense, g), vec![a]);
    ok(&defense, block(P0, a, 0));
}

#[test]
fn activated_abilities_can_be_used_any_number_of_times_a_turn_while_paid() {
    let mut p = rules_pos();
    let pinger = p.field(P0, "pinger");
    p.pool(P0, mana(&[(Fire, 3)]));
    let mut state = p.state();
    for _ in 0..3 {
        state = ok(&state, activate(P0, pinger, 0)).0;
    }
    assert_eq!(state.player(P1).health, 17);
    assert_eq!(
        refused_kind(&state, activate(P0, pinger, 0)),
        "not_enough_mana"
    );
}

#[test]
fn cards_and_abilities_that_take_no_target_refuse_one() {
    let mut p = rules_pos();
    let bear = p.add(P0, Zone::Hand, "bear");
    let fire = p.add(P0, Zone::Hand, "fire");
    let soothe = p.add(P0, Zone::Hand, "soothe");
    let pinger = p.field(P0, "pinger");
    let other = p.field(P1, "bear");
    p.pool(P0, mana(&[(Fire, 1)]));
    let state = p.state();
    let target = Target::Card(other);
    for action in [
        play_at(P0, bear, target),
        play_at(P0, fire, target),
        play_at(P0, soothe, Target::Player(P0)),
        activate_at(P0, pinger, 0, Target::Player(P1)),
    ] {
        let error = refused(&state, action);
        assert!(matches!(error, RulesError::UnexpectedTarget(_)), "{error}");
        assert_eq!(error.kind(), "unexpected_target");
    }
}

#[test]
fn a_spell_with_a_chosen_target_takes_it_on_play_card() {
    let mut p = rules_pos();
    let fireball = p.add(P0, Zone::Hand, "fireball");
    let troll = p.field(P1, "troll");
    p.pool(P0, mana(&[(Fire, 2)]));
    let (next, events) = ok(&p.state(), play_at(P0, fireball, Target::Card(troll)));
    assert_eq!(zone_ids(&next, P1, Zone::Graveyard), ["troll"]);
    assert_eq!(zone_ids(&next, P0, Zone::Graveyard), ["fireball"]);
    assert_eq!(
        names(&events),
        [
            "on_player_mana_spent",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Errors: every variant, each leaving the state as it was
// ---------------------------------------------------------------------------------------------

/// Every action kind, aimed at real cards of `state` where it matters.
fn every_kind_of_action(card: InstanceId) -> Vec<Action> {
    vec![
        Action::AdvancePhase,
        play(P0, card),
        play(P1, card),
        attack(P0, card),
        block(P1, card, 0),
        order(P0, 0, &[card]),
        activate(P0, card, 0),
        Action::ResolvePendingTrigger {
            index: 0,
            target: Target::Player(P0),
        },
    ]
}

#[test]
fn error_game_over_refuses_every_action_and_phase_advance_once_the_game_is_over() {
    let mut p = rules_pos();
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let bear = p.field(P0, "bear");
    p.builder.health(P1, 5);
    let (over, _) = ok(&p.state(), play(P0, bolt));
    assert_eq!(check_victory(&over), GameStatus::Winner(P0));
    for action in every_kind_of_action(bear) {
        assert_eq!(
            refused(&over, action.clone()),
            RulesError::GameOver,
            "{action:?}"
        );
    }
    assert!(legal_actions(&over).is_empty());
}

#[test]
fn error_pending_trigger_refuses_everything_but_resolving_it() {
    let mut p = rules_pos();
    let shaper = p.add(P0, Zone::Hand, "shaper");
    let bear = p.field(P1, "bear");
    let (waiting, events) = ok(&p.state(), play(P0, shaper));
    assert_eq!(names(&events), ["on_card_enter_battlefield"]);
    assert_eq!(waiting.pending_triggers().len(), 1);
    for action in every_kind_of_action(bear)
        .into_iter()
        .filter(|a| !matches!(a, Action::ResolvePendingTrigger { .. }))
    {
        assert_eq!(
            refused(&waiting, action.clone()),
            RulesError::PendingTrigger,
            "{action:?}"
        );
    }
    let (done, _) = ok(
        &waiting,
        Action::ResolvePendingTrigger {
            index: 0,
            target: Target::Card(bear),
        },
    );
    assert_eq!(
        (done.card(bear).attack(), done.card(bear).defense()),
        (1, 1)
    );
    assert!(done.pending_triggers().is_empty());
}

#[test]
fn error_wrong_phase_for_playing_activating_blocking_and_ordering() {
    let mut p = rules_pos();
    let bear = p.add(P0, Zone::Hand, "bear");
    let pinger = p.field(P0, "pinger");
    let blocker = p.field(P1, "bear");
    p.pool(P0, mana(&[(Fire, 1)]));
    let main = p.state();
    for phase in [
        Phase::Draw,
        Phase::Attack,
        Phase::Defense,
        Phase::Combat,
        Phase::End,
    ] {
        let mut p2 = rules_pos();
        let bear = p2.add(P0, Zone::Hand, "bear");
        let pinger = p2.field(P0, "pinger");
        p2.pool(P0, mana(&[(Fire, 1)]));
        p2.phase(phase);
        let state = p2.state();
        assert_eq!(
            refused_kind(&state, play(P0, bear)),
            "wrong_phase",
            "{phase}"
        );
        assert_eq!(
            refused_kind(&state, activate(P0, pinger, 0)),
            "wrong_phase",
            "{phase}"
        );
    }
    // both main phases allow playing and activating
    ok(&main, play(P0, bear));
    ok(&main, activate(P0, pinger, 0));
    // blocking and ordering only in the defense phase
    let (attacked, _) = ok(&main, attack(P0, pinger));
    assert_eq!(
        refused(&attacked, block(P1, blocker, 0)),
        RulesError::WrongPhase {
            phase: Phase::Main,
            action: "declaring a blocker"
        }
    );
    assert_eq!(refused_kind(&attacked, order(P0, 0, &[])), "wrong_phase");
}

#[test]
fn error_not_your_turn_when_the_wrong_player_acts() {
    let mut p = rules_pos();
    let theirs = p.add(P1, Zone::Hand, "bear");
    let their_bear = p.field(P1, "bear");
    let their_pinger = p.field(P1, "pinger");
    let mine = p.field(P0, "bear");
    let my_other = p.field(P0, "troll");
    p.pool(P1, mana(&[(Fire, 1)]));
    let main = p.state();
    for action in [
        play(P1, theirs),
        attack(P1, their_bear),
        activate(P1, their_pinger, 0),
    ] {
        let error = refused(&main, action);
        assert!(
            matches!(
                error,
                RulesError::NotYourTurn {
                    player: P1,
                    expected: P0,
                    ..
                }
            ),
            "{error}"
        );
    }
    // blocks are the defending player's: the attacking player cannot block, even with its own
    // creature; blocker orders are the attacking player's
    let (state, _) = ok(&main, attack(P0, mine));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert!(matches!(
        refused(&defense, block(P0, my_other, 0)),
        RulesError::NotYourTurn {
            player: P0,
            expected: P1,
            ..
        }
    ));
    assert_eq!(
        refused_kind(&defense, block(P0, their_bear, 0)),
        "not_your_turn"
    );
    let (blocked, _) = ok(&defense, block(P1, their_bear, 0));
    let (blocked, _) = ok(&blocked, block(P1, their_pinger, 0));
    let both = [their_pinger, their_bear];
    assert_eq!(refused_kind(&blocked, order(P1, 0, &both)), "not_your_turn");
    ok(&blocked, order(P0, 0, &both));
}

#[test]
fn error_not_enough_mana_for_a_creature_a_spell_and_an_ability() {
    let mut p = rules_pos();
    let goblin = p.add(P0, Zone::Hand, "goblin");
    let fireball = p.add(P0, Zone::Hand, "fireball");
    let pinger = p.field(P0, "pinger");
    let troll = p.field(P1, "troll");
    p.pool(P0, mana(&[(Earth, 1)]));
    let state = p.state();
    let fire = |n| RulesError::NotEnoughMana {
        missing: mana(&[(Fire, n)]),
    };
    assert_eq!(refused(&state, play(P0, goblin)), fire(1));
    assert_eq!(
        refused(&state, play_at(P0, fireball, Target::Card(troll))),
        fire(2)
    );
    assert_eq!(refused(&state, activate(P0, pinger, 0)), fire(1));
}

#[test]
fn error_mana_already_played_for_a_second_mana_card() {
    let mut p = rules_pos();
    let fire = p.add(P0, Zone::Hand, "fire");
    p.builder.mana_played(P0, 1);
    assert_eq!(
        refused(&p.state(), play(P0, fire)),
        RulesError::ManaAlreadyPlayed
    );
}

#[test]
fn error_summoning_sick_for_attacking_and_activating() {
    let mut p = rules_pos();
    let pinger = p.field(P0, "pinger");
    p.setup(
        pinger,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.pool(P0, mana(&[(Fire, 1)]));
    let state = p.state();
    assert_eq!(refused_kind(&state, attack(P0, pinger)), "summoning_sick");
    assert_eq!(
        refused_kind(&state, activate(P0, pinger, 0)),
        "summoning_sick"
    );
}

#[test]
fn error_already_attacked_when_declaring_the_same_attacker_twice() {
    let mut p = rules_pos();
    let bear = p.field(P0, "bear");
    p.setup(
        bear,
        CardSetup {
            attacked: true,
            ..CardSetup::default()
        },
    );
    assert_eq!(
        refused(&p.state(), attack(P0, bear)),
        RulesError::AlreadyAttacked(bear)
    );
}

#[test]
fn error_cannot_block_a_flyer_after_attacking_or_when_already_blocking() {
    let mut p = rules_pos();
    let flyer = p.field(P0, "flyer");
    let bear = p.field(P0, "bear");
    let ground = p.field(P1, "troll");
    let tired = p.field(P1, "goblin");
    p.setup(
        tired,
        CardSetup {
            attacked: true,
            ..CardSetup::default()
        },
    );
    p.phase(Phase::Main);
    let (state, _) = ok(&p.state(), attack(P0, flyer));
    let (state, _) = ok(&state, attack(P0, bear));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P1, ground, 0)),
        RulesError::CannotBlock(BlockRefusal::Flying {
            blocker: ground,
            attacker: flyer
        })
    );
    assert_eq!(
        refused(&defense, block(P1, tired, 1)),
        RulesError::CannotBlock(BlockRefusal::Attacked(tired))
    );
    let (blocking, _) = ok(&defense, block(P1, ground, 1));
    let error = refused(&blocking, block(P1, ground, 1));
    assert_eq!(
        error,
        RulesError::CannotBlock(BlockRefusal::AlreadyBlocking(ground))
    );
    assert_eq!(error.kind(), "cannot_block");
}

#[test]
fn error_unknown_card_for_ids_the_game_never_made() {
    let mut p = rules_pos();
    let bear = p.field(P0, "bear");
    let ghost = InstanceId(999);
    let main = p.state();
    for action in [play(P0, ghost), attack(P0, ghost), activate(P0, ghost, 0)] {
        assert_eq!(refused(&main, action), RulesError::UnknownCard(ghost));
    }
    let (state, _) = ok(&main, attack(P0, bear));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P1, ghost, 0)),
        RulesError::UnknownCard(ghost)
    );
}

#[test]
fn error_not_your_card_for_the_other_players_cards() {
    let mut p = rules_pos();
    let in_their_hand = p.add(P1, Zone::Hand, "bear");
    let their_pinger = p.field(P1, "pinger");
    let their_bear = p.field(P1, "bear");
    let mine = p.field(P0, "bear");
    let my_other = p.field(P0, "troll");
    p.pool(P0, mana(&[(Fire, 1)]));
    let main = p.state();
    assert_eq!(
        refused(&main, play(P0, in_their_hand)),
        RulesError::NotYourCard {
            card: in_their_hand,
            player: P0
        }
    );
    assert_eq!(
        refused_kind(&main, activate(P0, their_pinger, 0)),
        "not_your_card"
    );
    assert_eq!(refused_kind(&main, attack(P0, their_bear)), "not_your_card");
    let (state, _) = ok(&main, attack(P0, mine));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P1, my_other, 0)),
        RulesError::NotYourCard {
            card: my_other,
            player: P1
        }
    );
}

#[test]
fn error_wrong_zone_for_cards_not_where_the_action_needs_them() {
    let mut p = rules_pos();
    let on_field = p.field(P0, "bear");
    let in_hand = p.add(P0, Zone::Hand, "pinger");
    let in_graveyard = p.add(P0, Zone::Graveyard, "goblin");
    p.pool(P0, mana(&[(Fire, 1)]));
    let state = p.state();
    assert_eq!(
        refused(&state, play(P0, on_field)),
        RulesError::WrongZone {
            card: on_field,
            expected: "hand",
            found: Location::Battlefield
        }
    );
    assert_eq!(
        refused(&state, activate(P0, in_hand, 0)),
        RulesError::WrongZone {
            card: in_hand,
            expected: "battlefield",
            found: Location::Hand
        }
    );
    // a creature card that is not on the battlefield cannot attack: it is in the wrong zone
    assert_eq!(refused_kind(&state, attack(P0, in_hand)), "wrong_zone");
    assert_eq!(refused_kind(&state, attack(P0, in_graveyard)), "wrong_zone");
}

#[test]
fn error_not_a_creature_for_attacking_or_blocking_with_a_mana_card() {
    let mut p = rules_pos();
    let fire = p.field(P0, "fire");
    let bear = p.field(P0, "bear");
    let their_fire = p.field(P1, "earth");
    let main = p.state();
    assert_eq!(
        refused(&main, attack(P0, fire)),
        RulesError::NotACreature(fire)
    );
    let (state, _) = ok(&main, attack(P0, bear));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P1, their_fire, 0)),
        RulesError::NotACreature(their_fire)
    );
}

#[test]
fn error_bad_ability_index_and_not_activatable() {
    let mut p = rules_pos();
    let pinger = p.field(P0, "pinger");
    let watcher = p.field(P0, "watcher");
    let bear = p.field(P0, "bear");
    p.pool(P0, mana(&[(Fire, 1)]));
    let state = p.state();
    assert_eq!(
        refused(&state, activate(P0, pinger, 1)),
        RulesError::BadAbilityIndex {
            card: pinger,
            index: 1
        }
    );
    assert_eq!(
        refused_kind(&state, activate(P0, bear, 0)),
        "bad_ability_index"
    );
    assert_eq!(
        refused(&state, activate(P0, watcher, 0)),
        RulesError::NotActivatable {
            card: watcher,
            index: 0
        }
    );
}

#[test]
fn error_missing_target_and_illegal_target() {
    let mut p = rules_pos();
    let fireball = p.add(P0, Zone::Hand, "fireball");
    let in_hand = p.add(P0, Zone::Hand, "bear");
    let sniper = p.field(P0, "sniper");
    let troll = p.field(P1, "troll");
    let dead = p.add(P1, Zone::Graveyard, "bear");
    p.pool(P0, mana(&[(Fire, 2)]));
    let state = p.state();
    assert_eq!(
        refused(&state, play(P0, fireball)),
        RulesError::MissingTarget
    );
    assert_eq!(
        refused(&state, activate(P0, sniper, 0)),
        RulesError::MissingTarget
    );
    for target in [
        Target::Player(P1),
        Target::Card(in_hand),
        Target::Card(dead),
    ] {
        assert_eq!(
            refused(&state, play_at(P0, fireball, target)),
            RulesError::IllegalTarget(target)
        );
        assert_eq!(
            refused(&state, activate_at(P0, sniper, 0, target)),
            RulesError::IllegalTarget(target)
        );
    }
    ok(&state, play_at(P0, fireball, Target::Card(troll)));
    ok(&state, activate_at(P0, sniper, 0, Target::Card(troll)));
}

#[test]
fn error_illegal_target_when_resolving_a_pending_trigger() {
    let mut p = rules_pos();
    let shaper = p.add(P0, Zone::Hand, "shaper");
    let (waiting, _) = ok(&p.state(), play(P0, shaper));
    let target = Target::Player(P1);
    assert_eq!(
        refused(&waiting, Action::ResolvePendingTrigger { index: 0, target }),
        RulesError::IllegalTarget(target)
    );
}

#[test]
fn error_bad_combat_index_and_bad_blocker_order() {
    let mut p = rules_pos();
    let attacker = p.field(P0, "troll");
    let b1 = p.field(P1, "bear");
    let b2 = p.field(P1, "goblin");
    let b3 = p.field(P1, "wall");
    let (state, _) = ok(&p.state(), attack(P0, attacker));
    let (defense, _) = advance_to(&state, Phase::Defense);
    assert_eq!(
        refused(&defense, block(P1, b1, 1)),
        RulesError::BadCombatIndex(1)
    );
    assert_eq!(
        refused(&defense, order(P0, 3, &[])),
        RulesError::BadCombatIndex(3)
    );
    let (state, _) = ok(&defense, block(P1, b1, 0));
    // an attack with fewer than two blockers has no order to choose
    assert_eq!(
        refused(&state, order(P0, 0, &[b1])),
        RulesError::BadBlockerOrder
    );
    assert_eq!(
        refused(&defense, order(P0, 0, &[])),
        RulesError::BadBlockerOrder
    );
    let (blocked, _) = ok(&state, block(P1, b2, 0));
    for bad in [
        vec![b1],
        vec![b1, b1],
        vec![b2, b1, b3],
        vec![b2, b3],
        vec![],
    ] {
        assert_eq!(
            refused(&blocked, order(P0, 0, &bad)),
            RulesError::BadBlockerOrder,
            "{bad:?}"
        );
    }
    let (ordered, events) = ok(&blocked, order(P0, 0, &[b2, b1]));
    assert!(events.is_empty());
    assert_eq!(
        ordered.combats()[0]
            .blockers
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [b2, b1]
    );
}

#[test]
fn error_no_such_pending_trigger() {
    let mut p = rules_pos();
    let shaper = p.add(P0, Zone::Hand, "shaper");
    let state = p.state();
    let resolve = |index| Action::ResolvePendingTrigger {
        index,
        target: Target::Card(shaper),
    };
    assert_eq!(
        refused(&state, resolve(0)),
        RulesError::NoSuchPendingTrigger(0)
    );
    let (waiting, _) = ok(&state, play(P0, shaper));
    assert_eq!(
        refused(&waiting, resolve(1)),
        RulesError::NoSuchPendingTrigger(1)
    );
    ok(&waiting, resolve(0));
}

#[test]
fn error_chain_limit_refuses_a_step_whose_triggers_never_end() {
    // echo heals its owner whenever any player is healed: soothe starts an endless chain
    let mut p = rules_pos();
    let soothe = p.add(P0, Zone::Hand, "soothe");
    p.field(P0, "echo");
    let error = refused(&p.state(), play(P0, soothe));
    assert_eq!(error.kind(), "chain_limit");
    assert!(matches!(
        error,
        RulesError::ChainLimit(TriggerError::ChainLimit { limit: CHAIN_LIMIT })
    ));
}

#[test]
fn error_effect_failed_for_an_effect_the_game_does_not_have() {
    let mut p = rules_pos();
    let bogus = p.add(P0, Zone::Hand, "bogus");
    let error = refused(&p.state(), play(P0, bogus));
    assert_eq!(
        error,
        RulesError::EffectFailed(TriggerError::UnknownEffect("no_such_effect".to_owned()))
    );
    assert_eq!(error.kind(), "effect_failed");
}

#[test]
fn error_kinds_are_the_stable_snake_case_names_of_the_variants() {
    let kinds = [
        (RulesError::GameOver, "game_over"),
        (RulesError::PendingTrigger, "pending_trigger"),
        (RulesError::PendingChoice, "pending_choice"),
        (
            RulesError::WrongPhase {
                phase: Phase::Main,
                action: "x",
            },
            "wrong_phase",
        ),
        (
            RulesError::NotYourTurn {
                player: P0,
                expected: P1,
                action: "x",
            },
            "not_your_turn",
        ),
        (
            RulesError::NotEnoughMana {
                missing: Mana::EMPTY,
            },
            "not_enough_mana",
        ),
        (RulesError::ManaAlreadyPlayed, "mana_already_played"),
        (RulesError::SummoningSick(InstanceId(0)), "summoning_sick"),
        (
            RulesError::AlreadyAttacked(InstanceId(0)),
            "already_attacked",
        ),
        (RulesError::Tapped(InstanceId(0)), "tapped"),
        (
            RulesError::MaxActivations {
                card: InstanceId(0),
                index: 0,
                max: 1,
            },
            "max_activations",
        ),
        (
            RulesError::CannotBlock(BlockRefusal::AlreadyBlocking(InstanceId(0))),
            "cannot_block",
        ),
        (RulesError::UnknownCard(InstanceId(0)), "unknown_card"),
        (RulesError::UnknownPlayer(PlayerId(2)), "unknown_player"),
        (
            RulesError::NotYourCard {
                card: InstanceId(0),
                player: P0,
            },
            "not_your_card",
        ),
        (
            RulesError::WrongZone {
                card: InstanceId(0),
                expected: "hand",
                found: Location::Deck,
            },
            "wrong_zone",
        ),
        (RulesError::NotACreature(InstanceId(0)), "not_a_creature"),
        (
            RulesError::BadAbilityIndex {
                card: InstanceId(0),
                index: 0,
            },
            "bad_ability_index",
        ),
        (
            RulesError::NotActivatable {
                card: InstanceId(0),
                index: 0,
            },
            "not_activatable",
        ),
        (RulesError::MissingTarget, "missing_target"),
        (
            RulesError::IllegalTarget(Target::Player(P0)),
            "illegal_target",
        ),
        (
            RulesError::UnexpectedTarget(Target::Player(P0)),
            "unexpected_target",
        ),
        (RulesError::BadCombatIndex(0), "bad_combat_index"),
        (RulesError::BadBlockerOrder, "bad_blocker_order"),
        (
            RulesError::NoSuchPendingTrigger(0),
            "no_such_pending_trigger",
        ),
        (RulesError::NoSuchPendingChoice(0), "no_such_pending_choice"),
        (
            RulesError::NoSuchOption {
                index: 0,
                option: 2,
                options: 2,
            },
            "no_such_option",
        ),
        (
            RulesError::ChainLimit(TriggerError::ChainLimit { limit: CHAIN_LIMIT }),
            "chain_limit",
        ),
        (
            RulesError::ReversalLimit(TriggerError::ReversalLimit {
                limit: MAX_ARMED_REVERSALS,
            }),
            "reversal_limit",
        ),
        (
            RulesError::EffectFailed(TriggerError::UnknownEffect(String::new())),
            "effect_failed",
        ),
    ];
    let names: Vec<&str> = kinds.iter().map(|(e, _)| e.kind()).collect();
    let expected: Vec<&str> = kinds.iter().map(|(_, k)| *k).collect();
    assert_eq!(names, expected);
    assert_eq!(RulesError::KINDS.to_vec(), expected);
}

// ---------------------------------------------------------------------------------------------
// State-based checks and victory
// ---------------------------------------------------------------------------------------------

#[test]
fn a_creature_dealt_lethal_damage_dies_once_in_the_same_action() {
    let mut p = rules_pos();
    let bolts = p.add(P0, Zone::Hand, "double_bolt");
    let troll = p.field(P1, "troll");
    let (next, events) = ok(&p.state(), play_at(P0, bolts, Target::Card(troll)));
    assert_eq!(next.card(troll).location(), Location::Graveyard);
    let deaths = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardDeath)
        .count();
    assert_eq!(deaths, 1);
    assert_eq!(
        names(&events),
        [
            "on_card_receive_damage",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_enter_graveyard",
        ]
    );
}

#[test]
fn a_creature_with_zero_defense_dies_as_soon_as_it_enters() {
    let mut p = rules_pos();
    let wisp = p.add(P0, Zone::Hand, "wisp");
    let (next, events) = ok(&p.state(), play(P0, wisp));
    assert_eq!(next.card(wisp).location(), Location::Graveyard);
    assert_eq!(
        names(&events),
        [
            "on_card_enter_battlefield",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
}

#[test]
fn drawing_from_an_empty_deck_loses_at_the_draw_step() {
    let mut p = rules_pos();
    p.phase(Phase::End);
    let (next, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(phases_of(&next), (2, P1, Phase::Draw));
    assert!(next.player(P1).lost);
    assert_eq!(check_victory(&next), GameStatus::Winner(P0));
    assert_eq!(
        events,
        vec![
            Event::new(EventType::OnTurnStart).owner(P1),
            Event::new(EventType::OnPlayerDeath)
                .owner(P1)
                .target(Target::Player(P1)),
        ]
    );
}

#[test]
fn a_player_at_zero_health_loses_and_health_never_goes_below_zero() {
    let mut p = rules_pos();
    let bolt = p.add(P0, Zone::Hand, "bolt");
    p.builder.health(P1, 3);
    let (next, events) = ok(&p.state(), play(P0, bolt));
    assert_eq!(next.player(P1).health, 0);
    assert!(next.player(P1).lost && !next.player(P0).lost);
    assert_eq!(check_victory(&next), GameStatus::Winner(P0));
    assert_eq!(
        names(&events),
        [
            "on_player_receive_damage",
            "on_player_death",
            "on_card_enter_graveyard"
        ]
    );
    assert_eq!(events[0].amount, Some(5));
}

#[test]
fn both_players_losing_at_once_is_a_draw() {
    let mut p = rules_pos();
    let doom = p.add(P0, Zone::Hand, "doom");
    p.builder.health(P0, 5).health(P1, 5);
    let (next, events) = ok(&p.state(), play(P0, doom));
    assert_eq!(check_victory(&next), GameStatus::Draw);
    assert!(next.player(P0).lost && next.player(P1).lost);
    let deaths: Vec<Option<PlayerId>> = events
        .iter()
        .filter(|e| e.kind == EventType::OnPlayerDeath)
        .map(|e| e.zone_owner)
        .collect();
    assert_eq!(deaths, [Some(P0), Some(P1)], "the active player first");
}

#[test]
fn the_turn_limit_ends_the_game_in_a_draw_when_the_turn_after_it_would_begin() {
    let at_limit = |limit: u32| {
        let mut p = rules_pos();
        p.builder.active(P1).turn(2).turn_limit(Some(limit));
        p.phase(Phase::End);
        p.add(P0, Zone::Deck, "bear");
        p.state()
    };
    // limit 2: turn 3 would begin, so the game is a draw, with no turn-start work
    let (over, events) = ok(&at_limit(2), Action::AdvancePhase);
    assert_eq!(check_victory(&over), GameStatus::Draw);
    assert_eq!(phases_of(&over), (3, P0, Phase::Draw));
    assert!(events.is_empty());
    assert_eq!(refused_kind(&over, Action::AdvancePhase), "game_over");
    // limit 3: turn 3 is played
    let (going, events) = ok(&at_limit(3), Action::AdvancePhase);
    assert_eq!(check_victory(&going), GameStatus::Ongoing);
    assert_eq!(names(&events), ["on_turn_start", "on_card_draw"]);
    // the default is 200 turns
    assert_eq!(GameConfig::default().turn_limit, Some(200));
    let deck = deck_of(&[("bear", 10)]);
    assert_eq!(
        new_state([&deck, &deck], &GameConfig::default()).turn_limit(),
        Some(200)
    );
}

#[test]
fn check_victory_reports_ongoing_a_winner_or_a_draw() {
    let mut p = rules_pos();
    let bolt = p.add(P1, Zone::Hand, "bolt");
    p.builder.active(P1).health(P0, 1);
    let state = p.state();
    assert_eq!(check_victory(&state), GameStatus::Ongoing);
    let (won, _) = ok(&state, play(P1, bolt));
    assert_eq!(check_victory(&won), GameStatus::Winner(P1));
    let mut game = Game::from_state(won);
    assert_eq!(game.check_victory(), GameStatus::Winner(P1));
    assert_eq!(game.advance_phase().unwrap_err(), RulesError::GameOver);
}

#[test]
fn state_based_checks_run_after_every_phase_step() {
    // END: a creature brought to defense 0 by an end-of-turn trigger dies in the end phase
    let mut p = rules_pos();
    let withering = p.field(P0, "withering");
    p.phase(Phase::MainPostcombat);
    let (end, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(end.card(withering).location(), Location::Graveyard);
    assert_eq!(
        names(&events),
        [
            "on_turn_end",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
        ]
    );
    // DRAW: one killed by its turn-start trigger dies before the draw
    let mut p = rules_pos();
    let fading = p.field(P1, "fading");
    p.add(P1, Zone::Deck, "bear");
    p.phase(Phase::End);
    let (draw, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(draw.card(fading).location(), Location::Graveyard);
    assert_eq!(
        names(&events),
        [
            "on_turn_start",
            "on_card_receive_damage",
            "on_card_leave_battlefield",
            "on_card_death",
            "on_card_enter_graveyard",
            "on_card_draw",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Determinism and instance ids
// ---------------------------------------------------------------------------------------------

/// Plays `steps` legal actions picked by a generator seeded with `pick_seed`; returns every
/// state and the events of each step.
fn random_play(
    start_state: &GameState,
    pick_seed: u64,
    steps: usize,
) -> (Vec<GameState>, Vec<Vec<Event>>) {
    let mut rng = GameRng::seeded(pick_seed);
    let mut state = start_state.clone();
    let mut states = vec![state.clone()];
    let mut events = Vec::new();
    for _ in 0..steps {
        if state.is_over() {
            break;
        }
        let actions = legal_actions(&state);
        let pick = actions[rng.below(actions.len() as u32) as usize].clone();
        let (next, step_events) = ok(&state, pick);
        state = next;
        states.push(state.clone());
        events.push(step_events);
    }
    (states, events)
}

#[test]
fn same_seed_decks_and_actions_give_identical_states_and_events() {
    let deck = crate::properties::sample_deck();
    for seed in [0, 1, 99] {
        let content = content_for([&deck, &deck], builtin_registry()).unwrap();
        let config = seeded(seed);
        let fresh = || {
            let state = new_game(Arc::clone(&content), [&deck, &deck], &config).unwrap();
            start(&state, 7).unwrap()
        };
        let (a, b) = (fresh(), fresh());
        assert_eq!(a.state, b.state);
        assert_eq!(a.events, b.events);
        let (states_a, events_a) = random_play(&a.state, seed, 300);
        let (states_b, events_b) = random_play(&b.state, seed, 300);
        assert_eq!(states_a, states_b);
        assert_eq!(events_a, events_b);
    }
}

#[test]
fn different_seeds_shuffle_differently() {
    let numbered: Vec<Arc<CardDefinition>> = (0..20)
        .map(|i| Arc::new(creature(&format!("c{i:02}"), 1, 1)))
        .collect();
    let hand = |seed| {
        let (state, _) = started([&numbered, &numbered], &seeded(seed));
        zone_ids(&state, P0, Zone::Hand)
    };
    assert_eq!(hand(1), hand(1));
    assert_ne!(hand(1), hand(2));
    // the shuffle is the same on every run and platform: seed 42's opening hand, pinned
    assert_eq!(hand(42), SEED_42_HAND);
    // the two decks are shuffled with the same generator, one after the other
    let (state, _) = started([&numbered, &numbered], &seeded(42));
    assert_ne!(
        zone_ids(&state, P0, Zone::Hand),
        zone_ids(&state, P1, Zone::Hand)
    );
}

const SEED_42_HAND: [&str; 7] = ["c15", "c12", "c14", "c09", "c13", "c07", "c08"];

#[test]
fn instance_ids_are_handed_out_in_order_not_at_random() {
    let a = deck_of(&[("bear", 3)]);
    let b = deck_of(&[("goblin", 2)]);
    let state = new_state([&a, &b], &GameConfig::default());
    let ids = |p: PlayerId| {
        state
            .player(p)
            .deck()
            .iter()
            .map(|i| i.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(P0), [0, 1, 2]);
    assert_eq!(ids(P1), [3, 4]);
    // tokens get the next ids, the same on every replay
    let mut p = rules_pos();
    let swarm = p.add(P0, Zone::Hand, "swarm");
    p.field(P1, "bear");
    let (next, _) = ok(&p.state(), play(P0, swarm));
    let tokens: Vec<InstanceId> = next.player(P0).battlefield().iter().copied().collect();
    assert_eq!(tokens, [InstanceId(2), InstanceId(3)]);
    assert!(tokens.iter().all(|&t| next.card(t).token));
    let (again, _) = ok(&p.state(), play(P0, swarm));
    assert_eq!(again, {
        // same content, same position, same action: equal states
        let (n, _) = ok(&p.state(), play(P0, swarm));
        n
    });
}

// ---------------------------------------------------------------------------------------------
// The position builder
// ---------------------------------------------------------------------------------------------

#[test]
fn the_position_builder_sets_every_part_of_a_position() {
    let mut p = rules_pos();
    p.add(P0, Zone::Deck, "bear");
    p.add(P0, Zone::Deck, "goblin");
    p.add(P0, Zone::Hand, "fireball");
    p.add(P0, Zone::Hand, "fire");
    let troll = p.field(P1, "troll");
    p.field(P1, "earth");
    p.add(P1, Zone::Graveyard, "wisp");
    p.add(P1, Zone::Graveyard, "bolt");
    p.setup(
        troll,
        CardSetup {
            sick: true,
            attacked: true,
            damage: 2,
            attack_buff: 1,
            defense_buff: 1,
        },
    );
    p.builder
        .health(P1, 7)
        .pool(P0, mana(&[(Fire, 2), (Air, 1)]))
        .mana_played(P0, 1)
        .hand_limit(P1, 3)
        .active(P1)
        .turn(4)
        .seed(9)
        .turn_limit(Some(50));
    p.phase(Phase::Attack);
    let state = p.state();
    assert_eq!(
        zone_ids(&state, P0, Zone::Deck),
        ["bear", "goblin"],
        "top first"
    );
    assert_eq!(zone_ids(&state, P0, Zone::Hand), ["fireball", "fire"]);
    assert_eq!(zone_ids(&state, P1, Zone::Battlefield), ["troll", "earth"]);
    assert_eq!(zone_ids(&state, P1, Zone::Graveyard), ["wisp", "bolt"]);
    let t = state.card(troll);
    assert_eq!((t.attack(), t.defense()), (4, 2));
    assert!(t.summoning_sick && t.attacked_this_turn);
    assert_eq!(state.player(P1).health, 7);
    assert_eq!(state.player(P0).pool, mana(&[(Fire, 2), (Air, 1)]));
    assert_eq!(state.player(P0).mana_played, 1);
    assert_eq!(state.player(P1).hand_limit, 3);
    assert_eq!(phases_of(&state), (4, P1, Phase::Attack));
    assert_eq!(state.turn_limit(), Some(50));
    assert_eq!(state.rng(), &GameRng::seeded(9));
    // the position counts as having entered its phase: nothing was refilled or drawn
    assert_eq!(state.player(P1).pool, Mana::EMPTY);
    state.check_invariants().unwrap();
    // damage wears off to printed defense plus the buff at the end of the turn
    let (end, _) = advance_to(&state, Phase::End);
    assert_eq!(end.card(troll).defense(), 4);
}

#[test]
fn a_built_position_does_not_redo_its_phases_automatic_work() {
    let mut p = rules_pos();
    let bear = p.field(P0, "bear");
    p.add(P0, Zone::Deck, "goblin");
    p.field(P0, "fire");
    p.setup(
        bear,
        CardSetup {
            sick: true,
            ..CardSetup::default()
        },
    );
    p.phase(Phase::Draw);
    let draw = p.state();
    assert!(draw.card(bear).summoning_sick);
    assert_eq!(draw.player(P0).pool, Mana::EMPTY);
    assert_eq!(draw.player(P0).hand().len(), 0);
    p.phase(Phase::Combat);
    let (after, events) = ok(&p.state(), Action::AdvancePhase);
    assert_eq!(after.phase(), Phase::MainPostcombat);
    assert!(events.is_empty(), "leaving combat resolves nothing");
}

#[test]
fn the_position_builder_rejects_positions_that_cannot_exist() {
    let content = || {
        let table =
            DefinitionTable::new(cards().into_iter().map(Arc::new).collect::<Vec<_>>().iter())
                .unwrap();
        Content::new(table, builtin_registry())
    };
    let fresh = || PositionBuilder::new(content(), ["alice", "bob"]);

    let mut b = fresh();
    b.turn(2);
    assert!(matches!(
        b.build(),
        Err(SetupError::TurnMismatch {
            turn: 2,
            active: P0
        })
    ));
    let mut b = fresh();
    b.active(P1).turn(3);
    assert!(matches!(b.build(), Err(SetupError::TurnMismatch { .. })));
    let mut b = fresh();
    b.active(P1);
    assert_eq!(b.build().unwrap().turn(), 2, "seat 1's default turn is 2");
    let mut b = fresh();
    b.turn(0);
    assert_eq!(b.build().unwrap_err(), SetupError::TurnZero);

    let mut b = fresh();
    assert_eq!(
        b.add_card(P0, Zone::Battlefield, "fireball").unwrap_err(),
        SetupError::SpellOnBattlefield("fireball".to_owned())
    );
    assert_eq!(
        b.add_card(P0, Zone::Hand, "nope").unwrap_err(),
        SetupError::UnknownCard("nope".to_owned())
    );
    let troll = b.add_card(P0, Zone::Battlefield, "troll").unwrap();
    let lethal = CardSetup {
        damage: 3,
        ..CardSetup::default()
    };
    assert_eq!(
        b.set_card(troll, lethal).unwrap_err(),
        SetupError::StartsDead("troll".to_owned())
    );
    let shrunk = CardSetup {
        defense_buff: -3,
        ..CardSetup::default()
    };
    assert!(matches!(
        b.set_card(troll, shrunk),
        Err(SetupError::StartsDead(_))
    ));
    let negative = CardSetup {
        damage: -1,
        ..CardSetup::default()
    };
    assert_eq!(
        b.set_card(troll, negative).unwrap_err(),
        SetupError::Negative("damage")
    );
    let in_hand = b.add_card(P0, Zone::Hand, "bear").unwrap();
    let sick = CardSetup {
        sick: true,
        ..CardSetup::default()
    };
    assert_eq!(
        b.set_card(in_hand, sick).unwrap_err(),
        SetupError::StateOffBattlefield("bear".to_owned())
    );
    let mana_card = b.add_card(P0, Zone::Battlefield, "fire").unwrap();
    assert!(matches!(
        b.set_card(mana_card, sick),
        Err(SetupError::StateOffBattlefield(_))
    ));
    let zero = b.add_card(P0, Zone::Battlefield, "wisp").unwrap();
    let _ = zero;
    assert_eq!(
        b.build().unwrap_err(),
        SetupError::StartsDead("wisp".to_owned())
    );

    let mut b = fresh();
    b.pool(P0, mana(&[(Any, 1)]));
    assert_eq!(b.build().unwrap_err(), SetupError::AnyInPool);
    let mut b = fresh();
    b.health(P1, -1);
    assert_eq!(b.build().unwrap_err(), SetupError::Negative("health"));
}

// ---------------------------------------------------------------------------------------------
// The Game shell
// ---------------------------------------------------------------------------------------------

#[test]
fn the_game_shell_drives_a_game_and_keeps_its_history() {
    let deck = deck_of(&[("fire", 10), ("goblin", 5), ("shaper", 5)]);
    let state = new_state([&deck, &deck], &seeded(5));
    let mut game = Game::new(state, 7);
    assert_eq!(game.history().len(), 1);
    game.start().unwrap();
    assert_eq!(game.current_phase(), Phase::Draw);
    assert_eq!(
        game.playable_phases(),
        &[Phase::Main, Phase::MainPostcombat]
    );
    assert_eq!(game.playable_phases(), &PLAYABLE_PHASES);
    assert_eq!(game.state().player(P0).hand().len(), 7);
    assert_eq!(game.events().len(), 15);

    game.advance_phase().unwrap();
    assert_eq!(game.current_phase(), Phase::Main);
    let fire = *game
        .state()
        .player(P0)
        .hand()
        .iter()
        .find(|&&c| game.state().def(c).card_id.as_str() == "fire")
        .expect("seed 5 deals alice a fire mana");
    game.apply_action(play(P0, fire)).unwrap();
    assert_eq!(game.state().player(P0).pool, mana(&[(Fire, 1)]));

    // a refused action changes nothing, not even the history
    let before = (game.history().len(), game.events().len());
    assert_eq!(
        game.apply_action(play(P0, fire)).unwrap_err().kind(),
        "wrong_zone"
    );
    assert_eq!((game.history().len(), game.events().len()), before);

    // undo goes back one change, forgetting its events
    let previous = game.history()[game.history().len() - 2].clone();
    assert!(game.undo());
    assert_eq!(game.state(), &previous);
    assert_eq!(game.events().len(), 15);
    game.apply_action(play(P0, fire)).unwrap();

    game.end_turn().unwrap();
    assert_eq!(game.current_phase(), Phase::End);
    assert_eq!(game.state().turn(), 1);
    game.begin_turn().unwrap();
    assert_eq!(
        (
            game.state().turn(),
            game.state().active(),
            game.current_phase()
        ),
        (2, P1, Phase::Draw)
    );
    game.resolve_combat().unwrap();
    assert_eq!(game.current_phase(), Phase::Combat);
    assert_eq!(
        game.events().last().map(|e| e.kind),
        Some(EventType::OnCombatResolved)
    );
    game.advance_phase().unwrap();
    assert_eq!(
        game.resolve_combat().unwrap_err(),
        RulesError::WrongPhase {
            phase: Phase::MainPostcombat,
            action: "resolving combat"
        }
    );
    assert_eq!(game.check_victory(), GameStatus::Ongoing);

    // the whole history can be replayed by undoing to the first state
    while game.undo() {}
    assert_eq!(game.history().len(), 1);
    assert!(game.events().is_empty());
    assert!(!game.undo());
}

#[test]
fn the_game_shell_resolves_pending_triggers() {
    let mut p = rules_pos();
    let shaper = p.add(P0, Zone::Hand, "shaper");
    let troll = p.field(P1, "troll");
    let mut game = Game::from_state(p.state());
    game.apply_action(play(P0, shaper)).unwrap();
    assert_eq!(game.state().pending_triggers().len(), 1);
    assert_eq!(
        game.advance_phase().unwrap_err(),
        RulesError::PendingTrigger
    );
    assert_eq!(
        game.resolve_pending_trigger(0, Target::Player(P0))
            .unwrap_err()
            .kind(),
        "illegal_target"
    );
    game.resolve_pending_trigger(0, Target::Card(troll))
        .unwrap();
    let t = game.state().card(troll);
    assert_eq!((t.attack(), t.defense()), (1, 1));
}

#[test]
fn the_game_shell_refuses_turn_moves_once_the_game_is_over() {
    let mut p = rules_pos();
    let bolt = p.add(P0, Zone::Hand, "bolt");
    p.builder.health(P1, 1);
    let mut game = Game::from_state(p.state());
    game.apply_action(play(P0, bolt)).unwrap();
    let length = game.history().len();
    assert_eq!(game.begin_turn().unwrap_err(), RulesError::GameOver);
    assert_eq!(game.end_turn().unwrap_err(), RulesError::GameOver);
    assert_eq!(game.resolve_combat().unwrap_err(), RulesError::GameOver);
    assert_eq!(game.history().len(), length);
}

// ---------------------------------------------------------------------------------------------
// The specification's examples in Rust
// ---------------------------------------------------------------------------------------------

/// The README quick start, adjusted to the real rules: one mana card per turn, and the Goblin
/// attacks on a later turn, once it is no longer summoning sick.
#[test]
fn quick_start_from_the_spec() {
    let goblin = Arc::new(
        CardDefinition::vanilla("gob_01", "Goblin Warrior", CardType::Creature)
            .with_cost(Mana::from_pairs([(Fire, 1)]))
            .with_stats(2, 2),
    );
    let fire_mana = Arc::new(
        CardDefinition::vanilla("fire_01", "Fire Mana", CardType::Mana)
            .with_cost(Mana::from_pairs([(Fire, 1)])),
    );
    let deck: Vec<Arc<CardDefinition>> = [
        &fire_mana, &fire_mana, &fire_mana, &goblin, &goblin, &goblin,
    ]
    .into_iter()
    .cloned()
    .collect();
    // As the spec writes it: Player("Alice", deck, hand_size=3), Game([alice, bob]).
    let alice_player = Player::new("Alice", deck.clone()).with_hand_size(3);
    let bob_player = Player::new("Bob", deck).with_hand_size(3);
    let mut game = Game::with_players([alice_player, bob_player], 0).unwrap();
    game.start().unwrap();
    assert_eq!(game.state().player(PlayerId(0)).name.as_ref(), "Alice");
    assert_eq!(game.state().player(PlayerId(0)).hand().len(), 3);
    game.advance_phase().unwrap(); // DRAW -> MAIN
    let (alice, bob) = (PlayerId(0), PlayerId(1));
    let find = |game: &Game, zone: Zone, name: &str| {
        game.state()
            .player(alice)
            .zone(zone)
            .iter()
            .copied()
            .find(|&id| game.state().def(id).name == name)
    };

    // one mana card per turn: the second is refused
    let mana_card = find(&game, Zone::Hand, "Fire Mana").expect("a Fire Mana in Alice's hand");
    game.apply_action(Action::PlayCard {
        player: alice,
        card: mana_card,
        target: None,
    })
    .unwrap();
    if let Some(second) = find(&game, Zone::Hand, "Fire Mana") {
        let refused = game.apply_action(Action::PlayCard {
            player: alice,
            card: second,
            target: None,
        });
        assert_eq!(refused.unwrap_err(), RulesError::ManaAlreadyPlayed);
    }
    let goblin_id = find(&game, Zone::Hand, "Goblin Warrior").expect("a Goblin in Alice's hand");
    game.apply_action(Action::PlayCard {
        player: alice,
        card: goblin_id,
        target: None,
    })
    .unwrap();
    assert_eq!(game.state().player(alice).pool, Mana::EMPTY);

    // the Goblin just entered: it cannot attack this turn
    let refused = game.apply_action(Action::DeclareAttack {
        player: alice,
        attacker: goblin_id,
    });
    assert_eq!(refused.unwrap_err(), RulesError::SummoningSick(goblin_id));

    // Alice's turn ends; Bob's turn passes without a fight; Alice's next turn begins
    game.begin_turn().unwrap();
    assert_eq!((game.state().turn(), game.state().active()), (2, bob));
    game.begin_turn().unwrap();
    assert_eq!((game.state().turn(), game.state().active()), (3, alice));
    game.advance_phase().unwrap(); // DRAW -> MAIN
    game.apply_action(Action::DeclareAttack {
        player: alice,
        attacker: goblin_id,
    })
    .unwrap();
    game.advance_phase().unwrap(); // MAIN -> ATTACK
    game.advance_phase().unwrap(); // ATTACK -> DEFENSE
    game.advance_phase().unwrap(); // DEFENSE -> COMBAT (auto-resolve)
    game.advance_phase().unwrap(); // COMBAT -> MAIN_POSTCOMBAT
    game.advance_phase().unwrap(); // MAIN_POSTCOMBAT -> END
    game.advance_phase().unwrap(); // END -> Bob's DRAW

    assert_eq!(game.state().player(bob).health, 18);
    assert_eq!(game.state().player(alice).health, 20);
    assert_eq!(
        (
            game.state().turn(),
            game.state().active(),
            game.current_phase()
        ),
        (4, bob, Phase::Draw)
    );
    assert_eq!(game.check_victory(), GameStatus::Ongoing);
}

/// The repository's root, where the bundled `cards/` and `decks/` are.
fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The specification's "Loading workflow" in Rust, on the bundled cards and decks.
#[test]
fn loading_workflow_from_the_spec() {
    let root = repo_root();
    // 1. Load every card definition
    let all_cards = yaml::load_cards_from_dir(root.join("cards"), None).expect("bundled cards");
    // 2. Index by card_id for fast lookup
    let catalog = yaml::build_catalog(all_cards.iter().cloned()).expect("distinct card ids");
    assert_eq!(catalog.len(), all_cards.len());
    // 3. Build decks: one from a deck file, one from a {card_id: count} spec
    let alice_deck = yaml::load_deck(&catalog, root.join("decks/aggro.yaml"))
        .expect("deck")
        .cards;
    let bob_deck = yaml::build_deck(
        &catalog,
        [("giant_01", 3u32), ("fire_mana_01", 5), ("priest_01", 2)],
    )
    .expect("deck spec");
    assert_eq!(bob_deck.len(), 10);
    // 4. Create players (20 health, 4 cards in hand) and start the game
    let config = GameConfig {
        names: ["Alice".to_owned(), "Bob".to_owned()],
        starting_health: 20,
        opening_hand: 4,
        ..GameConfig::default()
    };
    let content = content_for([&alice_deck, &bob_deck], builtin_registry()).unwrap();
    let state = new_game(content, [&alice_deck, &bob_deck], &config).unwrap();
    let mut game = Game::new(state, config.opening_hand);
    game.start().unwrap();
    let state = game.state();
    assert_eq!(phases_of(state), (1, P0, Phase::Draw));
    assert_eq!(&*state.player(P0).name, "Alice");
    assert_eq!(state.player(P0).hand().len(), 4);
    assert_eq!(state.player(P1).hand().len(), 4);
    assert_eq!(state.player(P0).deck().len(), alice_deck.len() - 4);
    assert_eq!(state.player(P1).deck().len(), 6);
    assert_eq!(state.player(P1).health, 20);
}

/// A whole game between two bundled decks, played to a winner by a simple aggressive policy:
/// resolve pending triggers, attack with everything, play what can be played, never block.
#[test]
fn a_full_game_from_yaml_decks_plays_to_a_winner() {
    let root = repo_root();
    let all_cards = yaml::load_cards_from_dir(root.join("cards"), None).unwrap();
    let catalog = yaml::build_catalog(all_cards).unwrap();
    let aggro = yaml::load_deck(&catalog, root.join("decks/aggro.yaml"))
        .unwrap()
        .cards;
    let midrange = yaml::load_deck(&catalog, root.join("decks/midrange.yaml"))
        .unwrap()
        .cards;
    let (mut state, _) = started([&aggro, &midrange], &seeded(7));
    let mut rng = GameRng::seeded(7);
    let mut steps = 0;
    while !state.is_over() {
        let legal = legal_actions(&state);
        let pick = |kind: fn(&Action) -> bool| {
            legal
                .iter()
                .filter(|a| kind(a))
                .cloned()
                .collect::<Vec<_>>()
        };
        let pending = pick(|a| matches!(a, Action::ResolvePendingTrigger { .. }));
        let attacks = pick(|a| matches!(a, Action::DeclareAttack { .. }));
        let plays = pick(|a| matches!(a, Action::PlayCard { .. } | Action::ActivateAbility { .. }));
        let action = if let Some(first) = pending.first().or(attacks.first()) {
            first.clone()
        } else if !plays.is_empty() && rng.below(4) > 0 {
            plays[rng.below(plays.len() as u32) as usize].clone()
        } else {
            Action::AdvancePhase
        };
        state = ok(&state, action).0;
        state.check_invariants().unwrap();
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    assert!(
        matches!(check_victory(&state), GameStatus::Winner(_)),
        "{:?}",
        check_victory(&state)
    );
    assert!(state.turn() < 200);
}
