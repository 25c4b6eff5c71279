# Two blockers on one attacker, the attacker's player orders them, combat resolves.
from ptg.api import (
    Game, Player, CardDefinition, CardType, PhaseType,
    PlayCardAction, DeclareAttackAction, DeclareDefenseAction, OrderBlockersAction,
)

giant = CardDefinition("giant_x", "Hill Giant", "", CardType.CREATURE, mana={}, attack=3, defense=3)
goblin = CardDefinition("goblin_x", "Goblin Rabble", "", CardType.CREATURE, mana={}, attack=2, defense=2)

alice = Player("Alice", [giant] * 8, hand_size=3)
bob = Player("Bob", [goblin] * 8, hand_size=3)
game = Game([alice, bob])
game.start()


def next_main():
    game.advance_phase()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()


game.advance_phase()  # DRAW -> MAIN
giant_id = game.state.hands[alice.uuid][0]
game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=giant_id)
next_main()  # Bob's turn
for goblin_id in list(game.state.hands[bob.uuid])[:2]:
    game.apply_action(PlayCardAction(), player_id=bob.uuid, card_id=goblin_id)
next_main()  # Alice's second turn: the giant may attack now

game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=giant_id)
game.advance_phase()  # MAIN -> ATTACK
game.advance_phase()  # ATTACK -> DEFENSE
print(f"phase: {game.current_phase.value}")
blockers = list(game.state.battlefield[bob.uuid])
for blocker_id in blockers:
    game.apply_action(DeclareDefenseAction(), player_id=bob.uuid, blocker_id=blocker_id, combat_index=0)
print(f"blockers: {len(blockers)}")
game.apply_action(OrderBlockersAction(), player_id=alice.uuid, combat_index=0,
                  ordered_blocker_ids=[blockers[1], blockers[0]])
game.advance_phase()  # DEFENSE -> COMBAT: resolves

print(f"giant survives: {giant_id in game.state.battlefield[alice.uuid]}")
print(f"goblins left: {len(game.state.battlefield[bob.uuid])}")
print(f"bob hp: {game.state.players[bob.uuid].health}")
