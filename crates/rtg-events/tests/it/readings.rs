//! PTG 0.9's readings fixed by issue 37, at the engine level: a sweep's computed numbers are read
//! once, `destroy_card` sweeps hands and decks and destroys artifacts, `move_card` finds its card
//! by `card_definition_id`, and `on_card_buff` is emitted as PTG 0.9.13 emits it. Each has a
//! scenario too, whose expectation PTG 0.9.13 produces (docs/rules.md, "PTG 0.9's card
//! language").

use std::sync::Arc;

use crate::prelude::*;

use super::support::*;

fn is_true(variable: Variable) -> Arc<Condition> {
    Arc::new(Condition::compare(variable, CompareOp::Eq, Operand::Bool(true)).unwrap())
}

fn self_attack() -> ParamValue {
    ParamValue::Expr(Arc::new(Expr::Var(Variable::SelfAttack)))
}

fn activate(player: PlayerId, card: InstanceId) -> Action {
    Action::ActivateAbility {
        player,
        card,
        ability_index: 0,
        target: None,
    }
}

/// "Each creature you control gets +X/+0, X this card's attack": the lord is the first card the
/// sweep reaches, so reading X per card would give the later ones the grown number.
fn rally(attack_increase: ParamValue) -> AlterationData {
    let mut rally = alt(
        "buff_card",
        TargetSpec::Each,
        &[
            ("attack_increase", attack_increase),
            ("defense_increase", int(0)),
        ],
    );
    rally.target_condition = Some(is_true(Variable::SelfIsOwnedByController));
    rally
}

#[test]
fn each_reads_a_computed_amount_once_before_the_first_card_changes() {
    let plus_one = ParamValue::Expr(Arc::new(Expr::Add(vec![
        Expr::Var(Variable::SelfAttack),
        Expr::Const(1),
    ])));
    for (amount, each_gets) in [(self_attack(), 2), (plus_one, 3)] {
        let lord = creature("lord", 2, 2).with_ability(activated(Mana::EMPTY, vec![rally(amount)]));
        let mut p = pos(vec![lord, creature("bear", 1, 1)]);
        let lord = p.field(P0, "lord");
        let bears = [p.field(P0, "bear"), p.field(P0, "bear")];
        let theirs = p.field(P1, "bear");
        let (state, _) = ok(&p.state(), activate(P0, lord));
        assert_eq!(state.card(lord).attack(), 2 + each_gets);
        assert_eq!(bears.map(|b| state.card(b).attack()), [1 + each_gets; 2]);
        assert_eq!(state.card(theirs).attack(), 1);
    }
}

#[test]
fn a_group_reads_its_computed_amount_and_duration_once_too() {
    // "Goblins you control get +X/+0 for X turns, X this card's attack": every goblin gets the
    // same X, and every reversal ends on the same turn.
    let mut rally = alt(
        "buff_card",
        TargetSpec::Owner,
        &[
            ("attack_increase", self_attack()),
            ("defense_increase", int(0)),
        ],
    );
    rally.group = Some(Arc::from("goblin"));
    rally.turn_duration = Some(TurnCount::Computed(Arc::new(Expr::Var(
        Variable::SelfAttack,
    ))));
    let lord = creature("lord", 2, 2)
        .with_group("goblin")
        .with_ability(activated(Mana::EMPTY, vec![rally]));
    let mut p = pos(vec![lord, creature("grunt", 1, 1).with_group("goblin")]);
    let lord = p.field(P0, "lord");
    let grunt = p.field(P0, "grunt");
    let (state, _) = ok(&p.state(), activate(P0, lord));
    assert_eq!([lord, grunt].map(|c| state.card(c).attack()), [4, 3]);
    let ends: Vec<Option<u32>> = state
        .reversals()
        .iter()
        .map(|r| r.expires_on_turn)
        .collect();
    assert_eq!(ends, [Some(3), Some(3)], "both last 2 turns from turn 1");
}

/// A spell destroying every witch of a player's `zone` (`group`), or of both players' (`each`).
fn purge(zone: Zone, target: TargetSpec) -> CardDefinition {
    let mut purge = alt("destroy_card", target, &[]);
    if target == TargetSpec::Each {
        purge.target_condition = Some(Arc::new(
            Condition::compare(
                Variable::SelfGroup,
                CompareOp::Eq,
                Operand::Text(Arc::from("witch")),
            )
            .unwrap(),
        ));
    } else {
        purge.group = Some(Arc::from("witch"));
    }
    purge.from_zone = Some(zone);
    spell("purge", vec![purge])
}

