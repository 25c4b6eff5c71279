//! `$attack` and `$defense` for any whole-number parameter (contract 22), built in Rust as
//! `ParamValue::Amount(Amount::SourceAttack | SourceDefense)`: they take the source's stats when
//! the alteration starts, clamped to the parameter's kind (a count to 0..=MAX_COUNT, a stat to
//! 0..=MAX_AMOUNT, a signed change to -MAX_AMOUNT..=MAX_AMOUNT), and a reversal undoes exactly
//! what was applied, whatever the source's stats are by then.

use crate::prelude::*;

use super::support::*;

const ATTACK: ParamValue = ParamValue::Amount(Amount::SourceAttack);
const DEFENSE: ParamValue = ParamValue::Amount(Amount::SourceDefense);

fn lasting(mut alteration: AlterationData, turns: u32) -> AlterationData {
    alteration.turn_duration = Some(turns.into());
    alteration
}

fn until_turn_end(mut alteration: AlterationData) -> AlterationData {
    alteration.end_trigger = Some(EventType::OnTurnEnd);
    alteration
}

/// A 3/4 captain whose free activated ability applies `alteration` to a chosen target, a 2/2
/// bear, and a pump spell giving +`n`/+0 to a chosen creature.
fn captain_pos(alteration: AlterationData, pump: i32) -> (Pos, InstanceId, InstanceId, InstanceId) {
    let captain = creature("captain", 3, 4).with_ability(activated(Mana::EMPTY, vec![alteration]));
    let pump = spell(
        "pump",
        vec![alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", int(pump))],
        )],
    );
    let mut p = pos(vec![captain, pump, creature("bear", 2, 2)]);
    let captain = p.field(P0, "captain");
    let bear = p.field(P1, "bear");
    let pump = p.add(P0, Zone::Hand, "pump");
    p.many(P0, Zone::Deck, "bear", 3);
    p.many(P1, Zone::Deck, "bear", 3);
    (p, captain, bear, pump)
}

fn use_on(card: InstanceId, target: InstanceId) -> Action {
    Action::ActivateAbility {
        player: P0,
        card,
        ability_index: 0,
        target: Some(Target::Card(target)),
    }
}

fn stats(state: &GameState, id: InstanceId) -> (i32, i32) {
    (state.card(id).attack(), state.card(id).defense())
}

/// Seat 0's next turn (its draw phase), two turns on.
fn own_next_turn(state: &GameState) -> GameState {
    let mut state = state.clone();
    for _ in 0..2 {
        state = advance_to(&state, Phase::End).0;
        state = advance(&state, 1).0;
    }
    state
}

#[test]
fn a_buff_by_attack_with_turn_duration_reverses_what_it_applied_after_the_source_grew() {
    let buff = lasting(
        alt(
            "buff_card",
            TargetSpec::Choose,
            &[("attack_increase", ATTACK), ("defense_increase", DEFENSE)],
        ),
        2,
    );
    let (p, captain, bear, pump) = captain_pos(buff, 4);
    let (state, _) = ok(&p.state(), use_on(captain, bear));
    assert_eq!(
        stats(&state, bear),
        (5, 6),
        "+3/+4: the captain's stats now"
    );
    let (state, _) = ok(&state, play_at(P0, pump, Target::Card(captain)));
    assert_eq!(stats(&state, captain), (7, 4));
    let later = own_next_turn(&state);
    assert!(later.reversals().is_empty());
    assert_eq!(stats(&later, bear), (2, 2), "-3/-4, not -7/-4");
}

#[test]
fn a_buff_by_attack_with_an_end_trigger_reverses_what_it_applied_after_the_source_grew() {
    let buff = until_turn_end(alt(
        "buff_card",
        TargetSpec::Choose,
        &[("attack_increase", ATTACK)],
    ));
    let (p, captain, bear, pump) = captain_pos(buff, 4);
    let (state, _) = ok(&p.state(), use_on(captain, bear));
    assert_eq!(stats(&state, bear), (5, 2));
    let (state, _) = ok(&state, play_at(P0, pump, Target::Card(captain)));
    let (end, _) = advance_to(&state, Phase::End);
    assert_eq!(stats(&end, bear), (2, 2));
    assert!(end.reversals().is_empty());
}

#[test]
fn a_buff_by_a_huge_attack_applies_and_reverses_max_amount() {
    // The pump takes the captain to 3 + 2,000,000 attack: the buff is clamped to MAX_AMOUNT.
    let buff = until_turn_end(alt(
        "buff_card",
        TargetSpec::Choose,
        &[("attack_increase", ATTACK)],
    ));
    let (p, captain, bear, pump) = captain_pos(buff, 2_000_000);
    let (state, _) = ok(&p.state(), play_at(P0, pump, Target::Card(captain)));
    let (state, _) = ok(&state, use_on(captain, bear));
    assert_eq!(stats(&state, bear), (2 + MAX_AMOUNT, 2));
    match &state.reversals()[0].applied.record {
        Record::Buffs { attack, .. } => assert_eq!(*attack, MAX_AMOUNT),
        other => panic!("{other:?}"),
    }
    let (end, _) = advance_to(&state, Phase::End);
    assert_eq!(stats(&end, bear), (2, 2));
}

