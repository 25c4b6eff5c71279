"""The OpenSpiel-shaped core (rtg.spiel): a search plays a game to its end through it, clones are
independent, and a player's information state does not show the other player's hand."""

import math
import random

import pytest

from rtg import spiel
from rtg.encode import ACTION_COUNT, OBSERVATION_SIZE


def small_game(**kwargs):
    # A short turn limit keeps random rollouts of whole games cheap.
    return spiel.Game("aggro", "midrange", seed=kwargs.pop("seed", 1), max_turns=kwargs.pop("max_turns", 8), **kwargs)


def rollout(state, rng, limit=2000):
    """Random play to the end (bounded); the returns."""
    state = state.clone()
    for _ in range(limit):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


def uct_move(state, rng, simulations=12, c=1.4):
    """UCT with random rollouts from `state`, for the player to act: the most visited action."""
    root_player = state.current_player()
    # node: history tuple -> [visits, value for the player who moved into it]
    stats = {}
    for _ in range(simulations):
        working = state.clone()
        path = []
        while not working.is_terminal():
            key = tuple(working.history())
            actions = working.legal_actions()
            unexplored = [a for a in actions if key + (a,) not in stats]
            mover = working.current_player()
            if unexplored:
                action = rng.choice(unexplored)
                working.apply_action(action)
                path.append((key + (action,), mover))
                stats[key + (action,)] = [0, 0.0]
                break
            visits = sum(stats[key + (a,)][0] for a in actions)

            def score(a):
                n, w = stats[key + (a,)]
                return w / n + c * math.sqrt(math.log(visits) / n)

            action = max(actions, key=score)
            working.apply_action(action)
            path.append((key + (action,), mover))
        returns = working.returns() if working.is_terminal() else rollout(working, rng)
        for node, mover in path:
            stats[node][0] += 1
            stats[node][1] += returns[mover]
    key = tuple(state.history())
    assert root_player == state.current_player()
    return max(state.legal_actions(), key=lambda a: stats.get(key + (a,), [0])[0])


def test_a_uct_search_plays_a_game_to_its_end(root):
    game = small_game()
    state = game.new_initial_state()
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal():
        assert not state.is_chance_node() and state.chance_outcomes() == []
        player = state.current_player()
        assert player in (0, 1)
        legal = state.legal_actions()
        assert legal == sorted(legal) and all(0 <= a < ACTION_COUNT for a in legal)
        assert state.legal_actions(1 - player) == []
        state.apply_action(uct_move(state, rng))
        moves += 1
        assert moves < 5000
    assert state.current_player() == spiel.TERMINAL
    assert state.legal_actions() == []
    returns = state.returns()
    assert sum(returns) == 0 and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.rewards() == returns
    assert moves > 10


def test_open_spiels_own_mcts_plays_a_game_to_its_end(root):
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts", reason="open_spiel is not installed (optional)")
    import numpy as np

    game = small_game(seed=2, max_turns=6)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(5)),
        random_state=np.random.RandomState(6),
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == 0


def test_a_clone_is_independent(root):
    state = small_game().new_initial_state()
    before = (str(state), state.history(), state.legal_actions(), state.observation_tensor(0))
    copy = state.clone()
    for _ in range(20):
        if copy.is_terminal():
            break
        copy.apply_action(copy.legal_actions()[-1])
    assert copy.history() != before[1]
    assert (str(state), state.history(), state.legal_actions(), state.observation_tensor(0)) == before


def test_the_information_state_does_not_show_the_other_players_hand(root):
    state = small_game(seed=4).new_initial_state()
    rng = random.Random(8)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    for player in (0, 1):
        foe_seat = state._seat(1 - player)
        foe_hand = sorted(state.game_state().zone(foe_seat, "hand"))
        others = [spiel.determinize(state, player, seed) for seed in range(6)]
        # The samples really differ in the hidden hand ...
        assert any(sorted(o.game_state().zone(foe_seat, "hand")) != foe_hand for o in others)
        for other in others:
            # ... and the player cannot tell them apart.
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions(player) == state.legal_actions(player)


def test_tensors_strings_and_illegal_actions(root):
    game = small_game()
    state = game.new_initial_state()
    assert len(state.information_state_tensor(0)) == OBSERVATION_SIZE == game.information_state_tensor_shape()[0]
    assert state.observation_tensor(0) != state.observation_tensor(1)
    assert "hand:" in state.information_state_string(0)
    assert game.num_distinct_actions() == ACTION_COUNT and game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    illegal = next(i for i in range(ACTION_COUNT) if i not in state.legal_actions())
    with pytest.raises(ValueError, match="not a legal action"):
        state.apply_action(illegal)
    with pytest.raises(ValueError):
        state.legal_actions(2)
    assert str(state).startswith("Turn 1 — ") and "hand: 7 cards" in str(state)
