"""The environment: its action mask, its determinism, what its observation may know, and
Gymnasium's API."""

import numpy as np
import pytest

import rtg
from rtg.env import ACTION_COUNT, OBSERVATION_SIZE, Env, VectorEnv


def policy(mask, step):
    """A deterministic choice among the legal actions."""
    legal = np.flatnonzero(mask)
    return int(legal[(step * 7) % len(legal)])


def test_the_mask_is_exactly_the_actions_that_step(root):
    env = Env(seat=0)
    obs, info = env.reset(seed=11)
    assert obs.shape == (OBSERVATION_SIZE,) and obs.dtype == np.float32
    for step in range(60):
        mask = info["action_mask"]
        assert mask.shape == (ACTION_COUNT,) and mask.any()
        assert sorted(i for i, _ in env.legal_actions()) == list(np.flatnonzero(mask))
        illegal = int(np.flatnonzero(~mask)[0])
        with pytest.raises(ValueError, match="not legal"):
            env.step(illegal)
        obs, reward, terminated, truncated, info = env.step(policy(mask, step))
        if terminated or truncated:
            break


def run(seed, steps=300, n=4):
    env = VectorEnv(n, "aggro", "midrange", cards="cards")
    obs, info = env.reset(seed)
    trace = [obs.copy()]
    rewards = []
    for step in range(steps):
        actions = [policy(m, step + i) for i, m in enumerate(info["action_mask"])]
        obs, r, term, trunc, info = env.step(actions)
        trace.append(obs.copy())
        rewards.append((r.copy(), term.copy(), trunc.copy()))
    return trace, rewards


def test_the_same_seed_gives_the_same_episodes(root):
    a, ra = run(5)
    b, rb = run(5)
    c, _ = run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(ra, rb))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))
    ends = sum(int(t.sum()) for _, t, _ in ra)
    assert ends > 0  # games finish and start again within the run
    assert {float(x) for r, t, _ in ra for x in r[t]} <= {1.0, -1.0}


def test_the_observation_does_not_see_the_opponents_hand_or_deck(root):
    catalog = rtg.build_catalog(rtg.load_cards_from_dir("cards"))
    fire, goblin = catalog["fire_mana_01"], catalog["goblin_01"]
    agent = [fire] * 20 + [goblin] * 20
    first = Env(agent, [fire] * 20 + [goblin] * 20, seat=0)
    second = Env(agent, [goblin] * 20 + [fire] * 20, seat=0)
    obs1, _ = first.reset(seed=3)
    obs2, _ = second.reset(seed=3)
    hand = lambda env: [env.game_state.card(c).card_id for c in env.game_state.zone(1, "hand")]
    assert hand(first) != hand(second)  # the opponents hold different cards ...
    assert np.array_equal(obs1, obs2)  # ... which the agent cannot tell apart


def test_the_turn_limit_truncates(root):
    env = Env(max_turns=2, seat=0)
    _, info = env.reset(seed=1)
    for step in range(500):
        _, reward, terminated, truncated, info = env.step(0)  # always advance
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_gymnasium_accepts_the_env(root):
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    env = Env(strict=False)  # the checker samples the whole space, mask or not
    assert isinstance(env, gym.Env)
    assert env.action_space.n == ACTION_COUNT and env.observation_space.shape == (OBSERVATION_SIZE,)
    check_env(env, skip_render_check=True)
