"""PTG 0.9.13's names in rtg: conditions and the variable catalogue, groups, `each` targets,
`max_activations`, artifacts, tapping and rule sets, pending choices, the new effects; each
checked by the engine (the loader for cards, the rules for actions)."""

import json

import pytest

import rtg
from conftest import ROOT
from rtg import (
    AbilityType,
    ActivateAbilityAction,
    AlterationData,
    CardAbility,
    CardDefinition,
    CardError,
    CardType,
    ComparisonOperator,
    Condition,
    ConditionGroup,
    DeclareAttackAction,
    EventType,
    Game,
    ManaType,
    PhaseType,
    PlayCardAction,
    Player,
    ResolvePendingChoiceAction,
    RuleError,
    TargetSpec,
    Technique,
    ZoneType,
)


def activated(*alterations, **extra):
    return CardAbility("Use", "", AbilityType.ACTIVATED, {}, list(alterations), **extra)


def triggered(*alterations, **extra):
    return CardAbility("Fire", "", AbilityType.TRIGGERED, {}, list(alterations), **extra)


def creature(card_id, attack=1, defense=1, **kw):
    return CardDefinition(card_id, card_id.title(), "", CardType.CREATURE, {}, defense, attack, **kw)


def next_main(game):
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


def first(game, zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_id == card_id)


def test_the_new_enum_members():
    assert CardType.ARTIFACT == "artifact" and CardType("artifact") is CardType.ARTIFACT
    assert Technique.VIGILANCE == "vigilance"
    assert TargetSpec.EACH == "each"
    assert EventType.ON_CARD_BUFF == "on_card_buff"
    assert [z.value for z in ZoneType] == ["deck", "hand", "battlefield", "graveyard"]
    assert {op.name: op.value for op in ComparisonOperator} == {
        "EQUALS": "==", "NOT_EQUALS": "!=", "GREATER": ">", "GREATER_EQUAL": ">=", "LESS": "<", "LESS_EQUAL": "<="}
    assert rtg.RULE_SETS == ("ptg-0.2", "ptg-0.9")


def test_get_all_variables_is_ptg_0_9_13s_catalogue_in_its_shape():
    ptg = json.loads((ROOT / "crates/rtg-py/tests/ptg_0_9_13_variables.json").read_text())
    ours = rtg.get_all_variables()
    assert list(ours) == list(ptg)  # PTG 0.9.13's 46 variables, in its order
    for name, entry in ours.items():
        assert set(entry) == {"name", "description", "return_type", "applicable_operators", "example_values",
                              "params_schema", "category"}
        assert entry["name"] == name and entry["description"]
        assert entry["return_type"] == ptg[name]["return_type"]
        assert entry["applicable_operators"] == ptg[name]["applicable_operators"]
        assert sorted(entry["params_schema"] or {}) == ptg[name]["params"]
        kind = {"int": int, "bool": bool, "str": str}[entry["return_type"]]
        assert entry["example_values"] and all(type(v) is kind for v in entry["example_values"])
        for param in (entry["params_schema"] or {}).values():
            assert param["type"] == "str" and param["description"]
            assert param["required"] == (param["default"] is None)
    assert ours["cards_with_id_in_zone"]["params_schema"]["zone"]["default"] == "battlefield"
    operators = {op for entry in ours.values() for op in entry["applicable_operators"]}
    assert operators == {op.value for op in ComparisonOperator}


def giant_friend(variable="cards_with_id_in_zone"):
    """PTG 0.9.13's README card "if you control a Giant AND life > 15", in Python."""
    return creature("friend_01", abilities=[triggered(AlterationData(
        effect=rtg.BuffCardEffect(), target=TargetSpec.SELF, start_trigger=EventType.ON_TURN_START,
        trigger_self=False,
        condition=ConditionGroup("and", [
            Condition(variable, ComparisonOperator.GREATER, 0,
                      {"card_id": "friend_01", "zone": "battlefield", "zone_owner": "self"}),
            Condition("life_total", ComparisonOperator.GREATER, 15),
        ]),
        params={"attack_increase": 2},
    ))])


