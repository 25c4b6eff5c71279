# Twenty turns of six advance_phase() calls each, PTG's count (DRAW -> MAIN -> ATTACK ->
# DEFENSE -> COMBAT -> MAIN_POSTCOMBAT -> END -> next player's DRAW), printing what each turn
# starts with. Alice plays a goblin every turn and attacks with up to two; Bob plays two ogres
# every third turn of his and attacks with all he can every other turn; the defender blocks the
# first attack with a creature that has not attacked. Each deck is one card repeated, so neither
# the shuffle nor a random discard changes what is printed; Bob's hand passes the limit of 7, and
# END discards.
from ptg.api import (
    Game, Player, CardDefinition, CardType,
    PlayCardAction, DeclareAttackAction, DeclareDefenseAction,
)

goblin = CardDefinition("goblin_w", "Goblin", "", CardType.CREATURE, mana={}, attack=2, defense=2)
ogre = CardDefinition("ogre_w", "Ogre", "", CardType.CREATURE, mana={}, attack=2, defense=2)
alice = Player("Alice", [goblin] * 30, initial_health=30, hand_size=5)
bob = Player("Bob", [ogre] * 30, initial_health=40, hand_size=5)
game = Game([alice, bob])
game.start()
# PTG's start() leaves turn 1's DRAW work undone (driven by advance_phase alone, PTG then skips
# Bob's first draw instead of Alice's); begin_turn() does it. Where start() has done it already,
# begin_turn() in DRAW changes nothing.
game.begin_turn()


def zones(name, player):
    s = game.state
    return (f"{name} hp {s.players[player.uuid].health} hand {len(s.hands[player.uuid])} "
            f"field {len(s.battlefield[player.uuid])} grave {len(s.graveyards[player.uuid])} "
            f"deck {len(s.decks[player.uuid])}")


def ready(player, name, attacking):
    """The player's creatures called `name` that may attack (or block) now, in battlefield order."""
    cards = game.state.all_cards
    return [c for c in game.state.battlefield[player.uuid] if cards[c].name == name
            and not cards[c].attacked_this_turn and not (attacking and cards[c].summoning_sick)]


for turn in range(20):
    me, you = game.active_player, game.opponent
    mine, yours = ("Goblin", "Ogre") if me is alice else ("Ogre", "Goblin")
    print(f"turn {turn + 1} {game.current_phase.value} {me.name}: "
          f"{zones('alice', alice)} | {zones('bob', bob)}")
    game.advance_phase()  # DRAW -> MAIN
    plays = 1 if me is alice else 2 if turn % 6 == 5 else 0
    for _ in range(plays):
        hand = game.state.hands[me.uuid]
        card = next(c for c in hand if game.state.all_cards[c].name == mine)
        game.apply_action(PlayCardAction(), player_id=me.uuid, card_id=card)
    game.advance_phase()  # MAIN -> ATTACK
    if me is alice:
        attackers = ready(me, mine, True)[:2]
    else:
        attackers = ready(me, mine, True) if turn % 4 == 3 else []
    for card in attackers:
        game.apply_action(DeclareAttackAction(), player_id=me.uuid, attacker_id=card)
    game.advance_phase()  # ATTACK -> DEFENSE
    blockers = ready(you, yours, False)[:1] if attackers else []
    for card in blockers:
        game.apply_action(DeclareDefenseAction(), player_id=you.uuid, blocker_id=card,
                          combat_index=0)
    game.advance_phase()  # DEFENSE -> COMBAT: the attacks resolve
    print(f"  played {plays}, attacked with {len(attackers)}, blocked {len(blockers)}")
    winner = game.check_victory()
    if winner is not None:
        print(f"winner: {winner.name}")
        break
    game.advance_phase()  # COMBAT -> MAIN_POSTCOMBAT
    game.advance_phase()  # MAIN_POSTCOMBAT -> END -> the next player's DRAW

print(f"end: {game.current_phase.value} {game.active_player.name}: "
      f"{zones('alice', alice)} | {zones('bob', bob)}")
