# A whole game as PTG's README (section 9) sets one up: cards and decks through the I/O
# functions, then both players play every card they can and attack with everything.
from ptg.api import (
    load_cards_from_dir, build_catalog, load_deck, build_deck,
    Player, Game, PlayCardAction, DeclareAttackAction, PhaseType, CardType,
)

all_cards = load_cards_from_dir("cards/")
print(f"cards: {len(all_cards)}")
catalog = build_catalog(all_cards)
alice_deck = load_deck(catalog, "decks/aggro.yaml")
bob_deck = build_deck(catalog, {"giant_01": 3, "fire_mana_01": 5, "soothing_rain_01": 2})
print(f"alice deck: {len(alice_deck)}")
print(f"bob deck: {len(bob_deck)}")

alice = Player("Alice", alice_deck, initial_health=20, hand_size=4)
bob = Player("Bob", bob_deck, initial_health=20, hand_size=4)
game = Game([alice, bob])
game.start()


def main_phase(me):
    state = game.state
    for card_id in list(state.hands[me.uuid]):
        card = game.state.all_cards[card_id]
        if card.card_definition.type == CardType.SPELL:
            continue  # spells may need a target; this simple player skips them
        try:
            game.apply_action(PlayCardAction(), player_id=me.uuid, card_id=card_id)
        except Exception:
            pass  # refused (no mana, second mana card): the state is unchanged
    for card_id in list(game.state.battlefield[me.uuid]):
        try:
            game.apply_action(DeclareAttackAction(), player_id=me.uuid, attacker_id=card_id)
        except Exception:
            pass  # summoning sick, or not a creature


turns = 0
seats = [alice, bob]
while game.check_victory() is None and turns < 150:
    if game.current_phase == PhaseType.DRAW:
        turns += 1
    if game.current_phase == PhaseType.MAIN:
        main_phase(seats[(turns - 1) % 2])
    game.advance_phase()

print(f"turns: {turns}")
print(f"winner: {game.check_victory().name}")