def test_the_readmes_slip_is_a_load_error_that_names_the_variable_meant():
    with pytest.raises(CardError) as slip:
        giant_friend("creatures_with_id_in_zone")
    e = slip.value
    assert e.kind == "unknown_name" and e.card_id == "friend_01"
    assert e.field == "abilities[0].alterations[0].condition.conditions[0].variable"
    assert "did you mean `cards_with_id_in_zone`?" in str(e)
    giant_friend()  # the variable PTG registers loads


@pytest.mark.parametrize("condition, field, says", [
    (Condition("self_is_tapped", ComparisonOperator.GREATER, True), "condition.operator", "use one of == !="),
    (Condition("life_total", "==", "lots"), "condition.value", "whole number"),
    (Condition("life_total", "=>", 3), "condition.operator", "did you mean `>=`?"),
    (Condition("self_has_technique", "==", True, {"technique": "flyng"}), "condition.params.technique",
     "flying"),
    (Condition("self_has_technique", "==", True), "condition", "technique"),
    (ConditionGroup("xor", []), "condition.operator", "and"),
])
def test_a_bad_condition_is_refused_where_it_is_wrong(condition, field, says):
    with pytest.raises(CardError) as bad:
        creature("x", abilities=[activated(AlterationData(
            effect=rtg.DamagePlayerEffect(), target=TargetSpec.OPPONENT, condition=condition, params={"amount": 1}))])
    assert bad.value.field.startswith(f"abilities[0].alterations[0].{field}"), bad.value.field
    assert says in str(bad.value)


def test_conditions_and_the_new_fields_read_back_and_rebuild_the_same_card():
    friend = giant_friend()
    condition = friend.abilities[0].alterations[0].condition
    assert isinstance(condition, ConditionGroup) and condition.operator == "and"
    first, second = condition.conditions
    assert first == Condition("cards_with_id_in_zone", ComparisonOperator.GREATER, 0,
                              {"card_id": "friend_01", "zone": "battlefield", "zone_owner": "self"})
    assert second.variable == "life_total" and second.operator is ComparisonOperator.GREATER and second.value == 15
    sweeper = CardDefinition("sweep", "Sweep", "", CardType.SPELL, {}, group="mage", abilities=[
        activated(AlterationData(effect=rtg.MoveCardEffect(), target=TargetSpec.OWNER, group="goblin",
                                 from_zone=ZoneType.GRAVEYARD, params={"from_zone": "graveyard", "to_zone": "hand"}),
                  AlterationData(effect=rtg.BuffCardEffect(), target=TargetSpec.EACH, exclude_self=True,
                                 target_condition={"variable": "self_is_owned_by_controller", "operator": "==",
                                                   "value": True},
                                 params={"attack_increase": 1}),
                  max_activations=2)])
    ability = sweeper.abilities[0]
    assert ability.max_activations == 2
    group, each = ability.alterations
    assert (group.group, group.from_zone, group.target) == ("goblin", ZoneType.GRAVEYARD, TargetSpec.OWNER)
    assert each.target is TargetSpec.EACH and each.exclude_self
    assert each.target_condition == Condition("self_is_owned_by_controller", ComparisonOperator.EQUALS, True)
    assert sweeper.group == "mage"
    for card in (friend, sweeper):
        again = CardDefinition(card.card_id, card.name, card.description, card.type, card.mana, card.defense,
                               card.attack, card.abilities, card.techniques, card.group)
        assert again == card