#[test]
fn set_stats_by_the_sources_stats_is_clamped_and_its_reversal_restores_the_base() {
    let set = lasting(
        alt(
            "set_stats",
            TargetSpec::Choose,
            &[("attack", ATTACK), ("defense", DEFENSE)],
        ),
        2,
    );
    let (p, captain, bear, pump) = captain_pos(set.clone(), 4);
    let (state, _) = ok(&p.state(), use_on(captain, bear));
    assert_eq!(stats(&state, bear), (3, 4));
    let (state, _) = ok(&state, play_at(P0, pump, Target::Card(captain)));
    let later = own_next_turn(&state);
    assert_eq!(stats(&later, bear), (2, 2));

    let (p, captain, bear, pump) = captain_pos(set, 5_000_000);
    let (state, _) = ok(&p.state(), play_at(P0, pump, Target::Card(captain)));
    let (state, _) = ok(&state, use_on(captain, bear));
    assert_eq!(
        stats(&state, bear),
        (MAX_AMOUNT, 4),
        "a stat is at most MAX_AMOUNT"
    );
    let later = own_next_turn(&state);
    assert_eq!(stats(&later, bear), (2, 2));
}

/// A creature with `attack` attack whose entering applies `alteration` to its owner.
fn on_entering(attack: i32, alteration: AlterationData) -> (GameState, InstanceId) {
    let titan = creature("titan", attack, 1).with_ability(triggered(vec![on(
        EventType::OnCardEnterBattlefield,
        alteration,
    )]));
    let mut p = pos(vec![titan, creature("token_imp", 1, 1)]);
    let titan = p.add(P0, Zone::Hand, "titan");
    p.many(P0, Zone::Deck, "token_imp", MAX_COUNT as usize + 3);
    (p.state(), titan)
}

#[test]
fn spawn_creature_count_by_attack_creates_at_most_max_count_tokens() {
    let token = std::sync::Arc::new(creature("token_imp", 1, 1));
    let spawn = alt(
        "spawn_creature",
        TargetSpec::Owner,
        &[("template", ParamValue::Template(token)), ("count", ATTACK)],
    );
    for (attack, tokens) in [(3, 3), (MAX_AMOUNT, MAX_COUNT as usize)] {
        let (state, titan) = on_entering(attack, spawn.clone());
        let (after, _) = ok(&state, play(P0, titan));
        let made = after.cards().iter().filter(|c| c.token).count();
        assert_eq!(made, tokens, "attack {attack}");
    }
}

#[test]
fn draw_card_count_by_attack_draws_at_most_max_count_cards() {
    let draw = alt("draw_card", TargetSpec::Owner, &[("count", ATTACK)]);
    for (attack, drawn) in [(2, 2), (MAX_AMOUNT, MAX_COUNT as usize)] {
        let (state, titan) = on_entering(attack, draw.clone());
        let (after, _) = ok(&state, play(P0, titan));
        assert_eq!(after.player(P0).hand().len(), drawn, "attack {attack}");
        assert_eq!(
            after.player(P0).deck().len(),
            MAX_COUNT as usize + 3 - drawn
        );
    }
}

#[test]
fn int_and_opt_int_clamp_source_stats_to_each_parameters_kind() {
    // A source pushed past every range: attack far above, defense far below.
    let (p, captain, _, _) = captain_pos(alt("buff_card", TargetSpec::Choose, &[]), 0);
    let mut state = p.state();
    state.card_mut(captain).stats.attack_buff = i32::MAX - 10;
    state.card_mut(captain).stats.damage = i32::MAX - 10;
    assert!(state.card(captain).defense() < -MAX_AMOUNT);
    let mut events = Vec::new();
    let state_def = state.card(captain).def;
    let ctx = EffectContext {
        state: &mut state,
        events: &mut events,
        source: captain,
        controller: P0,
        alteration: rtg_core::AlterationRef {
            source: captain,
            def: state_def,
            ability: 0,
            alteration: 0,
        },
        event: None,
    };
    let params = |name: &str, value: ParamValue| {
        let mut params = Params::default();
        params.insert(name, value);
        params
    };
    let cases = [
        ("draw_card", "count", ATTACK, MAX_COUNT),
        ("draw_card", "count", DEFENSE, 0),
        ("damage_card", "amount", ATTACK, MAX_AMOUNT),
        ("damage_player", "amount", DEFENSE, 0),
        ("buff_card", "attack_increase", ATTACK, MAX_AMOUNT),
        ("buff_card", "defense_increase", DEFENSE, -MAX_AMOUNT),
        ("set_stats", "attack", ATTACK, MAX_AMOUNT),
        ("set_stats", "defense", DEFENSE, 0),
        // an effect the registry does not have: the widest whole-number range
        ("no_such_effect", "x", ATTACK, MAX_AMOUNT),
    ];
    for (effect, name, value, expected) in cases {
        let params = params(name, value);
        assert_eq!(
            ctx.int(effect, &params, name),
            Ok(expected),
            "{effect}.{name}"
        );
        assert_eq!(ctx.opt_int(effect, &params, name), Some(expected));
    }
    // literals are as written: the loader range-checks them
    let literal = params("count", int(5_000));
    assert_eq!(ctx.int("draw_card", &literal, "count"), Ok(5_000));
    assert_eq!(ctx.opt_int("draw_card", &literal, "missing"), None);
}

#[test]
fn param_kinds_clamp_to_their_documented_ranges() {
    assert_eq!(ParamKind::Count.clamp(-5), 0);
    assert_eq!(ParamKind::Count.clamp(1_000_000), MAX_COUNT);
    assert_eq!(ParamKind::Stat.clamp(i32::MAX), MAX_AMOUNT);
    assert_eq!(ParamKind::Amount.clamp(-1), 0);
    assert_eq!(ParamKind::SignedInt.clamp(i32::MIN), -MAX_AMOUNT);
    assert_eq!(ParamKind::SignedInt.clamp(-7), -7);
    assert_eq!(ParamKind::Text.clamp(i32::MAX), i32::MAX);
    assert_eq!(ParamKind::Mana.int_range(), None);
}
