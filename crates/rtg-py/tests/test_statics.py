"""Static abilities (PTG 0.9.13's ``AbilityType.STATIC``) built in Python: a Goblin Warlord-style
lord buffs the other goblins while it is on the battlefield, and the buff ends with it."""

import pytest

import rtg
from rtg import (
    AbilityType,
    AlterationData,
    CardAbility,
    CardDefinition,
    CardError,
    CardType,
    ComparisonOperator,
    Condition,
    EventType,
    PlayCardAction,
    TargetSpec,
)
from test_ptg09 import creature, dealt, ids, next_main, play_all


def warlord():
    return CardDefinition(
        "warlord_01", "Goblin Warlord", "", CardType.CREATURE, {}, 2, 2, group="goblin",
        abilities=[CardAbility("Warlord's Call", "other goblins you control get +1/+1", AbilityType.STATIC, {}, [
            AlterationData(effect=rtg.BuffCardEffect(), target=TargetSpec.OWNER, group="goblin", exclude_self=True,
                           params={"attack_increase": 1, "defense_increase": 1}),
        ])])


def smite():
    return CardDefinition("smite_01", "Smite", "", CardType.SPELL, {}, abilities=[CardAbility(
        "Smite", "", AbilityType.ACTIVATED, {}, [AlterationData(effect=rtg.DestroyCardEffect(), target=TargetSpec.CHOOSE)])])


def test_static_is_ptg_0_9_13s_ability_type():
    assert AbilityType.STATIC == "static" and AbilityType("static") is AbilityType.STATIC
    assert [t.value for t in AbilityType] == ["triggered", "activated", "static"]
    from rtg import ptg09
    assert ptg09.AbilityType.STATIC is AbilityType.STATIC


def test_a_static_lord_buffs_the_other_goblins_until_it_is_destroyed():
    lord = warlord()
    ability = lord.abilities[0]
    assert ability.ability_type is AbilityType.STATIC
    # Read back as PTG's objects, it rebuilds the same card.
    assert CardDefinition("warlord_01", "Goblin Warlord", "", CardType.CREATURE, {}, 2, 2, group="goblin",
                          abilities=list(lord.abilities)) == lord
    grunt = creature("grunt_01", group="goblin")
    mite = creature("mite_01")
    game, alice, bob = dealt([lord, grunt, mite, smite()], [creature("grunt_02", group="goblin")])
    play_all(game, alice, ["grunt_01", "mite_01"])
    next_main(game)
    play_all(game, bob, ["grunt_02"])
    next_main(game)
    cards = lambda: game.state.all_cards
    grunt_id, mite_id = ids(game, alice, "grunt_01")[0], ids(game, alice, "mite_01")[0]
    theirs = ids(game, bob, "grunt_02")[0]
    assert (cards()[grunt_id].attack, cards()[grunt_id].defense) == (1, 1)

    play_all(game, alice, ["warlord_01"])
    lord_id = ids(game, alice, "warlord_01")[0]
    g = cards()[grunt_id]
    assert (g.attack, g.defense, g.max_defense) == (2, 2, 2)
    assert (g.printed_attack, g.printed_defense) == (1, 1)
    assert (cards()[lord_id].attack, cards()[lord_id].defense) == (2, 2), "not itself"
    assert cards()[mite_id].attack == 1, "not a creature of no group"
    assert cards()[theirs].attack == 1, "not the opponent's goblin"

    game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=ids_in_hand(game, alice, "smite_01"),
                      target_id=lord_id)
    assert cards()[lord_id].zone == "graveyard"
    g = cards()[grunt_id]
    assert (g.attack, g.defense) == (1, 1)
    assert (g.printed_attack, g.printed_defense) == (1, 1)


def ids_in_hand(game, player, card_id):
    return next(i for i in game.state.hands[player.uuid] if game.state.all_cards[i].card_id == card_id)


