"""Environments for agents: one game (``Env``) or n games stepped in one call (``VectorEnv``).

The agent plays deck A against an opponent playing deck B: a bot of the registry named by its
spec (``"heuristic"``, ``"mcts:iterations=200"``) or a Python callable
``opponent(view, legal) -> action`` (see :data:`Opponent`). An action is an index into a fixed
space of ``ACTION_COUNT`` actions (``info["action_mask"]`` says which are legal now; a pending
choice, such as ``choose_mana``'s, has indices of its own, the last ``CHOICE_SLOTS``); the
observation is a vector of ``OBSERVATION_SIZE`` floats built from the agent's own view (its hand,
the public board, sizes of hidden zones, the options of a choice it must make): no hidden
information. A win is reward 1, a loss -1,
a draw 0, all given at the last step; the turn limit truncates.

An action outside the mask is, by default, not played: the step gives
:data:`ILLEGAL_ACTION_REWARD`, leaves the game as it was and sets ``info["illegal_action"]``
(``on_illegal="raise"`` or ``strict=True`` raises ``ValueError`` instead; ``on_illegal="first"``
or ``strict=False`` plays the first legal action).

With gymnasium installed, ``Env`` is a ``gymnasium.Env`` (``observation_space``,
``action_space``, ``reset(seed=...)``, ``step``, ``render``) registered as ``rtg/Duel-v0``, and
``VectorEnv`` a ``gymnasium.vector.VectorEnv``; without it the same methods work and return
lists instead of numpy arrays when numpy is missing too.
"""

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .. import _rtg
from .._duel import load_decks

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

__all__ = [
    "Env",
    "VectorEnv",
    "ACTION_COUNT",
    "OBSERVATION_SIZE",
    "CHOICE_SLOTS",
    "MAX_ENVS",
    "ILLEGAL_ACTION_REWARD",
    "ENV_ID",
    "Opponent",
]

#: The reward of a step whose action is outside the mask (by default such an action is not
#: played): small beside a game's ±1, so that it never outweighs winning, but not zero, so that
#: a policy sampling the whole space learns to keep to the mask.
ILLEGAL_ACTION_REWARD: float = -0.01
#: Gymnasium's id of :class:`Env` (``gymnasium.make(ENV_ID)`` once ``rtg.env`` is imported).
ENV_ID = "rtg/Duel-v0"
#: An opponent written in Python: called at each of its decisions with a ``rtg.View`` of its own
#: seat (never the hidden state) and its legal actions as (action index, ``rtg.Action``) pairs,
#: indices of the same space as the agent's seen from its seat; it returns one of those indices
#: or one of the view's legal ``rtg.Action``s. Anything else stops the step with ``ValueError``
#: (``TypeError`` for a value that is neither); an exception it raises goes through unchanged.
Opponent = Callable[[Any, List[Tuple[int, Any]]], Union[int, Any]]

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


def _illegal_rule(on_illegal: Optional[str], strict: Optional[bool]) -> str:
    """The illegal-action rule from ``on_illegal`` or the older ``strict`` flag (True raises,
    False plays the first legal action); by default ``"penalize"``."""
    if strict is not None:
        if on_illegal is not None:
            raise TypeError("give on_illegal or strict, not both")
        return "raise" if strict else "first"
    return "penalize" if on_illegal is None else on_illegal


def _autoreset_mode(autoreset: bool) -> Any:
    """Gymnasium's autoreset mode of a vector env (the string where Gymnasium has no enum)."""
    mode = getattr(_gym.vector, "AutoresetMode", None) if _gym is not None else None
    name = "SAME_STEP" if autoreset else "DISABLED"
    return getattr(mode, name) if mode is not None else {"SAME_STEP": "SameStep", "DISABLED": "Disabled"}[name]


_VectorBase = _gym.vector.VectorEnv if _gym is not None else object


