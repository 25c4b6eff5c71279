"""The encoding exposed (rtg.encode): the round trip between legal actions and indices, the mask,
and the same observation as the two-player game's."""

import random

import numpy as np
import pytest

import rtg
from rtg import _rtg
from rtg.encode import (
    ACTION_COUNT,
    CHOICE_SLOTS,
    OBSERVATION_SIZE,
    action_from_index,
    action_index,
    action_mask,
    observation,
    view,
)
from rtg._duel import load_decks


class Game:
    """A two-player game as rtg.env.pettingzoo holds it (``_duel``), without needing pettingzoo."""

    def __init__(self, deck_a="aggro", deck_b="midrange", seed=0):
        self._duel = _rtg.Duel(*load_decks(deck_a, deck_b, None), seed=seed)


def positions(seed, games=3, limit=400):
    """(duel, its player to act's View) along random games of two decks."""
    rng = random.Random(seed)
    for game in range(games):
        env = Game("aggro", "midrange", seed=seed + game)
        duel = env._duel
        for _ in range(limit):
            if duel.state.is_over:
                break
            yield duel, duel.view(duel.to_act())
            legal = duel.legal(duel.to_act())
            duel.step(rng.choice(legal)[0])


def test_constants_are_the_environments():
    assert (OBSERVATION_SIZE, ACTION_COUNT, CHOICE_SLOTS) == (_rtg.OBSERVATION_SIZE, _rtg.ACTION_COUNT, _rtg.CHOICE_SLOTS)
    assert OBSERVATION_SIZE == 484 and ACTION_COUNT > CHOICE_SLOTS > 0


def test_every_indexed_legal_action_round_trips_and_the_mask_is_their_indices(root):
    checked = 0
    for duel, v in positions(5):
        assert isinstance(v, rtg.View)
        indices = set()
        for action in v.legal_actions():
            i = action_index(v, action)
            if i is None:
                continue
            assert 0 <= i < ACTION_COUNT
            assert action_from_index(v, i) == action
            assert action_from_index(duel.state, i) == action
            indices.add(i)
            checked += 1
        mask = action_mask(v)
        assert mask.dtype == np.int8 and mask.shape == (ACTION_COUNT,)
        assert set(np.flatnonzero(mask).tolist()) == indices
        assert indices, "a player to act always has an indexed action (advance, or option 0)"
    assert checked > 500


def test_the_observation_is_the_games_own_encoding(root):
    seen = 0
    for duel, v in positions(9, games=1):
        p = duel.to_act()
        from_game = np.frombuffer(duel.observation(p), dtype=np.float32)
        encoded = observation(v, in_phase=duel.in_phase)
        assert encoded.dtype == np.float32 and encoded.shape == (OBSERVATION_SIZE,)
        if duel.in_phase < 200:
            # The game's observation reads its mask's "playable" flags, which the phase cap
            # alone can change.
            assert np.array_equal(encoded, from_game)
        seen += 1
    assert seen > 50


def test_the_opponent_sees_an_empty_mask_and_views_of_a_state_agree(root):
    env = Game(seed=2)
    state = env._duel.state
    acting = state.to_act
    other = view(state, 1 - acting)
    assert not action_mask(other).any()
    assert np.array_equal(action_mask(view(state, acting)), np.frombuffer(env._duel.mask(acting), dtype=np.int8))


def test_indices_without_a_legal_action_are_clear_errors(root):
    env = Game(seed=4)
    v = env._duel.view(env._duel.to_act())
    illegal = int(np.flatnonzero(action_mask(v) == 0)[0])
    with pytest.raises(ValueError, match="not a legal action"):
        action_from_index(v, illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        action_from_index(v, ACTION_COUNT)
    with pytest.raises(ValueError, match="outside the action space"):
        action_from_index(v, -1)
    with pytest.raises(TypeError):
        action_from_index("not a view", 0)
    with pytest.raises(TypeError):
        observation(env._duel.state)
    assert action_from_index(v, np.int64(0)) == action_from_index(v, 0) or action_mask(v)[0] == 0


def test_an_action_of_the_other_player_has_no_index(root):
    env = Game(seed=6)
    state = env._duel.state
    acting = state.to_act
    mine = view(state, acting).legal_actions()
    assert all(action_index(view(state, 1 - acting), a) is None for a in mine)