def test_a_static_grant_with_a_condition_holds_while_it_holds():
    # While you have 10 or less health, your creatures have deathtouch.
    fangs = creature("fangs_01", abilities=[CardAbility("Last Stand", "", AbilityType.STATIC, {}, [AlterationData(
        effect=rtg.GrantTechniqueEffect(), target=TargetSpec.EACH,
        condition=Condition("life_total", ComparisonOperator.LESS_EQUAL, 10),
        target_condition=Condition("self_is_owned_by_controller", ComparisonOperator.EQUALS, True),
        params={"technique": rtg.Technique.DEATHTOUCH})])])
    blast = CardDefinition("blast_01", "Blast", "", CardType.SPELL, {}, abilities=[CardAbility(
        "Blast", "", AbilityType.ACTIVATED, {}, [AlterationData(effect=rtg.DamagePlayerEffect(),
                                                                target=TargetSpec.OPPONENT, params={"amount": 10})])])
    game, alice, bob = dealt([fangs], [blast])
    play_all(game, alice, ["fangs_01"])
    fangs_id = ids(game, alice, "fangs_01")[0]
    assert rtg.Technique.DEATHTOUCH not in game.state.all_cards[fangs_id].techniques
    next_main(game)
    game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=ids_in_hand(game, bob, "blast_01"))
    assert game.state.players[alice.uuid].health == 10
    now = game.state.all_cards[fangs_id]
    assert rtg.Technique.DEATHTOUCH in now.techniques and now.granted_techniques == {rtg.Technique.DEATHTOUCH}


@pytest.mark.parametrize("extra, field", [
    ({"start_trigger": EventType.ON_TURN_START}, "start_trigger"),
    ({"turn_duration": 1}, "turn_duration"),
])
def test_a_static_ability_refuses_what_only_happens_once(extra, field):
    with pytest.raises(CardError) as bad:
        creature("x_01", abilities=[CardAbility("S", "", AbilityType.STATIC, {}, [AlterationData(
            effect=rtg.BuffCardEffect(), target=TargetSpec.SELF, params={"attack_increase": 1}, **extra)])])
    assert field in (bad.value.field or "") + str(bad.value), str(bad.value)


def test_a_static_ability_costs_nothing_written_as_ptg_writes_it():
    # PTG's README writes `mana_requirement: {}` on each ability that costs nothing: the card file
    # carries it, and the loader takes an empty cost on a static ability and refuses another.
    ability = CardAbility("S", "", AbilityType.STATIC, {}, [AlterationData(
        effect=rtg.BuffCardEffect(), target=TargetSpec.SELF, params={"attack_increase": 1})])
    assert ability.to_dict()["mana_requirement"] == {}
    assert creature("x_01", abilities=[ability]).abilities[0].ability_type is AbilityType.STATIC
    with pytest.raises(CardError) as bad:
        creature("x_01", abilities=[CardAbility("S", "", AbilityType.STATIC, {"fire": 1}, [AlterationData(
            effect=rtg.BuffCardEffect(), target=TargetSpec.SELF, params={"attack_increase": 1})])])
    assert "mana_requirement" in (bad.value.field or "") + str(bad.value), str(bad.value)


def test_a_spell_cannot_have_a_static_ability():
    with pytest.raises(CardError):
        CardDefinition("s_01", "S", "", CardType.SPELL, {}, abilities=[CardAbility("S", "", AbilityType.STATIC, {}, [
            AlterationData(effect=rtg.BuffCardEffect(), target=TargetSpec.SELF, params={"attack_increase": 1})])])


def test_the_docs_warlord_is_this_one():
    import re

    from conftest import ROOT

    text = (ROOT / "docs" / "python.md").read_text()
    section = text.split("- Static abilities: `AbilityType.STATIC`", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope = {}
    exec(compile(code, "docs/python.md", "exec"), scope)
    assert scope["warlord"] == warlord()
