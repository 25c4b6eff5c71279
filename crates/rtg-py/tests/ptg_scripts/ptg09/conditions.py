# PTG 0.9.13's README card "if you control a Giant AND life > 15" built in Python with
# Condition / ConditionGroup (its slip `creatures_with_id_in_zone` written as the variable PTG
# registers, `cards_with_id_in_zone`), and an OR of two groups.
from ptg.api import (
    Game, Player, CardDefinition, CardAbility, AlterationData, ManaRequirement,
    CardType, AbilityType, TargetSpec, EventType, PhaseType,
    Condition, ConditionGroup, ComparisonOperator, get_all_variables,
    PlayCardAction,
)
from ptg.effects.buff_card import BuffCardEffect
from ptg.effects.damage_player import DamagePlayerEffect
from ptg.effects.heal_player import HealPlayerEffect

variables = get_all_variables()
print(f"variables: {len(variables)}")
print(f"life_total: {variables['life_total']['return_type']} {variables['life_total']['applicable_operators']}")

giant = CardDefinition("giant_01", "Hill Giant", "", CardType.CREATURE, mana={}, attack=3, defense=3,
                       group="giant")
friend = CardDefinition(
    "friend_01", "Giant's Friend", "At each turn start: if you control a Giant and have more than 15 life, +2/+0; if you control a Giant or a Beast, heal 1.",
    CardType.CREATURE, mana={}, attack=1, defense=4,
    abilities=[CardAbility(
        name="Shoulder Ride", description="+2 attack", ability_type=AbilityType.TRIGGERED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(
            effect=BuffCardEffect(), target=TargetSpec.SELF,
            start_trigger=EventType.ON_TURN_START, trigger_self=False,
            condition=ConditionGroup(operator="and", conditions=[
                Condition(variable="cards_with_id_in_zone", operator=ComparisonOperator.GREATER, value=0,
                          params={"card_id": "giant_01", "zone": "battlefield", "zone_owner": "self"}),
                Condition(variable="life_total", operator=ComparisonOperator.GREATER, value=15),
            ]),
            params={"attack_increase": 2},
        )],
    ), CardAbility(
        # "if group 'giant' OR group 'beast' is in play": heal 1 at each turn start.
        name="Kinship", description="heal 1", ability_type=AbilityType.TRIGGERED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(
            effect=HealPlayerEffect(), target=TargetSpec.OWNER,
            start_trigger=EventType.ON_TURN_START, trigger_self=False,
            condition=ConditionGroup(operator="or", conditions=[
                Condition("cards_of_group_in_zone", ComparisonOperator.GREATER, 0,
                          {"group": "beast", "zone": "battlefield", "zone_owner": "self"}),
                Condition("cards_of_group_in_zone", ComparisonOperator.GREATER, 0,
                          {"group": "giant", "zone": "battlefield", "zone_owner": "self"}),
            ]),
            params={"amount": 1},
        )],
    )],
)
bolt = CardDefinition(
    "bolt_01", "Bolt", "5 damage to the opponent.", CardType.SPELL, mana={},
    abilities=[CardAbility(
        name="Bolt", description="5 damage", ability_type=AbilityType.ACTIVATED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(effect=DamagePlayerEffect(), target=TargetSpec.OPPONENT,
                                    params={"amount": 5})],
    )],
)

# Five of eight cards in hand: both kinds are there whatever the shuffle.
alice = Player("Alice", [giant] * 4 + [friend] * 4, hand_size=5)
bob = Player("Bob", [bolt] * 8, hand_size=5)
game = Game([alice, bob])
game.start()


def first(zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_definition.card_id == card_id)


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


def life(player):
    return game.state.players[player.uuid].health


game.advance_phase()  # DRAW -> MAIN
friend_id = first(game.state.hands[alice.uuid], "friend_01")
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=friend_id)
next_main()  # Bob's turn: no giant yet, so neither ability does anything
print(f"no giant: attack {game.state.all_cards[friend_id].attack}, alice life {life(alice)}")

next_main()  # Alice's turn
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(game.state.hands[alice.uuid], "giant_01"))
next_main()  # Bob's turn: a giant and 20 life: +2, and heal 1 (the OR holds)
print(f"giant and 20 life: attack {game.state.all_cards[friend_id].attack}, alice life {life(alice)}")

game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=first(game.state.hands[bob.uuid], "bolt_01"))
game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=first(game.state.hands[bob.uuid], "bolt_01"))
print(f"after two bolts: alice life {life(alice)}")
next_main()  # Alice's turn: 11 life, not more than 15: no buff; still heal 1
print(f"giant and 11 life: attack {game.state.all_cards[friend_id].attack}, alice life {life(alice)}")
