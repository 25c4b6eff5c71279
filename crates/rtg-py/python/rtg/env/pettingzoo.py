"""A two-player game for self-play, PettingZoo's AEC API (needs ``pettingzoo``, ``gymnasium``
and ``numpy``: ``pip install rtg[pettingzoo]``).

Agents ``player_0`` (deck A) and ``player_1`` (deck B). ``agent_selection`` is whoever must act
now: the active player, the defender while blocking, or the controller of a pending trigger or
choice (who may act out of turn). ``observe(agent)`` is that agent's own view only, encoded as
``rtg.encode`` does: ``{"observation": float32 vector, "action_mask": int8 mask}`` (the mask is
all zero for an agent that does not act now). Rewards come at the end only: +1 to the winner,
-1 to the loser, 0 each for a draw; the turn limit truncates (a draw). ``render_mode="ansi"``
returns the board as text.

``env(**kwargs)`` is ``raw_env`` in PettingZoo's usual wrappers, as its classic games have them:
an illegal action ends the game with reward -1 for the agent who took it
(``TerminateIllegalWrapper``), an action outside the space raises (``AssertOutOfBoundsWrapper``),
and calls out of order raise (``OrderEnforcingWrapper``).
"""

from typing import Any, Dict, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import _rtg
from .._duel import load_decks
from ..encode import ACTION_COUNT, OBSERVATION_SIZE

__all__ = ["env", "raw_env"]

_AGENTS = ["player_0", "player_1"]


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` in the wrappers of PettingZoo's classic games."""
    game = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    game = wrappers.OrderEnforcingWrapper(game)
    return game


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """One game between ``player_0`` (deck A) and ``player_1`` (deck B).

    ``raw_env(deck_a="aggro", deck_b="midrange", seed=0, rules="ptg-0.2", max_turns=200,
    render_mode=None, a_first=True, cards=None, bundled=True)``: decks are names or lists of
    definitions as ``simulate`` takes them (``bundled=False`` leaves the bundled set out); ``a_first`` puts deck A in the first seat. ``reset(seed=s)`` plays
    the game of seed ``s``; ``reset()`` the next episode of the last seed. Everything is
    deterministic given the seed.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "name": "rtg_duel_v0", "is_parallelizable": False}

    def __init__(
        self,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        seed: int = 0,
        rules: str = "ptg-0.2",
        max_turns: int = 200,
        render_mode: Optional[str] = None,
        a_first: bool = True,
        cards: Any = None,
        bundled: bool = True,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', found {render_mode!r}")
        self.render_mode = render_mode
        self._decks = load_decks(deck_a, deck_b, cards, bundled)
        self._rules = rules
        self._max_turns = max_turns
        self._a_first = a_first
        self._seed = seed
        self._episode = 0
        self.possible_agents = list(_AGENTS)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1e6, 1e6, shape=(OBSERVATION_SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(ACTION_COUNT)
        self._start()

    # Seat of deck A: the first when it goes first.
    def _seat(self, agent: str) -> int:
        deck = _AGENTS.index(agent)
        return deck if self._a_first else 1 - deck

    def _agent(self, seat: int) -> str:
        return _AGENTS[seat if self._a_first else 1 - seat]

    def _start(self) -> None:
        # Episode e of seed s is a game of its own (a derived seed), the same on every run.
        game_seed = (self._seed + 0x9E3779B97F4A7C15 * self._episode) % 2**64
        self._duel = _rtg.Duel(
            self._decks[0],
            self._decks[1],
            seed=game_seed,
            a_first=self._a_first,
            max_turns=self._max_turns,
            rules=self._rules,
        )
        self.agents = list(_AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self._duel.to_act())

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space: a dict of ``observation`` and ``action_mask``."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(ACTION_COUNT)``."""
        return self._action_space

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a game: with ``seed``, that seed's first episode; without, the next episode."""
        if seed is not None:
            self._seed = int(seed)
            self._episode = 0
        else:
            self._episode += 1
        self._start()

    def observe(self, agent: str) -> Dict[str, Any]:
        """``agent``'s observation from its own view, and its action mask."""
        seat = self._seat(agent)
        return {
            "observation": np.frombuffer(self._duel.observation(seat), dtype=np.float32).copy(),
            "action_mask": np.frombuffer(self._duel.mask(seat), dtype=np.int8).copy(),
        }

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (an index the mask allows) for ``agent_selection``; ``None`` for an
        agent that is done. An index the mask does not allow raises ``ValueError``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is not done: step needs an action index")
        self._cumulative_rewards[agent] = 0.0
        self._duel.step(int(action))
        state = self._duel.state
        if state.is_over:
            by_limit = state.end_reason == "turn_limit"
            winner = state.winner
            for a in self.agents:
                if winner is None:
                    self.rewards[a] = 0.0
                else:
                    self.rewards[a] = 1.0 if self._seat(a) == winner else -1.0
                if by_limit:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self._agent(self._duel.to_act())
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text with ``render_mode="ansi"``; None (and a warning) without."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode: pass render_mode='ansi'")
            return None
        return self._duel.text()

    def close(self) -> None:
        """Nothing to release."""

    @property
    def game_state(self) -> Any:
        """The whole current state (``rtg.State``; hidden information included: for display)."""
        return self._duel.state
