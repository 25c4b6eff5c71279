//! PTG 0.9's card language at the engine level: conditions (checked when a trigger fires and
//! again when it resolves), `max_activations`, `target: each`, `group`, `target_condition`,
//! tapping and the two rule sets, `on_card_buff`, pending choices. Scenario files pin the same
//! from card files; these tests build cards in Rust to reach the corners.

use std::sync::Arc;

use crate::prelude::*;

use super::support::*;

fn cond(variable: Variable, op: CompareOp, value: i32) -> Arc<Condition> {
    Arc::new(Condition::compare(variable, op, Operand::Int(Expr::Const(value))).unwrap())
}

fn heal_one() -> AlterationData {
    alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))])
}

fn next_turn_start(state: &GameState) -> (GameState, Vec<Event>) {
    // END of the active player's turn, then the other player's DRAW.
    let (state, mut events) = advance_to(state, Phase::End);
    let (state, more) = advance(&state, 1);
    events.extend(more);
    (state, events)
}

#[test]
fn a_trigger_condition_is_checked_when_it_fires_and_again_when_it_resolves() {
    // "At each turn start, if you have less than 15 life, gain 1": three of them take a player
    // from 13 to 15, not 16 (MTG's intervening "if", rule 603.4).
    let mut healer = on(EventType::OnTurnStart, heal_one());
    healer.condition = Some(cond(Variable::LifeTotal, CompareOp::Lt, 15));
    let card = creature("medic", 0, 1).with_ability(triggered(vec![healer]));
    let mut p = pos(vec![card, creature("filler", 1, 1)]);
    for _ in 0..3 {
        p.field(P1, "medic");
    }
    p.many(P0, Zone::Deck, "filler", 3);
    p.many(P1, Zone::Deck, "filler", 3);
    p.builder.health(P1, 13);
    let (state, events) = next_turn_start(&p.state());
    assert_eq!(state.player(P1).health, 15);
    let healed = events
        .iter()
        .filter(|e| e.kind == EventType::OnPlayerHealed)
        .count();
    assert_eq!(
        healed, 2,
        "the third trigger finds 15 life and does nothing"
    );
}

#[test]
fn a_false_condition_stops_a_trigger_from_firing() {
    let mut healer = on(EventType::OnTurnStart, heal_one());
    healer.condition = Some(cond(Variable::LifeTotal, CompareOp::Lt, 10));
    let card = creature("medic", 0, 1).with_ability(triggered(vec![healer]));
    let mut p = pos(vec![card, creature("filler", 1, 1)]);
    p.field(P1, "medic");
    p.many(P0, Zone::Deck, "filler", 3);
    p.many(P1, Zone::Deck, "filler", 3);
    let (state, events) = next_turn_start(&p.state());
    assert_eq!(state.player(P1).health, 20);
    assert!(!kinds(&events).contains(&EventType::OnPlayerHealed));
}

#[test]
fn an_activated_abilitys_alterations_each_check_their_own_condition() {
    let mut big = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(5))],
    );
    big.condition = Some(cond(Variable::CreaturesInBf, CompareOp::Ge, 2));
    let small = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(1))],
    );
    let card = creature("shaman", 1, 1).with_ability(activated(Mana::EMPTY, vec![big, small]));
    let mut p = pos(vec![card]);
    let shaman = p.field(P0, "shaman");
    let use_it = Action::ActivateAbility {
        player: P0,
        card: shaman,
        ability_index: 0,
        target: None,
    };
    let (alone, _) = ok(&p.state(), use_it.clone());
    assert_eq!(
        alone.player(P1).health,
        19,
        "one creature: only the 1 damage"
    );
    p.field(P0, "shaman");
    let (pair, _) = ok(&p.state(), use_it);
    assert_eq!(pair.player(P1).health, 14, "two creatures: 5 and 1");
}

#[test]
fn a_spell_checks_its_conditions() {
    // PTG 0.9.13's spells ignore `condition` (defect D11); rtg checks it.
    let mut burn = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(3))],
    );
    burn.condition = Some(cond(Variable::OpponentLifeTotal, CompareOp::Le, 10));
    let mut p = pos(vec![spell("finisher", vec![burn])]);
    let card = p.add(P0, Zone::Hand, "finisher");
    let (state, _) = ok(&p.state(), play(P0, card));
    assert_eq!(state.player(P1).health, 20);
    p.builder.health(P1, 10);
    let mut p2 = p;
    let card = p2.add(P0, Zone::Hand, "finisher");
    let (state, _) = ok(&p2.state(), play(P0, card));
    assert_eq!(state.player(P1).health, 7);
}

