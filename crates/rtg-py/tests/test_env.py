"""The environment: its action mask, its determinism, what its observation may know, and
Gymnasium's API."""

import re
import warnings

import numpy as np
import pytest

import rtg
from rtg.env import ACTION_COUNT, OBSERVATION_SIZE, Env, VectorEnv


def policy(mask, step):
    """A deterministic choice among the legal actions."""
    legal = np.flatnonzero(mask)
    return int(legal[(step * 7) % len(legal)])


def test_the_mask_is_exactly_the_actions_that_step(root):
    env = Env(seat=0, strict=True)
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


def test_gymnasium_accepts_the_env_as_shipped(root):
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    env = Env()  # the checker samples the whole space, mask or not
    assert isinstance(env, gym.Env)
    assert env.action_space.n == ACTION_COUNT and env.observation_space.shape == (OBSERVATION_SIZE,)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # The one warning left: the checker cannot make an env without a spec in another mode.
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(env)
    # Made by gymnasium.make, it has a spec, so the checker tries every render mode too; and it
    # has nothing to warn about.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make(rtg.env.ENV_ID).unwrapped)


def test_an_illegal_action_is_penalized_and_changes_nothing(root):
    env = Env(seat=0)
    obs, info = env.reset(seed=4)
    assert info["illegal_action"] is False
    before = env.game_state
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    after_obs, reward, terminated, truncated, after = env.step(illegal)
    assert reward == rtg.env.ILLEGAL_ACTION_REWARD == -0.01
    assert after["illegal_action"] is True and not (terminated or truncated)
    assert np.array_equal(obs, after_obs) and env.game_state == before
    assert np.array_equal(after["action_mask"], info["action_mask"])
    assert after["steps"] == info["steps"] + 1  # it counts toward max_steps
    _, _, _, _, legal = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert legal["illegal_action"] is False


def test_only_illegal_actions_end_in_the_step_limit(root):
    env = Env(seat=0, max_steps=5, illegal_reward=-0.5)
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    for step in range(5):
        _, reward, terminated, truncated, _ = env.step(illegal)
        assert reward == -0.5
    assert truncated and not terminated


def test_the_older_strict_flag_keeps_its_meaning(root):
    raising, first = Env(seat=0, strict=True), Env(seat=0, strict=False)
    _, info = raising.reset(seed=2)
    first.reset(seed=2)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError, match="not legal"):
        raising.step(illegal)
    named = VectorEnv(1, seat=0, on_illegal="raise")
    named.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        named.step([illegal])
    _, reward, _, _, info = first.step(illegal)  # the first legal action is played
    assert reward == 0.0 and info["illegal_action"] is False and info["steps"] == 1
    with pytest.raises(TypeError, match="not both"):
        Env(strict=True, on_illegal="raise")
    with pytest.raises(ValueError, match="on_illegal"):
        Env(on_illegal="ignore")


def test_gymnasium_makes_the_registered_env(root):
    gym = pytest.importorskip("gymnasium")
    env = gym.make("rtg/Duel-v0", seat=0, opponent="greedy")
    assert isinstance(env.unwrapped, Env)
    obs, info = env.reset(seed=5)
    assert obs.shape == (OBSERVATION_SIZE,) and info["action_mask"].any()
    # The same as one made directly.
    direct, _ = Env(seat=0, opponent="greedy").reset(seed=5)
    assert np.array_equal(obs, direct)


def test_the_env_id_registers_on_importing_rtg_env_alone():
    import subprocess
    import sys

    pytest.importorskip("gymnasium")
    for code in [
        "import gymnasium, rtg.env; gymnasium.make('rtg/Duel-v0').reset(seed=1); print('ok')",
        # Gymnasium's "module:id" form imports rtg.env itself.
        "import gymnasium; gymnasium.make('rtg.env:rtg/Duel-v0').reset(seed=1); print('ok')",
    ]:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "ok"


def test_the_ansi_render_is_the_agents_view_in_words(root):
    env = Env(seat=0, render_mode="ansi", opponent="greedy")
    assert env.metadata["render_modes"] == ["ansi"]
    assert Env().render() is None  # no render mode, no text
    _, info = env.reset(seed=3)
    text = env.render()
    assert text.startswith("Turn 1 — ") and "the agent is seat 0" in text
    rows = {line.split()[0]: line for line in text.splitlines() if " health " in line}
    assert set(rows) == {"agent", "opponent"}
    assert re.search(r"hand: \d+ cards$", rows["opponent"])  # the opponent's hand: a size only
    own = [env.game_state.card(c).name for c in env.game_state.zone(0, "hand")]
    assert all(name in rows["agent"] for name in own)
    narrated = False
    for step in range(300):
        _, _, terminated, truncated, info = env.step(policy(info["action_mask"], step))
        text = env.render()
        narrated |= "opponent plays " in text or "opponent attacks with " in text
        if terminated or truncated:
            break
    assert narrated  # the opponent's actions since the agent's decision, in words
    assert terminated and re.search(r"(wins|a draw) on turn \d+", text.splitlines()[-1])


