# Groups (tribes): PTG 0.9.13's README spell "Destroy all enemy Witches" (section 12) built in
# Python, and a group condition read from a card's `group`.
from ptg.api import (
    Game, Player, CardDefinition, CardAbility, AlterationData, ManaRequirement,
    CardType, AbilityType, TargetSpec, PhaseType,
    PlayCardAction,
)
from ptg.effects.destroy_card import DestroyCardEffect

witch = CardDefinition("witch_01", "Hedge Witch", "", CardType.CREATURE, mana={}, attack=1, defense=2,
                       group="witch")
goblin = CardDefinition("goblin_01", "Goblin", "", CardType.CREATURE, mana={}, attack=2, defense=2,
                        group="goblin")
witch_hunt = CardDefinition(
    "witch_hunt_01", "Witch Hunt", "Destroy all enemy Witches.", CardType.SPELL, mana={},
    abilities=[CardAbility(
        name="Purge", description="Destroy all enemy Witches.", ability_type=AbilityType.ACTIVATED,
        mana_requirement=ManaRequirement(),
        alterations=[AlterationData(effect=DestroyCardEffect(), target=TargetSpec.OPPONENT, group="witch")],
    )],
)
print(f"groups: {witch.group} {goblin.group} {witch_hunt.group}")

# Alice holds five of eight cards: both kinds whatever the shuffle; Bob's turn draw gives him
# his whole deck.
alice = Player("Alice", [witch] * 4 + [witch_hunt] * 4, hand_size=5)
bob = Player("Bob", [witch] * 5 + [goblin] * 2, hand_size=6)
game = Game([alice, bob])
game.start()


def first(zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_definition.card_id == card_id)


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


def names(player):
    return sorted(game.state.all_cards[i].name for i in game.state.battlefield[player.uuid])


game.advance_phase()  # DRAW -> MAIN
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(game.state.hands[alice.uuid], "witch_01"))
next_main()  # Bob's turn: two witches and a goblin
for card_id in ["witch_01", "witch_01", "goblin_01"]:
    game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=first(game.state.hands[bob.uuid], card_id))
print(f"bob before: {names(bob)}")
next_main()  # Alice's turn
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=first(game.state.hands[alice.uuid], "witch_hunt_01"))
print(f"bob after: {names(bob)}")
print(f"alice after: {names(alice)}")
print(f"bob graveyard: {len(game.state.graveyards[bob.uuid])}")
