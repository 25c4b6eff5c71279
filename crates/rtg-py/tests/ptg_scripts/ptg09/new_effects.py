# PTG 0.9.13's new effects built in Python: an artifact spawned on arrival, abilities that tap a
# creature (once a turn: max_activations), grant a technique and fight.
from ptg.api import (
    Game, Player, CardDefinition, CardAbility, AlterationData, ManaRequirement,
    CardType, AbilityType, TargetSpec, EventType, Technique, PhaseType,
    PlayCardAction, ActivateAbilityAction,
)
from ptg.effects.spawn_artifact import SpawnArtifactEffect
from ptg.effects.tap_card import TapCardEffect
from ptg.effects.grant_technique import GrantTechniqueEffect
from ptg.effects.fight import FightEffect

totem = CardDefinition("totem_01", "War Totem", "", CardType.ARTIFACT, mana={})


def ability(name, alteration, **extra):
    return CardAbility(name=name, description=name, ability_type=AbilityType.ACTIVATED,
                       mana_requirement=ManaRequirement(), alterations=[alteration], **extra)


warlord = CardDefinition(
    "warlord_01", "Warlord", "", CardType.CREATURE, mana={}, attack=2, defense=3,
    abilities=[
        CardAbility(name="Raise Totem", description="", ability_type=AbilityType.TRIGGERED,
                    mana_requirement=ManaRequirement(),
                    alterations=[AlterationData(effect=SpawnArtifactEffect(), target=TargetSpec.OWNER,
                                                start_trigger=EventType.ON_CARD_ENTER_BATTLEFIELD,
                                                params={"template": totem, "count": 1})]),
        ability("Pin", AlterationData(effect=TapCardEffect(), target=TargetSpec.CHOOSE), max_activations=1),
        ability("Take Wing", AlterationData(effect=GrantTechniqueEffect(), target=TargetSpec.SELF,
                                            params={"technique": "flying"})),
        ability("Challenge", AlterationData(effect=FightEffect(), target=TargetSpec.CHOOSE)),
    ],
)
ogre = CardDefinition("ogre_01", "Ogre", "", CardType.CREATURE, mana={}, attack=3, defense=3)
goblin = CardDefinition("goblin_01", "Goblin", "", CardType.CREATURE, mana={}, attack=2, defense=2)

alice = Player("Alice", [warlord] * 8, hand_size=5)
bob = Player("Bob", [ogre] * 4 + [goblin] * 3, hand_size=6)
game = Game([alice, bob])
game.start()


def first(zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_definition.card_id == card_id)


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


def card(card_id):
    return game.state.all_cards[card_id]


game.advance_phase()  # DRAW -> MAIN
warlord_id = game.state.hands[alice.uuid][0]
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=warlord_id)
print(f"alice's battlefield: {sorted((card(i).name, card(i).type.value) for i in game.state.battlefield[alice.uuid])}")
next_main()  # Bob's turn
ogre_id = first(game.state.hands[bob.uuid], "ogre_01")
goblin_id = first(game.state.hands[bob.uuid], "goblin_01")
game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=ogre_id)
game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=goblin_id)
next_main()  # Alice's turn: the warlord may use its abilities

game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=warlord_id, ability_index=1, target_id=ogre_id)
print(f"ogre tapped: {card(ogre_id).tapped}")
try:
    game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=warlord_id, ability_index=1,
                      target_id=goblin_id)
    print("pinned twice")
except ValueError:
    print("second pin refused")
game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=warlord_id, ability_index=2)
print(f"warlord flies: {Technique.FLYING in card(warlord_id).granted_techniques}")
game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=warlord_id, ability_index=3, target_id=goblin_id)
print(f"goblin alive: {goblin_id in game.state.battlefield[bob.uuid]}")
print(f"warlord defense: {card(warlord_id).defense}")