#[test]
fn destroy_card_sweeping_a_hand_or_a_deck_puts_those_cards_into_the_graveyard() {
    for (zone, target) in [
        (Zone::Hand, TargetSpec::Opponent),
        (Zone::Deck, TargetSpec::Opponent),
        (Zone::Hand, TargetSpec::Each),
    ] {
        let mut p = pos(vec![
            purge(zone, target),
            creature("witch", 1, 1).with_group("witch"),
            creature("goblin", 1, 1).with_group("goblin"),
        ]);
        let spell_card = p.add(P0, Zone::Hand, "purge");
        let theirs = [
            p.add(P1, zone, "witch"),
            p.add(P1, zone, "goblin"),
            p.add(P1, zone, "witch"),
        ];
        let mine = p.add(P0, zone, "witch");
        let (state, events) = ok(&p.state(), play(P0, spell_card));
        let ids = |p: PlayerId, z: Zone| zone_ids(&state, p, z);
        assert_eq!(ids(P1, Zone::Graveyard), ["witch", "witch"], "{zone:?}");
        assert_eq!(ids(P1, zone), ["goblin"]);
        assert_eq!(state.card(theirs[1]).location(), Location::from(zone));
        let entered = events
            .iter()
            .filter(|e| e.kind == EventType::OnCardEnterGraveyard)
            .filter_map(|e| e.source)
            .collect::<Vec<_>>();
        let (mine_too, expected) = if target == TargetSpec::Each {
            (Location::Graveyard, vec![mine, theirs[0], theirs[2]])
        } else {
            (Location::from(zone), vec![theirs[0], theirs[2]])
        };
        assert_eq!(state.card(mine).location(), mine_too, "{zone:?} {target:?}");
        assert_eq!(
            entered[..expected.len()],
            expected[..],
            "active player's first, in zone order"
        );
        assert!(
            !kinds(&events).contains(&EventType::OnCardDeath),
            "no death off the battlefield"
        );
    }
}

#[test]
fn destroy_card_takes_an_artifact_but_never_a_mana_card_and_other_creature_effects_still_no_artifact()
 {
    let relic = CardDefinition::vanilla("relic", "Relic", CardType::Artifact);
    let smash = spell("smash", vec![alt("destroy_card", TargetSpec::Choose, &[])]);
    let pump = spell(
        "pump",
        vec![alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(1)), ("defense_increase", int(1))],
        )],
    );
    let mut p = pos(vec![relic, smash, pump, basic_mana("fire", ManaType::Fire)]);
    let smash = p.add(P0, Zone::Hand, "smash");
    let pump = p.add(P0, Zone::Hand, "pump");
    let relic = p.field(P1, "relic");
    let land = p.field(P1, "fire");
    let state = p.state();
    let at = |card: InstanceId| legal_targets_of(&state, card);
    assert!(at(smash).contains(&Target::Card(relic)));
    assert!(!at(smash).contains(&Target::Card(land)));
    assert!(!at(pump).contains(&Target::Card(relic)));
    assert_eq!(
        refused(&state, play_at(P0, smash, Target::Card(land))).kind(),
        "illegal_target"
    );
    let (state, events) = ok(&state, play_at(P0, smash, Target::Card(relic)));
    assert_eq!(state.card(relic).location(), Location::Graveyard);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventType::OnCardDeath && e.source == Some(relic)),
        "an artifact destroyed dies"
    );
}

/// The targets `legal_actions` offers for playing `card` from its owner's hand.
fn legal_targets_of(state: &GameState, card: InstanceId) -> Vec<Target> {
    legal_actions(state)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlayCard {
                card: c,
                target: Some(t),
                ..
            } if c == card => Some(t),
            _ => None,
        })
        .collect()
}

/// "Return a bear from a graveyard to its owner's hand", by its `card_definition_id`.
fn recall() -> CardDefinition {
    let recall = alt(
        "move_card",
        TargetSpec::SelfCard,
        &[
            ("from_zone", ParamValue::Zone(Zone::Graveyard)),
            ("to_zone", ParamValue::Zone(Zone::Hand)),
            ("card_definition_id", ParamValue::Card(CardId::new("bear"))),
        ],
    );
    creature("keeper", 0, 1).with_ability(activated(Mana::EMPTY, vec![recall]))
}

