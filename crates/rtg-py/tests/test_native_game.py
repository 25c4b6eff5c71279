"""PTG's Game, GameState and action classes are native (crates/rtg-py/src/ptg): what a PTG
script relies on of them as Python objects."""

import collections.abc
import copy

import pytest

import rtg
from rtg import (
    CardDefinition,
    CardType,
    DeclareAttackAction,
    Game,
    GameState,
    ManaType,
    PhaseType,
    PlayCardAction,
    Player,
    RuleError,
)


def deck():
    fire = CardDefinition("fire_n", "Fire Mana", "", CardType.MANA, mana={ManaType.FIRE: 1})
    goblin = CardDefinition("gob_n", "Goblin", "", CardType.CREATURE, mana={ManaType.FIRE: 1}, attack=2, defense=2)
    return [fire] * 8 + [goblin] * 8


def started(cls=Game, **kwargs):
    game = cls([Player("Alice", deck()), Player("Bob", deck())], **kwargs)
    game.start()
    while game.current_phase != PhaseType.MAIN:
        game.advance_phase()
    return game


def test_a_subclass_may_take_its_own_arguments_and_call_the_base_init():
    class Tournament(Game):
        def __init__(self, players, round_number):
            super().__init__(players, seed=round_number, rules="ptg-0.9")
            self.round_number = round_number

    game = started(Tournament, round_number=3)
    assert isinstance(game, Game) and game.round_number == 3
    assert game.rules == "ptg-0.9" and game.seed == 3
    assert game.state.digest() == started(seed=3, rules="ptg-0.9").state.digest()


def test_a_subclass_that_forgets_the_base_init_gets_a_clear_error():
    class Broken(Game):
        def __init__(self):
            pass

    with pytest.raises(RuntimeError, match="Game.__init__ was not called"):
        Broken().state


def test_the_players_are_checked_when_the_game_is_made():
    alice = Player("Alice", deck())
    with pytest.raises(ValueError, match="two-player"):
        Game([alice])
    with pytest.raises(ValueError, match="different Player objects"):
        Game([alice, alice])


def test_all_cards_is_a_read_only_mapping_of_every_card():
    state = started().state
    cards = state.all_cards
    assert isinstance(cards, collections.abc.Mapping)
    assert cards is state.all_cards  # one view per state
    ids = list(cards)
    assert ids == cards.keys() and len(cards) == len(ids) == 32
    first = ids[0]
    assert first in cards and -1 not in cards and "x" not in cards
    assert cards[first].uuid == first and cards.get(first).uuid == first
    assert cards.get(10_000) is None and cards.get(10_000, "none") == "none"
    assert [c.uuid for c in cards.values()] == ids
    assert [i for i, _ in cards.items()] == ids
    with pytest.raises(KeyError):
        cards[10_000]
    with pytest.raises(KeyError):
        cards["not an id"]


def test_the_views_are_keyed_by_the_players_uuids_and_the_native_state_is_one_object():
    game = started()
    alice, bob = (p.uuid for p in game.players)
    state = game.state
    assert set(state.hands) == {alice, bob} == set(state.battlefield) == set(state.decks)
    assert state.ids == (alice, bob)
    assert state.active_player == alice and state.player_to_act == alice
    assert state.native is state.native
    assert state == GameState(state.native, (alice, bob)) and hash(state) == hash(state.native)
    assert state != GameState(state.native)  # other ids, another view
    assert copy.deepcopy(state) is state
    with pytest.raises(AttributeError):
        state.hands = {}


def test_a_uuid_given_as_an_equal_string_names_the_same_player():
    game = started()
    alice = game.players[0].uuid
    mana = next(c for c in game.state.hands[alice] if game.state.all_cards[c].type == CardType.MANA)
    same = "".join(list(alice))  # equal, not the same object
    assert same == alice and same is not alice
    assert mana in game.apply_action(PlayCardAction(), player_id=same, card_id=mana).battlefield[alice]


def test_action_classes_keep_their_fields_and_the_call_wins():
    bound = PlayCardAction(player_id="p", card_id=3)
    assert bound.kwargs == {"player_id": "p", "card_id": 3}
    bound.kwargs["card_id"] = 99  # a copy: the action is unchanged
    assert bound.kwargs["card_id"] == 3
    assert repr(bound) == "PlayCardAction(player_id='p', card_id=3)"
    assert isinstance(bound, rtg.ActionClass) and PlayCardAction._code == 0 == bound._code
    assert PlayCardAction._fields == ("player_id", "card_id", "target_id")
    with pytest.raises(TypeError, match="PlayCardAction takes player_id, card_id, target_id; not `attacker_id`"):
        PlayCardAction(attacker_id=1)

    game = started()
    alice = game.players[0].uuid
    hand = game.state.hands[alice]
    mana = next(c for c in hand if game.state.all_cards[c].type == CardType.MANA)
    goblin = next(c for c in hand if game.state.all_cards[c].type == CardType.CREATURE)
    with pytest.raises(RuleError) as refused:  # the goblin costs a mana Alice has not played
        game.apply_action(PlayCardAction(player_id=alice, card_id=mana), card_id=goblin)
    assert refused.value.kind == "not_enough_mana"


def test_keywords_no_class_takes_are_refused_by_name_before_anything_runs():
    game = started()
    before = len(game.history)
    with pytest.raises(TypeError, match="DeclareAttackAction takes player_id, attacker_id; not `colour`"):
        game.apply_action(DeclareAttackAction(), player_id=game.players[0].uuid, colour="red")
    with pytest.raises(TypeError, match="not an action"):
        game.apply_action("play")
    with pytest.raises(TypeError, match="takes no keyword arguments"):
        game.apply_action(rtg.Action.advance_phase(), player_id=0)
    assert len(game.history) == before


def test_undo_forgets_the_events_of_the_step_it_takes_back():
    game = started()
    events = game.events
    game.advance_phase()
    game.advance_phase()
    game.advance_phase()  # COMBAT: on_combat_resolved
    assert len(game.events) > len(events)
    assert game.undo() and game.undo() and game.undo()
    assert game.events == events and game.current_phase == PhaseType.MAIN
    while game.undo():
        pass
    assert game.events == [] and len(game.history) == 1
    assert not game.undo()


def test_the_legacy_turn_methods_reach_their_phases_and_stop_at_the_end():
    game = started()
    assert game.end_turn().current_phase == PhaseType.END
    turn = game.state.turn
    state = game.begin_turn()
    assert state.current_phase == PhaseType.DRAW and state.turn == turn + 1
    assert game.resolve_combat().current_phase == PhaseType.COMBAT
    game.advance_phase()  # MAIN_POSTCOMBAT
    with pytest.raises(RuleError) as late:
        game.resolve_combat()
    assert late.value.kind == "wrong_phase" and "main_post" in str(late.value)


def test_a_keyword_given_as_none_counts_as_not_given_and_history_is_a_new_list():
    game = started()
    alice = game.players[0].uuid
    mana = next(c for c in game.state.hands[alice] if game.state.all_cards[c].type == CardType.MANA)
    # The call's None does not override the bound card_id: the action plays the bound card.
    state = game.apply_action(PlayCardAction(player_id=alice, card_id=mana), card_id=None)
    assert mana in state.battlefield[alice]
    history = game.history
    history.clear()  # the game's own history is not this list
    assert len(game.history) > 1 and game.history[-1] is game.state
