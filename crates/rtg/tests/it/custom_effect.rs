//! Effects written outside rtg: a user's `EffectHandler`, registered by name in a game's own
//! registry. Two games with different registries run side by side; a game whose registry lacks
//! the effect refuses the action that would use it with `effect_failed`.

use std::sync::Arc;

use rtg::*;

use super::support::*;

/// The example's own effect, the same file.
#[path = "../../examples/support/poison.rs"]
mod poison;
use poison::Poison;

fn with_poison() -> EffectRegistry {
    let mut registry = builtin_registry();
    registry.register(Poison::new()).expect("a new name");
    registry
}

/// A creature whose activated ability poisons the opponent for 2 until the end of the turn.
fn plague_rat() -> CardDefinition {
    let mut poison = alt("poison", TargetSpec::Opponent, &[("amount", amount(2))]);
    poison.end_trigger = Some(EventType::OnTurnEnd);
    creature("plague_rat", 1, 1).with_ability(activated(Mana::EMPTY, vec![poison]))
}

fn position(registry: EffectRegistry) -> (GameState, InstanceId) {
    let mut p = pos_with(vec![plague_rat()], registry);
    let rat = p.field(P0, "plague_rat");
    (p.state(), rat)
}

fn use_rat(rat: InstanceId) -> Action {
    Action::ActivateAbility {
        player: P0,
        card: rat,
        ability_index: 0,
        target: None,
    }
}

#[test]
fn two_games_with_different_registries_run_side_by_side() {
    let (with, rat_a) = position(with_poison());
    let (without, rat_b) = position(builtin_registry());
    assert!(with.content().effects.get("poison").is_some());
    assert!(without.content().effects.get("poison").is_none());

    // The game that knows `poison` uses it like a built-in, events and reversal included.
    let (with, events) = ok(&with, use_rat(rat_a));
    assert_eq!(
        names(&events),
        vec!["on_ability_activated", "on_player_receive_damage"]
    );
    assert_eq!(events[1].source, Some(rat_a));
    assert_eq!(with.player(P1).health, 18);

    // The other refuses the same action, state unchanged, and goes on otherwise.
    let error = refused(&without, use_rat(rat_b));
    assert_eq!(error.kind(), "effect_failed");
    assert!(matches!(
        &error,
        RulesError::EffectFailed(TriggerError::UnknownEffect(name)) if name == "poison"
    ));

    // Both advance in lockstep; each keeps its own registry.
    let (with, events_a) = advance_to(&with, Phase::End);
    let (without, events_b) = advance_to(&without, Phase::End);
    assert_eq!(
        names(&events_a),
        vec!["on_combat_resolved", "on_turn_end", "on_player_healed"],
        "the custom reversal ran"
    );
    assert_eq!(names(&events_b), vec!["on_combat_resolved", "on_turn_end"]);
    assert_eq!(with.player(P1).health, 20);
    assert_eq!(without.player(P1).health, 20);
}

#[test]
fn an_effect_name_can_be_registered_once() {
    let mut registry = with_poison();
    assert_eq!(registry.len(), rtg::Builtin::ALL.len() + 1);
    let error = registry.register(Poison::new()).unwrap_err();
    assert_eq!(error, DuplicateEffect("poison".to_owned()));
    let mut registry = builtin_registry();
    assert!(registry.register_arc(Arc::new(Poison::new())).is_ok());
}

/// The rat as a card file: at the start of each of your opponent's turns, poison them for 2.
const PLAGUE_RAT: &str = "\
card_id: plague_rat_01
name: Plague Rat
type: creature
mana: {earth: 1}
attack: 1
defense: 1
abilities:
  - name: Plague
    description: At the start of your opponent's turn, poison them for 2.
    ability_type: triggered
    alterations:
      - effect: poison
        target: opponent
        start_trigger: on_turn_start
        trigger_owner: opponent
        params:
          amount: 2
";

#[test]
fn a_custom_effect_is_used_from_a_yaml_card_file_loaded_with_its_registry() {
    let rat = yaml::Loader::new(with_poison())
        .parse_card("plague_rat_01.yaml", PLAGUE_RAT, None)
        .expect("the loader knows `poison`");
    let poison = &rat.abilities[0].alterations[0];
    assert_eq!(&*poison.effect, "poison");
    assert_eq!(
        poison.params.get("amount"),
        Some(&ParamValue::Amount(Amount::Fixed(2)))
    );

    // A loader with only the built-ins refuses the file, naming the effect.
    let error = yaml::parse_card("plague_rat_01.yaml", PLAGUE_RAT, None).unwrap_err();
    assert!(error.to_string().contains("poison"), "{error}");

    // The loaded card in two games: one whose content has the effect, one whose has not.
    let game = |registry: EffectRegistry| {
        let table = DefinitionTable::new([&rat]).unwrap();
        let mut p = PositionBuilder::new(Content::new(table, registry), ["alice", "bob"]);
        p.add_card(P0, Zone::Battlefield, "plague_rat_01").unwrap();
        p.add_card(P1, Zone::Deck, "plague_rat_01").unwrap();
        p.phase(Phase::End);
        p.build().unwrap()
    };
    let (with, events) = ok(&game(with_poison()), Action::AdvancePhase);
    assert_eq!(
        names(&events),
        vec!["on_turn_start", "on_player_receive_damage", "on_card_draw"]
    );
    assert_eq!(with.player(P1).health, 18);
    let error = refused(&game(builtin_registry()), Action::AdvancePhase);
    assert_eq!(error.kind(), "effect_failed");
}