#[test]
fn max_activations_limits_an_activated_ability_per_turn() {
    let ping = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(1))],
    );
    let mut ability = activated(Mana::EMPTY, vec![ping]);
    ability.max_activations = Some(2);
    let card = creature("pinger", 1, 1).with_ability(ability);
    let mut p = pos(vec![card, creature("filler", 1, 1)]);
    let pinger = p.field(P0, "pinger");
    p.many(P0, Zone::Deck, "filler", 3);
    p.many(P1, Zone::Deck, "filler", 3);
    let use_it = Action::ActivateAbility {
        player: P0,
        card: pinger,
        ability_index: 0,
        target: None,
    };
    let (state, _) = ok(&p.state(), use_it.clone());
    let (state, _) = ok(&state, use_it.clone());
    assert!(!legal_actions(&state).contains(&use_it));
    let error = refused(&state, use_it.clone());
    assert_eq!(error.kind(), "max_activations");
    // Two turns later (P0's next turn) it may be used again.
    let (state, _) = next_turn_start(&state);
    let (state, _) = advance(&state, 1);
    let (state, _) = next_turn_start(&state);
    let (state, _) = advance(&state, 1);
    assert_eq!(state.active(), P0);
    ok(&state, use_it);
}

#[test]
fn max_activations_limits_a_triggered_ability_per_turn() {
    let mut drawn = on(EventType::OnCardEnterBattlefield, heal_one());
    drawn.trigger_self = false;
    let mut ability = triggered(vec![drawn]);
    ability.max_activations = Some(1);
    let watcher = creature("watcher", 1, 1).with_ability(ability);
    let mut p = pos(vec![watcher, creature("bear", 2, 2)]);
    p.field(P0, "watcher");
    let bears = p.many(P0, Zone::Hand, "bear", 2);
    let (state, _) = ok(&p.state(), play(P0, bears[0]));
    let (state, _) = ok(&state, play(P0, bears[1]));
    assert_eq!(
        state.player(P0).health,
        21,
        "the second entry finds it used up"
    );
}

#[test]
fn target_each_applies_to_every_card_meeting_the_target_condition_each_with_its_own_events() {
    // "Deal 2 damage to each creature with attack 3 or more."
    let mut sweep = alt("damage_card", TargetSpec::Each, &[("amount", amount(2))]);
    sweep.target_condition = Some(cond(Variable::SelfAttack, CompareOp::Ge, 3));
    let mut p = pos(vec![
        spell("sweep", vec![sweep]),
        creature("small", 1, 5),
        creature("big", 3, 5),
    ]);
    let spell_card = p.add(P0, Zone::Hand, "sweep");
    let small = p.field(P0, "small");
    let big_mine = p.field(P0, "big");
    let big_theirs = p.field(P1, "big");
    let (state, events) = ok(&p.state(), play(P0, spell_card));
    assert_eq!(state.card(small).defense(), 5);
    assert_eq!(state.card(big_mine).defense(), 3);
    assert_eq!(state.card(big_theirs).defense(), 3);
    let damaged: Vec<InstanceId> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardReceiveDamage)
        .filter_map(|e| e.source)
        .collect();
    assert_eq!(
        damaged,
        vec![big_mine, big_theirs],
        "active player's side first"
    );
}

#[test]
fn each_with_exclude_self_leaves_the_source_out() {
    let mut pump = on(
        EventType::OnCardEnterBattlefield,
        alt(
            "buff_card",
            TargetSpec::Each,
            &[("attack_increase", int(1)), ("defense_increase", int(0))],
        ),
    );
    pump.exclude_self = true;
    pump.target_condition = Some(Arc::new(
        Condition::compare(
            Variable::SelfIsOwnedByController,
            CompareOp::Eq,
            Operand::Bool(true),
        )
        .unwrap(),
    ));
    let lord = creature("lord", 2, 2).with_ability(triggered(vec![pump]));
    let mut p = pos(vec![lord, creature("bear", 2, 2)]);
    let lord_card = p.add(P0, Zone::Hand, "lord");
    let mine = p.field(P0, "bear");
    let theirs = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), play(P0, lord_card));
    assert_eq!(state.card(mine).attack(), 3);
    assert_eq!(state.card(theirs).attack(), 2);
    assert_eq!(state.card(lord_card).attack(), 2);
}

