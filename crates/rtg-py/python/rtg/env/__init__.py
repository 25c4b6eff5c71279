"""Environments for agents: one game (``Env``) or n games stepped in one call (``VectorEnv``).

The agent plays deck A against a named bot playing deck B. An action is an index into a fixed
space of ``ACTION_COUNT`` actions (``info["action_mask"]`` says which are legal now; a pending
choice, such as ``choose_mana``'s, has indices of its own, the last ``CHOICE_SLOTS``); the
observation is a vector of ``OBSERVATION_SIZE`` floats built from the agent's own view (its hand,
the public board, sizes of hidden zones, the options of a choice it must make): no hidden
information. A win is reward 1, a loss -1,
a draw 0, all given at the last step; the turn limit truncates.

With gymnasium installed, ``Env`` is a ``gymnasium.Env`` (``observation_space``,
``action_space``, ``reset(seed=...)``, ``step``); without it the same methods work and return
lists instead of numpy arrays when numpy is missing too.
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import _rtg

try:  # numpy is optional: arrays with it, lists without
    import numpy as _np
except ImportError:  # pragma: no cover - exercised only without numpy
    _np = None

try:  # gymnasium is optional: an Env subclass with it
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover
    _gym = None
    _spaces = None

__all__ = ["Env", "VectorEnv", "ACTION_COUNT", "OBSERVATION_SIZE", "CHOICE_SLOTS", "MAX_ENVS"]

#: The most games a :class:`VectorEnv` steps together; any other ``n`` than 1 to ``MAX_ENVS``
#: raises ``ValueError``.
MAX_ENVS: int = _rtg.MAX_ENVS
#: The number of action indices.
ACTION_COUNT: int = _rtg.ACTION_COUNT
#: The length of an observation vector.
OBSERVATION_SIZE: int = _rtg.OBSERVATION_SIZE
#: The options of a pending choice the action space holds: indices
#: ``ACTION_COUNT - CHOICE_SLOTS + o`` resolve the first pending choice with option ``o``.
CHOICE_SLOTS: int = _rtg.CHOICE_SLOTS


def _load_decks(deck_a: Any, deck_b: Any, cards: Any) -> Tuple[Any, Any]:
    """Decks as ``simulate`` takes them: a list of definitions, or a deck file path or stem (a
    file, then ``decks/``, then the bundled decks; the bundled cards plus ``cards/`` or
    ``cards``)."""
    import os

    def deck(d: Any) -> Any:
        if not isinstance(d, (str, os.PathLike)):
            return d
        _stem, defs = _rtg.named_deck(d, cards)
        return defs

    return deck(deck_a), deck(deck_b)


class VectorEnv:
    """``n`` games stepped together: ``step(actions)`` takes one action index per game.
    ``n`` is from 1 to :data:`MAX_ENVS` (4096); any other count raises ``ValueError``.

    ``VectorEnv(n, deck_a, deck_b, opponent="heuristic", seat=None, max_turns=200, cards=None,
    rules="ptg-0.2")``. ``seat`` is the agent's seat (0 goes first) or None to alternate;
    ``rules`` the games' rule set. With ``strict`` (the
    default) an action outside the mask raises ``ValueError``; without, the first legal action
    is played instead (for code that samples the whole action space). A finished game starts its
    next episode at once (its last reward and flags are returned; the observation is the new
    episode's). Everything is deterministic given ``reset(seed)``.
    """

    def __init__(
        self,
        n: int,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        opponent: str = "heuristic",
        seat: Optional[int] = None,
        max_turns: int = 200,
        max_steps: int = 10_000,
        cards: Any = None,
        autoreset: bool = True,
        strict: bool = True,
        rules: str = "ptg-0.2",
    ) -> None:
        a, b = _load_decks(deck_a, deck_b, cards)
        self._core = _rtg.VecEnv(
            n,
            a,
            b,
            opponent=opponent,
            seat=seat,
            max_turns=max_turns,
            max_steps=max_steps,
            autoreset=autoreset,
            strict=strict,
            rules=rules,
        )
        self.rules = rules
        self.num_envs = n
        self.observation_size = OBSERVATION_SIZE
        self.action_count = ACTION_COUNT

    def _obs(self) -> Any:
        raw = self._core.observations()
        if _np is not None:
            return _np.frombuffer(raw, dtype=_np.float32).reshape(self.num_envs, OBSERVATION_SIZE)
        flat = memoryview(raw).cast("f").tolist()
        return [flat[i * OBSERVATION_SIZE : (i + 1) * OBSERVATION_SIZE] for i in range(self.num_envs)]

    def action_masks(self) -> Any:
        """Which action indices are legal now, per game (bool array, or lists without numpy)."""
        raw = self._core.masks()
        if _np is not None:
            return _np.frombuffer(raw, dtype=_np.uint8).reshape(self.num_envs, ACTION_COUNT).astype(bool)
        return [[b == 1 for b in raw[i * ACTION_COUNT : (i + 1) * ACTION_COUNT]] for i in range(self.num_envs)]

    def reset(self, seed: int = 0) -> Tuple[Any, Dict[str, Any]]:
        """Starts every game anew; returns (observations, info with ``action_mask``)."""
        self._core.reset(seed)
        return self._obs(), {"action_mask": self.action_masks()}

    def step(self, actions: Sequence[int]) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """Plays one action per game; returns (observations, rewards, terminated, truncated,
        info with ``action_mask``). An action outside the mask raises ``ValueError``."""
        if _np is not None and isinstance(actions, _np.ndarray):
            actions = actions.tolist()
        rewards, terminated, truncated = self._core.step(list(actions))
        if _np is not None:
            rewards = _np.asarray(rewards, dtype=_np.float32)
            terminated = _np.asarray(terminated, dtype=bool)
            truncated = _np.asarray(truncated, dtype=bool)
        return self._obs(), rewards, terminated, truncated, {"action_mask": self.action_masks()}

    def legal_actions(self, index: int) -> List[Tuple[int, Any]]:
        """Game ``index``'s legal actions as (action index, ``rtg.Action``) pairs."""
        return self._core.legal(index)

    def state(self, index: int) -> Any:
        """Game ``index``'s whole state (``rtg.State``; for display and debugging: it holds
        what the agent does not see)."""
        return self._core.state(index)


_Base = _gym.Env if _gym is not None else object


class Env(_Base):  # type: ignore[misc, valid-type]
    """One game for an agent, Gymnasium's ``Env`` API: ``reset(seed=...)`` returns
    (observation, info) and ``step(action)`` (observation, reward, terminated, truncated, info);
    ``info["action_mask"]`` marks the legal actions. See ``VectorEnv`` for the arguments.
    """

    metadata: Dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        opponent: str = "heuristic",
        seat: Optional[int] = None,
        max_turns: int = 200,
        max_steps: int = 10_000,
        cards: Any = None,
        strict: bool = True,
        rules: str = "ptg-0.2",
    ) -> None:
        self._vec = VectorEnv(
            1,
            deck_a,
            deck_b,
            opponent=opponent,
            seat=seat,
            max_turns=max_turns,
            max_steps=max_steps,
            cards=cards,
            autoreset=False,
            strict=strict,
            rules=rules,
        )
        self._seed = 0
        self._episode = 0
        if _spaces is not None:
            self.observation_space = _spaces.Box(-1e6, 1e6, shape=(OBSERVATION_SIZE,), dtype=_np.float32)
            self.action_space = _spaces.Discrete(ACTION_COUNT)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Any, Dict[str, Any]]:
        """Starts a game: with ``seed``, the first episode of that seed; without, the next
        episode of the last seed."""
        if _gym is not None:
            # Gymnasium's own bookkeeping (its `np_random`); rtg's games use only `seed`.
            super().reset(seed=seed)
        if seed is not None:
            self._seed = seed
            self._episode = 0
            self._vec._core.reset(seed)
        else:
            self._episode += 1
            self._vec._core.reset_one(0, self._episode)
        return self._vec._obs()[0], self._info()

    def _info(self) -> Dict[str, Any]:
        seat, episode, steps = self._vec._core.info(0)
        return {"action_mask": self._vec.action_masks()[0], "seat": seat, "episode": episode, "steps": steps}

    def step(self, action: int) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """Plays ``action`` (an index allowed by the mask), then the opponent until the agent
        acts again or the game ends."""
        _, rewards, terminated, truncated, _ = self._vec.step([int(action)])
        return self._vec._obs()[0], float(rewards[0]), bool(terminated[0]), bool(truncated[0]), self._info()

    def action_masks(self) -> Any:
        """The legal actions now, as a mask over the action space."""
        return self._vec.action_masks()[0]

    def legal_actions(self) -> List[Tuple[int, Any]]:
        """The legal actions now, as (action index, ``rtg.Action``) pairs."""
        return self._vec.legal_actions(0)

    @property
    def game_state(self) -> Any:
        """The whole current state (``rtg.State``; it holds hidden information)."""
        return self._vec.state(0)