def test_metadata_is_read_as_a_map_and_delay_is_read_and_checked():
    assert CardDefinition("x", "X", "", CardType.CREATURE, {}, 1, 1, metadata={"art": "x.png"}).card_id == "x"
    with pytest.raises(CardError) as bad:
        CardDefinition("x", "X", "", CardType.CREATURE, {}, 1, 1, metadata=["x.png"])
    assert bad.value.field == "metadata"
    delayed = creature("x", abilities=[activated(AlterationData(effect=rtg.DamagePlayerEffect(), target=TargetSpec.OPPONENT,
                                                                delay=2, params={"amount": 1}))])
    assert delayed.abilities[0].alterations[0].delay == 2
    with pytest.raises(CardError) as zero:
        creature("x", abilities=[activated(AlterationData(effect=rtg.DamagePlayerEffect(), target=TargetSpec.OPPONENT,
                                                          delay=0, params={"amount": 1}))])
    assert zero.value.field.endswith(".delay")
    assert EventType.ON_DELAY_SET == "on_delay_set" and EventType.ON_DELAY_CANCELLED == "on_delay_cancelled"
    assert rtg.CancelDelayEffect().name == "cancel_delay"


def dealt(alice_cards, bob_cards, **game_kw):
    """A game in turn 1's MAIN where each player holds at least the given cards whatever the
    shuffle: each deck is two copies of them, each hand all but one card of it."""
    alice = Player("Alice", list(alice_cards) * 2, hand_size=2 * len(alice_cards) - 1)
    bob = Player("Bob", list(bob_cards) * 2, hand_size=2 * len(bob_cards) - 1)
    game = Game([alice, bob], **game_kw)
    game.start()
    game.advance_phase()
    return game, alice, bob


def play_all(game, player, card_ids):
    for card_id in card_ids:
        game.apply_action(PlayCardAction(), player_id=player.uuid,
                          card_id=first(game, game.state.hands[player.uuid], card_id))


def ids(game, player, card_id):
    return [i for i in game.state.battlefield[player.uuid] if game.state.all_cards[i].card_id == card_id]


def test_each_with_a_target_condition_and_exclude_self_buffs_every_other_creature_you_control():
    rally = creature("rally_01", abilities=[activated(AlterationData(
        effect=rtg.BuffCardEffect(), target=TargetSpec.EACH, exclude_self=True,
        target_condition=Condition("self_is_owned_by_controller", ComparisonOperator.EQUALS, True),
        params={"attack_increase": 1}))])
    goblin = creature("goblin_01", attack=2)
    game, alice, bob = dealt([rally, goblin, goblin], [goblin])
    play_all(game, alice, ["rally_01", "goblin_01", "goblin_01"])
    next_main(game)
    play_all(game, bob, ["goblin_01"])
    next_main(game)
    rally_id = ids(game, alice, "rally_01")[0]
    game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=rally_id, ability_index=0)
    cards = game.state.all_cards
    assert [cards[i].attack for i in ids(game, alice, "goblin_01")] == [3, 3]
    assert cards[rally_id].attack == 1  # exclude_self
    assert [cards[i].attack for i in ids(game, bob, "goblin_01")] == [2]  # not Alice's


def test_max_activations_refuses_a_further_use_this_turn():
    pinger = creature("pinger_01", abilities=[activated(AlterationData(
        effect=rtg.DamagePlayerEffect(), target=TargetSpec.OPPONENT, params={"amount": 1}), max_activations=1)])
    game, alice, bob = dealt([pinger], [creature("spare_01")])
    play_all(game, alice, ["pinger_01"])
    next_main(game)
    next_main(game)
    pinger_id = ids(game, alice, "pinger_01")[0]
    game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=pinger_id)
    with pytest.raises(RuleError) as again:
        game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=pinger_id)
    assert again.value.kind == "max_activations"
    assert game.state.players[bob.uuid].health == 19
    assert not any(a.kind == "activate_ability" for a in game.state.legal_actions())