def first_legal(view, legal):
    """An opponent that plays its first legal action."""
    return legal[0][0]


def test_a_python_opponent_sees_only_its_view_and_plays(root):
    seen = []

    def opponent(view, legal):
        assert isinstance(view, rtg._rtg.View) and view.player == 1
        assert all(isinstance(i, int) and isinstance(a, rtg.Action) for i, a in legal)
        assert legal and all(a in view.legal_actions() for _, a in legal)
        seen.append(len(legal))
        return first_legal(view, legal)

    env = Env(seat=0, opponent=opponent)
    _, info = env.reset(seed=7)
    for step in range(200):
        _, _, terminated, truncated, info = env.step(policy(info["action_mask"], step))
        if terminated or truncated:
            break
    assert seen and env.game_state.turn > 2
    # An rtg.Action among the legal ones does as well as its index, and always advancing
    # plays the same game as index 0.
    by_action = Env(seat=0, opponent=lambda view, legal: legal[0][1])
    by_index = Env(seat=0, opponent=first_legal)
    a, _ = by_action.reset(seed=7)
    b, _ = by_index.reset(seed=7)
    for step in range(30):
        a, *_ = by_action.step(0)
        b, *_ = by_index.step(0)
    assert np.array_equal(a, b)


def test_a_python_opponent_that_plays_an_illegal_action_is_a_clear_error(root):
    # Seat 1: the opponent plays first, so making the env asks it already.
    with pytest.raises(ValueError, match=r"the opponent returned 837, which is not legal now \(its legal indices: \["):
        Env(seat=1, opponent=lambda view, legal: ACTION_COUNT + 5)
    with pytest.raises(TypeError, match="an action index or an rtg.Action"):
        Env(seat=1, opponent=lambda view, legal: "advance")
    # Later, the step that reaches its decision fails and says so.
    late = Env(seat=0, opponent=lambda view, legal: 0 if view.turn < 2 else -1)
    _, info = late.reset(seed=1)
    with pytest.raises(ValueError, match="the opponent returned -1"):
        for _ in range(100):
            late.step(0)

    class Broken(Exception):
        pass

    def raising(view, legal):
        raise Broken("from the opponent")

    with pytest.raises(Broken):
        Env(seat=1, opponent=raising)
    with pytest.raises(TypeError, match="bot spec"):
        Env(opponent=3)


def test_the_vector_env_is_gymnasiums(root):
    gym = pytest.importorskip("gymnasium")
    env = VectorEnv(3, seat=0)
    assert isinstance(env, gym.vector.VectorEnv) and env.num_envs == 3
    assert env.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    assert VectorEnv(1, autoreset=False).metadata["autoreset_mode"] == gym.vector.AutoresetMode.DISABLED
    assert env.single_action_space == gym.spaces.Discrete(ACTION_COUNT)
    assert env.single_observation_space.shape == (OBSERVATION_SIZE,)
    assert env.observation_space.shape == (3, OBSERVATION_SIZE)
    assert env.action_space.shape == (3,)
    obs, info = env.reset(seed=2)
    assert obs in env.observation_space
    assert info["action_mask"].shape == (3, ACTION_COUNT) and info["action_mask"].dtype == bool
    _, _, _, _, info = env.step(env.action_space.sample())  # mostly illegal: penalized
    assert info["illegal_action"].shape == (3,) and info["action_mask"].shape == (3, ACTION_COUNT)


def test_a_finished_game_restarts_in_the_same_step_with_its_final_observation(root):
    env = VectorEnv(2, seat=0, max_turns=2)
    lone = Env(seat=0, max_turns=2)
    _, info = env.reset(seed=1)
    lone.reset(seed=1)
    for step in range(500):
        actions = [0, 0]  # always advance: the turn limit ends both games
        obs, rewards, terminated, truncated, info = env.step(actions)
        last, *_ = lone.step(0)
        if truncated[0]:
            break
    assert truncated[0] and info["_final_obs"][0] and rewards[0] == 0.0
    assert np.array_equal(info["final_obs"][0], last)  # the lone game's last observation
    # The observation is the next episode's, the same as a lone env's next episode.
    assert not np.array_equal(obs[0], last)
    assert np.array_equal(obs[0], lone.reset()[0])
    for i in range(2):
        assert (info["final_obs"][i] is None) == (not info["_final_obs"][i])
    while True:
        _, _, terminated, truncated, info = env.step([0, 0])
        if not (terminated | truncated).any():
            break
    assert "final_obs" not in info


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