#[test]
fn a_group_alteration_sweeps_the_target_players_zone_and_each_card_is_reversed_alone() {
    // "Until end of turn, the opponent's goblins get -1/-0" (PTG crashes at the end event:
    // defect D06; rtg reverses each card).
    let mut shrink = alt(
        "buff_card",
        TargetSpec::Opponent,
        &[("attack_increase", int(-1)), ("defense_increase", int(0))],
    );
    shrink.group = Some(Arc::from("goblin"));
    shrink.end_trigger = Some(EventType::OnTurnEnd);
    let goblin = creature("goblin", 2, 2).with_group("goblin");
    let mut p = pos(vec![
        spell("hex", vec![shrink]),
        goblin,
        creature("elf", 2, 2),
    ]);
    let hex = p.add(P0, Zone::Hand, "hex");
    let g1 = p.field(P1, "goblin");
    let elf = p.field(P1, "elf");
    let g2 = p.field(P1, "goblin");
    let own = p.field(P0, "goblin");
    let (state, _) = ok(&p.state(), play(P0, hex));
    assert_eq!(
        [g1, elf, g2, own].map(|id| state.card(id).attack()),
        [1, 2, 1, 2]
    );
    assert_eq!(state.reversals().len(), 2, "one reversal per goblin");
    let (state, _) = advance_to(&state, Phase::End);
    assert_eq!([g1, g2].map(|id| state.card(id).attack()), [2, 2]);
}

#[test]
fn a_temporary_each_is_reversed_on_every_card() {
    // PTG never reverses `each` + `end_trigger` (defect D07).
    let mut freeze = alt("tap_card", TargetSpec::Each, &[]);
    freeze.end_trigger = Some(EventType::OnTurnEnd);
    freeze.target_condition = Some(Arc::new(
        Condition::compare(
            Variable::SelfIsOwnedByOpponent,
            CompareOp::Eq,
            Operand::Bool(true),
        )
        .unwrap(),
    ));
    let mut p = pos(vec![spell("frost", vec![freeze]), creature("bear", 2, 2)]);
    let frost = p.add(P0, Zone::Hand, "frost");
    let bears = [
        p.field(P1, "bear"),
        p.field(P1, "bear"),
        p.field(P0, "bear"),
    ];
    let (state, _) = ok(&p.state(), play(P0, frost));
    assert_eq!(bears.map(|b| state.card(b).tapped), [true, true, false]);
    let (state, _) = advance_to(&state, Phase::End);
    assert_eq!(bears.map(|b| state.card(b).tapped), [false, false, false]);
}

#[test]
fn a_chosen_target_must_meet_the_target_condition() {
    let mut zap = alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]);
    zap.target_condition = Some(cond(Variable::SelfAttack, CompareOp::Le, 1));
    let mut p = pos(vec![
        spell("zap", vec![zap]),
        creature("weak", 1, 3),
        creature("strong", 4, 4),
    ]);
    let card = p.add(P0, Zone::Hand, "zap");
    let weak = p.field(P1, "weak");
    let strong = p.field(P1, "strong");
    let state = p.state();
    let targets: Vec<Action> = legal_actions(&state)
        .into_iter()
        .filter(|a| matches!(a, Action::PlayCard { card: c, .. } if *c == card))
        .collect();
    assert_eq!(targets, vec![play_at(P0, card, Target::Card(weak))]);
    assert_eq!(
        refused(&state, play_at(P0, card, Target::Card(strong))).kind(),
        "illegal_target"
    );
}

#[test]
fn under_ptg_09_an_attacker_taps_unless_it_has_vigilance_and_untaps_at_its_controllers_turn() {
    let guard = creature("guard", 2, 2).with_techniques([Technique::Vigilance]);
    let mut p = pos(vec![creature("bear", 2, 2), guard]);
    p.builder.rules(RuleSet::Ptg09);
    let bear = p.field(P0, "bear");
    let guard = p.field(P0, "guard");
    p.many(P0, Zone::Deck, "bear", 3);
    p.many(P1, Zone::Deck, "bear", 3);
    let (state, _) = ok(
        &p.state(),
        Action::DeclareAttack {
            player: P0,
            attacker: bear,
        },
    );
    let (state, _) = ok(
        &state,
        Action::DeclareAttack {
            player: P0,
            attacker: guard,
        },
    );
    assert!(state.card(bear).tapped);
    assert!(!state.card(guard).tapped);
    // Still tapped through the opponent's turn, untapped when P0's next turn begins.
    let (state, _) = next_turn_start(&state);
    assert_eq!(state.active(), P1);
    assert!(state.card(bear).tapped);
    let (state, _) = next_turn_start(&state);
    assert_eq!(state.active(), P0);
    assert!(!state.card(bear).tapped);
}