class VectorEnv(_VectorBase):  # type: ignore[misc, valid-type]
    """``n`` games stepped together: ``step(actions)`` takes one action index per game.
    ``n`` is from 1 to :data:`MAX_ENVS` (4096); any other count raises ``ValueError``.

    ``VectorEnv(n, deck_a, deck_b, opponent="heuristic", seat=None, max_turns=200, cards=None,
    on_illegal="penalize", illegal_reward=ILLEGAL_ACTION_REWARD, rules="ptg-0.2",
    bundled=True)``; decks and ``cards`` as ``simulate`` takes them (``bundled=False`` leaves
    the bundled cards and decks out). ``opponent``
    is a bot spec or a Python callable (:data:`Opponent`); ``seat`` is the agent's seat (0 goes
    first) or None to alternate; ``rules`` the games' rule set. ``on_illegal`` says what an
    action outside the mask does: ``"penalize"`` (the default: not played, reward
    ``illegal_reward``, ``info["illegal_action"]`` set, the step counts toward ``max_steps``),
    ``"raise"`` (``ValueError``, nothing stepped) or ``"first"`` (the first legal action is
    played); ``strict=True`` is ``"raise"`` and ``strict=False`` ``"first"``.

    With ``autoreset`` (the default) a finished game starts its next episode in the same step,
    Gymnasium's ``SAME_STEP`` mode (``metadata["autoreset_mode"]``): its last reward and flags
    are returned, the observation is the new episode's, and ``info["final_obs"]`` (an object
    array, None for the games that went on) holds the last observation, with
    ``info["_final_obs"]`` marking which games ended. Everything is deterministic given
    ``reset(seed)``.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "autoreset_mode": _autoreset_mode(True)}

    def __init__(
        self,
        n: int,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        opponent: Union[str, Opponent] = "heuristic",
        seat: Optional[int] = None,
        max_turns: int = 200,
        max_steps: int = 10_000,
        cards: Any = None,
        autoreset: bool = True,
        on_illegal: Optional[str] = None,
        illegal_reward: float = ILLEGAL_ACTION_REWARD,
        strict: Optional[bool] = None,
        render_mode: Optional[str] = None,
        rules: str = "ptg-0.2",
        bundled: bool = True,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', found {render_mode!r}")
        a, b = load_decks(deck_a, deck_b, cards, bundled)
        self._core = _rtg.VecEnv(
            n,
            a,
            b,
            opponent=opponent,
            seat=seat,
            max_turns=max_turns,
            max_steps=max_steps,
            autoreset=autoreset,
            on_illegal=_illegal_rule(on_illegal, strict),
            illegal_reward=illegal_reward,
            narrate=render_mode is not None,
            rules=rules,
        )
        self.rules = rules
        self.render_mode = render_mode
        self.num_envs = n
        self.observation_size = OBSERVATION_SIZE
        self.action_count = ACTION_COUNT
        self.metadata = {"render_modes": ["ansi"], "autoreset_mode": _autoreset_mode(autoreset)}
        if _spaces is not None:
            self.single_observation_space = _observation_space()
            self.single_action_space = _spaces.Discrete(ACTION_COUNT)
            self.observation_space = _gym.vector.utils.batch_space(self.single_observation_space, n)
            self.action_space = _spaces.MultiDiscrete([ACTION_COUNT] * n)

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

    def reset(self, seed: Optional[int] = 0, *, options: Optional[Dict[str, Any]] = None) -> Tuple[Any, Dict[str, Any]]:
        """Starts every game anew from ``seed`` (game i's episode e is seeded from (seed, i,
        e)); ``seed=None`` starts each game's next episode of the last seed instead. Returns
        (observations, info with ``action_mask`` of shape (n, ACTION_COUNT)). ``options`` is
        accepted for Gymnasium's API and unused."""
        if _gym is not None and seed is not None:
            super().reset(seed=seed)  # Gymnasium's np_random; rtg's games use only `seed`
        if seed is None:
            for i in range(self.num_envs):
                self._core.reset_one(i, self._core.info(i)[1] + 1)
        else:
            self._core.reset(seed)
        return self._obs(), {"action_mask": self.action_masks(), "illegal_action": self._flags([False] * self.num_envs)}

    def _flags(self, flags: List[bool]) -> Any:
        return _np.asarray(flags, dtype=bool) if _np is not None else flags

    def step(self, actions: Sequence[int]) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """Plays one action per game; returns (observations, rewards, terminated, truncated,
        info). ``info["action_mask"]`` holds the masks now (n, ACTION_COUNT),
        ``info["illegal_action"]`` which actions were outside their mask and not played, and,
        when games ended and started again, ``info["final_obs"]`` and ``info["_final_obs"]``."""
        if _np is not None and isinstance(actions, _np.ndarray):
            actions = actions.tolist()
        rewards, terminated, truncated, illegal, finals = self._core.step(list(actions))
        if _np is not None:
            rewards = _np.asarray(rewards, dtype=_np.float32)
            terminated = _np.asarray(terminated, dtype=bool)
            truncated = _np.asarray(truncated, dtype=bool)
        info: Dict[str, Any] = {"action_mask": self.action_masks(), "illegal_action": self._flags(illegal)}
        if finals:
            if _np is not None:
                final_obs = _np.full(self.num_envs, None, dtype=object)
                ended = _np.zeros(self.num_envs, dtype=bool)
                for i, raw in finals:
                    final_obs[i] = _np.frombuffer(raw, dtype=_np.float32)
                    ended[i] = True
            else:
                final_obs = [None] * self.num_envs
                ended = [False] * self.num_envs
                for i, raw in finals:
                    final_obs[i] = memoryview(raw).cast("f").tolist()
                    ended[i] = True
            info["final_obs"] = final_obs
            info["_final_obs"] = ended
        return self._obs(), rewards, terminated, truncated, info

    def render(self) -> Optional[Tuple[str, ...]]:
        """With ``render_mode="ansi"``, each game as text from the agent's seat (see
        :meth:`Env.render`); else None."""
        if self.render_mode is None:
            return None
        return tuple(self._core.render(i) for i in range(self.num_envs))

    def view(self, index: int) -> Any:
        """What game ``index``'s agent sees now (``rtg.View``)."""
        return self._core.view(index)

    def legal_actions(self, index: int) -> List[Tuple[int, Any]]:
        """Game ``index``'s legal actions as (action index, ``rtg.Action``) pairs."""
        return self._core.legal(index)

    def state(self, index: int) -> Any:
        """Game ``index``'s whole state (``rtg.State``; for display and debugging: it holds
        what the agent does not see)."""
        return self._core.state(index)


