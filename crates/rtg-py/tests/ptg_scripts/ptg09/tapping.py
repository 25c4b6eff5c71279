# PTG 0.9's base rules: an attacker taps, unless it has vigilance, and untaps when its
# controller's next turn begins; a tapped creature cannot attack again.
from ptg.api import (
    Game, Player, CardDefinition, CardType, Technique, PhaseType,
    PlayCardAction, DeclareAttackAction,
)

goblin = CardDefinition("goblin_01", "Goblin", "", CardType.CREATURE, mana={}, attack=2, defense=2)
knight = CardDefinition("knight_01", "Watchful Knight", "", CardType.CREATURE, mana={}, attack=2, defense=2,
                        techniques={Technique.VIGILANCE})
alice = Player("Alice", [goblin] * 4 + [knight] * 4, hand_size=5)
bob = Player("Bob", [goblin] * 8, hand_size=5)
game = Game([alice, bob])
game.start()


def first(zone, card_id):
    return next(i for i in zone if game.state.all_cards[i].card_definition.card_id == card_id)


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


def tapped(card_id):
    return game.state.all_cards[card_id].tapped


game.advance_phase()  # DRAW -> MAIN
goblin_id = first(game.state.hands[alice.uuid], "goblin_01")
knight_id = first(game.state.hands[alice.uuid], "knight_01")
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=goblin_id)
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=knight_id)
print(f"vigilance: {Technique.VIGILANCE.value}")
next_main()  # Bob's turn
next_main()  # Alice's: both may attack
game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=goblin_id)
game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=knight_id)
print(f"goblin tapped: {tapped(goblin_id)}, knight tapped: {tapped(knight_id)}")
while game.current_phase != PhaseType.MAIN_POSTCOMBAT:
    game.advance_phase()
print(f"bob hp: {game.state.players[bob.uuid].health}")
next_main()  # Bob's turn: Alice's goblin stays tapped
print(f"on bob's turn, goblin tapped: {tapped(goblin_id)}")
next_main()  # Alice's turn: it untapped
print(f"on alice's turn, goblin tapped: {tapped(goblin_id)}")