#[test]
fn under_ptg_02_attacking_does_not_tap() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let bear = p.field(P0, "bear");
    let (state, _) = ok(
        &p.state(),
        Action::DeclareAttack {
            player: P0,
            attacker: bear,
        },
    );
    assert!(!state.card(bear).tapped);
}

#[test]
fn a_tapped_permanent_cannot_attack_block_or_activate_in_either_rule_set() {
    for rules in RuleSet::ALL {
        let ping = alt(
            "damage_player",
            TargetSpec::Opponent,
            &[("amount", amount(1))],
        );
        let pinger = creature("pinger", 1, 1).with_ability(activated(Mana::EMPTY, vec![ping]));
        let mut p = pos(vec![pinger, creature("bear", 2, 2)]);
        p.builder.rules(rules);
        let tapped = p.field(P0, "pinger");
        p.builder
            .set_permanent(tapped, PermanentSetup { tapped: true })
            .unwrap();
        let state = p.state();
        let attack = Action::DeclareAttack {
            player: P0,
            attacker: tapped,
        };
        assert_eq!(refused(&state, attack).kind(), "tapped", "{rules}");
        let activate = Action::ActivateAbility {
            player: P0,
            card: tapped,
            ability_index: 0,
            target: None,
        };
        assert_eq!(refused(&state, activate).kind(), "tapped", "{rules}");
    }
}

#[test]
fn tap_cards_reversal_untaps_only_what_it_tapped() {
    let mut tap = alt("tap_card", TargetSpec::Choose, &[]);
    tap.end_trigger = Some(EventType::OnTurnEnd);
    let mut p = pos(vec![spell("tap", vec![tap]), creature("bear", 2, 2)]);
    let first = p.add(P0, Zone::Hand, "tap");
    let second = p.add(P0, Zone::Hand, "tap");
    let bear = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), play_at(P0, first, Target::Card(bear)));
    assert!(state.card(bear).tapped);
    // Tapping it again does nothing, so its reversal has nothing to undo.
    let (state, _) = ok(&state, play_at(P0, second, Target::Card(bear)));
    assert!(matches!(
        state.reversals()[1].applied.record,
        Record::Nothing
    ));
    let (state, _) = advance_to(&state, Phase::End);
    assert!(!state.card(bear).tapped);
}

#[test]
fn a_granted_technique_counts_everywhere_and_its_reversal_leaves_a_printed_one() {
    // Haste granted as a creature enters lets it attack (PTG 0.9.13 does not: defect D14).
    let mut hasty = on(
        EventType::OnCardEnterBattlefield,
        alt(
            "grant_technique",
            TargetSpec::SelfCard,
            &[("technique", ParamValue::Technique(Technique::Haste))],
        ),
    );
    hasty.end_trigger = Some(EventType::OnTurnEnd);
    let mut flying = alt(
        "grant_technique",
        TargetSpec::Choose,
        &[("technique", ParamValue::Technique(Technique::Flying))],
    );
    flying.end_trigger = Some(EventType::OnTurnEnd);
    let bird = creature("bird", 1, 1).with_techniques([Technique::Flying]);
    let rusher = creature("rusher", 2, 2).with_ability(triggered(vec![hasty]));
    let mut p = pos(vec![rusher, bird, spell("wings", vec![flying])]);
    let rusher = p.add(P0, Zone::Hand, "rusher");
    let bird = p.field(P0, "bird");
    let wings = p.add(P0, Zone::Hand, "wings");
    let (state, _) = ok(&p.state(), play(P0, rusher));
    assert!(state.card(rusher).has(Technique::Haste));
    let (state, _) = ok(&state, play_at(P0, wings, Target::Card(bird)));
    let (state, _) = ok(
        &state,
        Action::DeclareAttack {
            player: P0,
            attacker: rusher,
        },
    );
    let (state, _) = advance_to(&state, Phase::End);
    assert!(!state.card(rusher).has(Technique::Haste));
    assert!(
        state.card(bird).has(Technique::Flying),
        "granting a technique it had changed nothing, so the reversal takes nothing away"
    );
}

