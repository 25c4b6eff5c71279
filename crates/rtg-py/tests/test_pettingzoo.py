"""The two-player environment: PettingZoo's own API and seed tests, rewards, views and render."""

import re

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="the two-player environment needs pettingzoo (rtg[pettingzoo])")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from rtg.encode import ACTION_COUNT, OBSERVATION_SIZE  # noqa: E402
from rtg.env.pettingzoo import env, raw_env  # noqa: E402


def test_pettingzoos_api_test_passes_wrapped_and_raw(root):
    api_test(env(seed=3), num_cycles=1000)
    api_test(raw_env(seed=4), num_cycles=1000)


def test_pettingzoos_seed_test_passes(root):
    seed_test(lambda: env(seed=7), num_cycles=1000)


def play(game, seed, pick):
    """Plays one episode with `pick(mask, step)`; the agents' summed rewards and the steps."""
    game.reset(seed=seed)
    totals = {a: 0.0 for a in game.possible_agents}
    steps = 0
    for agent in game.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, _info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(pick(obs["action_mask"], steps))
        steps += 1
    return totals, steps


def test_a_game_ends_with_opposite_rewards_and_is_deterministic(root):
    pick = lambda mask, step: int(np.flatnonzero(mask)[(step * 5) % int(mask.sum())])  # noqa: E731
    totals, steps = play(env(), 12, pick)
    assert steps > 10
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert play(env(), 12, pick) == (totals, steps)


def test_observe_is_the_agents_own_view_and_only_the_actor_has_a_mask(root):
    game = raw_env(seed=1)
    game.reset(seed=1)
    actor = game.agent_selection
    other = [a for a in game.agents if a != actor][0]
    mine, theirs = game.observe(actor), game.observe(other)
    assert mine["observation"].shape == (OBSERVATION_SIZE,) and mine["observation"].dtype == np.float32
    assert mine["action_mask"].shape == (ACTION_COUNT,) and mine["action_mask"].dtype == np.int8
    assert mine["action_mask"].any() and not theirs["action_mask"].any()
    assert not np.array_equal(mine["observation"], theirs["observation"])


def test_the_turn_limit_truncates_with_a_draw(root):
    game = raw_env(seed=2, max_turns=2)
    totals, _ = play(game, 2, lambda mask, step: 0 if mask[0] else int(np.flatnonzero(mask)[0]))
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert all(game.truncations.values()) or not game.agents


def test_an_illegal_action_raises_in_the_raw_env_and_loses_in_the_wrapped_one(root):
    game = raw_env(seed=5)
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not a legal action"):
        game.step(illegal)
    wrapped = env(seed=5)
    wrapped.reset(seed=5)
    cheater = wrapped.agent_selection
    wrapped.step(illegal)
    assert wrapped.rewards[cheater] == -1


def test_render_ansi_is_the_board_as_text(root):
    game = raw_env(seed=3, render_mode="ansi")
    game.reset(seed=3)
    text = game.render()
    assert text.startswith("Turn 1 — ") and " wins on turn " not in text
    # A spectator's board: both hands as their sizes, never their cards.
    hands = [line for line in text.splitlines() if " health " in line]
    assert len(hands) == 2 and all(re.search(r"hand: \d+ cards$", line) for line in hands)
    totals, _ = play(game, 3, lambda mask, step: int(np.flatnonzero(mask)[0]))
    winner = [a for a, r in totals.items() if r == 1.0]
    state = game.game_state
    expected = f"{state.name(state.winner)} wins on turn" if winner else "is a draw on turn"
    assert expected in game.render()
    with pytest.raises(ValueError):
        raw_env(render_mode="human")


def test_player_0_plays_deck_a_in_either_seat(root):
    first = raw_env(seed=8)
    second = raw_env(seed=8, a_first=False)
    assert first.agent_selection == "player_0"
    assert second.agent_selection == "player_1"


def prism_deck():
    """A deck whose creatures make their owner choose mana when they enter (PTG 0.9's rules)."""
    import rtg

    fire = rtg.load_card("cards/fire_mana_01.yaml")
    prism = rtg.CardDefinition(
        "prism_01", "Prism Sprite", "", rtg.CardType.CREATURE, {rtg.ManaType.FIRE: 1}, 1, 1,
        abilities=[rtg.CardAbility("Prism", "", rtg.AbilityType.TRIGGERED, {}, [rtg.AlterationData(
            rtg.ChooseManaEffect(), start_trigger=rtg.EventType.ON_CARD_ENTER_BATTLEFIELD, target=rtg.TargetSpec.OWNER,
            params={"options": [{"fire": 1}, {"water": 2}, {"air": 1, "earth": 1}]})])])
    return rtg.Deck([fire] * 12 + [prism] * 12, name="prisms")


def test_whoever_must_act_is_selected_a_defender_or_a_chooser_out_of_turn(root):
    deck = prism_deck()
    game = raw_env(deck, deck, seed=3, rules="ptg-0.9")
    choose_at = ACTION_COUNT - 8
    choices = out_of_turn = 0
    for step, agent in enumerate(game.agent_iter(max_iter=3000)):
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        state = game.game_state
        assert game._seat(agent) == state.to_act
        out_of_turn += game._seat(agent) != state.active
        mask = obs["action_mask"]
        if state.pending_choices() and not state.pending_triggers():
            choices += 1
            # Only the choice's options are legal, for its controller.
            assert list(np.flatnonzero(mask)) == [choose_at, choose_at + 1, choose_at + 2]
            assert obs["observation"][443] == 1.0
            game.step(choose_at + step % 3)
            continue
        legal = np.flatnonzero(mask)
        game.step(int(legal[(step * 7) % len(legal)]))
    assert choices > 3 and out_of_turn > 3