def test_rule_sets_decide_whether_an_attacker_taps():
    goblin = creature("goblin_01", attack=2)
    for rules, taps in [("ptg-0.2", False), ("ptg-0.9", True)]:
        game, alice, bob = dealt([goblin], [goblin], rules=rules)
        assert game.rules == rules and game.state.rules == rules
        play_all(game, alice, ["goblin_01"])
        next_main(game)
        next_main(game)
        goblin_id = ids(game, alice, "goblin_01")[0]
        assert not game.state.all_cards[goblin_id].tapped
        game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=goblin_id)
        assert game.state.all_cards[goblin_id].tapped is taps
    assert Game([Player("A", [goblin]), Player("B", [goblin])]).rules == "ptg-0.2"
    with pytest.raises(ValueError, match="ptg-0.9"):
        Game([alice, bob], rules="ptg-1.0")


def test_artifacts_granted_techniques_and_blocking_flags_show_on_the_card():
    totem = CardDefinition("totem_01", "Totem", "", CardType.ARTIFACT, {}, group="idol")
    hexer = creature("hexer_01", abilities=[
        activated(AlterationData(effect=rtg.GrantTechniqueEffect(), target=TargetSpec.SELF,
                                 params={"technique": Technique.VIGILANCE})),
        activated(AlterationData(effect=rtg.CannotBlockEffect(), target=TargetSpec.CHOOSE)),
        activated(AlterationData(effect=rtg.UnblockableEffect(), target=TargetSpec.SELF)),
    ], techniques={Technique.HASTE})
    game, alice, bob = dealt([totem, hexer], [creature("spare_01")])
    play_all(game, alice, ["totem_01", "hexer_01"])
    next_main(game)
    play_all(game, bob, ["spare_01"])
    next_main(game)
    totem_id, hexer_id = ids(game, alice, "totem_01")[0], ids(game, alice, "hexer_01")[0]
    spare_id = ids(game, bob, "spare_01")[0]
    assert game.state.all_cards[totem_id].type is CardType.ARTIFACT and game.state.all_cards[totem_id].group == "idol"
    for index, target in [(0, None), (1, spare_id), (2, None)]:
        game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=hexer_id, ability_index=index,
                          target_id=target)
    hexer_now = game.state.all_cards[hexer_id]
    assert hexer_now.techniques == {Technique.HASTE, Technique.VIGILANCE}
    assert hexer_now.granted_techniques == {Technique.VIGILANCE} and hexer_now.removed_techniques == frozenset()
    assert hexer_now.card_definition.techniques == {Technique.HASTE}
    assert hexer_now.unblockable and not hexer_now.cannot_block
    assert game.state.all_cards[spare_id].cannot_block
    with pytest.raises(RuleError) as artifact_attack:
        game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=totem_id)
    assert artifact_attack.value.kind == "not_a_creature"


def prism():
    return creature("prism_01", abilities=[triggered(AlterationData(
        effect=rtg.ChooseManaEffect(), target=TargetSpec.OWNER, start_trigger=EventType.ON_CARD_ENTER_BATTLEFIELD,
        params={"options": [{ManaType.FIRE: 1}, {"water": 2, "air": 1}]}))])