#[test]
fn blocking_restrictions_refuse_blocks() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    let attacker = p.field(P0, "bear");
    let blocker = p.field(P1, "bear");
    let state = p.state();
    let (mut declared, _) = ok(
        &state,
        Action::DeclareAttack {
            player: P0,
            attacker,
        },
    );
    declared.set_phase(Phase::Defense);
    let block = Action::DeclareDefense {
        player: P1,
        blocker,
        combat_index: 0,
    };
    let mut forbidden = declared.clone();
    forbidden.card_mut(blocker).own_cannot_block = true;
    assert_eq!(refused(&forbidden, block.clone()).kind(), "cannot_block");
    let mut unblockable = declared.clone();
    unblockable.card_mut(attacker).own_unblockable = true;
    assert_eq!(refused(&unblockable, block.clone()).kind(), "cannot_block");
    let mut tapped = declared.clone();
    tapped.card_mut(blocker).tapped = true;
    assert_eq!(refused(&tapped, block.clone()).kind(), "cannot_block");
    ok(&declared, block);
}

#[test]
fn on_card_buff_is_emitted_only_in_games_whose_cards_listen_for_it() {
    let cry = || {
        spell(
            "cry",
            vec![alt(
                "buff_card",
                TargetSpec::Choose,
                &[("attack_increase", int(2)), ("defense_increase", int(0))],
            )],
        )
    };
    let mut quiet = pos(vec![cry(), creature("bear", 2, 2)]);
    let card = quiet.add(P0, Zone::Hand, "cry");
    let bear = quiet.field(P0, "bear");
    let (_, events) = ok(&quiet.state(), play_at(P0, card, Target::Card(bear)));
    assert!(!kinds(&events).contains(&EventType::OnCardBuff));
    let mut cheer = on(EventType::OnCardBuff, heal_one());
    cheer.trigger_self = false;
    let fan = creature("fan", 1, 1).with_ability(triggered(vec![cheer]));
    let mut heard = pos(vec![cry(), creature("bear", 2, 2), fan]);
    let card = heard.add(P0, Zone::Hand, "cry");
    let bear = heard.field(P0, "bear");
    heard.field(P0, "fan");
    let (state, events) = ok(&heard.state(), play_at(P0, card, Target::Card(bear)));
    let buff = events
        .iter()
        .find(|e| e.kind == EventType::OnCardBuff)
        .expect("on_card_buff");
    assert_eq!(
        buff.source,
        Some(bear),
        "the buffed card is the event's source"
    );
    assert_eq!(state.player(P0).health, 21);
}

#[test]
fn choose_mana_waits_for_its_controller_and_its_reversal_takes_back_the_chosen_mana() {
    let mut choice = alt(
        "choose_mana",
        TargetSpec::Owner,
        &[(
            "options",
            ParamValue::ManaOptions(Arc::from(
                vec![mana(&[(ManaType::Fire, 2)]), mana(&[(ManaType::Water, 1)])]
                    .into_boxed_slice(),
            )),
        )],
    );
    choice.end_trigger = Some(EventType::OnTurnEnd);
    let mut p = pos(vec![spell("prism", vec![choice])]);
    let prism = p.add(P0, Zone::Hand, "prism");
    let (state, _) = ok(&p.state(), play(P0, prism));
    assert_eq!(state.pending_choices().len(), 1);
    assert_eq!(
        refused(&state, Action::AdvancePhase).kind(),
        "pending_choice"
    );
    let listed = legal_actions(&state);
    assert_eq!(
        listed,
        vec![
            Action::ResolveChoice {
                index: 0,
                option: 0
            },
            Action::ResolveChoice {
                index: 0,
                option: 1
            }
        ]
    );
    assert_eq!(
        refused(
            &state,
            Action::ResolveChoice {
                index: 0,
                option: 2
            }
        )
        .kind(),
        "no_such_option"
    );
    let (state, _) = ok(
        &state,
        Action::ResolveChoice {
            index: 0,
            option: 0,
        },
    );
    assert_eq!(state.player(P0).pool.get(ManaType::Fire), 2);
    assert!(state.pending_choices().is_empty());
    let (state, _) = advance_to(&state, Phase::End);
    assert_eq!(state.player(P0).pool.get(ManaType::Fire), 0);
}

