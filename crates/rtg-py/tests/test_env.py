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


# The observation's layout (docs/python.md): 11 global values, 11 per player, 10 hand slots of 9,
# 10 + 10 battlefield slots of 16 (the 16th is "tapped"), then the pending choice: a flag and 8
# options of 5 mana counts (fire, earth, water, air, any; divided by 10).
FIELD_AT, FIELD_CARD, CHOICE_AT = 11 + 2 * 11 + 10 * 9, 16, 11 + 2 * 11 + 10 * 9 + 2 * 10 * 16
CHOOSE_AT = ACTION_COUNT - rtg.env.CHOICE_SLOTS


def prism_deck(root):
    fire = rtg.load_card("cards/fire_mana_01.yaml")
    prism = rtg.CardDefinition(
        "prism_01", "Prism Sprite", "", rtg.CardType.CREATURE, {rtg.ManaType.FIRE: 1}, 1, 1,
        abilities=[rtg.CardAbility("Prism", "", rtg.AbilityType.TRIGGERED, {}, [rtg.AlterationData(
            rtg.ChooseManaEffect(), start_trigger=rtg.EventType.ON_CARD_ENTER_BATTLEFIELD, target=rtg.TargetSpec.OWNER,
            params={"options": [{"fire": 1}, {"water": 2}, {"air": 1, "earth": 1}]})])])
    return rtg.Deck([fire] * 12 + [prism] * 12, name="prisms")


def test_the_layout_is_the_documented_one():
    assert (ACTION_COUNT, OBSERVATION_SIZE, rtg.env.CHOICE_SLOTS) == (832, 484, 8)
    assert CHOICE_AT + 1 + 8 * 5 == OBSERVATION_SIZE
    doc = (rtg_root() / "docs" / "python.md").read_text()
    assert f"`ACTION_COUNT` ({ACTION_COUNT})" in doc and f"`OBSERVATION_SIZE` ({OBSERVATION_SIZE})" in doc


def rtg_root():
    from conftest import ROOT

    return ROOT


def test_a_pending_choice_has_action_slots_and_never_stalls_the_agent(root):
    deck = prism_deck(root)
    env = VectorEnv(4, deck, deck, opponent="greedy", rules="ptg-0.9")
    obs, info = env.reset(seed=3)
    seen_choices = 0
    for step in range(400):
        masks = info["action_mask"]
        actions = []
        for i, mask in enumerate(masks):
            assert mask.any(), f"game {i} has no legal action at step {step}"
            legal = dict(env.legal_actions(i))
            assert sorted(legal) == list(np.flatnonzero(mask))
            choice_slots = [int(j) for j in np.flatnonzero(mask[CHOOSE_AT:])]
            if choice_slots:
                seen_choices += 1
                # While the choice waits only resolving it is legal, one index per option.
                assert choice_slots == [0, 1, 2] and mask.sum() == 3
                assert all(legal[CHOOSE_AT + o] == rtg.Action.resolve_choice(0, o) for o in choice_slots)
                assert obs[i][CHOICE_AT] == 1.0
                options = (obs[i][CHOICE_AT + 1:].reshape(8, 5) * 10).round()  # fire, earth, water, air, any
                assert options[:3].tolist() == [[1, 0, 0, 0, 0], [0, 0, 2, 0, 0], [0, 1, 0, 1, 0]]
                assert not options[3:].any()
                actions.append(CHOOSE_AT + (step % 3))
            else:
                assert obs[i][CHOICE_AT] == 0.0
                actions.append(policy(mask, step + i))
        obs, _, _, _, info = env.step(actions)
    assert seen_choices > 5


def test_under_ptg_09_an_attacker_shows_tapped(root):
    env = Env("aggro", "midrange", seat=0, rules="ptg-0.9")
    obs, info = env.reset(seed=2)
    attack = 1 + 10 * 23 + 10 * 2 * 23  # ATTACK + battlefield slot b
    for _ in range(400):
        mask = info["action_mask"]
        ready = [b for b in range(10) if mask[attack + b]]
        if ready:
            b = ready[0]
            assert obs[FIELD_AT + b * FIELD_CARD + FIELD_CARD - 1] == 0.0
            obs, _, terminated, truncated, info = env.step(attack + b)
            assert obs[FIELD_AT + b * FIELD_CARD + FIELD_CARD - 1] == 1.0  # slot b is tapped
            state = env.game_state
            assert state.card(state.zone(0, "battlefield")[b]).tapped
            return
        legal = np.flatnonzero(mask)
        plays = [j for j in legal if 1 <= j < 1 + 10 * 23]  # play a card when one can
        obs, _, terminated, truncated, info = env.step(int(plays[0]) if plays else 0)
        assert not (terminated or truncated)
    pytest.fail("the agent never had an attack")


@pytest.mark.parametrize("n", [0, -1, rtg.env.MAX_ENVS + 1, 2**40, 2**63, 2**64, 2**200])
def test_an_out_of_range_number_of_games_is_a_value_error(root, n):
    # 2**63 once raised PanicException, 2**40 aborted the interpreter.
    assert rtg.env.MAX_ENVS == 4096
    with pytest.raises(ValueError, match=r"from 1 to 4096 games, found n = "):
        VectorEnv(n)


def test_a_number_of_games_that_is_not_an_integer_is_a_type_error(root):
    with pytest.raises(TypeError):
        VectorEnv(2.0)


def test_the_largest_number_of_games_steps(root):
    env = VectorEnv(rtg.env.MAX_ENVS)
    obs, info = env.reset(seed=1)
    assert obs.shape == (rtg.env.MAX_ENVS, OBSERVATION_SIZE)