def _observation_space() -> Any:
    """The observation's space: every value is a count, a flag or a stat, bounded well inside
    ±1e6."""
    return _spaces.Box(-1e6, 1e6, shape=(OBSERVATION_SIZE,), dtype=_np.float32)


_Base = _gym.Env if _gym is not None else object


class Env(_Base):  # type: ignore[misc, valid-type]
    """One game for an agent, Gymnasium's ``Env`` API: ``reset(seed=...)`` returns
    (observation, info) and ``step(action)`` (observation, reward, terminated, truncated, info);
    ``info["action_mask"]`` marks the legal actions and ``info["illegal_action"]`` says whether
    the action was outside it (and so not played, see ``on_illegal``). ``render_mode="ansi"``
    makes ``render()`` return the game as text. See ``VectorEnv`` for the other arguments.
    """

    # `render_fps` means nothing for text, but Gymnasium's checker asks for one.
    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        opponent: Union[str, Opponent] = "heuristic",
        seat: Optional[int] = None,
        max_turns: int = 200,
        max_steps: int = 10_000,
        cards: Any = None,
        on_illegal: Optional[str] = None,
        illegal_reward: float = ILLEGAL_ACTION_REWARD,
        strict: Optional[bool] = None,
        render_mode: Optional[str] = None,
        rules: str = "ptg-0.2",
        bundled: bool = True,
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
            on_illegal=on_illegal,
            illegal_reward=illegal_reward,
            strict=strict,
            render_mode=render_mode,
            rules=rules,
            bundled=bundled,
        )
        self.render_mode = render_mode
        self._seed = 0
        self._episode = 0
        self._illegal = False
        if _spaces is not None:
            self.observation_space = _observation_space()
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
        self._illegal = False
        return self._vec._obs()[0], self._info()

    def _info(self) -> Dict[str, Any]:
        seat, episode, steps = self._vec._core.info(0)
        return {
            "action_mask": self._vec.action_masks()[0],
            "illegal_action": self._illegal,
            "seat": seat,
            "episode": episode,
            "steps": steps,
        }

    def step(self, action: int) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """Plays ``action`` (an index allowed by the mask), then the opponent until the agent
        acts again or the game ends. An index outside the mask is not played (see
        ``on_illegal``): the reward is ``illegal_reward`` and the observation the same."""
        # The native lists, not VectorEnv's float32 arrays: the reward stays exact (-0.01).
        rewards, terminated, truncated, illegal, _ = self._vec._core.step([int(action)])
        self._illegal = illegal[0]
        return self._vec._obs()[0], rewards[0], terminated[0], truncated[0], self._info()

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``: the game as text from the agent's seat (the opponent's
        hand shows only its size): turn, phase, who acts, both players' health, pool, deck,
        hand and battlefield, the actions since the agent's last decision in the command
        line's words, and the result once it is over. Else None."""
        if self.render_mode is None:
            return None
        return self._vec._core.render(0)

    def view(self) -> Any:
        """What the agent sees now (``rtg.View``)."""
        return self._vec.view(0)

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


def _register() -> None:
    """Registers :class:`Env` with Gymnasium as :data:`ENV_ID` (once; nothing without it)."""
    if _gym is None:
        return
    from gymnasium.envs.registration import register, registry

    if ENV_ID not in registry:
        register(id=ENV_ID, entry_point="rtg.env:Env")


_register()