#[test]
fn fight_trades_damage_both_ways_and_never_targets_its_own_source() {
    let brawl = on(
        EventType::OnCardEnterBattlefield,
        alt("fight", TargetSpec::Choose, &[]),
    );
    let brawler = creature("brawler", 3, 3).with_ability(triggered(vec![brawl]));
    let mut p = pos(vec![brawler, creature("bear", 2, 2)]);
    let brawler = p.add(P0, Zone::Hand, "brawler");
    let bear = p.field(P1, "bear");
    let (state, _) = ok(&p.state(), play(P0, brawler));
    let choices = legal_actions(&state);
    assert_eq!(
        choices,
        vec![Action::ResolvePendingTrigger {
            index: 0,
            target: Target::Card(bear)
        }]
    );
    let (state, _) = ok(&state, choices[0].clone());
    assert_eq!(state.card(bear).location(), Location::Graveyard);
    assert_eq!(state.card(brawler).defense(), 1);
}

#[test]
fn an_artifact_plays_like_a_permanent_that_never_fights() {
    let ping = alt(
        "damage_player",
        TargetSpec::Opponent,
        &[("amount", amount(1))],
    );
    let relic = CardDefinition::vanilla("relic", "Relic", CardType::Artifact)
        .with_ability(activated(Mana::EMPTY, vec![ping]));
    let mut p = pos(vec![
        relic,
        spell(
            "bolt",
            vec![alt(
                "damage_card",
                TargetSpec::Choose,
                &[("amount", amount(3))],
            )],
        ),
    ]);
    let relic = p.add(P0, Zone::Hand, "relic");
    let bolt = p.add(P0, Zone::Hand, "bolt");
    let (state, events) = ok(&p.state(), play(P0, relic));
    assert_eq!(state.card(relic).location(), Location::Battlefield);
    assert!(kinds(&events).contains(&EventType::OnCardEnterBattlefield));
    // Usable at once (no summoning sickness), never attacks, never a creature target.
    let (used, _) = ok(
        &state,
        Action::ActivateAbility {
            player: P0,
            card: relic,
            ability_index: 0,
            target: None,
        },
    );
    assert_eq!(used.player(P1).health, 19);
    assert_eq!(
        refused(
            &state,
            Action::DeclareAttack {
                player: P0,
                attacker: relic
            }
        )
        .kind(),
        "not_a_creature"
    );
    assert_eq!(
        refused(&state, play_at(P0, bolt, Target::Card(relic))).kind(),
        "illegal_target"
    );
}

#[test]
fn a_players_view_of_a_pending_trigger_hides_the_card_the_opponent_drew() {
    // "Whenever a player draws, deal 1 damage to a creature you choose": the event that set it
    // off names the card drawn, which only its drawer may know.
    let mut snoop = on(
        EventType::OnCardDraw,
        alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]),
    );
    snoop.trigger_self = false;
    let spy = creature("spy", 1, 3).with_ability(triggered(vec![snoop]));
    let mut p = pos(vec![spy, creature("bear", 2, 2)]);
    p.field(P0, "spy");
    p.many(P0, Zone::Deck, "bear", 2);
    p.many(P1, Zone::Deck, "bear", 2);
    p.phase(Phase::End);
    let (state, _) = advance(&p.state(), 1);
    assert_eq!(state.active(), P1);
    let pending = &state.pending_triggers()[0];
    let drawn = pending
        .event
        .source
        .expect("the engine knows the card drawn");
    assert_eq!(state.card(drawn).owner, P1);
    let mine = rtg_rules::PlayerView::new(&state, P0);
    let seen = mine.pending_triggers().next().unwrap();
    assert_eq!((seen.event.source, seen.event.source_def), (None, None));
    assert_eq!(seen.alteration, pending.alteration);
    let theirs = rtg_rules::PlayerView::new(&state, P1);
    assert_eq!(
        theirs.pending_triggers().next().unwrap().event.source,
        Some(drawn)
    );
}

#[test]
fn a_sampled_world_carries_the_pending_trigger_as_its_viewer_sees_it() {
    let mut snoop = on(
        EventType::OnCardDraw,
        alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]),
    );
    snoop.trigger_self = false;
    let spy = creature("spy", 1, 3).with_ability(triggered(vec![snoop]));
    let mut p = pos(vec![spy, creature("bear", 2, 2)]);
    p.field(P0, "spy");
    p.many(P0, Zone::Deck, "bear", 2);
    p.many(P1, Zone::Deck, "bear", 2);
    p.phase(Phase::End);
    let (state, _) = advance(&p.state(), 1);
    let world = rtg_rules::PlayerView::new(&state, P0).determinize(&mut GameRng::seeded(3));
    assert_eq!(world.pending_triggers()[0].event.source, None);
    assert!(world.check_invariants().is_ok());
}
