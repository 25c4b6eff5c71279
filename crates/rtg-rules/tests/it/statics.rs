//! Properties of static abilities in random games: every characteristic equals an independent
//! fold of the printed values and the statics on the battlefield (no drift), recomputing the
//! continuous effects from scratch changes nothing, and a clone behaves exactly as the original.

use std::sync::Arc;

use crate::prelude::ManaType::*;
use crate::prelude::*;
use proptest::prelude::*;

use crate::positions::*;

fn prepared(mut def: CardDefinition) -> Arc<CardDefinition> {
    for ability in &mut def.abilities {
        for alteration in &mut ability.alterations {
            *alteration = with_defaults(alteration.clone());
        }
    }
    Arc::new(def)
}

fn static_ability(alterations: Vec<AlterationData>) -> CardAbility {
    ability(AbilityType::Static, Mana::EMPTY, alterations)
}

fn cond(variable: Variable, op: CompareOp, value: i32) -> Option<Arc<Condition>> {
    Some(Arc::new(
        Condition::compare(variable, op, Operand::Int(Expr::Const(value))).unwrap(),
    ))
}

fn is_true(variable: Variable) -> Option<Arc<Condition>> {
    Some(Arc::new(
        Condition::compare(variable, CompareOp::Eq, Operand::Bool(true)).unwrap(),
    ))
}

/// Cards whose statics the oracle below knows: a goblin lord, a banner, a mold that sets attack,
/// a conditional deathtouch, a jailer; and one-shot cards that move what the statics read.
fn static_cards() -> Vec<Arc<CardDefinition>> {
    use TargetSpec::*;
    let mut lord = alt(
        "buff_card",
        Owner,
        &[("attack_increase", int(1)), ("defense_increase", int(1))],
    );
    lord.group = Some(Arc::from("goblin"));
    lord.exclude_self = true;
    let rally = alt(
        "buff_all",
        Owner,
        &[("attack_increase", int(1)), ("defense_increase", int(1))],
    );
    let mold = alt("set_stats", Each, &[("attack", int(1))]);
    let mut fangs = alt(
        "grant_technique",
        Each,
        &[("technique", ParamValue::Technique(Technique::Deathtouch))],
    );
    fangs.condition = cond(Variable::LifeTotal, CompareOp::Le, 16);
    fangs.target_condition = is_true(Variable::SelfIsOwnedByController);
    let mut jail = alt("cannot_block", Each, &[]);
    jail.target_condition = is_true(Variable::SelfIsOwnedByOpponent);
    let mut swell = alt("buff_card", Choose, &[("attack_increase", int(2))]);
    swell.end_trigger = Some(EventType::OnTurnEnd);
    let cards = vec![
        basic_mana("fire_mana", Fire),
        basic_mana("earth_mana", Earth),
        basic_mana("water_mana", Water),
        creature("goblin", 2, 2)
            .with_cost(mana(&[(Fire, 1)]))
            .with_group("goblin"),
        creature("lord", 2, 2)
            .with_cost(mana(&[(Fire, 1)]))
            .with_group("goblin")
            .with_ability(static_ability(vec![lord])),
        CardDefinition::vanilla("banner", "banner", CardType::Artifact)
            .with_cost(mana(&[(Earth, 1)]))
            .with_ability(static_ability(vec![rally])),
        CardDefinition::vanilla("mold", "mold", CardType::Artifact)
            .with_cost(mana(&[(Water, 2)]))
            .with_ability(static_ability(vec![mold])),
        creature("fangs", 1, 2)
            .with_cost(mana(&[(Earth, 1)]))
            .with_ability(static_ability(vec![fangs])),
        creature("jailer", 1, 3)
            .with_cost(mana(&[(Water, 1)]))
            .with_ability(static_ability(vec![jail])),
        creature("giant", 3, 5).with_cost(mana(&[(Earth, 2)])),
        spell(
            "bolt",
            vec![alt("damage_player", Opponent, &[("amount", amount(2))])],
        )
        .with_cost(mana(&[(Fire, 1)])),
        spell(
            "shock",
            vec![alt("damage_card", Choose, &[("amount", amount(1))])],
        )
        .with_cost(mana(&[(Fire, 1)])),
        spell("smite", vec![alt("destroy_card", Choose, &[])]).with_cost(mana(&[(Water, 1)])),
        spell("swell", vec![swell]).with_cost(mana(&[(Earth, 1)])),
    ];
    cards.into_iter().map(prepared).collect()
}

fn static_deck() -> Vec<Arc<CardDefinition>> {
    let cards = static_cards();
    let mut deck: Vec<_> = cards[..3].iter().cycle().take(14).cloned().collect();
    deck.extend(cards[3..].iter().cycle().take(40 - 14).cloned());
    deck
}

fn count_on(state: &GameState, player: PlayerId, id: &str, except: Option<InstanceId>) -> i32 {
    let n = state
        .player(player)
        .battlefield()
        .iter()
        .filter(|&&c| Some(c) != except && state.def(c).card_id.as_str() == id)
        .count();
    i32::try_from(n).unwrap()
}