#[test]
fn move_card_by_definition_id_takes_the_controllers_card_first_then_the_opponents() {
    // PTG 0.9.13 looks in the first seat's zones first, whoever controls the ability (defect
    // E06); rtg in the controller's. Here the controller is the second seat.
    let mut p = pos(vec![recall(), creature("bear", 2, 2)]);
    p.builder.active(P1);
    let keeper = p.field(P1, "keeper");
    let first_seats = p.add(P0, Zone::Graveyard, "bear");
    let own = [
        p.add(P1, Zone::Graveyard, "bear"),
        p.add(P1, Zone::Graveyard, "bear"),
    ];
    let (state, _) = ok(&p.state(), activate(P1, keeper));
    assert_eq!(state.card(own[0]).location(), Location::Hand);
    assert_eq!(state.card(own[1]).location(), Location::Graveyard);
    assert_eq!(state.card(first_seats).location(), Location::Graveyard);
    let (state, _) = ok(&state, activate(P1, keeper));
    let (state, _) = ok(&state, activate(P1, keeper));
    assert_eq!(state.card(own[1]).location(), Location::Hand);
    assert_eq!(
        state.card(first_seats).location(),
        Location::Hand,
        "none of the controller's left: the opponent's, to its owner's hand"
    );
    assert_eq!(zone_ids(&state, P0, Zone::Hand), ["bear"]);
    let (again, events) = ok(&state, activate(P1, keeper));
    assert_eq!(
        zone_ids(&again, P1, Zone::Hand),
        ["bear", "bear"],
        "none left: nothing"
    );
    assert!(!kinds(&events).contains(&EventType::OnCardLeaveGraveyard));
}

fn fan() -> CardDefinition {
    let mut cheer = on(
        EventType::OnCardBuff,
        alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]),
    );
    cheer.trigger_self = false;
    creature("fan", 1, 1).with_ability(triggered(vec![cheer]))
}

#[test]
fn under_ptg_09_every_buff_emits_on_card_buff_heard_or_not_under_ptg_02_only_when_heard() {
    let cry = spell(
        "cry",
        vec![alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(2)), ("defense_increase", int(0))],
        )],
    );
    for (rules, emitted) in [(RuleSet::Ptg09, true), (RuleSet::Ptg02, false)] {
        let mut p = pos(vec![cry.clone(), creature("bear", 2, 2)]);
        p.builder.rules(rules);
        let card = p.add(P0, Zone::Hand, "cry");
        let bear = p.field(P0, "bear");
        let (_, events) = ok(&p.state(), play_at(P0, card, Target::Card(bear)));
        assert_eq!(
            kinds(&events).contains(&EventType::OnCardBuff),
            emitted,
            "{rules}"
        );
    }
}

#[test]
fn a_static_ability_starting_or_stopping_emits_no_on_card_buff() {
    let mut banner = alt(
        "buff_card",
        TargetSpec::Owner,
        &[("attack_increase", int(1)), ("defense_increase", int(1))],
    );
    banner.group = Some(Arc::from("goblin"));
    let lord = creature("lord", 1, 1).with_ability(ability(
        AbilityType::Static,
        Mana::EMPTY,
        vec![banner],
    ));
    let smite = spell("smite", vec![alt("destroy_card", TargetSpec::Choose, &[])]);
    for rules in RuleSet::ALL {
        let mut p = pos(vec![
            lord.clone(),
            smite.clone(),
            fan(),
            creature("grunt", 1, 1).with_group("goblin"),
        ]);
        p.builder.rules(rules);
        let lord = p.add(P0, Zone::Hand, "lord");
        let smite = p.add(P0, Zone::Hand, "smite");
        let grunt = p.field(P0, "grunt");
        p.field(P0, "fan");
        let (state, events) = ok(&p.state(), play(P0, lord));
        assert_eq!(state.card(grunt).attack(), 2, "{rules}: the static holds");
        assert!(!kinds(&events).contains(&EventType::OnCardBuff), "{rules}");
        let (state, events) = ok(&state, play_at(P0, smite, Target::Card(lord)));
        assert_eq!(state.card(grunt).attack(), 1, "{rules}: and ends");
        assert!(!kinds(&events).contains(&EventType::OnCardBuff), "{rules}");
        assert_eq!(
            state.player(P0).health,
            20,
            "{rules}: the fan heard nothing"
        );
    }
}

#[test]
fn event_delay_remaining_is_minus_one_on_on_delay_expired_as_ptg_gives_it() {
    let p = pos(vec![creature("bear", 1, 1)]);
    let state = p.state();
    let remaining = |kind: EventType, amount: i32| {
        let event = Event::new(kind).amount(amount);
        [-1, 0, 2]
            .into_iter()
            .find(|&n| {
                Condition::compare(
                    Variable::EventDelayRemaining,
                    CompareOp::Eq,
                    Operand::Int(Expr::Const(n)),
                )
                .unwrap()
                .holds(&Scope {
                    state: &state,
                    subject: None,
                    controller: P0,
                    event: Some(&event),
                })
            })
            .expect("one of them")
    };
    assert_eq!(remaining(EventType::OnDelaySet, 2), 2);
    assert_eq!(remaining(EventType::OnDelayUpdated, 0), 0);
    assert_eq!(remaining(EventType::OnDelayExpired, 0), -1);
    assert_eq!(remaining(EventType::OnTurnStart, 0), -1);
}
