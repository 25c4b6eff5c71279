# A choice the player makes (PTG 0.9's PendingChoice): a creature whose arrival lets its owner
# choose one fire or one water mana, resolved with resolve_pending_choice.
from ptg.api import (
    Game, Player, CardDefinition, CardAbility, AlterationData, ManaRequirement,
    CardType, AbilityType, TargetSpec, EventType, PhaseType,
    PlayCardAction,
)
from ptg.effects.choose_mana import ChooseManaEffect

sprite = CardDefinition(
    "sprite_01", "Prism Sprite", "When this enters, add one fire or one water to your pool.",
    CardType.CREATURE, mana={}, attack=1, defense=1,
    abilities=[CardAbility(
        name="Prism", description="choose a mana", ability_type=AbilityType.TRIGGERED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(effect=ChooseManaEffect(), target=TargetSpec.OWNER,
                                    start_trigger=EventType.ON_CARD_ENTER_BATTLEFIELD,
                                    params={"options": [{"fire": 1}, {"water": 1}]})],
    )],
)
alice = Player("Alice", [sprite] * 8, hand_size=5)
bob = Player("Bob", [sprite] * 8, hand_size=5)
game = Game([alice, bob])
game.start()
game.advance_phase()  # DRAW -> MAIN


def pool(player):
    amounts = game.state.players[player.uuid].mana_pool.amounts
    return {kind.value: n for kind, n in amounts.items() if n}


state = game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=game.state.hands[alice.uuid][0])
print(f"pending choices: {len(state.pending_choices)}")
choice = state.pending_choices[0]
print(f"chooser is alice: {choice.source_player_id == alice.uuid}")
print(f"for alice: {choice.target_id == alice.uuid}")
print(f"options: {[{str(getattr(k, 'value', k)): n for k, n in o.items()} for o in choice.choices]}")
try:
    game.resolve_pending_choice(0, 2)
except ValueError as refused:
    print("option 2 refused")
state = game.resolve_pending_choice(0, 1)
print(f"pending choices: {len(state.pending_choices)}")
print(f"alice pool: {pool(alice)}")
