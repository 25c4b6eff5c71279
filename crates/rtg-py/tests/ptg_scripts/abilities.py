# A triggered ability whose target the player chooses (a pending trigger), and an activated one.
from ptg.api import (
    Game, Player, CardDefinition, CardAbility, AlterationData, ManaRequirement,
    CardType, ManaType, AbilityType, TargetSpec, EventType, Technique, PhaseType,
    PlayCardAction, ActivateAbilityAction,
)
from ptg.effects.damage_player import DamagePlayerEffect

fire_mana = CardDefinition("fire_x", "Fire Mana", "", CardType.MANA, mana={ManaType.FIRE: 1})
striker = CardDefinition(
    "striker_x", "Spark Striker", "When this enters, deal 3 damage to a chosen player.",
    CardType.CREATURE, mana={ManaType.FIRE: 1}, attack=1, defense=1,
    abilities=[CardAbility(
        name="Spark", description="3 damage", ability_type=AbilityType.TRIGGERED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(effect=DamagePlayerEffect(), target=TargetSpec.CHOOSE,
                                    start_trigger=EventType.ON_CARD_ENTER_BATTLEFIELD,
                                    params={"amount": 3})],
    )],
)
blaster = CardDefinition(
    "blaster_x", "Flame Blaster", "Pay 1 fire: 2 damage to the opponent.",
    CardType.CREATURE, mana={ManaType.FIRE: 1}, attack=1, defense=1,
    techniques={Technique.HASTE},
    abilities=[CardAbility(
        name="Blast", description="2 damage", ability_type=AbilityType.ACTIVATED,
        mana_requirement=ManaRequirement(amounts={ManaType.FIRE: 1}),
        alterations=[AlterationData(effect=DamagePlayerEffect(), target=TargetSpec.OPPONENT,
                                    params={"amount": 2})],
    )],
)

alice = Player("Alice", [fire_mana] * 4 + [striker] * 3 + [blaster] * 3, hand_size=8)
bob = Player("Bob", [fire_mana] * 10, hand_size=7)
game = Game([alice, bob])
game.start()


def first(zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_definition.card_id == card_id)


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


game.advance_phase()  # DRAW -> MAIN
hand = game.state.hands[alice.uuid]
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(hand, "fire_x"))
state = game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(hand, "striker_x"))
print(f"pending: {len(state.pending_triggers)}")
game.resolve_pending_trigger(0, chosen_target=bob.uuid)
print(f"bob hp after trigger: {game.state.players[bob.uuid].health}")

next_main()  # Bob's turn
next_main()  # Alice's: one more mana card, the blaster, its ability
hand = game.state.hands[alice.uuid]
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(hand, "fire_x"))
blaster_id = first(game.state.hands[alice.uuid], "blaster_x")
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=blaster_id)
game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=blaster_id, ability_index=0)
print(f"bob hp after blast: {game.state.players[bob.uuid].health}")
try:
    game.apply_action(ActivateAbilityAction(), player_id=alice.uuid, card_id=blaster_id, ability_index=0)
except Exception as refused:
    print(f"refused: {getattr(refused, 'kind', refused)}")
print(f"winner: {game.check_victory()}")