def test_a_pending_choice_waits_and_is_resolved_through_the_engine():
    game, alice, bob = dealt([prism()], [creature("spare_01")])
    before = game.state
    state = game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=before.hands[alice.uuid][0])
    assert before.pending_choices == [] and not before.is_waiting
    [choice] = state.pending_choices
    assert state.is_waiting
    assert isinstance(choice, rtg.PendingChoice)
    assert choice.source_card_id == state.battlefield[alice.uuid][0] and choice.card_id == "prism_01"
    assert choice.source_player_id == alice.uuid == choice.controller and choice.target_id == alice.uuid
    assert choice.choices == [{ManaType.FIRE: 1}, {ManaType.WATER: 2, ManaType.AIR: 1}] == choice.options
    assert choice.effect == rtg.GainManaEffect() and choice.choice_key == "amounts"
    assert (choice.ability_index, choice.alteration_index, choice.end_trigger) == (0, 0, None)
    assert choice.event["kind"] == "on_card_enter_battlefield"
    legal = state.legal_actions()
    assert legal == [rtg.Action.resolve_choice(0, 0), rtg.Action.resolve_choice(0, 1)]
    assert legal[1].kind == "resolve_choice" and legal[1].to_dict() == {"kind": "resolve_choice", "index": 0, "option": 1}
    with pytest.raises(RuleError) as waiting:
        game.advance_phase()
    assert waiting.value.kind == "pending_choice"
    with pytest.raises(RuleError) as no_option:
        game.resolve_pending_choice(0, 2)
    assert no_option.value.kind == "no_such_option"
    with pytest.raises(RuleError) as no_choice:
        game.resolve_pending_choice(1, 0)
    assert no_choice.value.kind == "no_such_pending_choice"
    with pytest.raises(TypeError, match="needs `chosen_index`"):
        game.apply_action(ResolvePendingChoiceAction(), choice_index=0)
    after = state.apply(ResolvePendingChoiceAction(chosen_index=1))  # the state's own apply
    assert after.players[alice.uuid].mana_pool == {ManaType.WATER: 2, ManaType.AIR: 1}
    assert state.pending_choices == [choice]  # states are values
    resolved = game.resolve_pending_choice(0, 1)
    assert resolved == after and resolved.pending_choices == []
    assert any(e["kind"] == "on_player_mana_gained" for e in game.events)


def test_a_python_bot_sees_and_resolves_choices(root):
    prism_card = prism()
    fire = rtg.load_card("cards/fire_mana_01.yaml")
    deck = rtg.Deck([fire] * 10 + [prism_card] * 10, name="prisms")
    chosen = []

    def chooser(view):
        actions = view.legal_actions()
        choices = [a for a in actions if a.kind == "resolve_choice"]
        if choices:
            [waiting] = view.pending_choices()
            assert waiting["controller"] == view.player and waiting["options"] == 2
            assert waiting["mana"] == [{ManaType.FIRE: 1}, {ManaType.WATER: 2, ManaType.AIR: 1}]
            chosen.append(choices[-1])
            return choices[-1]
        plays = [a for a in actions if a.kind == "play_card"]
        return plays[0] if plays else actions[-1]

    report = rtg.simulate(deck, deck, games=3, seed=4, bots=(chooser, "greedy"), rules="ptg-0.9")
    assert report["games"] == 3 and report["failures"] == [] and chosen
    assert report["rules"] == "ptg-0.9"


def test_simulate_takes_a_rule_set_and_leaves_the_default_report_as_it_was(root):
    default = rtg.simulate("aggro", "midrange", games=20, seed=3)
    named = rtg.simulate("aggro", "midrange", games=20, seed=3, rules="ptg-0.2")
    assert "rules" not in default
    default.pop("seconds"), named.pop("seconds")
    assert default == named
    nine = rtg.simulate("aggro", "midrange", games=20, seed=3, rules="ptg-0.9")
    assert nine["rules"] == "ptg-0.9" and nine["games"] == 20
    with pytest.raises(ValueError):
        rtg.simulate("aggro", "midrange", games=2, rules="ptg-0.3")


def test_the_docs_giant_card_runs_as_written():
    import re

    text = (ROOT / "docs" / "python.md").read_text()
    section = text.split("## PTG 0.9.13's card language", 1)[1].split("if you control a Giant AND life > 15", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope = {}
    exec(compile(code, "docs/python.md", "exec"), scope)
    condition = scope["friend"].abilities[0].alterations[0].condition
    assert [c.variable for c in condition.conditions] == ["cards_with_id_in_zone", "life_total"]
    with pytest.raises(CardError, match="did you mean `cards_with_id_in_zone`"):
        exec(compile(code.replace('"cards_with_id_in_zone"', '"creatures_with_id_in_zone"'), "docs", "exec"), {})