/// The oracle: each creature's characteristics computed here from its own values and the cards
/// on the battlefield, without the engine's continuous module.
fn check_no_drift(state: &GameState) {
    let anywhere = |id: &str| {
        PlayerId::ALL
            .iter()
            .any(|&p| count_on(state, p, id, None) > 0)
    };
    let mold = anywhere("mold");
    for seat in PlayerId::ALL {
        for &id in state.player(seat).battlefield() {
            let card = state.card(id);
            if !card.creature {
                assert!(card.ongoing.is_empty());
                continue;
            }
            let goblin = state.def(id).in_group("goblin");
            let lords = if goblin {
                count_on(state, seat, "lord", Some(id))
            } else {
                0
            };
            let banners = count_on(state, seat, "banner", None);
            let base = if mold { 1 } else { card.stats.base_attack };
            let attack = (base + card.stats.attack_buff + lords + banners).max(0);
            let toughness = card.stats.base_defense + card.stats.defense_buff + lords + banners;
            assert_eq!(card.attack(), attack, "attack of {id:?}");
            assert_eq!(card.toughness(), toughness, "toughness of {id:?}");
            assert_eq!(card.defense(), toughness - card.stats.damage);
            let fangs = count_on(state, seat, "fangs", None) > 0 && state.player(seat).health <= 16;
            assert_eq!(
                card.has(Technique::Deathtouch),
                card.own_techniques.contains(Technique::Deathtouch) || fangs,
                "deathtouch of {id:?}"
            );
            let jailed = count_on(state, seat.opponent(), "jailer", None) > 0;
            assert_eq!(card.cannot_block(), card.own_cannot_block || jailed);
        }
    }
    // Off the battlefield nothing is reached.
    for card in state.cards() {
        if !card.on_battlefield() {
            assert!(card.ongoing.is_empty());
        }
    }
    // Recomputed from nothing, the continuous effects are the same.
    let mut fresh = state.clone();
    let ids: Vec<InstanceId> = fresh.cards().iter().map(|c| c.id).collect();
    for id in ids {
        fresh.card_mut(id).ongoing = Ongoing::default();
    }
    fresh.refresh_ongoing();
    assert!(fresh == *state, "a refresh from scratch changed the state");
}

fn play(game_seed: u64, action_seed: u64, rules: RuleSet, steps: usize) {
    let deck = static_deck();
    let content = content_for([&deck, &deck], builtin_registry()).unwrap();
    let config = GameConfig {
        seed: game_seed,
        turn_limit: Some(40),
        rules,
        ..GameConfig::default()
    };
    let state = new_game(content, [&deck, &deck], &config).unwrap();
    let mut state = start(&state, 7).unwrap().state;
    let mut rng = GameRng::seeded(action_seed);
    check_no_drift(&state);
    for _ in 0..steps {
        let legal = legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len() as u32) as usize].clone();
        let twin = state.clone();
        let outcome = apply(&state, &action).expect("a listed action is accepted");
        let twin_outcome = apply(&twin, &action).expect("the clone accepts it too");
        assert!(outcome.state == twin_outcome.state);
        assert_eq!(outcome.events, twin_outcome.events);
        assert_eq!(outcome.state.digest(), twin_outcome.state.digest());
        state = outcome.state;
        check_no_drift(&state);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x57A7_2026),
        ..ProptestConfig::default()
    })]

    /// After any sequence of actions, every characteristic equals the oracle's fold (no
    /// drift), and a clone of a state behaves exactly as the original.
    #[test]
    fn static_abilities_never_drift_and_clones_behave_alike(
        game_seed in any::<u64>(),
        action_seed in any::<u64>(),
        late in any::<bool>(),
    ) {
        let rules = if late { RuleSet::Ptg09 } else { RuleSet::Ptg02 };
        play(game_seed, action_seed, rules, 200);
    }
}

/// The random games do reach the states the property is about: lords with goblins, a mold, a
/// condition that flips.
#[test]
fn the_random_games_reach_static_abilities_in_force() {
    let (mut lords, mut molds, mut deathtouch) = (0, 0, 0);
    for seed in 0..8u64 {
        let deck = static_deck();
        let content = content_for([&deck, &deck], builtin_registry()).unwrap();
        let config = GameConfig {
            seed,
            turn_limit: Some(40),
            ..GameConfig::default()
        };
        let state = new_game(content, [&deck, &deck], &config).unwrap();
        let mut state = start(&state, 7).unwrap().state;
        let mut rng = GameRng::seeded(seed ^ 0xABCD);
        for _ in 0..300 {
            let legal = legal_actions(&state);
            if legal.is_empty() {
                break;
            }
            let action = legal[rng.below(legal.len() as u32) as usize].clone();
            state = apply(&state, &action).unwrap().state;
            for card in state.cards() {
                lords += i32::from(card.ongoing.add_attack > 0);
                molds += i32::from(card.ongoing.set_attack.get().is_some());
                deathtouch += i32::from(card.ongoing.granted.contains(Technique::Deathtouch));
            }
        }
    }
    assert!(
        lords > 0 && molds > 0 && deathtouch > 0,
        "{lords} {molds} {deathtouch}"
    );
}
